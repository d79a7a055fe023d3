"""Flask extensions, created unbound and bound to an app in ``create_app``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf.csrf import CSRFProtect
from sqlalchemy import CursorResult, MetaData, Result

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
