"""Rate limits, with Flask-Limiter, counted in a small SQLite file.

Each limit is set in configuration (``SCOREKEEPER_LIMIT_*``) and counts what an
honest phone does on what it holds, so that a whole hall behind one router is
never counted as one phone:

- new games: starting a game or a card party (page, API, rematch), per client
  address, since nobody holds a link yet;
- writes: every POST, PUT, PATCH or DELETE that changes something, per game (or
  per party page: the director's, each table's) and client address;
- polls: the live pages' polls and API reads, per game or party page and client
  address, counted in each process's memory by ``scorekeeper.web.polls``, which also
  answers an unchanged poll before the app is entered.

The counters live in ``instance/rate_limits.sqlite3`` by default: every gunicorn
worker on the machine shares them, and no server is needed. Any storage URI
that the ``limits`` package knows (``redis://...``, ``memcached://...``) can be
given instead in ``SCOREKEEPER_RATE_LIMIT_STORAGE``.

Behind a proxy (``SCOREKEEPER_BEHIND_PROXY=1``) the client address is the one
the proxy saw (``X-Forwarded-For``, read by ProxyFix), never the proxy's own.
"""

from __future__ import annotations

import ipaddress
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from flask import Flask, abort, g, request
from flask_limiter import Limiter, RequestLimit
from limits.storage import Storage

WRITE_METHODS = ["POST", "PUT", "PATCH", "DELETE"]
# Starting a game, a card party, a club or a table: the pages, the API and a rematch.
NEW_GAME_ENDPOINTS = frozenset(
    {
        "games.new",
        "games.rematch",
        "api.create_game",
        "parties.new",
        "api.create_party",
        "clubs.new",
        "api.create_club",
        "tables.new",
        "tables.keep",
        "tables.import_table",
        "api.create_table",
        "api.import_table",
    }
)
# Requests that only compute an answer (the referee) are not writes, whatever their method.
NOT_WRITES_BLUEPRINTS = ("referee", "rulebook", "main", "static")
NOT_WRITES_PREFIXES = ("api.trick", "api.legal", "api.rank", "api.compare", "api.presets", "api.openapi")


def client_address() -> str:
    """The address a limit is counted for: the client's IP; for IPv6 its /64 network (one household)."""
    return address_key(request.remote_addr)


def address_key(address: str | None) -> str:
    """The client's IP as limits count it: an IPv6 address by its /64 network (one household)."""
    address = address or "unknown"
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


class Breaches:
    """Which client reached which limit, until when, as this process saw it.

    A client that goes on asking once refused is answered 429 at once, without
    counting in the shared file again: its window cannot open before the time
    already known, so the answer is the same, and a flood costs the server (and
    the phones polling beside it) next to nothing.
    """

    def __init__(self, size: int = 10_000):
        self.size = size
        self._until: dict[tuple[str, str], float] = {}
        self._lock = threading.Lock()

    def remember(self, client: str, scope: str, until: float) -> None:
        with self._lock:
            if len(self._until) >= self.size:
                now = time.time()
                self._until = {key: end for key, end in self._until.items() if end > now}
            self._until[(client, scope)] = until

    def until(self, client: str, scopes: Iterable[str]) -> float | None:
        now = time.time()
        with self._lock:
            ends = [end for scope in scopes if (end := self._until.get((client, scope), 0.0)) > now]
        return max(ends) if ends else None


def link_key() -> str:
    """What a write is counted for: the game, or the party page (director, table), and the client address.

    A hall's tables each report on their own table's link, so two hundred tables
    behind one router are two hundred counts, not one.
    """
    args = request.view_args or {}
    if "game_id" in args:
        link = f"game {args['game_id']}"
    elif "table_id" in args:
        link = f"table {args['table_id']}"
    elif "party_id" in args:
        table = args.get("number")
        if table is None and request.endpoint == "api.report_result":
            body = request.get_json(silent=True)
            table = body.get("table") if isinstance(body, dict) and isinstance(body.get("table"), int) else None
        link = f"party {args['party_id']} " + ("director" if table is None else f"table {table}")
    elif "club_id" in args:
        link = f"club {args['club_id']}"
    else:
        link = "new"
    return f"{link} {client_address()}"


