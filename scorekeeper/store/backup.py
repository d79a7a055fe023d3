"""The database's side of a backup: which database this is, a page-by-page copy of a SQLite file, and what a
copy holds. The ``backup`` command (``scorekeeper.commands.backup``) says it to the person running it."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from sqlalchemy import create_engine, func, select
from sqlalchemy.engine import make_url

from scorekeeper.platform.extensions import db
from scorekeeper.store.models import Club, Game, Party, Table


class NotSqlite(Exception):
    """The app's database is not a SQLite file, so it cannot be copied page by page."""


def database_url() -> tuple[str, str]:
    """The app's database: its kind (``sqlite``, ``postgresql``) and its address, password included."""
    url = db.engine.url
    return url.get_backend_name(), url.render_as_string(hide_password=False)


def dump_address(url: str) -> str:
    """*url* as ``pg_dump`` reads it: the driver's name dropped (``postgresql+psycopg`` → ``postgresql``)."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


def copy_sqlite(target: Path) -> None:
    """Copy the app's SQLite database to *target* with SQLite's online backup (a write is wholly in or out)."""
    raw = db.engine.raw_connection()
    try:
        source = raw.driver_connection
        if not isinstance(source, sqlite3.Connection):
            raise NotSqlite
        copy = sqlite3.connect(target)
        try:
            source.backup(copy)
        finally:
            copy.close()
    finally:
        raw.close()


def counts(url: str) -> dict[str, int]:
    """How many games, card parties, tables and clubs the database at *url* holds."""
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            return {
                name: connection.scalar(select(func.count()).select_from(model)) or 0
                for name, model in (("game", Game), ("card party", Party), ("table", Table), ("club", Club))
            }
    finally:
        engine.dispose()
