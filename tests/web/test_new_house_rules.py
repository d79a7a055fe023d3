"""The new house rules on the new-game form: chosen by name and kept with the game."""

from __future__ import annotations

import re

import pytest
from sqlalchemy import select

from scorekeeper.platform.extensions import db
from scorekeeper.store.models import Game
from tests._support.games import new_game, page


@pytest.mark.parametrize(
    ("fields", "stored"),
    [
        ({"opt_thirty_for_sixty": "lose-sixty"}, {"thirty_for_sixty": "lose-sixty"}),
        ({"opt_tie_break": "overtime", "opt_on_the_green": "no"}, {"tie_break": "overtime"}),
        ({"opt_four_and_a_flip": "yes"}, {"four_and_a_flip": True}),
        ({"opt_others_draw_at_most": "3"}, {"others_draw_at_most": 3}),
    ],
)
def test_each_new_house_rule_is_chosen_on_the_form_and_kept(client, app, fields, stored):
    response = new_game(client, **fields)
    assert response.status_code == 303
    with app.app_context():
        rules = db.session.scalars(select(Game)).one().rules
    assert {name: rules[name] for name in stored} == stored


def test_the_form_offers_the_new_choices_in_words(client):
    body = page(client, "/games/new")
    assert 'name="opt_four_and_a_flip"' in body and 'name="opt_others_draw_at_most"' in body
    assert '<option value="lose-sixty">' in body and '<option value="overtime">' in body


def test_a_draw_limit_out_of_range_is_refused_beside_the_field(client, app):
    response = new_game(client, opt_others_draw_at_most="9")
    assert response.status_code == 422
    assert "1 to 4 cards" in response.get_data(as_text=True)
    with app.app_context():
        assert db.session.scalars(select(Game)).first() is None


def test_in_an_overtime_the_sheet_offers_only_the_tied_sides(client, app):
    from scorekeeper.rules import HandEntry, Rules, Side
    from scorekeeper.store import games as services

    rules = Rules.preset("new-england").replace(tie_break="overtime", on_the_green=False)
    with app.app_context():
        sides = [Side(n, (n,)) for n in ("Ada", "Bea", "Cal")]
        game = services.create_game(rules, sides, scores=(110, 110, 50))
        services.record_hand(game, HandEntry(bidder=2, bid=25, points=(10, 10, 10)))
        url = f"/games/{game.id}/{game.edit_token}"
    body = page(client, url)
    offered = re.findall(r'<input[^>]*name="bidder"[^>]*value="(\d+)"', body) or re.findall(
        r'<input[^>]*value="(\d+)"[^>]*name="bidder"', body
    )
    assert offered == ["0", "1"]
    assert "Ada and Bea tie at 120: only they play on until one of them wins" in body


@pytest.mark.parametrize(
    ("language", "label"),
    [("en", "Out of the game at (points below zero)"), ("fr", "Hors jeu à (points sous zéro)")],
)
def test_the_elimination_field_says_once_that_it_counts_below_zero(client, language, label):
    body = client.get("/games/new", headers={"Accept-Language": language}).get_data(as_text=True)
    shown = re.search(r'<label class="field-label" for="opt_elimination_at">([^<]*)</label>', body)
    assert shown is not None and shown.group(1) == label


def test_a_number_of_points_written_badly_names_the_option_in_the_pages_language(client):
    client.set_cookie("lang", "fr")
    response = new_game(client, opt_lock="cap", opt_lock_at="cent")
    assert response.status_code == 422
    body = response.get_data(as_text=True)
    assert "verrou à" in body
    assert "lock at" not in body.lower()
