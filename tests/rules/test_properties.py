"""Properties that hold for any cards and any hand log, checked with Hypothesis.

The rank orders and the follow rule are rebuilt here from the rule book's rank and follow chapters (/rules#rank, /rules#follow) as a
small independent model, and the engine must agree with it on random deals.
"""

from __future__ import annotations

import dataclasses

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import (
    Card,
    HandEntry,
    HandError,
    Rules,
    Suit,
    check_points,
    deck,
    is_trump,
    judge_play,
    legal_plays,
    points_from_tricks,
    replay,
    trick_winner,
)
from tests._support.rules import H, cut_throat, expected_offsuit_order, expected_trump_order, snapshot, two_sides

FAST = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
GAMES = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

ACE_HEARTS = Card(14, H)

play_rules = st.builds(
    Rules,
    follow=st.sampled_from(["any", "suit-or-trump"]),
    renegable=st.sampled_from(["five-jack-ace", "five", "none"]),
    renege_against=st.sampled_from(["lead", "highest"]),
    ace_hearts_led_forces_hearts=st.booleans(),
    offsuit_aces_high=st.booleans(),
    joker=st.booleans(),
)


@st.composite
def deals(draw, max_trick=7):
    """(rules, trump, trick already played, hand) with all cards distinct."""
    rules = draw(play_rules)
    trump = draw(st.sampled_from(list(Suit)))
    cards = draw(st.permutations(deck(joker=rules.joker)))
    k = draw(st.integers(0, max_trick))
    h = draw(st.integers(1, 5))
    return rules, trump, tuple(cards[:k]), tuple(cards[k : k + h])


# --- an independent model of rank and follow ----------------------------------------------------


def model_trick_winner(trick, trump, rules):
    trumps = expected_trump_order(trump, rules.joker)
    played = [c for c in trick if c in trumps]
    if played:
        return min(played, key=trumps.index)
    led = trick[0].suit
    order = expected_offsuit_order(led, rules.offsuit_aces_high)
    return min((c for c in trick if c in order), key=order.index)


def model_legal(hand, trick, trump, rules):
    if not trick:
        return hand
    trumps = expected_trump_order(trump, rules.joker)
    lead = trick[0]
    if lead in trumps:
        if rules.renege_against == "lead":
            against = lead
        else:
            against = min((c for c in trick if c in trumps), key=trumps.index)
        renegable = {
            "five-jack-ace": {Card(5, trump), Card(11, trump), ACE_HEARTS, Card.JOKER},
            "five": {Card(5, trump)},
            "none": set(),
        }[rules.renegable]
        held = [c for c in hand if c in trumps]
        if not held:
            if rules.ace_hearts_led_forces_hearts and lead == ACE_HEARTS and trump is not H:
                hearts = tuple(c for c in hand if c.suit is H)
                if hearts:
                    return hearts
            return hand
        may_hold = [c for c in held if c in renegable and trumps.index(c) < trumps.index(against)]
        if len(may_hold) == len(held):
            return hand
        return tuple(held)
    if rules.follow == "any":
        return hand
    followers = [c for c in hand if c.suit is lead.suit and c not in trumps]
    if not followers:
        return hand
    return tuple(c for c in hand if c in trumps or (c.suit is lead.suit))


# --- cards in play -------------------------------------------------------------------------------


@FAST
@given(deals(max_trick=7))
def test_legal_plays_never_empty_and_in_the_hand(deal):
    rules, trump, trick, hand = deal
    answer = legal_plays(hand, trick, trump, rules)
    legal = tuple(answer.legal)
    assert legal
    assert set(legal) <= set(hand)
    assert legal == tuple(c for c in hand if c in legal)  # hand order kept
    assert set(answer.held_back) <= set(hand)
    assert all(is_trump(c, trump, rules) for c in answer.held_back)
    if not trick:
        assert legal == hand


@FAST
@given(deals(max_trick=7))
def test_legal_plays_agree_with_the_rule_book(deal):
    rules, trump, trick, hand = deal
    assert tuple(legal_plays(hand, trick, trump, rules).legal) == model_legal(hand, trick, trump, rules)


