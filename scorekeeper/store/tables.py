"""Tables in the database: a group's roster and its games, the one path pages and the API use.

A table collects games; it never records a hand (that is ``store.games.record``).
Its statistics add up each game's summary, stored with the game at every change
of its hand log (``Game.summary``), so a table of hundreds of games is read in
two queries and never replayed on a view.
"""

from __future__ import annotations

import enum
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any, NamedTuple, cast

from sqlalchemy import String, insert, select, type_coerce
from sqlalchemy import Table as SaTable
from sqlalchemy.exc import IntegrityError

from scorekeeper.platform.extensions import db
from scorekeeper.rules import (
    HAND_FIELDS,
    NAME_MAX,
    GameSetup,
    GameState,
    HandEntry,
    HandError,
    HandResult,
    Outcome,
    Rules,
    Side,
    bid_label,
    has_hidden_character,
    replay,
)
from scorekeeper.stats import GameRecord, GameSummary, TableStats, summarize, table_stats
from scorekeeper.store import games as game_store
from scorekeeper.store import log, ratings, resends
from scorekeeper.store.models import Access as Access  # what a link opens: one rule for games and tables
from scorekeeper.store.models import Game, Hand, Player, Table, TableGame, TableMerge, TablePerson, utcnow
from scorekeeper.store.models import Side as SideRow
from scorekeeper.store.models import access as access
from scorekeeper.store.outcomes import Said, StoreRefused

TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
PERSON_ID = re.compile(r"p([1-9][0-9]{0,5})")
MAX_PEOPLE = 200
MAX_GAMES = 5000
EXPORT_FORMAT = "forty-fives-table"
EXPORT_VERSION = 1
# Games read in one query when their summary or export is not kept yet.
LOAD_AT_ONCE = 200


class TableError(StoreRefused):
    """A change of a table that cannot be made: its code (``Said``) and details; ``field`` names what to fix,
    ``status`` the answer's HTTP status."""

    def __init__(
        self, code: Said, field: str | None = None, status: int = 422, *, details: Mapping[str, object] | None = None
    ) -> None:
        super().__init__(code, field, details=details)
        self.status = status


# -- Reading ---------------------------------------------------------------------


def load_table(table_id: object) -> Table | None:
    """Return the table, or None."""
    if not isinstance(table_id, str) or not TABLE_ID.fullmatch(table_id):
        return None
    return db.session.scalars(select(Table).where(Table.id == table_id)).one_or_none()


def person(table: Table, person_id: object) -> TablePerson | None:
    """The roster entry named by its id (``p3``), or None."""
    if not isinstance(person_id, str):
        return None
    found = PERSON_ID.fullmatch(person_id)
    if not found:
        return None
    number = int(found.group(1))
    return next((p for p in table.people if p.number == number), None)


@dataclass(frozen=True, slots=True)
class HistoryRow:
    """One game of a table as its history lists it, read in one light query (no game is replayed)."""

    game_id: str
    view_token: str
    version: int
    played: datetime
    rules: str
    sides: tuple[tuple[str, tuple[int, ...]], ...]  # (side name, person numbers)
    scores: tuple[int, ...]
    winner: int | None
    finished: bool
    hands: int
    editable: bool = True  # the table holds the game's edit rights (deleting the table may delete it)


_G, _L, _S = Game.__table__, TableGame.__table__, SideRow.__table__


def history(table: Table) -> list[HistoryRow]:
    """Every game of the table, newest first: two queries of the columns the history shows."""
    rows = db.session.execute(
        select(
            _G.c.id,
            _G.c.view_token,
            _G.c.version,
            _G.c.created_at,
            _G.c.rules["preset"].as_string(),
            _G.c.totals,
            _G.c.winner,
            _G.c.finished_at,
            _G.c.hand_count,
            _L.c.sides,
            _L.c.editable,
        )
        .join(_L, _L.c.game_id == _G.c.id)
        .where(_L.c.table_id == table.id)
        .order_by(_G.c.created_at.desc(), _G.c.id)
    ).all()
    names: dict[str, dict[int, str]] = {}
    for game_id, index, name in db.session.execute(
        select(_S.c.game_id, _S.c.index, _S.c.name)
        .join(_L, _L.c.game_id == _S.c.game_id)
        .where(_L.c.table_id == table.id)
    ):
        names.setdefault(game_id, {})[index] = name
    found = []
    for game_id, view_token, version, created, rules, totals, winner, finished_at, hands, sides, editable in rows:
        mine = names.get(game_id, {})
        found.append(
            HistoryRow(
                game_id=game_id,
                view_token=view_token,
                version=version,
                played=_aware(created),
                rules=rules or "custom",
                sides=tuple((mine.get(i, ""), tuple(side)) for i, side in enumerate(sides)),
                scores=tuple(totals or ()),
                winner=winner,
                finished=winner is not None or finished_at is not None,
                hands=hands or 0,
                editable=bool(editable),
            )
        )
    return found


def _aware(moment: datetime) -> datetime:
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment


