"""A game's or a party's version and link secrets, read outside any session: what an unchanged poll needs.

The polls middleware (``web/polls``) answers "nothing changed" in front of the
app, so its question to the database has to be the cheapest there is: one
prepared SELECT of three columns, no ORM object, no session. On SQLite it runs
on a connection of the app's own pool (a file opened once per thread); on a
database server each thread keeps one connection of its own, in autocommit,
and asks through the driver itself, so an unchanged poll is one round trip,
with no check-out, ping, BEGIN or ROLLBACK. On PostgreSQL a row read is kept
until its game or party is announced changed (``store/heard``): no round trip
at all.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

from sqlalchemy import Engine, Row, Select, bindparam, create_engine, select
from sqlalchemy.pool import NullPool

from scorekeeper.platform.extensions import db
from scorekeeper.store.heard import HEARD, Heard
from scorekeeper.store.models import Game, Party

if TYPE_CHECKING:
    from flask import Flask

# What is read of each kind: (version, edit token, view token) of a game, (version, edit token, hall token) of a party.
KINDS = ("game", "party")


class Versions:
    """The version and link secrets of one game or party, by kind and id (``row``)."""

    def __init__(self, app: Flask) -> None:
        self.app = app
        self._engine: Engine | None = None
        self._kept: threading.local | None = None  # per thread, its own connection (a database server only)
        self._queries: dict[str, Select[Any]] = {}
        self._sql: dict[str, str] = {}  # the same, as the driver is given them
        self.heard: Heard | None = None  # on PostgreSQL, what this worker heard of changes (``store/heard``)

    def row(self, kind: str, object_id: str) -> tuple[Any, ...] | Row[Any] | None:
        """(version, edit token, other token) of the game or party *object_id*, or None when there is none."""
        if self._engine is None:
            self._prepare()
        heard = self.heard
        if heard is None:
            return self._read(kind, object_id)
        # Kept from an earlier poll until its game or party is announced changed: no round trip at all.
        key = (kind, object_id)
        found = heard.row(key)
        if found is not None:
            return found
        mark = heard.mark(key)
        row = self._read(kind, object_id)
        if row is not None:
            heard.keep(key, mark, tuple(row))
        return row

    def _read(self, kind: str, object_id: str) -> Row[Any] | None:
        assert self._engine is not None
        if self._kept is None:  # SQLite: a connection from the app's pool, a file opened once per thread
            with self._engine.connect() as pooled:
                return pooled.execute(self._queries[kind], {"id": object_id}).first()
        # One that failed is dropped (the app answers that request) and the next poll opens another.
        connection: Any = getattr(self._kept, "connection", None)
        if connection is None:
            connection = self._kept.connection = self._engine.raw_connection()
        try:
            cursor = connection.cursor()
            try:
                cursor.execute(self._sql[kind], {"id": object_id})
                found: Row[Any] | None = cursor.fetchone()
            finally:
                cursor.close()
        except Exception:
            self._kept.connection = None
            connection.invalidate()
            raise
        return found

    def _prepare(self) -> None:
        """The queries, and where they run: made in the worker, at its first poll (the app is built before the fork)."""
        games, parties = Game.__table__, Party.__table__
        self._queries = {
            "game": select(games.c.version, games.c.edit_token, games.c.view_token).where(
                games.c.id == bindparam("id")
            ),
            "party": select(parties.c.version, parties.c.edit_token, parties.c.hall_token).where(
                parties.c.id == bindparam("id")
            ),
        }
        with self.app.app_context():
            engine = db.engine
        if engine.dialect.name == "sqlite":
            self._engine = engine
        else:
            self._engine = create_engine(engine.url, isolation_level="AUTOCOMMIT", poolclass=NullPool)
            self._kept = threading.local()
            self._sql = {
                kind: str(query.compile(dialect=self._engine.dialect)) for kind, query in self._queries.items()
            }
            if engine.dialect.name == "postgresql":
                url = engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
                self.heard = Heard(url)
                self.heard.start()
                self.app.extensions[HEARD] = self.heard

    def close(self) -> None:
        """Stop listening for changes (an app that is done with, as in the tests)."""
        if self.heard is not None:
            self.heard.close()
