"""Weigh the score sheet of a 60-hand game on the wire, as a phone receives it from gunicorn.

Run: .venv/bin/python benchmarks/page_weight.py [--accept-encoding gzip] [--lang fr]

With no option it weighs the three ways a phone asks (Brotli; gzip, as over the hall's plain HTTP;
gzip in French), each a phone of its own on one server, and writes the figures to
docs/figures/page-weight.json (or into the folder --figures-to names), which the manual shows.

Starts gunicorn as the Procfile does (``gunicorn -c python:scorekeeper.commands.gunicorn_conf``) on a
throwaway database holding one 60-hand game, and asks for the sheet as a phone's browser does,
with ``Accept-Encoding: br, gzip`` (browsers ask for Brotli over HTTPS; over the plain HTTP of a
hall's Wi-Fi they ask for gzip only: ``--accept-encoding gzip``). Each answer is read from the socket as sent: status line,
headers and body, every byte counted.

- First load: the sheet, then every stylesheet, script and icon it names.
- Repeat visit: what a browser that kept those files asks for again: the page itself, with the
  ETag it was sent (an unchanged sheet is answered 304); static files under hashed names are kept
  a year, so none is asked for again.
- After the page has loaded (not in the budget): the no-signal script, the service worker with
  Workbox, what it keeps for no signal, and the pages it keeps from the start.

Budget: first load at most 30 KiB (30,720 bytes) with Brotli, as a server on the internet sends it to a phone
on a weak signal; 34 KiB with gzip alone, as the hall server sends it over the hall's own Wi-Fi. Aims: first load
20 KiB, repeat visit 3 KiB.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import figures
from measure import free_port

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorekeeper import create_app  # noqa: E402
from scorekeeper.rules import HandEntry, Side  # noqa: E402
from scorekeeper.store import games as services  # noqa: E402

BUDGET_BYTES = 30 * 1024  # with Brotli: the phone network, where a byte costs time
GZIP_BUDGET_BYTES = 34 * 1024  # gzip alone: the hall's plain HTTP, on its own Wi-Fi


def budget(accept_encoding: str) -> int:
    """The first load's budget for a phone that accepts *accept_encoding*."""
    return BUDGET_BYTES if "br" in accept_encoding else GZIP_BUDGET_BYTES


AIM_FIRST = 20 * 1024
AIM_REPEAT = 3 * 1024
HANDS = 60


def _arguments():
    import argparse

    parser = argparse.ArgumentParser(description="Weigh the 60-hand sheet on the wire.")
    parser.add_argument("--accept-encoding", default=None, help="what the phone accepts (default: br, gzip)")
    parser.add_argument("--lang", default=None, help="the phone's language, sent as Accept-Language (en, fr)")
    parser.add_argument("--figures-to", default=None, help="the folder for page-weight.json (default: docs/figures)")
    return parser.parse_args()


# The ways a phone asks, each with its key in docs/figures/page-weight.json: (Accept-Encoding, Accept-Language).
VARIANTS = {"brotli": ("br, gzip", "en"), "gzip": ("gzip", "en"), "gzip_fr": ("gzip", "fr")}
ARGS = _arguments() if __name__ == "__main__" else None


def build_game(environ: dict[str, str]) -> str:
    """Store a 60-hand game in which nobody reaches the target; return its sheet's path."""
    import flask_migrate

    app = create_app()
    with app.app_context():
        flask_migrate.upgrade()
        game = services.create_game(
            "new-england", [Side("Ann & Cathy", ("Ann", "Cathy")), Side("Bob & Dan", ("Bob", "Dan"))]
        )
        for i in range(HANDS):
            # Each side in turn bids 30 and is set: long games with big numbers and circled rows.
            if i % 2:
                entry = HandEntry(bidder=1, bid=30, tricks=(2, 3), high=1)
            else:
                entry = HandEntry(bidder=0, bid=30, tricks=(3, 2), high=0)
            services.record_hand(game, entry)
        return f"/games/{game.id}/{game.edit_token}"


