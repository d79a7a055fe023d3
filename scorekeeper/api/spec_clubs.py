"""The clubs part of the API's description: its paths, and the models that give the document its schemas and read
the request bodies (merged into /api/v1/openapi.json)."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Annotated, Any

from pydantic import ConfigDict, Field, PlainValidator, ValidationInfo
from pydantic.json_schema import SkipJsonSchema

from scorekeeper import words
from scorekeeper.api.base import BadInput
from scorekeeper.api.schema import NO_EDIT_TOKEN, Part, Read, Schema, enum, json_request, parameter, read_as
from scorekeeper.api.schema import Name as _NAME
from scorekeeper.api.schema import error_body as _error
from scorekeeper.api.schema import json_body as _json
from scorekeeper.api.schema import ref as _ref
from scorekeeper.api.spec_parties import PartySettings, read_date, text
from scorekeeper.api.spec_tables import IDEMPOTENCY_KEY
from scorekeeper.party import MAX_COUPLES
from scorekeeper.party.ladder import MAX_PLACE_POINTS, Scoring, TieBreak
from scorekeeper.platform.i18n import gettext as _
from scorekeeper.platform.numbers import NumberError, parse_int
from scorekeeper.store.clubs import CURRENCIES, MAX_SEASON
from scorekeeper.store.models import Club as ClubRow
from scorekeeper.store.tables import IMPORT_MAX_BYTES

MAX_RULE_NUMBER = 1000
_CLUB_ID = parameter(
    "club_id", "path", {"type": "string"}, "The club's id, as returned when it was created (anything else is 404)."
)
_SEASON = parameter(
    "season",
    "query",
    {"type": "string", "minLength": 1, "maxLength": 32},
    "The season, as named on its evenings (`2026-2027`: July to June); the latest one when left out.",
)
_WRITE: list[dict[str, list[str]]] = [{"clubEditToken": []}]
_AUTH = {
    "401": NO_EDIT_TOKEN,
    "403": _error("The token is not this club's edit token."),
}
_NO_CLUB = _error("No club with that id.")
_NOT_JSON = _error("The body was not sent as application/json.")


def _change(
    operation_id: str,
    summary: str,
    body: str,
    answers: dict[str, Any],
    *,
    refused: str,
    description: str | None = None,
    number: dict[str, Any] | None = None,
    missing: str | None = None,
) -> dict[str, Any]:
    """A change to a club with its edit token: a JSON body; *refused* says when it cannot be made (422)."""
    operation: dict[str, Any] = {"operationId": operation_id, "summary": summary}
    if description is not None:
        operation["description"] = description
    return operation | {
        "tags": ["clubs"],
        "security": _WRITE,
        "parameters": [_CLUB_ID] if number is None else [_CLUB_ID, number],
        "requestBody": json_request(_ref(body)),
        "responses": {
            **answers,
            **_AUTH,
            "404": _NO_CLUB if missing is None else _error(missing),
            "415": _NOT_JSON,
            "422": _error(refused),
        },
    }


def _season_read(operation_id: str, summary: str, description: str, answer: dict[str, Any]) -> dict[str, Any]:
    """A read of one of the club's seasons, named in the query (the latest when left out)."""
    return {
        "operationId": operation_id,
        "summary": summary,
        "description": description,
        "tags": ["clubs"],
        "parameters": [_CLUB_ID, _SEASON],
        "responses": {"200": answer, "404": _NO_CLUB, "422": _error("The season is not a season's name.")},
    }


