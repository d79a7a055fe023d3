"""Ratings of a table's people and of a club's members: stored when the results that make them are written.

A table's run of ratings is its finished games, one step each; a club's, per season, its evenings, one step
each (every game of every table of the evening a match between two couples, the members in their chairs at
that game). Each person's skill after each step that rated them is stored (``RatingPoint``) with the keys of
the steps rated (``RatingRun``). Whatever changes a result (a hand that ends a game, an undo or edit, a game
added to a table or deleted, a merge, an import, an evening's result or chair) calls ``table_written`` or
``evening_written`` once it is committed, and the run is rated again from the first step whose key changed:
the steps before it are read back as stored, not rated again.

A read compares the run's stamp with the games as they stand (for a table, its finished games as listed;
for a club, its evenings' versions, chairs and merges). When they agree it reads the stored points; when
they do not (results stored before the ratings were, or a write whose rating failed), it works the ratings
out from the games, keeping the book in memory but writing nothing: a read never writes.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Sequence
from typing import Any, cast

from sqlalchemy import Table as SaTable
from sqlalchemy import delete, insert, select, update
from sqlalchemy.exc import DBAPIError, IntegrityError

from scorekeeper.party import PartyState
from scorekeeper.party.ladder import Chair
from scorekeeper.platform.extensions import db
from scorekeeper.stats.ratings import (
    Match,
    RatingBook,
    Skill,
    model,
    ranks_by_score,
    rate,
    rate_one,
    shown,
    skill_of,
)
from scorekeeper.store import log
from scorekeeper.store.models import (
    Club,
    ClubChair,
    ClubEvening,
    ClubMember,
    Game,
    Party,
    RatingPoint,
    RatingRun,
    Table,
    TableGame,
)

# Rows written at once when a long run is stored.
POINTS_AT_ONCE = 2000

# An evening as the club's ratings read it: the party's row and its replayed state (the store's ``load``).
Load = Callable[[str], tuple[Any, PartyState] | None]

_G, _L = cast(SaTable, Game.__table__), cast(SaTable, TableGame.__table__)
_RUNS, _POINTS = cast(SaTable, RatingRun.__table__), cast(SaTable, RatingPoint.__table__)
_KEYS = _RUNS.c["keys"]


def _books() -> log.VersionCache[tuple[str, RatingBook]]:
    return log.cache("rating_books")


def _evening_matches() -> log.VersionCache[tuple[str, list[Match]]]:
    return log.cache("rating_evening_matches")


def _digest(parts: Iterable[object]) -> str:
    found = hashlib.sha1(usedforsecurity=False)
    for part in parts:
        found.update(repr(part).encode())
        found.update(b"\n")
    return found.hexdigest()


# -- A table ------------------------------------------------------------------------------------------


def table_scope(table_id: str) -> str:
    return f"table:{table_id}"


def _table_match(game_id: str, sides: Sequence[Sequence[int]], scores: Sequence[int], winner: int) -> Match:
    teams = tuple(tuple(f"p{n}" for n in numbers) for numbers in sides)
    ranks = ranks_by_score(scores, winner)
    # A game's key is what the rating reads of it: a new hand in a game not yet won changes nothing.
    return Match(_digest((game_id, teams, ranks))[:20], teams, ranks)


def table_matches(table_id: str) -> list[Match]:
    """The table's finished games, oldest first, as matches between its sides (people by their ids): one query."""
    rows = db.session.execute(
        select(_G.c.id, _G.c.totals, _G.c.winner, _L.c.sides)
        .join(_L, _L.c.game_id == _G.c.id)
        .where(_L.c.table_id == table_id, _G.c.winner.is_not(None))
        # As the history lists them, read backwards: oldest first, and of two started at once the later id first.
        .order_by(_G.c.created_at, _G.c.id.desc())
    ).all()
    return [
        _table_match(game_id, sides, totals, winner)
        for game_id, totals, winner, sides in rows
        if totals is not None and len(totals) == len(sides)
    ]


