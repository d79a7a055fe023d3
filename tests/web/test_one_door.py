"""One door: a hand from the sheet page, the offline queue, the API or a party table's sheet is recorded alike.

Each channel reads the hand its own way (a form, a queued form, JSON) and then
goes through ``store.games.record``, which checks the token itself: the same
stored row and the same answer, whichever way it came.
"""

from __future__ import annotations

import pytest
from sqlalchemy import select

from scorekeeper.platform.extensions import db
from scorekeeper.rules import HAND_FIELDS, HandEntry
from scorekeeper.store import games as services
from scorekeeper.store import parties as party_store
from scorekeeper.store.models import Access, Hand
from scorekeeper.store.outcomes import Outcome
from tests._support.app import SIDES
from tests._support.parties import new_party, post, start, table_path

# Us bid 20 and took three tricks and the high: 20 for us, 10 for them.
FORM = {"n": "1", "bidder": "0", "bid": "20", "by": "tricks", "tricks": "3", "high": "0"}
JSON = {"n": 1, "bidder": 0, "bid": 20, "tricks": [3, 2], "high": 0}


@pytest.fixture
def doors(monkeypatch):
    """Every call of the one door, by the channel's request path."""
    calls = []
    real = services.record

    def record(game_id, token, entry, n, **seen):
        from flask import request

        calls.append(request.path)
        return real(game_id, token, entry, n, **seen)

    monkeypatch.setattr(services, "record", record)
    return calls


def new_game(client) -> tuple[str, str]:
    body = client.post("/api/v1/games", json={"rules": "new-england", "sides": SIDES}).get_json()
    return body["id"], body["edit_token"]


def party_sheet(client, csrf, app) -> tuple[str, str]:
    """A card party's table keeping its game's score sheet (played to 120): the sheet's id and edit token."""
    director = new_party(client, csrf, couples=4, kind="play-to", play_to="120").headers["Location"]
    start(client, director)
    table = table_path(app, director.split("/")[2], 1)
    opened = post(client, table + "/sheet", table)
    _, _, game_id, token = opened.headers["Location"].split("/")
    return game_id, token


def stored_hand(app, game_id: str) -> dict:
    with app.app_context():
        row = db.session.scalars(select(Hand).where(Hand.game_id == game_id)).one()
        return {name: getattr(row, name) for name in ("n", *HAND_FIELDS)}


def test_every_channel_records_the_same_hand_through_the_same_door(client, app, csrf, doors):
    answers = {}

    game_id, token = new_game(client)
    sheet = f"/games/{game_id}/{token}"
    page = client.post(sheet + "/hands", data={**FORM, "csrf_token": csrf(client, sheet)})
    assert page.status_code == 303
    answers["page"] = (game_id, client.get(page.headers["Location"]).get_data(as_text=True))

    game_id, token = new_game(client)
    sheet = f"/games/{game_id}/{token}"
    htmx = client.post(
        sheet + "/hands", data={**FORM, "csrf_token": csrf(client, sheet)}, headers={"HX-Request": "true"}
    )
    assert htmx.status_code == 200
    answers["htmx"] = (game_id, htmx.get_data(as_text=True))

    game_id, token = new_game(client)
    sheet = f"/games/{game_id}/{token}"
    queued = client.post(sheet + "/hands/queued", data={**FORM, "csrf_token": csrf(client, sheet)})
    assert queued.status_code == 201
    assert queued.get_json() == {"outcome": "recorded", "n": 1, "message": "Hand 1 recorded."}
    answers["queue"] = (game_id, None)

    game_id, token = new_game(client)
    api = client.post(f"/api/v1/games/{game_id}/hands", json=JSON, headers={"Authorization": f"Bearer {token}"})
    assert api.status_code == 201
    assert api.get_json()["state"]["scores"] == [20, 10]
    answers["api"] = (game_id, None)

    game_id, token = party_sheet(client, csrf, app)
    sheet = f"/games/{game_id}/{token}"
    table = client.post(sheet + "/hands", data={**FORM, "csrf_token": csrf(client, sheet)})
    assert table.status_code == 303
    answers["party table"] = (game_id, client.get(table.headers["Location"]).get_data(as_text=True))

    assert len(doors) == 5
    rows = {channel: stored_hand(app, game_id) for channel, (game_id, _) in answers.items()}
    assert all(row == rows["api"] for row in rows.values()), rows
    assert rows["api"]["bid"] == 20 and rows["api"]["tricks"] == [3, 2] and rows["api"]["high"] == 0
    for channel in ("page", "htmx", "party table"):
        assert "Hand 1 recorded." in answers[channel][1], channel


