"""What a player may play: following suit, and when a top trump may be held back (reneged)."""

from __future__ import annotations

from collections.abc import Iterable

from .cards import Card, CardError, Suit
from .options import Rules
from .rank import ACE_OF_HEARTS, RankTable, rank_table
from .trick import check_cards

__all__ = ["legal_plays", "judge_play", "PlayAnswer", "Verdict", "renegable_cards"]


def renegable_cards(table: RankTable, rules: Rules) -> tuple[Card, ...]:
    """The trumps that may be held back under the table's rules, best first."""
    return _RENEGABLE[table.trump, rules.renegable, rules.joker]


def _renegable(trump: Suit, renegable: str, joker: bool) -> tuple[Card, ...]:
    if renegable == "none":
        return ()
    five = Card(5, trump)
    if renegable == "five":
        return (five,)
    return (five, Card(11, trump)) + ((Card.JOKER,) if joker else ()) + (ACE_OF_HEARTS,)


_RENEGABLE = {
    (t, r, j): _renegable(t, r, j) for t in Suit for r in ("five-jack-ace", "five", "none") for j in (False, True)
}


def _names(cards: Iterable[Card]) -> str:
    cards = [str(c) for c in cards]
    if len(cards) <= 1:
        return "".join(cards)
    return ", ".join(cards[:-1]) + " and " + cards[-1]


class PlayAnswer:
    """The cards a hand may play to a trick, with the rule that decided it."""

    __slots__ = ("hand", "trick", "legal", "held_back", "rule", "measured_against", "_table", "_rules")

    def __init__(self, hand, trick, legal, held_back, rule, measured_against, table, rules):
        self.hand: tuple[Card, ...] = hand
        self.trick: tuple[Card, ...] = trick
        self.legal: tuple[Card, ...] = legal
        self.held_back: tuple[Card, ...] = held_back
        self.rule: str = rule
        self.measured_against: Card | None = measured_against
        self._table = table
        self._rules = rules

    @property
    def trump(self) -> Suit:
        return self._table.trump

    @property
    def any_card(self) -> bool:
        return len(self.legal) == len(self.hand)

    @property
    def explanation(self) -> str:
        rule, table = self.rule, self._table
        if rule == "leading":
            return "You are leading, so you may play any card."
        lead = self.trick[0]
        trumps = [c for c in self.hand if table.is_trump(c)]
        against = self.measured_against
        against_words = (
            f"the {against} led"
            if self._rules.renege_against == "lead"
            else f"the {against}, the highest trump played so far"
        )
        if rule == "trump-led-no-trump":
            return f"A trump was led ({lead}) and you hold no trump, so you may play any card."
        if rule == "ace-hearts-led-play-heart":
            return (
                "The A♥ was led and you hold no trump, so under this table's rule you must play a heart: "
                f"{_names(self.legal)}."
            )
        if rule == "trump-led-may-renege":
            return (
                f"A trump was led ({lead}). Your only {'trump' if len(trumps) == 1 else 'trumps'}, {_names(trumps)}, "
                f"{'outranks' if len(trumps) == 1 else 'outrank'} {against_words}, so you may hold "
                f"{'it' if len(trumps) == 1 else 'them'} back (a legal renege) and play any card."
            )
        if rule == "trump-led-must-play-trump":
            text = f"A trump was led ({lead}), so you must play a trump: {_names(self.legal)}."
            must = [c for c in trumps if c not in self.held_back]
            renegable = renegable_cards(table, self._rules)
            too_low = [c for c in must if c in renegable]
            if self.held_back:
                text += (
                    f" You may keep back {_names(self.held_back)}, which "
                    f"{'outranks' if len(self.held_back) == 1 else 'outrank'} {against_words}, "
                    f"but you also hold {_names(must)}, which may not be held back."
                )
            if too_low:
                text += (
                    f" {_names(too_low)} cannot be held back: a top trump may only be held back when it "
                    f"outranks {against_words}."
                )
            return text
        led = lead.suit
        if rule == "offsuit-any":
            return (
                f"{lead} was led and is not a trump. At this table you need not follow suit, so you may play any card."
            )
        if rule == "offsuit-follow-suit-or-trump":
            return (
                f"{led.plural.capitalize()} were led and you hold {'a' if led.singular[0] not in 'aeiou' else 'an'} "
                f"{led.singular}, so you must play a {led.singular} or a trump."
            )
        if rule == "offsuit-cannot-follow":
            return f"{led.plural.capitalize()} were led and you hold none, so you may play any card."
        raise AssertionError(rule)

    def __repr__(self) -> str:
        return f"<PlayAnswer {self.rule}: {' '.join(map(str, self.legal))}>"