def table_ratings(table: Table, *, trail: bool = False) -> RatingBook:
    """The ratings of a table's people from all its finished games: as stored, or worked out when they are behind.

    With *trail*, each person's rating after each of their games too (the "rating over the season" line).
    """
    matches = table_matches(table.id)
    stamp = _digest(m.key for m in matches)
    return _read(table_scope(table.id), stamp, lambda: stamp, lambda: [(str(m.key), [m]) for m in matches], trail)


def stored_table(table_id: str) -> RatingBook | None:
    """The table's ratings as stored, if they are those of its games as they now stand (else None)."""
    return _stored_if(table_scope(table_id), _digest(m.key for m in table_matches(table_id)), trail=True)


def table_written(table_id: str) -> None:
    """Store the table's ratings as its games now stand, rated again from the first game that changed."""
    _write(table_scope(table_id), lambda: _table_steps(table_id))


def _table_steps(table_id: str) -> tuple[str, str, Steps]:
    matches = table_matches(table_id)
    stamp = _digest(m.key for m in matches)
    return stamp, stamp, [(str(m.key), [m]) for m in matches]


def game_written(game_id: str) -> None:
    """Store the ratings of every table holding the game, after a change of its result."""
    for table_id in db.session.scalars(select(_L.c.table_id).where(_L.c.game_id == game_id)).all():
        table_written(table_id)


def tables_of(game_id: str) -> list[str]:
    """The tables holding a game (read before the game is deleted, to rate them again after)."""
    return list(db.session.scalars(select(_L.c.table_id).where(_L.c.game_id == game_id)).all())


def forget(scope: str) -> None:
    """Drop a run whose table is gone, in the caller's transaction."""
    db.session.execute(delete(_POINTS).where(_POINTS.c.scope == scope))
    db.session.execute(delete(_RUNS).where(_RUNS.c.scope == scope))


# -- A club's season ----------------------------------------------------------------------------------


def club_scope(club_id: str, season: str) -> str:
    return f"club:{club_id}:{season}"


def _season_rows(club_id: str, season: str) -> tuple[list[tuple[str, int]], dict[str, list[Chair]], dict[int, int]]:
    """The season's evenings (id, version) in the order they were held, their chairs, and the club's merges."""
    evenings = _evenings_of(club_id, season)
    chairs: dict[str, list[Chair]] = {}
    for party_id, couple, slot, number, from_game in db.session.execute(
        select(ClubChair.party_id, ClubChair.couple, ClubChair.slot, ClubChair.number, ClubChair.from_game)
        .join(ClubEvening, ClubEvening.party_id == ClubChair.party_id)
        .where(ClubEvening.club_id == club_id, ClubEvening.season == season)
    ):
        chairs.setdefault(party_id, []).append(Chair(couple, slot, number, from_game))
    for sitting in chairs.values():
        sitting.sort(key=lambda c: (c.couple, c.slot, c.from_game, c.member))
    merged = {
        number: into
        for number, into in db.session.execute(
            select(ClubMember.number, ClubMember.merged_into).where(
                ClubMember.club_id == club_id, ClubMember.merged_into.is_not(None)
            )
        )
    }
    return evenings, chairs, merged


def _seated(sitting: Sequence[Chair]) -> list[tuple[int, int, int, int]]:
    return [(c.couple, c.slot, c.member, c.from_game) for c in sitting]


def _season_stamp(evenings: Sequence[tuple[str, int]], chairs: dict[str, list[Chair]], merged: dict[int, int]) -> str:
    return _digest((evenings, [_seated(chairs.get(party_id, [])) for party_id, _v in evenings], sorted(merged.items())))


def _season_quick(club_version: int | None, evenings: Sequence[tuple[str, int]]) -> str:
    """The season told by versions alone: the club's moves with every chair and merge, an evening's with its log."""
    return _digest((club_version, evenings))


