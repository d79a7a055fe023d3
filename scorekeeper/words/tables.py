"""A table's refusals and those of an export brought back (a table's or a club's), from their ``code`` and details."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.platform.i18n import gettext as _
from scorekeeper.platform.i18n import lazy_gettext as _l
from scorekeeper.store.outcomes import Said

# Said by the store's refusal and by the forms that ask for the name before the store sees it.
TABLE_NAME_MISSING = _l("Give the table a name.")
NEW_NAME_MISSING = _l("Give the new name.")


def table_refusal(code: Said, d: Mapping[str, Any]) -> str | None:
    """The sentence of a table's refusal code, or of an export's, with its details (None for another code)."""
    return _table(code, d) or _table_export(code, d) or _club_export(code, d)


def _table(code: Said, d: Mapping[str, Any]) -> str | None:
    match code:
        case Said.NAME_AS_TEXT:
            return _("Write names as text.")
        case Said.TABLE_NAME_TOO_LONG:
            return _("A name can be at most %(n)d characters.", n=d.get("n"))
        case Said.NAME_ONE_LINE:
            return _("Names are written on one line, without control or invisible characters.")
        case Said.TABLE_NAME_MISSING:
            return str(TABLE_NAME_MISSING)
        case Said.PLAYER_NAME_MISSING:
            return _("Give each player's name.")
        case Said.SIDE_NAME_MISSING:
            return _("Give each side's name.")
        case Said.NEW_NAME_MISSING:
            return str(NEW_NAME_MISSING)
        case Said.TABLE_DELETED:
            return _("This table was deleted meanwhile.")
        case Said.ROSTER_FULL:
            return _("A table's roster holds at most %(n)d people.", n=d.get("n"))
        case Said.ON_THE_ROSTER:
            return _("%(name)s is already on the roster: merge the two instead.", name=d.get("name"))
        case Said.PERSON_MERGED:
            return _("That person was merged into another meanwhile.")
        case Said.MERGE_TWO:
            return _("Choose two different people to merge.")
        case Said.PLAYED_TOGETHER:
            return _(
                "%(one)s and %(other)s played in the same game, so they are two people: they cannot be merged.",
                one=d.get("one"),
                other=d.get("other"),
            )
        case Said.MERGED_MEANWHILE:
            return _("One of the two was merged meanwhile: look at the roster again.")
        case Said.MERGE_TAKEN_BACK:
            return _("That merge was already taken back.")
        case Said.GAME_IN_TABLE:
            return _("That game is already in this table.")
        case Said.TABLE_FULL:
            return _("A table keeps at most %(n)d games.", n=d.get("n"))
    return None


def _table_export(code: Said, d: Mapping[str, Any]) -> str | None:
    n = d.get("n")
    match code:
        case Said.NOT_A_TABLE_EXPORT:
            return _("This is not a table's export (its format is not %(f)s).", f=d.get("f"))
        case Said.EXPORT_VERSION:
            return _("This export is of another version (%(v)s is read).", v=d.get("v"))
        case Said.GAMES_AS_LIST:
            return _("Give the table's games as a list.")
        case Said.ROSTER_AS_LIST:
            return _("Give the roster as a list.")
        case Said.ROSTER_ENTRY:
            return _("Give each person of the roster as an id and a name.")
        case Said.NAME_TWICE:
            return _("A name is twice on the roster.")
        case Said.IMPORT_GAMES:
            return _("An import brings back at most %(n)d games.", n=n)
        case Said.IMPORT_HANDS:
            return _("An import brings back at most %(n)d hands in all.", n=n)
        case Said.GAME_DATE_UNREADABLE:
            return _("Game %(n)d of the export: give its dates as ISO 8601 text, such as 2026-11-23T19:02:00Z.", n=n)
        case Said.GAME_DATE_OUT:
            return _(
                "Game %(n)d of the export is dated %(date)s: a game of a table is played between %(first)s and today.",
                n=n,
                date=d.get("date"),
                first=str(d.get("first")),  # a year, never written as 1,950
            )
        case Said.GAME_UNREADABLE:
            return _("Game %(n)d of the export cannot be read.", n=n)
        case Said.GAME_HANDS_ORDER:
            return _(
                "Game %(n)d of the export: its hands are numbered 1, 2, 3… in order; hand %(k)d is not.",
                n=n,
                k=d.get("k"),
            )
        case Said.GAME_STRANGERS:
            return _("Game %(n)d names people who are not on the roster.", n=n)
        case Said.GAME_ENDS_FIRST:
            return _("Game %(n)d of the export finishes before it starts.", n=n)
        case Said.GAME_SCORES:
            return _(
                "Game %(n)d of the export: its hands make %(made)s, not the scores written (%(written)s).",
                n=n,
                made=d.get("made"),
                written=d.get("written"),
            )
        case Said.GAME_WINNER:
            return _("Game %(n)d of the export: its hands do not make the winner written.", n=n)
    return None


def _club_export(code: Said, d: Mapping[str, Any]) -> str | None:
    n = d.get("n")
    match code:
        case Said.NOT_A_CLUB_EXPORT:
            return _("This is not a club's export (its format is not %(f)s).", f=d.get("f"))
        case Said.EXPORT_DATE:
            return _("A date of the export cannot be read or is out of range: %(what)s.", what=d.get("what"))
        case Said.LADDER_RULES:
            return _("The ladder's rules of the export cannot be read.")
        case Said.EVENINGS_AS_LIST:
            return _("Give the club's evenings as a list of at most %(n)d.", n=n)
        case Said.MEMBERS_AS_LIST:
            return _("Give the members as a list of at most %(n)d.", n=n)
        case Said.MEMBER_ONCE:
            return _("Give each member once, with a club number from 1 up.")
        case Said.MEMBER_UNREADABLE:
            return _("Member %(n)s of the export cannot be read.", n=n)
        case Said.MEMBER_MERGED_AWAY:
            return _("Member %(n)s is merged into a member who is not on the roster.", n=n)
        case Said.EVENING_UNREADABLE:
            return _("Evening %(n)d of the export cannot be read.", n=n)
        case Said.EVENING_LOG_ORDER:
            return _(
                "Evening %(n)d of the export: its log is numbered 1, 2, 3… in order; entry %(k)d is not.",
                n=n,
                k=d.get("k"),
            )
        case Said.EVENING_STRANGER:
            return _("Evening %(n)d seats someone who is not on the roster.", n=n)
    return None
