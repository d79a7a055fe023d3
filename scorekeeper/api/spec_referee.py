"""The OpenAPI description of the referee and presets endpoints."""

from __future__ import annotations

import functools
import re
import sys
from collections.abc import Iterable
from typing import Any

from scorekeeper.api.schema import parameter
from scorekeeper.rules import PRESETS, TRICKS_IN_HAND, CompareReason, TrickReason
from scorekeeper.rules import cards as _cards


@functools.cache
def _folds_to() -> dict[str, str]:
    """Every character whose lower case is one ASCII letter (K, the Kelvin sign, lowers to k)."""
    found: dict[str, str] = {}
    for code in range(sys.maxunicode + 1):
        ch = chr(code)
        low = ch.lower()
        if len(low) == 1 and low.isascii() and low.isalpha():
            found[ch] = low
    return found


def _any_case(word: str, *, spaces_inside: bool = False) -> str:
    """A regex for *word* as ``.lower()`` reads it; with *spaces_inside*, whitespace may stand between letters."""
    parts = []
    for ch in word:
        same = sorted(c for c, low in _folds_to().items() if low == ch) if ch.isascii() and ch.isalpha() else [ch]
        parts.append("[" + "".join(re.escape(c) for c in same) + "]" if len(same) > 1 else re.escape(same[0]))
    return (r"\s*" if spaces_inside else "").join(parts)


def _alternatives(words: Iterable[str], *, spaces_inside: bool = False) -> str:
    ordered = sorted(words, key=len, reverse=True)
    return "(?:" + "|".join(_any_case(word, spaces_inside=spaces_inside) for word in ordered) + ")"


# Exactly what Suit.parse and Card.parse accept, written out from their own tables.
SUIT_PATTERN = r"^\s*" + _alternatives(_cards._SUIT_WORDS) + r"\s*$"
CARD_PATTERN = (
    r"^\s*(?:"
    + _alternatives(("jk", "joker", "jo", "🃏"), spaces_inside=True)
    + "|"
    + _alternatives(_cards._RANK_WORDS, spaces_inside=True)
    + r"\s*"
    + _alternatives(_cards._SUIT_WORDS, spaces_inside=True)
    + r")\s*$"
)

_RULES_PARAM = parameter(
    "rules",
    "query",
    {"type": "string", "minLength": 1, "pattern": r"\S", "default": "new-england"},
    'A preset name, or a JSON object of options such as {"preset": "nova-scotia", "joker": true}.',
)
_TRUMP_PARAM = parameter(
    "trump",
    "query",
    {"$ref": "#/components/schemas/Suit"},
    "The trump suit: S, C, H or D (or ♠ ♣ ♥ ♦, spades...).",
    required=True,
)
_ERRORS = {
    "400": {
        "description": "The body is not a JSON object.",
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
    },
    "422": {
        "description": "A field cannot be used; the message says why.",
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
    },
}
_BODY_ERRORS = {
    **_ERRORS,
    "415": {
        "description": "The body was not sent as `application/json`.",
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
    },
}


def _json(schema_name: str, description: str) -> dict[str, Any]:
    return {
        "description": description,
        "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{schema_name}"}}},
    }


PATHS: dict[str, Any] = {
    "/api/v1/referee/rank": {
        "get": {
            "operationId": "refereeRank",
            "summary": "The order of the trumps and of each off-suit, highest first",
            "tags": ["referee"],
            "parameters": [_TRUMP_PARAM, _RULES_PARAM],
            "responses": {
                "200": _json("RankAnswer", "The trumps and the off-suits, best card first."),
                "422": _ERRORS["422"],
            },
        }
    },
    "/api/v1/referee/compare": {
        "get": {
            "operationId": "refereeCompare",
            "summary": "Which of two cards is higher, given trump and the suit led",
            "tags": ["referee"],
            "parameters": [
                _TRUMP_PARAM,
                parameter(
                    "led", "query", {"$ref": "#/components/schemas/Suit"}, "The suit led (omit when a trump was led)."
                ),
                parameter("a", "query", {"$ref": "#/components/schemas/Card"}, required=True),
                parameter("b", "query", {"$ref": "#/components/schemas/Card"}, required=True),
                _RULES_PARAM,
            ],
            "responses": {
                "200": _json("CompareAnswer", "The higher card, or null when neither can win."),
                "422": _ERRORS["422"],
            },
        }
    },
    "/api/v1/referee/trick": {
        "post": {
            "operationId": "refereeTrick",
            "summary": "Who wins a trick",
            "tags": ["referee"],
            "requestBody": {
                "required": True,
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/TrickQuestion"}}},
            },
            "responses": {"200": _json("TrickAnswer", "The winning card and why."), **_BODY_ERRORS},
        }
    },
    "/api/v1/referee/legal": {
        "post": {
            "operationId": "refereeLegal",
            "summary": "Which cards of a hand may be played to a trick; with play, whether that card may",
            "tags": ["referee"],
            "requestBody": {
                "required": True,
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/LegalQuestion"}}},
            },
            "responses": {
                "200": _json("LegalAnswer", "The cards that may be played, and the rule that decided it."),
                **_BODY_ERRORS,
            },
        }
    },
    "/api/v1/presets": {
        "get": {
            "operationId": "listPresets",
            "summary": "Every preset and the value of each of its options",
            "tags": ["rules"],
            "responses": {
                "200": {
                    "description": "Preset name -> options.",
                    "content": {
                        "application/json": {
                            "schema": {
                                "type": "object",
                                "additionalProperties": {"$ref": "#/components/schemas/RuleOptions"},
                            }
                        }
                    },
                }
            },
        }
    },
}

