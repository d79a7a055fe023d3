"""Every worked example of the rule book (/rules), as tables."""

from __future__ import annotations

import re

import pytest

from scorekeeper.rules import CardError, HandEntry, Rules, judge_play, legal_plays, replay, trick_winner, trump_order
from tests._support.rules import A_SIDE, B_SIDE, SUITS, assert_refused, card, cards, two_sides

DEFAULT = Rules.preset("new-england")


# --- Rank ----------------------------------------------------------------------------------------

RANK_ORDERS = [
    ("♦", "5♦ J♦ A♥ A♦ K♦ Q♦ 10♦ 9♦ 8♦ 7♦ 6♦ 4♦ 3♦ 2♦"),
    ("♣", "5♣ J♣ A♥ A♣ K♣ Q♣ 2♣ 3♣ 4♣ 6♣ 7♣ 8♣ 9♣ 10♣"),
    ("♥", "5♥ J♥ A♥ K♥ Q♥ 10♥ 9♥ 8♥ 7♥ 6♥ 4♥ 3♥ 2♥"),
]


@pytest.mark.parametrize(("trump", "order"), RANK_ORDERS)
def test_trump_rank_order(trump, order):
    assert tuple(trump_order(SUITS[trump], DEFAULT)) == cards(order)


# --- Tricks --------------------------------------------------------------------------------------

TRICKS = [
    ("♠", "8♠ 9♠ 2♠ A♥", "A♥", "highest-trump"),
    ("♥", "K♠ Q♠ 10♦ K♣", "K♠", "highest-of-led-suit"),
    ("♣", "2♥ 7♦ 9♠ 3♦", "2♥", "highest-of-led-suit"),
    ("♦", "10♣ 2♣ A♣", "A♣", "highest-of-led-suit"),
    ("♠", "2♦ A♦ 3♦", "3♦", "highest-of-led-suit"),
    ("♦", "K♥ 2♦", "2♦", "highest-trump"),
]


@pytest.mark.parametrize(("trump", "played", "winner", "reason"), TRICKS)
def test_trick_winner(trump, played, winner, reason):
    played_cards = cards(played)
    result = trick_winner(played_cards, SUITS[trump], DEFAULT)
    assert result.card == card(winner)
    assert result.winner == played_cards.index(card(winner))
    assert result.reason == reason
    assert result.trump_lead is (played_cards[0] in trump_order(SUITS[trump], DEFAULT))


# --- Legal plays ---------------------------------------------------------------------------------

LEGAL = [
    ("♥", "2♥", "J♥ K♥ 3♣ 4♣ 7♦", "any", "J♥ K♥", "trump-led-must-play-trump", "J♥"),
    ("♥", "2♥", "J♥ 3♣ 4♣ 7♦ 8♦", "any", "any", "trump-led-may-renege", "J♥"),
    ("♥", "5♥", "J♥ A♥ 3♣ 4♣ 7♦", "any", "J♥ A♥", "trump-led-must-play-trump", ""),
    ("♥", "5♥", "J♥ A♥ 3♥ 4♣ 7♦", "any", "J♥ A♥ 3♥", "trump-led-must-play-trump", ""),
    ("♠", "J♠", "A♥ 3♣ 4♦ 7♦ 8♣", "any", "A♥", "trump-led-must-play-trump", ""),
    ("♠", "6♠", "5♠ J♠ A♥ 9♦ 2♥", "any", "any", "trump-led-may-renege", "5♠ J♠ A♥"),
    ("♣", "4♦", "7♦ 2♣ K♠", "any", "any", "offsuit-any", ""),
    ("♣", "4♦", "7♦ 2♣ K♠", "suit-or-trump", "7♦ 2♣", "offsuit-follow-suit-or-trump", ""),
]


@pytest.mark.parametrize(("trump", "lead", "hand", "follow", "may_play", "rule", "held_back"), LEGAL)
def test_legal_plays(trump, lead, hand, follow, may_play, rule, held_back):
    hand_cards = cards(hand)
    rules = DEFAULT.replace(follow=follow)
    answer = legal_plays(hand_cards, cards(lead), SUITS[trump], rules)
    expected = hand_cards if may_play == "any" else cards(may_play)
    assert tuple(answer.legal) == expected
    assert answer.rule == rule
    assert set(answer.held_back) == set(cards(held_back))
    if rule.startswith("trump-led"):
        assert answer.measured_against == card(lead)


