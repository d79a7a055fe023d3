"""The games part of the JSON API: start a game, record, undo and change hands, read the sheet.

Writes need ``Authorization: Bearer <edit_token>``. Reading a game needs only its
id (an unguessable random string, shared only inside the game's links), so a
display board can follow a game without holding a token that could change it.
Reads answer ``ETag``; ``If-None-Match`` or ``?since=<version>`` answer 304 when
nothing changed. Edits of a hand carry the version they were made from
(``"version"`` in the body, or ``If-Match``): a stale one changes nothing.

Each route declares its path, query, headers, body and answers as the models below: the library reads the request
by them and writes them into the document; every answer is the object its model's ``of`` builds, as the model
describes it.
"""

from __future__ import annotations

import threading
import typing
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Annotated, Any, Self, TypeVar, cast

from cachetools import LRUCache
from flask import Response, current_app, make_response, request
from flask_openapi3.types import ResponseDict
from pydantic import (
    AfterValidator,
    ConfigDict,
    Field,
    ValidationError,
    ValidatorFunctionWrapHandler,
    WrapValidator,
    create_model,
    field_validator,
    model_validator,
)
from pydantic.json_schema import SkipJsonSchema, WithJsonSchema
from werkzeug.http import parse_etags

from scorekeeper import rules as engine
from scorekeeper import words
from scorekeeper.api.base import BadInput, bearer_token, bp, door, error, error_code, made_at, page_link, routes
from scorekeeper.api.schema import (
    NAME_PATTERN,
    NO_EDIT_TOKEN,
    NOT_JSON,
    Answer,
    AnswerPart,
    Asked,
    Closed,
    DocumentSchema,
    Schema,
    enum,
    error_body,
    one_of,
    read_as,
)
from scorekeeper.api.shapes import Door, bearer, picked
from scorekeeper.api.tables import table_for
from scorekeeper.platform.i18n import current_language
from scorekeeper.platform.numbers import NumberError, parse_int
from scorekeeper.platform.shelf import app_lru
from scorekeeper.rules.draw import game_draw_limit
from scorekeeper.store import games as services
from scorekeeper.store import tables
from scorekeeper.store.models import Game, Linked
from scorekeeper.words import api as said
from scorekeeper.words.options import option_label

MAX_NUMBER = 10_000
G = TypeVar("G", bound=Linked)
MAX_SIDES = 8


# -- What a request gives --------------------------------------------------------

SideIndex = Annotated[int, Field(ge=0, le=MAX_SIDES - 1)]
_BID = {
    "oneOf": [
        {"type": "integer", "enum": list(engine.BIDS)},
        {"type": "string", "enum": list(engine.SPECIAL_BIDS)},
        {"type": "null"},
    ]
}


Numbers = list[Annotated[int, Field(ge=-MAX_NUMBER, le=MAX_NUMBER)]] | None
_POINTS = {"multipleOf": engine.POINTS_PER_TRICK, "minimum": -MAX_NUMBER, "maximum": MAX_NUMBER}


def _per_side(items: dict[str, Any], description: str | None = None) -> Any:
    """Whole numbers, one per side: the request checks their kind and size, the engine their count and values."""
    extra: Any = {"minItems": 2, "items": {"type": "integer", **items}}
    return Field(min_length=1, max_length=MAX_SIDES, description=description, json_schema_extra=extra)


