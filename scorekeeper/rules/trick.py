"""Who wins a trick, and why."""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field

from .cards import Card, CardError, Suit, parse_cards
from .options import Rules
from .rank import ACE_OF_HEARTS, Place, RankTable, place_of, rank_table
from .refusals import Refusal

__all__ = ["trick_winner", "TrickResult", "TrickReason", "check_cards", "high_card"]


def check_cards(cards: Iterable[str | Card], table: RankTable, rules: Rules, what: str) -> tuple[Card, ...]:
    """Read cards and refuse the joker where it is not played."""
    if cards.__class__ is tuple and all(c.__class__ is Card for c in cards) and len(set(cards)) == len(cards):
        result = cards  # already read: the fast path for programs asking many questions
    elif isinstance(cards, str) and not cards.strip():
        result = ()  # a blank trick: nobody has played to it yet
    else:
        result = parse_cards(cards)
    if not rules.joker and Card.JOKER in result:
        raise CardError(Refusal.JOKER_NOT_PLAYED, "JK", details={"where": what})
    return result


class TrickReason(enum.StrEnum):
    """Why the winning card of a trick won."""

    ONLY_CARD = "only-card"
    HIGHEST_TRUMP = "highest-trump"
    HIGHEST_OF_LED_SUIT = "highest-of-led-suit"


@dataclass(frozen=True, slots=True, repr=False)
class TrickResult:
    """The winner of a trick as data (``winner`` is the index in ``cards``), with the reason it won."""

    cards: tuple[Card, ...]
    winner: int
    trump_lead: bool
    reason: TrickReason
    _table: RankTable = field(compare=False)

    @property
    def card(self) -> Card:
        """The winning card."""
        return self.cards[self.winner]

    @property
    def trump(self) -> Suit:
        return self._table.trump

    @property
    def place(self) -> Place:
        """Where the winning card stands among the trumps, or in the suit led."""
        return place_of(self.card, self._table)

    @property
    def trumps_played(self) -> tuple[Card, ...]:
        return tuple(c for c in self.cards if self._table.is_trump(c))

    @property
    def off_suit(self) -> tuple[Card, ...]:
        """The cards of another suit than the one led (no trump played), which cannot win."""
        led = self.cards[0].suit
        return tuple(c for c in self.cards if c.suit is not led)

    @property
    def always_trump(self) -> bool:
        """Whether the winner is the A♥ with another suit trump (it is always a trump)."""
        return self.card == ACE_OF_HEARTS and self._table.trump is not Suit.HEARTS

    def __repr__(self) -> str:
        return f"<TrickResult {self.card} wins ({self.reason})>"


def trick_winner(cards: Iterable[str | Card], trump: Suit | str, rules: Rules) -> TrickResult:
    """Say which card wins a trick; ``cards`` are in play order, the lead first."""
    table = rank_table(trump, rules)
    played = check_cards(cards, table, rules, "trick")
    if not played:
        raise CardError(Refusal.TRICK_EMPTY)
    if len(played) > 8:
        raise CardError(Refusal.TRICK_TOO_BIG)
    power = table.power
    lead = played[0]
    trump_lead = power[lead] >= 100
    led_suit = lead.suit
    best, best_key = 0, -1
    for i, card in enumerate(played):
        p = power[card]
        key = p if (p >= 100 or card.suit is led_suit) else -1
        if key > best_key:
            best, best_key = i, key
    if len(played) == 1:
        reason = TrickReason.ONLY_CARD
    elif best_key >= 100:
        reason = TrickReason.HIGHEST_TRUMP
    else:
        reason = TrickReason.HIGHEST_OF_LED_SUIT
    return TrickResult(played, best, trump_lead, reason, table)


def high_card(played: Iterable[str | Card], trump: Suit | str, rules: Rules) -> Card | None:
    """The card that earns the high in a hand (``played`` in play order, the hand's first lead first).

    None when no card earns it under the table's rules, and the hand is worth 25.
    """
    table = rank_table(trump, rules)
    cards = check_cards(played, table, rules, "hand")
    if not cards:
        raise CardError(Refusal.HAND_CARDS_EMPTY)
    power = table.power
    if rules.high_is_five_only:
        five = Card(5, table.trump)
        return five if five in cards else None
    trumps = [c for c in cards if power[c] >= 100]
    if trumps:
        return max(trumps, key=power.__getitem__)
    if rules.high_without_trump == "none":
        return None
    led = cards[0].suit
    return max((c for c in cards if c.suit is led), key=power.__getitem__)
