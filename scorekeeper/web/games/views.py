"""The score sheet pages: start a game, record hands, undo, edit, finish, rematch, delete.

Every page works as plain forms (Post/Redirect/Get); with htmx the sheet and a
fresh hand form come back in one response. A refused entry is answered with
422 and the form as it was typed, a hand number already taken with 409.
"""

from __future__ import annotations

from typing import Any

from flask import (
    Blueprint,
    abort,
    current_app,
    flash,
    make_response,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from werkzeug.wrappers import Response

from scorekeeper import words
from scorekeeper.platform.i18n import gettext as _
from scorekeeper.platform.numbers import NumberError, parse_int
from scorekeeper.rules import (
    OPTION_INFO,
    PRESETS,
    GameState,
    HandEntry,
    HandError,
    Rules,
    RulesError,
    SetupError,
    Suit,
    replay,
)
from scorekeeper.store import games as services
from scorekeeper.store import tables
from scorekeeper.store.models import Game
from scorekeeper.web.cookies import (
    forget_game,
    remember_game,
    remember_names,
    remember_table,
    remembered_games,
    remembered_names,
    remembered_table,
)
from scorekeeper.web.games.fields import ENTRY_WAYS, ConfirmForm, FormRefused
from scorekeeper.web.games.hand_fields import HandForm
from scorekeeper.web.games.new_game import NewGameForm, RulesForm
from scorekeeper.web.shortnames import short_names
from scorekeeper.words.forms import page_too_old

bp = Blueprint("games", __name__)

ENTRY_KEY = "entry_by"
REMEMBERED_ENTRY_WAYS = 20


def entry_way(game: Game) -> str:
    """How this phone enters hands in this game: "points" (as on paper) or "tricks"."""
    kept = session.get(ENTRY_KEY)
    way = kept.get(game.id) if isinstance(kept, dict) else None
    return way if way in ENTRY_WAYS else "points"


def remember_entry_way(game: Game, way: str) -> None:
    if way not in ENTRY_WAYS or entry_way(game) == way:
        return
    kept = session.get(ENTRY_KEY)
    kept = dict(kept) if isinstance(kept, dict) else {}
    kept.pop(game.id, None)
    kept[game.id] = way
    session[ENTRY_KEY] = dict(list(kept.items())[-REMEMBERED_ENTRY_WAYS:])


# -- Finding a game ---------------------------------------------------------------


def game_or_404(game_id: str, token: str, kind: str = "edit") -> Game:
    """Return the game whose link *token* opens it as *kind* ("edit" or "view"); answer 404 otherwise."""
    game = services.load_game(game_id)
    if game is None or services.access(game, token) != kind:
        abort(404)
    return game


def _state(game: Game) -> GameState:
    try:
        return services.state_for(game)
    except (HandError, SetupError, RulesError):
        current_app.logger.exception("game %s no longer replays", game.id)
        abort(500)


def _is_htmx() -> bool:
    return request.headers.get("HX-Request") == "true"


def sheet_context(game: Game, state: GameState, can_edit: bool) -> dict[str, Any]:
    """Return what ``games/_sheet.html`` and the sheet page need besides a form."""
    return {
        "game": game,
        "state": state,
        "can_edit": can_edit,
        "preset": state.rules.closest_preset(),
        "new_hand": None,
        "suits": list(Suit),
        # The tables this game is part of: its sheet links back to each (by the table's view link).
        "tables": tables.tables_of_game(game.id),
    }


def _render_sheet(
    game: Game,
    state: GameState,
    form: HandForm | None = None,
    *,
    status: int = 200,
    message: str | None = None,
    can_edit: bool = True,
    new_hand: int | None = None,
    status_error: bool = False,
) -> Response:
    """Render the sheet page, or for htmx only the part that changes (sheet, hand form, messages)."""
    context = sheet_context(game, state, can_edit)
    if can_edit and form is None:
        form = fresh_hand_form(game, state)
    context.update(form=form, message=message, status_error=status_error or status >= 400, new_hand=new_hand)
    partial = _is_htmx() and request.method == "POST"
    # A partial answer carries the polling element out of band, so it asks from the new version on.
    context.update(live_oob=partial)
    template = "games/_play.html" if partial else "games/sheet.html"
    return make_response(render_template(template, **context), status)


def fresh_hand_form(game: Game, state: GameState) -> HandForm:
    """The empty form for the next hand (or, just after an undo, the removed hand filled in)."""
    form = HandForm(state, formdata=None, entry_by=entry_way(game))
    # The version the sheet shows: a hand undone on another phone after this is not brought back.
    form.version.data = game.version
    _prefill_reentry(game, state, form)
    return form


def _prefill_reentry(game: Game, state: GameState, form: HandForm) -> None:
    """After an undo, offer the removed hand again, filled in."""
    saved = session.get("reenter")
    if not saved or saved.get("game") != game.id or saved.get("n") != state.next_n:
        return
    try:
        form.fill(HandEntry.from_dict(saved["entry"]))
    except (HandError, TypeError, KeyError):
        return
    form.reentered = saved["n"]


# -- Pages ------------------------------------------------------------------------


@bp.route("/games/new", methods=["GET", "POST"])
def new() -> Response:
    form = NewGameForm()
    if request.method == "GET":
        form.fill_players(remembered_table())
    if form.validate_on_submit():
        try:
            rules = form.build_rules()
            sides, dealer, scores = form.build_sides()
            game = services.create_game(rules, sides, first_dealer=dealer, scores=scores)
        except FormRefused:
            pass  # the reasons are beside the fields
        except RulesError as err:
            form.preset.errors = [words.refusal(err)]
        except SetupError as err:
            form.setup_error(err)
        else:
            response = redirect(url_for("games.sheet", game_id=game.id, token=game.edit_token), 303)
            remember_game(response, game)
            remember_names(response, form.player_names())
            remember_table(response, form.player_names())
            return response
    status = 422 if request.method == "POST" else 200
    return make_response(
        render_template(
            "games/new.html",
            form=form,
            presets=PRESETS,
            options=OPTION_INFO,
            recent_names=remembered_names(),
            house_open=any(str(name).startswith("opt_") for name in form.errors),
        ),
        status,
    )


@bp.route("/games/<game_id>/<token>/rules", methods=["GET", "POST"])
def change_rules(game_id: str, token: str) -> Response:
    """Change the preset and house rules of a game whose first hand is not yet recorded."""
    game = game_or_404(game_id, token)
    state = _state(game)
    form = RulesForm()
    status, refused = 200, None
    if request.method == "GET":
        form.fill_rules(state.rules)
    elif not form.validate_on_submit():
        status, refused = 422, page_too_old()
    else:
        status = 422
        try:
            rules = form.build_rules()
            version = parse_int(request.form.get("version", ""), lo=0, what="The version of this page")
        except NumberError:
            refused = _("This page is damaged: reload it and try again.")
        except FormRefused:
            pass  # the reasons are beside the fields
        else:
            try:
                services.change_rules(game, rules, expected_version=version)
            except services.RulesFixed as err:
                status, refused = 409, words.refusal(err)
            except services.GameConflict:
                status, refused = (
                    409,
                    _(
                        "This game was just changed on another phone. Nothing was changed: check the sheet and try again."
                    ),
                )
            except (SetupError, RulesError) as err:
                refused = _("These players can't play by those rules: %(reason)s.", reason=words.refusal(err))
            else:
                flash(_("The rules are changed. They stay fixed from the first hand on."), "ok")
                return redirect(url_for("games.sheet", game_id=game.id, token=game.edit_token), 303)
        game = game_or_404(game_id, token)
        state = _state(game)
    return make_response(
        render_template(
            "games/rules.html",
            game=game,
            state=state,
            form=form,
            presets=PRESETS,
            preset=state.rules.closest_preset(),
            refused=refused,
            house_open=bool(state.rules.differences(Rules.preset(state.rules.closest_preset())))
            or any(str(name).startswith("opt_") for name in form.errors),
        ),
        status,
    )


@bp.get("/games/<game_id>/<token>")
def sheet(game_id: str, token: str) -> Response:
    game = game_or_404(game_id, token)
    way = request.args.get("entry")
    if way in ENTRY_WAYS:
        remember_entry_way(game, way)
        return redirect(url_for("games.sheet", game_id=game.id, token=game.edit_token) + "#record", 303)
    state = _state(game)
    new = request.args.get("new", "")
    new_hand = int(new) if new in {str(h.n) for h in state.hands} else None
    # What was just done is said under the score bar, where the page opens after a save (not above the title).
    flashed = session.pop("_flashes", None) or []
    message = " ".join(text for _category, text in flashed) or None
    failed = any(category == "error" for category, _text in flashed)
    response = _render_sheet(game, state, new_hand=new_hand, message=message, status_error=failed)
    if (game.id, game.edit_token, "edit") not in remembered_games():
        remember_game(response, game)
    return response


@bp.get("/games/<game_id>/view/<token>")
def view(game_id: str, token: str) -> Response:
    game = game_or_404(game_id, token, "view")
    response = _render_sheet(game, _state(game), can_edit=False)
    if game.id not in {gid for gid, _token, _kind in remembered_games()}:
        remember_game(response, game, "view")
    return response


@bp.post("/games/<game_id>/<token>/hands")
def record(game_id: str, token: str) -> Response:
    game = game_or_404(game_id, token)
    state = _state(game)
    form = HandForm(state)
    read = form.validate_on_submit()  # a refused hand is said beside the box its field name gives
    if not read and form.refusal is None:  # the page's own boxes
        form.field_problems()
    else:
        remember_entry_way(game, form.by.data or "")
        if form.n.data is None:
            form.problems.add("form", _("The hand number of this form is missing: reload the sheet."))
    if not read or form.n.data is None:
        return _render_sheet(game, state, form, status=422)
    recording = services.record(game_id, token, form.entry(), form.n.data, seen=form.version.data, loaded=game)
    if recording.outcome in (services.Outcome.NOT_FOUND, services.Outcome.NOT_ALLOWED):
        abort(404)
    if recording.outcome is services.Outcome.REFUSED:
        form.refuse(
            recording.refusal if isinstance(recording.refusal, HandError) else HandError(words.recording(recording))
        )
        return _render_sheet(game, state, form, status=422)
    if recording.outcome is not services.Outcome.RECORDED:
        game = game_or_404(game_id, token)
        return _render_sheet(game, recording.standing, status=409, message=words.recording(recording))
    session.pop("reenter", None)
    if _is_htmx():
        game = game_or_404(game_id, token)
        return _render_sheet(game, recording.standing, message=words.recording(recording), new_hand=recording.n)
    flash(words.recording(recording), "ok")
    return redirect(url_for("games.sheet", game_id=game.id, token=game.edit_token, new=recording.n) + "#play", 303)


@bp.post("/games/<game_id>/<token>/undo")
def undo(game_id: str, token: str) -> Response:
    game = game_or_404(game_id, token)
    form = ConfirmForm()
    sheet_url = url_for("games.sheet", game_id=game.id, token=game.edit_token)
    if not form.validate_on_submit():
        abort(400)
    expected = form.n.data
    removed = game.hands[-1] if game.hands else None
    try:
        entry = services.entry_for(removed) if removed is not None else None
        new_state = services.undo_last(game, expected)
    except (services.StaleGame, HandError) as err:  # said on the sheet as it now stands
        game = game_or_404(game_id, token)
        return _render_sheet(game, _state(game), status=409, message=words.refusal(err))
    number = new_state.next_n
    if entry is not None:
        session["reenter"] = {"game": game.id, "n": number, "entry": entry.to_dict()}
    text = _("Hand %(n)s removed. It is filled in below if you want to enter it again.", n=number)
    if _is_htmx():
        game = game_or_404(game_id, token)
        return _render_sheet(game, new_state, message=text)
    flash(text, "ok")
    return redirect(sheet_url + "#play", 303)


@bp.route("/games/<game_id>/<token>/hands/<int:n>/edit", methods=["GET", "POST"])
def edit(game_id: str, token: str, n: int) -> Response:
    game = game_or_404(game_id, token)
    state = _state(game)
    if not 1 <= n <= len(state.hands):
        abort(404)
    before = replay(state.setup, state.entries[: n - 1])
    # The address says which hand; the version says which sheet the phone saw.
    form = HandForm(before, needs=("version",))
    status = 200
    if request.method == "POST":
        read = form.validate_on_submit()  # a refused hand is said beside the box its field name gives
        if not read and form.refusal is None:  # the page's own boxes
            form.field_problems()
        elif form.version.data is None:
            form.problems.add("form", _("The version of this form is missing: reload the page."))
        if not read or form.version.data is None:
            status = 422
        else:
            try:
                services.edit_hand(game, n, form.entry(), expected_version=form.version.data)
            except services.StaleGame as err:
                form.problems.add("form", words.refusal(err))
                form.version.data = game.version
                status = 409
            except HandError as err:
                form.refuse(err)
                status = 422
            else:
                flash(_("Hand %(n)s changed; every later total is worked out again.", n=n), "ok")
                return redirect(url_for("games.sheet", game_id=game.id, token=game.edit_token, new=n) + "#play", 303)
    else:
        form.fill(state.entries[n - 1])
        form.version.data = game.version
    form.n.data = n
    return make_response(
        render_template(
            "games/edit.html",
            game=game,
            state=state,
            before=before,
            form=form,
            n=n,
            result=state.hands[n - 1],
        ),
        status,
    )


@bp.post("/games/<game_id>/<token>/finish")
def finish(game_id: str, token: str) -> Response:
    return _set_finished(game_id, token, True, _("The game is marked finished."))


@bp.post("/games/<game_id>/<token>/reopen")
def reopen(game_id: str, token: str) -> Response:
    return _set_finished(game_id, token, False, _("The game is open again: record the next hand."))


def _set_finished(game_id: str, token: str, finished: bool, done: str) -> Response:
    """Finish a game early or open it again; a refusal (won, changed elsewhere) is said on the sheet."""
    game = game_or_404(game_id, token)
    if not ConfirmForm().validate_on_submit():
        abort(400)
    try:
        services.finish_game(game, finished)
    except (services.StaleGame, services.GameConflict, HandError) as err:
        flash(words.refusal(err), "error")
    else:
        flash(done, "ok")
    return redirect(url_for("games.sheet", game_id=game.id, token=game.edit_token), 303)


@bp.post("/games/<game_id>/<token>/rematch")
def rematch(game_id: str, token: str) -> Response:
    game = game_or_404(game_id, token)
    if not ConfirmForm().validate_on_submit():
        abort(400)
    new_game = services.rematch(game)
    tables.follow_rematch(game, new_game)  # a rematch stays in the game's tables
    flash(_("A new game with the same players and rules. The deal moves one seat on."), "ok")
    response = redirect(url_for("games.sheet", game_id=new_game.id, token=new_game.edit_token), 303)
    remember_game(response, new_game)
    return response


@bp.route("/games/<game_id>/<token>/delete", methods=["GET", "POST"])
def delete(game_id: str, token: str) -> Response:
    game = game_or_404(game_id, token)
    form = ConfirmForm()
    status = 200
    if request.method == "POST":
        if form.validate_on_submit() and form.confirm.data:
            try:
                services.delete_game(game)
            except HandError as err:
                form.confirm.errors = [words.refusal(err)]
                status = 409
            else:
                flash(_("The game was deleted."), "ok")
                response = redirect(url_for("main.index"), 303)
                forget_game(response, game_id)
                return response
        else:
            form.confirm.errors = [_("Tick the box to delete the game, or go back to the sheet.")]
            status = 422
    state = _state(game)
    return make_response(render_template("games/delete.html", game=game, state=state, form=form), status)


@bp.app_template_global("short_names")
def short_side_names(names: list[str]) -> list[str]:
    """The sides' names as the sheet's columns print them ("A&C"); the score bar keeps them whole."""
    return short_names(names)
