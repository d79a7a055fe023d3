"""The house rules of the rule book's bidding, scoring and winning (/rules) that reach the engine last: each one changes an outcome."""

from __future__ import annotations

import pytest

from scorekeeper.rules import (
    OPTION_INFO,
    HandEntry,
    Rules,
    RulesError,
    WinReason,
    allowed_bids,
    bid_label,
    check_points,
    high_needed,
    parse_bid,
    points_from_tricks,
)
from tests._support.rules import NE, assert_refused, cut_throat, play, two_sides

# --- 30 for 60: all-tricks and bell ---------------------------------------------------------------


@pytest.mark.parametrize(("mode", "after"), [("double", (-60, 0)), ("all-tricks", (60, 0))])
def test_thirty_for_sixty_all_tricks_is_judged_on_the_five_tricks(mode, after):
    """No trump played, nobody earns the high: all five tricks are 25 points. 'double' needs 30; 'all-tricks' does not."""
    rules = NE.replace(thirty_for_sixty=mode, high_without_trump="none")
    state = play(two_sides(rules), HandEntry(bidder=0, bid="30-for-60", tricks=(5, 0), high=None))
    assert tuple(state.scores) == after


@pytest.mark.parametrize("mode", ["double", "all-tricks"])
def test_thirty_for_sixty_set_with_four_tricks_is_minus_60_either_way(mode):
    rules = NE.replace(thirty_for_sixty=mode)
    state = play(two_sides(rules), HandEntry(bidder=0, bid="30-for-60", tricks=(4, 1), high=0))
    assert tuple(state.scores) == (-60, 5)
    assert state.hands[-1].made is False


@pytest.mark.parametrize(("mode", "after"), [("double", (-60, 10)), ("bell", (-30, 10))])
def test_bell_loses_only_30_when_set(mode, after):
    rules = NE.replace(thirty_for_sixty=mode)
    state = play(two_sides(rules), HandEntry(bidder=0, bid="30-for-60", points=(20, 10)))
    assert tuple(state.scores) == after


def test_under_the_bell_a_plain_30_is_not_a_bid():
    bell = NE.replace(thirty_for_sixty="bell")
    assert allowed_bids(0, bell) == (15, 20, 25, "30-for-60")
    assert 30 in allowed_bids(0, NE.replace(thirty_for_sixty="double"))
    state = play(two_sides(bell))
    assert_refused(state, HandEntry(bidder=0, bid=30, points=(30, 0)), "bid", r"30 for 60")
    assert tuple(state.apply(HandEntry(bidder=0, bid="30-for-60", points=(30, 0))).scores) == (60, 0)


# --- 60 for 120 -----------------------------------------------------------------------------------


def test_sixty_for_120_made_scores_120_and_goes_out():
    rules = NE.replace(sixty_for_120=True)
    assert allowed_bids(0, rules)[-1] == "60-for-120"
    state = play(two_sides(rules, scores=(10, 95)), HandEntry(bidder=0, bid="60 for 120", points=(30, 0)))
    assert tuple(state.scores) == (130, 95)
    assert state.winner == 0 and state.won_by is WinReason.BIDDER_GOES_OUT
    assert "60 for 120" in state.win_reason


def test_sixty_for_120_set_loses_120():
    rules = NE.replace(sixty_for_120=True)
    state = play(two_sides(rules), HandEntry(bidder=0, bid="60-for-120", tricks=(4, 1), high=0))
    assert tuple(state.scores) == (-120, 5)


def test_sixty_for_120_is_refused_when_not_played():
    assert "60-for-120" not in allowed_bids(0, NE)
    assert_refused(play(two_sides(NE)), HandEntry(bidder=0, bid="60-for-120", points=(30, 0)), "bid", r"60 for 120")


def test_sixty_for_120_reads_and_writes():
    assert parse_bid("60 for 120") == parse_bid("60for120") == "60-for-120"
    assert bid_label("60-for-120") == "60 for 120"


# --- offsuit set bonus ----------------------------------------------------------------------------


@pytest.mark.parametrize(("bonus", "after"), [(None, (-20, 15)), (1, (-20, 30))])
def test_offsuit_set_scores_30_for_the_side_that_set_the_bidder(bonus, after):
    rules = NE.replace(offsuit_set_bonus=True)
    state = play(two_sides(rules), HandEntry(bidder=0, bid=20, points=(15, 15), offsuit_set=bonus))
    assert tuple(state.scores) == after
    if bonus is not None:
        assert any(note.kind == "offsuit-set" and note.side == 1 for note in state.hands[-1].notes)


def test_offsuit_set_is_asked_only_when_the_bidder_is_set():
    rules = NE.replace(offsuit_set_bonus=True)
    state = play(cut_throat(3, rules))
    assert state.offsuit_set_sides(HandEntry(bidder=0, bid=20, points=(15, 15, 0))) == (1,)
    assert state.offsuit_set_sides(HandEntry(bidder=0, bid=20, points=(10, 10, 10))) == (1, 2)
    assert state.offsuit_set_sides(HandEntry(bidder=0, bid=20, points=(20, 10, 0))) == ()
    assert play(cut_throat(3, NE)).offsuit_set_sides(HandEntry(bidder=0, bid=20, points=(15, 15, 0))) == ()