class Wire:
    """Plain HTTP/1.1 to the server, one connection a request, counting every byte received."""

    def __init__(self, port: int, accept_encoding: str, accept_language: str) -> None:
        self.port = port
        self.accept_encoding = accept_encoding
        self.accept_language = accept_language
        self.cookie = ""
        self.etags: dict[str, str] = {}

    def get(self, path: str) -> tuple[int, dict[str, str], bytes]:
        """Return (bytes received, headers, body as sent) for GET *path*."""
        lines = [
            f"GET {path} HTTP/1.1",
            f"Host: 127.0.0.1:{self.port}",
            f"Accept-Encoding: {self.accept_encoding}",
            f"Accept-Language: {self.accept_language}",
            "Connection: close",
        ]
        if self.cookie:
            lines.append(f"Cookie: {self.cookie}")
        if path in self.etags:  # a page the browser kept (no-cache): it asks whether it changed
            lines.append(f"If-None-Match: {self.etags[path]}")
        with socket.create_connection(("127.0.0.1", self.port), timeout=30) as sock:
            sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
            chunks = []
            while chunk := sock.recv(65536):
                chunks.append(chunk)
        raw = b"".join(chunks)
        head, _, body = raw.partition(b"\r\n\r\n")
        status_line, *header_lines = head.decode("latin-1").split("\r\n")
        assert status_line.split()[1] in ("200", "304"), (path, status_line)
        headers: dict[str, str] = {}
        for line in header_lines:
            name, _, value = line.partition(":")
            if name.lower() == "set-cookie":
                self.cookie = value.strip().split(";", 1)[0]
            headers[name.lower()] = value.strip()
        if "etag" in headers and "no-cache" in headers.get("cache-control", ""):
            self.etags[path] = headers["etag"]
        headers["status"] = status_line.split()[1]
        return len(raw), headers, body


def decoded(headers: dict[str, str], body: bytes) -> str:
    coding = headers.get("content-encoding")
    if coding == "br":
        import brotli

        body = brotli.decompress(body)
    elif coding == "gzip":
        import gzip

        body = gzip.decompress(body)
    return body.decode()


def named_files(page: str) -> list[str]:
    """Return the same-site stylesheets, scripts and icon the page names, as a browser fetches them."""
    found = re.findall(r'<link rel="stylesheet" href="([^"]+)"', page)
    found += re.findall(r'<script src="([^"]+)"', page)
    found += re.findall(r'<link rel="icon" href="([^"]+)"', page)
    # An address written into the page (the icon, as data:) is no request.
    return [url for url in dict.fromkeys(found) if not url.startswith("data:")]


