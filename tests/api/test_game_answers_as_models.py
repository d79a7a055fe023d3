"""A game's answers are written straight from the engine's values, not validated again on each request: each must be
exactly what its documented model would write, every field of the model present and of its kind."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.api.games import CreatedGame, Draw, GameState, HandRow, StateAnswer
from scorekeeper.api.schema import Answer

THREE = [{"name": "A", "players": ["Ann"]}, {"name": "B", "players": ["Bob"]}, {"name": "C", "players": ["Cy"]}]


def as_the_model_writes_it(model: type[Answer], answer: dict[str, Any]) -> None:
    """*answer* holds every field of *model*, and *model* reads it and writes it back unchanged."""
    assert set(answer) == set(model.model_fields)
    assert model.model_validate(answer).model_dump(mode="json") == answer


def every_field(state: dict[str, Any]) -> None:
    """*state* and each of its rows as their models write them, its draw with every field."""
    as_the_model_writes_it(GameState, state)
    assert set(state["draw"]) == set(Draw.model_fields)
    for row in state["hands"]:
        as_the_model_writes_it(HandRow, row)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_answer_of_a_game_is_what_its_model_writes(client, language):
    asked = {"Accept-Language": language}
    rules = {"preset": "one-ten", "tie_break": "overtime", "offsuit_set_bonus": True}
    created = client.post("/api/v1/games", json={"sides": THREE, "rules": rules}, headers=asked)
    assert created.status_code == 201
    game = created.get_json()
    as_the_model_writes_it(CreatedGame, game)
    every_field(game["state"])
    write = {**asked, "Authorization": f"Bearer {game['edit_token']}"}
    hands = f"/api/v1/games/{game['id']}/hands"
    answers = []
    for n in range(1, 7):
        side = 1 + n % 2
        points = [0, 30, 0] if side == 1 else [0, 0, 30]
        answers.append(client.post(hands, json={"n": n, "bidder": side, "bid": 20, "points": points}, headers=write))
    answers.append(
        client.post(hands, json={"n": 7, "bidder": 0, "bid": 25, "tricks": [1, 2, 2], "high": 1}, headers=write)
    )
    version = answers[-1].get_json()["state"]["version"]
    answers.append(
        client.put(f"{hands}/1", json={"bidder": 2, "bid": 25, "points": [0, 0, 30], "version": version}, headers=write)
    )
    answers.append(client.delete(f"{hands}/last", headers=write))
    assert [answer.status_code for answer in answers] == [201] * 7 + [200, 200]
    for answer in answers:
        body = answer.get_json()
        as_the_model_writes_it(StateAnswer, body)
        every_field(body["state"])
    read = client.get(f"/api/v1/games/{game['id']}", headers=asked).get_json()
    every_field(read)
    assert len(read["hands"]) == 6
    set_hand = answers[6].get_json()["state"]["hands"][-1]  # the bidder set, its note said and as a code
    assert set_hand["tricks"] == [1, 2, 2] and set_hand["notes"] and set_hand["note_codes"][0]["side"] == 0
