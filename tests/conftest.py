"""Shared fixtures: a real database migrated with the real migrations, real CSRF, a real browser.

- ``app``: a fresh app on a new SQLite file, a copy of one the real migrations built once per run (or on
  TEST_DATABASE_URL, emptied before each test).
- ``client``: its test client. ``csrf(client, path)`` reads the CSRF token from a page.
- ``game``: a new two-side game (``SIDES``) started through the API; ``start_game(client)`` starts
  another, for a test that needs one per Hypothesis example. ``live_game``: the same on ``live_server``.
- ``live_server``: the app served over HTTP in a background thread, for the browser tests;
  ``live_server.url`` is its base URL and ``base_url`` points at it, so ``page.goto("/")`` works.
- ``page_problems``: console errors, uncaught exceptions and CSP violations seen by ``page``.

Tests in tests/browser are marked ``browser``. They need Debian's Chromium headless shell at
/usr/bin/chromium-headless-shell; without it they are skipped, or fail when the CI variable is set.
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass
from pathlib import Path

import flask_migrate
import pytest
from flask import Flask, url_for
from sqlalchemy import MetaData, text
from werkzeug.serving import make_server

from scorekeeper import create_app
from scorekeeper.platform.extensions import db
from scorekeeper.store import parties as store
from tests._support.app import SIDES, app_config, dispose, make_app, new_app, postgres_url, read_csrf_token, start_game
from tests._support.live_api import api
from tests._support.parties import new_party, post, start, table_path

# Chromium's headless shell (Debian's chromium-headless-shell, the same engine and version as its chromium), not
# the whole browser run headless: it draws the same pages for about half the processor time, as the tests never
# show a window (benchmarks/browser_cpu.py measures both).
CHROMIUM = "/usr/bin/chromium-headless-shell"
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


# -- Collection -----------------------------------------------------------------


def pytest_xdist_auto_num_workers(config):
    """``-n auto`` (the default, ``pyproject.toml``): a worker a core; one process on PostgreSQL.

    The PostgreSQL run shares one database between all its tests (emptied before each), so
    there it stays in one process.
    """
    return 0 if postgres_url() is not None else (os.cpu_count() or 1)


# The browser files whose tests take longest, longest first: started before everything else, so that the workers
# end together rather than one finishing a long scenario while the other waits (--durations lists them).
# A file whose tests share a module fixture goes to one worker whole, so it counts as one long test: the large-print
# file's 60 pages, then the ten hands heard, the whole card party, the club desk's 40 arrivals.
LONGEST_FIRST = (
    "test_large_print.py",
    "test_heard.py",
    "test_party.py",
    "test_club_desk.py",
    "test_referee_a11y.py",
    "test_rulebook.py",
    "test_table_stats.py",
    "test_play_game.py",
    "test_sheet_phone.py",
    "test_two_phones.py",
)


def _shares_a_module_fixture(item) -> bool:
    info = getattr(item, "_fixtureinfo", None)
    return info is not None and any(defs[-1].scope == "module" for defs in info.name2fixturedefs.values())


def _order(item) -> tuple[int, int]:
    if not item.get_closest_marker("browser"):
        return (1, 0)
    name = Path(str(item.fspath)).name
    return (0, LONGEST_FIRST.index(name) if name in LONGEST_FIRST else len(LONGEST_FIRST))


def pytest_collection_modifyitems(config, items):
    for item in items:
        if BROWSER_DIR in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)
            # With workers (pytest-xdist, ``--dist loadgroup``), each takes browser tests one at a time (a Chromium
            # and a live server of its own), but a file's tests that share a page set up once for the file (a
            # module fixture) go to one worker together, so that it is set up once.
            if _shares_a_module_fixture(item):
                item.add_marker(pytest.mark.xdist_group(Path(str(item.fspath)).stem))
    # The browser tests first, the longest of them first; the rest keep their order (a stable sort).
    items.sort(key=_order)


def pytest_runtest_setup(item):
    if item.get_closest_marker("browser") and not Path(CHROMIUM).exists():
        message = f"browser tests need Debian's Chromium at {CHROMIUM} (apt-get install chromium-headless-shell)"
        if os.environ.get("CI"):
            pytest.fail(message, pytrace=False)
        pytest.skip(message)


# -- Database and app -------------------------------------------------------------


@pytest.fixture(scope="session")
def _postgres_schema():
    """Bring the PostgreSQL test database to the latest migration, once per run."""
    uri = postgres_url()
    if uri is None:
        yield None
        return
    app = create_app(app_config(uri))
    with app.app_context():
        # Start from nothing, so the real migrations build every table.
        existing = MetaData()
        existing.reflect(db.engine)
        existing.drop_all(db.engine)
        flask_migrate.upgrade()
    dispose(app)
    yield uri


@pytest.fixture(scope="session")
def _sqlite_built(tmp_path_factory) -> Path:
    """A SQLite file the real migrations built, once per run (per worker): each test starts from a copy of it."""
    path = tmp_path_factory.mktemp("migrated") / "scorekeeper.sqlite3"
    app = create_app(app_config(f"sqlite:///{path}"))
    with app.app_context():
        flask_migrate.upgrade()
        # Everything into the file itself (none of it left in the write-ahead log), so that a copy of it is whole.
        db.session.execute(text("PRAGMA wal_checkpoint(TRUNCATE)"))
        db.session.commit()
    dispose(app)
    return path


@pytest.fixture
def app(tmp_path, request):
    """A new app on an empty database built by the migrations."""
    yield from make_app(tmp_path, request)


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def csrf():
    """``csrf(client, path="/")``: open the page as that client and return its CSRF token."""

    def token(client, path: str = "/") -> str:
        response = client.get(path)
        assert response.status_code == 200, f"GET {path} answered {response.status_code}"
        return read_csrf_token(response.get_data(as_text=True))

    return token


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
    uri = postgres_url()
    if uri is not None:
        request.getfixturevalue("_postgres_schema")
    else:
        uri = f"sqlite:///{tmp_path_factory.mktemp('live') / 'scorekeeper.sqlite3'}"
    # Not TESTING: a failing page shows the app's own error page, as a player would see it.
    app = new_app(app_config(uri, TESTING=False))
    if postgres_url() is None:
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
        dispose(app)


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
        # "Keep screen on" granted without asking, as a phone's browser does (the headless shell refuses it unless
        # granted, which the page shows as the switch turning itself off).
        "permissions": ["screen-wake-lock"],
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


@pytest.fixture
def everything(client, app, csrf):
    """A game with hands, and a card party played to a score whose table 1 kept a sheet that was won."""
    game = client.post("/api/v1/games", json={"rules": "new-england", "sides": SIDES}).get_json()
    headers = {"Authorization": f"Bearer {game['edit_token']}"}
    for n, (bidder, tricks) in enumerate(((0, [3, 2]), (1, [1, 4])), start=1):
        hand = {"n": n, "bidder": bidder, "bid": 20, "tricks": tricks, "high": bidder}
        answer = client.post(f"/api/v1/games/{game['id']}/hands", json=hand, headers=headers)
        assert answer.status_code == 201, answer.get_json()
    director = new_party(client, csrf, couples=4, kind="play-to", play_to="45").headers["Location"]
    start(client, director)
    party_id, party_token = director.split("/")[2:4]
    table = table_path(app, party_id, 1)
    _, _, sheet_id, sheet_token = post(client, table + "/sheet", table).headers["Location"].split("/")
    n = 1
    while client.get(f"/api/v1/games/{sheet_id}").get_json()["winner"] is None:
        answer = client.post(
            f"/api/v1/games/{sheet_id}/hands",
            json={"n": n, "points": [0, 30]},
            headers={"Authorization": f"Bearer {sheet_token}"},
        )
        assert answer.status_code == 201
        n += 1
    with app.app_context():
        row = store.party_row(party_id)
        table_tokens = [store.table_token(row, number) for number in (1, 2)]
    # A club with an evening played and its pots kept: its ladder, board, archive and desk are read too.
    club = client.post("/clubs/new", data={"csrf_token": csrf(client, "/clubs/new"), "name": "Legion"})
    club_path = club.headers["Location"]
    _, _, club_id, club_token = club_path.split("/")
    for name in ("Mary", "Angus", "Flora", "John"):
        post(client, club_path + "/members", club_path, {"name": name})
    desk = post(client, club_path + "/evenings", club_path, {"games": "2", "entry_fee": "5"}).headers["Location"]
    post(client, desk + "/couples", desk, {"member": ["1", "2", "3", "4"], "action": "random"})
    post(client, desk + "/start", desk, {"confirm": "y"})
    post(client, desk + "/pots", desk + "/pots", {"prize": ["10"], "fifty_fifty": "20"})
    evening_id = desk.rsplit("/", 1)[1]
    # A table (a group that plays together) holding the game with hands: its pages, statistics and exports.
    group = client.post("/api/v1/tables", json={"name": "Tuesday", "players": ["Frank"]}).get_json()
    added = client.post(
        f"/api/v1/tables/{group['id']}/games",
        json={"game": game["id"], "token": game["edit_token"]},
        headers={"Authorization": f"Bearer {group['edit_token']}"},
    )
    assert added.status_code == 201, added.get_json()
    return {
        "club_id": [club_id],
        "table_id": [group["id"]],
        "game_id": [game["id"], sheet_id],
        "token": [
            game["edit_token"],
            game["view_token"],
            sheet_token,
            party_token,
            *table_tokens,
            club_token,
            group["edit_token"],
            group["view_token"],
        ],
        "party_id": [party_id, evening_id],
        "number": [1, 2],
        "n": [1],
        "filename": ["app.css"],
        "action": ["start", "close"],
        "what": ["tents", "punch", "rules", "ladder"],
    }