def summaries(table: Table) -> dict[str, GameSummary]:
    """Each game's statistics as stored with its version: no replay, and only the ones not kept yet are read.

    A game stored before summaries were kept, or kept in an older shape, is replayed here (nothing is written).
    """
    found = {}
    kept = game_store.summaries_kept()
    versions = db.session.execute(
        select(_G.c.id, _G.c.version).join(_L, _L.c.game_id == _G.c.id).where(_L.c.table_id == table.id)
    ).all()
    missing = []
    for game_id, version in versions:
        summary = kept.get(game_id, version)
        if summary is None:
            missing.append(game_id)
        else:
            found[game_id] = summary
    for at in range(0, len(missing), LOAD_AT_ONCE):
        stored = db.session.execute(
            select(_G.c.id, _G.c.version, _G.c.summary).where(_G.c.id.in_(missing[at : at + LOAD_AT_ONCE]))
        )
        for game_id, version, summary in stored:
            if summary is not None and GameSummary.current(summary):
                found[game_id] = GameSummary.from_dict(summary)
            else:
                game = game_store.load_game(game_id)
                try:
                    found[game_id] = summarize(game_store.state_for(game)) if game else GameSummary(0, None, ())
                except ValueError:
                    found[game_id] = GameSummary(0, None, ())
                    continue
            kept.put(game_id, version, found[game_id])
    return found


def records(
    rows: Iterable[HistoryRow], kept: Mapping[str, GameSummary], since: date | None = None, until: date | None = None
) -> list[GameRecord]:
    """The games for the statistics (between two dates, both included), oldest first, people by their ids."""
    found = []
    for row in sorted(rows, key=lambda r: r.played):
        day = row.played.date()
        summary = kept.get(row.game_id)
        if (since and day < since) or (until and day > until) or summary is None:
            continue
        if len(summary.sides) != len(row.sides):
            continue
        sides = tuple(tuple(f"p{n}" for n in numbers) for _name, numbers in row.sides)
        found.append(GameRecord(row.game_id, day, sides, summary))
    return found


def season(
    table: Table, since: date | None = None, until: date | None = None
) -> tuple[list[HistoryRow], list[GameRecord]]:
    """The table's history and the records of the games between two dates."""
    rows = history(table)
    return rows, records(rows, summaries(table), since, until)


def season_stats(
    table: Table, since: date | None = None, until: date | None = None
) -> tuple[list[HistoryRow], TableStats]:
    """The table's history and its statistics between two dates, kept while no game, person or date changes."""
    rows = history(table)
    fingerprint = hash((table.version, tuple((r.game_id, r.version, r.sides) for r in rows)))
    kept = log.cache("table_stats")
    key = (table.id, since, until, fingerprint)
    stats = kept.get(key, 0)
    if stats is None:
        stats = table_stats(records(rows, summaries(table), since, until))
        kept.put(key, 0, stats)
    return rows, stats


def tables_of_game(game_id: str) -> list[Table]:
    return list(
        db.session.scalars(
            select(Table).join(TableGame, TableGame.table_id == Table.id).where(TableGame.game_id == game_id)
        )
    )


# -- Writing ---------------------------------------------------------------------


def _clean_name(value: object, field: str, missing: Said) -> str:
    """A name as stored: trimmed, on one line; *missing* says what to give when there is none."""
    if not isinstance(value, str):
        raise TableError(Said.NAME_AS_TEXT, field)
    # Measured as sent, as the published schema counts it (surrounding spaces included).
    if len(value) > NAME_MAX:
        raise TableError(Said.TABLE_NAME_TOO_LONG, field, details={"n": NAME_MAX})
    value = value.strip()
    if not value:
        raise TableError(missing, field)
    if has_hidden_character(value):
        raise TableError(Said.NAME_ONE_LINE, field)
    return value


def _touch(table: Table) -> None:
    table.version = (table.version or 1) + 1
    table.updated_at = utcnow()


def _commit() -> None:
    """Commit a change of a table, keeping what it wrote in hand: the answer shows the table as this change left
    it, even if another phone deletes the table a moment later."""
    session = db.session()
    session.expire_on_commit = False
    try:
        session.commit()
    finally:
        session.expire_on_commit = True


def _lock(table: Table) -> None:
    """Move the table to its next version first, taking its write lock, and read it again under that lock.

    Of ten phones changing the table at once, each then works on the table as the one before left it: a roster
    number, a game added twice, a name taken are all checked on what is stored, one writer at a time.
    """
    if not log.advance(Table, table.id, None):
        db.session.rollback()
        raise TableError(Said.TABLE_DELETED, "table", 404)
    db.session.expire(table)


def create_table(name: object, players: Sequence[object] = ()) -> Table:
    """Store a new table with its roster; raise TableError and store nothing on bad input."""
    clean = _clean_name(name, "name", Said.TABLE_NAME_MISSING)
    table = Table(name=clean, version=1)
    db.session.add(table)
    _add_names(table, [_clean_name(p, "players", Said.PLAYER_NAME_MISSING) for p in players])
    db.session.commit()
    return table


def _add_names(table: Table, names: Iterable[str]) -> list[TablePerson]:
    """The roster entries of *names* (matched without regard to case), new names joining the roster."""
    by_name = {p.name.casefold(): p for p in table.people}
    found = []
    for name in names:
        key = name.casefold()
        if key not in by_name:
            if len(table.people) >= MAX_PEOPLE:
                raise TableError(Said.ROSTER_FULL, "players", details={"n": MAX_PEOPLE})
            number = max((p.number for p in table.people), default=0) + 1
            by_name[key] = TablePerson(number=number, name=name)
            table.people.append(by_name[key])
        found.append(by_name[key])
    return found


