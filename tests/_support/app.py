"""The app and database the tests run on, and the requests every kind of test makes.

``make_app`` yields an app on an empty database the real migrations built (a copy of a SQLite file built once per
run, or TEST_DATABASE_URL emptied); ``app_config`` is the test settings; ``read_csrf_token`` reads a page's CSRF
token; ``start_game`` starts a game of ``SIDES`` through the API."""

from __future__ import annotations

import copy
import html
import os
import re
import shutil

from flask import Flask
from jinja2.bccache import Bucket, BytecodeCache
from werkzeug.routing import Rule
from whitenoise import WhiteNoise

from scorekeeper import create_app
from scorekeeper.platform.config import database_url
from scorekeeper.platform.extensions import db

# The sides of every game the tests start: two named partnerships (as the API takes them).
SIDES = [{"name": "Us", "players": ["Frank", "Fred"]}, {"name": "Them", "players": ["John", "Jim"]}]


TEST_SECRET_KEY = "test-secret-key-used-only-by-the-test-suite"


def postgres_url() -> str | None:
    raw = os.environ.get("TEST_DATABASE_URL", "").strip()
    return database_url(raw, "") if raw else None


def app_config(uri: str, **extra) -> dict:
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


def dispose(app: Flask) -> None:
    polls = app.extensions.get("scorekeeper_polls")
    if polls is not None:
        polls.close()  # on PostgreSQL, its worker's listener and connection
    with app.app_context():
        db.session.remove()
        for engine in db.engines.values():
            engine.dispose()


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


class _Compiled(BytecodeCache):
    """Templates compiled once per test process and kept in memory, for every app the tests create: a new app
    otherwise compiles each template it renders afresh. Jinja checks each template's source before it uses a
    kept copy, so an edited template is compiled again."""

    def __init__(self) -> None:
        self.kept: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self.kept.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.kept[bucket.key] = bucket.bytecode_to_string()


COMPILED = _Compiled()


_BUILDERS: dict[tuple, object] = {}
_compile_builder = Rule._compile_builder


def _kept_builder(rule: Rule, append_unknown: bool = True):
    """Werkzeug's URL builder of *rule*, written once per test process for all the apps the tests create.

    A new app compiles a Python function for each of its routes (twice each, some 270 of them: three quarters of
    the processor time ``create_app`` takes). The function depends only on the route as written, its defaults and
    its converters, which are all in the key; the rule it builds for is passed in when it is called."""
    defaults = tuple(sorted((name, repr(value)) for name, value in (rule.defaults or {}).items()))
    converters = tuple(
        sorted(
            (name, type(c).__qualname__, repr({k: v for k, v in vars(c).items() if k != "map"}))
            for name, c in rule._converters.items()
        )
    )
    key = (rule.rule, rule.host, rule.subdomain, tuple(rule._trace), defaults, converters, append_unknown)
    builder = _BUILDERS.get(key)
    if builder is None:
        builder = _BUILDERS[key] = _compile_builder(rule, append_unknown)
    return builder


_PARSED: dict[tuple, tuple] = {}
_parse_rule = Rule._parse_rule


def _kept_parse(rule: Rule, written: str) -> list:
    """Werkzeug's reading of the route *written*, read once per test process for all the apps the tests create.

    What it reads from the text (the parts, the trace, each variable's converter and arguments) depends only on the
    text and the map's converters, both in the key; each rule still gets converters of its own, made for its map."""
    key = (written, tuple(sorted((name, id(kind)) for name, kind in rule.map.converters.items())))
    kept = _PARSED.get(key)
    if kept is None:
        asked: list[tuple] = []
        get_converter = rule.get_converter

        def recorded(name, converter, args, kwargs):
            asked.append((name, (converter, args, kwargs)))
            return get_converter(name, converter, args, kwargs)

        trace_before = len(rule._trace)
        rule.get_converter = recorded  # type: ignore[method-assign]
        try:
            parts = list(_parse_rule(rule, written))
        finally:
            del rule.get_converter
        _PARSED[key] = (parts, rule._trace[trace_before:], asked)
        return [copy.copy(part) for part in parts]
    parts, trace, converters = kept
    rule._trace.extend(trace)
    for name, (converter, args, kwargs) in converters:
        rule._converters[name] = rule.get_converter(name, converter, args, kwargs)
        rule.arguments.add(name)
    return [copy.copy(part) for part in parts]


Rule._compile_builder = _kept_builder  # type: ignore[method-assign]
Rule._parse_rule = _kept_parse  # type: ignore[method-assign]


_SERVED: dict[tuple, dict] = {}
_update_files_dictionary = WhiteNoise.update_files_dictionary


def _kept_files(self: WhiteNoise, root: str, prefix: str) -> None:
    """WhiteNoise's list of the static files it serves, made once per test process for all the apps the tests create.

    A new app otherwise reads the folder of its static build again, file by file (a fifth of what ``create_app``
    takes once its routes are kept). That folder is named after a hash of its sources, so its files never change; the
    headers WhiteNoise adds depend only on the build (hashed names) and the app's fixed security headers."""
    headers = self.add_headers_function
    key = (
        root,
        prefix,
        self.max_age,
        self.allow_all_origins,
        self.charset,
        self.index_file,
        None if headers is None else headers.__qualname__,
        # What the app's headers function was made with (its build's names, its prefix): another app's differs.
        None if headers is None else tuple(repr(cell.cell_contents) for cell in headers.__closure__ or ()),
    )
    files = _SERVED.get(key)
    if files is None:
        before = dict(self.files)
        _update_files_dictionary(self, root, prefix)
        files = _SERVED[key] = {url: f for url, f in self.files.items() if before.get(url) is not f}
    self.files.update(files)


WhiteNoise.update_files_dictionary = _kept_files  # type: ignore[method-assign]


def new_app(config: dict) -> Flask:
    """``create_app(config)``, its templates compiled once for all the apps of the run."""
    app = create_app(config)
    app.jinja_env.bytecode_cache = COMPILED
    return app


def make_app(tmp_path, request, **extra):
    """Yield a new app on an empty database built by the migrations, with *extra* settings; dispose of it after."""
    uri = postgres_url()
    if uri is not None:
        request.getfixturevalue("_postgres_schema")
    else:
        path = tmp_path / "scorekeeper.sqlite3"
        shutil.copyfile(request.getfixturevalue("_sqlite_built"), path)
        uri = f"sqlite:///{path}"
    app = new_app(app_config(uri, **extra))
    if postgres_url() is not None:
        with app.app_context():
            _empty_tables()
    yield app
    dispose(app)


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


def start_game(client) -> dict:
    """Start a new two-side game through the API; return its id, tokens, links and state."""
    response = client.post("/api/v1/games", json={"rules": "new-england", "sides": SIDES})
    assert response.status_code == 201, response.get_json()
    return response.get_json()
