"""A new hand field is one declaration on the sheet's side: a box added to ``HAND_BOXES`` alone is drawn, read and
refused, with no other web file touched.

The trial box, "Who reneged?", is a row of the sides' buttons (a kind the page already draws), placed after the
bid. The engine has no such field yet, so a side tapped reaches it and is refused there: the sign that the reader
put the box's answer into the hand it handed on. A side that is not in the game is refused by the box's own step.
"""

from __future__ import annotations

import re

import pytest
from wtforms import BooleanField, RadioField

from scorekeeper.rules import PRESETS, GameSetup, Side, replay
from scorekeeper.web.games import hand_fields
from scorekeeper.web.games.hand_fields import HandBox, HandForm, read_boxes
from scorekeeper.web.games.hand_reader import Boxes, a_side, a_tick
from tests._support.games import errors, hand, hands_in_db, page

TWO = GameSetup(PRESETS["new-england"], (Side("Us", ("Ann", "Cal")), Side("Them", ("Bob", "Dee"))), 0, None)


TRIAL = HandBox(
    "reneged",
    RadioField("Who reneged?", choices=[], validate_choice=False),
    "choices",
    lambda form: form.bidding,
    a_side("reneged", "Tap a side of this game, or nobody."),
    lambda form, entry: "",
    choices=lambda form: [(str(i), name) for i, name in enumerate(form.side_names)],
)


@pytest.fixture
def trial(monkeypatch):
    """The trial box declared after the bid: one entry in the list, its field on the form as every box's is."""
    boxes = hand_fields.HAND_BOXES
    after_bid = [box.name for box in boxes].index("bid") + 1
    monkeypatch.setattr(hand_fields, "HAND_BOXES", (*boxes[:after_bid], TRIAL, *boxes[after_bid:]))
    monkeypatch.setattr(HandForm, TRIAL.name, TRIAL.field, raising=False)


def said_beside(body: str, name: str) -> str:
    match = re.search(rf'<p class="field-error" id="{name}-error" role="alert">([^<]*)</p>', body)
    return match.group(1) if match else ""


def test_the_sheet_draws_a_declared_box_in_its_place_with_its_choices(trial, client, sheet):
    body = page(client, sheet)
    group = re.search(r'<fieldset [^>]*id="reneged-group">.*?</fieldset>', body, re.S)
    assert group is not None, "the declared box is not on the sheet"
    assert "<legend>Who reneged?</legend>" in group.group(0)
    assert re.findall(r'name="reneged" type="radio" value="(\d)"><span>([^<]*)<', group.group(0)) == [
        ("0", "Ann &amp; Cal"),
        ("1", "Bob &amp; Dee"),
    ]
    assert body.index('id="bid-group"') < body.index('id="reneged-group"') < body.index('id="took_points-group"')


def test_a_declared_box_is_read_into_the_hand_and_refused_beside_itself(trial, client, app, sheet):
    tapped = hand(client, sheet, by="points", bidder=0, bid=20, took_points=20, reneged=1)
    assert tapped.status_code == 422
    # The engine has no "reneged" yet: it was handed the box's answer, and its refusal is said beside the box.
    assert said_beside(tapped.get_data(as_text=True), "reneged") == "A hand has no &#39;reneged&#39;"

    wrong = hand(client, sheet, by="points", bidder=0, bid=20, took_points=20, reneged=7)
    assert wrong.status_code == 422
    assert said_beside(wrong.get_data(as_text=True), "reneged") == "Tap a side of this game, or nobody."
    assert re.search(r'<fieldset [^>]*has-error[^>]*id="reneged-group"', wrong.get_data(as_text=True))
    assert hands_in_db(app) == 0

    # Left blank, the rest of the hand is saved as before.
    assert hand(client, sheet, by="points", bidder=0, bid=20, took_points=20).status_code == 303
    assert hands_in_db(app) == 1


def test_the_pure_reader_takes_the_declared_step_in_its_order(trial, app):
    state = replay(TWO, [])
    with app.test_request_context():
        read = read_boxes(Boxes(by="points", bidder="0", bid="20", took_points="20", reneged="1"), state)
        assert read.refusal is not None and read.refusal.field == "reneged"
        # A box before it refused first: the reading stops in the declared order.
        read = read_boxes(Boxes(by="points", bidder="0", took_points="20", reneged="9"), state)
        assert read.refusal is not None and read.refusal.field == "bid"


def test_without_the_declaration_the_sheet_knows_no_such_box(client, sheet):
    assert 'name="reneged"' not in page(client, sheet)
    saved = hand(client, sheet, by="points", bidder=0, bid=20, took_points=20, reneged=7)
    assert saved.status_code == 303, errors(saved.get_data(as_text=True))


def test_a_declared_tick_box_is_drawn_and_read_the_same_way(monkeypatch, client, app, sheet):
    tick = HandBox("misdeal", BooleanField("A misdeal was called"), "check", read=a_tick("misdeal"))
    monkeypatch.setattr(hand_fields, "HAND_BOXES", (*hand_fields.HAND_BOXES, tick))
    monkeypatch.setattr(HandForm, tick.name, tick.field, raising=False)
    body = page(client, sheet)
    assert re.search(r'<label class="choice" for="misdeal"><input id="misdeal" name="misdeal" type="checkbox"', body)
    ticked = hand(client, sheet, by="points", bidder=0, bid=20, took_points=20, misdeal="y")
    assert said_beside(ticked.get_data(as_text=True), "misdeal") == "A hand has no &#39;misdeal&#39;"
    assert hands_in_db(app) == 0


def test_a_declared_box_the_game_does_not_have_is_not_read(monkeypatch, client, app, sheet):
    # A box only a game without bidding has: this game bids, so a side sent for it is not read at all.
    absent = HandBox(
        "reneged",
        RadioField("Who reneged?", choices=[], validate_choice=False),
        "",
        lambda form: False,
        a_side("reneged", "Tap a side of this game, or nobody.", lambda r: not r.bidding),
    )
    monkeypatch.setattr(hand_fields, "HAND_BOXES", (*hand_fields.HAND_BOXES, absent))
    monkeypatch.setattr(HandForm, absent.name, absent.field, raising=False)
    assert 'name="reneged"' not in page(client, sheet)
    saved = hand(client, sheet, by="points", bidder=0, bid=20, took_points=20, reneged=1)
    assert saved.status_code == 303, errors(saved.get_data(as_text=True))
    assert hands_in_db(app) == 1
