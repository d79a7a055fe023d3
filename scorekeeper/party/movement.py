"""Who sits where: the first game's seating and the move after each game.

The movement, as the evening's rule (the README says it in words):

- Game 1: couples sit in the order they registered, two to a table; the first of
  the two deals first. With an odd number the last couple sits out.
- After each game the winning couple at table t moves to table t + 1 (the last
  table's winner to table 1); the losing couple stays. The winner deals first.
- With an odd number of couples one couple sits out each game, in turn: the next
  couple present after the one that sat out last, by couple number, going round.
- Then the seats of couples gone home and of the couple whose turn it is to sit
  out are empty; tables are couples ÷ 2, so the highest tables close when couples
  leave. Empty seats are filled table by table, the dealing seat first, by the
  couple that sat out the game before, then late arrivals, then the couples of
  closed tables (the rules of the evening, docs/players/card-parties.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

__all__ = ["Seating", "Table", "first_seating", "next_seating", "sitting_out_next"]


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

    *present* are the couples playing the next game (late arrivals in, couples gone
    out); *last_out* is the last couple that sat out, for the turn (the rules of the evening, docs/players/card-parties.md).
    """
    present_list = sorted(present)
    here = set(present_list)
    size = len(present_list) // 2
    sits_out = sitting_out_next(present_list, last_out) if len(present_list) % 2 else None
    staying = here - {sits_out}

    count = len(before.tables)
    seats: list[list[int | None]] = [[None, None] for _ in range(count)]
    for table in before.tables:
        won = winners[table.number]
        winner, loser = table.seats[won], table.seats[1 - won]
        seats[table.number - 1][1] = loser
        seats[table.number % count][0] = winner  # the last table's winner goes to table 1

    # Gaps are filled by the couple that sat out the game before, then late arrivals in
    # number order, then the couples of closed tables (lower table first, dealing seat first).
    pool: list[int] = []
    if before.sits_out is not None and before.sits_out in staying:
        pool.append(before.sits_out)
    played = set(before.seated())
    pool.extend(c for c in present_list if c in staying and c not in played and c != before.sits_out)
    for row in seats[size:]:
        pool.extend(c for c in row if c is not None and c in staying)
    del seats[size:]
    while len(seats) < size:
        seats.append([None, None])

    filled = 0
    for row in seats:
        for i, couple in enumerate(row):
            if couple is None or couple not in staying:
                row[i] = pool[filled]
                filled += 1
    if filled != len(pool):  # every couple present has a seat or sits out; this guards the arithmetic
        raise AssertionError("a couple was left without a seat")
    tables = tuple(Table(n + 1, (_seat(row[0]), _seat(row[1]))) for n, row in enumerate(seats))
    return Seating(before.game + 1, tables, sits_out)


def sitting_out_next(present: Sequence[int], last_out: int | None) -> int:
    """The couple whose turn it is to sit out: the next one present after *last_out*, going round.

    With nobody out yet, the highest-numbered couple present sits out, as in game 1.
    """
    ordered = sorted(present)
    if last_out is None:
        return ordered[-1]
    later = [c for c in ordered if c > last_out]
    return later[0] if later else ordered[0]


def _seat(couple: int | None) -> int:
    if couple is None:  # every gap is filled above; this guards the arithmetic
        raise AssertionError("a seat was left empty")
    return couple
