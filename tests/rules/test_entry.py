"""Quick entry: what the rest of the table took, worked out from one side's answer."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules import GameSetup, GameState, HandEntry, HandError, Rules, Side, check_points, points_from_tricks
from scorekeeper.rules.entry import (
    fill_last,
    hand_worth,
    high_of,
    point_choices,
    points_of_each,
    shown_notes,
    side_name,
    trick_choices,
    tricks_of_each,
)

NE = Rules.preset("new-england")
NS = Rules.preset("nova-scotia")


def test_paper_points_go_in_fives_to_thirty():
    assert point_choices() == (0, 5, 10, 15, 20, 25, 30)


@given(side=st.sampled_from([0, 1]), took=st.sampled_from(point_choices()))
def test_the_other_side_takes_the_rest_of_the_hand_and_the_engine_agrees(side, took):
    points = points_of_each(side, took, NE, 2)
    assert points[side] == took
    assert check_points(points, NE) == points


def test_a_hand_without_a_high_is_worth_25_only_where_the_rules_allow_it():
    assert hand_worth(NE) == 30 and hand_worth(NS) == 30
    assert hand_worth(NS, no_high=True) == 25
    assert points_of_each(0, 15, NS, 2, no_high=True) == (15, 10)
    assert check_points((15, 10), NS) == (15, 10)
    with pytest.raises(HandError) as err:
        points_of_each(0, 15, NE, 2, no_high=True)
    assert err.value.field == "no_high"
    assert (5, False) in trick_choices(NS) and (5, False) not in trick_choices(NE)
    assert high_of(0, (3, 2), False, no_high=True) is None
    with pytest.raises(HandError):
        high_of(0, (3, 2), True, no_high=True)


@given(side=st.sampled_from([0, 1]), choice=st.sampled_from(trick_choices(NE)))
def test_one_tap_of_tricks_with_the_high_gives_a_hand_the_engine_scores(side, choice):
    took, took_high = choice
    tricks = tricks_of_each(side, took, 2)
    assert sum(tricks) == 5 and tricks[side] == took
    high = high_of(side, tricks, took_high)
    points = points_from_tricks(tricks, high, NE)
    assert points[side] == 5 * took + (5 if took_high else 0)


def test_tricks_choices_say_the_high_only_where_it_can_be():
    choices = trick_choices(NE)
    assert (0, True) not in choices and (5, False) not in choices
    assert len(choices) == 10


@pytest.mark.parametrize(
    "values, total, expected",
    [((3, None, 1), 5, (3, 1, 1)), ((None, 20), 30, (10, 20)), ((1, 2, 2), 5, (1, 2, 2))],
)
def test_fill_last_works_out_the_one_missing(values, total, expected):
    assert fill_last(values, total, "tricks") == expected


@pytest.mark.parametrize("values", [(None, None, 1), (4, 3, None)])
def test_fill_last_refuses_two_missing_or_too_many(values):
    with pytest.raises(HandError) as err:
        fill_last(values, 5, "tricks")
    assert err.value.field == "tricks"


def test_a_side_is_named_after_its_players():
    assert side_name(("Ann", "Cathy")) == "Ann & Cathy"


def test_a_side_named_bassetts_keeps_its_notes_beside_the_set():
    """Notes are told apart by the hand's result, not by the words in them."""
    rules = NE.replace(lock="cap", lock_at=105)
    setup = GameSetup(rules, (Side("Bassetts", ("Ann", "Cal")), Side("Sets", ("Bob", "Dee"))), scores=(100, 0))
    state = GameState.start(setup).apply(HandEntry(bidder=1, bid=30, tricks=(3, 2), high=0))
    hand = state.hands[-1]
    assert hand.made is False
    assert shown_notes(hand) == ("Bassetts: stopped at 105 by the lock, 15 lost",)
    made = GameState.start(setup).apply(HandEntry(bidder=0, bid=20, tricks=(4, 1), high=0)).hands[-1]
    assert shown_notes(made) == made.notes
