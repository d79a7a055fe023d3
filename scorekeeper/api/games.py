"""The games part of the JSON API: start a game, record, undo and change hands, read the sheet.

Writes need ``Authorization: Bearer <edit_token>``. Reading a game needs only its
id (an unguessable random string, shared only inside the game's links), so a
display board can follow a game without holding a token that could change it.
Reads answer ``ETag``; ``If-None-Match`` or ``?since=<version>`` answer 304 when
nothing changed. Edits of a hand carry the version they were made from
(``"version"`` in the body, or ``If-Match``): a stale one changes nothing.
"""

from __future__ import annotations

import threading
from typing import Any, TypeGuard

from cachetools import LRUCache
from flask import Response, current_app, jsonify, make_response, request
from werkzeug.http import parse_etags

from scorekeeper import words
from scorekeeper.api.base import BadInput, bearer_token, bp, error_code, input_error, page_link, read_body
from scorekeeper.api.base import error as api_error
from scorekeeper.api.tables import table_for
from scorekeeper.platform.i18n import current_language, gettext
from scorekeeper.platform.links import answer_link
from scorekeeper.platform.numbers import NumberError, parse_int
from scorekeeper.rules import (
    BIDS,
    SPECIAL_BIDS,
    GameState,
    HandEntry,
    HandError,
    HandResult,
    SetupError,
    Side,
    has_hidden_character,
)
from scorekeeper.rules import HAND_FIELDS as ENTRY_FIELDS
from scorekeeper.rules.draw import game_draw_limit
from scorekeeper.rules.options import RulesError
from scorekeeper.store import games as services
from scorekeeper.store import tables
from scorekeeper.store.models import Game

MAX_SIDES = 8
MAX_NUMBER = 10_000
NAME_MAX_LENGTH = services.NAME_MAX_LENGTH
# A hand in a request: the number it will have, and the entry as the engine's codec names it.
HAND_FIELDS = ("n", *ENTRY_FIELDS)
EDIT_FIELDS = (*HAND_FIELDS, "version")
GAME_FIELDS = ("rules", "sides", "scores", "first_dealer", "table")
RULES_FIELDS = ("rules",)
FINISHED_FIELDS = ("finished",)
# The bids as the engine lists them, for the refusals: "15, 20, 25 or 30", and the special ones quoted.
_PLAIN_BIDS = ", ".join(str(b) for b in BIDS[:-1]) + f" or {BIDS[-1]}"
_EVERY_BID = [str(b) for b in BIDS] + [f'"{b}"' for b in SPECIAL_BIDS]
_GIVE_THE_BID = "Give the bid as " + ", ".join(_EVERY_BID[:-1]) + f" or {_EVERY_BID[-1]}"


# -- Turning stored games into JSON ----------------------------------------------


def state_json(game: Game, state: GameState) -> dict[str, Any]:
    """Return the documented state of a game."""
    return {**_state_head(game, state), "hands": [hand_json(hand) for hand in state.hands]}


def _state_head(game: Game, state: GameState) -> dict[str, Any]:
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


def state_response(game: Game, state: GameState, status: int = 200, *, wrapped: bool = True) -> Response:
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


# The rows last written for a game (per language), kept while its sheet only grows.
_ROWS: LRUCache[tuple[str, str], tuple[tuple[HandResult, ...], list[str]]] = LRUCache(maxsize=2_000)
_ROWS_LOCK = threading.Lock()


def _hand_rows(game_id: str, hands: tuple[HandResult, ...]) -> list[str]:
    """The sheet's rows as JSON text, in the request's language: those already written for its earlier hands reused."""
    key = (game_id, current_language())
    with _ROWS_LOCK:
        kept = _ROWS.get(key)
    done, rows = kept if kept is not None else ((), [])
    if len(done) > len(hands) or hands[: len(done)] != done:  # the same hands are the same objects: a quick check
        done, rows = (), []
    rows = rows + [_compact(hand_json(hand)) for hand in hands[len(done) :]]
    with _ROWS_LOCK:
        _ROWS[key] = (hands, rows)
    return rows


def draw_json(state: GameState) -> dict[str, Any]:
    """How many cards the players of the next hand may change (RULES.md §11), for those still playing."""
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


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _optional_side(data: dict[str, Any], name: str, label: str) -> int | None:
    value = data.get(name)
    if value is None:
        return None
    if not _is_int(value) or not 0 <= value < MAX_SIDES:
        raise BadInput(f"{label} is given by its side number, counting from 0", name)
    return value


