"""Small functions shared by the rules-engine tests."""

from __future__ import annotations

import dataclasses
import enum
import re

import pytest

from scorekeeper.rules import (
    Card,
    GameSetup,
    HandError,
    Rules,
    Side,
    Suit,
    parse_cards,
    replay,
)

S, C, H, D = Suit.SPADES, Suit.CLUBS, Suit.HEARTS, Suit.DIAMONDS
SUITS = {"♠": S, "♣": C, "♥": H, "♦": D}

# Every option of the rules (those of the rule book's section 13, and one more), spelled as the engine and the API
# spell them: the rule book's option table has each.
OPTION_NAMES = [
    "target",
    "bidding",
    "follow",
    "renegable",
    "renege_against",
    "ace_hearts_led_forces_hearts",
    "offsuit_aces_high",
    "joker",
    "high_without_trump",
    "high_is_five_only",
    "dealer_may_hold",
    "hold_from",
    "min_bid_from_100",
    "thirty_for_sixty",
    "sixty_for_120",
    "offsuit_set_bonus",
    "high_bonus",
    "tie_break",
    "slam",
    "all_five_tricks_doubles",
    "first_lead",
    "lock",
    "lock_at",
    "on_the_green",
    "green_at",
    "forty_five_resets",
    "elimination_at",
    "call_for_partner",
    "four_and_a_flip",
    # Not among the rule book's house rules: One-hundred and ten's draw for the players other than the bidder (/rules#draw-limits).
    "others_draw_at_most",
]

# The presets, in the order the rule book and the new-game page offer them.
PRESET_NAMES = ["new-england", "nova-scotia", "auction-100", "one-ten", "traditional"]

NE = Rules.preset("new-england")  # the rules most tests start from

A_SIDE = "Anchors"
B_SIDE = "Badgers"


def play(setup: GameSetup, *entries):
    """The game after *entries*, replayed from *setup*."""
    return replay(setup, entries)


def card(text: str) -> Card:
    return Card.parse(text)


def cards(text: str) -> tuple[Card, ...]:
    """The cards of a table cell; a blank cell is no cards (the engine refuses blank text)."""
    return tuple(parse_cards(text)) if text.strip() else ()


def two_sides(rules: Rules | None = None, scores=None, first_dealer: int = 0) -> GameSetup:
    """Two partnerships of two; seat order Ann (A), Bob (B), Amy (A), Ben (B)."""
    return GameSetup(
        rules or Rules.preset("new-england"),
        (Side(A_SIDE, ("Ann", "Amy")), Side(B_SIDE, ("Bob", "Ben"))),
        first_dealer=first_dealer,
        scores=scores,
    )


def cut_throat(n: int, rules: Rules | None = None, scores=None, first_dealer: int = 0) -> GameSetup:
    names = ["Ada", "Bea", "Cal", "Dot", "Eve", "Fay", "Gus", "Hal"][:n]
    return GameSetup(
        rules or Rules.preset("new-england"),
        tuple(Side(name, (name,)) for name in names),
        first_dealer=first_dealer,
        scores=scores,
    )


def snapshot(state):
    """What a player sees of a game: enough to tell two states apart."""
    return (
        tuple(state.scores),
        state.winner,
        state.win_reason,
        state.over,
        tuple(tuple(s) for s in state.standing),
        state.dealer_seat,
        state.next_n,
        len(state.hands),
        tuple(state.entries),
        tuple((h.n, tuple(h.points), tuple(h.deltas), tuple(h.scores), h.made) for h in state.hands),
    )


def assert_refused(state, entry, field, pattern):
    """The hand is refused with a HandError naming `field`, a readable message, and nothing changes.

    A refused hand can leave no trace in a state that cannot change: everything it holds is frozen
    (checked, not assumed), and it is still exactly what its own hand log replays to.
    """

    with pytest.raises(HandError) as info:
        state.apply(entry)
    err = info.value
    fields = {field} if isinstance(field, str) else set(field)
    assert err.field in fields, f"field {err.field!r}, message {str(err)!r}"
    from scorekeeper.words import refusal

    message = refusal(err)  # the sentence a player reads, from the refusal's code and details
    assert_readable(message)
    assert re.search(pattern, message, re.IGNORECASE), f"{message!r} does not match {pattern!r}"
    assert_deeply_frozen(state)
    assert snapshot(replay(state.setup, state.entries)) == snapshot(state)
    return err


_FROZEN_LEAVES = (str, int, float, bool, type(None), enum.Enum, Card)


def assert_deeply_frozen(value, path="state"):
    """Fail when anything reachable from `value` could be changed in place (a list, a dict, a set, a mutable object)."""
    if isinstance(value, _FROZEN_LEAVES):
        return
    if isinstance(value, (tuple, frozenset)):
        for i, item in enumerate(value):
            assert_deeply_frozen(item, f"{path}[{i}]")
        return
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        assert type(value).__dataclass_params__.frozen, f"{path} is a dataclass that can be changed"
        for f in dataclasses.fields(value):
            assert_deeply_frozen(getattr(value, f.name), f"{path}.{f.name}")
        return
    raise AssertionError(f"{path} is a {type(value).__name__}, which can be changed in place")


def assert_readable(message: str) -> None:
    """A sentence a player can read: words, no Python internals."""
    assert len(message) >= 8, message
    assert re.search(r"[A-Za-z]{3}", message), message
    for leak in ("Traceback", "NoneType", "<class", "Error(", "object at 0x", "HandEntry(", "Suit."):
        assert leak not in message, message


ACE_HEARTS = Card(14, H)


RED_LOW = [10, 9, 8, 7, 6, 4, 3, 2]


BLACK_LOW = [2, 3, 4, 6, 7, 8, 9, 10]


def expected_trump_order(trump: Suit, joker: bool) -> tuple[Card, ...]:
    order = [Card(5, trump), Card(11, trump)]
    if joker:
        order.append(Card.JOKER)
    order.append(ACE_HEARTS)
    if trump is not H:
        order.append(Card(14, trump))
    order += [Card(13, trump), Card(12, trump)]
    order += [Card(r, trump) for r in (RED_LOW if trump.is_red else BLACK_LOW)]
    return tuple(order)


def expected_offsuit_order(suit: Suit, aces_high: bool) -> tuple[Card, ...]:
    if suit is H:
        ranks = [13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2]
    elif suit is D:
        ranks = [13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 14]
        if aces_high:
            ranks = [14] + ranks[:-1]
    else:
        ranks = [13, 12, 11, 14, 2, 3, 4, 5, 6, 7, 8, 9, 10]
        if aces_high:
            ranks = [14, 13, 12, 11, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    return tuple(Card(r, suit) for r in ranks)