@FAST
@given(deals(max_trick=7))
def test_judge_play_agrees_with_legal_plays(deal):
    rules, trump, trick, hand = deal
    answer = legal_plays(hand, trick, trump, rules)
    for c in hand:
        verdict = judge_play(c, hand, trick, trump, rules)
        assert verdict.card == c
        assert verdict.kind in ("legal", "legal-renege", "renege")
        assert (verdict.kind != "renege") is (c in answer.legal), (str(c), verdict.kind)
        if verdict.kind == "legal-renege":
            assert answer.held_back
        assert verdict.rule is answer.rule


@st.composite
def tricks(draw):
    rules = draw(play_rules)
    trump = draw(st.sampled_from(list(Suit)))
    n = draw(st.integers(1, 8))
    cards = draw(st.permutations(deck(joker=rules.joker)))
    return rules, trump, tuple(cards[:n])


@FAST
@given(tricks())
def test_a_trick_holding_a_trump_is_won_by_a_trump(t):
    rules, trump, trick = t
    result = trick_winner(trick, trump, rules)
    assert trick[result.winner] == result.card
    if any(is_trump(c, trump, rules) for c in trick):
        assert is_trump(result.card, trump, rules)
        assert result.reason in ("highest-trump", "only-card")
    else:
        assert result.card.suit is trick[0].suit


@FAST
@given(tricks())
def test_trick_winner_agrees_with_the_rule_book(t):
    rules, trump, trick = t
    assert trick_winner(trick, trump, rules).card == model_trick_winner(trick, trump, rules)


# --- points --------------------------------------------------------------------------------------


@st.composite
def trick_counts(draw):
    sides = draw(st.integers(2, 6))
    takers = draw(st.lists(st.integers(0, sides - 1), min_size=5, max_size=5))
    counts = tuple(takers.count(i) for i in range(sides))
    return counts


@FAST
@given(trick_counts(), st.data())
def test_points_of_a_hand_total_its_worth(counts, data):
    rules = data.draw(st.sampled_from([Rules(), Rules.preset("nova-scotia"), Rules(high_is_five_only=True)]))
    high = data.draw(st.sampled_from([i for i, n in enumerate(counts) if n] + ([None] if rules.may_score_25 else [])))
    points = tuple(points_from_tricks(counts, high, rules))
    assert len(points) == len(counts)
    assert sum(points) == (30 if high is not None else 25)
    for i, n in enumerate(counts):
        assert points[i] == 5 * n + (5 if i == high else 0)
    assert tuple(check_points(points, rules)) == points


@FAST
@given(trick_counts(), st.data())
def test_high_must_go_to_a_side_that_took_a_trick(counts, data):
    counts = data.draw(st.permutations(counts + (0,)))  # at least one side took nothing
    empty = data.draw(st.sampled_from([i for i, n in enumerate(counts) if n == 0]))
    try:
        points_from_tricks(counts, empty, Rules())
    except HandError as err:
        assert err.field == "high"
    else:
        raise AssertionError("a side with no trick was given the high")


# --- games ---------------------------------------------------------------------------------------

GAME_RULES = [
    Rules(),
    Rules.preset("nova-scotia"),
    Rules.preset("auction-100"),
    Rules.preset("one-ten"),
    Rules.preset("one-ten").replace(elimination_at=-80),
    Rules.preset("traditional"),
    Rules(forty_five_resets=True, thirty_for_sixty="double", slam=True),
    Rules(thirty_for_sixty="bell", sixty_for_120=True, offsuit_set_bonus=True, on_the_green=False),
    Rules(thirty_for_sixty="all-tricks", high_without_trump="none", tie_break="last-trick", on_the_green=False),
    Rules(high_bonus=False, tie_break="first-out", on_the_green=False, all_five_tricks_doubles=True),
]


