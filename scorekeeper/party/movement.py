"""Who sits where: the first game's seating and the move after each game.

The movement, as the evening's rule (the README says it in words):

- Game 1: couples sit in the order they registered, two to a table; the first of
  the two deals first. With an odd number the last couple sits out.
- After each game the winning couple at table t moves to table t + 1 (the last
  table's winner to table 1); the losing couple stays. The winner deals first.
- With an odd number of couples one couple sits out each game, in turn by couple
  number: the next couple in turn gives its seat to the couple that sat out.
- A couple that goes home leaves a gap; a late couple, or the one sitting out,
  fills gaps first, table by table. Tables are couples ÷ 2: when couples leave,
  the highest tables close and their couples fill the gaps.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

__all__ = ["Seating", "Table", "first_seating", "next_seating"]


@dataclass(frozen=True, slots=True)
class Table:
    """One table in one game: ``seats[0]`` deals first."""

    number: int
    seats: tuple[int, int]

    @property
    def deals_first(self) -> int:
        return self.seats[0]

    @property
    def couples(self) -> tuple[int, int]:
        """The two couples, lower number first."""
        a, b = self.seats
        return (a, b) if a < b else (b, a)


@dataclass(frozen=True, slots=True)
class Seating:
    """Every table of one game, and the couple sitting it out (if any)."""

    game: int
    tables: tuple[Table, ...]
    sits_out: int | None

    def table_of(self, couple: int) -> Table | None:
        """Return the table where *couple* sits this game, or None."""
        for table in self.tables:
            if couple in table.seats:
                return table
        return None

    def seated(self) -> list[int]:
        """Every couple at a table, table by table."""
        return [c for table in self.tables for c in table.seats]


def first_seating(present: Sequence[int]) -> Seating:
    """Seat game 1: registration order, two to a table; an odd last couple sits out."""
    count = len(present) - len(present) % 2
    tables = tuple(Table(i // 2 + 1, (present[i], present[i + 1])) for i in range(0, count, 2))
    return Seating(1, tables, present[-1] if len(present) % 2 else None)


def next_seating(
    before: Seating,
    winners: Mapping[int, int],
    present: Iterable[int],
    last_out: int | None,
) -> Seating:
    """Seat the game after *before*, given each table's winning seat (table number -> 0 or 1).

    *present* are the couples playing the next game in registration order (late
    arrivals in, couples gone out); *last_out* is the last couple that sat out, for
    the turn.
    """
    present_list = list(present)
    here = set(present_list)
    count = len(before.tables)
    seats: list[list[int | None]] = [[None, None] for _ in range(count)]
    for table in before.tables:
        won = winners[table.number]
        winner, loser = table.seats[won], table.seats[1 - won]
        seats[table.number - 1][1] = loser
        seats[table.number % count][0] = winner  # the last table's winner goes to table 1

    size = len(present_list) // 2
    pool: list[int] = []
    if before.sits_out is not None and before.sits_out in here:
        pool.append(before.sits_out)
    for row in seats[size:]:  # tables that close: their couples find a seat below
        pool.extend(c for c in row if c is not None and c in here)
    del seats[size:]
    while len(seats) < size:
        seats.append([None, None])
    placed = {c for row in seats for c in row if c is not None and c in here} | set(pool)
    pool.extend(c for c in present_list if c not in placed)

    filled = 0
    for row in seats:
        for i, couple in enumerate(row):
            if couple is None or couple not in here:
                row[i] = pool[filled]
                filled += 1
    rest = pool[filled:]
    sits_out = rest[0] if rest else None

    if sits_out is not None and sits_out == before.sits_out and len(present_list) > 1:
        # Nobody needed the seat of the couple that sat out: the next couple in turn gives up its own.
        taker = _next_in_turn(present_list, last_out if last_out is not None else sits_out, sits_out)
        for row in seats:
            for i, couple in enumerate(row):
                if couple == taker:
                    row[i] = sits_out
        sits_out = taker
    tables = tuple(Table(n + 1, (_seat(row[0]), _seat(row[1]))) for n, row in enumerate(seats))
    return Seating(before.game + 1, tables, sits_out)


def _seat(couple: int | None) -> int:
    if couple is None:  # every gap is filled above; this guards the arithmetic
        raise AssertionError("a seat was left empty")
    return couple


def _next_in_turn(present: Sequence[int], after: int, skip: int) -> int:
    """The couple after *after* in couple-number order, cycling, other than *skip*."""
    ordered = sorted(present)
    later = [c for c in ordered if c > after and c != skip]
    if later:
        return later[0]
    return next(c for c in ordered if c != skip)
