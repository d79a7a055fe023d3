"""Shared fixtures: a real database migrated with the real migrations, real CSRF, a real browser.

- ``app``: a fresh app on a new SQLite file, a copy of one the real migrations built once per run (or on
  TEST_DATABASE_URL, emptied before each test).
- ``client``: its test client. ``csrf(client, path)`` reads the CSRF token from a page.
- ``game``: a new two-side game (``SIDES``) started through the API; ``start_game(client)`` starts
  another, for a test that needs one per Hypothesis example. ``live_game``: the same on ``live_server``.
- ``live_server``: the app served over HTTP in a background thread, for the browser tests;
  ``live_server.url`` is its base URL and ``base_url`` points at it, so ``page.goto("/")`` works.
- ``page_problems``: console errors, uncaught exceptions and CSP violations seen by ``page``.

Tests in tests/browser are marked ``browser``. They need Debian's Chromium at
/usr/bin/chromium; without it they are skipped, or fail when the CI variable is set.
"""

from __future__ import annotations

import html
import os
import re
import shutil
import threading
from dataclasses import dataclass
from pathlib import Path

import flask_migrate
import pytest
from flask import Flask, url_for
from sqlalchemy import MetaData, text
from werkzeug.serving import make_server

from scorekeeper import create_app
from scorekeeper.platform.config import database_url
from scorekeeper.platform.extensions import db
from tests.browser._api import api

# The sides of every game the tests start: two named partnerships (as the API takes them).
SIDES = [{"name": "Us", "players": ["Frank", "Fred"]}, {"name": "Them", "players": ["John", "Jim"]}]

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
BROWSER_DIR = Path(__file__).parent / "browser"
TEST_SECRET_KEY = "test-secret-key-used-only-by-the-test-suite"


def _postgres_url() -> str | None:
    raw = os.environ.get("TEST_DATABASE_URL", "").strip()
    return database_url(raw, "") if raw else None


def _test_config(uri: str, **extra) -> dict:
    config = {
        "TESTING": True,
        "SCOREKEEPER_ENV": "development",
        "SECRET_KEY": TEST_SECRET_KEY,
        "SQLALCHEMY_DATABASE_URI": uri,
        # Ordinary tests send many requests from one address; the rate limit tests turn limits on.
        "RATELIMIT_ENABLED": False,
    }
    config.update(extra)
    return config


def _empty_tables() -> None:
    """Delete every row, children first, keeping the migrated schema."""
    for table in reversed(db.metadata.sorted_tables):
        db.session.execute(table.delete())
    db.session.commit()


def _dispose(app: Flask) -> None:
    polls = app.extensions.get("scorekeeper_polls")
    if polls is not None:
        polls.close()  # on PostgreSQL, its worker's listener and connection
    with app.app_context():
        db.session.remove()
        for engine in db.engines.values():
            engine.dispose()


# -- Collection -----------------------------------------------------------------


def pytest_xdist_auto_num_workers(config):
    """``-n auto`` (the default, ``pyproject.toml``): a worker a core; one process on PostgreSQL.

    The PostgreSQL run shares one database between all its tests (emptied before each), so
    there it stays in one process.
    """
    return 0 if _postgres_url() is not None else (os.cpu_count() or 1)


def pytest_collection_modifyitems(config, items):
    for item in items:
        if BROWSER_DIR in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)
            # With workers (pytest-xdist, ``--dist loadgroup``), the browser tests all go to one of them, one
            # Chromium at a time as before, while the others share the rest of the suite.
            item.add_marker(pytest.mark.xdist_group("browser"))


def pytest_runtest_setup(item):
    if item.get_closest_marker("browser") and not Path(CHROMIUM).exists():
        message = f"browser tests need Debian's Chromium at {CHROMIUM} (apt-get install chromium)"
        if os.environ.get("CI"):
            pytest.fail(message, pytrace=False)
        pytest.skip(message)


# -- Database and app -------------------------------------------------------------


@pytest.fixture(scope="session")
def _postgres_schema():
    """Bring the PostgreSQL test database to the latest migration, once per run."""
    uri = _postgres_url()
    if uri is None:
        yield None
        return
    app = create_app(_test_config(uri))
    with app.app_context():
        # Start from nothing, so the real migrations build every table.
        existing = MetaData()
        existing.reflect(db.engine)
        existing.drop_all(db.engine)
        flask_migrate.upgrade()
    _dispose(app)
    yield uri


def rate_limited(tmp_path, **limits: str) -> dict:
    """Settings turning the rate limits on, counted in a database of their own: 6 polls (2 whole sheets) a minute,
    and *limits*."""
    return {
        "RATELIMIT_ENABLED": True,
        "RATELIMIT_STORAGE_URI": f"scorekeeper+sqlite:///{tmp_path / 'limits.sqlite3'}",
        "SCOREKEEPER_LIMIT_POLLS": "6 per minute",
        "SCOREKEEPER_LIMIT_POLL_SHEETS": "2 per minute",
        **limits,
    }


@pytest.fixture(scope="session")
def _sqlite_built(tmp_path_factory) -> Path:
    """A SQLite file the real migrations built, once per run (per worker): each test starts from a copy of it."""
    path = tmp_path_factory.mktemp("migrated") / "scorekeeper.sqlite3"
    app = create_app(_test_config(f"sqlite:///{path}"))
    with app.app_context():
        flask_migrate.upgrade()
        # Everything into the file itself (none of it left in the write-ahead log), so that a copy of it is whole.
        db.session.execute(text("PRAGMA wal_checkpoint(TRUNCATE)"))
        db.session.commit()
    _dispose(app)
    return path