PATHS: dict[str, Any] = {
    "/api/v1/clubs": {
        "post": {
            "operationId": "createClub",
            "summary": "Start a club that runs card parties",
            "tags": ["clubs"],
            "requestBody": json_request(_ref("NewClub")),
            "responses": {
                "201": _json(_ref("CreatedClub"), "The club was created."),
                "415": _NOT_JSON,
                "422": _error("No name, or a name the app does not take; `field` names it."),
            },
        }
    },
    "/api/v1/clubs/{club_id}": {
        "get": {
            "operationId": "getClub",
            "summary": "A club: its roster, its ladder's rules and its seasons",
            "tags": ["clubs"],
            "parameters": [_CLUB_ID],
            "responses": {"200": _json(_ref("Club"), "The club."), "404": _NO_CLUB},
        },
        "patch": _change(
            "changeClub",
            "Rename the club, change its currency or its ladder's rules",
            "ClubChange",
            {"200": _json(_ref("Club"), "The club as changed.")},
            refused="A name or a rule the club cannot have; `field` names it.",
            description="`ladder_rules` may give some of the rules: the others stay as they are. The ladder is "
            "worked out again at once.",
        ),
    },
    "/api/v1/clubs/{club_id}/members/{number}": {
        "patch": _change(
            "changeClubMember",
            "Rename a member, mark them active or inactive, or merge them into another number",
            "ClubMemberChange",
            {"200": _json(_ref("ClubMember"), "The member as changed.")},
            refused="A name the app does not take, a merge into the same or a merged member, or a merge of a "
            "member already merged.",
            description="The club number stays the member's. A merged member's evenings count as the kept "
            "member's on the ladder. Merges of one club are made one after the other: of two crossing merges "
            "sent at once (1 into 5, 5 into 1), the second is refused, so one member stays. The director's "
            "page can undo a merge.",
            number=parameter("number", "path", {"type": "integer", "minimum": 1}, "The member's club number."),
            missing="No club with that id, or no member with that number.",
        )
    },
    "/api/v1/clubs/{club_id}/members": {
        "get": {
            "operationId": "getClubMembers",
            "summary": "The club's roster, by club number",
            "description": "A club number is never given twice: a member renamed, marked inactive or merged into "
            "another keeps it.",
            "tags": ["clubs"],
            "parameters": [_CLUB_ID],
            "responses": {
                "200": _json(
                    {
                        "type": "object",
                        "required": ["members"],
                        "properties": {"members": {"type": "array", "items": _ref("ClubMember")}},
                    },
                    "The roster.",
                ),
                "404": _NO_CLUB,
            },
        },
        "post": _change(
            "addClubMember",
            "Add a member to the roster: the next club number is theirs",
            "NewClubMember",
            {"201": _json(_ref("ClubMember"), "The member is on the roster.")},
            refused="No name, or a name the app does not take, or the roster is full.",
        ),
    },
    "/api/v1/clubs/{club_id}/evenings": {
        "get": _season_read(
            "getClubEvenings",
            "The evenings of a season: couples, wins, and for the director the money (in cents)",
            "What the hall's notice board shows needs only the club's id. The money (`pots`: entry fees, prizes, "
            "the 50/50, the jackpot) is in the answer only with the director's token as `Authorization: Bearer "
            "<edit_token>`; another token is refused (403). The jackpot carries over from evening to evening of "
            "the season until it is won.",
            _json(_ref("ClubEvenings"), "The season's evenings, in the order they were held."),
        )
        | {
            "security": [{}, *_WRITE],
            "responses": {
                "200": _json(_ref("ClubEvenings"), "The season's evenings, in the order they were held."),
                "403": _error("A token that is not the club's director token."),
                "404": _NO_CLUB,
                "422": _error("The season is not a season's name."),
            },
        },
        "post": _change(
            "createClubEvening",
            "Open a card party of the club, with couples of roster members",
            "NewClubEvening",
            {"201": _json(_ref("CreatedClubEvening"), "The evening was created.")},
            refused="The evening cannot be run as described, or a couple is not two roster members.",
            description="The evening is an ordinary card party, not started: run it with the card parties' "
            "endpoints and the `edit_token` answered here. Each couple is two club numbers.",
        ),
    },
    "/api/v1/clubs/{club_id}/ladder": {
        "get": _season_read(
            "getClubLadder",
            "The season's ladder, by the club's rules",
            "Worked out from the evenings' logs: a corrected result moves it. Members below the minimum attendance "
            "have a null `position` and come last.",
            _json(_ref("ClubLadder"), "The ladder."),
        )
    },
    "/api/v1/clubs/{club_id}/export.json": {
        "get": {
            "operationId": "exportClub",
            "summary": "The whole club, to keep off the machine it is run on",
            "description": "With the director's (edit) token. `format` is `forty-fives-club`, `version` 1: the "
            "club's `name`, `currency` and `ladder_rules`; `members`, each with its club `number`, `name`, `active`, "
            "`merged_into` and `joined`; `evenings`, each with `name`, `held_on`, `season`, `settings`, `pots` "
            "(cents), `created`, its whole `log` as recorded (`n`, `kind`, `data`, `source`, `recorded_at`), its "
            "`chairs` (who sat in each couple, from which game) and the score `sheets` its tables kept (each as a "
            "table's export writes a game).",
            "tags": ["clubs"],
            "security": _WRITE,
            "parameters": [_CLUB_ID],
            "responses": {
                "200": _json({"type": "object"}, "The club's export."),
                **_AUTH,
                "404": _NO_CLUB,
            },
        }
    },
    "/api/v1/clubs/import": {
        "post": {
            "operationId": "importClub",
            "summary": "Bring back a club from its export",
            "description": "A new club, with links of its own, holding the same members with their numbers, "
            "evenings with their logs, chairs, pots and sheets, and ladder rules. Everything is read and each "
            "evening replayed before anything is written: a part that cannot be read refuses the whole import "
            f"(422, `field` names it) and nothing is stored. At most {IMPORT_MAX_BYTES // 2**20} MB (413 past "
            "it). An `Idempotency-Key` makes a resend answer 200 with the club the first send made.",
            "tags": ["clubs"],
            "parameters": [IDEMPOTENCY_KEY],
            "requestBody": json_request({"type": "object"}, "A club's export, as `GET …/export.json` gives it."),
            "responses": {
                "201": _json(_ref("CreatedClub"), "The club was brought back."),
                "200": _json(_ref("CreatedClub"), "A resend with the same Idempotency-Key: the club the first made."),
                "413": _error(f"The body is larger than {IMPORT_MAX_BYTES // 2**20} MB; nothing is stored."),
                "415": _NOT_JSON,
                "422": _error("A part of the export cannot be brought back; `field` names it."),
            },
        }
    },
}

