"""Recording a hand through the API, against a bare Flask-SQLAlchemy insert of one row.

Both go through the same app (same database, same engine settings, the same WSGI stack and
JSON handling), one request at a time, taking turns of 25 requests, so the ratio says what recording a hand
costs beyond storing one row: the token check, reading the game, the rules engine and the
state sent back. The bare endpoint is registered on the app only for this script; it parses
the same JSON body, inserts one row into a table of its own, commits and answers a small JSON
object. Aim: at most 2 times the bare insert, in process.

Two runs: over HTTP against gunicorn started with the project's settings
(scorekeeper/gunicorn_conf.py, one worker), as a phone meets it, and in process (Flask's test
client), which shows the app's own work with no network in front of it.

Run: .venv/bin/python benchmarks/record.py [--hands 300] [--database-url postgresql+psycopg://…]

The figures are written to docs/figures/record.json (record-postgresql.json on PostgreSQL), which the manual shows.
"""

from __future__ import annotations

import argparse
import http.client
import itertools
import json as _json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import figures  # noqa: E402
import flask_migrate  # noqa: E402
from flask import jsonify, request  # noqa: E402
from measure import start_gunicorn, stop  # noqa: E402
from sqlalchemy import Column, Integer, MetaData, String, Table  # noqa: E402

from scorekeeper import create_app  # noqa: E402
from scorekeeper.platform.extensions import db  # noqa: E402

SIDES = [{"name": "Ann & Cal", "players": ["Ann", "Cal"]}, {"name": "Bob & Dee", "players": ["Bob", "Dee"]}]
HANDS_PER_GAME = 100  # a long real game; well under the 500-hand bound
AIM = 2.0
BLOCK = 25  # requests of one path in each turn


SECRET_KEY = "record-benchmark-key-not-for-serving-0123456789"


def served_app():
    """The app gunicorn serves in the HTTP run: the project's app from the environment, plus the bare endpoint."""
    app, _ = with_bare_endpoint(create_app())
    return app


def build_app(database_url: str | None, folder: str):
    uri = database_url or f"sqlite:///{Path(folder) / 'record.sqlite3'}"
    app = create_app({"SECRET_KEY": SECRET_KEY, "SQLALCHEMY_DATABASE_URI": uri, "RATELIMIT_ENABLED": False})
    with app.app_context():
        flask_migrate.upgrade()
    return with_bare_endpoint(app)


def with_bare_endpoint(app):
    rows = Table(
        "benchmark_rows",
        MetaData(),
        Column("id", Integer, primary_key=True),
        Column("game", String(64), nullable=False),
        Column("n", Integer, nullable=False),
        Column("body", String(200), nullable=False),
    )
    with app.app_context():
        rows.drop(db.engine, checkfirst=True)
        rows.create(db.engine)

    @app.post("/benchmark/rows/<game>")
    def bare_insert(game: str):
        data = request.get_json()
        db.session.execute(rows.insert().values(game=game, n=data["n"], body=repr(data)[:200]))
        db.session.commit()
        return jsonify({"game": game, "n": data["n"]}), 201

    app.extensions["csrf"].exempt(bare_insert)
    return app, rows


def hand(n: int) -> dict:
    """A hand the bidder is set on, alternating sides, so a game never ends."""
    bidder = n % 2
    points = [0, 0]
    points[bidder], points[1 - bidder] = 10, 20
    return {"n": n, "bidder": bidder, "bid": 20, "points": points}


class HttpClient:
    """The test client's post(), over one kept-alive HTTP connection to gunicorn."""

    def __init__(self, port: int):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def post(self, path: str, json: dict, headers: dict | None = None):
        body = _json.dumps(json).encode()
        self.connection.request("POST", path, body, {"Content-Type": "application/json", **(headers or {})})
        response = self.connection.getresponse()
        return _Answer(response.status, response.read())


class _Answer:
    def __init__(self, status: int, raw: bytes):
        self.status_code, self.raw = status, raw

    def get_json(self):
        return _json.loads(self.raw)

    def get_data(self, as_text: bool = False):
        return self.raw.decode() if as_text else self.raw


def start_server(database_url: str | None, folder: str) -> tuple[subprocess.Popen, int]:
    """gunicorn with the project's settings, one worker, serving the app with the bare endpoint."""
    env = dict(os.environ)
    env.update(
        SECRET_KEY=SECRET_KEY,
        SCOREKEEPER_ENV="production",
        SESSION_COOKIE_SECURE="0",
        SCOREKEEPER_RATE_LIMITS="off",
        SCOREKEEPER_INSTANCE_PATH=folder,
        DATABASE_URL=database_url or f"sqlite:///{Path(folder) / 'record.sqlite3'}",
    )
    return start_gunicorn(env, "--workers", "1", "--pythonpath", str(ROOT / "benchmarks"), app="record:served_app()")