def init_app(app: Flask) -> Limiter:
    """Create this app's limiter and put the limits on the endpoints registered so far."""
    limiter = Limiter(
        key_func=client_address,
        headers_enabled=False,  # Retry-After is set on the 429 answer itself (scorekeeper.platform.security)
        strategy="fixed-window",
        # Counting must never take the app down: if the storage fails, log it and serve the request.
        swallow_errors=app.config.get("RATELIMIT_SWALLOW_ERRORS", True),
    )
    limiter.init_app(app)
    if not limiter.enabled:
        return limiter
    breaches = Breaches()

    # Who each limit counts: creations per address, writes per link and address.
    keys: dict[str, Callable[[], str]] = {"new-games": client_address, "writes": link_key}

    def breached(scope: str) -> Callable[[RequestLimit], None]:
        def remember(limit: RequestLimit) -> None:
            breaches.remember(keys[scope](), scope, limit.reset_at)

        return remember

    new_games = limiter.shared_limit(
        lambda: app.config["SCOREKEEPER_LIMIT_NEW_GAMES"],
        scope="new-games",
        methods=["POST"],
        on_breach=breached("new-games"),
    )
    writes = limiter.shared_limit(
        lambda: app.config["SCOREKEEPER_LIMIT_WRITES"],
        scope="writes",
        methods=WRITE_METHODS,
        key_func=link_key,
        on_breach=breached("writes"),
    )
    scopes: dict[str, list[tuple[str, list[str]]]] = {}

    for rule in list(app.url_map.iter_rules()):
        endpoint = rule.endpoint
        view = app.view_functions.get(endpoint)
        if view is None or getattr(view, "_rate_limited", False):
            continue
        wrapped: Callable[..., Any] = view
        if _is_write(endpoint, rule.methods or set()):
            wrapped = writes(wrapped)
            scopes.setdefault(endpoint, []).append(("writes", WRITE_METHODS))
            if endpoint in NEW_GAME_ENDPOINTS:
                wrapped = new_games(wrapped)
                scopes[endpoint].append(("new-games", ["POST"]))
        if wrapped is not view:
            wrapped._rate_limited = True  # type: ignore[attr-defined]
            app.view_functions[endpoint] = wrapped

    @app.before_request
    def _still_refused() -> None:
        """Answer 429 at once to a client this process already refused, until its window opens."""
        mine = scopes.get(request.endpoint or "")
        if not mine:
            return None
        now = [scope for scope, methods in mine if request.method in methods]
        until = max(
            (found for scope in now if (found := breaches.until(keys[scope](), [scope])) is not None), default=None
        )
        if until is not None:
            g.retry_after = str(max(1, int(until - time.time())))
            abort(429)
        return None

    return limiter


def _is_write(endpoint: str, methods: set[str]) -> bool:
    if not methods.intersection(WRITE_METHODS):
        return False
    blueprint = endpoint.partition(".")[0]
    return blueprint not in NOT_WRITES_BLUEPRINTS and not endpoint.startswith(NOT_WRITES_PREFIXES)


class SQLiteStorage(Storage):
    """Fixed-window counters in one SQLite file, shared by every process and thread on the machine.

    URI: ``scorekeeper+sqlite:///absolute/path/to/file.sqlite3``. One small table,
    one statement per hit (an upsert that starts a new window once the old one
    expired); expired rows are swept now and then.
    """

    STORAGE_SCHEME = ["scorekeeper+sqlite"]
    SWEEP_EVERY = 1000

    def __init__(self, uri: str | None = None, wrap_exceptions: bool = False, **options: float | str | bool) -> None:
        super().__init__(uri, wrap_exceptions=wrap_exceptions, **options)
        path = (uri or "").partition("://")[2]
        if not path:
            raise ValueError("the rate limit storage needs a file: scorekeeper+sqlite:///path/to/file")
        self.path = path
        self._local = threading.local()
        self._hits = 0
        # Threads of one process take turns at the file: SQLite's own wait for a busy writer
        # sleeps in steps of up to 100 ms, which would show in every request's time.
        self._write_lock = threading.Lock()

    @property
    def base_exceptions(self) -> type[Exception]:
        return sqlite3.Error

    def _db(self) -> sqlite3.Connection:
        connection = getattr(self._local, "connection", None)
        # A forked worker must not share its parent's connection.
        if connection is None or getattr(self._local, "pid", None) != os.getpid():
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            connection = sqlite3.connect(self.path, timeout=5, isolation_level=None, check_same_thread=False)
            connection.execute("PRAGMA journal_mode = WAL")
            connection.execute("PRAGMA synchronous = OFF")  # counters, not records: a lost second is harmless
            connection.execute(
                "CREATE TABLE IF NOT EXISTS hits (key TEXT PRIMARY KEY, count INTEGER NOT NULL, expires REAL NOT NULL)"
                " WITHOUT ROWID"
            )
            self._local.connection = connection
            self._local.pid = os.getpid()
        return connection

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        now = time.time()
        with self._write_lock:
            count = self._upsert(key, expiry, amount, now)
        self._hits += 1
        if self._hits % self.SWEEP_EVERY == 0:
            with self._write_lock:
                self._db().execute("DELETE FROM hits WHERE expires <= ?", (now,))
        return count

    def _upsert(self, key: str, expiry: int, amount: int, now: float) -> int:
        """Count *amount* more hits on *key*, in a new window when the old one expired; the new count."""
        row = (
            self._db()
            .execute(
                "INSERT INTO hits (key, count, expires) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET "
                "count = CASE WHEN hits.expires <= ? THEN excluded.count ELSE hits.count + excluded.count END, "
                "expires = CASE WHEN hits.expires <= ? THEN excluded.expires ELSE hits.expires END "
                "RETURNING count",
                (key, amount, now + expiry, now, now),
            )
            .fetchone()
        )
        return int(row[0])

    def get(self, key: str) -> int:
        row = self._db().execute("SELECT count FROM hits WHERE key = ? AND expires > ?", (key, time.time())).fetchone()
        return int(row[0]) if row else 0

    def get_expiry(self, key: str) -> float:
        row = self._db().execute("SELECT expires FROM hits WHERE key = ?", (key,)).fetchone()
        return float(row[0]) if row else time.time()

    def check(self) -> bool:
        self._db().execute("SELECT 1").fetchone()
        return True

    def reset(self) -> int | None:
        return self._db().execute("DELETE FROM hits").rowcount

    def clear(self, key: str) -> None:
        self._db().execute("DELETE FROM hits WHERE key = ?", (key,))
