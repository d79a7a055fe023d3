"""OpenAPI 3.1 description of the tables part of the API (merged into /api/v1/openapi.json)."""

from __future__ import annotations

from typing import Any

from scorekeeper.api.schema import closed_object, json_request, parameter
from scorekeeper.api.schema import error_body as _error
from scorekeeper.api.schema import json_body as _json
from scorekeeper.api.schema import ref as _ref
from scorekeeper.api.spec_games import NAME_PATTERN
from scorekeeper.rules import NAME_MAX
from scorekeeper.stats import BID_ORDER
from scorekeeper.store.tables import EXPORT_FORMAT, EXPORT_VERSION

_TABLE_ID = parameter(
    "table_id", "path", {"type": "string"}, "The table's id, as returned when it was created (anything else is 404)."
)
_PERSON_ID = parameter("person_id", "path", {"type": "string"}, "A roster entry's id: `p1`, `p2`...")
_NAME = {"type": "string", "minLength": 1, "maxLength": NAME_MAX, "pattern": NAME_PATTERN}
_PERSON_REF = {"type": "string", "pattern": "^p[1-9][0-9]{0,5}$"}
_RATE = {"type": ["number", "null"]}
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


PATHS: dict[str, Any] = {
    "/api/v1/tables": {
        "post": {
            "operationId": "createTable",
            "summary": "Keep a table: a group that plays together, with its roster",
            "tags": ["tables"],
            "requestBody": json_request(_ref("NewTable")),
            "responses": {
                "201": _json(_ref("CreatedTable"), "The table was created."),
                **_body_errors(),
            },
        }
    },
    "/api/v1/tables/import": {
        "post": {
            "operationId": "importTable",
            "summary": "Bring back a table from its export",
            "description": "A new table with the same roster, games, hands, scores and statistics. Every hand is "
            "recorded again through the rules engine; a game that cannot be read or replayed refuses the whole "
            "import (422, `field` names the game), and nothing is stored.",
            "tags": ["tables"],
            "requestBody": json_request(_ref("TableExport")),
            "responses": {
                "201": _json(_ref("CreatedTable"), "The table was brought back."),
                **_body_errors(),
            },
        }
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
            "description": "Its games' score sheets stay, each reachable by its own links, unless `games=true`.",
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
                "204": {"description": "Deleted."},
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
            "same game are two people: refused (422).",
            "MergeInput",
            {"200": _json(_STATE_ANSWER, "Merged.")},
            person=True,
        )
    },
    "/api/v1/tables/{table_id}/games": {
        "post": _change(
            "addTableGame",
            "Add a game played before the table existed",
            "The game's id and one of its tokens (edit or view); its players join the roster by "
            "name. To start a new game of the table, `POST /api/v1/games` with `table`.",
            "AddGameInput",
            {
                "201": _json(_STATE_ANSWER, "The game is in the table's history."),
                "409": _error("That game is already in this table."),
            },
        )
    },
}

_COUNTS = {
    "games": {"type": "integer"},
    "won": {"type": "integer"},
    "win_rate": _RATE,
    "hands": {"type": "integer", "description": "Hands played (the side not benched)."},
    "hands_bid": {"type": "integer", "description": "Hands the side bid, bagged ones included."},
    "bids_made": {"type": "integer"},
    "bids_set": {"type": "integer", "description": "bids_made + bids_set = hands_bid."},
    "by_bid": {
        "type": "object",
        "description": "Per bid, keyed as the bid is written (" + ", ".join(f"`{label}`" for label in BID_ORDER) + ").",
        "additionalProperties": {
            "type": "object",
            "required": ["bid", "made"],
            "properties": {"bid": {"type": "integer"}, "made": {"type": "integer"}},
        },
    },
    "average_bid": {**_RATE, "description": "What the bids needed, on average (a 30 for 60 counts 30)."},
    "points": {"type": "integer", "description": "Sum of the side's score changes."},
    "points_per_hand": _RATE,
    "sets_inflicted": {"type": "integer", "description": "Hands another side bid and was set, this side defending."},
    "bagged": {"type": "integer", "description": "Hands bid because the side was bagged."},
    "out_as_bidder": {"type": "integer", "description": "Games won by bidding and making it at the target."},
    "won_from_green": {"type": "integer", "description": "Games won while on the green before the last hand."},
}
_COUNT_NAMES = list(_COUNTS)

