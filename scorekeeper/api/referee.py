"""The referee for programs: rank of the cards, who wins a trick, what may be played; and the presets.

Each route declares its query or body and its answers as the models below: the library reads the request by them
(each field by the referee's own reader, which refuses in the referee's words) and writes them into the document.
"""

from __future__ import annotations

import functools
import json
import re
import sys
from collections.abc import Callable, Iterable
from functools import partial
from typing import Annotated, Any, TypeVar

from flask import Response
from flask_openapi3.models.tag import Tag
from flask_openapi3.types import ResponseDict
from pydantic import ConfigDict, Field, PlainValidator, RootModel, WithJsonSchema
from pydantic.json_schema import SkipJsonSchema

from scorekeeper import rules as engine
from scorekeeper import words
from scorekeeper.api.base import BadInput, bp, reply
from scorekeeper.api.schema import Answer, Asked, Part, enum, error_body, read_as
from scorekeeper.rules import cards as _cards
from scorekeeper.words import api as said

T = TypeVar("T")


@functools.cache
def _letters() -> dict[str, str]:
    """Each ASCII letter as a class of every character whose lower case it is (K, the Kelvin sign, lowers to k)."""
    found: dict[str, str] = {}
    for ch in map(chr, range(sys.maxunicode + 1)):
        if len(low := ch.lower()) == 1 and low.isascii() and low.isalpha():
            found[low] = found.get(low, "") + re.escape(ch)
    return {low: f"[{same}]" for low, same in found.items()}


def _any_case(word: str, *, spaces_inside: bool = False) -> str:
    """A regex for *word* as ``.lower()`` reads it; with *spaces_inside*, whitespace may stand between letters."""
    return (r"\s*" if spaces_inside else "").join(_letters().get(ch, re.escape(ch)) for ch in word)


def _alternatives(words: Iterable[str], *, spaces_inside: bool = False) -> str:
    ordered = sorted(words, key=len, reverse=True)
    return "(?:" + "|".join(_any_case(word, spaces_inside=spaces_inside) for word in ordered) + ")"


# Exactly what Suit.parse and Card.parse accept, written out from their own tables.
SUIT_PATTERN = r"^\s*" + _alternatives(_cards._SUIT_WORDS) + r"\s*$"
_JOKER, _RANK, _SUIT = (
    _alternatives(words, spaces_inside=True)
    for words in (("jk", "joker", "jo", "🃏"), _cards._RANK_WORDS, _cards._SUIT_WORDS)
)
CARD_PATTERN = rf"^\s*(?:{_JOKER}|{_RANK}\s*{_SUIT})\s*$"

# -- Reading what a request gives: each value in the referee's own words --------------------------


def read_rules(value: Any) -> engine.Rules:
    """Read ``rules``: a preset name, an object of options (with an optional preset), or nothing."""
    if value is None or value == "":
        return engine.Rules()
    if not isinstance(value, (str, dict)):
        raise BadInput(said.rules_kind(), "rules")
    try:
        return engine.Rules.from_dict(value)
    except engine.RulesError as exc:
        field = exc.field if exc.field in (None, "rules") else f"rules.{exc.field}"
        raise BadInput(words.refusal(exc), field or "rules", code=exc.code) from None
    except (TypeError, ValueError) as exc:  # a value of the wrong kind inside the options
        raise BadInput(said.rules_unusable(exc), "rules") from None


def read_query_rules(raw: Any) -> engine.Rules:
    """Read ``rules`` from the query string: a preset name or a JSON object."""
    if raw is None:
        return engine.Rules()
    raw = str(raw).strip()
    if not raw:
        raise BadInput(said.rules_empty(), "rules")
    if raw.startswith("{"):
        try:
            value = json.loads(raw)
        except (ValueError, RecursionError):
            raise BadInput(said.rules_unreadable(), "rules") from None
        return read_rules(value)
    return read_rules(raw)


def read_suit(value: Any, field: str) -> engine.Suit:
    if value is None or value == "":
        raise BadInput(said.give_suit(field), field)
    if not isinstance(value, str):
        raise BadInput(said.not_a_suit(field), field)
    return ask(field, engine.Suit.parse, value)


def read_card(value: Any, field: str) -> engine.Card:
    if not isinstance(value, str):
        raise BadInput(said.not_a_card(field), field)
    return ask(field, engine.Card.parse, value)


def read_cards(value: Any, field: str, *, required: bool = True) -> tuple[engine.Card, ...]:
    """Read a list of cards (or one string of cards such as ``"5h jd ah"``)."""
    if value is None:
        if required:
            raise BadInput(said.give_cards(field), field)
        return ()
    if isinstance(value, str):
        tokens = engine.split_tokens(value)
    elif isinstance(value, list) and all(isinstance(item, str) for item in value):
        tokens = value
    else:
        raise BadInput(said.not_cards(field), field)
    if len(tokens) > 60:
        raise BadInput(said.too_many_cards(field), field)
    return ask(field, engine.parse_cards, tokens)


