"""The evening as it stands: replayed from its log, entry by entry, like a game from its hands.

A state is never changed once handed out, like a game's ``GameState``:
``PartyState.apply(entry)`` checks an entry and returns the evening after it (or
raises PartyError), leaving the state it was called on as it was; ``extend`` does
the same for several entries, and ``replay(setup, entries)`` builds the state from
the log.
Results are kept by seat (the couple that dealt first, or the other), so a
corrected result seats every later game again and the later results follow the
seats they were reported from.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from types import MappingProxyType
from typing import Any

from .model import (
    MAX_COUPLES,
    AddCouple,
    Close,
    CookieDraw,
    Couple,
    Cut,
    Entry,
    Forfeit,
    GameKind,
    Gone,
    PartyError,
    PartySetup,
    PlayOffWanted,
    PlayOffWon,
    Problem,
    Reopen,
    Result,
    Returned,
    SheetKept,
    Split,
    Start,
)
from .movement import Seating, Table, first_seating, next_seating
from .places import Booby, Place, TieState, booby_prize, cookie_jar_winners, places

__all__ = ["CoupleEntry", "PartyState", "Standings", "replay"]


@dataclass(frozen=True, slots=True)
class CoupleEntry:
    """A registered couple: from which game it plays and, once gone, the first game it misses."""

    index: int
    couple: Couple
    joined: int
    gone_from: int | None = None

    @property
    def name(self) -> str:
        return self.couple.name

    def plays(self, game: int) -> bool:
        return self.joined <= game and (self.gone_from is None or game < self.gone_from)


@dataclass(frozen=True, slots=True)
class Standings:
    """Wins and punch cards, derived from the results."""

    wins: tuple[int, ...]
    punched: tuple[tuple[int, ...], ...]


class PartyState:
    """One evening: couples, seatings game by game, results, prizes and ties."""

    def __init__(self, setup: PartySetup) -> None:
        self.setup = setup
        # What the entries built, written only while entries are taken (``extend``): a state handed out is
        # never changed again, and its public view below is read-only (each part made once, when first read).
        self._couples: list[CoupleEntry] = []
        self._started = False
        self._closed = False
        self._seatings: list[Seating] = []
        # Per game (index game - 1): table number -> winning seat.
        self._results: list[dict[int, int]] = []
        self._cookie_numbers: tuple[int, ...] = ()
        self._cookie_drawn = False
        self._ties: dict[int, TieState] = {}
        # (game, table) -> the score sheet kept there and its couples, side by side.
        self._sheets: dict[tuple[int, int], tuple[str, tuple[int, int]]] = {}
        self._entries: list[Entry] = []
        self._standings: Standings | None = None

    # -- What the entries built, read-only ------------------------------------------

    @cached_property
    def couples(self) -> tuple[CoupleEntry, ...]:
        """Every registered couple, by index (the order they were registered in)."""
        return tuple(self._couples)

    @property
    def started(self) -> bool:
        return self._started

    @property
    def closed(self) -> bool:
        return self._closed

    @cached_property
    def seatings(self) -> tuple[Seating, ...]:
        """Who sits where, game by game, for the games seated so far."""
        return tuple(self._seatings)

    @cached_property
    def results(self) -> tuple[Mapping[int, int], ...]:
        """Per game seated: table number -> the winning seat (0: the couple that dealt first, 1: the other)."""
        return tuple(MappingProxyType(results) for results in self._results)

    @property
    def cookie_numbers(self) -> tuple[int, ...]:
        return self._cookie_numbers

    @property
    def cookie_drawn(self) -> bool:
        return self._cookie_drawn

    @cached_property
    def ties(self) -> Mapping[int, TieState]:
        """The tied places being settled, by place, once the evening is closed."""
        return MappingProxyType(self._ties)

    @cached_property
    def sheets(self) -> Mapping[tuple[int, int], tuple[str, tuple[int, int]]]:
        """(game, table) -> the score sheet kept there and its couples, side by side."""
        return MappingProxyType(self._sheets)

    @cached_property
    def entries(self) -> tuple[Entry, ...]:
        """The log this evening was built from."""
        return tuple(self._entries)

    # -- Reading --------------------------------------------------------------------

    @property
    def complete_games(self) -> int:
        """How many games have every table's result in (each game is seated only once the one before is in)."""
        if not self._seatings:
            return 0
        last_in = len(self._results[-1]) >= len(self._seatings[-1].tables)
        return len(self._seatings) if last_in else len(self._seatings) - 1

    @property
    def game(self) -> int:
        """The game being played now (the last game once the evening is over); 0 before the start."""
        if not self._started:
            return 0
        return min(self.complete_games + 1, self.setup.games)

    @property
    def finished(self) -> bool:
        """True once the evening is closed or every game is in."""
        return self._closed or (self._started and self.complete_games >= self.setup.games)

    @property
    def seating(self) -> Seating | None:
        """The current game's seating, or None before the start."""
        return self._seatings[self.game - 1] if self._started else None

    def seating_of(self, game: int) -> Seating:
        if not 1 <= game <= len(self._seatings):
            raise PartyError(Problem.GAME_NOT_SEATED, "game", game=game)
        return self._seatings[game - 1]

    def winner(self, game: int, table: int) -> int | None:
        """Return the couple that won *table* in *game*, or None while it has not reported."""
        if not 1 <= game <= len(self._results):
            return None
        seat = self._results[game - 1].get(table)
        if seat is None:
            return None
        return self._seatings[game - 1].tables[table - 1].seats[seat]

    def missing(self) -> list[Table]:
        """The tables of the current game that have not reported, in table order."""
        if not self._started or self.finished:
            return []
        results = self._results[self.game - 1]
        return [table for table in self._seatings[self.game - 1].tables if table.number not in results]

    def present(self, game: int) -> list[int]:
        """The couples who play *game*, in registration order."""
        return [c.index for c in self._couples if c.plays(game)]

    def standings(self) -> Standings:
        """Wins and punched game numbers per couple."""
        if self._standings is None:
            punched: list[list[int]] = [[] for _ in self._couples]
            for g, (seating, results) in enumerate(zip(self._seatings, self._results, strict=True), start=1):
                for number, seat in results.items():
                    punched[seating.tables[number - 1].seats[seat]].append(g)
            self._standings = Standings(tuple(len(p) for p in punched), tuple(tuple(p) for p in punched))
        return self._standings

    def places(self) -> tuple[Place, ...]:
        """The prize places by dense ranking of wins (every couple who played counts)."""
        wins = self.standings().wins
        return places(wins, self.setup.prizes, self._ranked())

    def booby(self) -> Booby | None:
        """The booby prize, when the evening has one."""
        if not self.setup.booby:
            return None
        return booby_prize(self.standings().wins, self.places(), self._ranked())

    def cookie_winners(self) -> tuple[int, ...]:
        return cookie_jar_winners(self._cookie_numbers, self.standings().punched)

    def leaders(self, count: int) -> list[int]:
        """The couples with the most wins, most first (registration order among equals)."""
        wins = self.standings().wins
        return sorted(self._ranked(), key=lambda c: (-wins[c], c))[:count]

    def next_table(self, couple: int) -> Table | None:
        """Where *couple* sits in the current game (None: sitting out, gone or not started)."""
        seating = self.seating
        return None if seating is None else seating.table_of(couple)

    def heading_to(self, couple: int) -> int | None:
        """The table *couple* sits at next game (0: it sits out), once its own table has reported this one.

        None while that is not known yet. A seated couple's next seat follows from its
        own result alone (winners on, losers stay, the turn to sit out goes by couple
        number), so it can be told before the other tables are in.
        """
        after = self.preview(couple)
        if after is None:
            return None
        if after.sits_out == couple:
            return 0
        found = after.table_of(couple)
        return None if found is None else found.number

    def preview(self, couple: int) -> Seating | None:
        """The next game's seating as far as *couple* is concerned (None until its table has reported)."""
        seating = self.seating
        if seating is None or self.finished or self.game >= self.setup.games:
            return None
        table = seating.table_of(couple)
        results = self._results[self.game - 1]
        if table is None or table.number not in results:
            return None
        present = self.present(self.game + 1)
        won = table.seats[results[table.number]] == couple
        moved_to = table.number % len(seating.tables) + 1 if won else table.number
        if moved_to > len(present) // 2 and len(results) < len(seating.tables):
            # Its table closes: where it sits depends on who else stands up from closed tables.
            return None
        # Other tables' results do not move this couple: any winner will do for them.
        winners = {t.number: results.get(t.number, 0) for t in seating.tables}
        return next_seating(seating, winners, present, self._last_out(self.game))

    def may_return(self, couple: int) -> bool:
        """True while *couple*'s going home can be undone: it is marked gone and the game it misses is not seated."""
        entry = self._couples[couple]
        if entry.gone_from is None or self.finished:
            return False
        return not self._started or entry.gone_from > len(self._seatings)

    @property
    def reopenable(self) -> bool:
        """True while a closed evening can be reopened: no tie has been worked on since it was closed."""
        return self._closed and not self._tie_steps()

    def _ranked(self) -> list[int]:
        """Couples that played at least one game, or are playing."""
        seated = {c for seating in self._seatings for c in seating.seated()}
        return [c.index for c in self._couples if c.index in seated]

    def _copy(self) -> PartyState:
        """A copy to take entries into, sharing nothing that taking them changes."""
        other = PartyState(self.setup)
        other._couples = list(self._couples)
        other._started, other._closed = self._started, self._closed
        other._seatings = list(self._seatings)
        other._results = [dict(r) for r in self._results]
        other._cookie_numbers, other._cookie_drawn = self._cookie_numbers, self._cookie_drawn
        other._ties = {
            place: TieState(
                tie.place,
                tie.couples,
                tie.how,
                tie.winners,
                tie.in_contention,
                tie.wanted_play_off,
                tie.forfeited,
                list(tie.cuts),
            )
            for place, tie in self._ties.items()
        }
        other._sheets = dict(self._sheets)
        other._entries = list(self._entries)
        return other

    # -- Taking entries ---------------------------------------------------------------

    def apply(self, entry: Entry) -> PartyState:
        """The evening after *entry*; this one is left as it is. PartyError if the entry cannot be taken."""
        return self.extend((entry,))

    def extend(self, entries: Iterable[Entry]) -> PartyState:
        """The evening after *entries*, taken in order; this one is left as it is.

        PartyError (and no evening) as soon as one of them cannot be taken.
        """
        state = self._copy()
        for entry in entries:
            state._take(entry)
        return state

    def _take(self, entry: Entry) -> None:
        """Take *entry* into this state, which is still being built (``extend``, ``replay``)."""
        take = _TAKE.get(type(entry))
        if take is None:
            raise TypeError(f"not an entry of a card party's log: {entry!r}")
        take(self, entry)
        self._entries.append(entry)
        self._standings = None

    def _addcouple(self, entry: AddCouple) -> None:
        if self.finished:
            raise PartyError(Problem.OVER_NO_JOINING, "name")
        if len(self._couples) >= MAX_COUPLES:
            raise PartyError(Problem.TOO_MANY_COUPLES, "name", limit=MAX_COUPLES)
        joined = self.game + 1 if self._started else 1
        if joined > self.setup.games:
            raise PartyError(Problem.LAST_GAME_NO_JOINING, "name")
        self._couples.append(CoupleEntry(len(self._couples), entry.couple, joined))

    def _gone(self, entry: Gone) -> None:
        couple = self._couple(entry.couple)
        if couple.gone_from is not None:
            raise PartyError(Problem.ALREADY_GONE, "couple", conflict=True, name=couple.name)
        if self.finished:
            raise PartyError(Problem.EVENING_OVER, "couple")
        gone_from = self.game + 1 if self._started else 1
        if self._started and gone_from <= self.setup.games and len(self.present(gone_from)) <= 2:
            raise PartyError(Problem.TWO_COUPLES_PLAYING, "couple")
        self._couples[couple.index] = CoupleEntry(couple.index, couple.couple, couple.joined, gone_from)

    def _returned(self, entry: Returned) -> None:
        couple = self._couple(entry.couple)
        if couple.gone_from is None:
            raise PartyError(Problem.NOT_GONE, "couple", conflict=True, name=couple.name)
        if self.finished:
            raise PartyError(Problem.EVENING_OVER, "couple")
        if not self.may_return(couple.index):
            # The game it was to miss is seated without it: its seat went to another couple.
            raise PartyError(Problem.GONE_SEATED, "couple", name=couple.name, game=couple.gone_from)
        self._couples[couple.index] = CoupleEntry(couple.index, couple.couple, couple.joined)

    def _start(self, entry: Start) -> None:
        if self._started:
            raise PartyError(Problem.ALREADY_STARTED, None, conflict=True)
        present = self.present(1)
        if len(present) < 2:
            raise PartyError(Problem.TWO_COUPLES_TO_START, "couples")
        self._started = True
        self._seatings.append(first_seating(present))
        self._results.append({})

    def _cookiedraw(self, entry: CookieDraw) -> None:
        if self._cookie_drawn:
            raise PartyError(Problem.COOKIE_JAR_DRAWN, "cookie_jar", conflict=True)
        numbers = entry.numbers
        if len(numbers) != self.setup.cookie_jar or len(set(numbers)) != len(numbers):
            raise PartyError(Problem.COOKIE_JAR_COUNT, "cookie_jar", count=self.setup.cookie_jar)
        if any(not 1 <= n <= self.setup.games for n in numbers):
            raise PartyError(Problem.COOKIE_JAR_NUMBERS, "cookie_jar", games=self.setup.games)
        self._cookie_numbers = tuple(sorted(numbers))
        self._cookie_drawn = True

    def _result(self, entry: Result) -> None:
        if not self._started:
            raise PartyError(Problem.NOT_STARTED, "game")
        if self._closed:
            raise PartyError(Problem.CLOSED_NO_RESULTS, "game")
        if not 1 <= entry.game <= self.setup.games:
            raise PartyError(Problem.NO_SUCH_GAME, "game", game=entry.game, games=self.setup.games)
        if entry.game > len(self._seatings) or (entry.game > self.game and not self.finished):
            raise PartyError(Problem.GAME_NOT_STARTED, "game", game=entry.game, current=self.game)
        seating = self._seatings[entry.game - 1]
        if not 1 <= entry.table <= len(seating.tables):
            raise PartyError(Problem.NO_SUCH_TABLE, "table", table=entry.table, game=entry.game)
        table = seating.tables[entry.table - 1]
        if entry.seat not in (0, 1) or table.seats[entry.seat] != entry.winner:
            raise PartyError(
                Problem.NOT_AT_TABLE, "winner", couple=entry.winner + 1, table=entry.table, game=entry.game
            )
        results = self._results[entry.game - 1]
        before = results.get(entry.table)
        if before is not None:
            if before == entry.seat:
                raise PartyError(Problem.SAME_RESULT, "winner", conflict=True, game=entry.game, table=entry.table)
            if not entry.correct:
                named = self._couple(table.seats[before]).name
                raise PartyError(
                    Problem.ALREADY_REPORTED, "winner", conflict=True, table=entry.table, game=entry.game, name=named
                )
        results[entry.table] = entry.seat
        if before is not None and entry.game < len(self._seatings):
            self._reseat_after(entry.game)
        elif len(results) == len(seating.tables) and entry.game == len(self._seatings):
            self._seat_next()

    def _seat_next(self) -> None:
        """Seat the next game once every table of the last seated game has reported."""
        game = len(self._seatings)
        if game >= self.setup.games:
            return
        before = self._seatings[-1]
        self._seatings.append(next_seating(before, self._results[-1], self.present(game + 1), self._last_out(game)))
        self._results.append({})

    def _reseat_after(self, game: int) -> None:
        """A result of *game* changed: seat every later game again, keeping each game's results by seat."""
        later = self._results[game:]
        del self._seatings[game:]
        del self._results[game:]
        for results in later:
            if len(self._seatings) >= self.setup.games or len(self._results[-1]) < len(self._seatings[-1].tables):
                break
            self._seat_next()
            # Table numbers of a game depend only on who plays it, so every reported table is still there.
            self._results[-1] = dict(results)

    def _last_out(self, game: int) -> int | None:
        for seating in reversed(self._seatings[:game]):
            if seating.sits_out is not None:
                return seating.sits_out
        return None

    def _sheetkept(self, entry: SheetKept) -> None:
        if self.setup.kind is not GameKind.PLAY_TO:
            raise PartyError(Problem.SHEETS_ONLY_PLAY_TO, "table")
        if not self._started or self.finished or entry.game != self.game:
            raise PartyError(Problem.GAME_NOT_NOW, "game", game=entry.game)
        seating = self._seatings[entry.game - 1]
        if not 1 <= entry.table <= len(seating.tables):
            raise PartyError(Problem.NO_SUCH_TABLE, "table", table=entry.table, game=entry.game)
        if sorted(entry.sides) != sorted(seating.tables[entry.table - 1].seats):
            raise PartyError(Problem.SHEET_COUPLES, "table", table=entry.table)
        if entry.table in self._results[entry.game - 1]:
            raise PartyError(Problem.TABLE_REPORTED, "table", conflict=True, table=entry.table, game=entry.game)
        if (entry.game, entry.table) in self._sheets:
            raise PartyError(Problem.SHEET_ALREADY, "table", conflict=True, table=entry.table, game=entry.game)
        self._sheets[(entry.game, entry.table)] = (entry.sheet, entry.sides)

    def _close(self, entry: Close) -> None:
        if not self._started:
            raise PartyError(Problem.NOT_STARTED, None)
        if self._closed:
            raise PartyError(Problem.ALREADY_CLOSED, None, conflict=True)
        self._closed = True
        self._standings = None
        for place in self.places():
            if place.tied:
                self._ties[place.place] = TieState(place.place, place.couples)

    def _reopen(self, entry: Reopen) -> None:
        if not self._closed:
            raise PartyError(Problem.NOT_CLOSED, None, conflict=True)
        if self._tie_steps():
            raise PartyError(Problem.PRIZES_BEING_SETTLED, None)
        self._closed = False
        self._ties = {}
        self._standings = None

    def _tie_steps(self) -> list[Entry]:
        """The ties' entries since the evening was last closed."""
        steps: list[Entry] = []
        for entry in reversed(self._entries):
            if isinstance(entry, Close):
                break
            if isinstance(entry, Split | Cut | PlayOffWanted | Forfeit | PlayOffWon):
                steps.append(entry)
        return steps

    def _tie(self, place: int) -> TieState:
        if not self._closed:
            raise PartyError(Problem.TIES_AFTER_CLOSE, "place")
        tie = self._ties.get(place)
        if tie is None:
            raise PartyError(Problem.PLACE_NOT_TIED, "place", place=place)
        return tie

    def _split(self, entry: Split) -> None:
        self._tie(entry.place).split(entry.agreed)

    def _cut(self, entry: Cut) -> None:
        self._tie(entry.place).cut(entry.cards)

    def _playoffwanted(self, entry: PlayOffWanted) -> None:
        self._tie(entry.place).want_play_off(entry.couple)

    def _forfeit(self, entry: Forfeit) -> None:
        self._tie(entry.place).forfeit(entry.couple)

    def _playoffwon(self, entry: PlayOffWon) -> None:
        self._tie(entry.place).play_off_won(entry.couple)

    def _couple(self, index: int) -> CoupleEntry:
        if not 0 <= index < len(self._couples):
            raise PartyError(Problem.NO_SUCH_COUPLE, "couple", couple=index + 1)
        return self._couples[index]

    # -- Helpers for callers -------------------------------------------------------

    def result_entry(self, game: int, table: int, winner: int, correct: bool = False) -> Result:
        """Build the Result entry for "*winner* won *table* in *game*", checking the couple sits there."""
        if not self._started:
            raise PartyError(Problem.NOT_STARTED, "game")
        if not 1 <= game <= len(self._seatings):
            if 1 <= game <= self.setup.games:
                raise PartyError(Problem.GAME_NOT_STARTED, "game", game=game, current=self.game)
            raise PartyError(Problem.NO_SUCH_GAME, "game", game=game, games=self.setup.games)
        seating = self._seatings[game - 1]
        if not 1 <= table <= len(seating.tables):
            raise PartyError(Problem.NO_SUCH_TABLE, "table", table=table, game=game)
        seats = seating.tables[table - 1].seats
        if winner not in seats:
            raise PartyError(Problem.NOT_AT_TABLE, "winner", couple=winner + 1, table=table, game=game)
        return Result(game, table, seats.index(winner), winner, correct)


def replay(setup: PartySetup, entries: Iterable[Entry]) -> PartyState:
    """Build the evening from its log; the same log always gives the same evening."""
    state = PartyState(setup)
    for entry in entries:
        state._take(entry)
    return state


# Which handler takes each kind of entry.
_TAKE: dict[type[Entry], Callable[[PartyState, Any], None]] = {
    AddCouple: PartyState._addcouple,
    Gone: PartyState._gone,
    Returned: PartyState._returned,
    Start: PartyState._start,
    CookieDraw: PartyState._cookiedraw,
    Result: PartyState._result,
    SheetKept: PartyState._sheetkept,
    Close: PartyState._close,
    Reopen: PartyState._reopen,
    Split: PartyState._split,
    Cut: PartyState._cut,
    PlayOffWanted: PartyState._playoffwanted,
    Forfeit: PartyState._forfeit,
    PlayOffWon: PartyState._playoffwon,
}
