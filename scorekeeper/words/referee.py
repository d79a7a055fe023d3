"""The referee's answers in words: which card is higher, who wins a trick, what may be played."""

from __future__ import annotations

from scorekeeper.platform.i18n import gettext as _
from scorekeeper.platform.i18n import ngettext
from scorekeeper.rules import (
    Card,
    CompareReason,
    Comparison,
    PlayAnswer,
    PlayRule,
    Suit,
    TrickReason,
    TrickResult,
    Verdict,
    VerdictKind,
)

from .cards import card, listed, place, suit_plural

ACE_OF_HEARTS = Card(14, Suit.HEARTS)


def comparison(answer: Comparison) -> str:
    """Why one of two cards is higher (``Comparison.reason`` and its fields)."""
    reason, hi, lo = answer.reason, answer.higher, answer.lower
    trump = answer.trump
    if reason is CompareReason.HIGHER_TRUMP and hi and lo and answer.higher_place and answer.lower_place and trump:
        return _(
            "Both are trumps: %(higher)s is %(higher_place)s and %(lower)s is %(lower_place)s, with %(trump)s trump.",
            higher=card(hi),
            higher_place=place(answer.higher_place),
            lower=card(lo),
            lower_place=place(answer.lower_place),
            trump=suit_plural(trump),
        )
    if reason is CompareReason.TRUMP_BEATS_NON_TRUMP and hi and lo:
        if hi == ACE_OF_HEARTS and trump is not Suit.HEARTS:
            return _(
                "%(higher)s is a trump (the A♥ is always a trump) and %(lower)s is not: "
                "any trump beats a card that is not trump.",
                higher=card(hi),
                lower=card(lo),
            )
        return _(
            "%(higher)s is a trump and %(lower)s is not: any trump beats a card that is not trump.",
            higher=card(hi),
            lower=card(lo),
        )
    if reason is CompareReason.HIGHER_OF_SUIT and hi and lo and answer.higher_place and answer.lower_place:
        return _(
            "Neither is trump. In %(suit)s, %(higher)s is %(higher_place)s and %(lower)s is %(lower_place)s "
            "(red high, black low).",
            suit=suit_plural(hi.plain_suit),
            higher=card(hi),
            higher_place=place(answer.higher_place),
            lower=card(lo),
            lower_place=place(answer.lower_place),
        )
    if reason is CompareReason.LED_SUIT_BEATS_OTHER and hi and lo and answer.led:
        return _(
            "Neither is trump: %(higher)s follows the suit led (%(led)s) and %(lower)s does not, "
            "so %(lower)s cannot win.",
            higher=card(hi),
            lower=card(lo),
            led=suit_plural(answer.led),
        )
    if reason is CompareReason.CANNOT_WIN and answer.led:
        return {
            Suit.SPADES: _("Neither card is a trump or a spade (the suit led), so neither can win the trick."),
            Suit.CLUBS: _("Neither card is a trump or a club (the suit led), so neither can win the trick."),
            Suit.HEARTS: _("Neither card is a trump or a heart (the suit led), so neither can win the trick."),
            Suit.DIAMONDS: _("Neither card is a trump or a diamond (the suit led), so neither can win the trick."),
        }[answer.led]
    first, second = answer.first, answer.second
    return _(
        "%(first)s and %(second)s are of different suits and neither is trump: only the suit led decides between "
        "them, and a card of another suit cannot win.",
        first=card(first) if first else "",
        second=card(second) if second else "",
    )


def trick(result: TrickResult) -> str:
    """Why the winning card of a trick won (``TrickResult.reason`` and its fields)."""
    won = card(result.card)
    if result.reason is TrickReason.ONLY_CARD:
        return _("%(card)s is the only card played, so it wins.", card=won)
    if result.reason is TrickReason.HIGHEST_TRUMP:
        if len(result.trumps_played) == 1:
            if result.always_trump:
                return _(
                    "%(card)s wins: it is the only trump played (the A♥ is always a trump), "
                    "and a trump beats every card that is not trump.",
                    card=won,
                )
            return _(
                "%(card)s wins: it is the only trump played, and a trump beats every card that is not trump.",
                card=won,
            )
        if result.always_trump:
            return _(
                "%(card)s wins: it is the highest trump played (the A♥ is always a trump) — %(place)s with "
                "%(trump)s trump.",
                card=won,
                place=place(result.place),
                trump=suit_plural(result.trump),
            )
        return _(
            "%(card)s wins: it is the highest trump played — %(place)s with %(trump)s trump.",
            card=won,
            place=place(result.place),
            trump=suit_plural(result.trump),
        )
    others = result.off_suit
    where = place(result.place)
    text = {
        Suit.SPADES: _(
            "%(card)s wins: no trump was played, so the highest spade — the suit led — takes the trick; "
            "%(card)s is %(place)s.",
            card=won,
            place=where,
        ),
        Suit.CLUBS: _(
            "%(card)s wins: no trump was played, so the highest club — the suit led — takes the trick; "
            "%(card)s is %(place)s.",
            card=won,
            place=where,
        ),
        Suit.HEARTS: _(
            "%(card)s wins: no trump was played, so the highest heart — the suit led — takes the trick; "
            "%(card)s is %(place)s.",
            card=won,
            place=where,
        ),
        Suit.DIAMONDS: _(
            "%(card)s wins: no trump was played, so the highest diamond — the suit led — takes the trick; "
            "%(card)s is %(place)s.",
            card=won,
            place=where,
        ),
    }[result.cards[0].plain_suit]
    if not others:
        return text
    tail = ngettext(
        "%(cards)s is of another suit and cannot win.",
        "%(cards)s are of another suit and cannot win.",
        len(others),
        cards=listed(others),
    )
    return _("%(sentence)s %(more)s", sentence=text, more=tail)


