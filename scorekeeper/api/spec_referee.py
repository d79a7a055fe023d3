"""The referee's and the presets' part of the API's description: its paths, and the models that give the document
its schemas and read the questions asked (merged into /api/v1/openapi.json)."""

from __future__ import annotations

import functools
import re
import sys
from collections.abc import Callable, Iterable
from functools import partial
from typing import Annotated, Any, ClassVar, Literal, TypeVar, overload

from pydantic import ConfigDict, Field, PlainValidator, RootModel
from pydantic.json_schema import SkipJsonSchema
from pydantic_core import ErrorDetails

from scorekeeper import words
from scorekeeper.api.base import BadInput, Say
from scorekeeper.api.schema import Part, Schema, enum, error_body, json_body, json_request, parameter, read_as, ref
from scorekeeper.platform.i18n import gettext as _
from scorekeeper.rules import (
    PRESETS,
    TRICKS_IN_HAND,
    CardError,
    CompareReason,
    PlayRule,
    Refusal,
    RulesError,
    TrickReason,
    VerdictKind,
    parse_cards,
    split_tokens,
)
from scorekeeper.rules import Card as EngineCard
from scorekeeper.rules import Rules as EngineRules
from scorekeeper.rules import Suit as EngineSuit
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
    ref("Suit"),
    "The trump suit: S, C, H or D (or ♠ ♣ ♥ ♦, spades...).",
    required=True,
)
_ERRORS = {
    "400": error_body("The body is not a JSON object."),
    "422": error_body("A field cannot be used; the message says why."),
}
_BODY_ERRORS = {**_ERRORS, "415": error_body("The body was not sent as `application/json`.")}


