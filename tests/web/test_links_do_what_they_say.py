"""Every link does only what it says: a link to watch a game, a table's view link and a club's public link change
nothing, on any table or club write, page or API.

The writes are found in the app's own routes, so a write added later is tried too.
"""

from __future__ import annotations

import pytest
from flask import url_for
from sqlalchemy import select

from scorekeeper.platform.extensions import db
from tests._support.app import SIDES
from tests._support.parties import post

WRITES = {"POST", "PUT", "PATCH", "DELETE"}
# Writes that make something new and need no link at all (each limited per address): nothing existing to change.
CREATIONS = {
    "tables.new",
    "tables.import_table",
    "clubs.new",
    "api.create_table",
    "api.import_table",
    "api.create_club",
}


def everything(app) -> list[tuple[str, list[tuple]]]:
    """Every row of every table of the database, in a stable order."""
    with app.app_context():
        db.session.expire_all()
        dump = []
        for table in db.metadata.sorted_tables:
            rows = db.session.execute(select(table)).all()
            dump.append((table.name, sorted(tuple(map(repr, row)) for row in rows)))
        db.session.rollback()
        return dump


@pytest.fixture
def held(client, csrf, app):
    """A game, a table holding it (by its edit link), a club with four members and an evening with one couple."""
    game = client.post("/api/v1/games", json={"rules": "new-england", "sides": SIDES}).get_json()
    table = client.post("/api/v1/tables", json={"name": "Tuesday", "players": ["Ann", "Bob"]}).get_json()
    edit = {"Authorization": f"Bearer {table['edit_token']}"}
    added = client.post(
        f"/api/v1/tables/{table['id']}/games", json={"game": game["id"], "token": game["edit_token"]}, headers=edit
    )
    assert added.status_code == 201
    club = client.post("/api/v1/clubs", json={"name": "Fire Hall"}).get_json()
    director = {"Authorization": f"Bearer {club['edit_token']}"}
    for name in ("Mary", "Angus", "Flora", "John"):
        assert client.post(f"/api/v1/clubs/{club['id']}/members", json={"name": name}, headers=director).status_code
    evening = client.post(
        f"/api/v1/clubs/{club['id']}/evenings", json={"games": 4, "couples": [[1, 2]]}, headers=director
    )
    assert evening.status_code == 201, evening.get_json()
    return {"game": game, "table": table, "club": club, "party_id": evening.get_json()["party_id"]}


def wrong_links(held) -> dict[str, str]:
    """What a phone may hold that opens less than a change: a game's view link, a table's, a club's public link."""
    return {
        "game view link": held["game"]["view_token"],
        "table view link": held["table"]["view_token"],
        # The club's public link holds nothing but the club's id.
        "club public link": held["club"]["id"],
    }


def table_and_club_writes(app) -> list[tuple[str, str, str]]:
    """(endpoint, method, rule) of every write of tables and clubs, pages and API."""
    found = []
    for rule in app.url_map.iter_rules():
        methods = (rule.methods or set()) & WRITES
        area = rule.endpoint.partition(".")[0]
        about = area in ("tables", "clubs") or (
            area == "api" and rule.rule.startswith(("/api/v1/tables", "/api/v1/clubs"))
        )
        if not methods or not about or rule.endpoint in CREATIONS:
            continue
        found.extend((rule.endpoint, method, rule.rule) for method in sorted(methods))
    return found


def test_every_table_and_club_write_is_tried(app):
    writes = table_and_club_writes(app)
    endpoints = {endpoint for endpoint, _method, _rule in writes}
    # The finding's own doors, and the desk's, are among them.
    assert {"api.tables_add_game", "api.tables_delete", "tables.add_game", "tables.delete"} <= endpoints
    assert {"clubs.desk_couples", "clubs.save_pots", "api.add_club_member", "api.change_club"} <= endpoints
    assert len(writes) >= 25


def _address(app, endpoint: str, held, token: str) -> str:
    values = {
        "table_id": held["table"]["id"],
        "club_id": held["club"]["id"],
        "party_id": held["party_id"],
        "game_id": held["game"]["id"],
        "person_id": "p1",
        "number": 1,
        "merge_id": 1,
        "n": 0,
        "token": token,
    }
    with app.test_request_context():
        rule = next(r for r in app.url_map.iter_rules() if r.endpoint == endpoint)
        return url_for(endpoint, **{k: v for k, v in values.items() if k in rule.arguments})


