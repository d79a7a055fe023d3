"""The games part of the API's description: its paths, and the models that give the document its schemas and
check the request bodies (merged into /api/v1/openapi.json)."""

from __future__ import annotations

import dataclasses
import sys
import unicodedata
from typing import TYPE_CHECKING, Annotated, Any, Self, TypeGuard, cast

from pydantic import (
    AfterValidator,
    Field,
    ValidationError,
    ValidatorFunctionWrapHandler,
    WrapValidator,
    create_model,
    field_validator,
    model_validator,
)
from pydantic.json_schema import SkipJsonSchema, WithJsonSchema

from scorekeeper.api.base import ERROR_CODES, BadInput
from scorekeeper.api.schema import Closed, DocumentSchema, Part, Schema, enum, json_request, one_of, parameter
from scorekeeper.api.schema import error_body as _error
from scorekeeper.api.schema import json_body as _json
from scorekeeper.api.schema import ref as _ref
from scorekeeper.platform.numbers import NumberError, parse_int
from scorekeeper.rules import (
    BIDS,
    OPTION_INFO,
    POINTS_PER_TRICK,
    PRESETS,
    REFUSED_NAME_CATEGORIES,
    SPECIAL_BIDS,
    STANDINGS,
    TRICKS_IN_HAND,
    NoteKind,
    Rules,
    WinReason,
    has_hidden_character,
)
from scorekeeper.rules.options import RulesError
from scorekeeper.store.games import MAX_HANDS, NAME_MAX_LENGTH
from scorekeeper.words import api as said
from scorekeeper.words.options import option_label

MAX_NUMBER = 10_000
MAX_SIDES = 8


_GAME_ID = parameter(
    "game_id", "path", {"type": "string", "maxLength": 64}, "The game's id, as returned when it was created."
)


def _hidden_characters() -> str:
    """A regex class body of every character a name may not hold (the engine's has_hidden_character)."""
    ranges: list[list[int]] = []
    for code in range(sys.maxunicode + 1):
        if unicodedata.category(chr(code)) in REFUSED_NAME_CATEGORIES:
            if ranges and ranges[-1][1] == code - 1:
                ranges[-1][1] = code
            else:
                ranges.append([code, code])

    def esc(code: int) -> str:
        # Beyond the first plane the character itself: \U escapes are not in every regex dialect.
        return f"\\u{code:04x}" if code <= 0xFFFF else chr(code)

    return "".join(esc(a) if a == b else f"{esc(a)}-{esc(b)}" for a, b in ranges)


_HIDDEN = _hidden_characters()
# Surrounding spaces are trimmed; inside, no control or invisible character; at least one visible one.
NAME_PATTERN = rf"^\s*[^\s{_HIDDEN}](?:[^{_HIDDEN}]*[^\s{_HIDDEN}])?\s*$"
# A name as the document describes it (the readers of each part of the API check it in their words).
Name = Annotated[str, Field(min_length=1, max_length=NAME_MAX_LENGTH, json_schema_extra={"pattern": NAME_PATTERN})]


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


_WRITE_ERRORS = {
    "400": _error("The body is not a JSON object, or a query value is not one whole number."),
    "401": _error("No `Authorization: Bearer <edit_token>` header."),
    "403": _error("The token is not this game's edit token (the view token can never write)."),
    "404": _error("No game with that id."),
    "409": _error(
        "Another phone changed the game first (for example it already recorded hand `n`); nothing was saved."
    ),
    "413": _error("The body is too large."),
    "412": _error("The `If-Match` ETag is not the game's current one: nothing changed."),
    "415": _error("The body was not sent as `application/json`."),
    "422": _error(
        "The hand breaks the game's rules or a field has the wrong type; `field` names it. Nothing was saved."
    ),
    "429": _error("Too many requests from this address; `Retry-After` says when to try again. Nothing was saved."),
}

_SECURED: list[dict[str, list[str]]] = [{"editToken": []}]
_IF_MATCH = parameter(
    "If-Match",
    "header",
    {"type": "string"},
    "The game's ETag this change was made from; 412 if the game has changed since.",
)


