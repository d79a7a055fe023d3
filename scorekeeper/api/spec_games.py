"""OpenAPI 3.1 description of the games part of the API (merged into /api/v1/openapi.json)."""

from __future__ import annotations

_REF = "#/components/schemas/"


def _ref(name: str) -> dict:
    return {"$ref": _REF + name}


def _json(schema: dict, description: str) -> dict:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _error(description: str) -> dict:
    return _json(_ref("Error"), description)


_GAME_ID = {
    "name": "game_id",
    "in": "path",
    "required": True,
    "description": "The game's id, as returned when it was created.",
    "schema": {"type": "string", "maxLength": 64},
}

_WRITE_ERRORS = {
    "400": _error("The body is not a JSON object."),
    "401": _error("No `Authorization: Bearer <edit_token>` header."),
    "403": _error("The token is not this game's edit token (the view token can never write)."),
    "404": _error("No game with that id."),
    "409": _error(
        "Another phone changed the game first (for example it already recorded hand `n`); nothing was saved."
    ),
    "413": _error("The body is too large."),
    "422": _error(
        "The hand breaks the game's rules or a field has the wrong type; `field` names it. Nothing was saved."
    ),
}

_SECURED = [{"editToken": []}]

PATHS: dict = {
    "/api/v1/games": {
        "post": {
            "operationId": "createGame",
            "summary": "Start a game",
            "description": "Seats are dealt clockwise in the alternating order of the sides' players. "
            "The answer holds the edit token (keep it: it is the only way to record hands) "
            "and two links: the score sheet that can record, and the one that only shows.",
            "tags": ["games"],
            "requestBody": {"required": True, "content": {"application/json": {"schema": _ref("NewGame")}}},
            "responses": {
                "201": _json(_ref("CreatedGame"), "The game was started."),
                "400": _error("The body is not a JSON object."),
                "413": _error("The body is too large."),
                "422": _error("The game cannot be played as described; `field` names what to fix."),
            },
        }
    },
    "/api/v1/games/{game_id}": {
        "get": {
            "operationId": "getGame",
            "summary": "Read a game's score sheet",
            "description": "Public to anyone holding the game's id (a random, unguessable string); no token is "
            "needed to read. With `?since=<version>` the answer is 304 with no body while the "
            "game is still at that version, so a display board can poll cheaply.",
            "tags": ["games"],
            "parameters": [
                _GAME_ID,
                {
                    "name": "since",
                    "in": "query",
                    "required": False,
                    "description": "The `version` the caller already has.",
                    "schema": {"type": "integer"},
                },
            ],
            "responses": {
                "200": _json(_ref("GameState"), "The game as it stands."),
                "304": {"description": "Unchanged since the given version."},
                "404": _error("No game with that id."),
            },
        }
    },
    "/api/v1/games/{game_id}/hands": {
        "post": {
            "operationId": "recordHand",
            "summary": "Record the next hand",
            "description": "Give `n`, the number the hand will have, so that two phones recording the same "
            "hand (or a request sent twice) record it once: the second gets 409.",
            "tags": ["games"],
            "security": _SECURED,
            "parameters": [_GAME_ID],
            "requestBody": {"required": True, "content": {"application/json": {"schema": _ref("HandInput")}}},
            "responses": {"201": _json(_ref("StateAnswer"), "The hand was recorded."), **_WRITE_ERRORS},
        }
    },
    "/api/v1/games/{game_id}/hands/last": {
        "delete": {
            "operationId": "undoLastHand",
            "summary": "Undo the last hand",
            "description": "With `?n=<number>`, only undoes if hand `n` is still the last one (409 otherwise).",
            "tags": ["games"],
            "security": _SECURED,
            "parameters": [
                _GAME_ID,
                {
                    "name": "n",
                    "in": "query",
                    "required": False,
                    "description": "The number of the hand meant to be undone.",
                    "schema": {"type": "integer", "minimum": 1},
                },
            ],
            "responses": {"200": _json(_ref("StateAnswer"), "The hand was undone."), **_WRITE_ERRORS},
        }
    },
    "/api/v1/games/{game_id}/hands/{n}": {
        "put": {
            "operationId": "editHand",
            "summary": "Replace hand n and recompute every later hand",
            "description": "If the changed hand, or any later hand, no longer stands under the rules, "
            "nothing changes and the answer says which hand and why.",
            "tags": ["games"],
            "security": _SECURED,
            "parameters": [
                _GAME_ID,
                {
                    "name": "n",
                    "in": "path",
                    "required": True,
                    "description": "The hand's number, from 1.",
                    "schema": {"type": "integer", "minimum": 1},
                },
            ],
            "requestBody": {"required": True, "content": {"application/json": {"schema": _ref("HandInput")}}},
            "responses": {"200": _json(_ref("StateAnswer"), "The hand was changed."), **_WRITE_ERRORS},
        }
    },
    "/api/v1/games/{game_id}/rules": {
        "put": {
            "operationId": "changeRules",
            "summary": "Play the game under other rules (before its first hand only)",
            "description": "Every score depends on the rules, so once the first hand is recorded the answer "
            "is 409 (field `rules`) and nothing changes.",
            "tags": ["games"],
            "security": _SECURED,
            "parameters": [_GAME_ID],
            "requestBody": {"required": True, "content": {"application/json": {"schema": _ref("RulesInput")}}},
            "responses": {"200": _json(_ref("StateAnswer"), "The game now follows these rules."), **_WRITE_ERRORS},
        }
    },
    "/api/v1/games/{game_id}/finished": {
        "put": {
            "operationId": "setFinished",
            "summary": "Finish the game early, or open it again",
            "description": '`{"finished": true}` ends a game before anyone won: it takes no more hands '
            'until `{"finished": false}`. A game that was won cannot be opened again '
            "(422, field `finished`): undo the winning hand instead.",
            "tags": ["games"],
            "security": _SECURED,
            "parameters": [_GAME_ID],
            "requestBody": {"required": True, "content": {"application/json": {"schema": _ref("FinishedInput")}}},
            "responses": {"200": _json(_ref("StateAnswer"), "Done."), **_WRITE_ERRORS},
        }
    },
}