def _json(schema_name: str, description: str) -> dict[str, Any]:
    return json_body(ref(schema_name), description)


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
                parameter("led", "query", ref("Suit"), "The suit led (omit when a trump was led)."),
                parameter("a", "query", ref("Card"), required=True),
                parameter("b", "query", ref("Card"), required=True),
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
            "requestBody": json_request(ref("TrickQuestion")),
            "responses": {"200": _json("TrickAnswer", "The winning card and why."), **_BODY_ERRORS},
        }
    },
    "/api/v1/referee/legal": {
        "post": {
            "operationId": "refereeLegal",
            "summary": "Which cards of a hand may be played to a trick; with play, whether that card may",
            "tags": ["referee"],
            "requestBody": json_request(ref("LegalQuestion")),
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

# -- Reading what a request gives: each value in the referee's own words --------------------------


def read_rules(value: Any) -> EngineRules:
    """Read ``rules``: a preset name, an object of options (with an optional preset), or nothing."""
    if value is None or value == "":
        return EngineRules()
    if not isinstance(value, (str, dict)):
        raise BadInput(_("'rules' must be a preset name or an object of options"), "rules")
    try:
        return EngineRules.from_dict(value)
    except RulesError as exc:
        field = exc.field if exc.field in (None, "rules") else f"rules.{exc.field}"
        raise BadInput(words.refusal(exc), field or "rules", code=exc.code) from None
    except (TypeError, ValueError) as exc:  # a value of the wrong kind inside the options
        raise BadInput(_("These rules cannot be used: %(why)s", why=exc), "rules") from None


Given = TypeVar("Given")
Parsed = TypeVar("Parsed")


def _as_the_engine_reads(parse: Callable[[Given], Parsed], value: Given, field: str) -> Parsed:
    """*value* read by the engine's *parse*; what it refuses is refused on *field* in the engine's words."""
    try:
        return parse(value)
    except CardError as exc:
        raise BadInput(words.refusal(exc), field, code=exc.code) from None


@overload
def read_suit(value: Any, field: str, *, required: Literal[True] = True) -> EngineSuit: ...


@overload
def read_suit(value: Any, field: str, *, required: bool) -> EngineSuit | None: ...


def read_suit(value: Any, field: str, *, required: bool = True) -> EngineSuit | None:
    if value is None or value == "":
        if required:
            if field == "trump":
                raise BadInput(_("Give the trump suit: S, C, H or D."), field)
            raise BadInput(_("Give a suit: S, C, H or D."), field)
        return None
    if not isinstance(value, str):
        raise BadInput(_("'%(field)s' must be a suit: S, C, H or D.", field=field), field)
    return _as_the_engine_reads(EngineSuit.parse, value, field)


def read_card(value: Any, field: str) -> EngineCard:
    if not isinstance(value, str):
        raise BadInput(_("'%(field)s' must be one card, such as \"5H\".", field=field), field)
    return _as_the_engine_reads(EngineCard.parse, value, field)


def read_cards(value: Any, field: str, *, required: bool = True) -> tuple[EngineCard, ...]:
    """Read a list of cards (or one string of cards such as ``"5h jd ah"``)."""
    if value is None:
        if required:
            raise BadInput(_('Give the cards of \'%(field)s\', such as ["8S", "AH"].', field=field), field)
        return ()
    if isinstance(value, str):
        tokens = split_tokens(value)
    elif isinstance(value, list) and all(isinstance(item, str) for item in value):
        tokens = value
    else:
        raise BadInput(_('\'%(field)s\' must be a list of cards, such as ["8S", "AH"].', field=field), field)
    if len(tokens) > 60:
        raise BadInput(_("Too many cards in '%(field)s'.", field=field), field)
    return _as_the_engine_reads(parse_cards, tokens, field)


# -- The models of the document's schemas -----------------------------------------------------------


class Suit(RootModel[str]):
    """S, C, H or D on output; input may also be ♠ ♣ ♥ ♦ or a suit's name."""

    model_config = ConfigDict(json_schema_extra={"pattern": SUIT_PATTERN, "examples": ["S", "H"]})


class Card(RootModel[str]):
    """A card: 5H, 10D, AH, JK (joker). Input is lenient: 5h, T♦, 10 d."""

    model_config = ConfigDict(json_schema_extra={"pattern": CARD_PATTERN, "examples": ["5H", "10D", "JK"]})


class Cards(
    RootModel[list[Card] | Annotated[str, Field(description='Cards separated by spaces or commas: "5h jd ah".')]]
):
    pass


class RuleOptions(RootModel[dict[str, Any]]):
    """Option name -> value, as in the rule book's option list."""


class _Preset(Part):
    preset: str = enum(PRESETS, default="")


class Rules(RootModel[Annotated[str, enum(PRESETS)] | _Preset]):
    model_config = ConfigDict(json_schema_extra={"default": "new-england"})


def _read(read: Callable[[Any, str], object], field: str, kind: type[RootModel[Any]]) -> PlainValidator:
    """A field read by the referee's own reader of *kind*, refused in its words on *field*."""
    return PlainValidator(lambda value: read(value, field), json_schema_input_type=kind)


_RULES = _read(lambda value, _field: read_rules(value), "rules", Rules)
_CARDS_HELD: dict[str, Say] = {
    "cards": lambda found: _('Give the cards of \'%(field)s\', such as ["8S", "AH"].', field="cards"),
    "hand": lambda found: _('Give the cards of \'%(field)s\', such as ["8S", "AH"].', field="hand"),
    "trump": lambda found: _("Give the trump suit: S, C, H or D."),
}


class TrickQuestion(Schema):
    rules: Annotated[Any, _RULES] = Field(default_factory=EngineRules)
    trump: Annotated[Any, _read(read_suit, "trump", Suit)]
    cards: Annotated[Any, _read(read_cards, "cards", Cards)]

    refusals: ClassVar[dict[str, Say]] = _CARDS_HELD


def _optional_card(value: Any, field: str) -> EngineCard | None:
    return None if value is None else read_card(value, field)


def _trick_number(found: ErrorDetails) -> BadInput:
    return BadInput(
        _("'trick_number' is the trick's number, 1 to 5: a hand has five tricks."),
        "trick_number",
        code=Refusal.TRICK_NUMBER,
    )


class LegalQuestion(Schema):
    rules: Annotated[Any, _RULES] = Field(default_factory=EngineRules)
    trump: Annotated[Any, _read(read_suit, "trump", Suit)]
    trick: Annotated[Any, _read(partial(read_cards, required=False), "trick", Cards)] = ()
    """Cards already played, lead first; empty when leading."""
    hand: Annotated[Any, _read(read_cards, "hand", Cards)]
    trick_number: (
        Annotated[
            int,
            Field(
                ge=1,
                le=TRICKS_IN_HAND,
                description="This trick's number in the hand (1 to 5); with called, under call_for_partner.",
            ),
        ]
        | None
    ) = None
    called: Annotated[Any, _read(_optional_card, "called", Card)] = None
    """With call_for_partner: the card the bidder called. Its holder must play it on the second trick (and may not hold it back past it)."""
    # Read after the hand is judged: a refusal of the hand comes first.
    play: Annotated[Any, read_as(Card)] = None

    refusals: ClassVar[dict[str, Say]] = {**_CARDS_HELD, "trick_number": _trick_number}


class RankAnswer(Schema):
    trump: list[Card]
    offsuit: dict[str, list[Card]]
    always_trump: Card | SkipJsonSchema[None] = None
    rules: RuleOptions | SkipJsonSchema[None] = None


_COMPARE_REASONS = [str(reason) for reason in CompareReason]
_TRICK_REASONS = [str(reason) for reason in TrickReason]
_EXPLANATION = "The reason as a sentence, in the Accept-Language."


class CompareAnswer(Schema):
    higher: str | None = None
    reason: str = enum(_COMPARE_REASONS, default="")
    reason_code: str = enum(
        _COMPARE_REASONS,
        default="",
        description="Why one card is higher, as a code (the same as reason; the sentence is explanation).",
    )
    explanation: str = Field("", description=_EXPLANATION)


class TrickAnswer(Schema):
    winner: int = Field(description="Index of the winning card in cards.")
    card: Card
    trump_lead: bool = False
    reason: str = enum(_TRICK_REASONS, default="")
    reason_code: str = enum(
        _TRICK_REASONS,
        default="",
        description="Why the card won, as a code (the same as reason; the sentence is explanation).",
    )
    rule: str = ""
    explanation: str = Field(description=_EXPLANATION)


class LegalAnswer(Schema):
    legal: list[Card]
    held_back: list[Card] = Field([], description="Trumps in the hand that may be held back (a legal renege).")
    rule: str = enum([str(rule) for rule in PlayRule], default="")
    measured_against: str | None = None
    explanation: str
    play: Card | SkipJsonSchema[None] = None
    play_is_legal: bool = False
    verdict: str = enum([str(kind) for kind in VerdictKind], default="")
    verdict_explanation: str = ""


MODELS = (
    Suit,
    Card,
    Cards,
    RuleOptions,
    Rules,
    RankAnswer,
    CompareAnswer,
    TrickQuestion,
    TrickAnswer,
    LegalQuestion,
    LegalAnswer,
)
