"""Storing card parties: the log as entered, and the evening replayed from it.

Pages and the JSON API both go through here. A write reads the log, replays it,
lets the party engine check the new entries, then appends them and moves the
party's version on in one transaction; two phones sending the same result at
once leave one entry and the other is told it is already in. Reads ask for the
version first and reuse the evening replayed at that version when this process
has it (a cache rebuilt from the log, never edited).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date
from typing import Any

from sqlalchemy import exists, select

from scorekeeper.party import (
    MAX_COUPLES,
    AddCouple,
    CookieDraw,
    Couple,
    Entry,
    GameKind,
    PartyError,
    PartySetup,
    PartyState,
    Problem,
    Start,
    draw_cookie_jar,
    entry_from_row,
    entry_row,
    replay,
)
from scorekeeper.platform.extensions import db
from scorekeeper.platform.security import token_matches
from scorekeeper.rules import shown_part
from scorekeeper.store import log, ratings
from scorekeeper.store.log import VersionCache
from scorekeeper.store.models import Access, Party, PartyEntry
from scorekeeper.store.outcomes import Outcome, Recording

CACHE_SIZE = 64
LINK_TOKEN_LENGTH = 16
# Party ids are made by secrets.token_urlsafe; anything else cannot be one.
PARTY_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")


class PartyConflict(PartyError):
    """Another phone changed the party first, or the same thing was already entered."""

    def __init__(self, problem: Problem = Problem.CHANGED_ELSEWHERE, field: str | None = None) -> None:
        super().__init__(problem, field, conflict=True)


def setup_of(party: Party | PartyRow) -> PartySetup:
    """The party engine's settings from the stored ones."""
    s = party.settings
    return PartySetup(
        name=shown_part(party.name, len(party.name)),
        games=s["games"],
        kind=GameKind(s.get("kind", GameKind.ONE_HAND)),
        play_to=s.get("play_to"),
        prizes=s.get("prizes", 3),
        cookie_jar=s.get("cookie_jar", 0),
        booby=bool(s.get("booby", False)),
    )


def settings_of(setup: PartySetup) -> dict[str, Any]:
    return {
        "games": setup.games,
        "kind": str(setup.kind),
        "play_to": setup.play_to,
        "prizes": setup.prizes,
        "cookie_jar": setup.cookie_jar,
        "booby": setup.booby,
    }


# -- Links -------------------------------------------------------------------------------


