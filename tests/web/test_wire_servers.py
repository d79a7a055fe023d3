"""The servers as deployed send what the page-weight budget measures: gunicorn from the Procfile, and the hall server.

Each test starts the real server in a process of its own and reads its log until gunicorn says it
is listening; the requests then wait on the server's answer.
"""

from __future__ import annotations

import gzip
import http.client
import json
import os
import re
import selectors
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import brotli

from tests._support.app import SIDES
from tests._support.server import environ_without_the_app

ROOT = Path(__file__).resolve().parent.parent.parent
STRONG_KEY = "kq3V9xZ2mB7pR4tY8wE1uI6oP0aS5dF3gH9jK2lQ7zX4cV8bN1mM6"
IMMUTABLE = "public, max-age=31536000, immutable"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for(process: subprocess.Popen, needle: str, timeout_s: float = 90) -> str:
    """Return what the process printed up to the line holding *needle*."""
    assert process.stdout is not None
    seen = []
    deadline = time.monotonic() + timeout_s
    with selectors.DefaultSelector() as selector:
        selector.register(process.stdout, selectors.EVENT_READ)
        while time.monotonic() < deadline:
            if not selector.select(timeout=deadline - time.monotonic()):
                break
            line = process.stdout.readline()
            if not line:
                break
            seen.append(line)
            if needle in line:
                return "".join(seen)
    raise AssertionError(f"the server never said {needle!r}:\n" + "".join(seen))


def request(port: int, method: str, path: str, body: bytes | None = None, **headers: str):
    """Return (status, headers, body as sent) of one request; nothing is decoded."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        names = {key.replace("_", "-"): value for key, value in headers.items()}
        connection.request(method, path, body=body, headers=names)
        answer = connection.getresponse()
        return answer.status, answer.headers, answer.read()
    finally:
        connection.close()


def decoded(headers, body: bytes) -> bytes:
    coding = headers.get("Content-Encoding")
    return brotli.decompress(body) if coding == "br" else gzip.decompress(body) if coding == "gzip" else body


def check_the_wire(port: int) -> None:
    """Every kind of answer comes compressed when asked, and static files under hashed names are kept a year."""
    status, headers, body = request(
        port, "POST", "/api/v1/games", json.dumps({"sides": SIDES}).encode(), Content_Type="application/json"
    )
    assert status == 201, body
    game = json.loads(body)
    poll = f"/games/{game['id']}/poll/{game['edit_token']}"
    urls = {
        "home": ("/", {}),
        "sheet": (game["links"]["edit"], {}),
        "fragment": (poll, {"HX_Request": "true"}),
        "API": (f"/api/v1/games/{game['id']}", {}),
    }
    pages = {}
    for what, (url, extra) in urls.items():
        for asked, coding in [("br, gzip", "br"), ("gzip", "gzip")]:
            status, headers, body = request(port, "GET", url, Accept_Encoding=asked, **extra)
            assert status == 200, (what, status)
            assert headers["Content-Encoding"] == coding, (what, asked, headers)
            assert "Accept-Encoding" in headers["Vary"], what
            pages[what] = decoded(headers, body).decode()
        plain = request(port, "GET", url, **extra)
        assert "Content-Encoding" not in plain[1], what
    assert "Them" in pages["sheet"] and "Them" in pages["fragment"]
    assert json.loads(pages["API"])["id"] == game["id"]
    named = re.findall(r'(?:href|src)="(/static/[^"]+)"', pages["sheet"])
    assert any(url.endswith(".css") for url in named) and any(url.endswith(".js") for url in named)
    for url in named:
        assert re.search(r"\.[0-9a-f]{12}\.\w+$", url), url
        status, headers, body = request(port, "GET", url, Accept_Encoding="br, gzip")
        assert status == 200 and headers["Cache-Control"] == IMMUTABLE, (url, headers)
        if url.endswith((".css", ".js")):
            assert headers["Content-Encoding"] == "br", url
            assert len(body) < len(decoded(headers, body)), url


def server_environ(tmp_path: Path, **extra: str) -> dict[str, str]:
    return environ_without_the_app(
        SCOREKEEPER_INSTANCE_PATH=str(tmp_path), PYTHONUNBUFFERED="1", PATH=_path_with_this_python(), **extra
    )


def _path_with_this_python() -> str:
    """PATH with the folder of the running Python (and its flask, gunicorn) first."""
    return str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", "")


def stop(process: subprocess.Popen) -> None:
    """Stop the server and everything it started (the Procfile's shell starts gunicorn as a child of its own)."""
    os.killpg(process.pid, signal.SIGTERM)
    process.wait(timeout=30)
    if process.stdout:
        process.stdout.close()


def serve_and_check_the_wire(command: list[str], env: dict[str, str], port: int) -> None:
    """Start the server *command* in the project's folder, check what it sends on *port*, and stop it."""
    server = subprocess.Popen(
        command, env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True
    )
    try:
        wait_for(server, "Listening at:")
        check_the_wire(port)
    finally:
        stop(server)


def test_the_procfile_server_compresses_and_caches(tmp_path):
    port = free_port()
    # Three workers starting at once share the one build made before them.
    env = server_environ(tmp_path, SECRET_KEY=STRONG_KEY, HOST="127.0.0.1", PORT=str(port), WEB_CONCURRENCY="3")
    procfile = (ROOT / "Procfile").read_text().strip().removeprefix("web: ")
    serve_and_check_the_wire(["sh", "-c", procfile], env, port)
    builds = list((tmp_path / "static-build").iterdir())
    assert len(builds) == 1 and (builds[0] / "manifest.json").is_file(), builds


def test_the_hall_server_compresses_and_caches(tmp_path):
    port = free_port()
    env = server_environ(tmp_path)
    args = [sys.executable, "-m", "flask", "--app", "scorekeeper", "hall", "--host", "127.0.0.1", "--port", str(port)]
    serve_and_check_the_wire(args + ["--private-network", "--address", "127.0.0.1"], env, port)


def test_the_sheet_keeps_within_its_page_weight_budget_on_the_wire(tmp_path):
    """The budget (30 KiB with Brotli, 34 KiB with gzip alone on the hall's Wi-Fi), as benchmarks/page_weight.py measures it through gunicorn, each way a phone asks.

    One run weighs the three (Brotli; gzip, as over the hall's plain HTTP; gzip in French), each a phone
    of its own on one server; it exits 1 when a first load is over the budget.
    """
    env = environ_without_the_app(PATH=_path_with_this_python())
    run = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "page_weight.py"), "--figures-to", str(tmp_path)],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert len(re.findall(r"first load ([\d.]+) KiB on the wire .*budget (30|34) KiB: within", run.stdout)) == 3, (
        run.stdout
    )
    weighed = json.loads((tmp_path / "page-weight.json").read_text())
    for how in ("brotli", "gzip", "gzip_fr"):
        assert weighed[how]["first_load"]["bytes"] <= (30 if how == "brotli" else 34) * 1024, how
        # Everything but the page itself came from the phone's cache, and the unchanged page was a 304.
        assert weighed[how]["repeat_visit"]["bytes"] < 1024, how
    assert weighed["gzip_fr"]["accept_language"] == "fr" and weighed["gzip"]["accept_encoding"] == "gzip"