def _led(value: Any) -> engine.Suit | None:
    if value is not None and not str(value).strip():
        raise BadInput(said.empty_led(), "led")
    return None if value is None else read_suit(value, "led")


def _optional_card(value: Any, field: str) -> engine.Card | None:
    return None if value is None else read_card(value, field)


def _trick_number(value: Any) -> int | None:
    if value is None:
        return None
    if type(value) is not int or not 1 <= value <= engine.TRICKS_IN_HAND:
        raise BadInput(said.trick_number(), "trick_number", code=engine.Refusal.TRICK_NUMBER)
    return value


def ask(
    field: str, question: Callable[..., T], *args: Any, cards: dict[str, tuple[engine.Card, ...]] | None = None
) -> T:
    """Ask the rules engine; its refusals become BadInput on *field*.

    With ``cards`` (field name -> cards given), a refusal naming a card goes to the first field holding it.
    """
    try:
        return question(*args)
    except engine.RulesError as exc:
        raise BadInput(words.refusal(exc), exc.field or "rules", code=exc.code) from None
    except engine.CardError as exc:
        raise BadInput(words.refusal(exc), exc.blamed(cards or {}, field), code=exc.code) from None
    except ValueError as exc:
        raise BadInput(words.refusal(exc), field, code=getattr(exc, "code", None)) from None


# -- The kinds the document names -------------------------------------------------------------------


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
    preset: str = enum(engine.PRESETS, default="")


class Rules(RootModel[Annotated[str, enum(engine.PRESETS)] | _Preset]):
    model_config = ConfigDict(json_schema_extra={"default": "new-england"})


def _read(read: Callable[[Any, str], object], field: str, kind: type[RootModel[Any]]) -> PlainValidator:
    """A field read by the referee's own reader of *kind*, refused in its words on *field*."""
    return PlainValidator(lambda value: read(value, field), json_schema_input_type=kind)


_RULES = _read(lambda value, _field: read_rules(value), "rules", Rules)
_QUERY_RULES = (
    PlainValidator(read_query_rules),
    WithJsonSchema(
        {
            "type": "string",
            "minLength": 1,
            "pattern": r"\S",
            "default": "new-england",
            "description": 'A preset name, or a JSON object of options such as {"preset": "nova-scotia", "joker": true}.',
        }
    ),
)
_TRUMP = _read(read_suit, "trump", Suit)
_TRUMP_DOC = Field(description="The trump suit: S, C, H or D (or ♠ ♣ ♥ ♦, spades...).")

# -- What is asked ----------------------------------------------------------------------------------


class RankQuery(Asked):
    rules: Annotated[Any, *_QUERY_RULES] = None
    trump: Annotated[Any, _TRUMP, _TRUMP_DOC]


class CompareQuery(RankQuery):
    led: Annotated[Any, PlainValidator(_led, json_schema_input_type=Suit)] = None
    """The suit led (omit when a trump was led)."""
    a: Annotated[Any, _read(read_card, "a", Card)]
    b: Annotated[Any, _read(read_card, "b", Card)]


class _Question(Asked):
    rules: Annotated[Any, _RULES] = None
    trump: Annotated[Any, _TRUMP]


class TrickQuestion(_Question):
    cards: Annotated[Any, _read(read_cards, "cards", Cards)]


class LegalQuestion(_Question):
    trick: Annotated[Any, _read(partial(read_cards, required=False), "trick", Cards)] = None
    """Cards already played, lead first; empty when leading."""
    hand: Annotated[Any, _read(read_cards, "hand", Cards)]
    trick_number: Annotated[
        Any,
        PlainValidator(_trick_number),
        WithJsonSchema(
            {"anyOf": [{"type": "integer", "minimum": 1, "maximum": engine.TRICKS_IN_HAND}, {"type": "null"}]}
        ),
    ] = None
    """This trick's number in the hand (1 to 5); with called, under call_for_partner."""
    called: Annotated[Any, _read(_optional_card, "called", Card)] = None
    """With call_for_partner: the card the bidder called. Its holder must play it on the second trick (and may not hold it back past it)."""
    # Read after the hand is judged: a refusal of the hand comes first.
    play: Annotated[Any, read_as(Card)] = None


# -- What is answered -------------------------------------------------------------------------------

_EXPLANATION = "The reason as a sentence, in the Accept-Language."
_COMPARE_REASONS = [str(reason) for reason in engine.CompareReason]
_TRICK_REASONS = [str(reason) for reason in engine.TrickReason]


def _reason_code(reasons: list[str], why: str) -> Any:
    return enum(
        reasons, default="", description=f"Why {why}, as a code (the same as reason; the sentence is explanation)."
    )


# A card in an answer: always its code.
Code = Annotated[str, Field(examples=["5H", "10D", "JK"])]


class RankAnswer(Answer):
    """The trumps and the off-suits, best card first."""

    trump: list[Code]
    offsuit: dict[str, list[Code]]
    always_trump: Code | SkipJsonSchema[None] = None
    """The card of the pack that counts as trump whatever the trump suit: the A♥."""
    rules: RuleOptions | SkipJsonSchema[None] = None