class HandFields(Closed):
    # A hand as a request gives it; the number it has is required when it is recorded, not when it is changed.
    n: int | None = None
    bid: Annotated[int | str | None, WithJsonSchema(_BID)] = None
    tricks: Annotated[Numbers, _per_side({"minimum": 0, "maximum": engine.TRICKS_IN_HAND})] = None
    points: Annotated[Numbers, _per_side(_POINTS)] = None
    bidder: SideIndex | None = Field(None, description="The side that won the bid; absent or null without bidding.")
    bagged: bool | None = Field(None, json_schema_extra={"default": False})
    hold: bool | None = Field(None, json_schema_extra={"default": False})
    high: SideIndex | None = None
    """The side that took the high; null where a 25-point hand is allowed."""
    partner: SideIndex | None = Field(None, description="With call_for_partner.")
    offsuit_set: SideIndex | None = None
    """With offsuit_set_bonus: the defending side that set the bidder with non-trump cards only (it scores 30)."""
    tie_break_side: SideIndex | None = None
    """With tie_break: the tied side that took the later trick (last-trick) or reached the target first (first-out). Needed only when tied sides would otherwise play on; a hand that needs it and lacks it is refused with field tie_break_side."""

    @model_validator(mode="before")
    @classmethod
    def _null_is_left_out(cls, data: Any) -> Any:
        return {key: value for key, value in data.items() if value is not None} if isinstance(data, dict) else data

    @field_validator("bid", mode="before")
    @classmethod
    def _bid(cls, bid: Any) -> int | str | None:
        readable = bid is None or type(bid) is int or (isinstance(bid, str) and len(bid) <= 20)
        digits = isinstance(bid, str) and any(ch.isdigit() for ch in bid) and not any(ch.isalpha() for ch in bid)
        if readable and digits:
            try:  # "20" is read like 20; "²" or "٣" is not a bid.
                bid = parse_int(bid, lo=-MAX_NUMBER, hi=MAX_NUMBER, what="The bid")
            except NumberError:
                readable = False
        if not readable:
            raise BadInput(said.give_bid(), "bid")
        if type(bid) is int and abs(bid) > MAX_NUMBER:  # not True, which is an int too
            raise BadInput(said.not_a_bid(bid), "bid")
        return cast(int | str | None, bid)

    @model_validator(mode="after")
    def _points_or_tricks(self) -> Self:
        if (self.tricks is None) == (self.points is None):
            raise BadInput(said.points_or_tricks(both=self.tricks is not None), "points")
        return self


class HandInput(HandFields):
    """Either `points` or `tricks` (with `high`)."""

    n: Annotated[
        int,
        Field(ge=1, le=MAX_NUMBER, description="The number this hand will have (the state's next_n); 409 if taken."),
    ]


class HandEdit(HandFields):
    """The hand as it should stand, and the game's `version` it was made from (or send `If-Match`)."""

    n: Annotated[int, Field(ge=1, le=MAX_NUMBER, description="If given, the address's n.")] | None = None
    version: Annotated[int, Field(ge=1, description="The game's version this edit was made from.")] | None = None


def _name(field: str) -> AfterValidator:
    """A name a request gives: trimmed, on one line, with something to read."""

    def check(value: str) -> str:
        value = value.strip()
        if not value:
            raise BadInput(said.give_name(field), field)
        if engine.has_hidden_character(value):
            raise BadInput(said.name_hidden_characters(), field)
        return value

    return AfterValidator(check)


# The pattern says in the document what the check does.
_NAME = Field(max_length=services.NAME_MAX_LENGTH, json_schema_extra={"pattern": NAME_PATTERN})


class SideInput(Schema):
    players: Annotated[
        list[Annotated[str, _NAME, _name("players")]],
        Field(min_length=1, max_length=MAX_SIDES),
    ]
    name: Annotated[str, _NAME, _name("sides")]


def _option_type(name: str, kind: Any) -> tuple[Any, Any]:
    """An option of the rules as a request gives it, and its field: the choices the rule book lists, or its kind."""
    info = engine.OPTION_INFO.get(name)
    choices = info.choices if info is not None else None
    if choices and not all(isinstance(c, bool) for c in choices):
        nullable = None in choices or type(None) in typing.get_args(kind)
        kind = one_of([c for c in choices if c is not None] + [None] * nullable)
    # The document is written in English: read at import, outside any request, the label is the catalog's source.
    return kind, Field(None, description=option_label(name) if info is not None else None)