SCHEMAS: dict[str, Any] = {
    "NewTable": {
        "type": "object",
        "required": ["name"],
        "additionalProperties": False,
        "properties": {
            "name": _NAME,
            "players": {"type": "array", "items": _NAME, "maxItems": 64},
        },
    },
    "PersonInput": closed_object(["name"], {"name": _NAME}),
    "MergeInput": closed_object(["into"], {"into": {**_PERSON_REF, "description": "The roster entry that stays."}}),
    "AddGameInput": closed_object(["game", "token"], {"game": {"type": "string"}, "token": {"type": "string"}}),
    "CreatedTable": {
        "type": "object",
        "required": ["id", "edit_token", "view_token", "links", "state"],
        "properties": {
            "id": {"type": "string"},
            "edit_token": {"type": "string", "description": "Send as `Authorization: Bearer` to change the table."},
            "view_token": {"type": "string", "description": "Reads the table; it can never change it."},
            "links": {
                "type": "object",
                "required": ["edit", "view"],
                "properties": {
                    "edit": {"type": ["string", "null"], "format": "uri-reference"},
                    "view": {"type": ["string", "null"], "format": "uri-reference"},
                },
            },
            "state": _ref("Table"),
        },
    },
    "Table": {
        "type": "object",
        "required": ["id", "name", "players", "games"],
        "properties": {
            "id": {"type": "string"},
            "name": {"type": "string"},
            "version": {"type": "integer"},
            "players": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["id", "name"],
                    "properties": {"id": {"type": "string"}, "name": {"type": "string"}},
                },
            },
            "games": {
                "type": "array",
                "description": "Newest first.",
                "items": {
                    "type": "object",
                    "required": ["id", "started", "rules", "sides", "scores", "winner", "finished"],
                    "properties": {
                        "id": {"type": "string"},
                        "started": {"type": "string", "format": "date-time"},
                        "rules": {"type": "string", "description": "The preset, or `custom`."},
                        "sides": {
                            "type": "array",
                            "items": {
                                "type": "object",
                                "required": ["name", "players"],
                                "properties": {
                                    "name": {"type": "string"},
                                    "players": {"type": "array", "items": {"type": "string"}},
                                },
                            },
                        },
                        "scores": {"type": "array", "items": {"type": "integer"}},
                        "winner": {"type": ["integer", "null"]},
                        "finished": {"type": "boolean"},
                        "hands": {"type": "integer"},
                    },
                },
            },
        },
    },
    "TableStats": {
        "type": "object",
        "required": ["players", "pairs"],
        "properties": {
            "from": {"type": ["string", "null"], "format": "date"},
            "to": {"type": ["string", "null"], "format": "date"},
            "games": {"type": "integer"},
            "players": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["player", "name", *_COUNT_NAMES],
                    "properties": {
                        "player": {"type": "string"},
                        "name": {"type": "string"},
                        **_COUNTS,
                        "longest_streak": {"type": "integer"},
                        "current_streak": {"type": "integer"},
                        "best_partner": {"type": ["string", "null"]},
                    },
                },
            },
            "pairs": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["players", *_COUNT_NAMES],
                    "properties": {"players": {"type": "array", "items": {"type": "string"}}, **_COUNTS},
                },
            },
            "head_to_head": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["pair", "against", "games", "won", "lost"],
                    "properties": {
                        "pair": {"type": "array", "items": {"type": "string"}},
                        "against": {"type": "array", "items": {"type": "string"}},
                        "games": {"type": "integer"},
                        "won": {"type": "integer"},
                        "lost": {"type": "integer"},
                    },
                },
            },
        },
    },
    "TableExport": {
        "type": "object",
        "required": ["format", "name", "games"],
        "additionalProperties": False,
        "properties": {
            "format": {"type": "string", "enum": [EXPORT_FORMAT]},
            "version": {"type": "integer", "enum": [EXPORT_VERSION]},
            "name": _NAME,
            "players": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["id", "name"],
                    "properties": {"id": _PERSON_REF, "name": _NAME},
                },
            },
            "games": {
                "type": "array",
                "description": "Each game as `GET /api/v1/tables/{id}/export.json` gives it: rules, sides, "
                "first_dealer, start_scores, started, finished_at, every hand as entered, and `people` (the "
                "roster ids on each side).",
                "items": {"type": "object", "required": ["sides"]},
            },
        },
    },
}

SECURITY_SCHEMES: dict[str, Any] = {
    "tableToken": {
        "type": "http",
        "scheme": "bearer",
        "description": "The table's edit_token (reads and changes) or view_token (reads only).",
    }
}