def add_people(table: Table, names: Sequence[object]) -> list[TablePerson]:
    clean = [_clean_name(n, "players", Said.PLAYER_NAME_MISSING) for n in names]
    _lock(table)
    try:
        people = _add_names(table, clean)
    except TableError:
        db.session.rollback()
        raise
    _commit()
    return people


def rename(table: Table, who: TablePerson, name: object) -> None:
    """Rename a person; every statistic follows (games keep the name written on their sheet)."""
    clean = _clean_name(name, "name", Said.NEW_NAME_MISSING)
    number = who.number
    _lock(table)
    if any(p.number != number and p.name.casefold() == clean.casefold() for p in table.people):
        db.session.rollback()
        raise TableError(Said.ON_THE_ROSTER, "name", details={"name": clean})
    fresh = next((p for p in table.people if p.number == number), None)
    if fresh is None:
        db.session.rollback()
        raise TableError(Said.PERSON_MERGED, "player", 409)
    fresh.name = clean
    _commit()


def _lock_roster(table: Table) -> None:
    """Take the table's write lock, then read its people and games again as the last writer left them.

    Two phones merging at the same moment (p1 into p5 and p5 into p1) are served one
    after the other: the second finds its person gone and is refused, so one stays.
    """
    _lock(table)
    for model in (TablePerson, TableGame):
        db.session.scalars(
            select(model).where(model.table_id == table.id).execution_options(populate_existing=True)
        ).all()


def check_merge(table: Table, gone: TablePerson, into: TablePerson) -> None:
    """Raise TableError when the two cannot be one person: the same entry, or two who sat in the same game."""
    if gone is into:
        raise TableError(Said.MERGE_TWO, "into")
    for link in table.games:
        seated = {n for side in link.sides for n in side}
        if gone.number in seated and into.number in seated:
            raise TableError(Said.PLAYED_TOGETHER, "into", details={"one": gone.name, "other": into.name})


def merge(table: Table, gone: TablePerson, into: TablePerson) -> TableMerge:
    """Make two roster entries one person: *gone*'s games become *into*'s, and *gone* leaves the roster.

    Two entries that sat in the same game are two people, and are refused. What changed
    is kept, so that ``unmerge`` can give *gone* back with their games.
    """
    numbers = gone.number, into.number
    _lock_roster(table)
    found = [next((p for p in table.people if p.number == n), None) for n in numbers]
    if found[0] is None or found[1] is None:
        db.session.rollback()
        raise TableError(Said.MERGED_MEANWHILE, "into", 409)
    gone, into = found[0], found[1]
    try:
        check_merge(table, gone, into)
    except TableError:
        db.session.rollback()
        raise
    links = list(table.games)
    seats = []
    for link in links:
        if any(gone.number in side for side in link.sides):
            seats += [
                [link.id, s, k] for s, side in enumerate(link.sides) for k, n in enumerate(side) if n == gone.number
            ]
            link.sides = [[into.number if n == gone.number else n for n in side] for side in link.sides]
    record = TableMerge(
        table_id=table.id, gone_number=gone.number, gone_name=gone.name, into_number=into.number, seats=seats
    )
    db.session.add(record)
    table.people.remove(gone)
    _touch(table)
    db.session.commit()
    ratings.table_written(table.id)
    return record


def merges(table: Table) -> list[TableMerge]:
    """The table's merges that can be taken back, latest first."""
    return list(
        db.session.scalars(select(TableMerge).where(TableMerge.table_id == table.id).order_by(TableMerge.id.desc()))
    )


def unmerge(table: Table, merge_id: int) -> TablePerson:
    """Take a merge back: the person who left the roster is on it again, in the seats of the games that were theirs.

    Games added since the merge stay with the person kept. The person gets their old
    number back unless someone new took it meanwhile (then the next free one).
    """
    _lock_roster(table)
    record = db.session.scalar(select(TableMerge).where(TableMerge.id == merge_id, TableMerge.table_id == table.id))
    if record is None:
        db.session.rollback()
        raise TableError(Said.MERGE_TAKEN_BACK, "merge", 409)
    if any(p.name.casefold() == record.gone_name.casefold() for p in table.people):
        db.session.rollback()
        raise TableError(Said.ON_THE_ROSTER, "merge", 409, details={"name": record.gone_name})
    if len(table.people) >= MAX_PEOPLE:
        db.session.rollback()
        raise TableError(Said.ROSTER_FULL, "merge", details={"n": MAX_PEOPLE})
    taken = {p.number for p in table.people}
    number = record.gone_number if record.gone_number not in taken else max(taken) + 1
    back = TablePerson(number=number, name=record.gone_name)
    table.people.append(back)
    by_id = {link.id: link for link in table.games}
    for link_id, side, place in record.seats:
        link = by_id.get(link_id)
        # A seat is given back only where the kept person still sits (the game was not taken out meanwhile).
        if link is not None and side < len(link.sides) and place < len(link.sides[side]):
            if link.sides[side][place] == record.into_number:
                sides = [list(s) for s in link.sides]
                sides[side][place] = number
                link.sides = sides
    db.session.delete(record)
    _touch(table)
    db.session.commit()
    ratings.table_written(table.id)
    return back