def _evenings_of(club_id: str, season: str) -> list[tuple[str, int]]:
    return [
        (party_id, version)
        for party_id, version in db.session.execute(
            select(Party.id, Party.version)
            .join(ClubEvening, ClubEvening.party_id == Party.id)
            .where(ClubEvening.club_id == club_id, ClubEvening.season == season)
            .order_by(Party.held_on.is_(None), Party.held_on, ClubEvening.created_at)
        )
    ]


def _club_steps(club_id: str, season: str, load: Load) -> tuple[str, str, Steps]:
    # The club's version first: a chair or merge written after it is then seen by the rows read below.
    club_version = db.session.scalar(select(Club.version).where(Club.id == club_id))
    evenings, chairs, merged = _season_rows(club_id, season)

    def who(number: int) -> str:
        seen = set()
        while number in merged and number not in seen:
            seen.add(number)
            number = merged[number]
        return str(number)

    merges = _digest(sorted(merged.items()))
    kept = _evening_matches()
    steps = []
    for party_id, version in evenings:
        sitting = chairs.get(party_id, [])
        at = (party_id, _digest((_seated(sitting), merges)))
        mine = kept.get(at, version)
        if mine is None:
            found = load(party_id)
            if found is None:
                continue
            by_chair: dict[tuple[int, int], list[Chair]] = {}
            for chair in sorted(sitting, key=lambda c: c.from_game):
                by_chair.setdefault((chair.couple, chair.slot), []).append(chair)
            matches = _matches_of_evening(party_id, found[1], by_chair, who)
            mine = (_digest((party_id, [(m.teams, m.ranks) for m in matches]))[:20], matches)
            kept.put(at, version, mine)
        steps.append(mine)
    return _season_stamp(evenings, chairs, merged), _season_quick(club_version, evenings), steps


def _holder(chairs: dict[tuple[int, int], list[Chair]], couple: int, slot: int, game: int) -> int | None:
    """The member in a chair during *game*: the last one seated there from that game or earlier."""
    held = None
    for chair in chairs.get((couple, slot), ()):  # by from_game, earliest first
        if chair.from_game > game:
            break
        held = chair.member
    return held


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


def club_matches(club: Club, season: str, load: Load) -> list[Match]:
    """Every game of the season's evenings, table by table, as a match between the members of two couples."""
    return [match for _key, matches in _club_steps(club.id, season, load)[2] for match in matches]


def club_ratings(club: Club, season: str, load: Load) -> RatingBook:
    """The ratings of a club's members from every game of the season's evenings: as stored, or worked out."""
    return _read(
        club_scope(club.id, season),
        _season_quick(club.version, _evenings_of(club.id, season)),
        lambda: _season_stamp(*_season_rows(club.id, season)),
        lambda: _club_steps(club.id, season, load)[2],
    )


def stored_season(club_id: str, season: str) -> RatingBook | None:
    """The club season's ratings as stored, if they are those of its evenings as they now stand (else None)."""
    return _stored_if(club_scope(club_id, season), _season_stamp(*_season_rows(club_id, season)), trail=True)


def evening_written(party_id: str, load: Load) -> None:
    """Store the ratings of the club season an evening belongs to (none for a card party of no club)."""
    found = db.session.execute(
        select(ClubEvening.club_id, ClubEvening.season).where(ClubEvening.party_id == party_id)
    ).first()
    if found is not None:
        season_written(found[0], found[1], load)


def season_written(club_id: str, season: str, load: Load) -> None:
    """Store a club season's ratings as its evenings now stand, rated again from the first evening that changed."""
    _write(club_scope(club_id, season), lambda: _club_steps(club_id, season, load))


