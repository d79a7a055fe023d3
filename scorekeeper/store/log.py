"""The event log both games and card parties keep: append with a version check, and what is worked out from it cached per version.

A game's log is its hands, a party's its entries; each row (``Game``, ``Party``)
carries a ``version`` that every change moves on by one, in the same
transaction as the change (``advance``). What is derived from a log (a game's
state, a party's evening, a rendered sheet) is kept per process by
``VersionCache`` (``platform/shelf``, where every cache is listed): keyed by what it belongs to and valid only for the version it
was worked out from, so a change anywhere makes the old copy unreachable, and
bounded by size, so a few large evenings or sheets cannot push everything else
out, nor many small ones a large one.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from flask import current_app
from sqlalchemy import ColumnElement, Connection, Table, bindparam, delete, exists, select, update

from scorekeeper.platform import shelf
from scorekeeper.platform.extensions import db, rows_changed
from scorekeeper.platform.shelf import VersionCache as VersionCache  # where the store's modules find it
from scorekeeper.store.heard import ANNOUNCED_AS, HEARD, Heard
from scorekeeper.store.models import utcnow
from scorekeeper.store.prepared import Prepared


def advance(
    model: Any,
    key: str,
    version: int | None,
    *,
    connection: Connection | None = None,
    now: datetime | None = None,
    **values: Any,
) -> bool:
    """Move the row *key* of *model* to its next version (and set *values*) in one statement.

    With *version*, only if the row is still at it: of two writers that read the
    same version, one moves the row and the other learns it was too late. Without
    it, the row moves on from wherever it is. Either way the statement takes the
    row's write lock until the transaction ends, so whatever the caller appends
    after it is appended by one writer at a time. Returns whether the row moved. *connection* is the session's
    (when the caller has it already), *now* the moment of the change (when the caller writes it elsewhere too).
    """
    statement = _advance_statement(model.__table__, version is not None, tuple(values))
    parameters = {
        "_key": key,
        "_version": version,
        "_now": now or utcnow(),
        **{"_" + name: v for name, v in values.items()},
    }
    heard: Heard | None = current_app.extensions.get(HEARD)
    kind = ANNOUNCED_AS.get(model.__tablename__)
    if heard is not None and kind is not None:  # this process's polls ask again at once; the others once announced
        heard.announce((kind, key))
    return rows_changed(statement.run(connection or db.session.connection(), parameters)) == 1


@functools.cache
def _advance_statement(table: Table, checked: bool, names: tuple[str, ...]) -> Prepared:
    """The UPDATE of ``advance`` for one table and one set of columns, built once: every value a bound parameter,
    compiled once per database (``store/prepared``), so each write skips building the statement, and
    compiling it (a Core statement: the ORM's bulk-update machinery has nothing to add to one row)."""
    statement = update(table).where(table.c.id == bindparam("_key"))
    if checked:
        statement = statement.where(table.c.version == bindparam("_version"))
    columns = {name: bindparam("_" + name, type_=table.c[name].type) for name in names}
    return Prepared(
        statement.values(
            version=table.c.version + 1, updated_at=bindparam("_now", type_=table.c.updated_at.type), **columns
        )
    )


def untouched_since(days: int) -> datetime:
    """The moment *days* days ago: what was last changed before it counts as left unused (ValueError below 1)."""
    if days < 1:
        raise ValueError("days must be 1 or more")
    return utcnow() - timedelta(days=days)


def prune(model: Any, unused: ColumnElement[bool], children: tuple[Any, ...], *, dry_run: bool) -> int:
    """Remove the rows of *model* that match *unused*, with their *children* rows; return how many.

    *unused* is checked again in the DELETE itself, so a row that got its first
    hand or result meanwhile is kept. Children go with their row (ON DELETE
    CASCADE); they are also removed here where keys are not enforced.
    """
    ids = list(db.session.scalars(select(model.id).where(unused)))
    if dry_run or not ids:
        return len(ids)
    removed = 0
    for start in range(0, len(ids), 500):
        chunk = ids[start : start + 500]
        result = db.session.execute(
            delete(model).where(model.id.in_(chunk), unused).execution_options(synchronize_session=False)
        )
        removed += rows_changed(result)
        for child, parent_id in children:
            gone = ~exists(select(model.id).where(model.id == parent_id))
            db.session.execute(delete(child).where(parent_id.in_(chunk), gone))
    db.session.commit()
    return removed


def cache(name: str, weight: Callable[[Any], int] | None = None) -> VersionCache[Any]:
    """The app's version cache called *name*, of the size the shelf gives it (``platform/shelf``)."""
    return shelf.version_cache(current_app, name, weight)
