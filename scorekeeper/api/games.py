"""The games part of the JSON API: start a game, record, undo and change hands, read the sheet.

Writes need ``Authorization: Bearer <edit_token>``. Reading a game needs only its
id (an unguessable random string, shared only inside the game's links), so a
display board can follow a game without holding a token that could change it.
Reads answer ``ETag``; ``If-None-Match`` or ``?since=<version>`` answer 304 when
nothing changed. Edits of a hand carry the version they were made from
(``"version"`` in the body, or ``If-Match``): a stale one changes nothing.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from typing import Any, TypeVar

from cachetools import LRUCache
from flask import Response, current_app, jsonify, make_response, request
from werkzeug.http import parse_etags

from scorekeeper import words
from scorekeeper.api.base import BadInput, bearer_token, bp, error_code, input_error, page_link, read_body, read_model
from scorekeeper.api.base import error as api_error
from scorekeeper.api.spec_games import (
    FinishedInput,
    HandEdit,
    HandFields,
    HandInput,
    NewGame,
    RulesInput,
    unreadable_rules,
)
from scorekeeper.api.tables import table_for
from scorekeeper.platform.i18n import current_language
from scorekeeper.platform.links import answer_link
from scorekeeper.platform.numbers import NumberError, parse_int
from scorekeeper.platform.shelf import app_lru
from scorekeeper.rules import (
    GameState,
    HandEntry,
    HandError,
    HandResult,
    SetupError,
    Side,
)
from scorekeeper.rules.draw import game_draw_limit
from scorekeeper.rules.options import RulesError
from scorekeeper.store import games as services
from scorekeeper.store import tables
from scorekeeper.store.models import Game, Linked

MAX_NUMBER = 10_000
# The keys a hand's body may hold: the fields of its model.
HAND_FIELDS = tuple(HandInput.model_fields)


# -- Turning stored games into JSON ----------------------------------------------


def state_json(game: Game, state: GameState) -> dict[str, Any]:
    """Return the documented state of a game."""
    return {**_state_head(game, state), "hands": [hand_json(hand) for hand in state.hands]}


def _state_head(game: Game | services.GameHead, state: GameState) -> dict[str, Any]:
    """The state of a game but its hands."""
    setup = state.setup
    return {
        "id": game.id,
        "version": game.version,
        "rules": setup.rules.to_dict(),
        "sides": [{"name": side.name, "players": list(side.players)} for side in setup.sides],
        "scores": list(state.scores),
        "winner": state.winner,
        "win_reason": words.win_reason(state),
        "win_reason_code": state.won_by,
        "finished": state.winner is not None or game.finished_at is not None,
        "standing": [list(marks) for marks in state.standing],
        "dealer": state.dealer,
        "first_bidder": state.first_bidder,
        "next_n": state.next_n,
        "min_bids": list(state.min_bids),
        "overtime": sorted(state.overtime),
        "draw": draw_json(state),
    }


def state_response(
    game: Game | services.GameHead, state: GameState, status: int = 200, *, wrapped: bool = True
) -> Response:
    """The state of a game as a JSON answer (``{"state": ...}`` when *wrapped*), its hands' rows written once.

    A game's answer is mostly its sheet, and each hand recorded sends the whole sheet back: the rows already
    written for the game's earlier hands are reused as JSON text, so only the head and the new row are encoded.
    """
    head = _compact(_state_head(game, state))
    body = f'{head[:-1]},"hands":[{",".join(_hand_rows(game.id, state.hands))}]}}'
    if wrapped:
        body = f'{{"state":{body}}}'
    return current_app.response_class(body + "\n", status=status, mimetype="application/json")


def _compact(value: Any) -> str:
    """JSON text as ``jsonify`` writes it outside debug mode (no spaces)."""
    return current_app.json.dumps(value, separators=(",", ":"))


# The rows last written for a game (per language), kept while its sheet only grows (the app's, on the shelf).
_ROWS_LOCK = threading.Lock()


def _hand_rows(game_id: str, hands: tuple[HandResult, ...]) -> list[str]:
    """The sheet's rows as JSON text, in the request's language: those already written for its earlier hands reused."""
    key = (game_id, current_language())
    shelved: LRUCache[tuple[str, str], tuple[tuple[HandResult, ...], list[str]]] = app_lru(current_app, "api_hand_rows")
    with _ROWS_LOCK:
        kept = shelved.get(key)
    done, rows = kept if kept is not None else ((), [])
    if len(done) > len(hands) or hands[: len(done)] != done:  # the same hands are the same objects: a quick check
        done, rows = (), []
    rows = rows + [_compact(hand_json(hand)) for hand in hands[len(done) :]]
    with _ROWS_LOCK:
        shelved[key] = (hands, rows)
    return rows


def draw_json(state: GameState) -> dict[str, Any]:
    """How many cards the players of the next hand may change (the rule book's draw limits, /rules#draw-limits), for those still playing."""
    limit = game_draw_limit(state)
    return {
        "players": limit.players,
        "keep": limit.keep,
        "change": limit.change,
        "others_change": limit.others_change,
        "four_and_a_flip": limit.flip,
    }


def hand_json(hand: HandResult) -> dict[str, Any]:
    """Return one row of the sheet as JSON."""
    return {
        "n": hand.n,
        "dealer": hand.dealer,
        "bidder": hand.bidder,
        "bid": hand.bid,
        "bagged": hand.bagged,
        "hold": hand.hold,
        "partner": hand.partner,
        "offsuit_set": hand.offsuit_set,
        "tie_break_side": hand.tie_break_side,
        "tricks": list(hand.tricks) if hand.tricks is not None else None,
        "high": hand.high,
        "points": list(hand.points),
        "deltas": list(hand.deltas),
        "scores": list(hand.scores),
        "made": hand.made,
        "notes": [words.note(note) for note in hand.notes],
        "note_codes": [{"code": note.kind, "side": note.side} for note in hand.notes],
        "standing": [list(marks) for marks in hand.standing],
    }


def links_json(game: Game) -> dict[str, Any]:
    """Return the links of the sheet that can record and the one that only shows."""
    return {
        "edit": page_link("games.sheet", game_id=game.id, token=game.edit_token),
        "view": page_link("games.view", game_id=game.id, token=game.view_token),
    }


def etag(game_id: str, version: int) -> str:
    return f'"{game_id}-{version}"'


# -- Reading requests ------------------------------------------------------------


def hand_from_json(data: dict[str, Any], *, n_required: bool = True) -> tuple[HandEntry, int | None]:
    """Return the hand entry and the hand number a request body describes.

    ``n`` is required when recording: without it a resent request would record the hand twice.
    """
    hand = read_model(HandInput if n_required else HandEdit, data)
    return hand_entry(hand), hand.n


def hand_entry(hand: HandFields) -> HandEntry:
    """The engine's entry of a hand a request gives, read by the engine's own reader (``HandEntry.from_dict``)."""
    return HandEntry.from_dict(hand.model_dump(exclude={"n", "version"}))


# -- Checking who may write ------------------------------------------------------


G = TypeVar("G", bound=Linked)


def _game_or_404(game_id: str) -> Game:
    game = services.load_game(game_id)
    if game is None:
        raise BadInput("There is no game with that id", "id", 404)
    return game


def _game_to_change(game_id: str) -> Game:
    """The game named, if the request carries its edit token (a write without it is refused)."""
    return _may_change(_game_or_404(game_id))


def _may_change(game: G) -> G:
    """*game*, if the request carries its edit token (a write without it is refused)."""
    token = bearer_token()
    found = services.access(game, token) if token is not None else services.Access.NONE
    if found is services.Access.EDIT:
        return game
    raise _key_refused(token, found)


def _key_refused(token: str | None, found: services.Access) -> BadInput:
    """The refusal of a write whose token (None: no header) opens *found*, not the edit."""
    if token is None:
        return BadInput(
            "Recording needs the game's edit token: Authorization: Bearer <edit_token>", "authorization", 401
        )
    if found is services.Access.VIEW:
        return BadInput(
            "That is the token of the link that only shows the score; it cannot change it", "authorization", 403
        )
    return BadInput("That token does not belong to this game", "authorization", 403)


def _answer(exc: Exception) -> Response:
    if isinstance(exc, BadInput):
        return input_error(str(exc), exc.field, exc.status, exc.code)
    if isinstance(exc, tables.TableError):
        return api_error(words.refusal(exc), exc.field, exc.status)
    if isinstance(exc, services.GameConflict):
        return api_error(words.refusal(exc), exc.field or "n", 409)
    field = getattr(exc, "field", None)
    return api_error(words.refusal(exc), field, 422, error_code(422, getattr(exc, "code", None)))


REFUSALS = (BadInput, services.GameConflict, HandError, SetupError, RulesError, tables.TableError)


def _changing_game(change: Callable[..., GameState]) -> Callable[..., Response]:
    """The view of a change to the game named, with its edit token: *change* makes it and gives the game's state
    after it, which is the answer; a refusal on the way is answered instead."""

    @functools.wraps(change)
    def view(game_id: str, **values: Any) -> Response:
        try:
            game = _game_to_change(game_id)
            state = change(game, **values)
        except REFUSALS as exc:
            return _answer(exc)
        return state_response(game, state)

    return view


# -- Routes ----------------------------------------------------------------------


@bp.route("/games", methods=["POST"])
def create_game() -> Response:
    """Start a game."""
    try:
        new = read_model(NewGame)
        sides = [Side(side.name, tuple(side.players)) for side in new.sides]
        scores = tuple(new.scores) if new.scores is not None else None
        try:
            if new.table is not None:
                # A game of a table: its edit token is the Bearer, its players join the roster.
                table = table_for(new.table, edit=True)
                game = tables.start_game(table, new.rules, sides, first_dealer=new.first_dealer, scores=scores)
            else:
                game = services.create_game(new.rules, sides, first_dealer=new.first_dealer, scores=scores)
        except TypeError:
            raise unreadable_rules() from None
        state = services.state_for(game)
    except REFUSALS as exc:
        return _answer(exc)
    body = {
        "id": game.id,
        "edit_token": game.edit_token,
        "view_token": game.view_token,
        "links": links_json(game),
        "state": state_json(game, state),
    }
    response = make_response(jsonify(body), 201)
    response.headers["Location"] = answer_link("api.games_read", game_id=game.id)
    response.headers["Cache-Control"] = "no-store"
    return response


def _since() -> int | None:
    """Read ``?since=<version>`` (once at most), or None when absent."""
    given = request.args.getlist("since")
    if not given:
        return None
    if len(given) > 1:
        raise BadInput("Give since once", "since", 400)
    try:
        return parse_int(given[0], lo=0, what="since")
    except NumberError as exc:
        raise BadInput(f"{exc}: the version the caller already has", "since", 400) from None


def _not_modified(game_id: str, version: int) -> Response:
    response = make_response("", 304)
    response.headers["ETag"] = etag(game_id, version)
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.route("/games/<game_id>", methods=["GET"])
def games_read(game_id: str) -> Response:
    """Return a game's state; 304 when ``?since=<version>`` or ``If-None-Match`` says the caller has it."""
    try:
        since = _since()
    except BadInput as exc:
        return _answer(exc)
    if since is not None or request.if_none_match:
        # Unchanged since the caller's copy: one light query, no body.
        found = services.version_and_tokens(game_id)
        if found is not None and (
            found[0] == since or request.if_none_match.contains(etag(game_id, found[0]).strip('"'))
        ):
            return _not_modified(game_id, found[0])
    try:
        game = _game_or_404(game_id)
    except BadInput as exc:
        return _answer(exc)
    response = state_response(game, services.state_for(game), wrapped=False)
    response.headers["ETag"] = etag(game.id, game.version)
    response.headers["Cache-Control"] = "no-cache"
    return response


def _precondition(game: Game, version: int | None, *, required: bool) -> None:
    """Check the version an edit was made from: ``"version"`` in the body, or an ``If-Match`` of the ETag.

    A stale version is 409 (another phone changed the game), a stale If-Match 412,
    neither (when required) 428.
    """
    if version is not None:
        if version != game.version:
            raise services.StaleGame(services.Said.VERSION_IS, version=game.version, given=version)
        return
    header = request.headers.get("If-Match")
    if header is not None:
        tags = parse_etags(header)
        if not (tags.star_tag or tags.contains(etag(game.id, game.version).strip('"'))):
            raise BadInput(
                "The game changed since that ETag (another phone changed it): read it again and retry",
                "if-match",
                412,
            )
        return
    if required:
        raise BadInput(
            'Say which version of the game this edit was made from: "version" in the body, '
            "or an If-Match header with the game's ETag",
            "version",
            428,
        )


@bp.route("/games/<game_id>/hands", methods=["POST"])
def games_record_hand(game_id: str) -> Response:
    """Record the next hand."""
    token = bearer_token()
    try:
        found = services.game_to_write(game_id)  # its head alone, when this worker keeps its state: one light read
        if found is None:
            raise BadInput("There is no game with that id", "id", 404)
        _may_change(found)  # said before the body is read; the door checks the token again as it writes
        entry, n = hand_from_json(read_body(HAND_FIELDS))
    except REFUSALS as exc:
        return _answer(exc)
    recording = services.record(game_id, token, entry, n, loaded=found)  # the door checks the token
    match recording.outcome:
        case services.Outcome.RECORDED:
            return state_response(found, recording.standing, 201)
        case services.Outcome.NOT_FOUND:
            return _answer(BadInput("There is no game with that id", "id", 404))
        case services.Outcome.NOT_ALLOWED:
            return _answer(_key_refused(token, recording.access))
        case services.Outcome.REFUSED:
            code = error_code(422, getattr(recording.refusal, "code", None))
            return api_error(words.recording(recording), recording.field, 422, code)
    return api_error(words.recording(recording), recording.field, 409)


@bp.route("/games/<game_id>/hands/last", methods=["DELETE"])
@_changing_game
def games_undo_hand(game: Game) -> GameState:
    """Undo the last hand."""
    given = request.args.getlist("n")
    if len(given) > 1:
        raise BadInput("Give n once", "n", 400)
    try:
        expected = parse_int(given[0], lo=1, hi=MAX_NUMBER, what=words.hand_number()) if given else None
    except NumberError as exc:
        raise BadInput(str(exc), "n", 400) from None
    _precondition(game, None, required=False)
    return services.undo_last(game, expected)


@bp.route("/games/<game_id>/hands/<int:n>", methods=["PUT"])
@_changing_game
def games_edit_hand(game: Game, n: int) -> GameState:
    """Replace hand n and recompute every later hand."""
    edit = read_model(HandEdit)
    if edit.n is not None and edit.n != n:
        raise BadInput(f"The address names hand {n} but the body says hand {edit.n}", "n")
    _precondition(game, edit.version, required=True)
    return services.edit_hand(game, n, hand_entry(edit))


@bp.route("/games/<game_id>/rules", methods=["PUT"])
@_changing_game
def games_change_rules(game: Game) -> GameState:
    """Play a game under other rules; only before its first hand (409 after)."""
    rules = read_model(RulesInput).rules
    _precondition(game, None, required=False)
    try:
        return services.change_rules(game, rules)
    except TypeError:
        raise unreadable_rules() from None


@bp.route("/games/<game_id>/finished", methods=["PUT"])
@_changing_game
def games_set_finished(game: Game) -> GameState:
    """Finish a game early (``{"finished": true}``: no more hands), or open it again."""
    finished = read_model(FinishedInput).finished
    _precondition(game, None, required=False)
    services.finish_game(game, finished)  # refreshes the game it changes
    return services.state_for(game)
