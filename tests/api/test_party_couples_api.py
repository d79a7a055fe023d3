"""A party's couples through the API: a late couple, a couple gone home, and who sits out (the rules of the evening, docs/players/card-parties.md)."""

from __future__ import annotations

import pytest

COUPLES = [{"name": f"Couple {i}", "players": [f"A{i}", f"B{i}"]} for i in range(5)]


@pytest.fixture
def party(client):
    response = client.post("/api/v1/parties", json={"name": "Legion, Friday", "games": 6, "couples": COUPLES})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def auth(party, token=None):
    return {"Authorization": f"Bearer {token or party['edit_token']}"}


def state_of(client, party):
    return client.get(f"/api/v1/parties/{party['id']}").get_json()


def finish_game(client, party):
    """Every table of the game being played is won by the couple that deals first."""
    state = state_of(client, party)
    for table in state["seating"]:
        body = {"game": state["game"], "table": table["table"], "winner": table["deals_first"]}
        response = client.post(f"/api/v1/parties/{party['id']}/results", json=body, headers=auth(party))
        assert response.status_code == 201, response.get_json()
    return state_of(client, party)


def gone(client, party, index, token=None):
    return client.post(f"/api/v1/parties/{party['id']}/couples/{index}/gone", json={}, headers=auth(party, token))


def late(client, party, body, token=None):
    return client.post(f"/api/v1/parties/{party['id']}/couples", json=body, headers=auth(party, token))


def test_the_next_couple_in_turn_sits_out_after_couples_go_home(client, party):
    """The issue's evening: couple 3 goes after game 1, couple 1 after game 2; couple 0 sits out game 3."""
    assert party["state"]["sits_out"] == 4
    assert gone(client, party, 3).status_code == 200
    assert finish_game(client, party)["sits_out"] is None
    response = gone(client, party, 1)
    assert response.status_code == 200
    assert response.get_json()["state"]["couples"][1]["gone_from"] == 3
    state = finish_game(client, party)
    assert state["game"] == 3
    assert state["sits_out"] == 0
    assert sorted(c for t in state["seating"] for c in t["couples"]) == [2, 4]


def test_a_late_couple_plays_from_the_next_game_beside_the_couple_that_sat_out(client, party):
    response = late(client, party, {"name": "Bea & Don", "players": ["Bea", "Don"]})
    assert response.status_code == 201
    body = response.get_json()
    assert body["couple"] == 5
    assert body["state"]["couples"][5] == {
        "name": "Bea & Don",
        "players": ["Bea", "Don"],
        "joined": 2,
        "gone_from": None,
    }
    assert all(5 not in t["couples"] for t in body["state"]["seating"])  # not in the game being played
    state = finish_game(client, party)
    assert {"table": 3, "couples": [4, 5], "deals_first": 4} in state["seating"]
    assert state["sits_out"] is None


def test_a_couple_already_gone_is_409_and_nothing_changes(client, party):
    assert gone(client, party, 2).status_code == 200
    before = state_of(client, party)
    response = gone(client, party, 2)
    assert response.status_code == 409
    assert response.get_json()["error"]["field"] == "couple"
    assert state_of(client, party)["version"] == before["version"]


@pytest.mark.parametrize("index", ["9", "-1", "two"])
def test_gone_for_a_couple_that_is_not_there_is_404(client, party, index):
    response = gone(client, party, index)
    assert response.status_code == 404
    assert response.get_json()["error"]["field"] == "couple"
    assert all(c["gone_from"] is None for c in state_of(client, party)["couples"])


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({}, "name"),
        ({"name": "   "}, "name"),
        ({"name": 7}, "name"),
        ({"name": "x" * 200}, "name"),
        ({"name": "Ann & Cy", "players": ["Ann", "Cy", "Di"]}, "players"),
        ({"name": "Ann & Cy", "age": 3}, "age"),
    ],
)
def test_a_late_couple_that_makes_no_sense_is_refused_and_nothing_changes(client, party, body, field):
    response = late(client, party, body)
    assert response.status_code in (400, 422)
    assert response.get_json()["error"]["field"] == field
    assert len(state_of(client, party)["couples"]) == 5


