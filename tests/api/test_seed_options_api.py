"""The new house rules and the rule-book cases through the JSON API: what a program sends and sees."""

from __future__ import annotations

import pytest

FIVE = [{"name": n, "players": [n]} for n in ("Ada", "Bea", "Cal", "Dot", "Eve")]
THREE = FIVE[:3]


def start(client, rules, sides, scores=None):
    body = {"rules": rules, "sides": sides} | ({"scores": scores} if scores else {})
    response = client.post("/api/v1/games", json=body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def record(client, game, n, **hand):
    return client.post(
        f"/api/v1/games/{game['id']}/hands",
        json={"n": n, **hand},
        headers={"Authorization": f"Bearer {game['edit_token']}"},
    )


def test_presets_list_the_new_options(client):
    presets = client.get("/api/v1/presets").get_json()
    assert presets["new-england"]["four_and_a_flip"] is False
    assert presets["one-ten"]["others_draw_at_most"] == 3


def test_bidder_and_partner_both_out_the_bidder_wins(client):
    game = start(client, {"preset": "new-england", "call_for_partner": True}, FIVE, [100, 0, 0, 110, 0])
    state = record(client, game, 1, bidder=0, bid=20, partner=3, points=[10, 5, 0, 15, 0]).get_json()["state"]
    assert state["winner"] == 0
    assert state["scores"] == [125, 5, 0, 135, 0]
    assert state["win_reason"] == "Ada bid 20 and made it: the bidder goes out with 125."


def test_lose_sixty_through_the_api(client):
    game = start(client, {"preset": "new-england", "thirty_for_sixty": "lose-sixty"}, FIVE[:2])
    state = record(client, game, 1, bidder=0, bid="30-for-60", tricks=[5, 0], high=0).get_json()["state"]
    assert state["scores"] == [30, 0]


def test_overtime_through_the_api_names_the_sides_still_playing_and_their_draw(client):
    rules = {"preset": "new-england", "tie_break": "overtime", "on_the_green": False}
    game = start(client, rules, THREE, [110, 110, 50])
    state = record(client, game, 1, bidder=2, bid=25, points=[10, 10, 10]).get_json()["state"]
    assert state["winner"] is None
    assert state["overtime"] == [0, 1]
    assert state["draw"]["players"] == 2
    refused = record(client, game, 2, bidder=2, bid=15, points=[15, 15, 0])
    assert refused.status_code == 422
    assert refused.get_json()["error"]["field"] == "bidder"
    assert "overtime" in refused.get_json()["error"]["message"]
    assert client.get(f"/api/v1/games/{game['id']}").get_json()["next_n"] == 2  # nothing saved


def test_four_and_a_flip_in_the_game_state_draw(client):
    game = start(client, {"preset": "new-england", "four_and_a_flip": True}, FIVE[:4])
    assert game["state"]["draw"] == {"players": 4, "keep": 0, "change": 5, "others_change": 5, "four_and_a_flip": True}


def test_a_bid_as_text_still_reads_through_the_api(client):
    game = start(client, "new-england", FIVE[:2])
    assert record(client, game, 1, bidder=0, bid="20", points=[20, 10]).status_code == 201


def legal(client, **body):
    return client.post("/api/v1/referee/legal", json=body)


def test_the_called_card_on_the_second_trick_through_the_referee(client):
    rules = {"preset": "new-england", "call_for_partner": True}
    body = dict(trump="S", trick=["9D"], hand=["KC", "7D", "3H"], rules=rules, called="KC", play="7D")
    second = legal(client, trick_number=2, **body).get_json()
    assert second["legal"] == ["KC"]
    assert second["rule"] == "called-card-second-trick"
    assert second["play_is_legal"] is False
    first = legal(client, trick_number=1, **body).get_json()
    assert first["legal"] == ["KC", "7D", "3H"]
    assert first["play_is_legal"] is True


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        (dict(trick_number=7, called="KC"), "trick_number"),
        (dict(trick_number="2", called="KC"), "trick_number"),
        (dict(trick_number=2, called="XX"), "called"),
        (dict(trick_number=2, called="KC", rules="new-england"), "called"),
    ],
)
def test_called_card_questions_that_make_no_sense_are_refused(client, extra, field):
    body = dict(trump="S", trick=["9D"], hand=["KC", "7D"], rules={"call_for_partner": True}) | extra
    response = legal(client, **body)
    assert response.status_code in (400, 422)
    assert response.get_json()["error"]["field"] == field


def test_only_the_partner_out_the_reason_names_the_partner(client):
    game = start(client, {"preset": "new-england", "call_for_partner": True}, FIVE, [90, 0, 0, 100, 0])
    state = record(client, game, 1, bidder=0, bid=20, partner=3, points=[10, 5, 0, 15, 0]).get_json()["state"]
    assert state["winner"] == 3
    assert "Dot" in state["win_reason"] and "the bidder goes out" not in state["win_reason"]


def test_a_hand_that_would_put_out_every_side_left_puts_out_none_through_the_api(client):
    rules = {"preset": "new-england", "call_for_partner": True, "elimination_at": -80, "high_without_trump": "none"}
    game = start(client, rules, FIVE, [-75] * 5)
    hands = [
        dict(bidder=0, bid=15, partner=1, points=[0, 0, 10, 10, 10]),
        dict(bidder=2, bid=15, points=[0, 0, 0, 15, 15]),
        dict(bidder=3, bid=30, partner=4, points=[0, 0, 0, 10, 15]),
    ]
    for n, hand in enumerate(hands, start=1):
        response = record(client, game, n, **hand)
        assert response.status_code == 201, response.get_json()
    state = response.get_json()["state"]
    assert state["scores"][3:] == [-80, -80]
    assert state["winner"] is None
    assert [("eliminated" in marks) for marks in state["standing"]] == [True, True, True, False, False]
    assert state["dealer"] in ("Dot", "Eve")
    assert record(client, game, 4, bidder=3, bid=15, partner=4, points=[0, 0, 0, 10, 15]).status_code == 201