def test_the_same_hand_twice_is_saved_once_whichever_channel_sends_it_again(client, app, csrf, doors):
    game_id, token = new_game(client)
    sheet = f"/games/{game_id}/{token}"
    assert client.post(sheet + "/hands", data={**FORM, "csrf_token": csrf(client, sheet)}).status_code == 303
    queued = client.post(sheet + "/hands/queued", data={**FORM, "csrf_token": csrf(client, sheet)})
    api = client.post(f"/api/v1/games/{game_id}/hands", json=JSON, headers={"Authorization": f"Bearer {token}"})
    page = client.post(sheet + "/hands", data={**FORM, "csrf_token": csrf(client, sheet)})
    assert len(doors) == 4
    assert queued.status_code == 200 and queued.get_json()["outcome"] == "recorded"
    assert api.status_code == 409 and "saved once" in api.get_json()["error"]["message"]
    assert page.status_code == 409 and "saved once" in page.get_data(as_text=True)
    with app.app_context():
        assert len(db.session.scalars(select(Hand).where(Hand.game_id == game_id)).all()) == 1


def test_a_refused_hand_is_refused_at_the_bid_on_every_channel_and_changes_nothing(client, app, csrf):
    game_id, token = new_game(client)
    sheet = f"/games/{game_id}/{token}"
    # A slam is not a bid of the New England game.
    slam = {**JSON, "bid": "slam"}
    api = client.post(f"/api/v1/games/{game_id}/hands", json=slam, headers={"Authorization": f"Bearer {token}"})
    assert api.status_code == 422
    assert api.get_json()["error"] == {
        "field": "bid",
        "message": "A slam bid is not played under this game's rules",
        "code": "bid-not-played",
    }
    page = client.post(sheet + "/hands", data={**FORM, "bid": "slam", "csrf_token": csrf(client, sheet)})
    assert page.status_code == 422
    assert 'role="alert">Tap one of the bids shown.</p>' in page.get_data(as_text=True)
    queued = client.post(sheet + "/hands/queued", data={**FORM, "bid": "slam", "csrf_token": csrf(client, sheet)})
    assert queued.status_code == 422 and queued.get_json()["field"] == "bid"
    with app.app_context():
        assert db.session.scalars(select(Hand).where(Hand.game_id == game_id)).all() == []


def test_a_copy_sent_again_after_another_phone_undid_that_hand_is_not_brought_back(client, app, csrf):
    """Phone A keeps hand 1 with no signal; phone B records the same hand and undoes it; A's copy arrives."""
    game_id, token = new_game(client)
    sheet = f"/games/{game_id}/{token}"
    kept = {**FORM, "csrf_token": csrf(client, sheet), "version": "1"}  # the sheet A had open
    headers = {"Authorization": f"Bearer {token}"}
    assert client.post(f"/api/v1/games/{game_id}/hands", json=JSON, headers=headers).status_code == 201
    assert client.delete(f"/api/v1/games/{game_id}/hands/last", headers=headers).status_code == 200
    resent = client.post(sheet + "/hands/queued", data=kept)
    assert resent.status_code == 409
    assert resent.get_json()["outcome"] == "undone"
    assert resent.get_json()["message"].startswith("Hand 1 was undone on another phone")
    page = client.post(sheet + "/hands", data=kept)
    assert page.status_code == 409 and "was undone on another phone" in page.get_data(as_text=True)
    with app.app_context():
        assert db.session.scalars(select(Hand).where(Hand.game_id == game_id)).all() == []
    # The sheet as it is now (after the undo) may enter that hand again: the undo is behind it.
    again = client.post(sheet + "/hands", data={**FORM, "csrf_token": csrf(client, sheet), "version": "3"})
    assert again.status_code == 303
    # A different hand 1 from the old sheet is no copy of the undone one: it is recorded.
    other_game, other_token = new_game(client)
    other = f"/games/{other_game}/{other_token}"
    auth = {"Authorization": f"Bearer {other_token}"}
    client.post(f"/api/v1/games/{other_game}/hands", json=JSON, headers=auth)
    client.delete(f"/api/v1/games/{other_game}/hands/last", headers=auth)
    different = {**FORM, "bid": "25", "tricks": "5", "csrf_token": csrf(client, other), "version": "1"}
    assert client.post(other + "/hands/queued", data=different).status_code == 201


