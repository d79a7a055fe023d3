"""The rank of the cards: which trump beats which, and the order of each off-suit."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import NamedTuple

from .cards import Card, CardError, Suit, deck
from .options import Rules, RulesError
from .refusals import Refusal

__all__ = [
    "is_trump",
    "trump_order",
    "offsuit_order",
    "compare",
    "Comparison",
    "CompareReason",
    "Place",
    "place_of",
    "RankTable",
    "rank_table",
]

ACE_OF_HEARTS = Card(14, Suit.HEARTS)

# Below the king and queen, red trumps run high to low and black trumps low to high.
_RED_LOW = (10, 9, 8, 7, 6, 4, 3, 2)
_BLACK_LOW = (2, 3, 4, 6, 7, 8, 9, 10)
# Off-suits: "red high, black low".  The ace's place depends on the suit and the options.
_OFF_RED = (13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2)
_OFF_BLACK = (13, 12, 11, 14, 2, 3, 4, 5, 6, 7, 8, 9, 10)


@dataclass(frozen=True, slots=True)
class RankTable:
    """The complete order of every card for one trump suit and one set of rank options."""

    trump: Suit
    trumps: tuple[Card, ...]
    offsuits: dict[Suit, tuple[Card, ...]]
    # Trumps score 100 and up; other cards their place within their own suit.
    power: dict[Card, int]

    def is_trump(self, card: Card) -> bool:
        return self.power[card] >= 100


def _trump_order(trump: Suit, joker: bool) -> tuple[Card, ...]:
    order = [Card(5, trump), Card(11, trump)]
    if joker:
        order.append(Card.JOKER)
    order.append(ACE_OF_HEARTS)
    if trump is not Suit.HEARTS:
        order.append(Card(14, trump))
    order += [Card(13, trump), Card(12, trump)]
    order += [Card(r, trump) for r in (_RED_LOW if trump.is_red else _BLACK_LOW)]
    return tuple(order)


def _offsuit_order(suit: Suit, aces_high: bool) -> tuple[Card, ...]:
    if suit is Suit.HEARTS:
        ranks: tuple[int, ...] = _OFF_RED  # the A♥ is always a trump
    elif suit is Suit.DIAMONDS:
        ranks = ((14,) + _OFF_RED) if aces_high else (_OFF_RED + (14,))
    else:
        ranks = ((14,) + tuple(r for r in _OFF_BLACK if r != 14)) if aces_high else _OFF_BLACK
    return tuple(Card(r, suit) for r in ranks)


def _build(trump: Suit, joker: bool, aces_high: bool) -> RankTable:
    trumps = _trump_order(trump, joker)
    offsuits = {s: _offsuit_order(s, aces_high) for s in Suit if s is not trump}
    power: dict[Card, int] = {}
    for place, card in enumerate(reversed(trumps)):
        power[card] = 100 + place
    for cards in offsuits.values():
        for place, card in enumerate(reversed(cards)):
            power[card] = place
    # Every card must have exactly one place: a missing or doubled card is a bug, not a default.
    listed = list(trumps) + [c for cards in offsuits.values() for c in cards]
    if sorted(map(str, listed)) != sorted(map(str, deck(joker))):
        raise RuntimeError(f"rank table for {trump.plural} (joker={joker}, aces high={aces_high}) is not a full deck")
    return RankTable(trump, trumps, offsuits, power)


_TABLES = {(t, j, a): _build(t, j, a) for t in Suit for j in (False, True) for a in (False, True)}


def rank_table(trump: Suit | str, rules: Rules) -> RankTable:
    """Return the order of every card for this trump under these rules."""
    if not isinstance(trump, Suit):
        trump = Suit.parse(trump)
    if not isinstance(rules, Rules):
        raise RulesError(Refusal.NO_RULES, "rules")
    return _TABLES[trump, rules.joker, rules.offsuit_aces_high]


def is_trump(card: Card, trump: Suit | str, rules: Rules) -> bool:
    """Say whether a card is a trump (the A♥ always is; the joker too, when played)."""
    return rank_table(trump, rules).power.get(card, -1) >= 100


def trump_order(trump: Suit | str, rules: Rules) -> tuple[Card, ...]:
    """Return the trumps, best first."""
    return rank_table(trump, rules).trumps


def offsuit_order(suit: Suit | str, trump: Suit | str, rules: Rules) -> tuple[Card, ...]:
    """Return the cards of a suit that is not trump, best first."""
    suit = Suit.parse(suit)
    table = rank_table(trump, rules)
    if suit is table.trump:
        raise CardError(Refusal.SUIT_IS_TRUMP, suit.letter, field="suit", details={"suit": suit})
    return table.offsuits[suit]


class Place(NamedTuple):
    """Where a card stands: ``number`` 1 is the best of its kind; ``trump`` or else among the cards of ``suit``."""

    number: int
    trump: bool
    suit: Suit | None


def place_of(card: Card, table: RankTable) -> Place:
    """Where a card stands among the trumps, or among the cards of its suit."""
    if card in table.trumps:
        return Place(table.trumps.index(card) + 1, True, table.trump)
    return Place(table.offsuits[card.plain_suit].index(card) + 1, False, card.plain_suit)


class CompareReason(enum.StrEnum):
    """Why one of two cards is higher (or why neither can win)."""

    HIGHER_TRUMP = "higher-trump"
    TRUMP_BEATS_NON_TRUMP = "trump-beats-non-trump"
    HIGHER_OF_SUIT = "higher-of-suit"
    LED_SUIT_BEATS_OTHER = "led-suit-beats-other"
    CANNOT_WIN = "cannot-win"
    DIFFERENT_SUITS = "different-suits"


class Comparison(NamedTuple):
    """Which of two cards is higher, and why: ``reason`` with the fields its sentence needs.

    ``lower`` is the other card (``first`` and ``second`` as given), ``higher_place`` / ``lower_place``
    where each stands (for the reasons that compare places), ``led`` the suit led and ``trump`` the trump suit.
    """

    higher: Card | None
    reason: CompareReason
    lower: Card | None = None
    first: Card | None = None
    second: Card | None = None
    higher_place: Place | None = None
    lower_place: Place | None = None
    led: Suit | None = None
    trump: Suit | None = None


def compare(a: Card, b: Card, trump: Suit | str, led: Suit | str | None, rules: Rules) -> Comparison:
    """Say which of two cards wins, given trump and the suit led (None: not known or a trump was led)."""
    table = rank_table(trump, rules)
    led_suit = Suit.parse(led) if led is not None else None
    a, b = Card.parse(a), Card.parse(b)
    for card in (a, b):
        if card not in table.power:
            raise CardError(Refusal.JOKER_NOT_PLAYED, card.code, field="cards", details={"where": "cards"})
    if a == b:
        raise CardError(Refusal.GIVEN_TWICE, a.code, field="cards", details={"card": a})
    ta, tb = table.is_trump(a), table.is_trump(b)

    def answer(reason: CompareReason, hi: Card | None = None, lo: Card | None = None) -> Comparison:
        places = (place_of(hi, table), place_of(lo, table)) if hi is not None and lo is not None else (None, None)
        return Comparison(hi, reason, lo, a, b, places[0], places[1], led_suit, table.trump)

    # Between two trumps, a trump and another card, or two cards of one suit, the card of greater power wins.
    hi, lo = (a, b) if table.power[a] > table.power[b] else (b, a)
    if ta and tb:
        return answer(CompareReason.HIGHER_TRUMP, hi, lo)
    if ta or tb:
        return answer(CompareReason.TRUMP_BEATS_NON_TRUMP, hi, lo)
    if a.suit is b.suit and (led_suit is None or led_suit is a.suit):
        return answer(CompareReason.HIGHER_OF_SUIT, hi, lo)
    if led_suit is not None:
        for hi, lo in ((a, b), (b, a)):
            if hi.suit is led_suit and lo.suit is not led_suit:
                return answer(CompareReason.LED_SUIT_BEATS_OTHER, hi, lo)
        return answer(CompareReason.CANNOT_WIN)
    return answer(CompareReason.DIFFERENT_SUITS)
