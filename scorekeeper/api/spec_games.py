"""OpenAPI 3.1 description of the games part of the API (merged into /api/v1/openapi.json)."""

from __future__ import annotations

import dataclasses
import sys
import unicodedata
from typing import Any

from scorekeeper.api.base import ERROR_CODES
from scorekeeper.api.schema import closed_object, error_schema, json_request, parameter
from scorekeeper.api.schema import error_body as _error
from scorekeeper.api.schema import json_body as _json
from scorekeeper.api.schema import ref as _ref
from scorekeeper.rules import (
    BIDS,
    OPTION_INFO,
    POINTS_PER_TRICK,
    PRESETS,
    REFUSED_NAME_CATEGORIES,
    SPECIAL_BIDS,
    TRICKS_IN_HAND,
    NoteKind,
    Rules,
    WinReason,
)
from scorekeeper.store.games import MAX_HANDS, NAME_MAX_LENGTH

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


def _option_schema(field: dataclasses.Field[Any]) -> dict[str, Any]:
    info = OPTION_INFO.get(field.name)
    choices = info.choices if info is not None else None
    nullable = "None" in str(field.type)
    if choices and not all(isinstance(c, bool) for c in choices):
        values = [c for c in choices if c is not None]
        schema: dict[str, Any] = {"enum": values + ([None] if nullable or None in choices else [])}
    elif "bool" in str(field.type):
        schema = {"type": "boolean"}
    elif "int" in str(field.type):
        schema = {"type": ["integer", "null"] if nullable else "integer"}
    else:
        schema = {"type": ["string", "null"] if nullable else "string"}
    if info is not None:
        schema["description"] = info.label
    return schema


RULES_DESCRIPTION = (
    'A preset name, or `{"preset": ..., <option>: <value>}` (options left out follow the preset). '
    "Values the rule book does not allow together are refused with 422."
)
RULES_SCHEMA: dict[str, Any] = {
    "description": RULES_DESCRIPTION,
    "oneOf": [
        {"type": "string", "enum": list(PRESETS)},
        {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "preset": {"type": "string", "enum": list(PRESETS)},
                **{field.name: _option_schema(field) for field in dataclasses.fields(Rules)},
            },
        },
    ],
}

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

_SIDE_INDEX = {"type": "integer", "minimum": 0, "maximum": MAX_SIDES - 1}
_NAME = {"type": "string", "maxLength": NAME_MAX_LENGTH, "pattern": NAME_PATTERN}
_PER_SIDE = {"minItems": 2, "maxItems": MAX_SIDES}
_POINTS = {
    "type": ["array", "null"],
    "items": {"type": "integer", "multipleOf": POINTS_PER_TRICK, "minimum": -MAX_NUMBER, "maximum": MAX_NUMBER},
    **_PER_SIDE,
}
_STANDING = {
    "type": "array",
    "items": {"type": "string", "enum": ["on-the-green", "locked", "in-the-hole", "must-bid-out", "eliminated", "out"]},
}
_BID = {
    "oneOf": [
        {"type": "integer", "enum": list(BIDS)},
        {"type": "string", "enum": list(SPECIAL_BIDS)},
        {"type": "null"},
    ]
}

