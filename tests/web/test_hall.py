"""``flask --app scorekeeper hall``: the app served from a laptop to the phones on a hall's Wi-Fi."""

from __future__ import annotations

import os
import socket
import sys
import urllib.request
from pathlib import Path

import pytest

from scorekeeper.commands import hall
from tests._support.app import read_csrf_token
from tests._support.server import Server

# The command as the README and the manual give it, run from the virtual environment these tests run in.
COMMAND = ".venv/bin/flask --app scorekeeper hall"
STRONG_SECRET = "hQ7vN2kLp9Xw4Rt8Zc3Mb6Yd1Fg5Js0Ua-hall-key"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.mark.parametrize("secret", ["dev", "changeme", "short-key"])
def test_hall_refuses_the_development_secret_unless_told_the_network_is_private(app, secret):
    result = app.test_cli_runner().invoke(args=["hall", "--host", "127.0.0.1"], env={"SECRET_KEY": secret})
    assert result.exit_code == 1
    assert "Not started." in result.output
    assert "SECRET_KEY" in result.output and "--private-network" in result.output
    assert "Phones on the hall's Wi-Fi open" not in result.output


def test_hall_server_takes_thirty_slow_phones_at_once():
    options = hall.gunicorn_options("0.0.0.0", hall.PORT, environ={})
    assert options["bind"] == ["0.0.0.0:8045"]
    # The server's own settings: tokens masked in the log, bounded request lines.
    assert options["logger_class"] == "scorekeeper.commands.gunicorn_conf.MaskingLogger"
    assert options["limit_request_line"] == 4094
    assert options["worker_class"] == "gthread"
    # A slow phone holds a thread until its request is in; either worker may be handed all thirty.
    assert options["threads"] > 30 and options["workers"] >= 2
    assert 0 < options["timeout"] <= 60 and options["keepalive"] > 0


def fetch(url: str) -> tuple[int, str]:
    with urllib.request.urlopen(url, timeout=30) as response:
        return response.status, response.read().decode()


@pytest.mark.parametrize("secret", ["given", "kept", "private"])
def test_hall_prints_the_address_and_its_qr_code_and_serves_the_app(tmp_path, secret):
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("SECRET_KEY", "DATABASE_URL", "SCOREKEEPER_ENV")}
    env.update(SCOREKEEPER_INSTANCE_PATH=str(tmp_path), PYTHONUNBUFFERED="1")
    program, *rest = COMMAND.split()
    args = [str(Path(sys.executable).parent / Path(program).name), *rest, "--host", "127.0.0.1", "--port", str(port)]
    if secret == "private":
        env["SECRET_KEY"] = "dev"
        args.append("--private-network")
    elif secret == "given":
        env["SECRET_KEY"] = STRONG_SECRET
    server = Server(args + ["--address", "127.0.0.1"], env=env)
    try:
        output = server.wait_for("Stop with Ctrl+C.")
        server.wait_until_listening()
        url = f"http://127.0.0.1:{port}/"
        assert f"Phones on the hall's Wi-Fi open: {url}" in output
        # The code printed is the code of that address, drawn for a terminal.
        assert hall.qr_text(url) in output
        assert ("development secret" in output) == (secret == "private")
        # With no key given, the one made and kept in the instance folder, and the output says where.
        assert (f"signed with the key kept in {tmp_path / 'secret_key'}" in output) == (secret == "kept")
        assert (tmp_path / "secret_key").exists() == (secret == "kept")
        assert fetch(url + "healthz") == (200, "ok")
        status, page = fetch(url + "rules")
        assert status == 200 and "<h1" in page
        if secret == "kept":
            # A form the workers sign with the kept key is taken: a game is started.
            assert start_a_game(url) == 303
        if secret == "given":
            # Thirty phones on a slow Wi-Fi, each with a request only half sent: the rest are still answered.
            slow = [socket.create_connection(("127.0.0.1", port), timeout=10) for _ in range(30)]
            try:
                for phone in slow:
                    phone.sendall(b"GET /rules HTTP/1.1\r\nHost: hall\r\n")
                # Their half requests are in before the checks below connect, and the server takes
                # connections in the order they came.
                for _ in range(6):
                    with urllib.request.urlopen(url + "healthz", timeout=10) as response:
                        assert response.read() == b"ok"
            finally:
                for phone in slow:
                    phone.close()
    finally:
        server.stop()


def start_a_game(url: str) -> int:
    """Start a game through the new-game form as a browser would; return the answer's status."""
    import http.cookiejar
    import urllib.parse

    class Keep(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):  # the redirect is the answer looked at
            return None

    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()), Keep)
    with opener.open(url + "games/new", timeout=30) as response:
        page = response.read().decode()
    form = {"csrf_token": read_csrf_token(page), "preset": "new-england", "mode": "partners", "side_count": "2"}
    form.update({"first_dealer": "0", "players-0": "Ann", "players-1": "Bob", "players-2": "Cal", "players-3": "Dee"})
    request = urllib.request.Request(url + "games/new", data=urllib.parse.urlencode(form).encode(), method="POST")
    try:
        with opener.open(request, timeout=30) as response:
            return response.status
    except urllib.error.HTTPError as answer:
        return answer.code


def test_the_hall_keeps_one_key_from_run_to_run(app, tmp_path, monkeypatch):
    """Without SECRET_KEY the hall makes a key in the instance folder once, and every later start uses it."""
    served = []
    monkeypatch.setattr(hall, "serve", lambda options: served.append(os.environ["SECRET_KEY"]))
    monkeypatch.delenv("SECRET_KEY", raising=False)
    runner = app.test_cli_runner()
    for _ in range(2):
        with app.app_context():  # as the flask command gives it
            result = runner.invoke(args=["hall", "--host", "127.0.0.1", "--address", "127.0.0.1"])
        assert result.exit_code == 0, result.output
        monkeypatch.delenv("SECRET_KEY", raising=False)
    kept = Path(app.instance_path) / "secret_key"
    assert served == [kept.read_text().strip()] * 2
    assert len(served[0]) >= 32 and (kept.stat().st_mode & 0o777) == 0o600


def test_lan_address_is_an_address():
    socket.inet_aton(hall.lan_address())


def test_the_terminal_code_is_drawn_in_explicit_black_and_white_with_its_quiet_zone(tmp_path):
    """Read back from the characters, it is the address's QR code inside four light modules, whatever the terminal's colours."""
    import re

    import segno

    url = "http://192.168.1.20:5000/"
    drawn = hall.qr_text(url)
    colours = {"97": 0, "107": 0, "30": 1, "40": 1}
    modules: list[list[int]] = []
    for line in drawn.splitlines():
        assert line.endswith("\x1b[0m")
        cells = re.findall(r"\x1b\[(\d+);(\d+)m▀", line)
        assert "".join(f"\x1b[{fg};{bg}m▀" for fg, bg in cells) + "\x1b[0m" == line  # every cell sets both colours
        modules.append([colours[fg] for fg, _ in cells])
        modules.append([colours[bg] for _, bg in cells])
    matrix = segno.make(url, error="m").matrix
    size = len(matrix)
    assert len(modules[0]) == size + 8
    for y, row in enumerate(modules[: size + 8]):
        inside = 4 <= y < size + 4
        expected = [0] * 4 + [1 if m else 0 for m in matrix[y - 4]] + [0] * 4 if inside else [0] * (size + 8)
        assert row == expected, f"row {y}"
    picture = hall.qr_picture(url, str(tmp_path))
    assert picture.endswith("hall-qr.png") and (tmp_path / "hall-qr.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
