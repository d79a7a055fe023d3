"""The store's refusals in words, from their ``code`` (a ``Said``) and details."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.party import PartyError, Problem
from scorekeeper.platform.i18n import gettext as _
from scorekeeper.store.outcomes import Said

from .party import evening_over, problem
from .tables import table_refusal


def store_refusal(code: Said, d: Mapping[str, Any]) -> str:
    """The sentence of one of the store's refusal codes with its details."""
    said = table_refusal(code, d)
    if said is not None:
        return said
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
        case Said.NAME_MISSING:
            return _("Give a name.")
        case Said.NAME_TOO_LONG:
            return _("Names may be at most %(n)s letters long.", n=d.get("n"))
        case Said.NAME_HIDDEN:
            return _("A name may not hold hidden or control characters.")
        case Said.CURRENCY:
            return _("Choose a currency from the list.")
        case Said.TOO_MANY_MEMBERS:
            return _("A club has at most %(n)s members.", n=d.get("n"))
        case Said.NO_SUCH_MEMBER:
            return _("No member has club number %(n)s.", n=d.get("n"))
        case Said.ALREADY_MERGED:
            return _("Number %(n)s is already merged into number %(into)s.", n=d.get("n"), into=d.get("into"))
        case Said.MERGE_INTO_MERGED:
            return _("Merge into another member who is not merged.")
        case Said.NOT_MERGED:
            return _("Number %(n)s is not merged.", n=d.get("n"))
        case Said.COUPLE_TWO_PLAYERS:
            return _("A couple is two different players.")
        case Said.ONE_COUPLE_ONLY:
            return _("A player can sit in one couple only.")
        case Said.ALREADY_IN_COUPLE:
            return _("Already in a couple tonight: %(names)s.", names=d.get("names"))
        case Said.EVENING_STARTED:
            return _("The evening has started: mark the couple gone on the evening's director page.")
        case Said.NO_SUCH_COUPLE:
            return _("No such couple tonight.")
        case Said.PAIR_EVEN:
            return _("Pair an even number of players who came alone.")
        case Said.ALREADY_SEATED:
            return _("That player already sits in a couple tonight.")
        case Said.MEMBER_MERGED:
            return _("That member was merged into another.")
        case Said.EVENING_OVER:
            return evening_over()
        case Said.LAST_GAME:
            return _("The last game is being played.")
        case Said.CENTS:
            return _("Amounts are whole cents from 0 up.")
        case Said.PRIZES_TOO_MANY:
            return _("Give at most 10 prize amounts.")
        case Said.KEY_TOO_LONG:
            return _("An Idempotency-Key is up to %(n)d letters, digits or signs.", n=d.get("n"))
        case Said.KEY_USED:
            return _("This Idempotency-Key was already used for another import: choose a new key.")
    return _("This game was just changed on another phone. Check the sheet and try again.")
