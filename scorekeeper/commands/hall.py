"""``flask --app scorekeeper hall``: the app served from a laptop to the phones on a hall's own Wi-Fi.

Where there is no internet at all, the card party's director runs this on a laptop joined to the
hall's Wi-Fi (or its own hotspot). It brings the database up to date, prints the address the
phones open and a QR code of it, and serves the app with gunicorn on every network address of the
laptop, on a fixed port so the QR code printed for the tables stays right from week to week.
"""

from __future__ import annotations

import os
import socket
import sys
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

import click
from flask import current_app

from scorekeeper.platform import config

if TYPE_CHECKING:
    from gunicorn._types import _WSGIAppType

PORT = 8045
# The app, as gunicorn is told in the Procfile.
APP = "scorekeeper:create_app()"
# Two workers on a laptop, 32 threads a worker so thirty phones on a slow Wi-Fi, each holding a thread
# until its request is in, never starve the rest (no proxy buffers them here); gunicorn's other settings
# (gthread, short timeouts, masked tokens in the log) are the server's own.
WORKERS = 2
THREADS = 32

REFUSAL = (
    "The hall server needs a secret of its own. Leave SECRET_KEY unset and the hall makes one on its first\n"
    "run and keeps it in the instance folder, or set it to a long random value, e.g.\n"
    "  SECRET_KEY=\"$(python3 -c 'import secrets; print(secrets.token_urlsafe(48))')\" .venv/bin/flask --app scorekeeper hall\n"
    "or, on a Wi-Fi that only the hall's players use, say so with --private-network."
)


