"""Weigh the score sheet of a 60-hand game: the page and every CSS and JS file it loads, raw and gzipped.

Run: .venv/bin/python benchmarks/page_weight.py
Budget: a phone's first visit downloads at most 30 KB compressed (htmx included). The service worker
and what it keeps for no signal are fetched after the page has loaded, and are weighed on lines of
their own, outside the budget.
"""

from __future__ import annotations

import gzip
import re
import sys
import tempfile
from pathlib import Path

import flask_migrate
from flask import url_for

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper import create_app  # noqa: E402
from scorekeeper.rules import HandEntry, Side  # noqa: E402
from scorekeeper.store import games as services  # noqa: E402

BUDGET_BYTES = 30 * 1024
HANDS = 60


def build_game(app) -> str:
    """Store a 60-hand game in which nobody reaches the target; return its sheet's path."""
    with app.app_context():
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


def assets(page: str) -> list[str]:
    """Return the same-site CSS and JS the page loads."""
    found = re.findall(r'<link rel="stylesheet" href="([^"]+)"', page)
    found += re.findall(r'<script src="([^"]+)"', page)
    return list(dict.fromkeys(found))


def after_load(app, client, loaded: set[str]) -> list[tuple[str, list[bytes]]]:
    """Weigh what app.js starts once the page has loaded (offline-page.js): the worker with Workbox, then its first fill."""
    from scorekeeper.web.offline import views as offline

    def get(url: str) -> bytes:
        response = client.get(url)
        assert response.status_code == 200, (url, response.status_code)
        body = response.get_data()
        response.close()
        return body

    with app.test_request_context():
        workbox = [f"/static/{name}" for name in offline.workbox_files()]
        more = url_for("static", filename="offline-page.js")
        shell = [entry["url"] for entry in offline.precache_entries() if entry["url"] not in loaded | {more}]
        warm = [url_for(endpoint) for endpoint in offline.WARM_PAGES]
    return [
        (more, [get(more)]),
        ("service worker and Workbox (sw.js + 4 files)", [get("/sw.js")] + [get(url) for url in workbox]),
        (f"app shell not yet on the phone ({len(shell)} files)", [get(url) for url in shell]),
        ("home, rule book and referee pages", [get(url) for url in warm]),
    ]


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(
            {
                "SECRET_KEY": "page-weight-benchmark-key-not-for-serving",
                "SQLALCHEMY_DATABASE_URI": f"sqlite:///{Path(folder) / 'weight.sqlite3'}",
            }
        )
        with app.app_context():
            flask_migrate.upgrade()
        path = build_game(app)
        client = app.test_client()
        response = client.get(path)
        assert response.status_code == 200, response.status_code
        page = response.get_data()
        rows = [("sheet page (60 hands)", page)]
        for url in assets(page.decode()):
            asset = client.get(url)
            assert asset.status_code == 200, (url, asset.status_code)
            rows.append((url, asset.get_data()))
            asset.close()
        later = after_load(app, client, {url for url, _body in rows})

    raw_total = gz_total = 0
    print(f"{'what':<44} {'raw':>9} {'gzip':>9}")
    for name, body in rows:
        raw, gz = len(body), len(gzip.compress(body, compresslevel=6))
        raw_total += raw
        gz_total += gz
        print(f"{name:<44} {raw:>9,} {gz:>9,}")
    print(f"{'first load':<44} {raw_total:>9,} {gz_total:>9,}")
    verdict = "within" if gz_total <= BUDGET_BYTES else "OVER"
    print(f"first load {gz_total / 1024:.1f} KB compressed; budget {BUDGET_BYTES / 1024:.0f} KB: {verdict}")
    print("after the page has loaded (not in the budget): the service worker, then what it keeps for no signal")
    for name, bodies in later:
        raw, gz = sum(len(b) for b in bodies), sum(len(gzip.compress(b, compresslevel=6)) for b in bodies)
        print(f"{name:<44} {raw:>9,} {gz:>9,}")
    return 0 if gz_total <= BUDGET_BYTES else 1


if __name__ == "__main__":
    raise SystemExit(main())
