"""The hand fields of the later house rules through the API: partner, offsuit_set, tie_break_side, 60 for 120."""

from __future__ import annotations

import pytest

CUT_THROAT_5 = [{"name": n, "players": [n]} for n in ("Ada", "Bea", "Cal", "Dot", "Eve")]
CUT_THROAT_3 = CUT_THROAT_5[:3]
PAIRS = [{"name": "Us", "players": ["Frank", "Fred"]}, {"name": "Them", "players": ["John", "Jim"]}]


def start(client, rules, sides=PAIRS, scores=None):
    body = {"rules": {"preset": "new-england", **rules}, "sides": sides}
    if scores is not None:
        body["scores"] = scores
    response = client.post("/api/v1/games", json=body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def record(client, game, hand):
    return client.post(
        f"/api/v1/games/{game['id']}/hands",
        json={"n": 1, **hand},
        headers={"Authorization": f"Bearer {game['edit_token']}"},
    )


def read(client, game):
    return client.get(f"/api/v1/games/{game['id']}").get_json()


def test_a_called_partner_shares_a_slam(client):
    game = start(client, {"call_for_partner": True, "slam": True}, CUT_THROAT_5)
    response = record(client, game, {"bidder": 0, "bid": "slam", "partner": 3, "tricks": [3, 0, 0, 2, 0], "high": 0})
    assert response.status_code == 201, response.get_json()
    state = read(client, game)
    assert state["scores"] == [120, 0, 0, 120, 0]
    assert state["hands"][0]["partner"] == 3


def test_offsuit_set_scores_30_and_is_kept_with_the_hand(client):
    game = start(client, {"offsuit_set_bonus": True})
    response = record(client, game, {"bidder": 0, "bid": 20, "points": [15, 15], "offsuit_set": 1})
    assert response.status_code == 201, response.get_json()
    state = read(client, game)  # replayed from what was stored
    assert state["scores"] == [-20, 30]
    assert state["hands"][0]["offsuit_set"] == 1
    assert any("off-suit" in note for note in state["hands"][0]["notes"])


@pytest.mark.parametrize(
    ("rules", "hand", "words"),
    [
        ({}, {"bidder": 0, "bid": 20, "points": [15, 15], "offsuit_set": 1}, "nothing extra"),
        ({"offsuit_set_bonus": True}, {"bidder": 0, "bid": 20, "points": [20, 10], "offsuit_set": 1}, "made"),
        ({"offsuit_set_bonus": True}, {"bidder": 0, "bid": 20, "points": [15, 15], "offsuit_set": "Them"}, "side"),
    ],
)
def test_offsuit_set_refusals_save_nothing(client, rules, hand, words):
    game = start(client, rules)
    response = record(client, game, hand)
    assert response.status_code == 422
    error = response.get_json()["error"]
    assert error["field"] == "offsuit_set" and words in error["message"]
    assert read(client, game)["hands"] == []


def test_a_tie_needs_the_tie_break_side_and_then_it_wins(client):
    game = start(client, {"on_the_green": False, "tie_break": "last-trick"}, CUT_THROAT_3, scores=[105, 105, 0])
    hand = {"bidder": 2, "bid": 15, "points": [15, 15, 0]}
    response = record(client, game, hand)
    assert response.status_code == 422
    error = response.get_json()["error"]
    assert error["field"] == "tie_break_side" and "Ada and Bea" in error["message"]
    assert read(client, game)["hands"] == []

    response = record(client, game, {**hand, "tie_break_side": 1})
    assert response.status_code == 201, response.get_json()
    state = read(client, game)
    assert state["winner"] == 1
    assert "later trick" in state["win_reason"]
    assert state["hands"][0]["tie_break_side"] == 1


def test_sixty_for_120(client):
    game = start(client, {"sixty_for_120": True})
    response = record(client, game, {"bidder": 1, "bid": "60-for-120", "points": [0, 30]})
    assert response.status_code == 201, response.get_json()
    state = read(client, game)
    assert state["scores"] == [0, 120]
    assert state["winner"] == 1
    assert state["hands"][0]["bid"] == "60-for-120"


def test_sixty_for_120_is_refused_where_not_played(client):
    game = start(client, {})
    response = record(client, game, {"bidder": 1, "bid": "60-for-120", "points": [0, 30]})
    assert response.status_code == 422
    assert response.get_json()["error"]["field"] == "bid"
    assert read(client, game)["hands"] == []


def test_the_openapi_document_names_the_new_fields(client):
    spec = client.get("/api/v1/openapi.json").get_json()
    hand = spec["components"]["schemas"]["HandInput"]["properties"]
    assert {"partner", "offsuit_set", "tie_break_side"} <= set(hand)
    assert "60-for-120" in str(hand["bid"])