# -- Reading what a request gives ---------------------------------------------------------------------


def whole(field: str, lo: int, hi: int) -> Callable[[Any], int]:
    """The reader of a whole number from *lo* to *hi*, sent as a number (``parse_int``: 3.0 is read as 3)."""

    def read(value: Any) -> int:
        try:
            return parse_int(value if not isinstance(value, str) else None, lo=lo, hi=hi)
        except NumberError:
            raise BadInput(f"Give {field} as a whole number from {lo} to {hi}", field) from None

    return read


def _name(label: str) -> Callable[[Any], str]:
    return lambda value: text(value, label, "name")


def _currency(value: Any) -> str:
    if value not in CURRENCIES:
        raise BadInput("Give the currency as CAD, USD or EUR", "currency")
    return str(value)


def _active(value: Any) -> bool:
    if not isinstance(value, bool):
        raise BadInput("Say true or false for active", "active")
    return value


def _season(value: Any) -> str | None:
    # The length as sent, as the published schema counts it (surrounding spaces included).
    if value is not None and (not isinstance(value, str) or len(value) > MAX_SEASON or not value.strip()):
        raise BadInput("Give the season as a short name, for example 2026-2027", "season")
    return value


def _couples(value: Any, info: ValidationInfo) -> list[tuple[int, ...]]:
    """Pairs of club numbers: two different members of the club's roster (the ``club`` of the reading's context)."""
    if not isinstance(value, list) or len(value) > MAX_COUPLES:
        raise BadInput("Give the couples as pairs of club numbers", "couples")
    numbers = []
    for pair in value:
        if not isinstance(pair, list) or len(pair) != 2:
            raise BadInput("Give the couples as pairs of club numbers", "couples")
        try:
            numbers.append(tuple(parse_int(n, lo=1, hi=10**6, what=words.club_number()) for n in pair))
        except NumberError as err:
            raise BadInput(str(err), "couples") from None
    club: ClubRow = (info.context or {})["club"]
    known = {m.number for m in club.members if m.merged_into is None}
    flat = [n for pair in numbers for n in pair]
    if len(set(flat)) != len(flat) or not set(flat) <= known or any(a == b for a, b in numbers):
        raise BadInput("Each couple is two different members of the roster, each in one couple", "couples")
    return numbers


def _start(value: Any) -> bool:
    if not isinstance(value, bool):
        raise BadInput("Say true or false for start", "start")
    return value


# -- The models of the document's schemas -------------------------------------------------------------

_CURRENCY = Annotated[str, enum(CURRENCIES)]
_SCORING = [str(way) for way in Scoring]
_TIE_BREAKS = [str(way) for way in TieBreak]


class NewClub(Read):
    currency: Annotated[
        str, read_as(Annotated[str, enum(CURRENCIES, json_schema_extra={"default": "CAD"})], _currency)
    ] = "CAD"
    name: Annotated[str, read_as(_NAME, _name("the club a name"))]


class LadderRules(Part):
    scoring: str = enum(_SCORING)
    place_points: list[Annotated[int, Field(ge=0)]]
    best_of: Annotated[int, Field(ge=1)] | None
    minimum: int = Field(ge=0)
    tie_breaks: list[Annotated[str, enum(_TIE_BREAKS)]]


class ClubMember(Schema):
    number: int = Field(ge=1, description="The club number: the member's for good.")
    name: str
    active: bool
    merged_into: int | None = Field(description="The number whose evenings these count as.")


class Club(Schema):
    id: str
    version: int
    name: str
    currency: str
    ladder_rules: LadderRules
    seasons: list[str]
    members: list[ClubMember]


class ClubLinks(Part):
    director: str = ""
    public: str = ""
    board: str = ""


class CreatedClub(Schema):
    id: str
    edit_token: str = Field(description="Keep it: it is the director's link and token.")
    links: ClubLinks
    club: Club


