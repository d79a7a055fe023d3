"""The tables part of the API's description: its paths, and the models that give the document its schemas and read
the request bodies (merged into /api/v1/openapi.json)."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import ConfigDict, Field

from scorekeeper.api.base import BadInput
from scorekeeper.api.schema import Name as _NAME
from scorekeeper.api.schema import Part, Read, Schema, enum, json_request, parameter, read_as
from scorekeeper.api.schema import error_body as _error
from scorekeeper.api.schema import json_body as _json
from scorekeeper.api.schema import ref as _ref
from scorekeeper.platform.i18n import gettext as _
from scorekeeper.stats import BID_ORDER
from scorekeeper.store.tables import EXPORT_FORMAT, EXPORT_VERSION, IMPORT_MAX_BYTES, IMPORT_MAX_HANDS, MAX_GAMES

MAX_PLAYERS_GIVEN = 64
_TABLE_ID = parameter(
    "table_id", "path", {"type": "string"}, "The table's id, as returned when it was created (anything else is 404)."
)
_PERSON_ID = parameter("person_id", "path", {"type": "string"}, "A roster entry's id: `p1`, `p2`...")
_READ: list[dict[str, list[str]]] = [{"tableToken": []}]
_WRITE: list[dict[str, list[str]]] = [{"tableToken": []}]


def _auth_errors(write: bool) -> dict[str, Any]:
    return {
        "401": _error("No `Authorization: Bearer <token>` header."),
        "403": _error(
            "The token is not this table's edit token." if write else "The token is neither of this table's tokens."
        ),
        "404": _error("No table with that id."),
    }


def _body_errors() -> dict[str, Any]:
    return {
        "400": _error("The body is not a JSON object."),
        "415": _error("The body was not sent as application/json."),
        "422": _error("The change cannot be made (`field` names what to fix), or nobody of that id is on the roster."),
    }


_STATE_ANSWER = {"type": "object", "required": ["state"], "properties": {"state": _ref("Table")}}


def _change(
    operation_id: str,
    summary: str,
    description: str,
    body: str,
    answers: dict[str, Any],
    *,
    person: bool = False,
) -> dict[str, Any]:
    """A change to a table's roster or games with its edit token: a JSON body, the table's refusals."""
    return {
        "operationId": operation_id,
        "summary": summary,
        "description": description,
        "tags": ["tables"],
        "security": _WRITE,
        "parameters": [_TABLE_ID, _PERSON_ID] if person else [_TABLE_ID],
        "requestBody": json_request(_ref(body)),
        "responses": {**answers, **_body_errors(), **_auth_errors(True)},
    }


IDEMPOTENCY_KEY = parameter(
    "Idempotency-Key",
    "header",
    {"type": "string", "maxLength": 64},
    "Chosen by the client, one per document: a resend with the same key and the same document within 24 hours "
    "answers 200 with what the first send made, never a second copy (the same key with another document: 422).",
)


def _new_table(operation_id: str, summary: str, body: str, done: str, description: str | None = None) -> dict[str, Any]:
    """A new table from a JSON body, without a token: the table and its tokens are the answer (201)."""
    operation: dict[str, Any] = {"operationId": operation_id, "summary": summary}
    if description is not None:
        operation["description"] = description
    return operation | {
        "tags": ["tables"],
        "requestBody": json_request(_ref(body)),
        "responses": {"201": _json(_ref("CreatedTable"), done), **_body_errors()},
    }


def _import(operation: dict[str, Any], made: str) -> dict[str, Any]:
    """An import's operation with its Idempotency-Key, the resend's answer and the caps' refusals."""
    responses = {
        **operation["responses"],
        "200": {**operation["responses"]["201"], "description": f"A resend with the same Idempotency-Key: {made}"},
        "413": _error(f"The body is larger than {IMPORT_MAX_BYTES // 2**20} MB; nothing is stored."),
    }
    return operation | {"parameters": [IDEMPOTENCY_KEY], "responses": responses}


