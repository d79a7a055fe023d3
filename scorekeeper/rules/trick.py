"""Who wins a trick, and why."""

from __future__ import annotations

from collections.abc import Iterable

from .cards import Card, CardError, Suit, parse_cards
from .options import Rules
from .rank import ACE_OF_HEARTS, RankTable, describe_place, rank_table

__all__ = ["trick_winner", "TrickResult", "check_cards", "high_card"]


def check_cards(cards: Iterable[str | Card], table: RankTable, rules: Rules, what: str) -> tuple[Card, ...]:
    """Read cards and refuse the joker where it is not played."""
    if cards.__class__ is tuple and all(c.__class__ is Card for c in cards) and len(set(cards)) == len(cards):
        result = cards  # already read: the fast path for programs asking many questions
    else:
        result = parse_cards(cards)
    if not rules.joker and Card.JOKER in result:
        raise CardError(f"The joker is not played under these rules, but it is in the {what}", "JK")
    return result


class TrickResult:
    """The winner of a trick as data, with the sentence that explains it."""

    __slots__ = ("cards", "winner", "card", "trump_lead", "reason", "_table")

    def __init__(self, cards: tuple[Card, ...], winner: int, trump_lead: bool, reason: str, table: RankTable):
        self.cards = cards
        self.winner = winner
        self.card = cards[winner]
        self.trump_lead = trump_lead
        self.reason = reason
        self._table = table

    @property
    def trump(self) -> Suit:
        return self._table.trump

    @property
    def explanation(self) -> str:
        table, card = self._table, self.card
        if self.reason == "only-card":
            return f"{card} is the only card played, so it wins."
        trumps = [c for c in self.cards if table.is_trump(c)]
        if self.reason == "highest-trump":
            why = " (the A♥ is always a trump)" if card == ACE_OF_HEARTS and table.trump is not Suit.HEARTS else ""
            if len(trumps) == 1:
                return f"{card} wins: it is the only trump played{why}, and a trump beats every card that is not trump."
            return (
                f"{card} wins: it is the highest trump played{why} — {describe_place(card, table)} "
                f"with {table.trump.plural} trump."
            )
        led = self.cards[0].suit
        others = [str(c) for c in self.cards if c.suit is not led]
        listed = ", ".join(others[:-1]) + " and " + others[-1] if len(others) > 1 else "".join(others)
        tail = f" {listed} {'is' if len(others) == 1 else 'are'} of another suit and cannot win." if others else ""
        return (
            f"{card} wins: no trump was played, so the highest {led.singular} — the suit led — takes the trick; "
            f"{card} is {describe_place(card, table)}.{tail}"
        )

    def __repr__(self) -> str:
        return f"<TrickResult {self.card} wins ({self.reason})>"


def trick_winner(cards: Iterable[str | Card], trump: Suit | str, rules: Rules) -> TrickResult:
    """Say which card wins a trick; ``cards`` are in play order, the lead first."""
    table = rank_table(trump, rules)
    played = check_cards(cards, table, rules, "trick")
    if not played:
        raise CardError("Give at least one card played to the trick")
    if len(played) > 8:
        raise CardError("A trick has at most 8 cards, one for each player")
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
        reason = "only-card"
    elif best_key >= 100:
        reason = "highest-trump"
    else:
        reason = "highest-of-led-suit"
    return TrickResult(played, best, trump_lead, reason, table)


def high_card(played: Iterable[str | Card], trump: Suit | str, rules: Rules) -> Card | None:
    """The card that earns the high in a hand (``played`` in play order, the hand's first lead first).

    None when no card earns it under the table's rules, and the hand is worth 25.
    """
    table = rank_table(trump, rules)
    cards = check_cards(played, table, rules, "hand")
    if not cards:
        raise CardError("Give the cards played in the hand")
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