@st.composite
def games(draw, rules=None):
    """A setup and a log of hands the engine accepted (at least one), with the state after each.

    Hands are drawn as a table could report them: bidders still in the game, bids their side may make,
    tricks taken by sides still in the game, and the off-suit and tie-break questions answered when asked.
    """
    rules = rules or draw(st.sampled_from(GAME_RULES))
    sides = draw(st.sampled_from([2, 3, 4]))
    if sides == 2 and draw(st.booleans()):
        setup = two_sides(rules, first_dealer=draw(st.integers(0, 3)))
    else:
        setup = cut_throat(sides, rules, first_dealer=draw(st.integers(0, sides - 1)))
    state = replay(setup, ())
    states = [state]
    for _ in range(draw(st.integers(1, 14))):
        if state.over:
            break
        active = list(state.active_sides)
        dealer_side = state.dealer_side
        takers = draw(st.lists(st.sampled_from(active), min_size=5, max_size=5))
        counts = tuple(takers.count(i) for i in range(len(setup.sides)))
        choices = [i for i, c in enumerate(counts) if c] if rules.high_bonus else []
        high = draw(st.sampled_from(choices + ([None] if rules.may_score_25 else [])))
        by_points = draw(st.booleans())
        took = (
            {"points": tuple(points_from_tricks(counts, high, rules))}
            if by_points
            else {"tricks": counts, "high": high}
        )
        if rules.bidding:
            bidder = draw(st.sampled_from(active))
            bagged = bidder == dealer_side and draw(st.booleans())
            bid = draw(st.sampled_from(list(state.allowed_bids(bidder, bagged=bagged))))
            entry = HandEntry(bidder=bidder, bid=bid, bagged=bagged, **took)
            offsuit = state.offsuit_set_sides(entry)
            if offsuit and draw(st.booleans()):
                entry = dataclasses.replace(entry, offsuit_set=draw(st.sampled_from(offsuit)))
        else:
            entry = HandEntry(**took)
        tied = state.tie_break_sides(entry)
        if tied:
            entry = dataclasses.replace(entry, tie_break_side=draw(st.sampled_from(tied)))
        state = state.apply(entry)
        states.append(state)
    return setup, states


@GAMES
@given(games())
def test_replaying_a_log_is_deterministic(game):
    setup, states = game
    final = states[-1]
    entries = tuple(final.entries)
    assert len(entries) == len(states) - 1
    once = replay(setup, entries)
    twice = replay(setup, entries)
    assert snapshot(once) == snapshot(twice) == snapshot(final)


@GAMES
@given(games())
def test_replay_equals_applying_hand_by_hand(game):
    setup, states = game
    entries = tuple(states[-1].entries)
    for i, state in enumerate(states):
        assert snapshot(replay(setup, entries[:i])) == snapshot(state)


@GAMES
@given(games())
def test_undoing_the_last_hand_restores_the_previous_state(game):
    setup, states = game
    assert len(states) >= 2
    entries = tuple(states[-1].entries)
    undone = replay(setup, entries[:-1])
    assert snapshot(undone) == snapshot(states[-2])
    assert not undone.over
    # And the hand can be recorded again to the same result.
    assert snapshot(undone.apply(entries[-1])) == snapshot(states[-1])


@GAMES
@given(games())
def test_scores_follow_the_hands(game):
    setup, states = game
    for before, after in zip(states, states[1:]):
        hand = after.hands[-1]
        assert tuple(hand.scores) == tuple(after.scores)
        assert len(after.hands) == len(before.hands) + 1
        assert tuple(before.hands) == tuple(after.hands[:-1])
        assert tuple(h - b for h, b in zip(after.scores, before.scores)) == tuple(hand.deltas)
        assert sum(hand.points) in setup.rules.hand_worths


@GAMES
@given(games())
def test_a_won_game_names_its_rule_and_marks_the_winner_out(game):
    setup, states = game
    for state in states:
        assert (state.winner is None) == (state.won_by is None) == (state.win_reason is None)
        if state.winner is not None:
            assert "out" in state.standing[state.winner]
            assert setup.names[state.winner] in state.win_reason


@GAMES
@given(games(rules=Rules()))
def test_new_england_scoring_model(game):
    """Without lock or doubling options: the bidder scores what it took or loses its bid, others score theirs."""
    setup, states = game
    assert setup.rules == Rules()
    for _before, after in zip(states, states[1:]):
        hand = after.hands[-1]
        bidder, bid = hand.bidder, hand.bid
        for i, taken in enumerate(hand.points):
            if i == bidder:
                expected = taken if taken >= bid else -bid
                assert hand.made is (taken >= bid)
            else:
                expected = taken
            assert hand.deltas[i] == expected
