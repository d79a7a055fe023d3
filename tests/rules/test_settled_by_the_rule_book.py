"""Cases the rule book now settles (the rule book, /rules#winning) and the engine's own refusals, each with its field."""

from __future__ import annotations

import pytest

from scorekeeper.rules import (
    CardError,
    GameSetup,
    HandEntry,
    HandError,
    Rules,
    RulesError,
    Side,
    WinReason,
    compare,
    legal_plays,
    offsuit_order,
    parse_bid,
    parse_cards,
    replay,
    trick_winner,
)
from tests._support.rules import NE, cut_throat, two_sides

PARTNER = NE.replace(call_for_partner=True)


def ada_bids_20_and_calls_dot(scores: tuple[int, ...]):
    """Five players from *scores*: Ada bids 20 and calls Dot as partner; Ada takes 10 and Dot 15."""
    setup = cut_throat(5, PARTNER, scores=scores)
    return replay(setup, [HandEntry(bidder=0, bid=20, partner=3, points=(10, 5, 0, 15, 0))])


def test_bidder_and_called_partner_both_reach_the_target_the_bidder_wins():
    """The rule book (/rules#bidder-goes-out): start 100 / 110, bid 20, bidder takes 10 and partner 15: both pass 120, the bidder wins with 125."""
    state = ada_bids_20_and_calls_dot(scores=(100, 0, 0, 110, 0))
    assert tuple(state.scores) == (125, 5, 0, 135, 0)
    assert state.winner == 0
    assert state.won_by is WinReason.BIDDER_GOES_OUT
    assert state.win_reason == "Ada bid 20 and made it: the bidder goes out with 125."


def test_only_the_called_partner_reaches_the_target_and_the_reason_names_the_partner():
    """Start 90 / 100: the partner reaches 125 and wins; the bidder has 115, and the reason says who went out."""
    state = ada_bids_20_and_calls_dot(scores=(90, 0, 0, 100, 0))
    assert tuple(state.scores) == (115, 5, 0, 125, 0)
    assert state.winner == 3
    assert "Dot" in state.win_reason and "125" in state.win_reason
    assert "the bidder goes out" not in state.win_reason


def test_a_hand_that_would_put_out_every_side_left_puts_out_none():
    """The rule book (/rules#elimination): the last two sides in, bidder and called partner, are both set below −80: both stay in and play on."""
    rules = PARTNER.replace(elimination_at=-80, high_without_trump="none")
    setup = cut_throat(5, rules, scores=(-75,) * 5)
    hands = [
        HandEntry(bidder=0, bid=15, partner=1, points=(0, 0, 10, 10, 10)),  # Ada and Bea out at −90
        HandEntry(bidder=2, bid=15, points=(0, 0, 0, 15, 15)),  # Cal out at −80
        HandEntry(bidder=3, bid=30, partner=4, points=(0, 0, 0, 10, 15)),  # a 25-point hand: set, both at −80
    ]
    state = replay(setup, hands)
    assert tuple(state.scores)[3:] == (-80, -80)
    assert state.eliminated == frozenset({0, 1, 2})
    assert state.winner is None
    assert state.dealer in ("Dot", "Eve")
    later = state.apply(HandEntry(bidder=3, bid=15, partner=4, points=(0, 0, 0, 10, 15)))
    assert tuple(later.scores)[3:] == (-55, -55)


def test_the_last_side_left_still_wins_when_only_some_sides_fall():
    rules = NE.replace(elimination_at=-80)
    state = replay(cut_throat(3, rules, scores=(-70, -70, 0)), [HandEntry(bidder=0, bid=15, points=(10, 0, 20))])
    assert state.eliminated == frozenset({0})
    state = state.apply(HandEntry(bidder=1, bid=15, points=(0, 10, 20)))
    assert state.winner == 2
    assert state.won_by is WinReason.LAST_SIDE_LEFT


def _two_sides_no_rules():
    return GameSetup(None, (Side("A", ("Ann",)), Side("B", ("Bob",))))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("call", "error", "field"),
    [
        (lambda: parse_cards(None), CardError, "cards"),
        (lambda: parse_cards(""), CardError, "cards"),
        (lambda: parse_cards("   "), CardError, "cards"),
        (lambda: parse_cards([5]), CardError, "cards"),
        (lambda: legal_plays("5h 9c", [], "S", None), RulesError, "rules"),
        (lambda: legal_plays("5h 9c", [], "S", "new-england"), RulesError, "rules"),
        (lambda: trick_winner("5h 9c", "S", None), RulesError, "rules"),
        (_two_sides_no_rules, RulesError, "rules"),
        (lambda: Rules(unknown=1), RulesError, "unknown"),
        (lambda: Rules(120), RulesError, "rules"),
        (lambda: compare("5H", "5H", "S", None, NE), CardError, "cards"),
        (lambda: compare("JK", "5H", "S", None, NE), CardError, "cards"),
        (lambda: offsuit_order("S", "S", NE), CardError, "suit"),
        (lambda: parse_bid("20"), HandError, "bid"),
        (lambda: replay(two_sides(), [HandEntry(bidder=0, bid="20", points=(20, 10))]), HandError, "bid"),
    ],
    ids=[
        "cards-none",
        "cards-blank",
        "cards-spaces",
        "cards-number",
        "rules-none",
        "rules-string",
        "trick-rules-none",
        "setup-rules-none",
        "unknown-option",
        "option-by-position",
        "compare-twice",
        "compare-joker",
        "offsuit-is-trump",
        "bid-as-text",
        "hand-bid-as-text",
    ],
)
def test_the_engine_refuses_with_its_own_named_error_and_the_field(call, error, field):
    with pytest.raises(error) as info:
        call()
    assert type(info.value) is error
    assert info.value.field == field
    message = str(info.value)
    assert message and not any(word in message for word in ("NoneType", "object", "argument", "Traceback"))


def test_compare_reads_cards_as_written():
    assert str(compare("5h", "KS", "S", None, NE).higher) == "K♠"


def test_an_empty_list_is_still_no_cards():
    assert parse_cards([]) == ()
    assert legal_plays("5h 9c", [], "S", NE).any_card