def measure(client, hands: int) -> tuple[list[float], list[float]]:
    time_bare(client, 20)  # warm both paths: imports, templates, connections
    time_api(client, 20)
    bare: list[float] = []
    api: list[float] = []
    recording, storing = api_requests(client), bare_requests(client)
    # In turns of BLOCK requests of each, so that a busy moment of the machine weighs on both alike, while each
    # path runs long enough to be measured as it runs on its own (taking turns request by request would slow the
    # bare insert by a tenth, and flatter the ratio).
    for _ in range(max(1, hands // BLOCK)):
        bare += [next(storing) for _ in range(BLOCK)]
        api += [next(recording) for _ in range(BLOCK)]
    return bare, api


def report(label: str, bare: list[float], api: list[float]) -> dict:
    """Print the two paths' times and their ratio; return them as figures."""
    p50_bare, p50_api = statistics.median(bare) * 1000, statistics.median(api) * 1000
    ratio = p50_api / p50_bare
    print(label)
    print(f"  bare insert of one row        p50 {p50_bare:6.2f} ms   p95 {_p95(bare):6.2f} ms")
    print(f"  record a hand through the API p50 {p50_api:6.2f} ms   p95 {_p95(api):6.2f} ms")
    print(f"  ratio (p50) {ratio:.2f}x; aim at most {AIM}x: {'met' if ratio <= AIM else 'not met'}")
    return {
        "bare_p50_ms": round(p50_bare, 2),
        "record_p50_ms": round(p50_api, 2),
        "bare_p95_ms": round(_p95(bare), 2),
        "record_p95_ms": round(_p95(api), 2),
        "ratio": round(ratio, 2),
        "aim_met": ratio <= AIM,
    }


def time_api(client, hands: int) -> list[float]:
    recording = api_requests(client)
    return [next(recording) for _ in range(hands)]


def time_bare(client, hands: int) -> list[float]:
    storing = bare_requests(client)
    return [next(storing) for _ in range(hands)]


def api_requests(client) -> Iterator[float]:
    """Record hand after hand through the API, games of HANDS_PER_GAME hands; yield the time each took."""
    for i in itertools.count():
        n = i % HANDS_PER_GAME + 1
        if n == 1:
            game = client.post("/api/v1/games", json={"sides": SIDES}).get_json()
            headers = {"Authorization": f"Bearer {game['edit_token']}"}
        start = time.perf_counter()
        response = client.post(f"/api/v1/games/{game['id']}/hands", json=hand(n), headers=headers)
        yield time.perf_counter() - start
        assert response.status_code == 201, (response.status_code, response.get_data(as_text=True))


def bare_requests(client) -> Iterator[float]:
    """Insert row after row through the bare endpoint; yield the time each took."""
    for i in itertools.count():
        n = i % HANDS_PER_GAME + 1
        start = time.perf_counter()
        response = client.post(f"/benchmark/rows/g{i // HANDS_PER_GAME}", json=hand(n))
        yield time.perf_counter() - start
        assert response.status_code == 201, response.status_code


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--database-url", default=os.environ.get("BENCHMARK_DATABASE_URL"))
    args = parser.parse_args()
    database = (args.database_url or "sqlite").split(":")[0]
    print(f"machine: {os.cpu_count()} cores; database: {database}; {args.hands} hands each")
    load_at_start = round(os.getloadavg()[0], 1)
    with tempfile.TemporaryDirectory() as folder:
        server, port = start_server(args.database_url, folder)
        try:
            http = report(
                "over HTTP (gunicorn, 1 worker, the project's settings)", *measure(HttpClient(port), args.hands)
            )
        finally:
            stop(server)
    with tempfile.TemporaryDirectory() as folder:
        app, rows = build_app(args.database_url, folder)
        in_process = report("in process (Flask test client)", *measure(app.test_client(), args.hands))
        with app.app_context():
            rows.drop(db.engine)
            db.engine.dispose()
    figures.write(
        "record" if database == "sqlite" else "record-postgresql",
        {
            "database": "SQLite" if database == "sqlite" else "PostgreSQL",
            "hands": args.hands,
            "turn": BLOCK,
            "hands_a_game": HANDS_PER_GAME,
            "aim_ratio": AIM,
            "load_at_start": load_at_start,
            "over_http": http,
            "in_process": in_process,
        },
    )
    return 0


def _p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] * 1000


if __name__ == "__main__":
    sys.exit(main())
