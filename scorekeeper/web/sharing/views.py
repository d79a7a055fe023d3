"""One game on every phone at the table: live updates, QR codes for the links, replacing the edit link.

- ``GET /games/<id>/poll/<token>?since=<version>``: 304 with no body while the game is
  still at that version (one small query), else 200 with the score sheet partial.
- ``GET /games/<id>/<token>/qr/view.svg`` and ``.../qr/edit.svg``: QR codes of the links.
- ``GET /games/<id>/<token>/invite``: the watch link as a big QR code, to share or copy.
- ``GET /games/<id>/<edit_token>/keep``: the separate step that hands another phone the right to keep score.
- ``POST /games/<id>/<edit_token>/new-link``: a new edit link; the old one stops working.
"""

from __future__ import annotations

import io
import secrets

import segno
from flask import Blueprint, Response, abort, flash, make_response, redirect, render_template, request, url_for
from flask_wtf.csrf import generate_csrf
from werkzeug.wrappers import Response as BaseResponse

from scorekeeper.platform.i18n import current_language
from scorekeeper.platform.i18n import gettext as _
from scorekeeper.platform.links import printed_link
from scorekeeper.platform.numbers import NumberError, parse_int
from scorekeeper.platform.security import token_matches
from scorekeeper.store import games as services
from scorekeeper.store import log
from scorekeeper.store.log import VersionCache
from scorekeeper.store.models import Game
from scorekeeper.web.cookies import remember_game
from scorekeeper.web.games.views import fresh_hand_form, sheet_context
from scorekeeper.web.polls import served_kept

bp = Blueprint("sharing", __name__)

QR_SCALE = 4
QR_BORDER = 2
MAX_TOKEN_LENGTH = 128


def _sheets() -> VersionCache[str]:
    """The sheet as last rendered for a poll, per (game id, can edit, language) and version, in this process.

    A follower with a stale ``since`` (or many of them) costs one render per
    version of the game, not one per request. The sheet that can record holds a
    form token of each phone's own: it is kept with a marker in its place, filled
    in per answer.
    """
    return log.cache("rendered_sheets", weight=len)


# Stands for the form token in a kept sheet; random, so no name on a sheet can look like it.
_FORM_TOKEN = "form-token-" + secrets.token_hex(16)


def _form_token_marker() -> str:
    return _FORM_TOKEN


def _with_form_token(body: str) -> str:
    return body.replace(_FORM_TOKEN, generate_csrf()) if _FORM_TOKEN in body else body


def _matches(given: str, expected: str | None) -> bool:
    """Compare tokens in constant time."""
    return expected is not None and token_matches(given, expected)


def _access(game_id: str, token: str, *, edit: bool = False) -> tuple[int, bool]:
    """Return (version, can_edit) for a game and one of its tokens, or 404 (also for the view link where editing)."""
    row = services.version_and_tokens(game_id)
    if row is None:
        abort(404)
    version, edit_token, view_token = row
    if _matches(token, edit_token):
        return version, True
    if not edit and _matches(token, view_token):
        return version, False
    abort(404)


@bp.get("/games/<game_id>/poll/<token>")
def poll(game_id: str, token: str) -> Response:
    """Answer 304 while the game is unchanged since ``since``, else the new score sheet."""
    version, can_edit = _access(game_id, token)
    given = request.args.getlist("since")
    if len(given) > 1:
        abort(400)
    try:
        since = parse_int(given[0], lo=0, what="since") if given else None
    except NumberError:
        abort(400)
    # The page asking names its language: one in another language than the phone's now gets the sheet anew.
    same_language = request.args.get("lang") in (None, current_language())
    if since == version and same_language:
        return make_response("", 304, {"Cache-Control": "no-cache"})
    with_form = can_edit and request.args.get("form") == "1"
    cached = None if with_form else _sheets().get((game_id, can_edit, current_language()), version)
    if cached is not None:
        served_kept()
        return _sheet_response(_with_form_token(cached))
    game = services.load_game(game_id)
    if game is None:  # deleted between the two queries
        abort(404)
    state = services.state_for(game)
    context = sheet_context(game, state, can_edit)
    if with_form:
        # The keeping phone's hand form was untouched: send the form for the next hand with the sheet.
        context.update(form=fresh_hand_form(game, state), message=None, status_error=False)
        body = render_template("games/_play.html", **context, live_oob=True, live_updated=True)
        return _sheet_response(body, {"HX-Retarget": "#play", "HX-Reswap": "outerHTML"})
    context["csrf_token"] = _form_token_marker
    body = render_template("games/_sheet.html", **context)
    body += render_template("games/_log.html", **context, log_oob=True)
    body += render_template("games/_live.html", **context, live_oob=True, live_updated=True)
    if game.version == version:
        _sheets().put((game_id, can_edit, current_language()), version, body)
    return _sheet_response(_with_form_token(body))