def _option_refusal(name: str) -> str:
    """What an option of the wrong kind is told: its label, and the values or the kind it takes."""
    schema = RuleChanges.model_json_schema(schema_generator=DocumentSchema)["properties"][name]
    label = schema.get("description", name)
    choices = schema.get("enum")
    allowed = " or ".join(str(c).lower() if c is not None else "null" for c in choices) if choices else None
    kinds = schema.get("type", [""])
    kind = {"boolean": "true or false", "integer": "a whole number"}.get(kinds if isinstance(kinds, str) else kinds[0])
    return f"{label}: give {allowed or kind or 'another value'}"


_OPTIONS: dict[str, Any] = {
    name: _option_type(name, kind) for name, kind in typing.get_type_hints(engine.Rules).items()
}
RuleChanges = create_model("RuleChanges", __base__=Closed, preset=(one_of(engine.PRESETS), Field(None)), **_OPTIONS)
RULES_DESCRIPTION = (
    'A preset name, or `{"preset": ..., <option>: <value>}` (options left out follow the preset). '
    "Values the rule book does not allow together are refused with 422."
)


def _rules(rules: Any, _handler: ValidatorFunctionWrapHandler) -> str | dict[str, Any]:
    """The rules a request gives, checked by the engine in its own words, then the kind of each option's value."""
    if not isinstance(rules, (str, dict)):
        raise BadInput(said.rules_not_text_or_object(), "rules")
    try:
        engine.Rules.from_dict(rules)  # a RulesError says what is wrong in the engine's own words
    except (TypeError, ValueError) as exc:
        if isinstance(exc, engine.RulesError):
            raise
        raise BadInput(said.unreadable_rules(), "rules") from None
    if isinstance(rules, str):
        if len(rules) > 40:
            raise BadInput(said.no_such_preset(), "rules")
        return rules
    # What the engine reads leniently (an object where a word belongs...) is still refused here; choices are matched
    # by kind too: 15.0 is not the 15 a rule book lists.
    refused = [name for name, value in rules.items() if isinstance(value, float) and name in RuleChanges.model_fields]
    try:
        RuleChanges.model_validate(rules)
    except ValidationError as exc:
        refused.append(str(exc.errors()[0]["loc"][0]))
    if refused:
        raise BadInput(_option_refusal(refused[0]), refused[0])
    return rules


if TYPE_CHECKING:
    RulesValue = str | dict[str, Any]
else:
    RulesValue = Annotated[one_of(engine.PRESETS) | RuleChanges, Field(description=RULES_DESCRIPTION)]
# The rules a request gives are checked as they are given, null too where they may be left out.
_CHECK_RULES = WrapValidator(_rules)


class NewGame(Closed):
    sides: Annotated[list[SideInput], Field(min_length=2, max_length=MAX_SIDES)]
    rules: Annotated[
        RulesValue | None,
        _CHECK_RULES,
        Field(description=RULES_DESCRIPTION + " Left out: new-england."),
    ] = None
    scores: Annotated[Numbers, _per_side(_POINTS, "Scores carried on from a game started on paper, one per side.")] = (
        None
    )
    first_dealer: int = Field(0, description="Seat of the first dealer (from 0).")
    table: str | None = None
    """A table's id: the game is one of that table's (send the table's edit token as `Authorization: Bearer`); each side's players are roster names, a new name joins the roster."""


class RulesInput(Closed):
    rules: Annotated[RulesValue, _CHECK_RULES]


class FinishedInput(Closed):
    finished: bool


class GamePath(Schema):  # always given: the address holds it
    game_id: Annotated[
        str,
        read_as(Annotated[str, Field(max_length=64)]),  # any other id is 404, as an unknown one
        Field(description="The game's id, as returned when it was created."),
    ]


class HandPath(GamePath):
    n: Annotated[int, read_as(Annotated[int, Field(ge=1)]), Field(description="The hand's number, from 1.")]