def _attach(table: Table, game: Game, seated: list[list[int]] | None = None, *, editable: bool = True) -> TableGame:
    """Add *game* to the table, under the table's write lock (the caller commits, or rolls back on TableError)."""
    _lock(table)
    already = db.session.scalar(
        select(TableGame.id).where(TableGame.table_id == table.id, TableGame.game_id == game.id)
    )
    if already is not None:
        db.session.rollback()
        raise TableError(Said.GAME_IN_TABLE, "game", 409)
    if len(table.games) >= MAX_GAMES:
        db.session.rollback()
        raise TableError(Said.TABLE_FULL, "game", details={"n": MAX_GAMES})
    sides = seated
    if sides is None:
        sides = []
        for side in game.sides:
            names = [p.name for p in game.players_of(side.index)]
            try:
                sides.append([p.number for p in _add_names(table, names)])
            except TableError:
                db.session.rollback()
                raise
    link = TableGame(game_id=game.id, sides=sides, editable=editable)
    table.games.append(link)
    return link


def _committed(link: TableGame) -> TableGame:
    """Commit the game just added; a copy added at the same moment by another phone is the 409 it would be."""
    try:
        _commit()
    except IntegrityError:
        db.session.rollback()
        raise TableError(Said.GAME_IN_TABLE, "game", 409) from None
    ratings.table_written(link.table_id)
    return link


def add_game(table: Table, game: Game) -> TableGame:
    """Add a game already played, given with its edit rights (its players join the roster by name)."""
    return _committed(_attach(table, game))


def start_game(
    table: Table,
    rules: Rules | Mapping[str, Any] | str | None,
    sides: Sequence[Side],
    first_dealer: int = 0,
    scores: Sequence[int] | None = None,
) -> Game:
    """Start a game of this table: its players are roster names (new names join the roster)."""
    game = game_store.create_game(rules, sides, first_dealer=first_dealer, scores=scores)
    _committed(_attach(table, game))
    return game


def keep(game: Game, name: object) -> Table:
    """Make a table of a game's players, with that game as its first."""
    clean = _clean_name(name, "name", Said.TABLE_NAME_MISSING)
    table = Table(name=clean, version=1)
    db.session.add(table)
    db.session.flush()
    _committed(_attach(table, game))
    return table


def follow_rematch(old: Game, new: Game) -> None:
    """A rematch stays in the tables of the game it follows."""
    for table in tables_of_game(old.id):
        editable = bool(
            db.session.scalar(
                select(TableGame.editable).where(TableGame.table_id == table.id, TableGame.game_id == old.id)
            )
        )
        if not any(link.game_id == new.id for link in table.games):
            _attach(table, new, editable=editable)
    db.session.commit()
    for table_id in ratings.tables_of(new.id):
        ratings.table_written(table_id)


class Kept(enum.StrEnum):
    """Why a game of a deleted table stayed, though its games were to go with it."""

    VIEW_ONLY = "view-only"  # added with its view link: the table never held its edit rights
    CARD_PARTY = "card-party"  # a card party's sheet: it stays with its evening


@dataclass(frozen=True, slots=True)
class Deleted:
    """What deleting a table with its games did: the games deleted, and those that stayed with why."""

    games: tuple[str, ...] = ()
    kept: tuple[tuple[str, Kept], ...] = ()


def delete_table(table: Table, with_games: bool = False) -> Deleted:
    """Delete a table and its roster; its games stay, reachable by their own links, unless *with_games*.

    With *with_games*, only the games whose edit rights the table holds are deleted: one added with its view
    link, or a card party's sheet, stays, and the answer says which.
    """
    _lock(table)
    gone: list[str] = []
    kept: list[tuple[str, Kept]] = []
    if with_games:
        for link in list(table.games):
            if not link.editable:
                kept.append((link.game_id, Kept.VIEW_ONLY))
                continue
            try:
                game_store.delete_game(link.game, commit=False)
            except HandError:
                kept.append((link.game_id, Kept.CARD_PARTY))
                continue
            gone.append(link.game_id)
        # The deleted games took their rows of this table with them (ON DELETE CASCADE): read what is left.
        db.session.flush()
        db.session.expire(table)
    db.session.delete(table)
    ratings.forget(ratings.table_scope(table.id))
    db.session.commit()
    return Deleted(tuple(gone), tuple(kept))


# -- Export and import -------------------------------------------------------------


def _iso(moment: datetime | None) -> str | None:
    return None if moment is None else moment.astimezone(UTC).isoformat().replace("+00:00", "Z")


def export_game(game: Game) -> dict[str, Any]:
    """One game as entered: rules, sides and players, first dealer, start scores, every hand."""
    sides = [{"name": side.name, "players": [p.name for p in game.players_of(side.index)]} for side in game.sides]
    return {
        "id": game.id,
        "started": _iso(game.created_at),
        "finished_at": _iso(game.finished_at),
        "rules": game.rules,
        "sides": sides,
        "first_dealer": game.first_dealer,
        "start_scores": game.start_scores,
        "scores": list(game.totals or ()),
        "winner": game.winner,
        "hands": [{"n": hand.n, **game_store.entry_for(hand).to_dict()} for hand in game.hands],
    }


