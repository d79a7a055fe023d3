"""The card parties part of the API's description: its paths, and the models that give the document its schemas and
read the request bodies as the evening's forms read them (merged into /api/v1/openapi.json)."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Annotated, Any

from pydantic import Field, PlainValidator

from scorekeeper.api.base import BadInput
from scorekeeper.api.schema import Part, Read, Schema, enum, json_request, parameter, read_as
from scorekeeper.api.schema import error_body as _error
from scorekeeper.api.schema import json_body as _json
from scorekeeper.api.schema import ref as _ref
from scorekeeper.api.spec_games import Name as _NAME
from scorekeeper.party import MAX_COUPLES, MAX_GAMES, MAX_NAME, MAX_PRIZES, Couple, GameKind
from scorekeeper.platform.i18n import gettext as _
from scorekeeper.platform.numbers import NumberError
from scorekeeper.rules import LOWEST_TARGET
from scorekeeper.words import party as words

_PARTY_ID = parameter(
    "party_id", "path", {"type": "string"}, "The party's id, as returned when it was created (anything else is 404)."
)

_NO_TOKEN = _error("No `Authorization: Bearer <edit_token>` header.")
_NOT_EDIT_TOKEN = _error("The token is not this party's edit token.")
_NOT_JSON = _error("The body was not sent as application/json.")
_NOT_OBJECT = _error("The body is not a JSON object.")
_NO_PARTY = _error("No party with that id.")
_EDIT: list[dict[str, list[str]]] = [{"partyEditToken": []}]
_AUTH = {"401": _NO_TOKEN, "403": _NOT_EDIT_TOKEN}
_STATE_ANSWER = {"type": "object", "required": ["state"], "properties": {"state": _ref("Party")}}


def _couple_mark(
    operation_id: str, summary: str, description: str, *, done: str, conflict: str, refused: str
) -> dict[str, Any]:
    """Marking a couple gone home, or undoing it: one couple named by its index, an empty body, the state back."""
    return {
        "post": {
            "operationId": operation_id,
            "summary": summary,
            "description": description,
            "tags": ["parties"],
            "security": _EDIT,
            "parameters": [
                _PARTY_ID,
                parameter(
                    "index",
                    "path",
                    {"type": "integer", "minimum": 0},
                    "The couple's index in `couples`, counted from 0.",
                ),
            ],
            "requestBody": json_request(
                {"type": "object", "additionalProperties": False},
                "An empty JSON object, `{}`: like every write of the API, it is sent as JSON.",
            ),
            "responses": {
                "200": _json(_STATE_ANSWER, done),
                **_AUTH,
                "404": _error("No party with that id, or no couple with that index."),
                "415": _NOT_JSON,
                "409": _error(conflict),
                "422": _error(refused),
            },
        }
    }


PATHS: dict[str, Any] = {
    "/api/v1/parties": {
        "post": {
            "operationId": "createParty",
            "summary": "Start a card party",
            "description": "Couples are numbered by their index in `couples`. Tables are couples ÷ 2; an odd "
            "couple sits out each game, in turn. Game 1 is seated at once unless `start` is false.",
            "tags": ["parties"],
            "requestBody": json_request(_ref("NewParty")),
            "responses": {
                "201": _json(_ref("CreatedParty"), "The evening was created."),
                "400": _NOT_OBJECT,
                "413": _error("The body is larger than an evening needs."),
                "429": _error("Too many evenings created from this address in a short time; see `Retry-After`."),
                "415": _NOT_JSON,
                "422": _error("The evening cannot be run as described; `field` names what to fix."),
            },
        }
    },
    "/api/v1/parties/{party_id}": {
        "get": {
            "operationId": "getParty",
            "summary": "The evening as it stands",
            "tags": ["parties"],
            "parameters": [_PARTY_ID],
            "responses": {
                "200": _json(_ref("Party"), "Seating of the game being played, results, wins, punch cards, places."),
                "304": {"description": "Unchanged since the `ETag` sent as `If-None-Match`."},
                "404": _NO_PARTY,
            },
        }
    },
    "/api/v1/parties/{party_id}/results": {
        "post": {
            "operationId": "reportPartyResult",
            "summary": "Report which couple won a table in a game",
            "description": "The same result twice is answered 409 and saved once; a different winner for a "
            'result already in is 409 unless sent with `"correct": true`, which works out every later game again.',
            "tags": ["parties"],
            "security": _EDIT,
            "parameters": [
                _PARTY_ID,
                parameter(
                    "Prefer",
                    "header",
                    {"type": "string"},
                    "`return=minimal`: answer with this result and the party's version only "
                    "(a large evening is a GET away) instead of the whole evening. Other preferences are ignored "
                    "(RFC 7240).",
                ),
            ],
            "requestBody": json_request(_ref("PartyResult")),
            "responses": {
                "201": _json(
                    {
                        "anyOf": [
                            _STATE_ANSWER,
                            {
                                "type": "object",
                                "required": ["result", "version"],
                                "properties": {
                                    "result": {
                                        "type": "object",
                                        "required": ["game", "table", "winner"],
                                        "properties": {
                                            "game": {"type": "integer"},
                                            "table": {"type": "integer"},
                                            "winner": {"type": ["integer", "null"]},
                                        },
                                    },
                                    "version": {"type": "integer"},
                                },
                            },
                        ]
                    },
                    "The result is in: the whole evening, or with `Prefer: return=minimal` this result and the "
                    "party's version.",
                ),
                "400": _NOT_OBJECT,
                **_AUTH,
                "404": _NO_PARTY,
                "409": _error("That result is already in, or another winner is in (send `correct`)."),
                "415": _NOT_JSON,
                "422": _error("No such game or table yet, or that couple does not sit there; `field` names it."),
            },
        }
    },
    "/api/v1/parties/{party_id}/couples": {
        "post": {
            "operationId": "addLateCouple",
            "summary": "Register a late couple",
            "description": "The couple plays from the next game (the card party's rules of the evening): it fills an empty seat after the "
            "couple that sat out, in number order with other late arrivals. Its index (counted from 0) is "
            "`couple` in the answer.",
            "tags": ["parties"],
            "security": _EDIT,
            "parameters": [_PARTY_ID],
            "requestBody": json_request(_ref("LateCouple")),
            "responses": {
                "201": _json(
                    {
                        "type": "object",
                        "required": ["couple", "state"],
                        "properties": {"couple": {"type": "integer"}, "state": _ref("Party")},
                    },
                    "The couple is registered.",
                ),
                "400": _NOT_OBJECT,
                **_AUTH,
                "404": _NO_PARTY,
                "415": _NOT_JSON,
                "422": _error(
                    "No name, a name too long, or (field `couples`) the last game is being played or the evening "
                    "is over."
                ),
            },
        }
    },
    "/api/v1/parties/{party_id}/couples/{index}/gone": _couple_mark(
        "coupleGone",
        "Mark a couple gone home",
        "The couple plays no game after the one being played; its seat is filled as the rules of the evening say.",
        done="The couple is marked gone.",
        conflict="The couple is already marked gone.",
        refused="Fewer than two couples would be left playing, or the evening is over.",
    ),
    "/api/v1/parties/{party_id}/couples/{index}/back": _couple_mark(
        "coupleBack",
        "Undo marking a couple gone home",
        "The couple plays on, as if never marked gone. Only until the game it would miss is "
        "seated (before that game, or before the start); after that, register it again as a late couple.",
        done="The couple is no longer marked gone.",
        conflict="The couple is not marked gone (`code` `not-gone`).",
        refused="The game the couple would miss is already seated (`code` `gone-seated`), or the evening is over.",
    ),
}

# -- Reading what a request gives, as the evening's forms read it ------------------------------------


def whole(name: str, missing: Callable[[], str], lo: int, hi: int) -> Callable[[Any], int]:
    """The reader of a whole number from *lo* to *hi* (``parse_int``: 3.0 is read as 3); null is *missing*."""

    def read(value: Any) -> int:
        if value is None:
            raise BadInput(missing(), name)
        try:
            return words.whole(value, name, lo, hi)
        except NumberError as err:
            raise BadInput(str(err), name) from None

    return read


def flag(name: str) -> Callable[[Any], bool]:
    """The reader of true or false."""

    def read(value: Any) -> bool:
        if not isinstance(value, bool):
            raise BadInput(_("Say true or false for %(field)s", field=name), name)
        return value

    return read


def text(value: object, missing: str, field: str) -> str:
    """A name sent as text; *missing* says what to give when there is none."""
    if not isinstance(value, str):
        raise BadInput(_("Names are sent as text"), field)
    # Measured as sent, as the published schema counts it (surrounding spaces included).
    if len(value) > MAX_NAME:
        raise BadInput(_("Names may be at most %(max)d letters long", max=MAX_NAME), field)
    value = value.strip()
    if not value:
        raise BadInput(missing, field)
    if any(ord(ch) < 32 or 127 <= ord(ch) < 160 for ch in value):
        raise BadInput(_("Names are written on one line, without control characters"), field)
    return value


def players(value: Any) -> tuple[str, ...]:
    """A couple's players: two names at most."""
    if not isinstance(value, list) or len(value) > 2:
        raise BadInput(_("A couple is two players"), "players")
    return tuple(text(p, _("Give every player's name"), "players") for p in value)