def _once(
    name: str, what: Callable[[], str], lo: int, hi: int, told: Callable[[str], str] = str, *, bounded: bool = True
) -> Any:
    """A whole number the query gives once at most, from *lo* to *hi* (read past *hi* too unless *bounded*), None when
    it is left out; *told* says a refusal."""

    def read(value: Any) -> int | None:
        if value is None:
            return None
        if len(request.args.getlist(name)) > 1:
            raise BadInput(said.give_once(name), name, 400)
        try:
            return parse_int(value, lo=lo, hi=hi if bounded else None, what=what())
        except NumberError as exc:
            raise BadInput(told(str(exc)), name, 400) from None

    return read_as(Annotated[int, Field(ge=lo, le=hi)], read)


class SinceQuery(Asked):
    since: Annotated[
        int | None,
        _once("since", lambda: "since", 0, 999_999_999, said.since_refused, bounded=False),
        Field(description="The `version` the caller already has (given once)."),
    ] = None


class UndoQuery(Asked):
    n: Annotated[
        int | None,
        _once("n", words.hand_number, 1, MAX_NUMBER),
        Field(description="The number of the hand meant to be undone."),
    ] = None


# A header, as sent.
Sent = Annotated[str | None, read_as(str)]


class Known(Asked):
    if_none_match: Sent = Field(
        None, alias="If-None-Match", description="The ETag of an answer the caller already has."
    )


class Precondition(Asked):
    if_match: Sent = Field(
        None,
        alias="If-Match",
        description="The game's ETag this change was made from; 412 if the game has changed since.",
    )


# -- What an answer says ---------------------------------------------------------
# Each model describes an answer, and its ``of`` writes it from the engine's values as the JSON object the model
# describes: what the engine made is not validated again on each request (the API tests check every answer they get
# against the document).


class GameLinks(AnswerPart):
    edit: str | None = Field(json_schema_extra={"format": "uri-reference"})
    """The score sheet that can record hands: absolute with SCOREKEEPER_PUBLIC_URL (or SCOREKEEPER_ALLOWED_HOSTS) set, else its path."""
    view: str | None = Field(json_schema_extra={"format": "uri-reference"})
    """The read-only score sheet, to follow the game."""

    @classmethod
    def of(cls, game: Game) -> dict[str, Any]:
        return {
            "edit": page_link("games.sheet", game_id=game.id, token=game.edit_token),
            "view": page_link("games.view", game_id=game.id, token=game.view_token),
        }


class NoteCode(AnswerPart):
    code: str = enum(str(kind) for kind in engine.NoteKind)
    side: int


# The engine's tuples, written out as JSON arrays.
Marks = Sequence[Annotated[str, enum(engine.STANDINGS)]]
Row = Sequence[int]


class HandRow(Answer):
    n: int
    dealer: str
    bidder: int | None
    bid: Annotated[int | str | None, WithJsonSchema(_BID)]
    bagged: bool = False
    hold: bool = False
    partner: int | None = None
    offsuit_set: int | None = None
    tie_break_side: int | None = None
    tricks: Row | None = None
    high: int | None = None
    points: Row
    deltas: Row
    scores: Row
    made: bool | None = Field(None, description="Whether the bid was made; null without bidding.")
    notes: list[str] = []
    """The notes as sentences, in the request's Accept-Language (codes: note_codes)."""
    note_codes: list[NoteCode] = []
    """The notes as codes, in the same order: what each is about and the side it names."""
    standing: Sequence[Marks] = []

    @classmethod
    def of(cls, hand: engine.HandResult) -> dict[str, Any]:
        """One row of the sheet: the hand's own fields, its notes said and as codes."""
        codes = [{"code": note.kind, "side": note.side} for note in hand.notes]
        return {**picked(hand, *_FROM_HAND), "notes": [words.note(note) for note in hand.notes], "note_codes": codes}


# The fields of a row that are the engine's own, under the same name.
_FROM_HAND = tuple(name for name in HandRow.model_fields if name in engine.HandResult.__dataclass_fields__)