SCHEMAS: dict[str, Any] = {
    "Suit": {
        "type": "string",
        "pattern": SUIT_PATTERN,
        "description": "S, C, H or D on output; input may also be ♠ ♣ ♥ ♦ or a suit's name.",
        "examples": ["S", "H"],
    },
    "Card": {
        "type": "string",
        "pattern": CARD_PATTERN,
        "description": "A card: 5H, 10D, AH, JK (joker). Input is lenient: 5h, T♦, 10 d.",
        "examples": ["5H", "10D", "JK"],
    },
    "Cards": {
        "oneOf": [
            {"type": "array", "items": {"$ref": "#/components/schemas/Card"}},
            {"type": "string", "description": 'Cards separated by spaces or commas: "5h jd ah".'},
        ]
    },
    "RuleOptions": {
        "type": "object",
        "description": "Option name -> value, as in the rule book's option list.",
        "additionalProperties": True,
    },
    "Rules": {
        "oneOf": [
            {"type": "string", "enum": list(PRESETS)},
            {"type": "object", "properties": {"preset": {"type": "string", "enum": list(PRESETS)}}},
        ],
        "default": "new-england",
    },
    "RankAnswer": {
        "type": "object",
        "required": ["trump", "offsuit"],
        "properties": {
            "trump": {"type": "array", "items": {"$ref": "#/components/schemas/Card"}},
            "offsuit": {
                "type": "object",
                "additionalProperties": {"type": "array", "items": {"$ref": "#/components/schemas/Card"}},
            },
            "always_trump": {"$ref": "#/components/schemas/Card"},
            "rules": {"$ref": "#/components/schemas/RuleOptions"},
        },
    },
    "CompareAnswer": {
        "type": "object",
        "properties": {
            "higher": {"type": ["string", "null"]},
            "reason": {"type": "string", "enum": [str(reason) for reason in CompareReason]},
            "reason_code": {
                "type": "string",
                "enum": [str(reason) for reason in CompareReason],
                "description": "Why one card is higher, as a code (the same as reason; the sentence is explanation).",
            },
            "explanation": {"type": "string", "description": "The reason as a sentence, in the Accept-Language."},
        },
    },
    "TrickQuestion": {
        "type": "object",
        "required": ["trump", "cards"],
        "properties": {
            "trump": {"$ref": "#/components/schemas/Suit"},
            "cards": {"$ref": "#/components/schemas/Cards"},
            "rules": {"$ref": "#/components/schemas/Rules"},
        },
    },
    "TrickAnswer": {
        "type": "object",
        "required": ["winner", "card", "explanation"],
        "properties": {
            "winner": {"type": "integer", "description": "Index of the winning card in cards."},
            "card": {"$ref": "#/components/schemas/Card"},
            "trump_lead": {"type": "boolean"},
            "reason": {"type": "string", "enum": [str(reason) for reason in TrickReason]},
            "reason_code": {
                "type": "string",
                "enum": [str(reason) for reason in TrickReason],
                "description": "Why the card won, as a code (the same as reason; the sentence is explanation).",
            },
            "rule": {"type": "string"},
            "explanation": {"type": "string", "description": "The reason as a sentence, in the Accept-Language."},
        },
    },
    "LegalQuestion": {
        "type": "object",
        "required": ["trump", "hand"],
        "properties": {
            "trump": {"$ref": "#/components/schemas/Suit"},
            "trick": {
                "$ref": "#/components/schemas/Cards",
                "description": "Cards already played, lead first; empty when leading.",
            },
            "hand": {"$ref": "#/components/schemas/Cards"},
            "play": {"$ref": "#/components/schemas/Card"},
            "rules": {"$ref": "#/components/schemas/Rules"},
            "trick_number": {
                "type": "integer",
                "minimum": 1,
                "maximum": TRICKS_IN_HAND,
                "description": "This trick's number in the hand (1 to 5); with called, under call_for_partner.",
            },
            "called": {
                "$ref": "#/components/schemas/Card",
                "description": "With call_for_partner: the card the bidder called. Its holder must play it on the "
                "second trick (and may not hold it back past it).",
            },
        },
    },
    "LegalAnswer": {
        "type": "object",
        "required": ["legal", "explanation"],
        "properties": {
            "legal": {"type": "array", "items": {"$ref": "#/components/schemas/Card"}},
            "held_back": {
                "type": "array",
                "items": {"$ref": "#/components/schemas/Card"},
                "description": "Trumps in the hand that may be held back (a legal renege).",
            },
            "rule": {
                "type": "string",
                "enum": [
                    "leading",
                    "trump-led-no-trump",
                    "trump-led-must-play-trump",
                    "trump-led-may-renege",
                    "ace-hearts-led-play-heart",
                    "offsuit-any",
                    "offsuit-follow-suit-or-trump",
                    "offsuit-cannot-follow",
                    "called-card-second-trick",
                    "called-card-overdue",
                ],
            },
            "measured_against": {"type": ["string", "null"]},
            "explanation": {"type": "string"},
            "play": {"$ref": "#/components/schemas/Card"},
            "play_is_legal": {"type": "boolean"},
            "verdict": {"type": "string", "enum": ["legal", "legal-renege", "renege"]},
            "verdict_explanation": {"type": "string"},
        },
    },
}
