"""gunicorn settings, in one place for the Procfile and for any other way of serving the app.

Use: ``gunicorn -c python:scorekeeper.commands.gunicorn_conf "scorekeeper:create_app()"``.
Other servers import ``settings()`` and change what they need.

- ``gthread`` workers: a connection that sends nothing yet waits in the worker's
  poller, not in a thread.
- Two workers of 4 threads by default, for the 2-core machine the load figures in
  the README were measured on: the app is CPU-bound Python, so more processes than
  cores only take turns, and more threads only pass the interpreter's lock back and
  forth (2,000 phones: poll p95 28 to 137 ms with 4 threads, 324 to 749 ms with 32).
  A client that trickles its request in holds a thread until it is in: on the
  internet a buffering proxy (the platform's, nginx) sits in front, as HTTPS needs
  one anyway. Where phones reach gunicorn directly over a slow Wi-Fi, give each
  worker more threads than such phones (``GUNICORN_THREADS=32``, as the hall server does).
- Short timeouts: 5 s of keep-alive, 30 s for a request to be answered.
- The access log never shows a link's token: see ``MaskingLogger``.
- ``preload_app``: the app is built once, before the workers start, so a bad
  setting stops the server at once with its one-line message.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from datetime import timedelta
from typing import TYPE_CHECKING, Any, cast

from gunicorn.glogging import Logger

from scorekeeper.platform.numbers import NumberError, parse_int

if TYPE_CHECKING:
    from collections.abc import MutableMapping

    from gunicorn.glogging import _AtomsDict
    from gunicorn.http.message import Request
    from gunicorn.http.wsgi import Response

# Every link token: a game's (43 URL-safe characters), a party director's (43) and a table's (16). Ids are
# 12 characters and static files carry dots, so a path segment of 16 or more such characters is a token.
TOKEN_SEGMENT = re.compile(r"(?<=/)[A-Za-z0-9_-]{16,}(?=/|\?|$| )")
# A game id given alone in a query (``/referee?game=<id>``) reads that game: masked as well.
GAME_QUERY = re.compile(r"(?<=[?&]game=)[A-Za-z0-9_-]+")
MASK = "…"


def mask(text: str) -> str:
    """Return *text* with every link token (and ``game=`` id) replaced by ``…``."""
    return GAME_QUERY.sub(MASK, TOKEN_SEGMENT.sub(MASK, text))


class MaskingLogger(Logger):
    """gunicorn's logger, with tokens masked in the request line, path and query of the access log."""

    def atoms(
        self, resp: Response, req: Request, environ: MutableMapping[str, Any], request_time: timedelta
    ) -> _AtomsDict:
        kept = super().atoms(resp, req, environ, request_time)
        atoms = cast("dict[str, Any]", kept)  # the request's headers and environ are keys of their own
        for key in ("r", "U", "q", "{raw_uri}e", "{path_info}e", "{query_string}e", "{referer}i", "f"):
            if key in atoms and isinstance(atoms[key], str):
                atoms[key] = mask(atoms[key])
        return kept


def _count(environ: Mapping[str, str], name: str, default: int, most: int) -> int:
    raw = environ.get(name, "").strip() or str(default)
    try:
        return parse_int(raw, lo=1, hi=most, what=f"{raw[:20]!r}")
    except NumberError as exc:
        raise SystemExit(f"Configuration error: {name}: {exc}.") from None


def settings(environ: Mapping[str, str] | None = None) -> dict[str, Any]:
    """Return the gunicorn settings, read from HOST, PORT, WEB_CONCURRENCY and GUNICORN_THREADS."""
    environ = os.environ if environ is None else environ
    return {
        "bind": [f"{environ.get('HOST', '0.0.0.0')}:{_count(environ, 'PORT', 8000, 65535)}"],
        "workers": _count(environ, "WEB_CONCURRENCY", 2, 64),
        "worker_class": "gthread",
        "threads": _count(environ, "GUNICORN_THREADS", 4, 1000),
        # Connections a worker keeps open: every phone keeps its own between two polls (3 s apart). Past
        # this many (less the threads), an answer closes its connection and the phone must connect again.
        "worker_connections": _count(environ, "GUNICORN_CONNECTIONS", 4096, 65536),
        "timeout": 30,
        "graceful_timeout": 20,
        "keepalive": 5,
        "limit_request_line": 4094,
        "limit_request_fields": 50,
        "limit_request_field_size": 8190,
        "preload_app": True,
        "accesslog": "-",
        "logger_class": "scorekeeper.commands.gunicorn_conf.MaskingLogger",
        # No control socket: it would be one path per user, shared by every server (and test) on the machine.
        "control_socket_disable": True,
    }


globals().update(settings())