class Draw(AnswerPart):
    players: int = 0
    keep: int = 0
    change: int = 0
    others_change: int = 0
    four_and_a_flip: bool = False

    @classmethod
    def of(cls, state: engine.GameState) -> dict[str, Any]:
        """How many cards the players of the next hand may change (the rule book's draw limits, /rules#draw-limits)."""
        limit = game_draw_limit(state)
        return picked(limit, "players", "keep", "change", "others_change") | {"four_and_a_flip": limit.flip}


class GameSide(AnswerPart):
    players: list[str]
    name: str


class GameState(Answer):
    """The game as it stands."""

    # The library's own key: the headers of the answer that reads a game.
    model_config = cast(
        ConfigDict,
        {"openapi_extra": {"headers": {"ETag": {"schema": {"type": "string"}, "description": "The game's version."}}}},
    )

    id: str
    version: int = Field(0, description="Goes up by one with every change.")
    rules: dict[str, Any] = Field(description="Every house rule of the rule book (/rules#options) and its value.")
    sides: list[GameSide]
    scores: Row
    winner: int | None
    win_reason: str | None = Field(None, description="Who won and why, as a sentence in the request's Accept-Language.")
    win_reason_code: str | None = enum(
        [*(str(reason) for reason in engine.WinReason), None],
        default=None,
        description="Which rule decided the winner, as a code (the sentence is win_reason).",
    )
    finished: bool = Field(False, description="The game is over: won, or finished early (then it takes no hands).")
    standing: Sequence[Marks]
    dealer: str = Field(description="Who deals the next hand.")
    first_bidder: str = ""
    next_n: int = 0
    min_bids: Sequence[int | None] = []
    overtime: list[int] = []
    """Under tie_break overtime: the tied sides that alone play the next hands until one wins (the others neither bid nor score). Empty otherwise."""
    draw: Draw | SkipJsonSchema[None] = None
    """The draw of the next hand, for the players still playing it: keep at least `keep` of your own cards and change at most `change` (the bidder) or `others_change` (everyone else; 3 in One-hundred and ten). With four_and_a_flip `keep` is 0."""
    hands: list[HandRow]

    @classmethod
    def of(cls, game: Game | services.GameHead, state: engine.GameState) -> dict[str, Any]:
        """The state of *game* but its rows (``hands``)."""
        setup = state.setup
        return picked(state, *_FROM_STATE) | {
            "id": game.id,
            "version": game.version,
            "rules": setup.rules.to_dict(),
            "sides": [{"name": side.name, "players": list(side.players)} for side in setup.sides],
            "win_reason": words.win_reason(state),
            "win_reason_code": state.won_by,
            "finished": state.winner is not None or game.finished_at is not None,
            "overtime": sorted(state.overtime),
            "draw": Draw.of(state),
        }


# The fields of a game's answer that are the engine's own, under the same name.
_FROM_STATE = ("scores", "winner", "standing", "dealer", "first_bidder", "next_n", "min_bids")


class StateAnswer(Answer):
    """The game after the change."""

    state: GameState


class CreatedGame(Answer):
    """The game was started."""

    id: str
    edit_token: str = Field(description="Send as `Authorization: Bearer` to record.")
    view_token: str = Field("", description="Token of the read-only link; it can never write.")
    links: GameLinks
    state: GameState

    @classmethod
    def of(cls, game: Game, state: engine.GameState) -> dict[str, Any]:
        """The game just started: its tokens, its links and its state (no hand yet)."""
        tokens = {"id": game.id, "edit_token": game.edit_token, "view_token": game.view_token}
        return tokens | {"links": GameLinks.of(game), "state": GameState.of(game, state) | {"hands": []}}


def _compact(answer: dict[str, Any]) -> str:
    """The JSON text of *answer* as ``jsonify`` writes it outside debug mode (no spaces)."""
    return current_app.json.dumps(answer, separators=(",", ":"))


def _json(text: str, status: int) -> Response:
    return current_app.response_class(text + "\n", status=status, mimetype="application/json")


