"""Scores the engine used to get wrong: a called partner's five tricks, a start on 45, the last side left."""

from __future__ import annotations

import pytest

from scorekeeper.rules import GameSetup, HandEntry, SetupError, Side, replay
from scorekeeper.words import refusal
from tests._support.rules import NE, cut_throat, two_sides


def test_slam_with_a_called_partner_counts_the_pair_s_tricks_together():
    """Five cut-throat, slam: Ada bids slam, calls Dot; Ada takes 3 tricks and the high, Dot 2: +120 each."""
    rules = NE.replace(call_for_partner=True, slam=True)
    state = replay(cut_throat(5, rules), [HandEntry(bidder=0, bid="slam", partner=3, tricks=(3, 0, 0, 2, 0), high=0)])
    assert state.hands[-1].made is True
    assert tuple(state.scores) == (120, 0, 0, 120, 0)
    assert state.winner == 0


def test_slam_with_a_called_partner_is_set_when_another_side_takes_a_trick():
    rules = NE.replace(call_for_partner=True, slam=True)
    state = replay(cut_throat(5, rules), [HandEntry(bidder=0, bid="slam", partner=3, tricks=(3, 1, 0, 1, 0), high=0)])
    assert state.hands[-1].made is False
    assert tuple(state.scores) == (-60, 5, 0, -60, 0)


@pytest.mark.parametrize("by", ["tricks", "points"])
def test_all_five_tricks_doubles_counts_a_called_partner(by):
    """The pair took all five tricks between them: 60 each, not the 30 they took."""
    rules = NE.replace(call_for_partner=True, all_five_tricks_doubles=True)
    took = dict(tricks=(3, 0, 0, 2, 0), high=0) if by == "tricks" else dict(points=(20, 0, 0, 10, 0))
    state = replay(cut_throat(5, rules), [HandEntry(bidder=0, bid=20, partner=3, **took)])
    assert tuple(state.scores) == (60, 0, 0, 60, 0)


def test_all_five_tricks_does_not_double_when_a_defender_took_one():
    rules = NE.replace(call_for_partner=True, all_five_tricks_doubles=True)
    state = replay(cut_throat(5, rules), [HandEntry(bidder=0, bid=20, partner=3, points=(20, 0, 5, 5, 0))])
    assert tuple(state.scores) == (25, 0, 5, 25, 0)


@pytest.mark.parametrize(("forty_five", "scores", "refused"), [(True, (45, 0), True), (False, (45, 0), False)])
def test_a_start_on_45_is_refused_under_the_forty_five_rule(forty_five, scores, refused):
    rules = NE.replace(forty_five_resets=forty_five)
    if not refused:
        assert tuple(replay(two_sides(rules, scores=scores), ()).scores) == scores
        return
    with pytest.raises(SetupError) as info:
        two_sides(rules, scores=scores)
    assert info.value.field == "scores"
    assert "45" in refusal(info.value) and "forty-five" in refusal(info.value)


def test_a_start_near_45_is_fine_under_the_forty_five_rule():
    state = replay(two_sides(NE.replace(forty_five_resets=True), scores=(40, 50)), ())
    assert tuple(state.scores) == (40, 50)


def test_the_last_side_left_wins_and_the_reason_says_so():
    rules = NE.replace(elimination_at=-80, on_the_green=False)
    setup = GameSetup(rules, tuple(Side(n, (n,)) for n in ("Ada", "Bea", "Cal")), scores=(-70, -75, 0))
    state = replay(setup, [HandEntry(bidder=0, bid=15, points=(5, 0, 25))])
    assert state.winner is None  # Ada is out at -85; Bea and Cal play on
    state = state.apply(HandEntry(bidder=1, bid=15, points=(0, 5, 25)))
    assert state.winner == 2
    assert state.win_reason is not None
    assert "Cal" in state.win_reason and "last side left" in state.win_reason