def test_the_sheet_form_carries_the_version_it_was_read_at(client, csrf):
    game_id, token = new_game(client)
    body = client.get(f"/games/{game_id}/{token}").get_data(as_text=True)
    assert 'name="version" value="1"' in body


# -- The door takes the key --------------------------------------------------------------


def test_the_door_records_a_hand_only_for_the_edit_token(client, app):
    """Every token but the edit token is turned away at the door itself, whichever channel forgot to ask."""
    game_id, token = new_game(client)
    with app.app_context():
        game = services.load_game(game_id)
        view = game.view_token
        entry = HandEntry.from_dict({k: v for k, v in JSON.items() if k != "n"})
        for wrong in (view, token[:-1] + ("A" if token[-1] != "A" else "B"), "", None, token.upper(), 42):
            turned = services.record(game_id, wrong, entry, 1)
            assert turned.outcome is Outcome.NOT_ALLOWED, wrong
            assert turned.state is None and not turned.saved
        assert services.record(game_id, view, entry, 1).access is Access.VIEW
        assert services.record("no-such-game", token, entry, 1).outcome is Outcome.NOT_FOUND
        assert db.session.scalars(select(Hand).where(Hand.game_id == game_id)).all() == []
        done = services.record(game_id, token, entry, 1)
        assert done.outcome is Outcome.RECORDED and tuple(done.standing.scores) == (20, 10)
        again = services.record(game_id, token, entry, 1)
        assert again.outcome is Outcome.DUPLICATE and again.saved
        assert len(db.session.scalars(select(Hand).where(Hand.game_id == game_id)).all()) == 1


def test_the_door_records_a_party_result_for_the_director_or_that_table_only(client, app, csrf):
    director = new_party(client, csrf, couples=4).headers["Location"]
    start(client, director)
    party_id, edit = director.split("/")[2], director.split("/")[3]
    with app.app_context():
        row, state = party_store.load(party_id)
        table_1, table_2 = party_store.table_token(row, 1), party_store.table_token(row, 2)
        winner = state.seatings[0].tables[0].seats[0]
        result = party_store.Reported(1, winner)
        for wrong in (table_2, row.hall_token, edit[:-1], "", None):
            turned = party_store.record(party_id, wrong, result, 1)
            assert turned.outcome is Outcome.NOT_ALLOWED and not turned.saved, wrong
        assert party_store.load(party_id)[1].winner(1, 1) is None
        assert party_store.record("nope", edit, result, 1).outcome is Outcome.NOT_FOUND
        done = party_store.record(party_id, table_1, result, 1)
        assert done.outcome is Outcome.RECORDED and done.standing.winner(1, 1) == winner
        again = party_store.record(party_id, edit, result, 1)
        assert again.outcome is Outcome.DUPLICATE and again.saved
        other = state.seatings[0].tables[0].seats[1]
        taken = party_store.record(party_id, table_1, party_store.Reported(1, other), 1)
        assert taken.outcome is Outcome.CONFLICT and taken.standing.winner(1, 1) == winner
        refused = party_store.record(party_id, edit, party_store.Reported(1, winner), 9)
        assert refused.outcome is Outcome.REFUSED and refused.refusal is not None