def state_response(
    game: Game | services.GameHead, state: engine.GameState, status: int = 200, *, wrapped: bool = True
) -> Response:
    """The state of a game as a JSON answer (``{"state": ...}`` when *wrapped*), its hands' rows written once.

    A game's answer is mostly its sheet, and each hand recorded sends the whole sheet back: the rows already
    written for the game's earlier hands are reused as JSON text, so only the head and the new row are encoded.
    """
    head = _compact(GameState.of(game, state))
    body = f'{head[:-1]},"hands":[{",".join(_hand_rows(game.id, state.hands))}]}}'
    return _json(f'{{"state":{body}}}' if wrapped else body, status)


# The rows last written for a game (per language), kept while its sheet only grows (the app's, on the shelf).
_ROWS_LOCK = threading.Lock()


def _hand_rows(game_id: str, hands: tuple[engine.HandResult, ...]) -> list[str]:
    """The sheet's rows as JSON text, in the request's language: those already written for its earlier hands reused."""
    key = (game_id, current_language())
    shelved: LRUCache[tuple[str, str], tuple[tuple[engine.HandResult, ...], list[str]]] = app_lru(
        current_app, "api_hand_rows"
    )
    with _ROWS_LOCK:
        done, rows = shelved.get(key, ((), []))
    if hands[: len(done)] != done:  # the same hands are the same objects: a quick check (fewer hands: never equal)
        done, rows = (), []
    rows = rows + [_compact(HandRow.of(hand)) for hand in hands[len(done) :]]
    with _ROWS_LOCK:
        shelved[key] = (hands, rows)
    return rows


def _of_version(response: Response, game_id: str, version: int) -> Response:
    """*response*, tagged with the game's *version*, to be asked again each time (``no-cache``)."""
    response.set_etag(f"{game_id}-{version}")
    response.headers["Cache-Control"] = "no-cache"
    return response


def hand_entry(hand: HandFields) -> engine.HandEntry:
    """The engine's entry of a hand a request gives, read by the engine's own reader (``HandEntry.from_dict``)."""
    return engine.HandEntry.from_dict(hand.model_dump(exclude={"n", "version"}))


# -- Checking who may write ------------------------------------------------------


def _game(load: Callable[[str], G | None]) -> Door[G]:
    """The door to the game the address names: the game *load* finds (404), opened by its edit token (401, 403);
    ``.opens("game", "game_id")`` is the check of a change, which gives the view the game as ``game``."""
    return Door(
        load,
        services.access,
        lambda: BadInput(said.no_game(), "id", 404),
        no_token=said.game_token_needed,
        wrong_token=said.not_game_token,
        view_token=said.game_view_token_writes,
    )


@bp.errorhandler(engine.Refused)
def _refused(exc: engine.Refused) -> Response:
    """A request the engine refuses (a hand, a game's setup, its rules), said in the request's language."""
    return error(words.refusal(exc), exc.field, 422, error_code(422, exc.code))


@bp.errorhandler(services.GameConflict)
def _conflict(exc: services.GameConflict) -> Response:
    return error(words.refusal(exc), exc.field or "n", 409)


def _precondition(game: Game, version: int | None, if_match: str | None, *, required: bool) -> None:
    """Check the version an edit was made from: ``"version"`` in the body, or an ``If-Match`` of the ETag.

    A stale version is 409 (another phone changed the game), a stale If-Match 412,
    neither (when required) 428.
    """
    if version is not None and version != game.version:
        raise services.StaleGame(services.Said.VERSION_IS, version=game.version, given=version)
    tags = parse_etags(if_match)
    if version is None and if_match is not None and not (tags.star_tag or tags.contains(f"{game.id}-{game.version}")):
        raise BadInput(said.etag_moved(), "if-match", 412)
    if required and version is None and if_match is None:
        raise BadInput(said.which_version(), "version", 428)


# -- Routes ----------------------------------------------------------------------