def lan_address() -> str:
    """Return this machine's address on the local network (no packet is sent), or 127.0.0.1."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            # Connecting a UDP socket only picks the outgoing interface; nothing goes on the wire.
            probe.connect(("10.255.255.255", 1))
            return cast(str, probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def secret_problem(environ: Mapping[str, str] | None = None) -> str | None:
    """Say what is wrong with SECRET_KEY for a server others join, or None when it will do."""
    environ = os.environ if environ is None else environ
    try:
        # The same rule as a production server: long enough, random-looking, not a placeholder.
        config.check_secret_key(environ.get("SECRET_KEY") or None, production=True)
    except config.ConfigError as err:
        return str(err)
    return None


def qr_text(address: str) -> str:
    """Return a QR code of *address* drawn with characters, for a terminal."""
    import io

    import segno

    out = io.StringIO()
    out.write(qr_blocks(segno.make(address, error="m").matrix))
    return out.getvalue()


QUIET_ZONE = 4  # modules of light all round, as the QR standard asks
DARK_ON_LIGHT = {(0, 0): "\x1b[97;107m", (0, 1): "\x1b[97;40m", (1, 0): "\x1b[30;107m", (1, 1): "\x1b[30;40m"}


def qr_blocks(matrix: Sequence[Sequence[int]]) -> str:
    """Draw a QR matrix with half blocks in explicit black and white, so it scans on light and dark terminals.

    Each character is one module wide and two high ("▀": its top module in the foreground colour,
    its bottom one in the background colour); a quiet zone of four light modules surrounds the code.
    """
    size = len(matrix) + 2 * QUIET_ZONE
    rows = [[0] * size for _ in range(QUIET_ZONE)]
    rows += [[0] * QUIET_ZONE + [1 if module else 0 for module in row] + [0] * QUIET_ZONE for row in matrix]
    rows += [[0] * size for _ in range(QUIET_ZONE + 1)]  # the last pair of rows needs a bottom half
    lines = []
    for top, bottom in zip(rows[0:size:2], rows[1 : size + 1 : 2], strict=True):
        lines.append("".join(DARK_ON_LIGHT[(t, b)] + "▀" for t, b in zip(top, bottom, strict=True)) + "\x1b[0m")
    return "\n".join(lines) + "\n"


def qr_picture(address: str, folder: str) -> str:
    """Save a PNG of the QR code of *address* in *folder*, to print or show; return its path."""
    import os

    import segno

    path = os.path.join(folder, "hall-qr.png")
    segno.make(address, error="m").save(path, scale=10, border=QUIET_ZONE, dark="black", light="white")
    return path


def gunicorn_options(host: str, port: int, environ: Mapping[str, str] | None = None) -> dict[str, Any]:
    """Return the server's gunicorn settings, bound to *host*:*port* with the hall's workers."""
    from scorekeeper.commands.gunicorn_conf import settings  # gunicorn is loaded only to serve

    environ = os.environ if environ is None else environ
    options = settings({**environ, "HOST": host, "PORT": str(port)})
    options["bind"] = [f"{host}:{port}"]
    if not environ.get("WEB_CONCURRENCY", "").strip():
        options["workers"] = WORKERS
    if not environ.get("GUNICORN_THREADS", "").strip():
        options["threads"] = THREADS
    return options


def serve(options: Mapping[str, Any]) -> None:
    """Run gunicorn with *options* until stopped (Ctrl+C)."""
    from gunicorn.app.base import BaseApplication

    class HallServer(BaseApplication):
        def load_config(self) -> None:
            for name, value in options.items():
                self.cfg.set(name, value)

        def load(self) -> _WSGIAppType:
            from gunicorn.util import import_app

            # By its import string, as the Procfile's gunicorn loads it: the app is built in the worker.
            return import_app(APP)

    HallServer().run()


@click.command("hall")
@click.option("--port", default=PORT, show_default=True, type=click.IntRange(1, 65535), help="Port to serve on.")
@click.option("--host", default="0.0.0.0", show_default=True, help="Address to listen on (every network: 0.0.0.0).")
@click.option("--address", default=None, help="Address the phones use, if not this laptop's own on the Wi-Fi.")
@click.option(
    "--private-network",
    is_flag=True,
    help="The Wi-Fi is the hall's own and only players use it: allow the development secret.",
)
def hall_command(port: int, host: str, address: str | None, private_network: bool) -> None:
    """Serve the score sheet to the phones on the hall's Wi-Fi, with no internet needed."""
    kept = key = None
    if os.environ.get("SECRET_KEY"):
        problem = secret_problem()
    else:
        # No key given: the one kept in the instance folder, made on the first run, as `flask run` does.
        kept = os.path.join(current_app.instance_path, config.SECRET_KEY_FILE)
        key = config.local_secret_key(current_app.instance_path)
        problem = secret_problem({"SECRET_KEY": key})
    if problem and not private_network:
        where = f" (the key kept in {kept})" if kept else ""
        click.echo(f"Not started{where}. {problem}\n{REFUSAL}", err=True)
        sys.exit(1)

    import flask_migrate

    with current_app.app_context():
        flask_migrate.upgrade()

    shown = address or (lan_address() if host in ("0.0.0.0", "") else host)
    url = f"http://{shown}:{port}/"
    click.echo("Forty-Fives hall server")
    if problem:
        click.echo("Running with the development secret: keep this Wi-Fi to the hall's players.")
    elif kept:
        click.echo(f"Forms are signed with the key kept in {kept} (made on the first run).")
    click.echo(f"Phones on the hall's Wi-Fi open: {url}")
    click.echo("or scan this code with the phone's camera:")
    click.echo(qr_text(url), color=True)  # its colours are what makes it scan, even when piped
    try:
        click.echo(f"The same code as a picture, to print for the tables: {qr_picture(url, current_app.instance_path)}")
    except OSError:
        pass  # a read-only folder: the code above is enough
    click.echo("Stop with Ctrl+C.", nl=True)
    sys.stdout.flush()
    if key:
        # gunicorn's workers build the app again from the environment: they sign with this key too.
        os.environ["SECRET_KEY"] = key
    serve(gunicorn_options(host, port))