def test_no_couple_may_join_while_the_last_game_is_played(client):
    body = {"name": "Short evening", "games": 2, "couples": COUPLES[:4]}
    party = client.post("/api/v1/parties", json=body).get_json()
    finish_game(client, party)
    response = late(client, party, {"name": "Too late"})
    assert response.status_code == 422
    assert response.get_json()["error"]["field"] == "couples"
    assert "last game" in response.get_json()["error"]["message"]
    assert len(state_of(client, party)["couples"]) == 4


def test_couple_writes_need_the_edit_token(client, party):
    assert late(client, party, {"name": "Bea & Don"}, token="wrong").status_code == 403
    assert gone(client, party, 1, token="wrong").status_code == 403
    assert client.post(f"/api/v1/parties/{party['id']}/couples/1/gone", json={}).status_code == 401
    assert client.post(f"/api/v1/parties/{party['id']}/couples/1/gone", headers=auth(party)).status_code == 415
    assert len(state_of(client, party)["couples"]) == 5


def test_the_openapi_document_has_the_couples_endpoints(client):
    document = client.get("/api/v1/openapi.json").get_json()
    paths = document["paths"]
    assert "post" in paths["/api/v1/parties/{party_id}/couples"]
    assert "post" in paths["/api/v1/parties/{party_id}/couples/{index}/gone"]
    assert "LateCouple" in document["components"]["schemas"]
    assert "sits_out" in document["components"]["schemas"]["Party"]["properties"]


def back(client, party, index, token=None, **headers):
    return client.post(
        f"/api/v1/parties/{party['id']}/couples/{index}/back", json={}, headers={**auth(party, token), **headers}
    )


def test_a_couple_marked_gone_by_mistake_comes_back_until_the_next_game_is_seated(client, party):
    assert gone(client, party, 2).status_code == 200
    response = back(client, party, 2)
    assert response.status_code == 200
    assert response.get_json()["state"]["couples"][2]["gone_from"] is None
    again = back(client, party, 2)
    assert again.status_code == 409 and again.get_json()["error"]["code"] == "not-gone"
    assert gone(client, party, 2).status_code == 200
    state = finish_game(client, party)
    assert 2 not in [c for t in state["seating"] for c in t["couples"]] and state["sits_out"] != 2
    late_ = back(client, party, 2)
    assert late_.status_code == 422
    error = late_.get_json()["error"]
    assert error["code"] == "gone-seated" and error["field"] == "couple"
    assert "Game 2 is seated without Couple 2" in error["message"]
    assert state_of(client, party)["couples"][2]["gone_from"] == 2


def test_a_refusal_carries_its_code_and_its_sentence_in_the_requests_language(client, party):
    assert gone(client, party, 2).status_code == 200
    english = gone(client, party, 2).get_json()["error"]
    french = client.post(
        f"/api/v1/parties/{party['id']}/couples/2/gone", json={}, headers={**auth(party), "Accept-Language": "fr"}
    ).get_json()["error"]
    assert english["code"] == french["code"] == "already-gone"
    assert english["message"] == "Couple 2 are already marked gone"
    assert french["message"] == "Couple 2 sont déjà marqués comme partis"


def test_couple_back_needs_the_edit_token_and_is_documented(client, party):
    assert gone(client, party, 1).status_code == 200
    assert back(client, party, 1, token="wrong").status_code == 403
    assert client.post(f"/api/v1/parties/{party['id']}/couples/1/back", json={}).status_code == 401
    assert back(client, party, 9).status_code == 404
    assert state_of(client, party)["couples"][1]["gone_from"] == 2
    paths = client.get("/api/v1/openapi.json").get_json()["paths"]
    assert paths["/api/v1/parties/{party_id}/couples/{index}/back"]["post"]["operationId"] == "coupleBack"
