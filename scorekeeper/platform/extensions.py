"""Flask extensions, created unbound and bound to an app in ``create_app``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf.csrf import CSRFProtect
from sqlalchemy import CursorResult, MetaData, Result, event

if TYPE_CHECKING:
    from flask import Flask
    from sqlalchemy.engine.interfaces import DBAPIConnection
    from sqlalchemy.pool import ConnectionPoolEntry

SQLITE_BUSY_TIMEOUT_MS = 5000

# Stable constraint names, so migrations can alter them on SQLite and PostgreSQL alike.
NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

db = SQLAlchemy(metadata=MetaData(naming_convention=NAMING_CONVENTION))
migrate = Migrate()
csrf = CSRFProtect()

if TYPE_CHECKING:
    from sqlalchemy.orm import DeclarativeBase

    class Model(DeclarativeBase):
        """``db.Model`` as a type checker sees it: a declarative base (Flask-SQLAlchemy makes it at run time)."""

else:
    Model = db.Model


def rows_changed(result: Result[Any]) -> int:
    """The number of rows an UPDATE or DELETE changed (such a statement's result is a ``CursorResult``)."""
    if not isinstance(result, CursorResult):
        raise TypeError(f"expected the result of an UPDATE or DELETE, got {type(result).__name__}")
    return result.rowcount


def init_database(app: Flask, migrations: str) -> None:
    """Bind the database and its migrations (kept in the folder *migrations*) to *app*; on SQLite, set each
    new connection up as ``_sqlite_on_connect`` says."""
    db.init_app(app)
    migrate.init_app(app, db, directory=migrations, render_as_batch=True)
    with app.app_context():
        for engine in db.engines.values():
            if engine.dialect.name == "sqlite":
                event.listen(engine, "connect", _sqlite_on_connect)


def _sqlite_on_connect(dbapi_connection: DBAPIConnection, connection_record: ConnectionPoolEntry) -> None:
    """Make SQLite wait for a busy writer, let readers run beside it, and enforce foreign keys."""
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute(f"PRAGMA busy_timeout = {SQLITE_BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA journal_mode = WAL")
        cursor.execute("PRAGMA synchronous = NORMAL")
        cursor.execute("PRAGMA foreign_keys = ON")
    finally:
        cursor.close()
