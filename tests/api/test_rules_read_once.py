"""A game's rules are read by the engine once, as the body is read: whatever kind of value an option is sent as, a
game's start and a change of its rules answer it (201, 200) or refuse it in the API's words (422, naming the field),
never a server error, and a refusal changes nothing."""

from __future__ import annotations

import typing

import pytest

from scorekeeper.rules import Rules
from tests._support.app import SIDES, start_game

# Every kind of JSON value, and the near misses of a number (a float that is whole, one that is not).
VALUES = [None, True, False, 0, 15, 15.0, 15.5, -1, 10**12, "", "x", "on", [], [1], {}, {"a": 1}]
OPTIONS = sorted(typing.get_type_hints(Rules))


def _answered(response, created: int) -> bool:
    """Whether *response* took the rules (*created*), after checking that a refusal is said in the API's words."""
    assert response.status_code in (created, 422), response.get_data(as_text=True)
    if response.status_code == 422:
        error = response.get_json()["error"]
        assert error["message"] and error["field"], error
    return response.status_code == created


@pytest.mark.parametrize("option", OPTIONS)
def test_an_option_of_any_kind_is_taken_or_refused_in_words(client, option):
    game = start_game(client)
    url, auth = f"/api/v1/games/{game['id']}", {"Authorization": f"Bearer {game['edit_token']}"}
    for value in VALUES:
        rules = {"preset": "new-england", option: value}
        _answered(client.post("/api/v1/games", json={"sides": SIDES, "rules": rules}), 201)
        before = client.get(url).get_json()
        if not _answered(client.put(f"{url}/rules", json={"rules": rules}, headers=auth), 200):
            assert client.get(url).get_json() == before, (option, value)
