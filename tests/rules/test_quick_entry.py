"""Quick entry: what the rest of the table took, worked out by the engine from one side's answer."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules import (
    GameSetup,
    GameState,
    HandEntry,
    HandError,
    Rules,
    Side,
    check_points,
    complete_points,
    complete_tricks,
    infer_high,
    point_choices,
    points_from_tricks,
    seat_sides,
    trick_choices,
)
from tests._support.rules import NE

NS = Rules.preset("nova-scotia")
NO_HIGH = NE.replace(high_bonus=False)


def test_paper_points_go_in_fives_to_the_most_a_side_can_take():
    assert point_choices(NE) == (0, 5, 10, 15, 20, 25, 30)
    assert point_choices(NO_HIGH) == (0, 5, 10, 15, 20, 25)


@given(side=st.sampled_from([0, 1]), took=st.sampled_from(point_choices(NE)))
def test_the_other_side_takes_the_rest_of_the_hand_and_the_engine_agrees(side, took):
    given_points = [took if s == side else None for s in range(2)]
    points = complete_points(given_points, NE, no_high=False)
    assert points[side] == took
    assert check_points(points, NE) == points


def test_a_hand_without_a_high_is_worth_25_only_where_the_rules_allow_it():
    assert complete_points((15, None), NS, no_high=False) == (15, 15)
    assert complete_points((15, None), NS, no_high=True) == (15, 10)
    assert check_points((15, 10), NS) == (15, 10)
    with pytest.raises(HandError) as err:
        complete_points((15, None), NE, no_high=True)
    assert err.value.field == "no_high"
    # Without the high every hand is worth 25: the other side gets the rest of 25, not of 30.
    assert complete_points((15, None), NO_HIGH, no_high=False) == (15, 10)


def test_the_other_side_took_the_high_when_the_bidding_side_did_not():
    assert infer_high((3, 2), NE, besides=(0,)) == 1
    assert infer_high((5, 0), NE, besides=(0,)) is None
    # Where a hand may have no high, only when the table says somebody took it.
    assert infer_high((3, 2), NS, besides=(0,)) is None
    assert infer_high((3, 2), NS, besides=(0,), high_taken=True) == 1
    # A game without the high has no high to infer.
    assert infer_high((3, 2), NO_HIGH, besides=(0,), high_taken=True) is None


@given(side=st.sampled_from([0, 1]), choice=st.sampled_from(trick_choices(NE)))
def test_one_tap_of_tricks_with_the_high_gives_a_hand_the_engine_scores(side, choice):
    took, took_high = choice
    tricks = complete_tricks([took if s == side else None for s in range(2)])
    assert sum(tricks) == 5 and tricks[side] == took
    high = side if took_high else infer_high(tricks, NE, besides=(side,))
    points = points_from_tricks(tricks, high, NE)
    assert points[side] == 5 * took + (5 if took_high else 0)


def test_tricks_choices_say_the_high_only_where_it_can_be():
    choices = trick_choices(NE)
    assert (0, True) not in choices and (5, False) not in choices
    assert len(choices) == 10
    assert (5, False) in trick_choices(NS)
    assert trick_choices(NO_HIGH) == tuple((t, False) for t in range(6))


def test_a_side_is_named_after_its_players():
    assert seat_sides(("Ann", "Bob", "Cathy", "Dan"), 2)[0].name == "Ann & Cathy"


def test_a_side_named_bassetts_keeps_its_notes_beside_the_set():
    """Notes are told apart by their kind, not by the words in them."""
    rules = NE.replace(lock="cap", lock_at=105)
    setup = GameSetup(rules, (Side("Bassetts", ("Ann", "Cal")), Side("Sets", ("Bob", "Dee"))), scores=(100, 0))
    state = GameState.start(setup).apply(HandEntry(bidder=1, bid=30, tricks=(3, 2), high=0))
    hand = state.hands[-1]
    assert hand.made is False
    assert [note for note in hand.notes if note.kind != "set"] == ["Bassetts: stopped at 105 by the lock, 15 lost"]
