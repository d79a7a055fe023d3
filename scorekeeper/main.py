"""The home page and the health check."""

from __future__ import annotations

from flask import Blueprint, render_template
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from . import url_for_or_none
from .extensions import db

bp = Blueprint("main", __name__)

NEW_GAME_ENDPOINT = "games.new"


@bp.get("/")
def index():
    """Start a game, or go back to one this phone kept or followed.

    The list comes from this phone's own cookie: a game's links are its only key,
    so the home page never lists other tables' games.
    """
    return render_template("main/index.html", new_game=url_for_or_none(NEW_GAME_ENDPOINT))


@bp.get("/healthz")
def healthz():
    try:
        db.session.execute(text("SELECT 1"))
    except SQLAlchemyError:
        db.session.rollback()
        return "database unavailable\n", 503, {"Content-Type": "text/plain; charset=utf-8"}
    return "ok", 200, {"Content-Type": "text/plain; charset=utf-8"}