def start_server(environ: dict[str, str], port: int) -> subprocess.Popen:
    """Start gunicorn as the Procfile does; return once it listens."""
    gunicorn = str(Path(sys.executable).parent / "gunicorn")
    server = subprocess.Popen(
        [
            gunicorn,
            "-c",
            "python:scorekeeper.commands.gunicorn_conf",
            "--access-logfile",
            "/dev/null",
            "scorekeeper:create_app()",
        ],
        env=environ,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert server.stderr is not None
    for line in server.stderr:
        if "Listening at:" in line:
            return server
    raise SystemExit("gunicorn did not start")


def main() -> int:
    if ARGS is not None and (ARGS.accept_encoding or ARGS.lang):
        asked = {"asked": (ARGS.accept_encoding or "br, gzip", ARGS.lang or "en")}
    else:
        asked = VARIANTS
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        environ = {key: value for key, value in os.environ.items() if not key.startswith("SCOREKEEPER_")}
        environ.pop("DATABASE_URL", None)
        environ.update(
            SCOREKEEPER_INSTANCE_PATH=folder,
            SECRET_KEY="page-weight-benchmark-key-not-for-serving-0123456789",
            HOST="127.0.0.1",
            PORT=str(port),
            WEB_CONCURRENCY="1",
            GUNICORN_THREADS="4",
        )
        os.environ.update({k: environ[k] for k in ("SCOREKEEPER_INSTANCE_PATH", "SECRET_KEY")})
        path = build_game(environ)
        server = start_server(environ, port)
        try:
            # Each way of asking is a phone of its own: its own cookie, nothing kept from another.
            measured = {key: weigh(Wire(port, *how), path) for key, how in asked.items()}
        finally:
            server.terminate()
            try:
                server.wait(timeout=60)
            except subprocess.TimeoutExpired:  # a machine so busy that its workers do not stop in time
                server.kill()
                server.wait()
    if asked is VARIANTS:
        figures.write(
            "page-weight",
            {
                "what": "the sheet of a 60-hand game, every byte gunicorn sends (status line, headers, body)",
                "budget_bytes": BUDGET_BYTES,
                "gzip_budget_bytes": GZIP_BUDGET_BYTES,
                "aim_first_load_bytes": AIM_FIRST,
                "aim_repeat_visit_bytes": AIM_REPEAT,
                "aim_first_load_met": measured["brotli"]["first_load"]["bytes"] <= AIM_FIRST,
                **measured,
            },
            folder=Path(ARGS.figures_to) if ARGS is not None and ARGS.figures_to else figures.FOLDER,
        )
    within = all(measured[key]["first_load"]["bytes"] <= budget(asked[key][0]) for key in measured)
    return 0 if within else 1


def part_name(url: str) -> str:
    """What a file of the first load is, as its figure is named: stylesheet, htmx, app_script."""
    name = url.rsplit("/", 1)[-1]
    if name.endswith(".css"):
        return "stylesheet"
    if name.startswith("htmx"):
        return "htmx"
    if name.startswith("app."):
        return "app_script"
    return re.sub(r"\W", "_", name)


def weigh(wire: Wire, path: str) -> dict[str, Any]:
    """Weigh the sheet at *path* as the phone on *wire* gets it; print the figures and return them."""
    encoding, language = wire.accept_encoding, wire.accept_language
    size, headers, body = wire.get(path)
    page = decoded(headers, body)
    first = [("sheet page (60 hands)", size, headers)]
    for url in named_files(page):
        first.append((url, *wire.get(url)[:2]))
    repeat = [("sheet page (60 hands)", *wire.get(path)[:2])]
    later = after_load(wire, page, {url for url, _size, _headers in first})

    print(
        f"Received from gunicorn, Accept-Encoding: {encoding}, Accept-Language: {language} "
        "(status line, headers and body)"
    )
    print(f"{'what':<52} {'bytes':>8}  status coding  cache")
    total_first = report("first load", first)
    total_repeat = report("repeat visit (static files kept)", repeat)
    print("after the page has loaded (not in the budget): the service worker, then what it keeps for no signal")
    for name, size in later:
        print(f"  {name:<50} {size:>8,}")
    limit = budget(encoding)
    verdict = "within" if total_first <= limit else "OVER"
    print(
        f"first load {total_first / 1024:.1f} KiB on the wire (aim {AIM_FIRST / 1024:.0f} KiB); "
        f"budget {limit / 1024:.0f} KiB: {verdict}"
    )
    print(f"repeat visit {total_repeat / 1024:.1f} KiB on the wire (aim {AIM_REPEAT / 1024:.0f} KiB)")
    print()
    return {
        "accept_encoding": encoding,
        "accept_language": language,
        "first_load": {
            "bytes": total_first,
            "parts": {"page": first[0][1], **{part_name(url): size for url, size, _headers in first[1:]}},
        },
        "repeat_visit": {"bytes": total_repeat},
        "after_load": {key: size for key, (_name, size) in zip(AFTER_LOAD_KEYS, later, strict=True)},
    }


# What comes after the page, as after_load lists it.
AFTER_LOAD_KEYS = ("offline_script", "service_worker_and_workbox", "app_shell", "kept_pages")


def report(title: str, rows: list[tuple[str, int, dict[str, str]]]) -> int:
    print(title)
    for name, size, headers in rows:
        coding = headers.get("content-encoding", "-")
        cache = headers.get("cache-control", "-")
        print(f"  {name:<50} {size:>8,}  {headers['status']:<6} {coding:<6}  {cache}")
    total = sum(size for _name, size, _headers in rows)
    print(f"  {'total':<50} {total:>8,}")
    return total


def after_load(wire: Wire, page: str, loaded: set[str]) -> list[tuple[str, int]]:
    """Weigh what app.js starts once the page has loaded: offline-page.js, the worker with Workbox, its first fill."""
    more = re.search(r'data-more="([^"]+)"', page)
    assert more is not None
    worker_size, headers, body = wire.get("/sw.js")
    worker = decoded(headers, body)
    imported = re.findall(r'"(/static/vendor/[^"]+)"', worker.split("importScripts(", 1)[1].split(")", 1)[0])
    shell = [url for url in re.findall(r'"url": "([^"]+)"', worker) if url not in loaded | {more.group(1)}]
    warm = re.search(r"const WARM = (\[[^\]]*\]);", worker)
    assert warm is not None
    pages = re.findall(r'"([^"]+)"', warm.group(1))
    return [
        (more.group(1), wire.get(more.group(1))[0]),
        (
            f"service worker and Workbox (sw.js + {len(imported)} files)",
            worker_size + sum(wire.get(u)[0] for u in imported),
        ),
        (f"app shell not yet on the phone ({len(shell)} files)", sum(wire.get(u)[0] for u in shell)),
        ("home, rule book and referee pages", sum(wire.get(u)[0] for u in pages)),
    ]


if __name__ == "__main__":
    raise SystemExit(main())
