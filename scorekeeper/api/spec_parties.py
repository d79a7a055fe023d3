"""OpenAPI 3.1 description of the card parties part of the API (merged into /api/v1/openapi.json)."""

from __future__ import annotations

from typing import Any

from scorekeeper.api.schema import closed_object, json_request, parameter
from scorekeeper.api.schema import error_body as _error
from scorekeeper.api.schema import json_body as _json
from scorekeeper.api.schema import ref as _ref
from scorekeeper.api.spec_games import NAME_PATTERN
from scorekeeper.rules import LOWEST_TARGET, NAME_MAX

_PARTY_ID = parameter(
    "party_id", "path", {"type": "string"}, "The party's id, as returned when it was created (anything else is 404)."
)
_INDEXES = {"type": "array", "items": {"type": "integer", "minimum": 0}}
# The one name rule of the app: no control or invisible character, at least one visible one.
_NAME = {"type": "string", "minLength": 1, "maxLength": NAME_MAX, "pattern": NAME_PATTERN}

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
            "description": "The couple plays from the next game (RULES.md §14): it fills an empty seat after the "
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
        "The couple plays no game after the one being played; its seat is filled as RULES.md §14 says.",
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

SCHEMAS: dict[str, Any] = {
    "LateCouple": closed_object(["name"], {"name": _NAME, "players": {"type": "array", "items": _NAME, "maxItems": 2}}),
    "NewParty": {
        "type": "object",
        "required": ["name", "couples"],
        "additionalProperties": False,
        "properties": {
            "name": _NAME,
            "date": {"type": ["string", "null"], "format": "date"},
            "games": {"type": "integer", "minimum": 1, "maximum": 60, "default": 25},
            "kind": {
                "enum": ["one-hand", "play-to", "bell"],
                "default": "one-hand",
                "description": "What one game is.",
            },
            "play_to": {
                "type": ["integer", "null"],
                "minimum": LOWEST_TARGET,
                "maximum": 200,
                "description": "With play-to.",
            },
            "prizes": {"type": "integer", "minimum": 0, "maximum": 10, "default": 3},
            "booby": {"type": "boolean", "default": False},
            "cookie_jar": {
                "type": ["integer", "boolean"],
                "description": "How many game numbers are drawn for the cookie jar; 0 or false for none.",
            },
            "couples": {
                "type": "array",
                "minItems": 2,
                "maxItems": 400,
                "items": {
                    "oneOf": [
                        _NAME,
                        {
                            "type": "object",
                            "required": ["name"],
                            "properties": {"name": _NAME, "players": {"type": "array", "items": _NAME, "maxItems": 2}},
                        },
                    ]
                },
            },
            "start": {"type": "boolean", "default": True, "description": "Seat game 1 now."},
        },
    },
    "CreatedParty": {
        "type": "object",
        "required": ["id", "edit_token", "links", "state"],
        "properties": {
            "id": {"type": "string"},
            "edit_token": {"type": "string", "description": "Keep it: it is the only way to report results."},
            "links": {
                "type": "object",
                "properties": {"director": {"type": "string"}, "board": {"type": "string"}},
            },
            "state": _ref("Party"),
        },
    },
    "PartyResult": {
        "type": "object",
        "required": ["game", "table", "winner"],
        "additionalProperties": False,
        "properties": {
            "game": {"type": "integer", "minimum": 1},
            "table": {"type": "integer", "minimum": 1},
            "winner": {"type": "integer", "minimum": 0, "description": "A couple index seated at that table."},
            "correct": {"type": "boolean", "default": False},
        },
    },
    "Party": {
        "type": "object",
        "required": ["id", "game", "games", "seating", "results", "wins", "punched", "places", "booby", "finished"],
        "properties": {
            "id": {"type": "string"},
            "version": {"type": "integer"},
            "name": {"type": "string"},
            "game": {"type": "integer", "description": "The game being played (0 before the start)."},
            "games": {"type": "integer"},
            "started": {"type": "boolean"},
            "closed": {"type": "boolean"},
            "finished": {"type": "boolean"},
            "couples": {"type": "array", "items": {"type": "object"}},
            "seating": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "table": {"type": "integer"},
                        "couples": _INDEXES,
                        "deals_first": {"type": "integer"},
                    },
                },
            },
            "sits_out": {
                "type": ["integer", "null"],
                "description": "The couple sitting out the game being played (RULES.md §14), or null.",
            },
            "missing": {"type": "array", "items": {"type": "integer"}, "description": "Tables still to report."},
            "results": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "game": {"type": "integer"},
                        "table": {"type": "integer"},
                        "winner": {"type": "integer"},
                    },
                },
            },
            "wins": {"type": "array", "items": {"type": "integer"}},
            "punched": {"type": "array", "items": _INDEXES},
            "places": {
                "type": "array",
                "description": "Dense ranking by wins (18, 18, 16 → places 1, 1, 2) for the prize places.",
                "items": {
                    "type": "object",
                    "properties": {
                        "place": {"type": "integer"},
                        "couples": _INDEXES,
                        "wins": {"type": "integer"},
                        "tied": {"type": "boolean"},
                    },
                },
            },
            "ties": {"type": "array", "items": {"type": "object"}},
            "booby": {"type": ["object", "null"]},
            "cookie_jar": {"type": ["object", "null"]},
        },
    },
}

SECURITY_SCHEMES: dict[str, Any] = {
    "partyEditToken": {
        "type": "http",
        "scheme": "bearer",
        "description": "The `edit_token` returned when the party was created.",
    }
}