@pytest.mark.parametrize(
    ("rules", "entry", "pattern"),
    [
        (NE, HandEntry(bidder=0, bid=20, points=(15, 15, 0), offsuit_set=1), r"nothing extra"),
        (NE.replace(offsuit_set_bonus=True), HandEntry(bidder=0, bid=20, points=(20, 10, 0), offsuit_set=1), r"made"),
        (NE.replace(offsuit_set_bonus=True), HandEntry(bidder=0, bid=20, points=(15, 15, 0), offsuit_set=0), r"bid"),
        (
            NE.replace(offsuit_set_bonus=True),
            HandEntry(bidder=0, bid=20, points=(15, 15, 0), offsuit_set=2),
            r"no trick",
        ),
        (NE.replace(offsuit_set_bonus=True), HandEntry(bidder=0, bid=20, points=(15, 15, 0), offsuit_set=7), r"not in"),
    ],
)
def test_offsuit_set_refusals(rules, entry, pattern):
    assert_refused(play(cut_throat(3, rules)), entry, "offsuit_set", pattern)


def test_offsuit_set_bonus_still_stops_at_the_cap():
    rules = NE.replace(offsuit_set_bonus=True, lock="cap", lock_at=105, on_the_green=False)
    state = play(two_sides(rules, scores=(0, 90)), HandEntry(bidder=0, bid=20, points=(15, 15), offsuit_set=1))
    assert tuple(state.scores) == (-20, 105)


# --- high bonus -----------------------------------------------------------------------------------


def test_without_the_high_bonus_every_hand_is_worth_25():
    rules = NE.replace(high_bonus=False)
    assert rules.hand_worths == (25,)
    assert points_from_tricks((3, 2), None, rules) == (15, 10)
    assert points_from_tricks((3, 2), None, NE.replace(high_without_trump="none")) == (15, 10)
    assert points_from_tricks((3, 2), 0, NE) == (20, 10)
    assert high_needed((3, 2), NE) and not high_needed((3, 2), rules)
    assert check_points((15, 10), rules) == (15, 10)


@pytest.mark.parametrize(("high_bonus", "after"), [(True, (30, 0)), (False, (-30, 0))])
def test_high_bonus_changes_whether_a_30_bid_is_made(high_bonus, after):
    """Bid 30, take all five tricks: with the high that is 30 points, made; without it 25, set."""
    state = play(two_sides(NE.replace(high_bonus=high_bonus)), HandEntry(bidder=0, bid=30, tricks=(5, 0)))
    assert tuple(state.scores) == after


def test_without_the_high_bonus_the_high_and_30_points_are_refused():
    state = play(two_sides(NE.replace(high_bonus=False)))
    assert_refused(state, HandEntry(bidder=0, bid=15, tricks=(3, 2), high=0), "high", r"no high")
    assert_refused(state, HandEntry(bidder=0, bid=15, points=(20, 10)), "points", r"worth 25")


# --- tie-break ------------------------------------------------------------------------------------


def tied(tie_break, on_the_green=False):
    """Ada and Bea at 105 each; Cal bids 15 and is set; Ada and Bea take 15 each: both at 120."""
    rules = NE.replace(tie_break=tie_break, on_the_green=on_the_green)
    return play(cut_throat(3, rules, scores=(105, 105, 0)))


TIE = dict(bidder=2, bid=15, points=(15, 15, 0))


def test_tie_plays_on_by_default():
    state = tied("play-on")
    assert state.tie_break_sides(HandEntry(**TIE)) == ()
    after = state.apply(HandEntry(**TIE))
    assert after.scores == (120, 120, -15)
    assert after.winner is None


@pytest.mark.parametrize(
    ("tie_break", "reason", "words"),
    [("last-trick", WinReason.LAST_TRICK, "later trick"), ("first-out", WinReason.FIRST_OUT, "first")],
)
def test_tie_break_picks_the_side_the_table_names(tie_break, reason, words):
    state = tied(tie_break)
    assert state.tie_break_sides(HandEntry(**TIE)) == (0, 1)
    assert_refused(state, HandEntry(**TIE), "tie_break_side", r"Ada and Bea are tied at 120")
    after = state.apply(HandEntry(**TIE, tie_break_side=1))
    assert after.winner == 1
    assert after.won_by is reason
    assert "Bea" in after.win_reason and words in after.win_reason
    assert "out" in after.standing[1] and "must-bid-out" in after.standing[0]


def test_tie_break_is_not_asked_without_a_tie():
    state = tied("last-trick")
    entry = dict(bidder=2, bid=15, points=(15, 10, 5))
    assert state.tie_break_sides(HandEntry(**entry)) == ()
    assert state.apply(HandEntry(**entry)).winner == 0
    assert_refused(state, HandEntry(**entry, tie_break_side=0), "tie_break_side", r"no tie")


def test_tie_break_refusals():
    state = tied("last-trick")
    assert_refused(state, HandEntry(**TIE, tie_break_side=2), "tie_break_side", r"Ada and Bea")
    assert_refused(tied("play-on"), HandEntry(**TIE, tie_break_side=0), "tie_break_side", r"play on")


def test_a_tie_under_on_the_green_plays_on_whatever_the_tie_break():
    """Each tied side is on the green, so neither may go out without the bid: the question is never asked."""
    state = tied("last-trick", on_the_green=True)
    assert state.tie_break_sides(HandEntry(**TIE)) == ()
    assert state.apply(HandEntry(**TIE)).winner is None


# --- every new option is offered with its choices (its words: tests/web/test_words.py) ------------------


@pytest.mark.parametrize("name", ["sixty_for_120", "offsuit_set_bonus", "high_bonus", "tie_break"])
def test_new_options_are_offered_with_their_choices(name):
    info = OPTION_INFO[name]
    assert info.name == name
    assert info.choices


@pytest.mark.parametrize("name", ["sixty_for_120", "offsuit_set_bonus"])
def test_bidding_options_need_bidding(name):
    with pytest.raises(RulesError) as info:
        Rules.preset("traditional").replace(**{name: True})
    assert info.value.field == name
