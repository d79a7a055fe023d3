"""The engine's refusal of a hand lands beside the box that carries the field it names, in each entry way.

Two sides tap the bidding side's share once (``took_points``, ``took``); three sides and more tap a
row of boxes (``points-N``, ``side_tricks-N``). The same named field ("points", "tricks", "high") is
said beside whichever box carries it on that page.
"""

from __future__ import annotations

import html
import re

from tests._support.games import hand, hands_in_db, new_game

THREE = {"mode": "cut-throat", "players-0": "Ada", "players-1": "Bea", "players-2": "Cal", "players-3": ""}


def start(client, **fields) -> str:
    response = new_game(client, **fields)
    assert response.status_code == 303
    return response.headers["Location"]


def said_at(body: str) -> dict[str, str]:
    """Each error paragraph of the hand form, by its id."""
    return {
        ident: html.unescape(re.sub(r"\s+", " ", message).strip())
        for ident, message in re.findall(r'<p class="field-error" id="([^"]+)" role="alert">(.*?)</p>', body, re.S)
    }


def refused(client, sheet: str, **fields) -> dict[str, str]:
    response = hand(client, sheet, **fields)
    assert response.status_code == 422
    return said_at(response.get_data(as_text=True))


def test_points_that_do_not_add_up_are_said_beside_the_row_of_points_three_sides(client, app):
    sheet = start(client, **THREE)
    said = refused(client, sheet, by="points", bidder=0, bid=20, **{"points-0": 20, "points-1": 20, "points-2": 20})
    assert list(said) == ["points-error"] and "add up to 60" in said["points-error"]
    assert hands_in_db(app) == 0


def test_points_sent_side_by_side_for_two_sides_are_said_beside_that_row(client, app):
    sheet = start(client)
    said = refused(client, sheet, by="points", bidder=0, bid=20, **{"points-0": 20, "points-1": 20})
    assert list(said) == ["points-error"] and "add up to 40" in said["points-error"]


def test_the_bidding_sides_points_refused_by_the_engine_are_said_beside_that_tap(client, app):
    sheet = start(client, opt_high_without_trump="none")
    said = refused(client, sheet, by="points", bidder=0, bid=20, took_points=30, no_high="y")
    assert list(said) == ["took_points-error"]
    assert hands_in_db(app) == 0


def test_tricks_that_do_not_add_up_are_said_beside_the_row_of_tricks_three_sides(client, app):
    sheet = start(client, **THREE)
    said = refused(client, sheet, by="tricks", bidder=0, bid=20, high=0, **{"side_tricks-0": 4, "side_tricks-1": 3})
    assert list(said) == ["side-tricks-error"] and "add up to 7" in said["side-tricks-error"]


def test_tricks_of_two_sides_refused_are_said_beside_the_one_tap(client, app):
    sheet = start(client)
    said = refused(client, sheet, by="tricks", bidder=0, bid=20, tricks=9)
    assert list(said) == ["took-error"] and said["took-error"] == "Each side takes from 0 to 5 tricks."


def test_a_high_the_engine_refuses_is_said_beside_the_high_two_sides_and_three(client, app):
    two = start(client)
    said = refused(client, two, by="tricks", bidder=0, bid=20, took="0h")
    assert list(said) == ["high-error"] and "no trick" in said["high-error"]
    three = start(client, **THREE)
    said = refused(client, three, by="tricks", bidder=0, bid=20, high=2, **{"side_tricks-0": 3, "side_tricks-1": 2})
    assert list(said) == ["high-error"] and "no trick" in said["high-error"]
    assert hands_in_db(app) == 0


def test_one_problem_at_a_time_in_the_order_the_page_asks(client):
    sheet = start(client)
    said = refused(client, sheet, by="points", bid="slam")
    assert said == {"bidder-error": "Tap the side that won the bid."}
    said = refused(client, sheet, by="points", bidder=0, bid="slam", took_points=7)
    assert said == {"bid-error": "Tap one of the bids shown."}