def _form(held) -> dict[str, object]:
    """One form that fills every field of every table and club write, each with something it would take."""
    game = held["game"]
    return {
        "name": "Zed",
        "players": "Zed",
        "link": f"http://localhost/games/{game['id']}/{game['edit_token']}",
        "confirm": "y",
        "with_games": "y",
        "into": "p2",
        "member": ["3", "4"],
        "action": "couple",
        "couple": "1",
        "slot": "1",
        "number": "3",
        "entry_fee": "7.00",
        "cookie_jar": "1.00",
        "fifty_fifty": "20.00",
        "jackpot_added": "5.00",
        "players_paid": "8",
        "held_on": "2026-11-27",
        "games": "4",
        "prizes": "2",
        "kind": "one-hand",
        "currency": "USD",
    }


def _json(held) -> dict[str, object]:
    game = held["game"]
    return {"name": "Zed", "game": game["id"], "token": game["edit_token"], "into": "p2", "active": False}


@pytest.mark.parametrize("holding", ["game view link", "table view link", "club public link"])
def test_no_link_but_the_edit_link_changes_a_table_or_a_club(app, client, csrf, held, holding):
    token = wrong_links(held)[holding]
    tried = 0
    for endpoint, method, _rule in table_and_club_writes(app):
        before = everything(app)
        if endpoint.startswith("api."):
            path = _address(app, endpoint, held, token)
            answer = client.open(path, method=method, json=_json(held), headers={"Authorization": f"Bearer {token}"})
        else:
            path = _address(app, endpoint, held, token)
            # A real form token of this phone: the refusal must come from the link, not from the form's age.
            form = {"csrf_token": csrf(client, "/tables/new"), **_form(held)}
            answer = client.open(path, method=method, data=form)
        assert 400 <= answer.status_code < 500, (endpoint, method, answer.status_code)
        assert everything(app) == before, (endpoint, method, holding)
        tried += 1
    assert tried >= 25


def test_a_game_joins_a_table_only_by_its_edit_link(client, csrf, app, held):
    table, game = held["table"], held["game"]
    other = client.post("/api/v1/games", json={"rules": "new-england", "sides": SIDES}).get_json()
    edit = {"Authorization": f"Bearer {table['edit_token']}"}
    before = everything(app)
    answer = client.post(
        f"/api/v1/tables/{table['id']}/games", json={"game": other["id"], "token": other["view_token"]}, headers=edit
    )
    assert answer.status_code == 403
    assert "view token" in answer.get_json()["error"]["message"]
    page = f"/tables/{table['id']}/{table['edit_token']}"
    refused = post(
        client, page + "/add-game", page, {"link": f"http://localhost/games/{other['id']}/view/{other['view_token']}"}
    )
    assert refused.status_code == 403
    assert everything(app) == before
    assert game["id"] != other["id"]


def test_deleting_a_table_with_its_games_keeps_those_it_could_only_show(client, app, held):
    """A game added with its view link before that was refused stays, and the answer names it."""
    from scorekeeper.store.models import TableGame

    table, game = held["table"], held["game"]
    other = client.post("/api/v1/games", json={"rules": "new-england", "sides": SIDES}).get_json()
    edit = {"Authorization": f"Bearer {table['edit_token']}"}
    added = client.post(
        f"/api/v1/tables/{table['id']}/games", json={"game": other["id"], "token": other["edit_token"]}, headers=edit
    )
    assert added.status_code == 201
    with app.app_context():  # as a table kept before the edit link was asked for holds it
        link = db.session.scalars(select(TableGame).where(TableGame.game_id == other["id"])).one()
        link.editable = False
        db.session.commit()
    answer = client.delete(f"/api/v1/tables/{table['id']}?games=true", headers=edit)
    assert answer.status_code == 200
    assert answer.get_json() == {"deleted_games": [game["id"]], "kept_games": [{"id": other["id"], "why": "view-only"}]}
    assert client.get(f"/api/v1/games/{other['id']}").status_code == 200
    assert client.get(f"/api/v1/games/{game['id']}").status_code == 404


def test_the_delete_page_names_the_games_that_stay(client, csrf, app, held):
    from scorekeeper.store.models import TableGame

    table, game = held["table"], held["game"]
    with app.app_context():
        link = db.session.scalars(select(TableGame).where(TableGame.game_id == game["id"])).one()
        link.editable = False
        db.session.commit()
    page = f"/tables/{table['id']}/{table['edit_token']}/delete"
    shown = client.get(page).get_data(as_text=True)
    assert "This game stays even with the second box ticked" in shown
    assert f"/games/{game['id']}/view/{game['view_token']}" in shown
    done = post(client, page, page, {"confirm": "y", "with_games": "y"})
    assert done.status_code == 303
    home = client.get(done.headers["Location"]).get_data(as_text=True)
    assert "1 game stayed" in home
    assert client.get(f"/api/v1/games/{game['id']}").status_code == 200
