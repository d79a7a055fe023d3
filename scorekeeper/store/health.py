"""Whether the database answers, and at which migrations its tables are: what the health check asks."""

from __future__ import annotations

from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from flask import current_app
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from scorekeeper.platform.extensions import db


class Unavailable(Exception):
    """The database did not answer."""


def ping() -> None:
    """Ask the database the smallest question; Unavailable when it does not answer."""
    try:
        db.session.execute(text("SELECT 1"))
    except SQLAlchemyError:
        db.session.rollback()
        raise Unavailable from None


def current_migrations() -> set[str]:
    """The migrations the database's tables are at (none when they were never built); Unavailable when it
    does not answer."""
    try:
        current = set(MigrationContext.configure(db.session.connection()).get_current_heads())
    except SQLAlchemyError:
        db.session.rollback()
        raise Unavailable from None
    db.session.rollback()
    return current


def needed_migrations() -> set[str]:
    """The migrations this build of the app needs its tables at: the heads of its migrations folder."""
    return set(ScriptDirectory(current_app.extensions["migrate"].directory).get_heads())