def link_token(secret: str, what: str) -> str:
    """The secret of one of a party's links (``table:3``), derived from the party's hall secret."""
    digest = hmac.new(secret.encode(), what.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode()[:LINK_TOKEN_LENGTH]


def table_token(party: Party | PartyRow, table: int) -> str:
    """The secret in one table's link: it reports that table's results and no other."""
    return link_token(party.hall_token, f"table:{table}")


# -- Reading -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PartyRow:
    """The party's own row, read in one small query (no log)."""

    id: str
    edit_token: str
    hall_token: str
    name: str
    held_on: date | None
    settings: dict[str, Any]
    version: int


_ROW_COLUMNS = (
    Party.id,
    Party.edit_token,
    Party.hall_token,
    Party.name,
    Party.held_on,
    Party.settings,
    Party.version,
)


def party_row(party_id: str) -> PartyRow | None:
    """Return the party's row (without its log), or None."""
    if not isinstance(party_id, str) or len(party_id) > 32:
        return None
    found = db.session.execute(select(*_ROW_COLUMNS).where(Party.id == party_id)).first()
    return None if found is None else PartyRow(*found)


def version_of(party_id: str) -> int | None:
    if not isinstance(party_id, str) or len(party_id) > 32:
        return None
    return db.session.scalar(select(Party.version).where(Party.id == party_id))


def _cache() -> VersionCache[PartyState]:
    """The evenings replayed in this process, by party and version, weighed by the length of their logs.

    Weighed, not counted: reading many small evenings cannot push out a large one
    being played, and one evening larger than the whole budget is not kept at all.
    """
    return log.cache("party_states", weight=lambda state: len(state.entries) + 1)


def _replay_rows(row: PartyRow) -> PartyState:
    """The evening at the row's version: the last one replayed here, brought up to date, or the whole log."""
    base = _cache().latest(row.id)
    if base is not None and base[0] <= row.version:
        state = base[1]
    else:
        state = replay(setup_of(row), ())
    rows = db.session.execute(
        select(PartyEntry.kind, PartyEntry.data)
        .where(PartyEntry.party_id == row.id, PartyEntry.n > len(state.entries))
        .order_by(PartyEntry.n)
    ).all()
    return state.extend(entry_from_row(kind, data) for kind, data in rows) if rows else state


def load(party_id: str) -> tuple[PartyRow, PartyState] | None:
    """Return the party's row and the evening replayed from its log (or None if there is no such party).

    The state returned is shared: read it, never apply entries to it.
    """
    row = party_row(party_id)
    if row is None:
        return None
    cache = _cache()
    state = cache.get(row.id, row.version)
    if state is None:
        state = _replay_rows(row)
        cache.put(row.id, row.version, state)
    return row, state


def state_of(row: PartyRow) -> PartyState:
    """The evening at the version of *row*, already read (a club reads its evenings' rows in one query).

    The state returned is shared: read it, never apply entries to it.
    """
    cache = _cache()
    state = cache.get(row.id, row.version)
    if state is None:
        state = _replay_rows(row)
        cache.put(row.id, row.version, state)
    return state


# -- Writing -----------------------------------------------------------------------------


def create(setup: PartySetup, couples: Iterable[Couple], *, held_on: date | None = None, start: bool = False) -> Party:
    """Store a new party with its couples (and, when *start*, seat game 1 and draw the cookie jar)."""
    entries: list[Entry] = [AddCouple(c) for c in couples]
    state = replay(setup, entries)
    if start:
        entries += _starting(state)
        state = state.extend(entries[len(state.entries) :])
    party = Party(name=setup.name, held_on=held_on, settings=settings_of(setup))
    db.session.add(party)
    db.session.flush()
    for n, entry in enumerate(entries, start=1):
        kind, data = entry_row(entry)
        db.session.add(PartyEntry(party_id=party.id, n=n, kind=kind, data=data, source="director"))
    db.session.commit()
    return party


def _starting(state: PartyState) -> list[Entry]:
    entries: list[Entry] = [Start()]
    if state.setup.cookie_jar:
        seed = secrets.randbits(64)
        entries.append(CookieDraw(draw_cookie_jar(state.setup.cookie_jar, state.setup.games, seed)))
    return entries


def start_entries(state: PartyState) -> list[Entry]:
    """The entries that start the evening: seat game 1, draw the cookie jar."""
    return _starting(state)


def party_of_sheet(game_id: str) -> str | None:
    """The party whose table keeps the game *game_id* as its score sheet, or None."""
    return db.session.scalar(
        select(PartyEntry.party_id)
        .where(PartyEntry.kind == "sheet", PartyEntry.data["sheet"].as_string() == game_id)
        .limit(1)
    )


def sheet_won(game_id: str, winner: int) -> str | None:
    """Append the result of a table's kept score sheet that was just won, in the caller's transaction.

    Called by the games service with the winning hand, so the table's result is
    in the party's log the moment its sheet is won. A game that is no party's
    sheet, or whose result is in already (the table's phone reported it, or the
    evening moved on), adds nothing. The party's row is locked for the rest of
    the transaction, so no other phone appends between the read and the write. Answers the party whose
    result went in, if any.
    """
    party_id = party_of_sheet(game_id)
    if party_id is None:
        return None
    row = db.session.execute(select(*_ROW_COLUMNS).where(Party.id == party_id).with_for_update()).first()
    if row is None:
        return None
    party = PartyRow(*row)
    state = _replay_rows(party)
    sheet = next(
        ((g, t, sides) for (g, t), (sheet_id, sides) in state.sheets.items() if sheet_id == game_id),
        None,
    )
    if sheet is None or not 0 <= winner < 2:
        return None
    game, table, sides = sheet
    try:
        entry = state.result_entry(game, table, sides[winner])
        state = state.apply(entry)
    except PartyError:
        return None
    # The row is locked (and on SQLite the games service's write holds the database): this cannot miss.
    log.advance(Party, party.id, party.version)
    kind, data = entry_row(entry)
    db.session.add(PartyEntry(party_id=party.id, n=len(state.entries), kind=kind, data=data, source=f"sheet {table}"))
    return party.id


def write(
    party_id: str,
    make: Callable[[PartyState], list[Entry]],
    *,
    source: str = "director",
    expected_version: int | None = None,
) -> PartyState:
    """Append the entries *make* builds from the current evening, checked by the engine, in one transaction.

    Raises PartyError (nothing saved) when the engine refuses, PartyConflict when
    *expected_version* is stale, LookupError when there is no such party.
    """
    if not isinstance(party_id, str) or not PARTY_ID.fullmatch(party_id):
        raise LookupError(party_id)
    # The version moves on first, in one statement: that takes the party's write lock, so of
    # many phones reporting at once each appends in turn, on the evening as the last one left it.
    if not log.advance(Party, party_id, expected_version):
        db.session.rollback()
        if expected_version is not None and version_of(party_id) is not None:
            raise PartyConflict()
        raise LookupError(party_id)
    row = party_row(party_id)
    if row is None:  # removed between the two statements
        db.session.rollback()
        raise LookupError(party_id)
    try:
        state = _replay_rows(row)
        entries = make(state)
        state = state.extend(entries)
    except PartyError:
        db.session.rollback()
        raise
    count = len(state.entries) - len(entries)
    for n, entry in enumerate(entries, start=count + 1):
        kind, data = entry_row(entry)
        db.session.add(PartyEntry(party_id=row.id, n=n, kind=kind, data=data, source=source[:24]))
    db.session.commit()
    _cache().put(row.id, row.version, state)
    ratings.evening_written(row.id, load)
    return state


@dataclass(frozen=True, slots=True)
class Reported:
    """A table's result as a phone reports it: *winner* (a couple, from 0) won *table*; ``correct`` replaces one in."""

    table: int
    winner: int
    correct: bool = False


def record(
    party_id: str, token: object, entry: Reported, n: int, *, seen: int | None = None, source: str | None = None
) -> Recording[PartyState]:
    """Record a table's result in game *n* of the evening, for any channel (the table's page, the API).

    The door checks the key: *token* must be the director's edit token or that table's own link token, else
    nothing is written. Nothing is raised for what a table can cause: the engine's refusal, the same result
    already in (a double tap), or another result already in comes back as the outcome, with the evening as it
    now stands. *seen* is the evening's version the phone read, when it must not have moved on since.
    """
    row = party_row(party_id)
    if row is None:
        return Recording(Outcome.NOT_FOUND, n, None, "id", access=Access.NONE)
    table = entry.table if isinstance(entry.table, int) and 1 <= entry.table <= MAX_COUPLES else 0
    if not (token_matches(token, row.edit_token) or (table and token_matches(token, table_token(row, table)))):
        return Recording(Outcome.NOT_ALLOWED, n, None, "token", access=Access.NONE)
    try:
        state = write(
            row.id,
            lambda s: [s.result_entry(n, entry.table, entry.winner, entry.correct)],
            source=source or f"table {entry.table}",
            expected_version=seen,
        )
    except LookupError:
        return Recording(Outcome.NOT_FOUND, n, None, "id", access=Access.NONE)
    except PartyError as err:
        found = load(row.id)
        now = found[1] if found is not None else None
        if err.conflict and now is not None and now.winner(n, entry.table) == entry.winner and not entry.correct:
            return Recording(Outcome.DUPLICATE, n, now, err.field, err)
        outcome = Outcome.CONFLICT if err.conflict else Outcome.REFUSED
        return Recording(outcome, n, now, err.field, err)
    return Recording(Outcome.RECORDED, n, state)


# -- Housekeeping ------------------------------------------------------------------------


def prune_parties(days: int, *, dry_run: bool = False) -> int:
    """Remove card parties that never got a result and were untouched for *days* days; return how many.

    An evening with even one result is never removed, however old.
    """
    cutoff = log.untouched_since(days)
    no_result = ~exists(select(PartyEntry.id).where(PartyEntry.party_id == Party.id, PartyEntry.kind == "result"))
    unplayed_and_old = (Party.updated_at < cutoff) & no_result
    return log.prune(Party, unplayed_and_old, ((PartyEntry, PartyEntry.party_id),), dry_run=dry_run)