_HAND_PROPERTIES = {
    "n": {
        "type": "integer",
        "minimum": 1,
        "maximum": MAX_NUMBER,
        "description": "The number this hand will have (the state's next_n); 409 if taken.",
    },
    "bidder": {
        "oneOf": [_SIDE_INDEX, {"type": "null"}],
        "description": "The side that won the bid; absent or null without bidding.",
    },
    "bid": _BID,
    "bagged": {"type": ["boolean", "null"], "default": False},
    "hold": {"type": ["boolean", "null"], "default": False},
    "points": _POINTS,
    "tricks": {
        "type": ["array", "null"],
        "items": {"type": "integer", "minimum": 0, "maximum": TRICKS_IN_HAND},
        **_PER_SIDE,
    },
    "high": {
        "oneOf": [_SIDE_INDEX, {"type": "null"}],
        "description": "The side that took the high; null where a 25-point hand is allowed.",
    },
    "partner": {"oneOf": [_SIDE_INDEX, {"type": "null"}], "description": "With call_for_partner."},
    "offsuit_set": {
        "oneOf": [_SIDE_INDEX, {"type": "null"}],
        "description": "With offsuit_set_bonus: the defending side that set the bidder with non-trump "
        "cards only (it scores 30).",
    },
    "tie_break_side": {
        "oneOf": [_SIDE_INDEX, {"type": "null"}],
        "description": "With tie_break: the tied side that took the later trick (last-trick) or reached "
        "the target first (first-out). Needed only when tied sides would otherwise play on; a hand that "
        "needs it and lacks it is refused with field tie_break_side.",
    },
}