class CompareAnswer(Answer):
    """The higher card, or null when neither can win."""

    higher: str | None = None
    reason: str = enum(_COMPARE_REASONS, default="")
    reason_code: str = _reason_code(_COMPARE_REASONS, "one card is higher")
    explanation: str = Field("", description=_EXPLANATION)


class TrickAnswer(Answer):
    """The winning card and why."""

    winner: int = Field(description="Index of the winning card in cards.")
    card: Code
    trump_lead: bool = False
    reason: str = enum(_TRICK_REASONS, default="")
    reason_code: str = _reason_code(_TRICK_REASONS, "the card won")
    rule: str = ""
    explanation: str = Field(description=_EXPLANATION)


class LegalAnswer(Answer):
    """The cards that may be played, and the rule that decided it."""

    legal: list[Code]
    held_back: list[Code] = Field([], description="Trumps in the hand that may be held back (a legal renege).")
    rule: str = enum([str(rule) for rule in engine.PlayRule], default="")
    measured_against: str | None = None
    explanation: str
    play: Code | SkipJsonSchema[None] = None
    play_is_legal: bool = False
    verdict: str = enum([str(kind) for kind in engine.VerdictKind], default="")
    verdict_explanation: str = ""


class Presets(RootModel[dict[str, RuleOptions]]):
    """Preset name -> options."""


_ASKED: ResponseDict = {"422": error_body("A field cannot be used; the message says why.")}
_REFEREE = [Tag(name="referee")]


def codes(cards: Iterable[engine.Card]) -> list[str]:
    return [card.code for card in cards]


@bp.get("/referee/rank", operation_id="refereeRank", responses={200: RankAnswer, **_ASKED}, tags=_REFEREE)
def rank(query: RankQuery) -> Response:
    """The order of the trumps and of each off-suit, highest first"""
    rules, trump = query.rules, query.trump
    return reply(
        RankAnswer(
            trump=codes(engine.trump_order(trump, rules)),
            offsuit={s.letter: codes(engine.offsuit_order(s, trump, rules)) for s in engine.Suit if s is not trump},
            always_trump=next(c.code for c in engine.deck() if all(engine.is_trump(c, s, rules) for s in engine.Suit)),
            rules=rules.to_dict(),
        )
    )


@bp.get("/referee/compare", operation_id="refereeCompare", responses={200: CompareAnswer, **_ASKED}, tags=_REFEREE)
def compare_cards(query: CompareQuery) -> Response:
    """Which of two cards is higher, given trump and the suit led"""
    result = ask("b", engine.compare, query.a, query.b, query.trump, query.led, query.rules)
    return reply(
        CompareAnswer(
            higher=result.higher.code if result.higher else None,
            reason=result.reason,
            reason_code=result.reason,
            explanation=words.comparison(result),
        )
    )


@bp.post("/referee/trick", operation_id="refereeTrick", responses={200: TrickAnswer, **_ASKED}, tags=_REFEREE)
def trick(body: TrickQuestion) -> Response:
    """Who wins a trick"""
    result = ask("cards", engine.trick_winner, body.cards, body.trump, body.rules)
    return reply(
        TrickAnswer(
            winner=result.winner,
            card=result.card.code,
            trump_lead=result.trump_lead,
            reason=result.reason,
            reason_code=result.reason,
            rule="trick",
            explanation=words.trick(result),
        )
    )


@bp.post("/referee/legal", operation_id="refereeLegal", responses={200: LegalAnswer, **_ASKED}, tags=_REFEREE)
def legal(body: LegalQuestion) -> Response:
    """Which cards of a hand may be played to a trick; with play, whether that card may"""
    hand, trick_cards, trump, rules = body.hand, body.trick, body.trump, body.rules
    given = {"hand": hand, "trick": trick_cards}
    called = {"trick_number": body.trick_number, "called": body.called}
    result = ask("hand", partial(engine.legal_plays, **called), hand, trick_cards, trump, rules, cards=given)
    answer = LegalAnswer(
        legal=codes(result.legal),
        held_back=codes(result.held_back),
        rule=result.rule,
        measured_against=result.measured_against.code if result.measured_against else None,
        explanation=words.play(result),
    )
    if body.play is not None:
        play = read_card(body.play, "play")
        verdict = ask("play", partial(engine.judge_play, **called), play, hand, trick_cards, trump, rules)
        answer.play = play.code
        answer.play_is_legal = verdict.legal
        answer.verdict = verdict.kind
        answer.verdict_explanation = words.verdict(verdict)
    return reply(answer)


@bp.get("/presets", operation_id="listPresets", responses={200: Presets}, tags=[Tag(name="rules")])
def presets() -> Response:
    """Every preset and the value of each of its options"""
    return reply(Presets({name: RuleOptions(rules.to_dict()) for name, rules in engine.PRESETS.items()}))
