"""The store's refusals in words, from their ``code`` (a ``Said``) and details."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.party import PartyError, Problem
from scorekeeper.platform.i18n import gettext as _
from scorekeeper.store.outcomes import Said

from .party import problem


def store_refusal(code: Said, d: Mapping[str, Any]) -> str:
    """The sentence of one of the store's refusal codes with its details."""
    match code:
        case Said.FINISHED_EARLY:
            return _("This game was finished early: carry on playing it before recording another hand.")
        case Said.SHEET_FULL:
            return _(
                "This sheet is full: a game keeps at most %(most)s hands. Start a rematch to play on.",
                most=d.get("most"),
            )
        case Said.NO_HAND_TO_UNDO:
            return _("There is no hand to undo.")
        case Said.NO_SUCH_HAND:
            return _("There is no hand %(n)s to change.", n=d.get("n"))
        case Said.PARTY_SHEET_KEPT:
            return _(
                "This is the score sheet of a card party's table: it stays with the evening and cannot be deleted."
            )
        case Said.WON_UNDO_TO_PLAY_ON:
            return _("This game was won. Undo the winning hand to play on.")
        case Said.HAND_NUMBER:
            return _("The hand number must be a whole number from 1 up.")
        case Said.HAND_TAKEN:
            return _("Hand %(n)s was just recorded by another phone.", n=d.get("n"))
        case Said.SAME_HAND:
            return _("Hand %(n)s is already on the sheet, just as entered: it was saved once.", n=d.get("n"))
        case Said.NEXT_HAND_IS:
            return _(
                "The sheet changed on another phone: the next hand is hand %(next)s, not %(n)s.",
                next=d.get("next"),
                n=d.get("n"),
            )
        case Said.RULES_FIXED:
            return _(
                "The rules are fixed once the first hand is recorded. Undo every hand to change them, "
                "or start a rematch under other rules."
            )
        case Said.ALREADY_UNDONE:
            return _("Hand %(n)s was already undone on another phone.", n=d.get("n"))
        case Said.VERSION_IS:
            return _(
                "The game is at version %(version)s, not %(given)s: another phone changed it. Read it again and retry.",
                version=d.get("version"),
                given=d.get("given"),
            )
        case Said.NO_LONGER_LAST:
            return _(
                "Hand %(last)s was just recorded on another phone, so hand %(n)s is no longer the last.",
                last=d.get("last"),
                n=d.get("n"),
            )
        case Said.PLAYERS_AS_LIST:
            return _("Give each side's players as a list of names")
        case Said.SIDE_NAME_HIDDEN:
            return _("A side's name can only hold letters, digits, spaces and punctuation (no invisible characters)")
        case Said.PLAYER_NAME_HIDDEN:
            return problem(PartyError(Problem.PLAYER_NAME_HIDDEN))
        case Said.KEY_TOO_LONG:
            return _("An Idempotency-Key is up to %(n)d letters, digits or signs.", n=d.get("n"))
        case Said.KEY_USED:
            return _("This Idempotency-Key was already used for another import: choose a new key.")
    return _("This game was just changed on another phone. Check the sheet and try again.")