_get, _post = routes("games", "get", "post")
_EDIT: list[dict[str, list[str]]] = [{"editToken": []}]
SECURITY_SCHEMES = {"editToken": bearer("The game's edit_token, returned when the game is created.")}
_NO_GAME = error_body("No game with that id.")
_WRITE_ERRORS: ResponseDict = {
    400: error_body("The body is not a JSON object, or a query value is not one whole number."),
    401: NO_EDIT_TOKEN,
    403: error_body("The token is not this game's edit token (the view token can never write)."),
    404: _NO_GAME,
    409: error_body(
        "Another phone changed the game first (for example it already recorded hand `n`); nothing was saved."
    ),
    412: error_body("The `If-Match` ETag is not the game's current one: nothing changed."),
    415: NOT_JSON,
    422: error_body(
        "The hand breaks the game's rules or a field has the wrong type; `field` names it. Nothing was saved."
    ),
    429: error_body("Too many requests from this address; `Retry-After` says when to try again. Nothing was saved."),
}


def _change(
    route: str, operation_id: str, description: str, answer: int = 200, more: ResponseDict | None = None
) -> Callable[[Callable[..., Response]], Callable[..., Response]]:
    """A route (``"put <rule>"``) that changes the game its address names, behind the door that checks its edit token,
    answering the game's state with *answer*."""
    method, rule = route.split()
    responses = {answer: StateAnswer, **_WRITE_ERRORS, **(more or {})}
    [declare] = routes("games", method, check=_game(services.load_game).opens("game", "game_id"), security=_EDIT)
    return declare(rule, operation_id=operation_id, description=description, responses=responses)


@_post(
    "/games",
    operation_id="createGame",
    description="Seats are dealt clockwise in the alternating order of the sides' players. "
    "The answer holds the edit token (keep it: it is the only way to record hands) "
    "and two links: the score sheet that can record, and the one that only shows.",
    responses={
        201: CreatedGame,
        401: error_body("With `table`: no `Authorization: Bearer <table's edit_token>` header."),
        403: error_body("With `table`: the token is not that table's edit token."),
        404: error_body("With `table`: no table with that id."),
        422: error_body("The game cannot be played as described; `field` names what to fix."),
        429: error_body("Too many games started from this address; `Retry-After` says when to try again."),
    },
)
@door()
def create_game(body: NewGame) -> Response:
    """Start a game"""
    # The rules were read by the engine with the body (``_rules``): the store reads the same value again, and
    # nothing of a kind the engine cannot read reaches it.
    sides = [engine.Side(side.name, tuple(side.players)) for side in body.sides]
    scores = tuple(body.scores) if body.scores is not None else None
    if body.table is not None:
        # A game of a table: its edit token is the Bearer, its players join the roster.
        table = table_for(body.table, edit=True)
        game = tables.start_game(table, body.rules, sides, first_dealer=body.first_dealer, scores=scores)
    else:
        game = services.create_game(body.rules, sides, first_dealer=body.first_dealer, scores=scores)
    return made_at(
        _json(_compact(CreatedGame.of(game, services.state_for(game))), 201), "api.games_read", game_id=game.id
    )


@_get(
    "/games/<game_id>",
    operation_id="getGame",
    description="Public to anyone holding the game's id (a random, unguessable string that travels "
    "only inside the game's links); no token is needed to read. With `?since=<version>`, or "
    "`If-None-Match` holding the ETag of an earlier answer, the answer is 304 with no body while "
    "the game is still at that version, so a display board can poll cheaply.",
    responses={
        200: GameState,
        304: {"description": "Unchanged since the given version or ETag."},
        400: error_body("`since` is not one whole number."),
        404: _NO_GAME,
        429: error_body("Too many reads from this address; `Retry-After` says when to try again."),
    },
)
@door()
def games_read(path: GamePath, query: SinceQuery, header: Known) -> Response:
    """Read a game's score sheet"""
    game_id, since, known = path.game_id, query.since, parse_etags(header.if_none_match)
    if since is not None or known:
        # Unchanged since the caller's copy: one light query, no body.
        found = services.version_and_tokens(game_id)
        if found is not None and (found[0] == since or known.contains(f"{game_id}-{found[0]}")):
            return _of_version(make_response("", 304), game_id, found[0])
    game = _game(services.load_game).row(game_id)
    return _of_version(state_response(game, services.state_for(game), wrapped=False), game.id, game.version)