def club_written(club_id: str, load: Load) -> None:
    """Store the ratings of every season of a club (after a merge, which reaches all of them)."""
    for season in db.session.scalars(
        select(ClubEvening.season).where(ClubEvening.club_id == club_id).group_by(ClubEvening.season)
    ).all():
        season_written(club_id, season, load)


def store_all(load: Load) -> tuple[int, int]:
    """Store the ratings of every table and club season not stored as it stands; how many of each were written.

    For results stored before the ratings were: run once after the upgrade, so that no table's or evening's
    next result has to rate its whole history first.
    """
    tables = 0
    for table_id in db.session.scalars(select(Table.id)).all():
        if stored_table(table_id) is None:
            table_written(table_id)
            tables += 1
    seasons = 0
    for club_id, season in db.session.execute(
        select(ClubEvening.club_id, ClubEvening.season).group_by(ClubEvening.club_id, ClubEvening.season)
    ).all():
        if stored_season(club_id, season) is None:
            season_written(club_id, season, load)
            seasons += 1
    db.session.rollback()
    return tables, seasons


# -- Reading and writing a run ------------------------------------------------------------------------


Steps = list[tuple[str, list[Match]]]


def _stored_if(scope: str, stamp: str, *, trail: bool = False) -> RatingBook | None:
    run = db.session.execute(select(_RUNS.c.stamp, _RUNS.c.skills).where(_RUNS.c.scope == scope)).first()
    return _stored(scope, run[1], trail) if run is not None and run[0] == stamp else None


def _read(
    scope: str, quick: str, stamp: Callable[[], str], steps: Callable[[], Steps], trail: bool = False
) -> RatingBook:
    run = db.session.execute(select(_RUNS.c.quick, _RUNS.c.stamp, _RUNS.c.skills).where(_RUNS.c.scope == scope)).first()
    # Told by versions first; when they moved on without the games changing (a member added), by the games.
    if run is not None and (run[0] == quick or run[1] == stamp()):
        return _stored(scope, run[2], trail)
    # Behind (or never stored): worked out here and kept in this process, never written by a read.
    books = _books()
    latest = books.latest(scope)
    if latest is not None and latest[1][0] == quick:
        return latest[1][1]
    book = rate([match for _key, matches in steps() for match in matches], latest[1][1] if latest else None)
    books.put(scope, 0, (quick, book))
    return book


def _stored(scope: str, final: dict[str, list[float]], trail: bool) -> RatingBook:
    skills = {person: Skill(mu, sigma, int(games), None) for person, (mu, sigma, games) in final.items()}
    points: dict[str, list[tuple[int, int]]] = {}
    if trail:
        for step, person, mu, sigma in db.session.execute(
            select(_POINTS.c.step, _POINTS.c.person, _POINTS.c.mu, _POINTS.c.sigma)
            .where(_POINTS.c.scope == scope)
            .order_by(_POINTS.c.step)
        ):
            points.setdefault(person, []).append((step, shown(mu, sigma)))
    return RatingBook([], skills, [], points, 0)


def _steps_kept() -> log.VersionCache[tuple[str, RatingBook]]:
    return log.cache("rating_steps")


def _first_step(scope: str, base: str, skills: dict[str, Skill], matches: Sequence[Match]) -> dict[str, Skill]:
    """Each person the step's games rated, with their skill after it; *base* names the skills it starts from."""
    kept = _steps_kept()
    latest = kept.latest(scope)
    start = latest[1][1] if latest is not None and latest[1][0] == base else RatingBook([], dict(skills))
    book = rate(matches, start)
    kept.put(scope, 0, (base, book))
    return {person: book.skills[person] for changed in book.undo for person in changed}