def _sheet_response(body: str, headers: dict[str, str] | None = None) -> Response:
    return make_response(body, 200, {**(headers or {}), "Cache-Control": "no-cache", "Vary": "HX-Request"})


def _game_for(game_id: str, token: str, *, edit: bool = False) -> tuple[Game, bool]:
    """Return the game and whether *token* may record, or 404 (also for the view link where editing)."""
    _, can_edit = _access(game_id, token, edit=edit)
    game = services.load_game(game_id)
    if game is None:
        abort(404)
    return game, can_edit


@bp.get("/games/<game_id>/<token>/invite")
def invite(game_id: str, token: str) -> str:
    """Invite the table: the link to watch the score, as a QR code, a share button and a copy button."""
    game, can_edit = _game_for(game_id, token)
    return render_template(
        "games/invite.html",
        game=game,
        state=services.state_for(game),
        can_edit=can_edit,
        token=token,
        view_link=printed_link("games.view", game_id=game.id, token=game.view_token),
    )


@bp.get("/games/<game_id>/<token>/keep")
def keep(game_id: str, token: str) -> str:
    """Let another phone keep score: says what it hands over before showing the link that can record."""
    game, _can_edit = _game_for(game_id, token, edit=True)
    return render_template(
        "games/keep.html",
        game=game,
        state=services.state_for(game),
        edit_link=printed_link("games.sheet", game_id=game.id, token=game.edit_token),
    )


def _qr_svg(url: str) -> Response:
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
    # The code holds a secret link: keep it out of shared caches.
    return make_response(buffer.getvalue(), {"Content-Type": "image/svg+xml", "Cache-Control": "private, max-age=300"})


@bp.get("/games/<game_id>/<token>/qr/view.svg", endpoint="qr_view")
@bp.get("/games/<game_id>/<token>/qr/edit.svg", endpoint="qr_edit")
def qr_code(game_id: str, token: str) -> Response:
    """The QR code of the read-only link (either token may ask for it), or of the link that can record hands (only
    the edit link may ask for it)."""
    edit = request.endpoint == "sharing.qr_edit"
    game, _can_edit = _game_for(game_id, token, edit=edit)
    if edit:
        return _qr_svg(printed_link("games.sheet", game_id=game.id, token=game.edit_token))
    return _qr_svg(printed_link("games.view", game_id=game.id, token=game.view_token))


@bp.post("/games/<game_id>/<token>/new-link")
def new_link(game_id: str, token: str) -> BaseResponse:
    """Give the game a new edit link; the old one stops working at once."""
    version, _can_edit = _access(game_id, token, edit=True)
    fresh = services.replace_edit_token(game_id, version)
    if fresh is None:
        flash(_("The game changed on another phone just then. Try again."), "error")
        return redirect(url_for("games.sheet", game_id=game_id, token=token), 303)
    flash(_("The old link to keep score no longer works. Share the new one only with those keeping score."), "ok")
    response = redirect(url_for("games.sheet", game_id=game_id, token=fresh), 303)
    game = services.load_game(game_id)
    if game is not None:
        remember_game(response, game)  # this phone's list of games holds the new link
    return response