PATHS: dict[str, Any] = {
    "/api/v1/tables": {
        "post": _new_table(
            "createTable",
            "Keep a table: a group that plays together, with its roster",
            "NewTable",
            "The table was created.",
        )
    },
    "/api/v1/tables/import": {
        "post": _import(
            _new_table(
                "importTable",
                "Bring back a table from its export",
                "TableExport",
                "The table was brought back.",
                "A new table with the same roster, games, hands, scores and statistics. The whole document is read "
                "and every game replayed through the rules engine before anything is written: a game that cannot be "
                "read or replayed, a date out of range (a game is played between 1950 and today), hands not numbered "
                "1, 2, 3… in order, or `scores` and `winner` that are not what the hands make refuse the whole import "
                f"(422, `field` names the part), and nothing is stored. Caps: {IMPORT_MAX_BYTES // 2**20} MB of JSON "
                f"(413 past it), {MAX_GAMES} games and {IMPORT_MAX_HANDS} hands in all (422 past them).",
            ),
            "the table the first send made.",
        )
    },
    "/api/v1/tables/{table_id}": {
        "get": {
            "operationId": "getTable",
            "summary": "A table's roster and games, newest first",
            "description": "Private to the table's links: send its edit or view token.",
            "tags": ["tables"],
            "security": _READ,
            "parameters": [_TABLE_ID],
            "responses": {"200": _json(_ref("Table"), "The table."), **_auth_errors(False)},
        },
        "delete": {
            "operationId": "deleteTable",
            "summary": "Delete a table and its roster",
            "description": "Its games' score sheets stay, each reachable by its own links, unless `games=true`. "
            "Even then, only the games whose edit rights the table holds are deleted (started from it, kept, "
            "imported, or added with their edit token); a game added with its view token before that was asked "
            "for, or a card party's sheet, stays: the answer is then 200 and names them.",
            "tags": ["tables"],
            "security": _WRITE,
            "parameters": [
                _TABLE_ID,
                parameter(
                    "games",
                    "query",
                    {"type": "string", "enum": ["true", "false"]},
                    "`true` deletes the table's games too.",
                ),
            ],
            "responses": {
                "204": {"description": "Deleted, and every game asked for with it."},
                "200": _json(
                    {
                        "type": "object",
                        "required": ["deleted_games", "kept_games"],
                        "properties": {
                            "deleted_games": {"type": "array", "items": {"type": "string"}},
                            "kept_games": {
                                "type": "array",
                                "items": {
                                    "type": "object",
                                    "required": ["id", "why"],
                                    "properties": {
                                        "id": {"type": "string"},
                                        "why": {"type": "string", "enum": ["view-only", "card-party"]},
                                    },
                                },
                            },
                        },
                    },
                    "Deleted; some of its games stayed (their ids, and why).",
                ),
                "400": _error("`games` is neither true nor false."),
                **_auth_errors(True),
            },
        },
    },
    "/api/v1/tables/{table_id}/stats": {
        "get": {
            "operationId": "getTableStats",
            "summary": "Statistics per player, per pair and pair against pair",
            "description": "Counted from the rules engine's replay of each game, kept per game version. `from` and "
            "`to` (ISO dates, both included) make a season; left out, every game counts.",
            "tags": ["tables"],
            "security": _READ,
            "parameters": [
                _TABLE_ID,
                parameter("from", "query", {"type": "string", "format": "date"}),
                parameter("to", "query", {"type": "string", "format": "date"}),
            ],
            "responses": {
                "200": _json(_ref("TableStats"), "The statistics."),
                "400": _error("`from` or `to` is not an ISO date."),
                "422": _error("`from` is after `to`."),
                **_auth_errors(False),
            },
        }
    },
    "/api/v1/tables/{table_id}/export.json": {
        "get": {
            "operationId": "exportTable",
            "summary": "Every game of the table with every hand as recorded",
            "tags": ["tables"],
            "security": _READ,
            "parameters": [_TABLE_ID],
            "responses": {"200": _json(_ref("TableExport"), "The export."), **_auth_errors(False)},
        }
    },
    "/api/v1/tables/{table_id}/players": {
        "post": _change(
            "addTablePlayer",
            "Add someone to the roster",
            "A name already on the roster (whatever its case) is that entry.",
            "PersonInput",
            {
                "201": _json(
                    {
                        "type": "object",
                        "required": ["player", "state"],
                        "properties": {"player": {"type": "string"}, "state": _ref("Table")},
                    },
                    "On the roster.",
                ),
            },
        )
    },
    "/api/v1/tables/{table_id}/players/{person_id}": {
        "put": _change(
            "renameTablePlayer",
            "Rename someone of the roster; every statistic follows",
            "A name another entry has is refused (422): merge the two instead.",
            "PersonInput",
            {"200": _json(_STATE_ANSWER, "Renamed.")},
            person=True,
        )
    },
    "/api/v1/tables/{table_id}/players/{person_id}/merge": {
        "post": _change(
            "mergeTablePlayers",
            "Merge a roster entry into another: the same person typed twice",
            "The entry's games become `into`'s and it leaves the roster. Two entries that sat in the "
            "same game are two people: refused (422). Merges of one table are made one after the other: "
            "of two crossing merges sent at once (p1 into p5, p5 into p1), the second finds its entry gone "
            "and is refused (409), so one person stays. The table's page can undo a merge.",
            "MergeInput",
            {
                "200": _json(_STATE_ANSWER, "Merged."),
                "409": _error("One of the two was merged meanwhile: look at the roster again."),
            },
            person=True,
        )
    },
    "/api/v1/tables/{table_id}/games": {
        "post": _change(
            "addTableGame",
            "Add a game played before the table existed",
            "The game's id and its edit token: a view token only shows the game, and is refused (403), since a "
            "table may later be deleted with its games. Its players join the roster by name. To start a new game "
            "of the table, `POST /api/v1/games` with `table`.",
            "AddGameInput",
            {
                "201": _json(_STATE_ANSWER, "The game is in the table's history."),
                "409": _error("That game is already in this table."),
            },
        )
    },
}


