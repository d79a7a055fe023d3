"""Every whole number and choice of the sheet's forms, given what no phone would send: a clear 4xx naming
the field, and nothing saved. ("²" and "٣" pass str.isdigit; 5,000 digits break int(); NUL breaks PostgreSQL.)"""

from __future__ import annotations

import re

import pytest
from sqlalchemy import func, select

from scorekeeper.platform.extensions import db
from scorekeeper.store.models import Game, Hand
from tests._support.games import new_game, page, read_csrf_token

BAD = {"superscript": "²", "arabic digit": "٣", "5,000 digits": "9" * 5000, "blank": "", "NUL": "\x00"}

# A good hand on paper; each case below spoils one field of it.
GOOD_HAND = {"by": "points", "bidder": "0", "bid": "20", "took_points": "20", "n": "1"}
# field -> (what else the hand says, where its message shows: an element id)
HAND_FIELDS = {
    "n": ({}, "hand-form-error"),
    "bidder": ({}, "bidder-error"),
    "bid": ({}, "bid-error"),
    "took_points": ({}, "took_points-error"),
    "points-0": ({"took_points": "", "points-1": "10"}, "points-error"),
    "took": ({"by": "tricks", "took_points": ""}, "took-error"),
    "tricks": ({"by": "tricks", "took_points": ""}, "took-error"),
    "high": ({"by": "tricks", "took_points": "", "tricks": "3"}, "high-error"),
    "by": ({}, "hand-form-error"),
}


def counts(app) -> tuple[int, int]:
    with app.app_context():
        return db.session.scalar(select(func.count(Game.id))), db.session.scalar(select(func.count(Hand.id)))


def messages_in(body: str, element_id: str) -> str:
    match = re.search(rf'id="{re.escape(element_id)}"[^>]*>(.*?)</', body, re.S)
    return match.group(1).strip() if match else ""


@pytest.fixture
def sheet(client):
    """A new game made on the new-game page, as each case's own: its sheet's address."""
    response = new_game(client)
    assert response.status_code == 303
    return response.headers["Location"]


# A blank box for one side's points is no mistake: the last side's points are worked out.
HAND_CASES = [
    pytest.param(field, value, id=f"{field}-{kind}")
    for field in HAND_FIELDS
    for kind, value in BAD.items()
    if (field, kind) != ("points-0", "blank")
]


@pytest.mark.parametrize("field, value", HAND_CASES)
def test_a_spoilt_hand_field_is_refused_beside_it_and_saves_nothing(client, app, sheet, field, value):
    extra, where = HAND_FIELDS[field]
    body = page(client, sheet)
    data = {**GOOD_HAND, **extra, "csrf_token": read_csrf_token(body), field: value}
    before = counts(app)
    response = client.post(sheet + "/hands", data=data)
    assert 400 <= response.status_code < 500, response.status_code
    assert messages_in(response.get_data(as_text=True), where), f"no message at #{where}"
    assert counts(app) == before


@pytest.mark.parametrize("value", BAD.values(), ids=BAD.keys())
@pytest.mark.parametrize("field", ["version", "took_points", "bidder"])
def test_a_spoilt_edit_is_refused_and_changes_nothing(client, app, sheet, field, value):
    body = page(client, sheet)
    assert client.post(sheet + "/hands", data={**GOOD_HAND, "csrf_token": read_csrf_token(body)}).status_code == 303
    edit = page(client, sheet + "/hands/1/edit")
    version = re.search(r'name="version" value="(\d+)"', edit).group(1)
    data = {**GOOD_HAND, "csrf_token": read_csrf_token(edit), "version": version, "took_points": "25", field: value}
    response = client.post(sheet + "/hands/1/edit", data=data)
    assert 400 <= response.status_code < 500
    where = {"version": "hand-form-error", "took_points": "took_points-error", "bidder": "bidder-error"}[field]
    assert messages_in(response.get_data(as_text=True), where)
    assert "+20" in page(client, sheet)  # hand 1 as it was


# Blank boxes on the new game are no mistake (an empty seat, no paper score, the preset's own value);
# a player's name is text, where "²" is a name like any other.
NEW_GAME_CASES = [
    pytest.param(field, value, id=f"{field}-{kind}")
    for field in ("start_scores-0", "first_dealer", "opt_target", "players-0", "side_count")
    for kind, value in BAD.items()
    if kind != "blank" and not (field == "players-0" and kind in ("superscript", "arabic digit"))
]


@pytest.mark.parametrize("field, value", NEW_GAME_CASES)
def test_a_spoilt_new_game_field_is_named_at_the_top_and_saves_nothing(client, app, field, value):
    where = field
    before = counts(app)
    response = new_game(client, **{field: value})
    assert response.status_code == 422
    body = response.get_data(as_text=True)
    summary = body[body.index('id="new-game-error"') : body.index("</div>", body.index('id="new-game-error"'))]
    assert f'href="#{where}' in summary  # the message links to the field it is about
    assert counts(app) == before