SCHEMAS: dict[str, Any] = {
    "Error": error_schema(
        ["message", "field"],
        "What is wrong, in a player's words, in the request's Accept-Language.",
        "The input to fix, if one.",
        ERROR_CODES,
    ),
    "SideInput": {
        "type": "object",
        "required": ["name", "players"],
        "properties": {
            "name": _NAME,
            "players": {"type": "array", "items": _NAME, "minItems": 1, "maxItems": MAX_SIDES},
        },
    },
    "NewGame": {
        "type": "object",
        "required": ["sides"],
        "additionalProperties": False,
        "properties": {
            "rules": {**RULES_SCHEMA, "description": RULES_DESCRIPTION + " Left out: new-england."},
            "sides": {"type": "array", "items": _ref("SideInput"), **_PER_SIDE},
            "scores": {**_POINTS, "description": "Scores carried on from a game started on paper, one per side."},
            "first_dealer": {"type": "integer", "description": "Seat of the first dealer (from 0)."},
            "table": {
                "type": "string",
                "description": "A table's id: the game is one of that table's (send the table's edit token as "
                "`Authorization: Bearer`); each side's players are roster names, a new name joins the roster.",
            },
        },
    },
    "RulesInput": {
        "type": "object",
        "required": ["rules"],
        "additionalProperties": False,
        "properties": {
            "rules": RULES_SCHEMA,
        },
    },
    "FinishedInput": closed_object(["finished"], {"finished": {"type": "boolean"}}),
    "CreatedGame": {
        "type": "object",
        "required": ["id", "edit_token", "links", "state"],
        "properties": {
            "id": {"type": "string"},
            "edit_token": {"type": "string", "description": "Send as `Authorization: Bearer` to record."},
            "view_token": {"type": "string", "description": "Token of the read-only link; it can never write."},
            "links": {
                "type": "object",
                "required": ["edit", "view"],
                "properties": {
                    "edit": {
                        "type": ["string", "null"],
                        "format": "uri-reference",
                        "description": "The score sheet that can record hands: absolute with "
                        "SCOREKEEPER_PUBLIC_URL (or SCOREKEEPER_ALLOWED_HOSTS) set, else its path.",
                    },
                    "view": {
                        "type": ["string", "null"],
                        "format": "uri-reference",
                        "description": "The read-only score sheet, to follow the game.",
                    },
                },
            },
            "state": _ref("GameState"),
        },
    },
    "HandInput": {
        "type": "object",
        "required": ["n"],
        "additionalProperties": False,
        "description": "Either `points` or `tricks` (with `high`).",
        "properties": _HAND_PROPERTIES,
    },
    "HandEdit": {
        "type": "object",
        "additionalProperties": False,
        "description": "The hand as it should stand, and the game's `version` it was made from (or send `If-Match`).",
        "properties": {
            **_HAND_PROPERTIES,
            "n": {"type": "integer", "minimum": 1, "maximum": MAX_NUMBER, "description": "If given, the address's n."},
            "version": {"type": "integer", "minimum": 1, "description": "The game's version this edit was made from."},
        },
    },
    "HandRow": {
        "type": "object",
        "required": ["n", "dealer", "bidder", "bid", "points", "deltas", "scores"],
        "properties": {
            "n": {"type": "integer"},
            "dealer": {"type": "string"},
            "bidder": {"type": ["integer", "null"]},
            "bid": _BID,
            "bagged": {"type": "boolean"},
            "hold": {"type": "boolean"},
            "partner": {"type": ["integer", "null"]},
            "offsuit_set": {"type": ["integer", "null"]},
            "tie_break_side": {"type": ["integer", "null"]},
            "tricks": {"type": ["array", "null"], "items": {"type": "integer"}},
            "high": {"type": ["integer", "null"]},
            "points": {"type": "array", "items": {"type": "integer"}},
            "deltas": {"type": "array", "items": {"type": "integer"}},
            "scores": {"type": "array", "items": {"type": "integer"}},
            "made": {"type": ["boolean", "null"], "description": "Whether the bid was made; null without bidding."},
            "notes": {
                "type": "array",
                "items": {"type": "string"},
                "description": "The notes as sentences, in the request's Accept-Language (codes: note_codes).",
            },
            "note_codes": {
                "type": "array",
                "description": "The notes as codes, in the same order: what each is about and the side it names.",
                "items": {
                    "type": "object",
                    "required": ["code", "side"],
                    "properties": {
                        "code": {"type": "string", "enum": [str(kind) for kind in NoteKind]},
                        "side": {"type": "integer"},
                    },
                },
            },
            "standing": {"type": "array", "items": _STANDING},
        },
    },
    "GameState": {
        "type": "object",
        "required": ["id", "rules", "sides", "scores", "winner", "standing", "dealer", "hands"],
        "properties": {
            "id": {"type": "string"},
            "version": {"type": "integer", "description": "Goes up by one with every change."},
            "rules": {"type": "object", "description": "Every option of the rule book's §13 and its value."},
            "sides": {"type": "array", "items": _ref("SideInput")},
            "scores": {"type": "array", "items": {"type": "integer"}},
            "winner": {"type": ["integer", "null"]},
            "win_reason": {
                "type": ["string", "null"],
                "description": "Who won and why, as a sentence in the request's Accept-Language.",
            },
            "win_reason_code": {
                "type": ["string", "null"],
                "enum": [*(str(reason) for reason in WinReason), None],
                "description": "Which rule decided the winner, as a code (the sentence is win_reason).",
            },
            "finished": {
                "type": "boolean",
                "description": "The game is over: won, or finished early (then it takes no hands).",
            },
            "standing": {"type": "array", "items": _STANDING},
            "dealer": {"type": "string", "description": "Who deals the next hand."},
            "first_bidder": {"type": "string"},
            "next_n": {"type": "integer"},
            "min_bids": {"type": "array", "items": {"type": ["integer", "null"]}},
            "overtime": {
                "type": "array",
                "items": {"type": "integer"},
                "description": "Under tie_break overtime: the tied sides that alone play the next hands until one "
                "wins (the others neither bid nor score). Empty otherwise.",
            },
            "draw": {
                "type": "object",
                "description": "The draw of the next hand, for the players still playing it: keep at least `keep` "
                "of your own cards and change at most `change` (the bidder) or `others_change` (everyone else; "
                "3 in One-hundred and ten). With four_and_a_flip `keep` is 0.",
                "properties": {
                    "players": {"type": "integer"},
                    "keep": {"type": "integer"},
                    "change": {"type": "integer"},
                    "others_change": {"type": "integer"},
                    "four_and_a_flip": {"type": "boolean"},
                },
            },
            "hands": {"type": "array", "items": _ref("HandRow")},
        },
    },
    "StateAnswer": {
        "type": "object",
        "required": ["state"],
        "properties": {"state": _ref("GameState")},
    },
}

SECURITY_SCHEMES: dict[str, Any] = {
    "editToken": {
        "type": "http",
        "scheme": "bearer",
        "description": "The game's edit_token, returned when the game is created.",
    }
}