@pytest.mark.parametrize(("trump", "lead", "hand", "follow", "may_play", "rule", "held_back"), LEGAL)
def test_judge_each_card_of_the_legal_play_cases(trump, lead, hand, follow, may_play, rule, held_back):
    hand_cards = cards(hand)
    rules = DEFAULT.replace(follow=follow)
    allowed = hand_cards if may_play == "any" else cards(may_play)
    trumps = trump_order(SUITS[trump], rules)
    for c in hand_cards:
        verdict = judge_play(c, hand_cards, cards(lead), SUITS[trump], rules)
        if c not in allowed:
            assert verdict.kind == "renege", str(c)
        elif held_back and c not in trumps:
            # Trump was led and the player plays no trump, keeping a renegable one.
            assert verdict.kind == "legal-renege", str(c)
        else:
            assert verdict.kind == "legal", str(c)
        assert verdict.rule == rule


def test_judge_play_card_not_in_hand():
    with pytest.raises(CardError):
        judge_play(card("9♣"), cards("J♥ K♥"), cards("2♥"), SUITS["♥"], DEFAULT)


# --- Scoring -------------------------------------------------------------------------------------

# (before, bidder, bid, bagged, points, after, winner, reason pattern)
SCORING = [
    pytest.param((0, 0), 0, 15, False, (10, 20), (-15, 20), None, None, id="A bids 15 takes 10"),
    pytest.param((-15, 20), 1, 20, False, (15, 15), (0, 0), None, None, id="B bids 20 takes 15"),
    pytest.param((115, 95), 1, 25, False, (5, 25), (120, 120), 1, r"\bgo(es)? out\b", id="B goes out"),
    pytest.param((115, 30), 0, 15, True, (15, 15), (130, 45), 0, None, id="A bagged goes out"),
    pytest.param((115, 30), 1, 20, False, (5, 25), (120, 55), 0, None, id="A wins, B not on the green"),
    pytest.param((110, 100), 1, 15, False, (15, 15), (125, 115), None, None, id="B on the green"),
]


@pytest.mark.parametrize(("before", "bidder", "bid", "bagged", "points", "after", "winner", "why"), SCORING)
def test_scoring_line(before, bidder, bid, bagged, points, after, winner, why):
    state = replay(two_sides(scores=before), ())
    assert tuple(state.scores) == before
    state = state.apply(HandEntry(bidder=bidder, bid=bid, bagged=bagged, points=points))
    assert tuple(state.scores) == after
    assert tuple(state.hands[-1].scores) == after
    assert tuple(state.hands[-1].deltas) == tuple(a - b for a, b in zip(after, before))
    assert state.winner == winner
    assert state.over is (winner is not None)
    if winner is None:
        assert state.win_reason is None
    else:
        name = (A_SIDE, B_SIDE)[winner]
        assert name in state.win_reason
        if why:
            assert re.search(why, state.win_reason, re.IGNORECASE), state.win_reason


# The same lines entered as tricks and high instead of points.
SCORING_BY_TRICKS = [
    ((0, 0), 0, 15, False, (2, 3), 1, (-15, 20)),
    ((-15, 20), 1, 20, False, (2, 3), 0, (0, 0)),
    ((115, 95), 1, 25, False, (1, 4), 1, (120, 120)),
    ((115, 30), 0, 15, True, (2, 3), 0, (130, 45)),
    ((115, 30), 1, 20, False, (1, 4), 1, (120, 55)),
    ((110, 100), 1, 15, False, (3, 2), 1, (125, 115)),
]


@pytest.mark.parametrize(("before", "bidder", "bid", "bagged", "tricks", "high", "after"), SCORING_BY_TRICKS)
def test_scoring_line_from_tricks(before, bidder, bid, bagged, tricks, high, after):
    state = replay(two_sides(scores=before), ())
    state = state.apply(HandEntry(bidder=bidder, bid=bid, bagged=bagged, tricks=tricks, high=high))
    assert tuple(state.scores) == after


def test_bidder_goes_out_reason_names_the_bid():
    state = replay(two_sides(scores=(115, 95)), [HandEntry(bidder=1, bid=25, points=(5, 25))])
    assert state.winner == 1
    assert "25" in state.win_reason
    assert "120" in state.win_reason


