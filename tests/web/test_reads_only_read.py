"""A GET or HEAD never writes: every page, poll, download and API read of the app is opened, and no row changes.

The app is crawled route by route from its own URL map, with every token a
player may hold (a game's edit and view links, a party's director and table
links), on a game with hands and a card party whose table kept a sheet that
was won, the case that once wrote on reading. Every SQL statement run while
answering is watched: an INSERT, UPDATE or DELETE fails the test.
"""

from __future__ import annotations

import itertools

import pytest
from sqlalchemy import event, select
from werkzeug.routing import BuildError

from scorekeeper.party import Couple, PartySetup
from scorekeeper.platform.extensions import db
from scorekeeper.store import parties as store
from scorekeeper.store.models import PartyEntry
from tests.conftest import SIDES
from tests.web.test_parties import new_party, post, start, table_path

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


def get_urls(app, values: dict[str, list]) -> list[str]:
    """Every GET route of the app, built with every combination of the given values for its arguments."""
    adapter = app.url_map.bind("localhost")
    urls = []
    for rule in app.url_map.iter_rules():
        if "GET" not in (rule.methods or ()) or rule.endpoint == "static":
            continue
        missing = [name for name in rule.arguments if name not in values]
        assert not missing, f"{rule.rule}: the crawl has no value for {missing}: add one"
        names = sorted(rule.arguments)
        for combination in itertools.product(*(values[name] for name in names)):
            try:
                urls.append(adapter.build(rule.endpoint, dict(zip(names, combination, strict=True))))
            except BuildError:
                continue
    return urls


def crawl(client, app, values) -> dict[str, list[str]]:
    """Open every GET route with GET and HEAD; return the ones that wrote, with what they wrote."""
    wrote = {}
    for url in get_urls(app, values):
        for method in (client.get, client.head):
            found = statements_while(app, lambda method=method, url=url: method(url))
            if found:
                wrote[f"{method.__name__.upper()} {url}"] = found
    return wrote


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
    post(client, desk + "/start", desk)
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
    }


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
    }
    wrote = crawl(client, app, values)
    assert list(wrote) == ["GET /games/g/t/peek", "HEAD /games/g/t/peek"]
    with app.app_context():
        assert db.session.scalars(select(PartyEntry.n).where(PartyEntry.n >= 999)).all() == [999, 1000]