def _couples(value: object) -> list[Couple]:
    if not isinstance(value, list) or not 2 <= len(value) <= MAX_COUPLES:
        raise BadInput(_("Give from 2 to %(limit)d couples, each with a name", limit=MAX_COUPLES), "couples")
    couples = []
    for item in value:
        if isinstance(item, str):
            couples.append(Couple(text(item, _("Give a name for every couple"), "couples")))
            continue
        if not isinstance(item, dict) or set(item) - {"name", "players"}:
            raise BadInput(_('Give each couple as {"name": ..., "players": [..., ...]}'), "couples")
        item_players = item.get("players", [])
        if not isinstance(item_players, list) or len(item_players) > 2:
            raise BadInput(_("A couple is two players"), "players")
        couples.append(
            Couple(text(item.get("name"), _("Give a name for every couple"), "couples"), players(item_players))
        )
    return couples


def read_date(value: object) -> datetime.date | None:
    if value is None:
        return None
    if not isinstance(value, str) or len(value) != 10:
        raise BadInput(_("Give the date as YYYY-MM-DD"), "date")
    try:
        return datetime.date.fromisoformat(value)
    except ValueError:
        raise BadInput(_("Give the date as YYYY-MM-DD"), "date") from None


def _kind(value: Any) -> GameKind:
    try:
        return GameKind(value)
    except ValueError:
        raise BadInput(_('Say what one game is: "one-hand", "play-to" or "bell"'), "kind") from None


