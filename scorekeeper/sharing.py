"""One game on every phone at the table: live updates, QR codes for the links, replacing the edit link.

- ``GET /games/<id>/poll/<token>?since=<version>``: 304 with no body while the game is
  still at that version (one small query), else 200 with the score sheet partial.
- ``GET /games/<id>/<token>/qr/view.svg`` and ``.../qr/edit.svg``: QR codes of the links.
- ``GET /games/<id>/<token>/invite``: the watch link as a big QR code, to share or copy.
- ``GET /games/<id>/<edit_token>/keep``: the separate step that hands another phone the right to keep score.
- ``POST /games/<id>/<edit_token>/new-link``: a new edit link; the old one stops working.
"""

from __future__ import annotations

import hmac
import io

import segno
from flask import Blueprint, abort, flash, make_response, redirect, render_template, request, url_for
from sqlalchemy import update

from . import services
from .extensions import db
from .games import fresh_hand_form, remember_game, sheet_context
from .models import Game, new_token, utcnow

bp = Blueprint("sharing", __name__)

QR_SCALE = 4
QR_BORDER = 2
MAX_TOKEN_LENGTH = 128


def _matches(given: str, expected: str | None) -> bool:
    """Compare tokens in constant time."""
    if not expected or not isinstance(given, str) or len(given) > MAX_TOKEN_LENGTH:
        return False
    return hmac.compare_digest(given.encode("utf-8", "replace"), expected.encode("utf-8"))


def _access(game_id: str, token: str):
    """Return (version, can_edit) for a game and one of its tokens, or 404."""
    row = services.version_and_tokens(game_id)
    if row is None:
        abort(404)
    version, edit_token, view_token = row
    if _matches(token, edit_token):
        return version, True
    if _matches(token, view_token):
        return version, False
    abort(404)


def poll_url(game: Game, can_edit: bool) -> str:
    """Return the poll address for a sheet (without ``since``)."""
    token = game.edit_token if can_edit else game.view_token
    return url_for("sharing.poll", game_id=game.id, token=token)


@bp.get("/games/<game_id>/poll/<token>")
def poll(game_id: str, token: str):
    """Answer 304 while the game is unchanged since ``since``, else the new score sheet."""
    version, can_edit = _access(game_id, token)
    since = request.args.get("since", "")
    if since.isdigit() and len(since) < 12 and int(since) == version:
        response = make_response("", 304)
        response.headers["Cache-Control"] = "no-cache"
        return response
    game = services.load_game(game_id)
    if game is None:  # deleted between the two queries
        abort(404)
    state = services.state_for(game)
    context = sheet_context(game, state, can_edit)
    response = make_response("", 200)
    if can_edit and request.args.get("form") == "1":
        # The keeping phone's hand form was untouched: send the form for the next hand with the sheet.
        context.update(form=fresh_hand_form(game, state), message=None, status_error=False)
        body = render_template("games/_play.html", **context, live_oob=True, live_updated=True)
        response.headers["HX-Retarget"] = "#play"
        response.headers["HX-Reswap"] = "outerHTML"
    else:
        body = render_template("games/_sheet.html", **context)
        body += render_template("games/_log.html", **context, log_oob=True)
        body += render_template("games/_live.html", **context, live_oob=True, live_updated=True)
    response.set_data(body)
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Vary"] = "HX-Request"
    return response


def _game_for(game_id: str, token: str) -> tuple[Game, bool]:
    """Return the game and whether *token* may record, or 404."""
    _, can_edit = _access(game_id, token)
    game = services.load_game(game_id)
    if game is None:
        abort(404)
    return game, can_edit


@bp.get("/games/<game_id>/<token>/invite")
def invite(game_id: str, token: str):
    """Invite the table: the link to watch the score, as a QR code, a share button and a copy button."""
    game, can_edit = _game_for(game_id, token)
    return render_template(
        "games/invite.html",
        game=game,
        state=services.state_for(game),
        can_edit=can_edit,
        token=token,
        view_link=url_for("games.view", game_id=game.id, token=game.view_token, _external=True),
    )


@bp.get("/games/<game_id>/<token>/keep")
def keep(game_id: str, token: str):
    """Let another phone keep score: says what it hands over before showing the link that can record."""
    game, can_edit = _game_for(game_id, token)
    if not can_edit:
        abort(404)
    return render_template(
        "games/keep.html",
        game=game,
        state=services.state_for(game),
        edit_link=url_for("games.sheet", game_id=game.id, token=game.edit_token, _external=True),
    )


def _qr_svg(url: str):
    qr = segno.make(url, error="m")
    buffer = io.BytesIO()
    qr.save(
        buffer,
        kind="svg",
        scale=QR_SCALE,
        border=QR_BORDER,
        xmldecl=False,
        svgns=True,
        title="QR code of the game's link",
        dark="#000",
        light="#fff",
    )
    response = make_response(buffer.getvalue())
    response.headers["Content-Type"] = "image/svg+xml"
    # The code holds a secret link: keep it out of shared caches.
    response.headers["Cache-Control"] = "private, max-age=300"
    return response


@bp.get("/games/<game_id>/<token>/qr/view.svg")
def qr_view(game_id: str, token: str):
    """The QR code of the read-only link (either token may ask for it)."""
    _access(game_id, token)
    game = db.session.get(Game, game_id)
    return _qr_svg(url_for("games.view", game_id=game.id, token=game.view_token, _external=True))


@bp.get("/games/<game_id>/<token>/qr/edit.svg")
def qr_edit(game_id: str, token: str):
    """The QR code of the link that can record hands (only the edit link may ask for it)."""
    _, can_edit = _access(game_id, token)
    if not can_edit:
        abort(404)
    game = db.session.get(Game, game_id)
    return _qr_svg(url_for("games.sheet", game_id=game.id, token=game.edit_token, _external=True))


@bp.post("/games/<game_id>/<token>/new-link")
def new_link(game_id: str, token: str):
    """Give the game a new edit link; the old one stops working at once."""
    version, can_edit = _access(game_id, token)
    if not can_edit:
        abort(404)
    fresh = new_token()
    result = db.session.execute(
        update(Game)
        .where(Game.id == game_id, Game.version == version)
        .values(edit_token=fresh, version=version + 1, updated_at=utcnow())
        .execution_options(synchronize_session=False)
    )
    if result.rowcount != 1:
        db.session.rollback()
        flash("The game changed on another phone just then. Try again.", "error")
        return redirect(url_for("games.sheet", game_id=game_id, token=token), 303)
    db.session.commit()
    flash("The old link to keep score no longer works. Share the new one only with those keeping score.", "ok")
    response = redirect(url_for("games.sheet", game_id=game_id, token=fresh), 303)
    game = db.session.get(Game, game_id)
    if game is not None:
        remember_game(response, game)  # this phone's list of games holds the new link
    return response
