"""What a player may play: following suit, and when a top trump may be held back (reneged)."""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field

from .cards import Card, CardError, Suit
from .options import Rules, RulesError
from .rank import ACE_OF_HEARTS, RankTable, rank_table
from .refusals import Refusal
from .trick import check_cards

__all__ = ["legal_plays", "judge_play", "PlayAnswer", "PlayRule", "Verdict", "VerdictKind", "renegable_cards"]


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


class PlayRule(enum.StrEnum):
    """The rule of the rule book (/rules#follow, /rules#renege) that decided which cards may be played."""

    LEADING = "leading"
    TRUMP_LED_NO_TRUMP = "trump-led-no-trump"
    ACE_HEARTS_LED_PLAY_HEART = "ace-hearts-led-play-heart"
    TRUMP_LED_MAY_RENEGE = "trump-led-may-renege"
    TRUMP_LED_MUST_PLAY_TRUMP = "trump-led-must-play-trump"
    OFFSUIT_ANY = "offsuit-any"
    OFFSUIT_FOLLOW_SUIT_OR_TRUMP = "offsuit-follow-suit-or-trump"
    OFFSUIT_CANNOT_FOLLOW = "offsuit-cannot-follow"
    CALLED_CARD_SECOND_TRICK = "called-card-second-trick"
    CALLED_CARD_OVERDUE = "called-card-overdue"


class VerdictKind(enum.StrEnum):
    """Whether a card played was legal, a legal renege, or a renege."""

    LEGAL = "legal"
    LEGAL_RENEGE = "legal-renege"
    RENEGE = "renege"


@dataclass(frozen=True, slots=True, repr=False)
class PlayAnswer:
    """The cards a player holding ``held`` may play to a trick, with the rule that decided it."""

    held: tuple[Card, ...]
    trick: tuple[Card, ...]
    legal: tuple[Card, ...]
    held_back: tuple[Card, ...]
    rule: PlayRule
    measured_against: Card | None
    _table: RankTable = field(compare=False)
    _rules: Rules = field(compare=False)

    @property
    def hand(self) -> tuple[Card, ...]:
        """The cards held (the older name of ``held``)."""
        return self.held

    @property
    def trump(self) -> Suit:
        return self._table.trump

    @property
    def any_card(self) -> bool:
        return len(self.legal) == len(self.held)

    @property
    def trumps_held(self) -> tuple[Card, ...]:
        """The trumps among the cards held."""
        return tuple(c for c in self.held if self._table.is_trump(c))

    @property
    def must_play(self) -> tuple[Card, ...]:
        """The trumps held that may not be held back."""
        return tuple(c for c in self.trumps_held if c not in self.held_back)

    @property
    def too_low(self) -> tuple[Card, ...]:
        """Top trumps held that may not be held back here, being lower than ``measured_against``."""
        renegable = renegable_cards(self._table, self._rules)
        return tuple(c for c in self.must_play if c in renegable)

    @property
    def against_lead(self) -> bool:
        """Whether a top trump is measured against the card led (else the highest trump played so far)."""
        return self._rules.renege_against == "lead"

    def __repr__(self) -> str:
        return f"<PlayAnswer {self.rule}: {' '.join(map(str, self.legal))}>"


def _check_called(rules: Rules, trick_number: int | None, called: str | Card | None) -> Card | None:
    """Check the trick's number (1 to 5) and the card the bidder called (``call_for_partner`` only)."""
    if trick_number is not None and (
        isinstance(trick_number, bool) or not isinstance(trick_number, int) or not 1 <= trick_number <= 5
    ):
        raise CardError(Refusal.TRICK_NUMBER, None, field="trick_number")
    if called is None:
        return None
    if not rules.call_for_partner:
        raise RulesError(Refusal.CALLED_WITHOUT_PARTNER, "called")
    try:
        return Card.parse(called)
    except CardError as err:
        raise CardError(err.code, err.token, field="called", details=err.details) from None


