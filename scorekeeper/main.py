"""The home page and the health check."""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, current_app, render_template
from sqlalchemy import select, text
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import selectinload

from . import services, url_for_or_none
from .extensions import db
from .models import Game

bp = Blueprint("main", __name__)

NEW_GAME_ENDPOINT = "games.new"
# The read-only score sheet; a recent game is listed without a link if this build has no such page.
GAME_VIEW_ENDPOINT = "games.view"


@dataclass(frozen=True)
class RecentGame:
    """What the home page shows of one game."""

    game: Game
    sides: tuple[tuple[str, int | None], ...]  # (name, score); score None if the log can't be replayed
    winner: int | None
    hands: int
    link: str | None


def recent_games(limit: int) -> list[RecentGame]:
    """Return the newest games with their current scores."""
    games = db.session.scalars(
        select(Game)
        .options(selectinload(Game.sides), selectinload(Game.players), selectinload(Game.hands))
        .order_by(Game.created_at.desc(), Game.id)
        .limit(limit)
    ).all()
    return [summarize(game) for game in games]


def summarize(game: Game) -> RecentGame:
    """Replay one game for its line on the home page."""
    try:
        state = services.state_for(game)
    except ValueError:
        # A game whose log no longer replays still gets listed, without scores.
        scores, winner = [None] * len(game.sides), None
    else:
        scores, winner = list(state.scores), state.winner
    link = url_for_or_none(GAME_VIEW_ENDPOINT, game_id=game.id, token=game.view_token)
    return RecentGame(
        game=game,
        sides=tuple((side.name, score) for side, score in zip(game.sides, scores, strict=False)),
        winner=winner,
        hands=len(game.hands),
        link=link,
    )


@bp.get("/")
def index():
    new_game = url_for_or_none(NEW_GAME_ENDPOINT)
    games = recent_games(current_app.config.get("RECENT_GAMES", 20))
    return render_template("main/index.html", new_game=new_game, games=games)


@bp.get("/healthz")
def healthz():
    try:
        db.session.execute(text("SELECT 1"))
    except SQLAlchemyError:
        db.session.rollback()
        return "database unavailable\n", 503, {"Content-Type": "text/plain; charset=utf-8"}
    return "ok", 200, {"Content-Type": "text/plain; charset=utf-8"}