def _players(value: Any) -> list[Any]:
    if not isinstance(value, list) or len(value) > MAX_PLAYERS_GIVEN:
        raise BadInput(_("Give the players as a list of names"), "players")
    return value


_PERSON_REF = Annotated[str, Field(json_schema_extra={"pattern": "^p[1-9][0-9]{0,5}$"})]
_ROSTER_NAME = read_as(_NAME)


class NewTable(Read):
    name: Annotated[Any, _ROSTER_NAME]
    players: Annotated[list[Any], read_as(Annotated[list[_NAME], Field(max_length=MAX_PLAYERS_GIVEN)], _players)] = []


class PersonInput(Read):
    name: Annotated[Any, _ROSTER_NAME]


class MergeInput(Read):
    into: Annotated[Any, read_as(_PERSON_REF), Field(description="The roster entry that stays.")]


class AddGameInput(Read):
    game: Annotated[Any, read_as(str)]
    token: Annotated[Any, read_as(str)]


class _ExportPerson(Part):
    id: _PERSON_REF
    name: _NAME


class _ExportGame(Part):
    model_config = ConfigDict(json_schema_extra={"required": ["sides"]})


class TableExport(Read):
    format: Annotated[Any, read_as(Annotated[str, enum([EXPORT_FORMAT])])]
    version: Annotated[Any, read_as(Annotated[int, enum([EXPORT_VERSION])])] = None
    name: Annotated[Any, _ROSTER_NAME]
    players: Annotated[Any, read_as(list[_ExportPerson])] = None
    games: Annotated[
        Any,
        read_as(list[_ExportGame]),
        Field(
            description="Each game as `GET /api/v1/tables/{id}/export.json` gives it: rules, sides, "
            "first_dealer, start_scores, started, finished_at, every hand as entered, and `people` (the "
            "roster ids on each side)."
        ),
    ]


class TableLinks(Part):
    edit: str | None = Field(json_schema_extra={"format": "uri-reference"})
    view: str | None = Field(json_schema_extra={"format": "uri-reference"})


class CreatedTable(Schema):
    id: str
    edit_token: str = Field(description="Send as `Authorization: Bearer` to change the table.")
    view_token: str = Field(description="Reads the table; it can never change it.")
    links: TableLinks
    state: Table


class RosterEntry(Part):
    id: str
    name: str


class TableSide(Part):
    name: str
    players: list[str]


class TableGame(Part):
    id: str
    started: str = Field(json_schema_extra={"format": "date-time"})
    rules: str = Field(description="The preset, or `custom`.")
    sides: list[TableSide]
    scores: list[int]
    winner: int | None
    finished: bool
    hands: int = 0


class Table(Schema):
    id: str
    name: str
    version: int = 0
    players: list[RosterEntry]
    games: list[TableGame] = Field(description="Newest first.")


class BidCount(Part):
    bid: int
    made: int


_RATE = float | None


class Counts(Part):
    games: int
    won: int
    win_rate: _RATE
    hands: int = Field(description="Hands played (the side not benched).")
    hands_bid: int = Field(description="Hands the side bid, bagged ones included.")
    bids_made: int
    bids_set: int = Field(description="bids_made + bids_set = hands_bid.")
    by_bid: dict[str, BidCount] = Field(
        description="Per bid, keyed as the bid is written (" + ", ".join(f"`{label}`" for label in BID_ORDER) + ")."
    )
    average_bid: _RATE = Field(description="What the bids needed, on average (a 30 for 60 counts 30).")
    points: int = Field(description="Sum of the side's score changes.")
    points_per_hand: _RATE
    sets_inflicted: int = Field(description="Hands another side bid and was set, this side defending.")
    bagged: int = Field(description="Hands bid because the side was bagged.")
    out_as_bidder: int = Field(description="Games won by bidding and making it at the target.")
    won_from_green: int | None = Field(
        description="Games won having stood on the green at some moment before the winning hand, the start scores "
        "included; only games played with the green count, and null (not applicable) without any."
    )


class PersonCounts(Counts):
    player: str
    name: str
    longest_streak: int = 0
    current_streak: int = 0
    best_partner: str | None = None


class PairCounts(Counts):
    players: list[str]


class HeadToHead(Part):
    pair: list[str]
    against: list[str]
    games: int
    won: int
    lost: int


class TableStats(Schema):
    from_: str | None = Field(None, alias="from", json_schema_extra={"format": "date"})
    to: str | None = Field(None, json_schema_extra={"format": "date"})
    games: int = 0
    players: list[PersonCounts]
    pairs: list[PairCounts]
    head_to_head: list[HeadToHead] = []


MODELS = (NewTable, PersonInput, MergeInput, AddGameInput, CreatedTable, Table, TableStats, TableExport)

SECURITY_SCHEMES: dict[str, Any] = {
    "tableToken": {
        "type": "http",
        "scheme": "bearer",
        "description": "The table's edit_token (reads and changes) or view_token (reads only).",
    }
}