_COMPACT = (",", ":")


def _exports() -> log.VersionCache[str]:
    return log.cache("game_exports")


def game_texts(rows: Sequence[HistoryRow]) -> dict[str, str]:
    """Each game's export as JSON text, kept per game version; the games not kept are read in a few queries."""
    kept = _exports()
    found: dict[str, str] = {}
    missing = []
    for row in rows:
        text = kept.get(row.game_id, row.version)
        if text is None:
            missing.append(row.game_id)
        else:
            found[row.game_id] = text
    for logged in game_logs(missing):
        text = json.dumps(logged.exported, ensure_ascii=False, separators=_COMPACT)
        kept.put(logged.id, logged.version, text)
        found[logged.id] = text
    return found


_P, _H = Player.__table__, Hand.__table__


class SheetHand(NamedTuple):
    """One hand as the sheet shows it, read from the figures stored with it (named as the engine's ``HandResult``)."""

    n: int
    dealer: str
    bidder: int | None
    bid_label: str
    bagged: bool
    outcome: Outcome | None
    points: tuple[int, ...]
    deltas: tuple[int, ...]
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Sheet:
    """A game's score sheet: its sides (name, players), every hand, and the side that won."""

    sides: list[tuple[str, str]]
    hands: Sequence[SheetHand] | Sequence[HandResult]
    winner: int | None


@dataclass(frozen=True, slots=True)
class GameLog:
    """One game read for an export: as ``export_game`` writes it, and its hands as the engine reads them.

    *stored* is every hand's sheet line as stored with it, or None where a hand has none yet (a game the engine
    could not replay when the figures were first filled in): that game is replayed.
    """

    id: str
    version: int
    created_at: datetime
    exported: dict[str, Any]
    entries: list[HandEntry]
    stored: list[SheetHand] | None = None

    def sheet(self) -> Sheet:
        """The game's sheet: from the figures stored with its hands, or from a replay where they are missing."""
        if self.stored is not None:
            sides = [(side["name"], " & ".join(side["players"])) for side in self.exported["sides"]]
            return Sheet(sides, self.stored, self.exported["winner"])
        state = self.replayed()
        return Sheet([(side.name, " & ".join(side.players)) for side in state.setup.sides], state.hands, state.winner)

    def setup(self) -> GameSetup:
        """The engine's setup of the game, as ``games.setup_for`` makes it from the stored game."""
        data = self.exported
        start = data["start_scores"]
        return GameSetup(
            Rules.from_dict(data["rules"]),
            tuple(Side(side["name"], tuple(side["players"])) for side in data["sides"]),
            data["first_dealer"],
            None if start is None else tuple(start),
        )

    def replayed(self) -> GameState:
        """The game's state after all its hands: what a replay of the stored game gives."""
        return replay(self.setup(), self.entries)


def game_logs(ids: Sequence[str], *, sheets: bool = False) -> Iterable[GameLog]:
    """The games of *ids* (those that exist), read LOAD_AT_ONCE at a time in four queries of plain rows each.

    No object per row: a hand as stored is read into the engine's entry once per distinct hand (the same bid and
    the same points come back hand after hand), so the cost is the rows', not an ORM object's per row. With
    *sheets*, each game comes with its sheet's lines as stored with its hands (``GameLog.stored``) and without
    its hands as exported; without, the other way round.
    """
    entries: dict[tuple[Any, ...], tuple[HandEntry, dict[str, Any]]] = {}
    numbers: dict[object, tuple[int, ...]] = {}
    for at in range(0, len(ids), LOAD_AT_ONCE):
        yield from _logs(ids[at : at + LOAD_AT_ONCE], entries, numbers if sheets else None)


def _frozen(value: object) -> object:
    return tuple(value) if isinstance(value, list) else value


def _thawed(value: object) -> object:
    return list(value) if isinstance(value, tuple) else value


# A hand's columns as stored, its lists (JSON) as their text where the driver gives it: a row is then its own key.
_LISTS = ("tricks", "points")
_HAND_COLUMNS = [type_coerce(_H.c[f], String) if f in _LISTS else _H.c[f] for f in HAND_FIELDS]
# What the engine made of each hand, stored with it (``games.hand_figures``), its lists as text alike.
_FIGURE_COLUMNS = [
    _H.c.dealer_seat,
    _H.c.made,
    *(type_coerce(_H.c[f], String) for f in ("scored_points", "changes", "running_scores")),
]
_OUTCOME = {None: None, True: Outcome.MADE, False: Outcome.SET}


def _numbers(value: object, read: dict[object, tuple[int, ...]]) -> tuple[int, ...] | None:
    """A stored list of whole numbers (JSON text, or the list PostgreSQL's driver read) as a tuple; *read* keeps
    each text read once (the same scores come back hand after hand)."""
    if value is None:
        return None
    if isinstance(value, list):
        return tuple(value)
    found = read.get(value)
    if found is None:
        found = read[value] = tuple(json.loads(cast(str, value)))
    return found