@_post(
    "/games/<game_id>/hands",
    operation_id="recordHand",
    security=_EDIT,
    description="`n`, the number the hand will have (the state's `next_n`), is required, so that two "
    "phones recording the same hand (or a request sent twice) record it once: the second gets 409. "
    f"A game keeps at most {services.MAX_HANDS} hands (422, field `game`, past that).",
    responses={201: StateAnswer, **_WRITE_ERRORS},
)
# The game's head alone, when this worker keeps its state: one light read.
@door(_game(services.game_to_write).opens("game", "game_id"))
def games_record_hand(game: services.GameHead, path: GamePath, body: HandInput) -> Response:
    """Record the next hand"""
    # The door found the game and checked this token: given both, the store never answers NOT_FOUND nor NOT_ALLOWED.
    recording = services.record(game.id, bearer_token(), hand_entry(body), body.n, loaded=game)
    match recording.outcome:
        case services.Outcome.RECORDED:
            return state_response(game, recording.standing, 201)
        case services.Outcome.REFUSED:
            code = error_code(422, getattr(recording.refusal, "code", None))
            return error(words.recording(recording), recording.field, 422, code)
    return error(words.recording(recording), recording.field, 409)


@_change(
    "delete /games/<game_id>/hands/last",
    "undoLastHand",
    "With `?n=<number>`, only undoes if hand `n` is still the last one (409 otherwise).",
)
def games_undo_hand(game: Game, path: GamePath, query: UndoQuery, header: Precondition) -> Response:
    """Undo the last hand"""
    _precondition(game, None, header.if_match, required=False)
    return state_response(game, services.undo_last(game, query.n))


@_change(
    "put /games/<game_id>/hands/<int:n>",
    "editHand",
    "Carries the version it was made from: `version` in the body (409 if the game has "
    "moved on) or `If-Match` with the game's ETag (412); without either, 428. If the changed "
    "hand, or any later hand, no longer stands under the rules, nothing changes and the answer "
    "says which hand and why.",
    more={428: error_body("Neither `version` nor `If-Match` says which version this edit was made from.")},
)
def games_edit_hand(game: Game, path: HandPath, header: Precondition, body: HandEdit) -> Response:
    """Replace hand n and recompute every later hand"""
    if body.n is not None and body.n != path.n:
        raise BadInput(said.hand_numbers_differ(path.n, body.n), "n")
    _precondition(game, body.version, header.if_match, required=True)
    return state_response(game, services.edit_hand(game, path.n, hand_entry(body)))


@_change(
    "put /games/<game_id>/rules",
    "changeRules",
    "Every score depends on the rules, so once the first hand is recorded the answer "
    "is 409 (field `rules`) and nothing changes.",
)
def games_change_rules(game: Game, path: GamePath, header: Precondition, body: RulesInput) -> Response:
    """Play the game under other rules (before its first hand only)"""
    _precondition(game, None, header.if_match, required=False)
    return state_response(game, services.change_rules(game, body.rules))


@_change(
    "put /games/<game_id>/finished",
    "setFinished",
    '`{"finished": true}` ends a game before anyone won: it takes no more hands '
    'until `{"finished": false}`. A game that was won cannot be opened again '
    "(422, field `finished`): undo the winning hand instead.",
)
def games_set_finished(game: Game, path: GamePath, header: Precondition, body: FinishedInput) -> Response:
    """Finish the game early, or open it again"""
    _precondition(game, None, header.if_match, required=False)
    services.finish_game(game, body.finished)  # refreshes the game it changes
    return state_response(game, services.state_for(game))
