"""Ratings of a table's people and of a club's members, worked out from the games as stored.

A table rates its finished games; a club every game of its evenings in a season, each table of each
game a match between two couples, the members in their chairs at that game. Nothing is stored: the
book of the last run is kept per table or club and season, and a corrected game (a new version of a
table's game, a changed result or chair in an evening) is rated again from itself on.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence

from sqlalchemy import select

from scorekeeper.party import PartyState
from scorekeeper.party.ladder import Chair
from scorekeeper.platform.extensions import db
from scorekeeper.stats.ratings import Match, RatingBook, ranks_by_score, rate
from scorekeeper.store import clubs as club_store
from scorekeeper.store import log
from scorekeeper.store import tables as table_store
from scorekeeper.store.models import Club, ClubChair, Table


def _books() -> log.VersionCache[tuple[Hashable, RatingBook]]:
    return log.cache("rating_books")


def _evening_matches() -> log.VersionCache[list[Match]]:
    return log.cache("rating_evening_matches")


def _rated(key: tuple[str, ...], fingerprint: Hashable, matches: Callable[[], Sequence[Match]]) -> RatingBook:
    """The book for the games *matches* gives, going on from the one kept for *key* (rated again only from the
    first change); while *fingerprint* (what the games are made of) is the same, the kept book as it is."""
    books = _books()
    latest = books.latest(key)
    if latest is not None and latest[1][0] == fingerprint:
        return latest[1][1]
    book = rate(matches(), latest[1][1] if latest is not None else None)
    books.put(key, 0, (fingerprint, book))
    return book


def table_matches(table: Table, rows: Sequence[table_store.HistoryRow] | None = None) -> list[Match]:
    """The table's finished games, oldest first, as matches between its sides (people by their ids)."""
    rows = sorted(reversed(table_store.history(table) if rows is None else rows), key=lambda r: r.played)
    found = []
    for row in rows:
        if row.winner is None or len(row.scores) != len(row.sides):
            continue
        teams = tuple(tuple(f"p{n}" for n in numbers) for _name, numbers in row.sides)
        found.append(Match((row.game_id, row.version, teams), teams, ranks_by_score(row.scores, row.winner)))
    return found


def table_ratings(table: Table, rows: Sequence[table_store.HistoryRow] | None = None) -> RatingBook:
    """The ratings of a table's people from all its finished games (*rows*: its history, when already read)."""
    rows = table_store.history(table) if rows is None else rows
    fingerprint = tuple((r.game_id, r.version, r.sides) for r in rows)
    return _rated(("table", table.id), fingerprint, lambda: table_matches(table, rows))


def _holder(chairs: dict[tuple[int, int], list[Chair]], couple: int, slot: int, game: int) -> int | None:
    """The member in a chair during *game*: the last one seated there from that game or earlier."""
    held = None
    for chair in chairs.get((couple, slot), ()):  # by from_game, earliest first
        if chair.from_game > game:
            break
        held = chair.member
    return held


def club_matches(club: Club, season: str) -> list[Match]:
    """Every game of the season's evenings, table by table, as a match between the members of two couples."""
    worked = club_store.season(club, season)
    merged = {m.number: m.merged_into for m in club.members if m.merged_into is not None}

    def who(number: int) -> str:
        seen = set()
        while number in merged and number not in seen:
            seen.add(number)
            number = merged[number]
        return str(number)

    kept = _evening_matches()
    wanted = [row.id for _e, row, _s in worked.evenings if kept.get((row.id, club.version), row.version) is None]
    chairs: dict[str, dict[tuple[int, int], list[Chair]]] = {}
    if wanted:
        columns = (ClubChair.party_id, ClubChair.couple, ClubChair.slot, ClubChair.number, ClubChair.from_game)
        for party_id, couple, slot, number, from_game in db.session.execute(
            select(*columns).where(ClubChair.party_id.in_(wanted))
        ):
            chairs.setdefault(party_id, {}).setdefault((couple, slot), []).append(
                Chair(couple, slot, number, from_game)
            )
    for by_chair in chairs.values():
        for sitting in by_chair.values():
            sitting.sort(key=lambda c: c.from_game)
    found: list[Match] = []
    for _evening, row, state in worked.evenings:
        mine = kept.get((row.id, club.version), row.version)
        if mine is None:
            mine = _matches_of_evening(row.id, state, chairs.get(row.id, {}), who)
            kept.put((row.id, club.version), row.version, mine)
        found.extend(mine)
    return found


def _matches_of_evening(
    party_id: str, state: PartyState, chairs: dict[tuple[int, int], list[Chair]], who: Callable[[int], str]
) -> list[Match]:
    found = []
    for game, seating in enumerate(state.seatings, start=1):
        for table in seating.tables:
            winner = state.winner(game, table.number)
            if winner is None:
                continue
            teams = tuple(
                tuple(who(member) for slot in (0, 1) if (member := _holder(chairs, couple, slot, game)) is not None)
                for couple in table.seats
            )
            ranks = tuple(1 if couple == winner else 2 for couple in table.seats)
            found.append(Match((party_id, game, table.number, teams, ranks), teams, ranks))
    return found


def club_ratings(club: Club, season: str) -> RatingBook:
    """The ratings of a club's members from every game of the season's evenings."""
    rows = club_store.evenings(club.id, season)
    fingerprint = (club.version, tuple((row.id, row.version) for _e, row in rows))
    return _rated(("club", club.id, season), fingerprint, lambda: club_matches(club, season))