def legal_plays(
    held: Iterable[str | Card],
    trick: Iterable[str | Card],
    trump: Suit | str,
    rules: Rules,
    *,
    trick_number: int | None = None,
    called: str | Card | None = None,
) -> PlayAnswer:
    """Return the cards of ``held`` (a player's cards) that may be played to ``trick`` (played so far, lead first).

    With ``call_for_partner``, *trick_number* (1 to 5) and *called* (the card the bidder called) let the
    answer say that the called card must be played on the second trick (the rule book, /rules#called-card).
    """
    table = rank_table(trump, rules)
    called_card = _check_called(rules, trick_number, called)
    cards = check_cards(held, table, rules, "hand")
    played = check_cards(trick, table, rules, "trick")
    if not cards:
        raise CardError(Refusal.HAND_EMPTY)
    if len(cards) > 9:
        raise CardError(Refusal.HAND_TOO_BIG)
    if len(played) > 7:
        raise CardError(Refusal.TRICK_TOO_BIG_BEFORE_YOU)
    both = set(cards).intersection(played)
    if both:
        card = next(c for c in played if c in both)
        raise CardError(Refusal.HELD_AND_PLAYED, card.code, details={"card": card})

    def answer(
        legal: tuple[Card, ...], rule: PlayRule, against: Card | None = None, back: tuple[Card, ...] = ()
    ) -> PlayAnswer:
        return PlayAnswer(cards, played, legal, back, rule, against, table, rules)

    if called_card is not None and trick_number is not None and trick_number >= 2 and called_card in cards:
        rule = PlayRule.CALLED_CARD_SECOND_TRICK if trick_number == 2 else PlayRule.CALLED_CARD_OVERDUE
        return answer((called_card,), rule)
    if not played:
        return answer(cards, PlayRule.LEADING)
    power = table.power
    lead = played[0]
    if power[lead] >= 100:
        trumps = tuple(c for c in cards if power[c] >= 100)
        if not trumps:
            if rules.ace_hearts_led_forces_hearts and lead == ACE_OF_HEARTS and table.trump is not Suit.HEARTS:
                hearts = tuple(c for c in cards if c.suit is Suit.HEARTS)
                if hearts:
                    return answer(hearts, PlayRule.ACE_HEARTS_LED_PLAY_HEART, lead)
            return answer(cards, PlayRule.TRUMP_LED_NO_TRUMP, lead)
        if rules.renege_against == "lead":
            against = lead
        else:
            against = max((c for c in played if power[c] >= 100), key=power.__getitem__)
        bar = power[against]
        renegable = renegable_cards(table, rules)
        back = tuple(c for c in trumps if c in renegable and power[c] > bar)
        if len(back) == len(trumps):
            return answer(cards, PlayRule.TRUMP_LED_MAY_RENEGE, against, back)
        return answer(trumps, PlayRule.TRUMP_LED_MUST_PLAY_TRUMP, against, back)
    if rules.follow == "any":
        return answer(cards, PlayRule.OFFSUIT_ANY)
    led = lead.suit
    if any(c.suit is led and power[c] < 100 for c in cards):
        legal = tuple(c for c in cards if power[c] >= 100 or c.suit is led)
        return answer(legal, PlayRule.OFFSUIT_FOLLOW_SUIT_OR_TRUMP)
    return answer(cards, PlayRule.OFFSUIT_CANNOT_FOLLOW)


@dataclass(frozen=True, slots=True, repr=False)
class Verdict:
    """Whether one particular card may be played, and why."""

    card: Card
    kind: VerdictKind
    answer: PlayAnswer

    @property
    def rule(self) -> PlayRule:
        return self.answer.rule

    @property
    def measured_against(self) -> Card | None:
        return self.answer.measured_against

    @property
    def legal(self) -> bool:
        return self.kind is not VerdictKind.RENEGE

    def __repr__(self) -> str:
        return f"<Verdict {self.card}: {self.kind}>"


def judge_play(
    card: str | Card,
    held: Iterable[str | Card],
    trick: Iterable[str | Card],
    trump: Suit | str,
    rules: Rules,
    *,
    trick_number: int | None = None,
    called: str | Card | None = None,
) -> Verdict:
    """Judge one card played from ``held`` (the player's cards) to ``trick``: legal, a legal renege, or a renege."""
    card = Card.parse(card)
    answer = legal_plays(held, trick, trump, rules, trick_number=trick_number, called=called)
    if card not in answer.held:
        raise CardError(Refusal.NOT_HELD, card.code, details={"card": card})
    if card not in answer.legal:
        return Verdict(card, VerdictKind.RENEGE, answer)
    if answer.rule is PlayRule.TRUMP_LED_MAY_RENEGE and card not in answer.held_back:
        return Verdict(card, VerdictKind.LEGAL_RENEGE, answer)
    return Verdict(card, VerdictKind.LEGAL, answer)