def _numbers(data: dict[str, Any], name: str, label: str) -> tuple[int, ...] | None:
    value = data.get(name)
    if value is None:
        return None
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_SIDES or not all(_is_int(v) for v in value):
        raise BadInput(f"Give the {label} as a list of whole numbers, one per side", name)
    if any(abs(v) > MAX_NUMBER for v in value):
        raise BadInput(f"Those {label} are far more than a hand can hold", name)
    return tuple(value)


def _flag(data: dict[str, Any], name: str, label: str) -> bool:
    value = data.get(name, False)
    if value is None:
        return False
    if not isinstance(value, bool):
        raise BadInput(f"Say true or false for {label}", name)
    return value


def hand_from_json(data: dict[str, Any], *, n_required: bool = True) -> tuple[HandEntry, int | None]:
    """Return the hand entry and the hand number a request body describes.

    ``n`` is required when recording: without it a resent request would record the hand twice.
    """
    n = data.get("n")
    if n is None and n_required:
        raise BadInput("Give n, the number this hand will have (the state's next_n)", "n")
    if n is not None and (not _is_int(n) or not 1 <= n <= MAX_NUMBER):
        raise BadInput("The hand number must be a whole number from 1 up", "n")
    bid = data.get("bid")
    if bid is not None and not (_is_int(bid) or isinstance(bid, str)):
        raise BadInput(_GIVE_THE_BID, "bid")
    if isinstance(bid, str) and len(bid) > 20:
        raise BadInput(_GIVE_THE_BID, "bid")
    if isinstance(bid, str) and any(ch.isdigit() for ch in bid) and not any(ch.isalpha() for ch in bid):
        # "20" is read like 20; "²" or "٣" is not a bid.
        try:
            bid = parse_int(bid, lo=-MAX_NUMBER, hi=MAX_NUMBER, what="The bid")
        except NumberError:
            raise BadInput(_GIVE_THE_BID, "bid") from None
    if _is_int(bid) and abs(bid) > MAX_NUMBER:
        raise BadInput(f"{bid} is not a bid: bids are {_PLAIN_BIDS}", "bid")
    tricks = _numbers(data, "tricks", "tricks")
    points = _numbers(data, "points", "points")
    if tricks is None and points is None:
        raise BadInput("Give either the points or the tricks each side took", "points")
    if tricks is not None and points is not None:
        raise BadInput("Give either the points or the tricks each side took, not both", "points")
    entry = HandEntry(
        bidder=_optional_side(data, "bidder", "The bidder"),
        bid=bid,
        bagged=_flag(data, "bagged", "bagged"),
        hold=_flag(data, "hold", "hold"),
        tricks=tricks,
        high=_optional_side(data, "high", "The side that took the high"),
        points=points,
        partner=_optional_side(data, "partner", "The partner"),
        offsuit_set=_optional_side(data, "offsuit_set", "The side that set the bidder with off-suit cards"),
        tie_break_side=_optional_side(data, "tie_break_side", "The side that wins the tie-break"),
    )
    return entry, n


def _name(value: object, label: str, field: str) -> str:
    if not isinstance(value, str):
        raise BadInput(f"Give {label} as text", field)
    if len(value) > NAME_MAX_LENGTH:
        raise BadInput(f"{label[0].upper()}{label[1:]} can be at most {NAME_MAX_LENGTH} characters", field)
    value = value.strip()
    if not value:
        raise BadInput(f"Give {label}", field)
    if has_hidden_character(value):
        raise BadInput(
            "Names are written on one line, without control or invisible characters (such as zero-width spaces "
            "or text-direction marks)",
            field,
        )
    return value


def sides_from_json(value: object) -> list[Side]:
    """Return the sides a request body describes."""
    if not isinstance(value, list) or not 2 <= len(value) <= MAX_SIDES:
        raise BadInput("Give from 2 to 8 sides, each with a name and its players", "sides")
    sides = []
    for item in value:
        if not isinstance(item, dict):
            raise BadInput('Give each side as {"name": ..., "players": [...]}', "sides")
        players = item.get("players")
        if not isinstance(players, list) or not 1 <= len(players) <= MAX_SIDES:
            raise BadInput("Give each side's players as a list of names", "players")
        sides.append(
            Side(
                _name(item.get("name"), "a name for every side", "sides"),
                tuple(_name(p, "every player's name", "players") for p in players),
            )
        )
    return sides