def make_app(tmp_path, request, **extra):
    """Yield a new app on an empty database built by the migrations, with *extra* settings; dispose of it after."""
    uri = _postgres_url()
    if uri is not None:
        request.getfixturevalue("_postgres_schema")
    else:
        path = tmp_path / "scorekeeper.sqlite3"
        shutil.copyfile(request.getfixturevalue("_sqlite_built"), path)
        uri = f"sqlite:///{path}"
    app = create_app(_test_config(uri, **extra))
    if _postgres_url() is not None:
        with app.app_context():
            _empty_tables()
    yield app
    _dispose(app)


@pytest.fixture
def app(tmp_path, request):
    """A new app on an empty database built by the migrations."""
    yield from make_app(tmp_path, request)


@pytest.fixture
def client(app):
    return app.test_client()


_CSRF_PATTERNS = (
    re.compile(r'<meta name="csrf-token" content="([^"]+)"'),
    re.compile(r'name="csrf_token"[^>]*value="([^"]+)"'),
    re.compile(r'value="([^"]+)"[^>]*name="csrf_token"'),
)


def read_csrf_token(page_html: str) -> str:
    """Return the CSRF token in a page (the meta tag or a form's hidden field)."""
    for pattern in _CSRF_PATTERNS:
        match = pattern.search(page_html)
        if match:
            return html.unescape(match.group(1))
    raise AssertionError("the page carries no CSRF token")


@pytest.fixture
def csrf():
    """``csrf(client, path="/")``: open the page as that client and return its CSRF token."""

    def token(client, path: str = "/") -> str:
        response = client.get(path)
        assert response.status_code == 200, f"GET {path} answered {response.status_code}"
        return read_csrf_token(response.get_data(as_text=True))

    return token


def start_game(client) -> dict:
    """Start a new two-side game through the API; return its id, tokens, links and state."""
    response = client.post("/api/v1/games", json={"rules": "new-england", "sides": SIDES})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


@pytest.fixture
def game(client):
    """A new two-side game started through the API: its id, tokens, links and state."""
    return start_game(client)


# -- Live server and browser -------------------------------------------------------


@dataclass
class LiveServer:
    url: str
    app: Flask

    def url_for(self, endpoint: str, **values) -> str:
        """Return the absolute URL of an endpoint on this server."""
        with self.app.test_request_context():
            return self.url + url_for(endpoint, **values)


def _read_whole(app):
    """*app* with each answer read whole, and closed, before it is sent: a browser that drops a connection mid-answer
    (a page left while a static file was on its way) leaves no file open in the test server behind it. (The test
    server does not close an answer whose client went away; gunicorn does.)"""

    def whole(environ, start_response):
        answer = app(environ, start_response)
        try:
            return [b"".join(answer)]
        finally:
            close = getattr(answer, "close", None)
            if close is not None:
                close()

    return whole


@pytest.fixture(scope="session")
def live_server(tmp_path_factory, request):
    """The app served on 127.0.0.1 at a free port, in a background thread."""
    uri = _postgres_url()
    if uri is not None:
        request.getfixturevalue("_postgres_schema")
    else:
        uri = f"sqlite:///{tmp_path_factory.mktemp('live') / 'scorekeeper.sqlite3'}"
    # Not TESTING: a failing page shows the app's own error page, as a player would see it.
    app = create_app(_test_config(uri, TESTING=False))
    if _postgres_url() is None:
        with app.app_context():
            flask_migrate.upgrade()
    server = make_server("127.0.0.1", 0, _read_whole(app), threaded=True)
    thread = threading.Thread(target=server.serve_forever, name="live-server", daemon=True)
    thread.start()
    try:
        yield LiveServer(url=f"http://127.0.0.1:{server.server_port}", app=app)
    finally:
        server.shutdown()
        thread.join(timeout=10)
        server.server_close()
        _dispose(app)


@pytest.fixture
def live_game(live_server):
    """A new two-side game (``SIDES``) started through the API of ``live_server``."""
    return api(live_server, "POST", "/api/v1/games", {"rules": "new-england", "sides": SIDES})


@pytest.fixture(scope="session")
def base_url(live_server):
    return live_server.url


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {
        **browser_context_args,
        "viewport": {"width": 360, "height": 740},
        "device_scale_factor": 2,
        "is_mobile": True,
        "has_touch": True,
        # No service worker but in the no-signal tests (tests/browser/test_offline.py, which allow it):
        # elsewhere its filling of the app shell would still be downloading when the test closes the page.
        "service_workers": "block",
    }


_WATCH_CSP = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", function (event) {
  window.__cspViolations.push(event.violatedDirective + " blocked " + (event.blockedURI || "inline"));
});
"""


@dataclass
class PageProblems:
    """What went wrong in the page, as a list a test can assert is empty."""

    page: object
    seen: list

    def all(self) -> list[str]:
        try:
            csp = self.page.evaluate("window.__cspViolations || []")
        except Exception:  # The page is gone or mid-navigation; the console still has it.
            csp = []
        return self.seen + [f"CSP: {v}" for v in csp]


@pytest.fixture
def page_problems(page):
    """Collect console errors, uncaught exceptions and CSP violations of ``page``."""
    seen: list[str] = []
    page.add_init_script(_WATCH_CSP)
    page.on("console", lambda msg: seen.append(f"console: {msg.text}") if msg.type == "error" else None)
    page.on("pageerror", lambda error: seen.append(f"uncaught: {error}"))
    return PageProblems(page=page, seen=seen)
