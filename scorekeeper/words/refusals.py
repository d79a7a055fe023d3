"""The engine's refusals in words, from their ``code`` and ``details``."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from scorekeeper.rules import Card, Refusal

from .cards import card


def _where(where: object) -> str:
    if where == "hand":
        return _("The joker is not played under these rules, but it is in the hand")
    if where == "trick":
        return _("The joker is not played under these rules, but it is in the trick")
    return _("The joker is not played under these rules")


def refusal(error: Exception) -> str:
    """A refusal as a sentence in the reader's language; one with no code of its own is its message."""
    code = getattr(error, "code", Refusal.OTHER)
    d: dict[str, Any] = dict(getattr(error, "details", {}) or {})
    shown = d.get("card")
    named = card(shown) if isinstance(shown, Card) else ""
    text = d.get("text", "")
    match code:
        case Refusal.NOT_A_SUIT:
            return _("'%(text)s' is not a suit: use S, C, H or D (or ♠ ♣ ♥ ♦)", text=text)
        case Refusal.NOT_A_CARD:
            return _("'%(text)s' is not a card: write it like 5H, 10♦, JC or AS", text=text)
        case Refusal.NO_CARDS:
            return _("No cards given: write them like 5H 10♦ JC")
        case Refusal.CARDS_NOT_TEXT:
            return _("Give the cards as text (5H 10♦ JC) or a list of cards")
        case Refusal.LISTED_TWICE:
            return _("%(card)s is listed twice", card=named)
        case Refusal.GIVEN_TWICE:
            return _("%(card)s was given twice", card=named)
        case Refusal.JOKER_NOT_PLAYED:
            return _where(d.get("where"))
        case Refusal.JOKER_HAS_NO_SUIT:
            return _("The joker has no suit and no rank")
        case Refusal.TRICK_NUMBER:
            return _("The trick's number is 1 to 5: a hand has five tricks")
        case Refusal.CALLED_WITHOUT_PARTNER:
            return _("A called card only counts when the bidder calls for a partner")
        case Refusal.HAND_EMPTY:
            return _("The hand is empty: give the cards you hold")
        case Refusal.HAND_TOO_BIG:
            return _("A hand has at most 5 cards (a few more while drawing)")
        case Refusal.TRICK_TOO_BIG_BEFORE_YOU:
            return _("A trick has at most 8 cards, so at most 7 can be played before you")
        case Refusal.HELD_AND_PLAYED:
            return _("%(card)s cannot be both in your hand and already played", card=named)
        case Refusal.NOT_HELD:
            return _("%(card)s is not in the hand", card=named)
        case Refusal.TRICK_EMPTY:
            return _("Give at least one card played to the trick")
        case Refusal.TRICK_TOO_BIG:
            return _("A trick has at most 8 cards, one for each player")
        case Refusal.HAND_CARDS_EMPTY:
            return _("Give the cards played in the hand")
        case Refusal.SUIT_IS_TRUMP:
            return _("That suit is trump, not an off-suit")
        case Refusal.NO_RULES:
            return _("Give the rules the game is played under")
    return str(error)