# -- Checking who may write ------------------------------------------------------


def _rules_input(rules: object) -> str | dict[str, Any]:
    """Check the shape of ``rules`` (a preset name or an object of options), as the API document describes it."""
    if not isinstance(rules, (str, dict)):
        raise BadInput("Give the rules as a preset name or an object of options", "rules")
    from scorekeeper.api.spec_games import RULES_SCHEMA
    from scorekeeper.rules import Rules

    try:
        Rules.from_dict(rules)  # a RulesError says what is wrong in the engine's own words
    except (TypeError, ValueError) as exc:
        if isinstance(exc, RulesError):
            raise
        raise _unreadable_rules() from None
    if isinstance(rules, dict):
        # What the engine reads leniently (an object where a word belongs...) is still refused here.

        options = RULES_SCHEMA["oneOf"][1]["properties"]
        for name, value in rules.items():
            schema = options.get(name)
            if schema is None:
                continue  # the engine names an unknown option in its own words
            if not _fits(value, schema):
                label = schema.get("description", name)
                choices = schema.get("enum")
                allowed = " or ".join(str(c).lower() if c is not None else "null" for c in choices) if choices else None
                kind = {"boolean": "true or false", "integer": "a whole number"}.get(
                    schema.get("type") if isinstance(schema.get("type"), str) else (schema.get("type") or [""])[0], ""
                )
                raise BadInput(f"{label}: give {allowed or kind or 'another value'}", name)
    if isinstance(rules, str) and len(rules) > 40:
        raise BadInput("There is no such preset", "rules")
    return rules


def _fits(value: object, schema: dict[str, Any]) -> bool:
    """Whether *value* has the type (or is one of the values) an option's schema names."""
    if "enum" in schema:
        return any(value is choice or (type(value) is type(choice) and value == choice) for choice in schema["enum"])
    kinds = schema.get("type", [])
    kinds = [kinds] if isinstance(kinds, str) else kinds
    return (
        ("null" in kinds and value is None)
        or ("boolean" in kinds and isinstance(value, bool))
        or ("integer" in kinds and _is_int(value))
        or ("string" in kinds and isinstance(value, str))
    )


def _unreadable_rules() -> BadInput:
    return BadInput("Those rules cannot be read: give a preset name and option values", "rules")


def _game_or_404(game_id: str) -> Game:
    game = services.load_game(game_id)
    if game is None:
        raise BadInput("There is no game with that id", "id", 404)
    return game


def _game_to_change(game_id: str) -> Game:
    """The game named, if the request carries its edit token (a write without it is refused)."""
    game = _game_or_404(game_id)
    token = bearer_token()
    if token is None:
        raise BadInput(
            "Recording needs the game's edit token: Authorization: Bearer <edit_token>", "authorization", 401
        )
    found = services.access(game, token)
    if found is services.Access.EDIT:
        return game
    if found is services.Access.VIEW:
        raise BadInput(
            "That is the token of the link that only shows the score; it cannot change it", "authorization", 403
        )
    raise BadInput("That token does not belong to this game", "authorization", 403)


def _answer(exc: Exception) -> Response:
    if isinstance(exc, BadInput):
        return input_error(str(exc), exc.field, exc.status, exc.code)
    if isinstance(exc, tables.TableError):
        return api_error(str(exc), exc.field, exc.status)
    if isinstance(exc, services.GameConflict):
        return api_error(str(exc), exc.field or "n", 409)
    field = getattr(exc, "field", None)
    return api_error(words.refusal(exc), field, 422, error_code(422, getattr(exc, "code", None)))


REFUSALS = (BadInput, services.GameConflict, HandError, SetupError, RulesError, tables.TableError)


def _state_answer(game: Game, state: GameState) -> Response:
    """The answer to a change: the game's state after it."""
    return state_response(game, state)


# -- Routes ----------------------------------------------------------------------


@bp.post("/games")
def create_game() -> Response:
    """Start a game."""
    try:
        data = read_body(GAME_FIELDS)
        if "sides" not in data:
            raise BadInput("Give the sides playing, each with a name and its players", "sides")
        sides = sides_from_json(data["sides"])
        rules = _rules_input(data["rules"]) if "rules" in data else None
        scores = _numbers(data, "scores", "starting scores")
        first_dealer = data.get("first_dealer", 0)
        if not _is_int(first_dealer):
            raise BadInput("The first dealer is given by seat number, counting from 0", "first_dealer")
        try:
            if data.get("table") is not None:
                # A game of a table: its edit token is the Bearer, its players join the roster.
                if not isinstance(data["table"], str):
                    raise BadInput(gettext("Give the table's id as text"), "table")
                table = table_for(data["table"], edit=True)
                game = tables.start_game(table, rules, sides, first_dealer=first_dealer, scores=scores)
            else:
                game = services.create_game(rules, sides, first_dealer=first_dealer, scores=scores)
        except TypeError:
            raise _unreadable_rules() from None
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


