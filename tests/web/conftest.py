"""Fixtures of the web tests shared between their files."""

import pytest

from tests._support.app import make_app, rate_limited
from tests._support.clubs import REGULARS, new_club
from tests._support.games import new_game
from tests._support.parties import post


@pytest.fixture
def limited(tmp_path, request):
    """An app with rate limits on, small enough to reach: 3 new games, 5 writes, 6 polls (2 whole sheets) a minute."""
    limits = rate_limited(tmp_path, SCOREKEEPER_LIMIT_NEW_GAMES="3 per minute", SCOREKEEPER_LIMIT_WRITES="5 per minute")
    yield from make_app(tmp_path, request, **limits)


@pytest.fixture
def club(client, csrf):
    """The director's page of a club with ten regulars on its roster."""
    path = new_club(client, csrf)
    for name in REGULARS:
        assert post(client, path + "/members", path, {"name": name}).status_code == 303
    return path


@pytest.fixture
def sheet(client):
    """A new partners game (Us: Ann & Cal, Them: Bob & Dee, Ann deals); its sheet URL."""
    response = new_game(client)
    assert response.status_code == 303
    return response.headers["Location"]
