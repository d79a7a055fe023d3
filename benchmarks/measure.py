"""What the benchmark scripts share: timing a call, printing its figures, a fresh app, a free port, gunicorn.

The scripts are run from the project's root (``.venv/bin/python benchmarks/<name>.py``), so this
folder is on the import path and they import it as ``measure``.
"""

from __future__ import annotations

import os
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from flask import Flask


def timed(fn: Callable[[], object], repeat: int) -> list[float]:
    """Call *fn* *repeat* times; each call's time in ms."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return times


def percentile(values: list[float], p: float) -> float:
    """The *p*-th percentile of *values* (nearest rank); NaN for none."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[index]


def show(label: str, times: list[float], extra: str = "", width: int = 44, digits: int = 2) -> float:
    """Print the least, median and p95 of *times* (ms) after *label*; return the median."""
    median = statistics.median(times)
    low, p95 = min(times), percentile(times, 95)
    size = digits + 5
    print(
        f"  {label:<{width}} min {low:{size}.{digits}f} ms   median {median:{size}.{digits}f} ms   p95 {p95:{size}.{digits}f} ms{extra}"
    )
    return median


def fresh_app(name: str, *, rate_limits: bool) -> Flask:
    """The app on a new SQLite file in a temporary folder of its own (``scorekeeper-<name>.*``), migrated.

    The settings go through the environment, as on a server; *rate_limits* says whether the limits are on.
    """
    workdir = Path(tempfile.mkdtemp(prefix=f"scorekeeper-{name}."))
    os.environ.update(
        {
            "DATABASE_URL": f"sqlite:///{workdir / f'{name}.sqlite3'}",
            "SECRET_KEY": secrets.token_urlsafe(32),
            "SCOREKEEPER_INSTANCE_PATH": str(workdir / "instance"),
            "SCOREKEEPER_ENV": "development",
            "SCOREKEEPER_RATE_LIMITS": "on" if rate_limits else "off",
        }
    )
    import flask_migrate

    from scorekeeper import create_app

    app = create_app()
    with app.app_context():
        flask_migrate.upgrade()
    return app


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def htmx_environ(path: str) -> dict[str, object]:
    """The WSGI environ of an htmx GET of *path* (query included), sent through the proxy on this machine.

    The app believes the proxy's ``X-Forwarded-For`` (``SCOREKEEPER_BEHIND_PROXY``): a caller sets it to
    give each request a phone's address of its own.
    """
    from werkzeug.test import EnvironBuilder

    base, _, query = path.partition("?")
    return EnvironBuilder(
        path=base, query_string=query, headers={"HX-Request": "true"}, environ_base={"REMOTE_ADDR": "127.0.0.1"}
    ).get_environ()


def start_gunicorn(
    env: dict[str, str], *options: str, app: str = "scorekeeper:create_app()"
) -> tuple[subprocess.Popen, int]:
    """Bring the database *env* names up to date, then start gunicorn with the project's settings (and *options*)
    on a free port of 127.0.0.1, in a session of its own; return it and the port once ``/healthz`` answers."""
    import http.client

    root = Path(__file__).resolve().parent.parent
    port = free_port()
    venv_bin = Path(sys.executable).parent
    upgrade = [str(venv_bin / "flask"), "--app", "scorekeeper", "db", "upgrade"]
    subprocess.run(upgrade, cwd=root, env=env, check=True, capture_output=True)
    quiet = ["--log-level", "warning", "--access-logfile", "/dev/null"]
    gunicorn = [str(venv_bin / "gunicorn"), "-c", "python:scorekeeper.commands.gunicorn_conf", *options, *quiet]
    server = subprocess.Popen(
        [*gunicorn, "--bind", f"127.0.0.1:{port}", app], cwd=root, env=env, start_new_session=True
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            connection.request("GET", "/healthz")
            if connection.getresponse().status == 200:
                return server, port
        except OSError:
            time.sleep(0.2)
    stop(server)
    raise SystemExit("gunicorn did not start")


def stop(server: subprocess.Popen, workdir: Path | str | None = None) -> None:
    """Stop gunicorn (started in a session of its own) and its workers; remove *workdir*."""
    os.killpg(server.pid, signal.SIGTERM)
    try:
        server.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
    if workdir is not None:
        shutil.rmtree(workdir, ignore_errors=True)