def _change(
    operation_id: str,
    summary: str,
    description: str,
    answers: dict[str, Any],
    *,
    body: str | None = None,
    hand: dict[str, Any] | None = None,
    if_match: bool = True,
    refusals: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A change to a game with its edit token: the hand it names, the ETag it was made from, the usual refusals."""
    operation: dict[str, Any] = {
        "operationId": operation_id,
        "summary": summary,
        "description": description,
        "tags": ["games"],
        "security": _SECURED,
        "parameters": [_GAME_ID, *([hand] if hand else []), *([_IF_MATCH] if if_match else [])],
    }
    if body is not None:
        operation["requestBody"] = json_request(_ref(body))
    operation["responses"] = {**answers, **_WRITE_ERRORS, **(refusals or {})}
    return operation


PATHS: dict[str, Any] = {
    "/api/v1/games": {
        "post": {
            "operationId": "createGame",
            "summary": "Start a game",
            "description": "Seats are dealt clockwise in the alternating order of the sides' players. "
            "The answer holds the edit token (keep it: it is the only way to record hands) "
            "and two links: the score sheet that can record, and the one that only shows.",
            "tags": ["games"],
            "requestBody": json_request(_ref("NewGame")),
            "responses": {
                "201": _json(_ref("CreatedGame"), "The game was started."),
                "400": _error("The body is not a JSON object."),
                "401": _error("With `table`: no `Authorization: Bearer <table's edit_token>` header."),
                "403": _error("With `table`: the token is not that table's edit token."),
                "404": _error("With `table`: no table with that id."),
                "413": _error("The body is too large."),
                "415": _error("The body was not sent as `application/json`."),
                "422": _error("The game cannot be played as described; `field` names what to fix."),
                "429": _error("Too many games started from this address; `Retry-After` says when to try again."),
            },
        }
    },
    "/api/v1/games/{game_id}": {
        "get": {
            "operationId": "getGame",
            "summary": "Read a game's score sheet",
            "description": "Public to anyone holding the game's id (a random, unguessable string that travels "
            "only inside the game's links); no token is needed to read. With `?since=<version>`, or "
            "`If-None-Match` holding the ETag of an earlier answer, the answer is 304 with no body while "
            "the game is still at that version, so a display board can poll cheaply.",
            "tags": ["games"],
            "parameters": [
                _GAME_ID,
                parameter(
                    "since",
                    "query",
                    {"type": "integer", "minimum": 0, "maximum": 999_999_999},
                    "The `version` the caller already has (given once).",
                ),
                parameter(
                    "If-None-Match", "header", {"type": "string"}, "The ETag of an answer the caller already has."
                ),
            ],
            "responses": {
                "200": {
                    **_json(_ref("GameState"), "The game as it stands."),
                    "headers": {"ETag": {"schema": {"type": "string"}, "description": "The game's version."}},
                },
                "304": {"description": "Unchanged since the given version or ETag."},
                "400": _error("`since` is not one whole number."),
                "404": _error("No game with that id."),
                "429": _error("Too many reads from this address; `Retry-After` says when to try again."),
            },
        }
    },
    "/api/v1/games/{game_id}/hands": {
        "post": _change(
            "recordHand",
            "Record the next hand",
            "`n`, the number the hand will have (the state's `next_n`), is required, so that two "
            "phones recording the same hand (or a request sent twice) record it once: the second gets 409. "
            f"A game keeps at most {MAX_HANDS} hands (422, field `game`, past that).",
            {"201": _json(_ref("StateAnswer"), "The hand was recorded.")},
            body="HandInput",
            if_match=False,
        )
    },
    "/api/v1/games/{game_id}/hands/last": {
        "delete": _change(
            "undoLastHand",
            "Undo the last hand",
            "With `?n=<number>`, only undoes if hand `n` is still the last one (409 otherwise).",
            {"200": _json(_ref("StateAnswer"), "The hand was undone.")},
            hand=parameter(
                "n",
                "query",
                {"type": "integer", "minimum": 1, "maximum": MAX_NUMBER},
                "The number of the hand meant to be undone.",
            ),
        )
    },
    "/api/v1/games/{game_id}/hands/{n}": {
        "put": _change(
            "editHand",
            "Replace hand n and recompute every later hand",
            "Carries the version it was made from: `version` in the body (409 if the game has "
            "moved on) or `If-Match` with the game's ETag (412); without either, 428. If the changed "
            "hand, or any later hand, no longer stands under the rules, nothing changes and the answer "
            "says which hand and why.",
            {"200": _json(_ref("StateAnswer"), "The hand was changed.")},
            body="HandEdit",
            hand=parameter("n", "path", {"type": "integer", "minimum": 1}, "The hand's number, from 1."),
            refusals={"428": _error("Neither `version` nor `If-Match` says which version this edit was made from.")},
        )
    },
    "/api/v1/games/{game_id}/rules": {
        "put": _change(
            "changeRules",
            "Play the game under other rules (before its first hand only)",
            "Every score depends on the rules, so once the first hand is recorded the answer "
            "is 409 (field `rules`) and nothing changes.",
            {"200": _json(_ref("StateAnswer"), "The game now follows these rules.")},
            body="RulesInput",
        )
    },
    "/api/v1/games/{game_id}/finished": {
        "put": _change(
            "setFinished",
            "Finish the game early, or open it again",
            '`{"finished": true}` ends a game before anyone won: it takes no more hands '
            'until `{"finished": false}`. A game that was won cannot be opened again '
            "(422, field `finished`): undo the winning hand instead.",
            {"200": _json(_ref("StateAnswer"), "Done.")},
            body="FinishedInput",
        )
    },
}

SideIndex = Annotated[int, Field(ge=0, le=MAX_SIDES - 1)]
_BID = {
    "oneOf": [
        {"type": "integer", "enum": list(BIDS)},
        {"type": "string", "enum": list(SPECIAL_BIDS)},
        {"type": "null"},
    ]
}


Numbers = list[Annotated[int, Field(ge=-MAX_NUMBER, le=MAX_NUMBER)]] | None
_POINTS = {"multipleOf": POINTS_PER_TRICK, "minimum": -MAX_NUMBER, "maximum": MAX_NUMBER}


def _per_side(items: dict[str, Any], description: str | None = None) -> Any:
    """Whole numbers, one per side: the request checks their kind and size, the engine their count and values."""
    extra: Any = {"minItems": 2, "items": {"type": "integer", **items}}
    return Field(min_length=1, max_length=MAX_SIDES, description=description, json_schema_extra=extra)


class HandFields(Closed):
    # A hand as a request gives it; the number it has is required when it is recorded, not when it is changed.
    n: int | None = None
    bid: Annotated[int | str | None, WithJsonSchema(_BID)] = None
    tricks: Annotated[Numbers, _per_side({"minimum": 0, "maximum": TRICKS_IN_HAND})] = None
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
        if bid is not None and not (_is_int(bid) or isinstance(bid, str)):
            raise BadInput(said.give_bid(), "bid")
        if isinstance(bid, str) and len(bid) > 20:
            raise BadInput(said.give_bid(), "bid")
        if isinstance(bid, str) and any(ch.isdigit() for ch in bid) and not any(ch.isalpha() for ch in bid):
            # "20" is read like 20; "²" or "٣" is not a bid.
            try:
                bid = parse_int(bid, lo=-MAX_NUMBER, hi=MAX_NUMBER, what="The bid")
            except NumberError:
                raise BadInput(said.give_bid(), "bid") from None
        if _is_int(bid) and abs(bid) > MAX_NUMBER:
            raise BadInput(said.not_a_bid(bid), "bid")
        return cast(int | str | None, bid)

    @model_validator(mode="after")
    def _points_or_tricks(self) -> Self:
        if self.tricks is None and self.points is None:
            raise BadInput(said.points_or_tricks(both=False), "points")
        if self.tricks is not None and self.points is not None:
            raise BadInput(said.points_or_tricks(both=True), "points")
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
        if has_hidden_character(value):
            raise BadInput(said.name_hidden_characters(), field)
        return value

    return AfterValidator(check)


# The pattern says in the document what the check does.
_NAME = Field(max_length=NAME_MAX_LENGTH, json_schema_extra={"pattern": NAME_PATTERN})


class SideInput(Schema):
    players: Annotated[
        list[Annotated[str, _NAME, _name("players")]],
        Field(min_length=1, max_length=MAX_SIDES),
    ]
    name: Annotated[str, _NAME, _name("sides")]


SECURITY_SCHEMES: dict[str, Any] = {
    "editToken": {
        "type": "http",
        "scheme": "bearer",
        "description": "The game's edit_token, returned when the game is created.",
    }
}


def _option_type(field: dataclasses.Field[Any]) -> tuple[Any, Any]:
    """An option of the rules as a request gives it, and its field: the choices the rule book lists, or its kind."""
    info = OPTION_INFO.get(field.name)
    choices = info.choices if info is not None else None
    nullable = "None" in str(field.type)
    kind: Any
    if choices and not all(isinstance(c, bool) for c in choices):
        values = [c for c in choices if c is not None]
        kind = one_of(values + ([None] if nullable or None in choices else []))
    elif "bool" in str(field.type):
        kind = bool
    elif "int" in str(field.type):
        kind = int | None if nullable else int
    else:
        kind = str | None if nullable else str
    # The document is written in English: read at import, outside any request, the label is the catalog's source.
    return kind, Field(None, description=option_label(field.name) if info is not None else None)


def _option_refusal(name: str) -> str:
    """What an option of the wrong kind is told: its label, and the values or the kind it takes."""
    schema = RuleChanges.model_json_schema(schema_generator=DocumentSchema)["properties"][name]
    label = schema.get("description", name)
    choices = schema.get("enum")
    allowed = " or ".join(str(c).lower() if c is not None else "null" for c in choices) if choices else None
    kinds = schema.get("type", [""])
    kind = {"boolean": "true or false", "integer": "a whole number"}.get(kinds if isinstance(kinds, str) else kinds[0])
    return f"{label}: give {allowed or kind or 'another value'}"


class _RuleChangesBase(Closed):
    @model_validator(mode="before")
    @classmethod
    def _no_fractions(cls, data: Any) -> Any:
        # Choices are matched by kind too: 15.0 is not the 15 a rule book lists.
        for name, value in data.items() if isinstance(data, dict) else ():
            if isinstance(value, float) and name in cls.model_fields:
                raise BadInput(_option_refusal(name), name)
        return data


_OPTIONS: dict[str, Any] = {field.name: _option_type(field) for field in dataclasses.fields(Rules)}
RuleChanges = create_model("RuleChanges", __base__=_RuleChangesBase, preset=(one_of(PRESETS), Field(None)), **_OPTIONS)
RULES_DESCRIPTION = (
    'A preset name, or `{"preset": ..., <option>: <value>}` (options left out follow the preset). '
    "Values the rule book does not allow together are refused with 422."
)


def unreadable_rules() -> BadInput:
    return BadInput(said.unreadable_rules(), "rules")


def _rules(rules: Any, _handler: ValidatorFunctionWrapHandler) -> str | dict[str, Any]:
    """The rules a request gives, checked by the engine in its own words, then the kind of each option's value."""
    if not isinstance(rules, (str, dict)):
        raise BadInput(said.rules_not_text_or_object(), "rules")
    try:
        Rules.from_dict(rules)  # a RulesError says what is wrong in the engine's own words
    except (TypeError, ValueError) as exc:
        if isinstance(exc, RulesError):
            raise
        raise unreadable_rules() from None
    if isinstance(rules, str):
        if len(rules) > 40:
            raise BadInput(said.no_such_preset(), "rules")
        return rules
    # What the engine reads leniently (an object where a word belongs...) is still refused here.
    try:
        RuleChanges.model_validate(rules)
    except ValidationError as exc:
        found = exc.errors()[0]
        if isinstance(found.get("ctx", {}).get("error"), BadInput):
            raise found["ctx"]["error"] from None
        name = str(found["loc"][0])
        raise BadInput(_option_refusal(name), name) from None
    return rules


if TYPE_CHECKING:
    RulesValue = str | dict[str, Any]
else:
    RulesValue = Annotated[one_of(PRESETS) | RuleChanges, Field(description=RULES_DESCRIPTION)]
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


class Links(Part):
    edit: str | None = Field(json_schema_extra={"format": "uri-reference"})
    """The score sheet that can record hands: absolute with SCOREKEEPER_PUBLIC_URL (or SCOREKEEPER_ALLOWED_HOSTS) set, else its path."""
    view: str | None = Field(json_schema_extra={"format": "uri-reference"})
    """The read-only score sheet, to follow the game."""


class NoteCode(Part):
    code: str = enum(str(kind) for kind in NoteKind)
    side: int


Marks = list[Annotated[str, enum(STANDINGS)]]


class HandRow(Schema):
    n: int
    dealer: str
    bidder: int | None
    bid: Annotated[int | str | None, WithJsonSchema(_BID)]
    bagged: bool = False
    hold: bool = False
    partner: int | None = None
    offsuit_set: int | None = None
    tie_break_side: int | None = None
    tricks: list[int] | None = None
    high: int | None = None
    points: list[int]
    deltas: list[int]
    scores: list[int]
    made: bool | None = Field(None, description="Whether the bid was made; null without bidding.")
    notes: list[str] = []
    """The notes as sentences, in the request's Accept-Language (codes: note_codes)."""
    note_codes: list[NoteCode] = []
    """The notes as codes, in the same order: what each is about and the side it names."""
    standing: list[Marks] = []


class Draw(Part):
    players: int = 0
    keep: int = 0
    change: int = 0
    others_change: int = 0
    four_and_a_flip: bool = False


class GameState(Schema):
    id: str
    version: int = Field(0, description="Goes up by one with every change.")
    rules: dict[str, Any] = Field(description="Every house rule of the rule book (/rules#options) and its value.")
    sides: list[SideInput]
    scores: list[int]
    winner: int | None
    win_reason: str | None = Field(None, description="Who won and why, as a sentence in the request's Accept-Language.")
    win_reason_code: str | None = enum(
        [*(str(reason) for reason in WinReason), None],
        default=None,
        description="Which rule decided the winner, as a code (the sentence is win_reason).",
    )
    finished: bool = Field(False, description="The game is over: won, or finished early (then it takes no hands).")
    standing: list[Marks]
    dealer: str = Field(description="Who deals the next hand.")
    first_bidder: str = ""
    next_n: int = 0
    min_bids: list[int | None] = []
    overtime: list[int] = []
    """Under tie_break overtime: the tied sides that alone play the next hands until one wins (the others neither bid nor score). Empty otherwise."""
    draw: Draw | SkipJsonSchema[None] = None
    """The draw of the next hand, for the players still playing it: keep at least `keep` of your own cards and change at most `change` (the bidder) or `others_change` (everyone else; 3 in One-hundred and ten). With four_and_a_flip `keep` is 0."""
    hands: list[HandRow]


class StateAnswer(Schema):
    state: GameState


class CreatedGame(Schema):
    id: str
    edit_token: str = Field(description="Send as `Authorization: Bearer` to record.")
    view_token: str = Field("", description="Token of the read-only link; it can never write.")
    links: Links
    state: GameState


class ErrorDetail(Part):
    message: str = Field(description="What is wrong, in a player's words, in the request's Accept-Language.")
    field: str | None = Field(description="The input to fix, if one.")
    code: str = enum(
        ERROR_CODES, default="", description="What is wrong, as a code that does not change with the language."
    )


class Error(Schema):
    error: ErrorDetail


MODELS = (Error, NewGame, RulesInput, FinishedInput, CreatedGame, HandInput, HandEdit, StateAnswer)