def _logs(
    ids: Sequence[str],
    entries: dict[tuple[Any, ...], tuple[HandEntry, dict[str, Any]]],
    numbers: dict[object, tuple[int, ...]] | None,
) -> Iterable[GameLog]:
    sides: dict[str, list[str]] = {}
    for game_id, name in db.session.execute(
        select(_S.c.game_id, _S.c.name).where(_S.c.game_id.in_(ids)).order_by(_S.c.game_id, _S.c.index)
    ):
        sides.setdefault(game_id, []).append(name)
    players: dict[str, list[tuple[int, str]]] = {}
    for game_id, side, name in db.session.execute(
        select(_P.c.game_id, _P.c.side_index, _P.c.name).where(_P.c.game_id.in_(ids)).order_by(_P.c.game_id, _P.c.seat)
    ):
        players.setdefault(game_id, []).append((side, name))
    hands: dict[str, list[dict[str, Any]]] = {}
    logged: dict[str, list[HandEntry]] = {}
    lines: dict[str, list[SheetHand] | None] = {}
    last = 2 + len(HAND_FIELDS)
    columns = [*_HAND_COLUMNS, *_FIGURE_COLUMNS] if numbers is not None else _HAND_COLUMNS
    for row in db.session.execute(
        select(_H.c.game_id, _H.c.n, *columns).where(_H.c.game_id.in_(ids)).order_by(_H.c.game_id, _H.c.n)
    ).all():
        game_id = row[0]
        key = tuple(row[2:last])
        try:
            read = entries.get(key)
        except TypeError:  # the lists came back read (PostgreSQL's driver reads JSON itself): a key of tuples
            key = tuple(_frozen(v) for v in key)
            read = entries.get(key)
        if read is None:
            entry = HandEntry.from_dict(
                {
                    f: json.loads(v) if f in _LISTS and isinstance(v, str) else _thawed(v)
                    for f, v in zip(HAND_FIELDS, key, strict=True)
                }
            )
            read = entries[key] = (entry, entry.to_dict())
        logged.setdefault(game_id, []).append(read[0])
        if numbers is None:
            hands.setdefault(game_id, []).append({"n": row[1], **read[1]})
            continue
        mine = lines.setdefault(game_id, [])
        if mine is not None:
            lines[game_id] = _sheet_hand(mine, row[1], read[0], row[last:], players.get(game_id, ()), numbers)
    for game_id, version, created, finished, rules, dealer, start, totals, winner in db.session.execute(
        select(
            _G.c.id,
            _G.c.version,
            _G.c.created_at,
            _G.c.finished_at,
            _G.c.rules,
            _G.c.first_dealer,
            _G.c.start_scores,
            _G.c.totals,
            _G.c.winner,
        ).where(_G.c.id.in_(ids))
    ):
        seated = players.get(game_id, [])
        exported = {
            "id": game_id,
            "started": _iso(created),
            "finished_at": _iso(finished),
            "rules": rules,
            "sides": [
                {"name": name, "players": [p for side, p in seated if side == i]}
                for i, name in enumerate(sides.get(game_id, []))
            ],
            "first_dealer": dealer,
            "start_scores": start,
            "scores": list(totals or ()),
            "winner": winner,
            "hands": hands.get(game_id, []),
        }
        stored = None if numbers is None or totals is None else lines.get(game_id, [])
        yield GameLog(game_id, version, created, exported, logged.get(game_id, []), stored)


def _sheet_hand(
    lines: list[SheetHand],
    n: int,
    entry: HandEntry,
    figures: Sequence[Any],
    seated: Sequence[tuple[int, str]],
    numbers: dict[object, tuple[int, ...]],
) -> list[SheetHand] | None:
    """*lines* with hand *n* added from its stored *figures*; None if it has none yet (the game is replayed)."""
    dealer_seat, made, points, deltas, scores = figures
    try:
        read = numbers.get
        scored = read(points) or _numbers(points, numbers)
        changes = read(deltas) or _numbers(deltas, numbers)
        running = read(scores) or _numbers(scores, numbers)
    except TypeError:  # the lists came back read (PostgreSQL's driver reads JSON itself)
        scored, changes, running = _numbers(points, {}), _numbers(deltas, {}), _numbers(scores, {})
    if dealer_seat is None or scored is None or changes is None or running is None or dealer_seat >= len(seated):
        return None
    label = bid_label(entry.bid)
    lines.append(
        SheetHand(
            n, seated[dealer_seat][1], entry.bidder, label, entry.bagged, _OUTCOME[made], scored, changes, running
        )
    )
    return lines


def export_table(table: Table) -> str:
    """The whole table as JSON text: roster, and every game with every hand, oldest first."""
    rows = sorted(history(table), key=lambda r: r.played)
    texts = game_texts(rows)
    head = json.dumps(
        {
            "format": EXPORT_FORMAT,
            "version": EXPORT_VERSION,
            "name": table.name,
            "players": [{"id": p.public_id, "name": p.name} for p in table.people],
        },
        ensure_ascii=False,
        separators=_COMPACT,
    )
    games = ",".join(
        texts[row.game_id][:-1]
        + ',"people":'
        + json.dumps([[f"p{n}" for n in numbers] for _name, numbers in row.sides], separators=_COMPACT)
        + "}"
        for row in rows
        if row.game_id in texts
    )
    return head[:-1] + ',"games":[' + games + "]}"