@bp.get("/games/<game_id>")
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


def _precondition(game: Game, version: object, *, required: bool) -> None:
    """Check the version an edit was made from: ``"version"`` in the body, or an ``If-Match`` of the ETag.

    A stale version is 409 (another phone changed the game), a stale If-Match 412,
    neither (when required) 428.
    """
    if version is not None:
        if not _is_int(version) or version < 1:
            raise BadInput("version is the game's version from its state: a whole number from 1 up", "version")
        if version != game.version:
            raise services.StaleGame(
                f"The game is at version {game.version}, not {version}: another phone changed it. "
                "Read it again and retry."
            )
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


@bp.post("/games/<game_id>/hands")
def games_record_hand(game_id: str) -> Response:
    """Record the next hand."""
    try:
        game = _game_to_change(game_id)
        entry, n = hand_from_json(read_body(HAND_FIELDS))
    except REFUSALS as exc:
        return _answer(exc)
    recording = services.record(game, entry, n)
    if recording.outcome is not services.Outcome.RECORDED:
        status = 422 if recording.outcome is services.Outcome.REFUSED else 409
        if recording.refusal is not None:
            code = error_code(status, recording.refusal.code)
            return api_error(words.refusal(recording.refusal), recording.field, status, code)
        return api_error(recording.message, recording.field, status)
    return state_response(game, recording.state, 201)


@bp.delete("/games/<game_id>/hands/last")
def games_undo_hand(game_id: str) -> Response:
    """Undo the last hand."""
    try:
        game = _game_to_change(game_id)
        given = request.args.getlist("n")
        if len(given) > 1:
            raise BadInput("Give n once", "n", 400)
        try:
            expected = parse_int(given[0], lo=1, hi=MAX_NUMBER, what="The hand number") if given else None
        except NumberError as exc:
            raise BadInput(str(exc), "n", 400) from None
        _precondition(game, None, required=False)
        state = services.undo_last(game, expected)
    except REFUSALS as exc:
        return _answer(exc)
    return _state_answer(game, state)


@bp.put("/games/<game_id>/hands/<int:n>")
def games_edit_hand(game_id: str, n: int) -> Response:
    """Replace hand n and recompute every later hand."""
    try:
        game = _game_to_change(game_id)
        data = read_body(EDIT_FIELDS)
        entry, body_n = hand_from_json(data, n_required=False)
        if body_n is not None and body_n != n:
            raise BadInput(f"The address names hand {n} but the body says hand {body_n}", "n")
        _precondition(game, data.get("version"), required=True)
        state = services.edit_hand(game, n, entry)
    except REFUSALS as exc:
        return _answer(exc)
    return _state_answer(game, state)


@bp.put("/games/<game_id>/rules")
def games_change_rules(game_id: str) -> Response:
    """Play a game under other rules; only before its first hand (409 after)."""
    try:
        game = _game_to_change(game_id)
        data = read_body(RULES_FIELDS)
        if "rules" not in data:
            raise BadInput("Give the rules: a preset name or an object of options", "rules")
        rules = _rules_input(data["rules"])
        _precondition(game, None, required=False)
        try:
            state = services.change_rules(game, rules)
        except TypeError:
            raise _unreadable_rules() from None
    except REFUSALS as exc:
        return _answer(exc)
    return _state_answer(game, state)


@bp.put("/games/<game_id>/finished")
def games_set_finished(game_id: str) -> Response:
    """Finish a game early (``{"finished": true}``: no more hands), or open it again."""
    try:
        game = _game_to_change(game_id)
        data = read_body(FINISHED_FIELDS)
        if not isinstance(data.get("finished"), bool):
            raise BadInput("Say true to finish the game here, or false to play on", "finished")
        _precondition(game, None, required=False)
        services.finish_game(game, data["finished"])  # refreshes the game it changes
        state = services.state_for(game)
    except REFUSALS as exc:
        return _answer(exc)
    return _state_answer(game, state)
