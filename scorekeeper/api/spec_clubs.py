"""OpenAPI 3.1 description of the clubs part of the API (merged into /api/v1/openapi.json)."""

from __future__ import annotations

from typing import Any

from scorekeeper.api.schema import closed_object, json_request, parameter, schemas
from scorekeeper.api.schema import error_body as _error
from scorekeeper.api.schema import json_body as _json
from scorekeeper.api.schema import ref as _ref
from scorekeeper.api.spec_games import NAME_PATTERN
from scorekeeper.api.spec_parties import NewParty
from scorekeeper.rules import NAME_MAX

_CLUB_ID = parameter(
    "club_id", "path", {"type": "string"}, "The club's id, as returned when it was created (anything else is 404)."
)
_SEASON = parameter(
    "season",
    "query",
    {"type": "string", "minLength": 1, "maxLength": 32},
    "The season, as named on its evenings (`2026-2027`: July to June); the latest one when left out.",
)
_NAME = {"type": "string", "minLength": 1, "maxLength": NAME_MAX, "pattern": NAME_PATTERN}
_WRITE: list[dict[str, list[str]]] = [{"clubEditToken": []}]
_AUTH = {
    "401": _error("No `Authorization: Bearer <edit_token>` header."),
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
            refused="A name the app does not take, or a merge into the same or a merged member.",
            description="The club number stays the member's. A merged member's evenings count as the kept "
            "member's on the ladder.",
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
        "get": {
            "operationId": "getClubEvenings",
            "summary": "The evenings of a season: couples, wins and the money (in cents)",
            "description": "The jackpot carries over from evening to evening of the season until it is won.",
            "tags": ["clubs"],
            "parameters": [_CLUB_ID, _SEASON],
            "responses": {
                "200": _json(_ref("ClubEvenings"), "The season's evenings, in the order they were held."),
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
        "get": {
            "operationId": "getClubLadder",
            "summary": "The season's ladder, by the club's rules",
            "description": "Worked out from the evenings' logs: a corrected result moves it. Members below the "
            "minimum attendance have a null `position` and come last.",
            "tags": ["clubs"],
            "parameters": [_CLUB_ID, _SEASON],
            "responses": {
                "200": _json(_ref("ClubLadder"), "The ladder."),
                "404": _NO_CLUB,
                "422": _error("The season is not a season's name."),
            },
        }
    },
}

_LADDER_RULES = {
    "type": "object",
    "required": ["scoring", "place_points", "best_of", "minimum", "tie_breaks"],
    "properties": {
        "scoring": {"type": "string", "enum": ["places", "wins"]},
        "place_points": {"type": "array", "items": {"type": "integer", "minimum": 0}},
        "best_of": {"type": ["integer", "null"], "minimum": 1},
        "minimum": {"type": "integer", "minimum": 0},
        "tie_breaks": {"type": "array", "items": {"type": "string", "enum": ["wins", "best", "attended"]}},
    },
}

_EVENING_SETTINGS = {
    key: value for key, value in schemas([NewParty])["NewParty"]["properties"].items() if key not in ("couples",)
}

SCHEMAS: dict[str, Any] = {
    "NewClub": closed_object(
        ["name"], {"name": _NAME, "currency": {"type": "string", "enum": ["CAD", "USD", "EUR"], "default": "CAD"}}
    ),
    "CreatedClub": {
        "type": "object",
        "required": ["id", "edit_token", "links", "club"],
        "properties": {
            "id": {"type": "string"},
            "edit_token": {"type": "string", "description": "Keep it: it is the director's link and token."},
            "links": {
                "type": "object",
                "properties": {
                    "director": {"type": "string"},
                    "public": {"type": "string"},
                    "board": {"type": "string"},
                },
            },
            "club": _ref("Club"),
        },
    },
    "Club": {
        "type": "object",
        "required": ["id", "version", "name", "currency", "ladder_rules", "seasons", "members"],
        "properties": {
            "id": {"type": "string"},
            "version": {"type": "integer"},
            "name": {"type": "string"},
            "currency": {"type": "string"},
            "ladder_rules": _LADDER_RULES,
            "seasons": {"type": "array", "items": {"type": "string"}},
            "members": {"type": "array", "items": _ref("ClubMember")},
        },
    },
    "ClubMember": {
        "type": "object",
        "required": ["number", "name", "active", "merged_into"],
        "properties": {
            "number": {"type": "integer", "minimum": 1, "description": "The club number: the member's for good."},
            "name": {"type": "string"},
            "active": {"type": "boolean"},
            "merged_into": {"type": ["integer", "null"], "description": "The number whose evenings these count as."},
        },
    },
    "ClubChange": {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "name": _NAME,
            "currency": {"type": "string", "enum": ["CAD", "USD", "EUR"]},
            "ladder_rules": {
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    "scoring": {"type": "string", "enum": ["places", "wins"]},
                    "place_points": {
                        "type": "array",
                        "minItems": 1,
                        "maxItems": 30,
                        "items": {"type": "integer", "minimum": 0, "maximum": 1000},
                        "description": "Points for first place, second place and so on.",
                    },
                    "best_of": {
                        "type": ["integer", "null"],
                        "minimum": 1,
                        "maximum": 1000,
                        "description": "Only the best this many evenings count; null: all of them.",
                    },
                    "minimum": {
                        "type": "integer",
                        "minimum": 0,
                        "maximum": 1000,
                        "description": "Evenings attended to be ranked.",
                    },
                    "tie_breaks": {
                        "type": "array",
                        "uniqueItems": True,
                        "items": {"type": "string", "enum": ["wins", "best", "attended"]},
                        "description": "In order: more games won in the season, the better best evening, more "
                        "evenings attended.",
                    },
                },
            },
        },
    },
    "ClubMemberChange": {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "name": _NAME,
            "active": {"type": "boolean"},
            "merged_into": {"type": "integer", "minimum": 1, "maximum": 1000000},
        },
    },
    "NewClubMember": closed_object(["name"], {"name": _NAME}),
    "NewClubEvening": {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            **_EVENING_SETTINGS,
            "name": {**_NAME, "description": "The club's name when left out."},
            "season": {"type": "string", "minLength": 1, "maxLength": 32},
            "start": {"type": "boolean", "default": False, "description": "Seat game 1 at once (two couples or more)."},
            "couples": {
                "type": "array",
                "maxItems": 400,
                "items": {"type": "array", "minItems": 2, "maxItems": 2, "items": {"type": "integer", "minimum": 1}},
                "description": "Each couple as the club numbers of its two players.",
            },
        },
    },
    "CreatedClubEvening": {
        "type": "object",
        "required": ["party_id", "edit_token", "links"],
        "properties": {
            "party_id": {"type": "string"},
            "edit_token": {"type": "string", "description": "The evening's director token (card parties)."},
            "links": {
                "type": "object",
                "properties": {
                    "desk": {"type": "string"},
                    "director": {"type": "string"},
                    "results": {"type": "string"},
                },
            },
        },
    },
    "ClubEvenings": {
        "type": "object",
        "required": ["season", "currency", "evenings"],
        "properties": {
            "season": {"type": "string"},
            "currency": {"type": "string"},
            "evenings": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["party_id", "name", "date", "season", "couples", "started", "finished", "wins"],
                    "properties": {
                        "party_id": {"type": "string"},
                        "name": {"type": "string"},
                        "date": {"type": ["string", "null"]},
                        "season": {"type": "string"},
                        "couples": {"type": "integer"},
                        "started": {"type": "boolean"},
                        "finished": {"type": "boolean"},
                        "wins": {"type": "array", "items": {"type": "integer"}},
                        "pots": {
                            "type": "object",
                            "description": "Amounts in cents; `fifty_fifty_prize` is half of what was collected.",
                            "properties": {
                                "entry_fee": {"type": "integer"},
                                "players": {"type": "integer"},
                                "fees": {"type": "integer"},
                                "prizes": {"type": "array", "items": {"type": "integer"}},
                                "cookie_jar": {"type": "integer"},
                                "fifty_fifty": {"type": "integer"},
                                "fifty_fifty_prize": {"type": "integer"},
                                "jackpot_before": {"type": "integer"},
                                "jackpot_added": {"type": "integer"},
                                "jackpot_won": {"type": "boolean"},
                            },
                        },
                    },
                },
            },
        },
    },
    "ClubLadder": {
        "type": "object",
        "required": ["season", "rules", "evenings", "lines"],
        "properties": {
            "season": {"type": "string"},
            "rules": _LADDER_RULES,
            "evenings": {"type": "integer"},
            "lines": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["position", "number", "name", "total", "evenings", "wins"],
                    "properties": {
                        "position": {"type": ["integer", "null"]},
                        "number": {"type": "integer"},
                        "name": {"type": "string"},
                        "total": {"type": "integer"},
                        "counted": {"type": "array", "items": {"type": "integer"}},
                        "scores": {"type": "array", "items": {"type": "integer"}},
                        "evenings": {"type": "integer"},
                        "wins": {"type": "integer"},
                        "best": {"type": "integer"},
                    },
                },
            },
        },
    },
}

SECURITY_SCHEMES: dict[str, Any] = {
    "clubEditToken": {
        "type": "http",
        "scheme": "bearer",
        "description": "The `edit_token` returned when the club was created (the director's link holds it too).",
    }
}