def test_set_bidder_lands_in_the_hole():
    state = replay(two_sides(), [HandEntry(bidder=0, bid=15, points=(10, 20))])
    assert state.hands[-1].made is False
    assert "in-the-hole" in state.standing[0]
    assert "in-the-hole" not in state.standing[1]


def test_on_the_green_line_standings():
    state = replay(two_sides(scores=(110, 100)), [HandEntry(bidder=1, bid=15, points=(15, 15))])
    assert state.winner is None
    assert not state.over
    assert "on-the-green" in state.standing[1]
    assert "must-bid-out" in state.standing[0]
    assert "must-bid-out" not in state.standing[1]


def test_not_on_the_green_win_reason_is_about_the_non_bidder():
    state = replay(two_sides(scores=(115, 30)), [HandEntry(bidder=1, bid=20, points=(5, 25))])
    assert state.winner == 0
    assert A_SIDE in state.win_reason
    assert "120" in state.win_reason


# --- Bad input -----------------------------------------------------------------------------------


def test_points_not_in_fives():
    state = replay(two_sides(), ())
    assert_refused(state, HandEntry(bidder=0, bid=15, points=(12, 18)), "points", r"five|5")


@pytest.mark.parametrize("points", [(10, 15), (20, 20), (30, 5), (0, 0)])
def test_points_not_summing_to_the_hand_worth(points):
    state = replay(two_sides(), ())
    assert_refused(state, HandEntry(bidder=0, bid=15, points=points), "points", r"30")


@pytest.mark.parametrize("points", [(35, -5), (-5, 35)])
def test_points_out_of_range(points):
    state = replay(two_sides(), ())
    assert_refused(state, HandEntry(bidder=0, bid=15, points=points), "points", r"\w")


@pytest.mark.parametrize("tricks", [(2, 2), (3, 3), (0, 0), (5, 1)])
def test_tricks_not_summing_to_five(tricks):
    state = replay(two_sides(), ())
    assert_refused(state, HandEntry(bidder=0, bid=15, tricks=tricks, high=0), "tricks", r"5|five")


def test_fifteen_at_one_hundred_under_min_bid_from_100():
    rules = DEFAULT.replace(min_bid_from_100=True)
    state = replay(two_sides(rules, scores=(100, 30)), ())
    assert_refused(state, HandEntry(bidder=0, bid=15, points=(15, 15)), "bid", r"20")
    # The same bid by the side below 100 is fine, and 20 by the side at 100 is fine.
    assert tuple(state.apply(HandEntry(bidder=1, bid=15, points=(15, 15))).scores) == (115, 45)
    assert tuple(state.apply(HandEntry(bidder=0, bid=20, points=(20, 10))).scores) == (120, 40)


@pytest.mark.parametrize("bid", [20, 25, 30])
def test_bagged_bid_other_than_fifteen(bid):
    state = replay(two_sides(), ())  # Ann (side A) deals the first hand
    assert state.dealer_seat == 0
    assert_refused(state, HandEntry(bidder=0, bid=bid, bagged=True, points=(30, 0)), ("bid", "bagged"), r"15")


def test_bagged_at_fifteen_under_min_bid_from_100_is_refused():
    rules = DEFAULT.replace(min_bid_from_100=True)
    state = replay(two_sides(rules, scores=(100, 30)), ())
    assert_refused(state, HandEntry(bidder=0, bid=15, bagged=True, points=(15, 15)), ("bid", "bagged"), r"20")
    assert tuple(state.apply(HandEntry(bidder=0, bid=20, bagged=True, points=(20, 10))).scores) == (120, 40)


def test_bagged_by_a_side_other_than_the_dealers():
    state = replay(two_sides(), ())  # dealer Ann, side A
    assert_refused(state, HandEntry(bidder=1, bid=15, bagged=True, points=(15, 15)), ("bagged", "bidder"), r"deal")
    # Next hand Bob (side B) deals: now B may be bagged and A may not.
    state = state.apply(HandEntry(bidder=0, bid=15, bagged=True, points=(15, 15)))
    assert state.dealer_seat == 1
    assert_refused(state, HandEntry(bidder=0, bid=15, bagged=True, points=(15, 15)), ("bagged", "bidder"), r"deal")
    assert tuple(state.apply(HandEntry(bidder=1, bid=15, bagged=True, points=(15, 15))).scores) == (30, 30)