_SIDE_INDEX = {"type": "integer", "minimum": 0, "maximum": 7}
_NAME = {"type": "string", "minLength": 1, "maxLength": 80}
_STANDING = {
    "type": "array",
    "items": {"type": "string", "enum": ["on-the-green", "locked", "in-the-hole", "must-bid-out", "eliminated", "out"]},
}
_BID = {
    "oneOf": [
        {"type": "integer", "enum": [15, 20, 25, 30]},
        {"type": "string", "enum": ["30-for-60", "60-for-120", "slam"]},
        {"type": "null"},
    ]
}

SCHEMAS: dict = {
    "Error": {
        "type": "object",
        "required": ["error"],
        "properties": {
            "error": {
                "type": "object",
                "required": ["message", "field"],
                "properties": {
                    "message": {"type": "string", "description": "What is wrong, in a player's words."},
                    "field": {"type": ["string", "null"], "description": "The input to fix, if one."},
                },
            }
        },
    },
    "SideInput": {
        "type": "object",
        "required": ["name", "players"],
        "properties": {
            "name": _NAME,
            "players": {"type": "array", "items": _NAME, "minItems": 1, "maxItems": 8},
        },
    },
    "NewGame": {
        "type": "object",
        "required": ["sides"],
        "additionalProperties": False,
        "properties": {
            "rules": {
                "description": 'A preset name, or `{"preset": ..., <option>: <value>}`; default new-england.',
                "oneOf": [{"type": "string"}, {"type": "object"}],
            },
            "sides": {"type": "array", "items": _ref("SideInput"), "minItems": 2, "maxItems": 8},
            "scores": {
                "type": "array",
                "items": {"type": "integer", "multipleOf": 5},
                "description": "Scores carried on from a game started on paper.",
            },
            "first_dealer": {"type": "integer", "minimum": 0, "description": "Seat of the first dealer."},
        },
    },
    "RulesInput": {
        "type": "object",
        "required": ["rules"],
        "additionalProperties": False,
        "properties": {
            "rules": {
                "description": 'A preset name, or `{"preset": ..., <option>: <value>}`.',
                "oneOf": [{"type": "string"}, {"type": "object"}],
            },
        },
    },
    "FinishedInput": {
        "type": "object",
        "required": ["finished"],
        "additionalProperties": False,
        "properties": {"finished": {"type": "boolean"}},
    },
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
                        "format": "uri",
                        "description": "The score sheet that can record hands.",
                    },
                    "view": {
                        "type": ["string", "null"],
                        "format": "uri",
                        "description": "The read-only score sheet, to follow the game.",
                    },
                },
            },
            "state": _ref("GameState"),
        },
    },
    "HandInput": {
        "type": "object",
        "additionalProperties": False,
        "description": "Either `points` or `tricks` (with `high`).",
        "properties": {
            "n": {"type": "integer", "minimum": 1, "description": "The number this hand will have; 409 if taken."},
            "bidder": {
                "oneOf": [_SIDE_INDEX, {"type": "null"}],
                "description": "The side that won the bid; absent or null without bidding.",
            },
            "bid": _BID,
            "bagged": {"type": "boolean", "default": False},
            "hold": {"type": "boolean", "default": False},
            "points": {"type": "array", "items": {"type": "integer", "multipleOf": 5}},
            "tricks": {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 5}},
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
            "notes": {"type": "array", "items": {"type": "string"}},
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
            "win_reason": {"type": ["string", "null"]},
            "finished": {
                "type": "boolean",
                "description": "The game is over: won, or finished early (then it takes no hands).",
            },
            "standing": {"type": "array", "items": _STANDING},
            "dealer": {"type": "string", "description": "Who deals the next hand."},
            "first_bidder": {"type": "string"},
            "next_n": {"type": "integer"},
            "min_bids": {"type": "array", "items": {"type": ["integer", "null"]}},
            "hands": {"type": "array", "items": _ref("HandRow")},
        },
    },
    "StateAnswer": {
        "type": "object",
        "required": ["state"],
        "properties": {"state": _ref("GameState")},
    },
}

SECURITY_SCHEMES: dict = {
    "editToken": {
        "type": "http",
        "scheme": "bearer",
        "description": "The game's edit_token, returned when the game is created.",
    }
}