class LadderRulesChange(Part):
    model_config = ConfigDict(extra="forbid")

    scoring: str = enum(_SCORING, default="")
    place_points: Annotated[
        list[Annotated[int, Field(ge=0, le=MAX_RULE_NUMBER)]], Field(min_length=1, max_length=MAX_PLACE_POINTS)
    ] = []
    """Points for first place, second place and so on."""
    best_of: Annotated[int, Field(ge=1, le=MAX_RULE_NUMBER)] | None = None
    """Only the best this many evenings count; null: all of them."""
    minimum: int = Field(0, ge=0, le=MAX_RULE_NUMBER, description="Evenings attended to be ranked.")
    tie_breaks: list[Annotated[str, enum(_TIE_BREAKS)]] = Field([], json_schema_extra={"uniqueItems": True})
    """In order: more games won in the season, the better best evening, more evenings attended."""


class ClubChange(Read):
    name: Annotated[str | None, read_as(_NAME, _name("the club a name"))] = None
    currency: Annotated[str | None, read_as(_CURRENCY, _currency)] = None
    # Read against the club's rules now: what is left out stays as it is.
    ladder_rules: Annotated[Any, read_as(LadderRulesChange)] = None


class ClubMemberChange(Read):
    name: Annotated[str | None, read_as(_NAME, _name("the member's name"))] = None
    active: Annotated[bool | None, read_as(bool, _active)] = None
    merged_into: Annotated[
        int | None, read_as(Annotated[int, Field(ge=1, le=10**6)], whole("merged_into", 1, 10**6))
    ] = None


class NewClubMember(Read):
    name: Annotated[str, read_as(_NAME, _name("the member's name"))]


class _Dated(Read):
    date: Annotated[
        datetime.date | None, read_as(Annotated[str, Field(json_schema_extra={"format": "date"})] | None, read_date)
    ] = None


class NewClubEvening(PartySettings, _Dated):
    # The evening's settings as a card party's, read after its date; its name is the club's when left out.
    name: Annotated[
        str | None,
        read_as(_NAME, lambda value: None if value is None else text(value, _("Give the evening a name"), "name")),
        Field(description="The club's name when left out."),
    ] = None  # type: ignore[assignment]
    season: Annotated[str | None, read_as(Annotated[str, Field(min_length=1, max_length=MAX_SEASON)], _season)] = None
    couples: Annotated[
        list[tuple[int, ...]],
        PlainValidator(
            _couples,
            json_schema_input_type=Annotated[
                list[Annotated[list[Annotated[int, Field(ge=1)]], Field(min_length=2, max_length=2)]],
                Field(max_length=MAX_COUPLES),
            ],
        ),
        Field(description="Each couple as the club numbers of its two players."),
    ] = []
    start: Annotated[
        bool,
        read_as(Annotated[bool, Field(json_schema_extra={"default": False})], _start),
        Field(description="Seat game 1 at once (two couples or more)."),
    ] = False


class EveningLinks(Part):
    desk: str = ""
    director: str = ""
    results: str = ""


class CreatedClubEvening(Schema):
    party_id: str
    edit_token: str = Field(description="The evening's director token (card parties).")
    links: EveningLinks


class Pots(Part):
    entry_fee: int = 0
    players: int = 0
    fees: int = 0
    prizes: list[int] = []
    cookie_jar: int = 0
    fifty_fifty: int = 0
    fifty_fifty_prize: int = 0
    jackpot_before: int = 0
    jackpot_added: int = 0
    jackpot_won: bool = False


class ClubEvening(Part):
    party_id: str
    name: str
    date: str | None
    season: str
    couples: int
    started: bool
    finished: bool
    wins: list[int]
    pots: Pots | SkipJsonSchema[None] = None
    """Amounts in cents, for the director's token only; `fifty_fifty_prize` is half of what was collected."""


class ClubEvenings(Schema):
    season: str
    currency: str
    evenings: list[ClubEvening]


class LadderLine(Part):
    position: int | None
    number: int
    name: str
    total: int
    counted: list[int] = []
    scores: list[int] = []
    evenings: int
    wins: int
    best: int = 0


class ClubLadder(Schema):
    season: str
    rules: LadderRules
    evenings: int
    lines: list[LadderLine]


MODELS = (
    NewClub,
    CreatedClub,
    Club,
    ClubMember,
    ClubChange,
    ClubMemberChange,
    NewClubMember,
    NewClubEvening,
    CreatedClubEvening,
    ClubEvenings,
    ClubLadder,
)

SECURITY_SCHEMES: dict[str, Any] = {
    "clubEditToken": {
        "type": "http",
        "scheme": "bearer",
        "description": "The `edit_token` returned when the club was created (the director's link holds it too).",
    }
}