def _lock_run(scope: str) -> tuple[str, str, list[str], dict[str, list[float]]]:
    """The run as stored, its row locked for this transaction (made empty first if there is none)."""
    connection = db.session.connection()
    hold = update(_RUNS).where(_RUNS.c.scope == scope).values(scope=_RUNS.c.scope)
    if connection.execute(hold).rowcount == 0:
        try:
            with db.session.begin_nested():
                db.session.connection().execute(
                    insert(_RUNS).values(scope=scope, stamp="", quick="", keys=[], skills={})
                )
        except IntegrityError:  # another writer made it first: wait for its lock
            connection.execute(hold)
    found = connection.execute(
        select(_RUNS.c.stamp, _RUNS.c.quick, _KEYS, _RUNS.c.skills).where(_RUNS.c.scope == scope)
    ).one()
    return found[0], found[1], list(found[2]), dict(found[3])


def _write(scope: str, work: Callable[[], tuple[str, str, Steps]]) -> None:
    """Rate the run again from its first changed step and store it, in a transaction of its own.

    Called once the result itself is committed: if this fails (two writers of one table at once on a database
    that refuses the second), the result stands and the next read works the ratings out from the games.
    """
    try:
        _commit_keeping()  # the reads before (which tables hold the game) end here: the write starts afresh
        _rewrite(scope, work)
        _commit_keeping()
    except (IntegrityError, DBAPIError):
        db.session.rollback()


def _commit_keeping() -> None:
    """Commit, keeping what the request holds in hand: the answer shows what its own change left."""
    session = db.session()
    session.expire_on_commit = False
    try:
        session.commit()
    finally:
        session.expire_on_commit = True


def _rewrite(scope: str, work: Callable[[], tuple[str, str, Steps]]) -> None:
    stamp, quick, kept_keys, final = _lock_run(scope)
    new_stamp, new_quick, steps = work()
    connection = db.session.connection()
    if new_stamp == stamp:
        if new_quick != quick:  # the versions moved on, the games did not: nothing to rate again
            connection.execute(update(_RUNS).where(_RUNS.c.scope == scope).values(quick=new_quick))
        return
    start = 0
    for kept, (key, _matches) in zip(kept_keys, steps):
        if kept != key:
            break
        start += 1
    rater = model()
    before: dict[str, tuple[float, float, int]] = {}
    if start == len(kept_keys):  # steps added after those stored: they start from everyone's last skill
        before = {person: (mu, sigma, int(games)) for person, (mu, sigma, games) in final.items()}
    elif start:
        for person, mu, sigma, games in connection.execute(
            select(_POINTS.c.person, _POINTS.c.mu, _POINTS.c.sigma, _POINTS.c.games)
            .where(_POINTS.c.scope == scope, _POINTS.c.step < start)
            .order_by(_POINTS.c.step)
        ):
            before[person] = (mu, sigma, games)
    connection.execute(delete(_POINTS).where(_POINTS.c.scope == scope, _POINTS.c.step >= start))
    skills = {p: skill_of(mu, sigma, games, rater) for p, (mu, sigma, games) in before.items()}
    rows: list[dict[str, Any]] = []
    for at in range(start, len(steps)):
        if at == start:
            # The first step changed is most often the evening being played, one result more than last time:
            # its games are rated again only from the first that changed, from the book kept for it.
            changed = _first_step(scope, _digest(kept_keys[:start]), skills, steps[at][1])
            skills.update(changed)
        else:
            changed = {}
            for match in steps[at][1]:
                now = rate_one(rater, skills, match)
                skills.update(now)
                changed.update(now)
        rows.extend(
            {"scope": scope, "step": at, "person": p, "mu": s.mu, "sigma": s.sigma, "games": s.games}
            for p, s in changed.items()
        )
    for begin in range(0, len(rows), POINTS_AT_ONCE):
        connection.execute(insert(_POINTS), rows[begin : begin + POINTS_AT_ONCE])
    connection.execute(
        update(_RUNS)
        .where(_RUNS.c.scope == scope)
        .values(
            stamp=new_stamp,
            quick=new_quick,
            keys=[key for key, _m in steps],
            skills={p: [s.mu, s.sigma, s.games] for p, s in skills.items()},
        )
    )