def _cookie_jar(value: Any) -> int:
    if value is None or value is False or (type(value) is int and value == 0):
        return 0
    return whole("cookie_jar", lambda: _("Give the cookie jar"), 1, MAX_GAMES)(value)


def _play_to(value: Any) -> int | None:
    return None if value is None else whole("play_to", lambda: _("Give the score to play to"), 5, 200)(value)


# -- The models of the document's schemas -------------------------------------------------------------


def _name(missing: Callable[[], str], field: str) -> PlainValidator:
    """A name, described by the one name rule of the app: no control or invisible character, one visible at least."""
    return read_as(_NAME, lambda value: text(value, missing(), field))


_PLAYERS = read_as(Annotated[list[_NAME], Field(max_length=2)], players)


class _Couple(Part):
    name: _NAME
    players: Annotated[list[_NAME], Field(max_length=2)] = []


def _count(name: str, missing: Callable[[], str], lo: int, hi: int, default: int | None = None) -> PlainValidator:
    """A whole number from *lo* to *hi*; a setting with a *default* shows its highest value in the document too."""
    shown = Field(
        ge=lo, le=None if default is None else hi, json_schema_extra=None if default is None else {"default": default}
    )
    return read_as(Annotated[int, shown], whole(name, missing, lo, hi))


def _switch(name: str, default: bool) -> PlainValidator:
    return read_as(Annotated[bool, Field(json_schema_extra={"default": default})], flag(name))


