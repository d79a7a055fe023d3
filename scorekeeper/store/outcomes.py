"""What a write through the store's door became: a typed outcome with its codes, never a sentence.

Every channel (the sheet page, htmx, the offline queue, the API, a card party's table) records through
``store.games.record`` or ``store.parties.record``: both check the link's token themselves and answer a
``Recording`` of the same shape. ``scorekeeper.words.recording`` says it in the reader's language.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

from scorekeeper.store.models import Access

__all__ = ["Outcome", "Recording", "Said", "StoreRefused"]

S = TypeVar("S")


class Said(enum.StrEnum):
    """Why the store refuses a write, as a code with its details (``scorekeeper.words`` says it)."""

    # a game's sheet
    FINISHED_EARLY = "finished-early"
    SHEET_FULL = "sheet-full"
    NO_HAND_TO_UNDO = "no-hand-to-undo"
    NO_SUCH_HAND = "no-such-hand"
    PARTY_SHEET_KEPT = "party-sheet-kept"
    WON_UNDO_TO_PLAY_ON = "won-undo-to-play-on"
    HAND_NUMBER = "hand-number"
    HAND_TAKEN = "hand-taken"
    SAME_HAND = "same-hand"
    NEXT_HAND_IS = "next-hand-is"
    RULES_FIXED = "rules-fixed"
    CHANGED_ELSEWHERE = "changed-elsewhere"
    ALREADY_UNDONE = "already-undone"
    VERSION_IS = "version-is"
    NO_LONGER_LAST = "no-longer-last"
    PLAYERS_AS_LIST = "players-as-list"
    SIDE_NAME_HIDDEN = "side-name-hidden"
    PLAYER_NAME_HIDDEN = "player-name-hidden"
    # a club
    NAME_MISSING = "name-missing"
    NAME_TOO_LONG = "name-too-long"
    NAME_HIDDEN = "name-hidden"
    CURRENCY = "currency"
    TOO_MANY_MEMBERS = "too-many-members"
    NO_SUCH_MEMBER = "no-such-member"
    ALREADY_MERGED = "already-merged"
    MERGE_INTO_MERGED = "merge-into-merged"
    NOT_MERGED = "not-merged"
    COUPLE_TWO_PLAYERS = "couple-two-players"
    ONE_COUPLE_ONLY = "one-couple-only"
    ALREADY_IN_COUPLE = "already-in-couple"
    EVENING_STARTED = "evening-started"
    NO_SUCH_COUPLE = "no-such-couple"
    PAIR_EVEN = "pair-even"
    ALREADY_SEATED = "already-seated"
    MEMBER_MERGED = "member-merged"
    EVENING_OVER = "evening-over"
    LAST_GAME = "last-game"
    CENTS = "cents"
    PRIZES_TOO_MANY = "prizes-too-many"
    EVENING_REFUSED = "evening-refused"  # ``why``: the refusal of the club or the party engine
    # a table
    NAME_AS_TEXT = "name-as-text"
    TABLE_NAME_TOO_LONG = "table-name-too-long"
    NAME_ONE_LINE = "name-one-line"
    TABLE_NAME_MISSING = "table-name-missing"
    PLAYER_NAME_MISSING = "player-name-missing"
    SIDE_NAME_MISSING = "side-name-missing"
    NEW_NAME_MISSING = "new-name-missing"
    TABLE_DELETED = "table-deleted"
    ROSTER_FULL = "roster-full"
    ON_THE_ROSTER = "on-the-roster"
    PERSON_MERGED = "person-merged"
    MERGE_TWO = "merge-two"
    PLAYED_TOGETHER = "played-together"
    MERGED_MEANWHILE = "merged-meanwhile"
    MERGE_TAKEN_BACK = "merge-taken-back"
    GAME_IN_TABLE = "game-in-table"
    TABLE_FULL = "table-full"
    # a table's export brought back
    NOT_A_TABLE_EXPORT = "not-a-table-export"
    EXPORT_VERSION = "export-version"
    GAMES_AS_LIST = "games-as-list"
    ROSTER_AS_LIST = "roster-as-list"
    ROSTER_ENTRY = "roster-entry"
    NAME_TWICE = "name-twice"
    IMPORT_GAMES = "import-games"
    IMPORT_HANDS = "import-hands"
    GAME_DATE_UNREADABLE = "game-date-unreadable"
    GAME_DATE_OUT = "game-date-out"
    GAME_UNREADABLE = "game-unreadable"
    GAME_HANDS_ORDER = "game-hands-order"
    GAME_REFUSED = "game-refused"  # ``why``: the engine's refusal
    GAME_STRANGERS = "game-strangers"
    GAME_ENDS_FIRST = "game-ends-first"
    GAME_SCORES = "game-scores"
    GAME_WINNER = "game-winner"
    # a club's export brought back
    NOT_A_CLUB_EXPORT = "not-a-club-export"
    EXPORT_DATE = "export-date"
    LADDER_RULES = "ladder-rules"
    EVENINGS_AS_LIST = "evenings-as-list"
    MEMBERS_AS_LIST = "members-as-list"
    MEMBER_ONCE = "member-once"
    MEMBER_UNREADABLE = "member-unreadable"
    MEMBER_MERGED_AWAY = "member-merged-away"
    EVENING_UNREADABLE = "evening-unreadable"
    EVENING_LOG_ORDER = "evening-log-order"
    EVENING_STRANGER = "evening-stranger"
    EVENING_SHEET = "evening-sheet"  # ``why``: the refusal of one of its score sheets
    # an import sent again
    KEY_TOO_LONG = "key-too-long"
    KEY_USED = "key-used"


class StoreRefused(ValueError):
    """A write the store turns down: its code, details and the input to fix; no words (``str()`` is the code)."""

    field: str | None = None

    def __init__(
        self, code: Said | str, field: str | None = None, *, details: Mapping[str, object] | None = None
    ) -> None:
        # A plain string is a sentence a layer above already has in the reader's words (a page's own check).
        self.code: Said | None = code if isinstance(code, Said) else None
        self.details = dict(details or {})
        shown = ", ".join(f"{k}={v}" for k, v in self.details.items())
        super().__init__(code if self.code is None else f"{code} ({shown})" if shown else str(code))
        if field is not None:
            self.field = field


class Outcome(enum.StrEnum):
    """What became of a hand (or a table's result) sent to the store."""

    RECORDED = "recorded"
    DUPLICATE = "duplicate"  # the same was already in, just as sent: saved once
    REFUSED = "refused"  # the engine refuses it (``refusal`` carries its code and details)
    CONFLICT = "conflict"  # another phone got there first: that number or that result is taken
    UNDONE = "undone"  # this very hand was recorded and then undone since the sender's sheet was read
    NOT_FOUND = "not-found"  # no game or party with that id
    NOT_ALLOWED = "not-allowed"  # the token does not open it for writing (``access`` says what it opens)


@dataclass(frozen=True, slots=True)
class Recording(Generic[S]):
    """The answer of the door: the outcome, the number it concerns, and the game or evening as it now stands.

    ``n`` is the hand's number (a game) or the game's number in the evening (a party); ``state`` is None only
    when nothing could be read (``NOT_FOUND``, ``NOT_ALLOWED``). ``next_n`` is the hand the sheet expected
    when a conflict says it has moved on.
    """

    outcome: Outcome
    n: int | None
    state: S | None
    field: str | None = None
    refusal: Exception | None = None  # the engine's refusal, with its ``code`` and ``details``
    access: Access = Access.EDIT
    next_n: int | None = None

    @property
    def standing(self) -> S:
        """The game or evening as it now stands (LookupError for ``NOT_FOUND`` and ``NOT_ALLOWED``: none was read)."""
        if self.state is None:
            raise LookupError(self.outcome)
        return self.state

    @property
    def saved(self) -> bool:
        """Whether it is in the store now (just recorded, or already there as sent)."""
        return self.outcome in (Outcome.RECORDED, Outcome.DUPLICATE)