# What one import may hold: past these it is refused whole (the API's and the page's cap alike).
IMPORT_MAX_BYTES = 8 * 1024 * 1024
IMPORT_MAX_HANDS = 50_000
# The days a game of an export may be dated: none before this, none after tomorrow (a clock ahead by hours).
EARLIEST = datetime(1950, 1, 1, tzinfo=UTC)
AHEAD = timedelta(days=1)
_ISO = re.compile(
    r"[0-9]{4}-[0-9]{2}-[0-9]{2}[T ][0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]{1,6})?)?(Z|[+-][0-9]{2}:[0-9]{2})?"
)


def _moment(value: object, field: str, n: int) -> datetime | None:
    """A date of game *n* of an export, in UTC: ISO 8601 text between 1950 and tomorrow."""
    if value is None:
        return None

    def unreadable() -> TableError:
        return TableError(Said.GAME_DATE_UNREADABLE, field, details={"n": n})

    if not isinstance(value, str) or not _ISO.fullmatch(value):
        raise unreadable()
    try:
        read = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise unreadable() from None
    moment: datetime | None
    try:
        moment = (read if read.tzinfo else read.replace(tzinfo=UTC)).astimezone(UTC)
    except OverflowError:  # before year 1 or after 9999 once in UTC
        moment = None
    if moment is None or not EARLIEST <= moment <= utcnow() + AHEAD:
        raise TableError(Said.GAME_DATE_OUT, field, details={"n": n, "date": value, "first": EARLIEST.year})
    return moment


def _count(value: object) -> int:
    return len(value) if isinstance(value, list) else 0


def _check_caps(document: Mapping[str, Any]) -> None:
    """Refuse an export past the caps before reading any of it (422)."""
    games = document.get("games")
    if _count(games) > MAX_GAMES:
        raise TableError(Said.IMPORT_GAMES, "games", details={"n": MAX_GAMES})
    hands = sum(_count(g.get("hands")) for g in games if isinstance(g, dict)) if isinstance(games, list) else 0
    if hands > IMPORT_MAX_HANDS:
        raise TableError(Said.IMPORT_HANDS, "games", details={"n": IMPORT_MAX_HANDS})
    if _count(document.get("players")) > MAX_PEOPLE:
        raise TableError(Said.ROSTER_FULL, "players", details={"n": MAX_PEOPLE})


def import_table(document: object, key: str | None = None, body: bytes = b"") -> resends.Made[Table]:
    """A new table holding the games of an export, every one of them read and replayed before anything is written.

    A part that cannot be read, a date out of range, a hand out of order, a hand the rules
    refuse or scores its hands do not make refuses the whole import (TableError), and
    nothing is stored; otherwise the table, its roster and its games are written in one
    transaction, in a few statements. With an Idempotency-Key, a resend of *body* answers
    with the table the first send made.
    """
    made = resends.once("table", key, body, lambda: _import(document), load_table)
    if made.first:
        ratings.table_written(made.what.id)
    return made


def made_before(key: str | None, body: bytes) -> Table | None:
    """The table an earlier send of *body* with Idempotency-Key *key* made, if it still stands."""
    return resends.earlier("table", key, body, load_table)


def _import(document: object) -> tuple[Table, str]:
    if not isinstance(document, dict) or document.get("format") != EXPORT_FORMAT:
        raise TableError(Said.NOT_A_TABLE_EXPORT, "format", details={"f": EXPORT_FORMAT})
    games = document.get("games")
    players = document.get("players", [])
    version = document.get("version", EXPORT_VERSION)
    if not isinstance(version, int) or isinstance(version, bool) or version != EXPORT_VERSION:
        raise TableError(Said.EXPORT_VERSION, "version", details={"v": EXPORT_VERSION})
    _check_caps(document)
    if not isinstance(games, list):
        raise TableError(Said.GAMES_AS_LIST, "games")
    if not isinstance(players, list):
        raise TableError(Said.ROSTER_AS_LIST, "players")
    name = _clean_name(document.get("name"), "name", Said.TABLE_NAME_MISSING)
    roster: dict[int, str] = {}
    for item in players:
        if not isinstance(item, dict):
            raise TableError(Said.ROSTER_ENTRY, "players")
        found = PERSON_ID.fullmatch(item["id"]) if isinstance(item.get("id"), str) else None
        if not found or int(found.group(1)) in roster:
            raise TableError(Said.ROSTER_ENTRY, "players")
        roster[int(found.group(1))] = _clean_name(item.get("name"), "players", Said.PLAYER_NAME_MISSING)
    if len({n.casefold() for n in roster.values()}) != len(roster):
        raise TableError(Said.NAME_TWICE, "players")
    seen = Seen({}, {})
    read = [read_game(data, i, roster, seen) for i, data in enumerate(games)]
    by_name = {person_name.casefold(): n for n, person_name in roster.items()}
    seating = []
    for one in read:
        if one.people is not None:
            seating.append(one.people)
            continue
        sides = []
        for side in one.game.setup.sides:  # a game without roster ids: its players join the roster by name
            numbers = []
            for player in side.players:
                if player.casefold() not in by_name:
                    if len(roster) >= MAX_PEOPLE:
                        raise TableError(Said.ROSTER_FULL, "players", details={"n": MAX_PEOPLE})
                    roster[max(roster, default=0) + 1] = player
                    by_name[player.casefold()] = max(roster)
                numbers.append(by_name[player.casefold()])
            sides.append(numbers)
        seating.append(sides)
    table = Table(name=name, version=1)
    table.people = [TablePerson(number=n, name=person_name) for n, person_name in sorted(roster.items())]
    db.session.add(table)
    db.session.flush()
    ids = game_store.add_played([one.game for one in read])
    if ids:
        db.session.connection().execute(
            insert(cast(SaTable, TableGame.__table__)),
            [{"table_id": table.id, "game_id": g, "sides": s} for g, s in zip(ids, seating, strict=True)],
        )
    return table, table.id


