"""Seating, dealing order and setup errors (the rule book, /rules#cards)."""

from __future__ import annotations

import pytest

from scorekeeper.rules import GameSetup, HandEntry, Rules, SetupError, Side, replay
from tests._support.rules import cut_throat, two_sides


def test_partners_sit_alternately():
    setup = GameSetup(Rules(), (Side("T1", ("a1", "a2")), Side("T2", ("b1", "b2")), Side("T3", ("c1", "c2"))))
    assert [(s.player, s.side) for s in setup.seats] == [
        ("a1", 0),
        ("b1", 1),
        ("c1", 2),
        ("a2", 0),
        ("b2", 1),
        ("c2", 2),
    ]


@pytest.mark.parametrize("first_dealer", [0, 1, 2, 3])
def test_the_deal_passes_to_the_left(first_dealer):
    setup = two_sides(first_dealer=first_dealer)
    state = replay(setup, ())
    names = [s.player for s in setup.seats]
    for n in range(6):
        assert state.dealer_seat == (first_dealer + n) % 4
        assert state.dealer == names[state.dealer_seat]
        state = state.apply(HandEntry(bidder=0, bid=15, points=(15, 15)))


def test_hand_numbers_and_start_scores():
    state = replay(two_sides(scores=(40, -10)), ())
    assert tuple(state.scores) == (40, -10)
    assert state.winner is None and not state.over
    assert "in-the-hole" in state.standing[1]
    first = state.next_n
    state = state.apply(HandEntry(bidder=0, bid=15, points=(15, 15)))
    assert state.hands[-1].n == first
    assert state.next_n == first + 1


@pytest.mark.parametrize(
    "sides",
    [
        (Side("Solo", ("a",)),),  # one side
        tuple(Side(f"P{i}", (f"p{i}",)) for i in range(9)),  # nine players
        (Side("T1", ("a1", "a2")), Side("T2", ("b1",))),  # uneven teams
    ],
)
def test_bad_setups_are_refused(sides):
    with pytest.raises(SetupError) as info:
        GameSetup(Rules(), sides)
    assert isinstance(info.value, ValueError)
    assert info.value.field
    assert str(info.value)


def test_scores_must_match_the_sides():
    with pytest.raises(SetupError):
        cut_throat(3, scores=(0, 0))


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6, 7, 8])
def test_two_to_eight_players(n):
    state = replay(cut_throat(n), ())
    assert len(state.scores) == n