@pytest.mark.parametrize("bidder", [2, 5, -1])
def test_bidder_not_in_the_game(bidder):
    state = replay(two_sides(), ())
    assert_refused(state, HandEntry(bidder=bidder, bid=15, points=(15, 15)), "bidder", r"side|bidder|game")


def test_no_bidder_in_an_auction_game():
    state = replay(two_sides(), ())
    assert_refused(state, HandEntry(bidder=None, bid=15, points=(15, 15)), "bidder", r"\w")


@pytest.mark.parametrize("bid", [10, 35, 17, 0])
def test_bid_not_offered(bid):
    state = replay(two_sides(), ())
    assert_refused(state, HandEntry(bidder=0, bid=bid, points=(15, 15)), "bid", r"\w")


def test_hand_after_the_game_is_won():
    state = replay(two_sides(scores=(115, 95)), [HandEntry(bidder=1, bid=25, points=(5, 25))])
    assert state.winner == 1
    assert_refused(state, HandEntry(bidder=0, bid=15, points=(15, 15)), "game", r"won|over|finished")


def test_replay_refuses_a_bad_log():
    with pytest.raises(Exception) as info:
        replay(
            two_sides(), [HandEntry(bidder=0, bid=15, points=(15, 15)), HandEntry(bidder=0, bid=15, points=(12, 18))]
        )
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize(
    "entry",
    [
        HandEntry(bidder=0, bid=15, tricks=(3, 2), high=0, points=(20, 10)),
        HandEntry(bidder=0, bid=15),
    ],
    ids=["tricks-and-points", "neither"],
)
def test_tricks_or_points_exactly_one(entry):
    state = replay(two_sides(), ())
    assert_refused(state, entry, ("tricks", "points"), r"trick|point")


@pytest.mark.parametrize("tricks", [(6, -1), (-1, 6)])
def test_tricks_out_of_range(tricks):
    state = replay(two_sides(), ())
    assert_refused(state, HandEntry(bidder=0, bid=15, tricks=tricks, high=0), "tricks", r"trick")


@pytest.mark.parametrize("high", [1, 2, -1])
def test_high_to_a_side_without_a_trick_or_not_in_the_game(high):
    state = replay(two_sides(), ())
    assert_refused(state, HandEntry(bidder=0, bid=15, tricks=(5, 0), high=high), "high", r"high|best|trick")


def test_bidder_goes_out_even_when_another_side_has_more():
    """The rule book (/rules#bidder-goes-out): the bidder that makes its bid and reaches the target wins, whoever else passed it."""
    state = replay(two_sides(scores=(100, 115)), [HandEntry(bidder=0, bid=20, points=(20, 10))])
    assert tuple(state.scores) == (120, 125)
    assert state.winner == 0


def test_a_set_bidder_does_not_go_out():
    state = replay(two_sides(scores=(115, 0)), [HandEntry(bidder=0, bid=25, points=(20, 10))])
    assert tuple(state.scores) == (90, 10)
    assert state.winner is None


@pytest.mark.parametrize(("b_before", "winner"), [(75, None), (70, 0)])
def test_the_green_starts_at_ninety(b_before, winner):
    state = replay(two_sides(scores=(110, b_before)), [HandEntry(bidder=1, bid=15, points=(15, 15))])
    assert state.scores[1] == b_before + 15
    assert state.winner == winner
    assert ("on-the-green" in state.standing[1]) is (b_before + 15 >= 90)


def test_bagged_allowed_bids():
    from scorekeeper.rules import allowed_bids

    assert tuple(allowed_bids(0, DEFAULT, bagged=True)) == (15,)
    assert tuple(allowed_bids(100, DEFAULT, bagged=True)) == (15,)
    assert tuple(allowed_bids(100, DEFAULT.replace(min_bid_from_100=True), bagged=True)) == (20,)
    assert tuple(allowed_bids(0, DEFAULT)) == (15, 20, 25, 30)
    state = replay(two_sides(DEFAULT.replace(min_bid_from_100=True), scores=(100, 0)), ())
    assert tuple(state.allowed_bids(0, bagged=True)) == (20,)
    assert tuple(state.allowed_bids(1, bagged=True)) == (15,)
    assert tuple(state.allowed_bids(0)) == (20, 25, 30)