@dataclass(frozen=True, slots=True)
class ReadGame:
    game: game_store.PlayedGame
    people: list[list[int]] | None


def _unreadable(i: int) -> TableError:
    return TableError(Said.GAME_UNREADABLE, f"games[{i}]", details={"n": i + 1})


@dataclass(frozen=True, slots=True)
class Seen:
    """What the games of one export repeat, read once: the names (as stored) and the rules (by their options)."""

    names: dict[str, str]
    rules: dict[str, Rules]

    def name(self, value: object, field: str, missing: Said) -> str:
        if isinstance(value, str) and value in self.names:
            return self.names[value]
        clean = _clean_name(value, field, missing)
        self.names[str(value)] = clean
        return clean

    def rules_of(self, given: object) -> Rules:
        key = json.dumps(given, sort_keys=True)
        if key not in self.rules:
            self.rules[key] = Rules.from_dict(given)  # type: ignore[arg-type]  # what it cannot read, it refuses
        return self.rules[key]


def read_game(data: object, i: int, roster: Mapping[int, str], seen: Seen) -> ReadGame:
    """Read one exported game and replay it (nothing is stored); TableError names the game."""
    field = f"games[{i}]"
    if not isinstance(data, dict):
        raise _unreadable(i)
    sides, hands, people = data.get("sides"), data.get("hands", []), data.get("people")
    if not isinstance(sides, list) or not isinstance(hands, list) or len(hands) > game_store.MAX_HANDS:
        raise _unreadable(i)
    for k, hand in enumerate(hands, start=1):
        if not isinstance(hand, dict):
            raise _unreadable(i)
        n = hand.get("n", k)
        if not isinstance(n, int) or isinstance(n, bool) or n != k:
            raise TableError(Said.GAME_HANDS_ORDER, f"{field}.hands[{k - 1}].n", details={"n": i + 1, "k": k})
    try:
        setup_sides = tuple(
            Side(
                seen.name(s.get("name"), field, Said.SIDE_NAME_MISSING),
                tuple(seen.name(p, field, Said.PLAYER_NAME_MISSING) for p in s["players"]),
            )
            for s in sides
            if isinstance(s, dict) and isinstance(s.get("players"), list)
        )
        if len(setup_sides) != len(sides):
            raise _unreadable(i)
        rules = seen.rules_of(data.get("rules"))
        start = data.get("start_scores")
        first_dealer = data.get("first_dealer", 0)
        setup = GameSetup(rules, setup_sides, first_dealer, tuple(start) if isinstance(start, list) else start)
        entries = tuple(HandEntry.from_dict({k: v for k, v in h.items() if k != "n"}) for h in hands)
        state = replay(setup, entries)
    except TableError:
        raise
    except (ValueError, TypeError, KeyError) as err:
        raise TableError(Said.GAME_REFUSED, field, details={"n": i + 1, "why": err}) from None
    _agrees(data, state, i + 1, field)
    seated = None
    if isinstance(people, list) and len(people) == len(setup_sides):
        numbers = []
        for k, side in enumerate(people):
            found = (
                [PERSON_ID.fullmatch(p) if isinstance(p, str) else None for p in side] if isinstance(side, list) else []
            )
            if len(found) != len(setup_sides[k].players) or not all(f and int(f.group(1)) in roster for f in found):
                raise TableError(Said.GAME_STRANGERS, field, details={"n": i + 1})
            numbers.append([int(f.group(1)) for f in found if f])
        seated = numbers
    started = _moment(data.get("started"), f"{field}.started", i + 1)
    finished = _moment(data.get("finished_at"), f"{field}.finished_at", i + 1)
    if started is not None and finished is not None and finished < started:
        raise TableError(Said.GAME_ENDS_FIRST, f"{field}.finished_at", details={"n": i + 1})
    return ReadGame(game_store.PlayedGame(setup, entries, state, started, finished), seated)


def _agrees(data: Mapping[str, Any], state: GameState, n: int, field: str) -> None:
    """Refuse a game whose written scores or winner are not what its hands make (when it gives them)."""
    if "scores" in data and data["scores"] != list(state.scores):
        made, written = " – ".join(str(s) for s in state.scores), str(data["scores"])[:40]
        raise TableError(Said.GAME_SCORES, f"{field}.scores", details={"n": n, "made": made, "written": written})
    if "winner" in data and (data["winner"] != state.winner or isinstance(data["winner"], bool)):
        raise TableError(Said.GAME_WINNER, f"{field}.winner", details={"n": n})
