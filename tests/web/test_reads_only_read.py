"""A GET or HEAD never writes: every page, poll, download and API read of the app is opened, and no row changes.

The app is crawled route by route from its own URL map, with every token a
player may hold (a game's edit and view links, a party's director and table
links), on a game with hands and a card party whose table kept a sheet that
was won, the case that once wrote on reading. Every SQL statement run while
answering is watched: an INSERT, UPDATE or DELETE fails the test.
"""

from __future__ import annotations

import itertools

from sqlalchemy import event, select

from scorekeeper.party import Couple, PartySetup
from scorekeeper.platform.extensions import db
from scorekeeper.store import parties as store
from scorekeeper.store.models import PartyEntry
from tests._support.crawl import get_urls

WRITES = ("insert", "update", "delete", "replace", "upsert", "merge")


def statements_while(app, action) -> list[str]:
    """Run *action* and return the SQL statements that changed rows meanwhile."""
    seen: list[str] = []

    def watch(conn, cursor, statement, parameters, context, executemany):
        if statement.lstrip().lower().startswith(WRITES):
            seen.append(statement.split("\n")[0][:120])

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", watch)
    try:
        action()
    finally:
        event.remove(engine, "before_cursor_execute", watch)
    return seen


def crawl(client, app, values) -> dict[str, list[str]]:
    """Open every GET route with GET and HEAD; return the ones that wrote, with what they wrote."""
    wrote = {}
    for url in get_urls(app, values):
        for method in (client.get, client.head):
            found = statements_while(app, lambda method=method, url=url: method(url))
            if found:
                wrote[f"{method.__name__.upper()} {url}"] = found
    return wrote


def test_no_get_or_head_writes_a_row(client, app, everything):
    assert len(get_urls(app, everything)) > 40
    assert crawl(client, app, everything) == {}


def test_the_crawl_catches_a_page_that_writes(client, app):
    numbers = itertools.count(999)

    @app.get("/games/<game_id>/<token>/peek")
    def peek(game_id, token):
        db.session.add(PartyEntry(party_id=party_id, n=next(numbers), kind="close", data={}))
        db.session.commit()
        return "seen"

    with app.app_context():
        party_id = store.create(PartySetup(name="Peek", games=2), [Couple("A"), Couple("B")]).id
    values = {
        "club_id": ["c"],
        "game_id": ["g"],
        "token": ["t"],
        "party_id": ["p"],
        "table_id": ["tb"],
        "number": [1],
        "n": [1],
        "filename": ["x"],
        "action": ["close"],
        "what": ["tents"],
    }
    wrote = crawl(client, app, values)
    assert list(wrote) == ["GET /games/g/t/peek", "HEAD /games/g/t/peek"]
    with app.app_context():
        assert db.session.scalars(select(PartyEntry.n).where(PartyEntry.n >= 999)).all() == [999, 1000]