def _against(answer: PlayAnswer) -> str:
    against = card(answer.measured_against) if answer.measured_against else ""
    if answer.against_lead:
        return _("the %(card)s led", card=against)
    return _("the %(card)s, the highest trump played so far", card=against)


def play(answer: PlayAnswer) -> str:
    """Which cards may be played and why (``PlayAnswer.rule`` and its fields)."""
    rule = answer.rule
    if rule is PlayRule.CALLED_CARD_SECOND_TRICK:
        return _(
            "You hold %(card)s, the card the bidder called for a partner: it must be played on the second "
            "trick, so it is the only card you may play now.",
            card=card(answer.legal[0]),
        )
    if rule is PlayRule.CALLED_CARD_OVERDUE:
        return _(
            "You still hold %(card)s, the card the bidder called for a partner: it had to be played on the "
            "second trick and may not be held back any longer, so play it now.",
            card=card(answer.legal[0]),
        )
    if rule is PlayRule.LEADING:
        return _("You are leading, so you may play any card.")
    lead = card(answer.trick[0])
    if rule is PlayRule.TRUMP_LED_NO_TRUMP:
        return _("A trump was led (%(lead)s) and you hold no trump, so you may play any card.", lead=lead)
    if rule is PlayRule.ACE_HEARTS_LED_PLAY_HEART:
        return _(
            "The A♥ was led and you hold no trump, so under this table's rule you must play a heart: %(cards)s.",
            cards=listed(answer.legal),
        )
    if rule is PlayRule.TRUMP_LED_MAY_RENEGE:
        trumps = answer.trumps_held
        return ngettext(
            "A trump was led (%(lead)s). Your only trump, %(cards)s, outranks %(against)s, so you may hold it "
            "back (a legal renege) and play any card.",
            "A trump was led (%(lead)s). Your only trumps, %(cards)s, outrank %(against)s, so you may hold them "
            "back (a legal renege) and play any card.",
            len(trumps),
            lead=lead,
            cards=listed(trumps),
            against=_against(answer),
        )
    if rule is PlayRule.TRUMP_LED_MUST_PLAY_TRUMP:
        text = _(
            "A trump was led (%(lead)s), so you must play a trump: %(cards)s.", lead=lead, cards=listed(answer.legal)
        )
        if answer.held_back:
            more = ngettext(
                "You may keep back %(cards)s, which outranks %(against)s, but you also hold %(must)s, "
                "which may not be held back.",
                "You may keep back %(cards)s, which outrank %(against)s, but you also hold %(must)s, "
                "which may not be held back.",
                len(answer.held_back),
                cards=listed(answer.held_back),
                against=_against(answer),
                must=listed(answer.must_play),
            )
            text = _("%(sentence)s %(more)s", sentence=text, more=more)
        if answer.too_low:
            more = _(
                "%(cards)s cannot be held back: a top trump may only be held back when it outranks %(against)s.",
                cards=listed(answer.too_low),
                against=_against(answer),
            )
            text = _("%(sentence)s %(more)s", sentence=text, more=more)
        return text
    led = answer.trick[0].plain_suit
    if rule is PlayRule.OFFSUIT_ANY:
        return _(
            "%(lead)s was led and is not a trump. At this table you need not follow suit, so you may play any card.",
            lead=lead,
        )
    if rule is PlayRule.OFFSUIT_FOLLOW_SUIT_OR_TRUMP:
        return {
            Suit.SPADES: _("Spades were led and you hold a spade, so you must play a spade or a trump."),
            Suit.CLUBS: _("Clubs were led and you hold a club, so you must play a club or a trump."),
            Suit.HEARTS: _("Hearts were led and you hold a heart, so you must play a heart or a trump."),
            Suit.DIAMONDS: _("Diamonds were led and you hold a diamond, so you must play a diamond or a trump."),
        }[led]
    return {
        Suit.SPADES: _("Spades were led and you hold none, so you may play any card."),
        Suit.CLUBS: _("Clubs were led and you hold none, so you may play any card."),
        Suit.HEARTS: _("Hearts were led and you hold none, so you may play any card."),
        Suit.DIAMONDS: _("Diamonds were led and you hold none, so you may play any card."),
    }[led]


def verdict(answer: Verdict) -> str:
    """Whether one card may be played, and why."""
    played, why = card(answer.card), play(answer.answer)
    if answer.kind is VerdictKind.RENEGE:
        return _("No: %(card)s may not be played here — that would be a renege. %(why)s", card=played, why=why)
    if answer.kind is VerdictKind.LEGAL_RENEGE:
        return _(
            "Yes: playing %(card)s holds back %(cards)s, which is a legal renege. %(why)s",
            card=played,
            cards=listed(answer.answer.held_back),
            why=why,
        )
    return _("Yes: %(card)s may be played. %(why)s", card=played, why=why)


def verdict_label(kind: VerdictKind | str) -> str:
    """The verdict in a few words: ``Legal``, ``Legal renege``, ``Renege — not allowed``."""
    kind = VerdictKind(kind)
    if kind is VerdictKind.LEGAL:
        return _("Legal")
    if kind is VerdictKind.LEGAL_RENEGE:
        return _("Legal renege")
    return _("Renege — not allowed")