class PartySettings(Read):
    # In the order the evening's settings are read: what one game is first.
    kind: Annotated[
        GameKind,
        read_as(
            Annotated[str, enum([str(kind) for kind in GameKind], json_schema_extra={"default": "one-hand"})], _kind
        ),
        Field(description="What one game is."),
    ] = GameKind("one-hand")
    cookie_jar: Annotated[
        int,
        read_as(int | bool | None, _cookie_jar),
        Field(description="How many game numbers are drawn for the cookie jar; 0, false or null for none."),
    ] = 0
    play_to: Annotated[
        int | None,
        read_as(Annotated[int, Field(ge=LOWEST_TARGET, le=200)] | None, _play_to),
        Field(description="With play-to."),
    ] = None
    name: Annotated[str, _name(lambda: _("Give the evening a name"), "name")]
    games: Annotated[int, _count("games", lambda: _("Give the number of games"), 1, MAX_GAMES, 25)] = 25
    prizes: Annotated[int, _count("prizes", lambda: _("Give the number of prizes"), 0, MAX_PRIZES, 3)] = 3
    booby: Annotated[bool, _switch("booby", False)] = False


class NewParty(PartySettings):
    couples: Annotated[
        list[Couple],
        read_as(Annotated[list[_NAME | _Couple], Field(min_length=2, max_length=MAX_COUPLES)], _couples),
    ]
    start: Annotated[bool, _switch("start", True), Field(description="Seat game 1 now.")] = True
    date: Annotated[
        datetime.date | None, read_as(Annotated[str, Field(json_schema_extra={"format": "date"})] | None, read_date)
    ] = None


class PartyResult(Read):
    game: Annotated[int, _count("game", lambda: _("Give the game number"), 1, MAX_GAMES)]
    table: Annotated[int, _count("table", lambda: _("Give the table number"), 1, MAX_COUPLES)]
    winner: Annotated[
        int,
        _count("winner", lambda: _("Give the winner"), 0, MAX_COUPLES),
        Field(description="A couple index seated at that table."),
    ]
    correct: Annotated[bool, _switch("correct", False)] = False


class LateCouple(Read):
    name: Annotated[str, _name(lambda: _("Give the couple a name"), "name")]
    players: Annotated[tuple[str, ...], _PLAYERS] = ()


class PartyLinks(Part):
    director: str = ""
    board: str = ""


class CreatedParty(Schema):
    id: str
    edit_token: str = Field(description="Keep it: it is the only way to report results.")
    links: PartyLinks
    state: Party


_INDEXES = list[Annotated[int, Field(ge=0)]]


class SeatedTable(Part):
    table: int = 0
    couples: _INDEXES = []
    deals_first: int = 0


class Result(Part):
    game: int = 0
    table: int = 0
    winner: int = 0


class Place(Part):
    place: int = 0
    couples: _INDEXES = []
    wins: int = 0
    tied: bool = False


class Party(Schema):
    id: str
    version: int = 0
    name: str = ""
    game: int = Field(description="The game being played (0 before the start).")
    games: int
    started: bool = False
    closed: bool = False
    finished: bool
    couples: list[dict[str, Any]] = []
    seating: list[SeatedTable]
    sits_out: int | None = None
    """The couple sitting out the game being played (the card party's rules of the evening), or null."""
    missing: list[int] = Field([], description="Tables still to report.")
    results: list[Result]
    wins: list[int]
    punched: list[_INDEXES]
    places: list[Place] = Field(description="Dense ranking by wins (18, 18, 16 → places 1, 1, 2) for the prize places.")
    ties: list[dict[str, Any]] = []
    booby: dict[str, Any] | None
    cookie_jar: dict[str, Any] | None = None


MODELS = (LateCouple, NewParty, CreatedParty, PartyResult, Party)

SECURITY_SCHEMES: dict[str, Any] = {
    "partyEditToken": {
        "type": "http",
        "scheme": "bearer",
        "description": "The `edit_token` returned when the party was created.",
    }
}
