"""The games, tables and clubs a phone remembers (its own cookie lists them by id), read for the home page:
one query each, with what the page shows of them loaded in the same round."""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from scorekeeper.platform.extensions import db
from scorekeeper.store.models import Club, Game, Table


def games(ids: Iterable[str]) -> dict[str, Game]:
    """The games of *ids* that still exist, by id, with their sides."""
    found = db.session.scalars(select(Game).where(Game.id.in_(list(ids))).options(selectinload(Game.sides)))
    return {game.id: game for game in found}


def tables(ids: Iterable[str]) -> dict[str, Table]:
    """The tables of *ids* that still exist, by id, with their people."""
    found = db.session.scalars(select(Table).where(Table.id.in_(list(ids))).options(selectinload(Table.people)))
    return {table.id: table for table in found}


def clubs(ids: Iterable[str]) -> dict[str, Club]:
    """The clubs of *ids* that still exist, by id."""
    return {club.id: club for club in db.session.scalars(select(Club).where(Club.id.in_(list(ids))))}