def legal_plays(hand: Iterable[str | Card], trick: Iterable[str | Card], trump: Suit | str, rules: Rules) -> PlayAnswer:
    """Return the cards of ``hand`` that may be played to ``trick`` (cards already played, lead first)."""
    table = rank_table(trump, rules)
    hand = check_cards(hand, table, rules, "hand")
    trick = check_cards(trick, table, rules, "trick")
    if not hand:
        raise CardError("The hand is empty: give the cards you hold")
    if len(hand) > 9:
        raise CardError("A hand has at most 5 cards (a few more while drawing)")
    if len(trick) > 7:
        raise CardError("A trick has at most 8 cards, so at most 7 can be played before you")
    both = set(hand).intersection(trick)
    if both:
        card = next(c for c in trick if c in both)
        raise CardError(f"{card} cannot be both in your hand and already played", card.code)
    if not trick:
        return PlayAnswer(hand, trick, hand, (), "leading", None, table, rules)
    power = table.power
    lead = trick[0]
    if power[lead] >= 100:
        trumps = tuple(c for c in hand if power[c] >= 100)
        if not trumps:
            if rules.ace_hearts_led_forces_hearts and lead == ACE_OF_HEARTS and table.trump is not Suit.HEARTS:
                hearts = tuple(c for c in hand if c.suit is Suit.HEARTS)
                if hearts:
                    return PlayAnswer(hand, trick, hearts, (), "ace-hearts-led-play-heart", lead, table, rules)
            return PlayAnswer(hand, trick, hand, (), "trump-led-no-trump", lead, table, rules)
        if rules.renege_against == "lead":
            against = lead
        else:
            against = max((c for c in trick if power[c] >= 100), key=power.__getitem__)
        bar = power[against]
        renegable = renegable_cards(table, rules)
        held = tuple(c for c in trumps if c in renegable and power[c] > bar)
        if len(held) == len(trumps):
            return PlayAnswer(hand, trick, hand, held, "trump-led-may-renege", against, table, rules)
        return PlayAnswer(hand, trick, trumps, held, "trump-led-must-play-trump", against, table, rules)
    if rules.follow == "any":
        return PlayAnswer(hand, trick, hand, (), "offsuit-any", None, table, rules)
    led = lead.suit
    if any(c.suit is led and power[c] < 100 for c in hand):
        legal = tuple(c for c in hand if power[c] >= 100 or c.suit is led)
        return PlayAnswer(hand, trick, legal, (), "offsuit-follow-suit-or-trump", None, table, rules)
    return PlayAnswer(hand, trick, hand, (), "offsuit-cannot-follow", None, table, rules)


class Verdict:
    """Whether one particular card may be played, and why."""

    __slots__ = ("card", "kind", "answer")

    def __init__(self, card: Card, kind: str, answer: PlayAnswer):
        self.card = card
        self.kind = kind  # "legal", "legal-renege" or "renege"
        self.answer = answer

    @property
    def rule(self) -> str:
        return self.answer.rule

    @property
    def measured_against(self) -> Card | None:
        return self.answer.measured_against

    @property
    def legal(self) -> bool:
        return self.kind != "renege"

    @property
    def explanation(self) -> str:
        card, answer = self.card, self.answer
        if self.kind == "renege":
            return f"No: {card} may not be played here — that would be a renege. {answer.explanation}"
        if self.kind == "legal-renege":
            return (
                f"Yes: playing {card} holds back {_names(answer.held_back)}, which is a legal renege. "
                f"{answer.explanation}"
            )
        return f"Yes: {card} may be played. {answer.explanation}"

    def __repr__(self) -> str:
        return f"<Verdict {self.card}: {self.kind}>"


def judge_play(
    card: str | Card, hand: Iterable[str | Card], trick: Iterable[str | Card], trump: Suit | str, rules: Rules
) -> Verdict:
    """Judge one card played from ``hand`` to ``trick``: legal, a legal renege, or a renege."""
    card = Card.parse(card)
    answer = legal_plays(hand, trick, trump, rules)
    if card not in answer.hand:
        raise CardError(f"{card} is not in the hand", card.code)
    if card not in answer.legal:
        return Verdict(card, "renege", answer)
    if answer.rule == "trump-led-may-renege" and card not in answer.held_back:
        return Verdict(card, "legal-renege", answer)
    return Verdict(card, "legal", answer)
