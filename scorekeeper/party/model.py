"""What a card party is made of: its settings, its couples and the entries of its log.

Everything here is a small frozen value. The log holds what the director and the
tables said, in order; ``scorekeeper.party.state.replay`` turns it into the evening.
An entry is stored as its kind and plain data (``entry_row``) and read back
from them (``entry_from_row``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ..rules import LOWEST_TARGET, NAME_MAX, has_hidden_character, shown_part

__all__ = [
    "MAX_COUPLES",
    "MAX_GAMES",
    "MAX_NAME",
    "MAX_PLAY_TO",
    "MAX_PRIZES",
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
    "Problem",
    "Reopen",
    "Result",
    "Returned",
    "SheetKept",
    "Split",
    "Start",
    "entry_from_row",
    "entry_row",
]

MAX_GAMES = 60
MAX_COUPLES = 400
MAX_PRIZES = 10
MAX_NAME = NAME_MAX  # the same limit as a game's names
MAX_PLAY_TO = 200


class Problem(StrEnum):
    """Why the party engine refuses an entry or a setting: a code, worded by ``scorekeeper.words.party``."""

    # Settings and names
    PARTY_NAME_MISSING = "party-name-missing"
    PARTY_NAME_HIDDEN = "party-name-hidden"
    COUPLE_NAME_MISSING = "couple-name-missing"
    COUPLE_NAME_HIDDEN = "couple-name-hidden"
    PLAYER_NAME_HIDDEN = "player-name-hidden"
    NAME_TOO_LONG = "name-too-long"  # limit
    TWO_PLAYERS = "two-players"
    GAMES_RANGE = "games-range"  # limit
    PRIZES_RANGE = "prizes-range"  # limit
    COOKIE_JAR_RANGE = "cookie-jar-range"  # games
    PLAY_TO_RANGE = "play-to-range"  # lowest, highest
    PLAY_TO_UNWANTED = "play-to-unwanted"
    # Couples
    NO_SUCH_COUPLE = "no-such-couple"  # couple (its number, from 1)
    TOO_MANY_COUPLES = "too-many-couples"  # limit
    OVER_NO_JOINING = "over-no-joining"
    LAST_GAME_NO_JOINING = "last-game-no-joining"
    ALREADY_GONE = "already-gone"  # name
    NOT_GONE = "not-gone"  # name
    GONE_SEATED = "gone-seated"  # name, game
    TWO_COUPLES_PLAYING = "two-couples-playing"
    # The evening
    EVENING_OVER = "evening-over"
    ALREADY_STARTED = "already-started"
    TWO_COUPLES_TO_START = "two-couples-to-start"
    NOT_STARTED = "not-started"
    ALREADY_CLOSED = "already-closed"
    NOT_CLOSED = "not-closed"
    PRIZES_BEING_SETTLED = "prizes-being-settled"
    COOKIE_JAR_DRAWN = "cookie-jar-drawn"
    COOKIE_JAR_COUNT = "cookie-jar-count"  # count
    COOKIE_JAR_NUMBERS = "cookie-jar-numbers"  # games
    # Results and score sheets
    CLOSED_NO_RESULTS = "closed-no-results"
    NO_SUCH_GAME = "no-such-game"  # game, games
    GAME_NOT_STARTED = "game-not-started"  # game, current
    GAME_NOT_SEATED = "game-not-seated"  # game
    NO_SUCH_TABLE = "no-such-table"  # table, game
    NOT_AT_TABLE = "not-at-table"  # couple (number, from 1), table, game
    SAME_RESULT = "same-result"  # game, table
    ALREADY_REPORTED = "already-reported"  # table, game, name (the couple reported)
    SHEETS_ONLY_PLAY_TO = "sheets-only-play-to"
    GAME_NOT_NOW = "game-not-now"  # game
    SHEET_COUPLES = "sheet-couples"  # table
    TABLE_REPORTED = "table-reported"  # table, game
    SHEET_ALREADY = "sheet-already"  # table, game
    NO_GAME_AT_TABLE = "no-game-at-table"
    SHEET_REFUSED = "sheet-refused"  # reason (the game engine's)
    # Ties
    TIES_AFTER_CLOSE = "ties-after-close"
    PLACE_NOT_TIED = "place-not-tied"  # place
    TIE_SETTLED = "tie-settled"  # place
    PLAY_OFF_ASKED = "play-off-asked"  # place
    CUT_UNDER_WAY = "cut-under-way"  # place
    NOT_TIED_COUPLE = "not-tied-couple"  # place
    SPLIT_NEEDS_ALL = "split-needs-all"
    CUT_EACH_ONCE = "cut-each-once"
    NOT_A_CARD = "not-a-card"  # card
    JOKER_CUT = "joker-cut"
    FORFEITED = "forfeited"
    FORFEIT_WITHOUT_PLAY_OFF = "forfeit-without-play-off"
    ASKER_CANNOT_FORFEIT = "asker-cannot-forfeit"
    PLAY_OFF_NOT_ASKED = "play-off-not-asked"
    # The store
    CHANGED_ELSEWHERE = "changed-elsewhere"


class PartyError(ValueError):
    """An entry or setting the party cannot take: ``problem`` says why, ``details`` its numbers and names.

    ``field`` names the input; ``conflict`` is True when the entry clashes with one
    already in (a second report of the same result). The engine has no sentences:
    ``scorekeeper.words.party`` words a problem in the reader's language.
    """

    def __init__(
        self, problem: Problem, field: str | None = None, *, conflict: bool = False, **details: int | str
    ) -> None:
        shown = ", ".join(f"{key}={value}" for key, value in details.items())
        super().__init__(f"{problem.value} ({shown})" if shown else problem.value)
        self.problem = problem
        self.field = field
        self.details = details
        self.conflict = conflict


class GameKind(StrEnum):
    """What one game of the evening is."""

    ONE_HAND = "one-hand"
    PLAY_TO = "play-to"
    BELL = "bell"


@dataclass(frozen=True, slots=True)
class Couple:
    """Two players who sit together all evening."""

    name: str
    players: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise PartyError(Problem.COUPLE_NAME_MISSING, "name")
        if len(self.name) > MAX_NAME or any(len(p) > MAX_NAME for p in self.players):
            raise PartyError(Problem.NAME_TOO_LONG, "name", limit=MAX_NAME)
        if has_hidden_character(self.name):
            raise PartyError(Problem.COUPLE_NAME_HIDDEN, "name")
        if any(has_hidden_character(p) for p in self.players):
            raise PartyError(Problem.PLAYER_NAME_HIDDEN, "players")
        if len(self.players) > 2:
            raise PartyError(Problem.TWO_PLAYERS, "players")


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
            raise PartyError(Problem.PARTY_NAME_MISSING, "name")
        if len(self.name) > MAX_NAME:
            raise PartyError(Problem.NAME_TOO_LONG, "name", limit=MAX_NAME)
        if has_hidden_character(self.name):
            raise PartyError(Problem.PARTY_NAME_HIDDEN, "name")
        if not 1 <= self.games <= MAX_GAMES:
            raise PartyError(Problem.GAMES_RANGE, "games", limit=MAX_GAMES)
        if not 0 <= self.prizes <= MAX_PRIZES:
            raise PartyError(Problem.PRIZES_RANGE, "prizes", limit=MAX_PRIZES)
        if not 0 <= self.cookie_jar <= self.games:
            raise PartyError(Problem.COOKIE_JAR_RANGE, "cookie_jar", games=self.games)
        if self.kind is GameKind.PLAY_TO:
            if self.play_to is None or not LOWEST_TARGET <= self.play_to <= MAX_PLAY_TO:
                raise PartyError(Problem.PLAY_TO_RANGE, "play_to", lowest=LOWEST_TARGET, highest=MAX_PLAY_TO)
        elif self.play_to is not None:
            raise PartyError(Problem.PLAY_TO_UNWANTED, "play_to")


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
class Returned:
    """A couple marked gone stays after all (the Gone is undone), while the next game is not seated yet."""

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
class Reopen:
    """The director reopens a closed evening (undoing Close) while no tie has been worked on."""


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
    | Reopen
    | Returned
    | Split
    | Cut
    | PlayOffWanted
    | Forfeit
    | PlayOffWon
)


# -- An entry as stored: its kind and plain data --------------------------------------


def entry_row(entry: Entry) -> tuple[str, dict[str, Any]]:
    """Return (kind, data) for storing *entry* as entered."""
    match entry:
        case AddCouple(couple=couple):
            return "couple", {"name": couple.name, "players": list(couple.players)}
        case Gone(couple=couple_index):
            return "gone", {"couple": couple_index}
        case Start():
            return "start", {}
        case CookieDraw(numbers=numbers):
            return "cookie-jar", {"numbers": list(numbers)}
        case Result(game=g, table=t, seat=seat, winner=winner, correct=correct):
            return "result", {"game": g, "table": t, "winner": winner, "seat": seat, "correct": correct}
        case SheetKept(game=g, table=t, sheet=sheet, sides=sides):
            return "sheet", {"game": g, "table": t, "sheet": sheet, "sides": list(sides)}
        case Close():
            return "close", {}
        case Reopen():
            return "reopen", {}
        case Returned(couple=couple_index):
            return "returned", {"couple": couple_index}
        case Split(place=place, agreed=agreed):
            return "split", {"place": place, "agreed": list(agreed)}
        case Cut(place=place, cards=cards):
            return "cut", {"place": place, "cards": [[c, card] for c, card in cards]}
        case PlayOffWanted(place=place, couple=couple_index):
            return "play-off", {"place": place, "couple": couple_index}
        case Forfeit(place=place, couple=couple_index):
            return "forfeit", {"place": place, "couple": couple_index}
        case PlayOffWon(place=place, couple=couple_index):
            return "play-off-won", {"place": place, "couple": couple_index}
    raise TypeError(f"not a party entry: {entry!r}")


def entry_from_row(kind: str, data: dict[str, Any]) -> Entry:
    """Return the entry a stored row holds."""
    if kind == "couple":
        # Names stored before the one name rule may hold hidden characters: read them without.
        name, players = data["name"], data.get("players", ())
        return AddCouple(Couple(shown_part(name, len(name)), tuple(shown_part(p, len(p)) for p in players)))
    if kind == "gone":
        return Gone(data["couple"])
    if kind == "start":
        return Start()
    if kind == "cookie-jar":
        return CookieDraw(tuple(data["numbers"]))
    if kind == "result":
        return Result(data["game"], data["table"], data["seat"], data["winner"], bool(data.get("correct")))
    if kind == "sheet":
        return SheetKept(data["game"], data["table"], data["sheet"], (data["sides"][0], data["sides"][1]))
    if kind == "close":
        return Close()
    if kind == "reopen":
        return Reopen()
    if kind == "returned":
        return Returned(data["couple"])
    if kind == "split":
        return Split(data["place"], tuple(data["agreed"]))
    if kind == "cut":
        return Cut(data["place"], tuple((c, card) for c, card in data["cards"]))
    if kind == "play-off":
        return PlayOffWanted(data["place"], data["couple"])
    if kind == "forfeit":
        return Forfeit(data["place"], data["couple"])
    if kind == "play-off-won":
        return PlayOffWon(data["place"], data["couple"])
    raise ValueError(f"unknown party entry {kind!r}")
