"""The sheet's bid row offers each side only the bids the engine lets it make at its score.

Each bid button carries the sides that may make it (``for-N``, and ``hold-N`` when that side's dealer
holds); the phone's style sheet shows only the tapped bidder's. One rule option a case, each side checked
against the engine's own list for its score: one source.
"""

from __future__ import annotations

import re

import pytest

from scorekeeper.rules import Rules, allowed_bids

TWO = [{"name": "Us", "players": ["Ann", "Bo"]}, {"name": "Them", "players": ["Cy", "Di"]}]
THREE = [{"name": n, "players": [n]} for n in ("Ada", "Bea", "Cal")]

CASES = [  # (rules, sides, starting scores): each one rule option that changes the bids a side may make
    ("nova-scotia", TWO, [115, 40]),  # 20 is the lowest bid from 100
    ("nova-scotia", TWO, [100, 95]),
    ("nova-scotia", THREE, [105, 0, 100]),
    ("new-england", TWO, [115, 40]),  # no such rule: both sides from 15
    ({"preset": "new-england", "thirty_for_sixty": "double"}, TWO, [0, 0]),
    ({"preset": "new-england", "thirty_for_sixty": "bell"}, TWO, [50, 0]),  # every 30 is a 30 for 60
    ({"preset": "new-england", "sixty_for_120": True}, TWO, [0, 0]),
    ({"preset": "new-england", "slam": True}, TWO, [0, 0]),
    ({"preset": "nova-scotia", "hold_from": 25}, TWO, [110, 20]),  # the dealer holds only 25 or more
    ({"preset": "one-ten", "hold_from": 20}, THREE, [0, 0, 0]),
]


def start(client, rules, sides, scores):
    response = client.post("/api/v1/games", json={"rules": rules, "sides": sides, "scores": scores})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def offered(page: str) -> dict[str, set[str]]:
    """Each bid button's value, with the marks of the sides it is shown for."""
    found = re.findall(r'<label class="choice bid-choice ([^"]*)" for="[^"]*"><input[^>]*value="([^"]*)"', page)
    assert found, "no bid buttons"
    return {value: set(marks.split()) for marks, value in found}


@pytest.mark.parametrize(("rules", "sides", "scores"), CASES)
def test_each_side_is_offered_the_engines_bids_for_its_score(client, rules, sides, scores):
    game = start(client, rules, sides, scores)
    page = client.get(game["links"]["edit"]).get_data(as_text=True)
    marks = offered(page)
    engine_rules = Rules.from_dict(game["state"]["rules"])
    for side, score in enumerate(scores):
        shown = [value for value, sides_marked in marks.items() if f"for-{side}" in sides_marked]
        assert shown == [str(b) for b in allowed_bids(score, engine_rules)], (side, score)
        if engine_rules.dealer_may_hold:
            held = [value for value, sides_marked in marks.items() if f"hold-{side}" in sides_marked]
            assert held == [str(b) for b in allowed_bids(score, engine_rules, hold=True)], (side, score)
        else:
            assert not any(f"hold-{side}" in m for m in marks.values())


def test_at_115_in_nova_scotia_the_15_is_not_offered_to_that_side(client):
    game = start(client, "nova-scotia", TWO, [115, 40])
    marks = offered(client.get(game["links"]["edit"]).get_data(as_text=True))
    assert "for-0" not in marks["15"] and "for-1" in marks["15"]
    assert {"for-0", "for-1"} <= marks["20"]
