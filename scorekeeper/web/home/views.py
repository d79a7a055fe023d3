"""The home page and the health check."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, TypeVar

from flask import Blueprint, current_app, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from scorekeeper.platform import contrast, i18n
from scorekeeper.platform.extensions import csrf
from scorekeeper.platform.security import token_matches
from scorekeeper.store import games, health, remembered, tables
from scorekeeper.web.cookies import remembered_clubs, remembered_games, remembered_tables

bp = Blueprint("main", __name__)

NEW_GAME_ENDPOINT = "games.new"
R = TypeVar("R")


@bp.get("/")
def index() -> str:
    """Start a game, or go back to one this phone kept or followed.

    The list comes from this phone's own cookie: a game's links are its only key,
    so the home page never lists other tables' games.
    """
    return render_template(
        "main/index.html",
        new_game=url_for(NEW_GAME_ENDPOINT),
        mine=home_games(),
        tables=home_tables(),
        clubs=home_clubs(),
    )


def _kept(
    links: list[tuple[str, str, str]], find: Callable[[Iterable[str]], dict[str, R]]
) -> Iterator[tuple[R, str, str]]:
    """Each link this phone kept whose row still exists, with its token and kind: one query (none for no link)."""
    if not links:
        return
    by_id = find(row_id for row_id, _token, _kind in links)
    for row_id, token, kind in links:
        row = by_id.get(row_id)
        if row is not None:
            yield row, token, kind


def home_clubs() -> list[dict[str, Any]]:
    """The clubs opened on this phone (its own cookie), with the link it may use: one query."""
    out = []
    for club, token, kind in _kept(remembered_clubs(), remembered.clubs):
        director = kind == "director" and token_matches(token, club.edit_token)
        link = (
            url_for("clubs.director", club_id=club.id, token=token)
            if director
            else url_for("clubs.public", club_id=club.id)
        )
        out.append({"link": link, "name": club.name, "director": director})
    return out


def home_tables() -> list[dict[str, Any]]:
    """The tables remembered on this phone (its own cookie), with the link it may use: one query."""
    listed = []
    for table, token, kind in _kept(remembered_tables(), remembered.tables):
        if tables.access(table, token) != kind:
            continue
        listed.append(
            {
                "link": url_for("tables.table", table_id=table.id, token=token),
                "name": table.name,
                "people": len(table.people),
                "keeping": kind == "edit",
            }
        )
    return listed


def home_games() -> list[dict[str, Any]]:
    """The games remembered on this phone, with their stored totals: two queries, no replay.

    Each game's totals (scores, number of hands, winner) are stored with every change
    of its hand log; a game stored before they were kept is replayed once here.
    """
    found: list[dict[str, Any]] = []
    for game, token, kind in _kept(remembered_games(), remembered.games):
        if games.access(game, token) != kind:
            continue
        scores: Sequence[int | None] | None
        scores, winner, hands = game.totals, game.winner, game.hand_count
        if scores is None:  # kept from before totals were stored
            try:
                state = games.state_for(game)
            except ValueError:
                scores, winner = [None] * len(game.sides), None
            else:
                scores, winner, hands = list(state.scores), state.winner, len(state.hands)
        endpoint = "games.sheet" if kind == "edit" else "games.view"
        found.append(
            {
                "link": url_for(endpoint, game_id=game.id, token=token),
                "sides": [(side.name, score) for side, score in zip(game.sides, scores, strict=False)],
                "hands": hands,
                "over": winner is not None or game.finished_at is not None,
                "winner": winner,
                "keeping": kind == "edit",
                "updated": game.updated_at,
            }
        )
    return found


@bp.get("/healthz")
def healthz() -> tuple[str, int, dict[str, str]]:
    """Say ok when the database answers and its tables are at the latest migration, else why not (503)."""
    try:
        health.ping()
        behind = _migrations_behind()
    except health.Unavailable:
        return _not_ready("database unavailable")
    if behind:
        return _not_ready(behind)
    return "ok", 200, _PLAIN


_PLAIN = {"Content-Type": "text/plain; charset=utf-8"}
_AT_HEAD = "scorekeeper.migrations_at_head"


def _not_ready(reason: str) -> tuple[str, int, dict[str, str]]:
    return reason + "\n", 503, _PLAIN


def _migrations_behind() -> str | None:
    """Return why the database is not at the latest migration, or None when it is.

    Once the database is seen at the head it stays there for this process (migrations
    run before the app starts), so later checks cost nothing.
    """
    if current_app.extensions.get(_AT_HEAD):
        return None
    heads = health.needed_migrations()
    current = health.current_migrations()
    if current == heads:
        current_app.extensions[_AT_HEAD] = True
        return None
    upgrade = "run: flask --app scorekeeper db upgrade"
    if not current:
        return f"database not ready: its tables were never built; {upgrade}"
    return (
        f"database not ready: it is at migration {', '.join(sorted(current))}, "
        f"the app needs {', '.join(sorted(heads))}; {upgrade}"
    )


@bp.post("/language")
def choose_language() -> Response:
    """Remember this phone's language or contrast (the choices at the top of every page) and go back.

    The one form without a CSRF token: another site making a phone switch language changes
    nothing of a game, and the token would be a hundred bytes on every page that no compressor
    can shrink. The cookie is only ever a language's code.
    """
    back = request.form.get("next", "")
    # Only a path of this site: never send the phone elsewhere.
    if not back.startswith("/") or back.startswith("//") or "\\" in back:
        back = url_for("main.index")
    response = redirect(back, code=303)
    choices = (
        ("lang", i18n.LANGUAGE_COOKIE, i18n.languages()),
        ("contrast", contrast.CONTRAST_COOKIE, contrast.CHOICES),
    )
    for name, cookie, offered in choices:
        if (value := request.form.get(name, "")) in offered:
            response.set_cookie(cookie, value, max_age=i18n.COOKIE_MAX_AGE, samesite="Lax", secure=request.is_secure)
    return response


csrf.exempt(choose_language)
