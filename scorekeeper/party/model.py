"""What a card party is made of: its settings, its couples and the entries of its log.

Everything here is a small frozen value. The log holds what the director and the
tables said, in order; ``scorekeeper.party.state.replay`` turns it into the evening.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..rules import HIDDEN_CHARACTER_PROBLEM, LOWEST_TARGET, NAME_MAX, has_hidden_character

__all__ = [
    "MAX_COUPLES",
    "MAX_GAMES",
    "MAX_NAME",
    "AddCouple",
    "Close",
    "CookieDraw",
    "Couple",
    "Cut",
    "Entry",
    "Forfeit",
    "GameKind",
    "Gone",
    "PartyError",
    "PartySetup",
    "PlayOffWanted",
    "PlayOffWon",
    "Result",
    "SheetKept",
    "Split",
    "Start",
]

MAX_GAMES = 60
MAX_COUPLES = 400
MAX_PRIZES = 10
MAX_NAME = NAME_MAX  # the same limit as a game's names
MAX_PLAY_TO = 200


class PartyError(ValueError):
    """An entry or setting the party cannot take; ``field`` names the input, the message says why."""

    def __init__(self, message: str, field: str | None = None, *, conflict: bool = False) -> None:
        super().__init__(message)
        self.field = field
        # True when the entry clashes with one already in (a second report of the same result).
        self.conflict = conflict


class GameKind(StrEnum):
    """What one game of the evening is."""

    ONE_HAND = "one-hand"
    PLAY_TO = "play-to"
    BELL = "bell"


GAME_KIND_LABELS = {
    GameKind.ONE_HAND: "One hand",
    GameKind.PLAY_TO: "Play to a score",
    GameKind.BELL: "Until the bell",
}


@dataclass(frozen=True, slots=True)
class Couple:
    """Two players who sit together all evening."""

    name: str
    players: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise PartyError("Each couple needs a name", "name")
        if len(self.name) > MAX_NAME or any(len(p) > MAX_NAME for p in self.players):
            raise PartyError(f"Names may be at most {MAX_NAME} letters long", "name")
        if has_hidden_character(self.name):
            raise PartyError(f"A couple's name {HIDDEN_CHARACTER_PROBLEM}", "name")
        if any(has_hidden_character(p) for p in self.players):
            raise PartyError(f"A player's name {HIDDEN_CHARACTER_PROBLEM}", "players")
        if len(self.players) > 2:
            raise PartyError("A couple is two players", "players")


@dataclass(frozen=True, slots=True)
class PartySetup:
    """The evening's settings: one object, so each variation is data, not a code path."""

    name: str
    games: int = 25
    kind: GameKind = GameKind.ONE_HAND
    play_to: int | None = None
    prizes: int = 3
    cookie_jar: int = 0
    booby: bool = False

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise PartyError("Give the evening a name", "name")
        if len(self.name) > MAX_NAME:
            raise PartyError(f"The name may be at most {MAX_NAME} letters long", "name")
        if has_hidden_character(self.name):
            raise PartyError(f"The evening's name {HIDDEN_CHARACTER_PROBLEM}", "name")
        if not 1 <= self.games <= MAX_GAMES:
            raise PartyError(f"The number of games must be from 1 to {MAX_GAMES}", "games")
        if not 0 <= self.prizes <= MAX_PRIZES:
            raise PartyError(f"The number of prizes must be from 0 to {MAX_PRIZES}", "prizes")
        if not 0 <= self.cookie_jar <= self.games:
            raise PartyError(f"The cookie jar can hold from 0 to {self.games} game numbers", "cookie_jar")
        if self.kind is GameKind.PLAY_TO:
            if self.play_to is None or not LOWEST_TARGET <= self.play_to <= MAX_PLAY_TO:
                raise PartyError(f"Say what score a game is played to ({LOWEST_TARGET} to {MAX_PLAY_TO})", "play_to")
        elif self.play_to is not None:
            raise PartyError("A score to play to only goes with games played to a score", "play_to")

    @property
    def kind_label(self) -> str:
        """Say what one game is, for the pages."""
        if self.kind is GameKind.PLAY_TO:
            return f"Play to {self.play_to}"
        return GAME_KIND_LABELS[self.kind]


# -- Entries of the log --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AddCouple:
    """A couple registers (before the start, or late: it plays from the next game)."""

    couple: Couple


@dataclass(frozen=True, slots=True)
class Gone:
    """A couple goes home: it plays no game after the one being played."""

    couple: int


@dataclass(frozen=True, slots=True)
class Start:
    """The first game is seated."""


@dataclass(frozen=True, slots=True)
class CookieDraw:
    """The cookie jar's game numbers, drawn once and kept in the log so replay draws nothing."""

    numbers: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Result:
    """A table's result: ``seat`` 0 is the couple that dealt first, 1 the other.

    ``winner`` is the couple the table named; on replay the seat decides, so a
    corrected earlier game moves the punch to whoever sat in that seat.
    """

    game: int
    table: int
    seat: int
    winner: int
    correct: bool = False


@dataclass(frozen=True, slots=True)
class SheetKept:
    """A table keeps a full score sheet for its game (played to a score); ``sides`` are its couples, side by side."""

    game: int
    table: int
    sheet: str
    sides: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Close:
    """The director closes the evening (the games not played are not played)."""


@dataclass(frozen=True, slots=True)
class Split:
    """The tied couples of a place split its prize; ``agreed`` are the couples who said yes."""

    place: int
    agreed: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Cut:
    """One round of cutting the deck for a tied place: each couple's card, by couple."""

    place: int
    cards: tuple[tuple[int, str], ...]


@dataclass(frozen=True, slots=True)
class PlayOffWanted:
    """A tied couple wants a play-off: the others play off or forfeit."""

    place: int
    couple: int


@dataclass(frozen=True, slots=True)
class Forfeit:
    """A tied couple gives up its claim to a place rather than play off."""

    place: int
    couple: int


@dataclass(frozen=True, slots=True)
class PlayOffWon:
    """The couple that won the play-off for a place."""

    place: int
    couple: int


Entry = (
    AddCouple
    | Gone
    | Start
    | CookieDraw
    | Result
    | SheetKept
    | Close
    | Split
    | Cut
    | PlayOffWanted
    | Forfeit
    | PlayOffWon
)
