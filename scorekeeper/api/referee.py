"""The referee for programs: rank of the cards, who wins a trick, what may be played."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from functools import partial
from typing import Any, ParamSpec, TypeVar

from flask import Response, jsonify, request

from scorekeeper import words
from scorekeeper.api.base import BadInput, bp, error, read_model
from scorekeeper.api.spec_referee import LegalQuestion, TrickQuestion, read_card, read_rules, read_suit
from scorekeeper.platform.i18n import gettext as _
from scorekeeper.rules import (
    PRESETS,
    Card,
    CardError,
    Rules,
    RulesError,
    Suit,
    compare,
    deck,
    is_trump,
    judge_play,
    legal_plays,
    offsuit_order,
    trick_winner,
    trump_order,
)

P = ParamSpec("P")
T = TypeVar("T")


def codes(cards: Iterable[Card]) -> list[str]:
    return [card.code for card in cards]


def read_body() -> dict[str, Any]:
    """Return the JSON object sent, or raise BadInput (400)."""
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        raise BadInput(_('Send a JSON object, such as {"trump": "S", "cards": ["8S", "AH"]}.'), None, 400)
    return data


def ask(field: str, question: Callable[..., T], *args: Any, cards: dict[str, tuple[Card, ...]] | None = None) -> T:
    """Ask the rules engine; its refusals become BadInput on *field*.

    With ``cards`` (field name -> cards given), a refusal naming a card goes to the first field holding it.
    """
    try:
        return question(*args)
    except RulesError as exc:
        raise BadInput(words.refusal(exc), exc.field or "rules", code=exc.code) from None
    except CardError as exc:
        raise BadInput(words.refusal(exc), exc.blamed(cards or {}, field), code=exc.code) from None
    except ValueError as exc:
        raise BadInput(words.refusal(exc), field, code=getattr(exc, "code", None)) from None


def answer(view: Callable[P, Response]) -> Callable[P, Response]:
    """Turn BadInput raised by a view into the JSON error answer."""

    def wrapped(*args: P.args, **kwargs: P.kwargs) -> Response:
        try:
            return view(*args, **kwargs)
        except BadInput as exc:
            return error(str(exc), exc.field, exc.status, exc.code)

    wrapped.__name__ = view.__name__
    wrapped.__doc__ = view.__doc__
    return wrapped


def query_rules() -> Rules:
    """Read ``rules`` from the query string: a preset name or a JSON object."""
    raw = request.args.get("rules")
    if raw is None:
        return Rules()
    raw = raw.strip()
    if not raw:
        raise BadInput("'rules' is empty: give a preset name or a JSON object of options, or leave it out", "rules")
    if raw.startswith("{"):
        try:
            value = json.loads(raw)
        except (ValueError, RecursionError):
            raise BadInput("'rules' is not a preset name or a JSON object of options", "rules") from None
        return read_rules(value)
    return read_rules(raw)


def rank_json(trump: Suit, rules: Rules) -> dict[str, Any]:
    return {
        "trump": codes(trump_order(trump, rules)),
        "offsuit": {s.letter: codes(offsuit_order(s, trump, rules)) for s in Suit if s is not trump},
        # The card of the pack that the engine counts as trump whatever the trump suit: the A♥.
        "always_trump": next(c.code for c in deck() if all(is_trump(c, s, rules) for s in Suit)),
    }


@bp.get("/referee/rank")
@answer
def rank() -> Response:
    """The order of the trumps and of each off-suit, highest first."""
    rules = query_rules()
    trump = read_suit(request.args.get("trump"), "trump")
    return jsonify(rank_json(trump, rules) | {"rules": rules.to_dict()})


@bp.get("/referee/compare")
@answer
def compare_cards() -> Response:
    """Which of two cards is higher, given trump and the suit led."""
    rules = query_rules()
    trump = read_suit(request.args.get("trump"), "trump")
    if request.args.get("led") is not None and not request.args["led"].strip():
        raise BadInput(_("'led' is empty: give the suit led (S, C, H or D), or leave it out."), "led")
    led = read_suit(request.args.get("led"), "led", required=False)
    a = read_card(request.args.get("a"), "a")
    b = read_card(request.args.get("b"), "b")
    result = ask("b", compare, a, b, trump, led, rules)
    return jsonify(
        {
            "higher": result.higher.code if result.higher else None,
            "reason": result.reason,
            "reason_code": result.reason,
            "explanation": words.comparison(result),
        }
    )


@bp.post("/referee/trick")
@answer
def trick() -> Response:
    """Who wins a trick: ``cards`` in play order, the lead first."""
    question = read_model(TrickQuestion, read_body())
    result = ask("cards", trick_winner, question.cards, question.trump, question.rules)
    return jsonify(
        {
            "winner": result.winner,
            "card": result.card.code,
            "trump_lead": result.trump_lead,
            "reason": result.reason,
            "reason_code": result.reason,
            "rule": "trick",
            "explanation": words.trick(result),
        }
    )


@bp.post("/referee/legal")
@answer
def legal() -> Response:
    """The cards of ``hand`` that may be played to ``trick``; with ``play``, a verdict on that card."""
    question = read_model(LegalQuestion, read_body())
    hand, trick_cards, trump, rules = question.hand, question.trick, question.trump, question.rules
    given = {"hand": hand, "trick": trick_cards}
    called = {"trick_number": question.trick_number, "called": question.called}
    result = ask("hand", partial(legal_plays, **called), hand, trick_cards, trump, rules, cards=given)
    body: dict[str, Any] = {
        "legal": codes(result.legal),
        "held_back": codes(result.held_back),
        "rule": result.rule,
        "measured_against": result.measured_against.code if result.measured_against else None,
        "explanation": words.play(result),
    }
    if question.play is not None:
        play = read_card(question.play, "play")
        verdict = ask("play", partial(judge_play, **called), play, hand, trick_cards, trump, rules)
        body |= {
            "play": play.code,
            "play_is_legal": verdict.legal,
            "verdict": verdict.kind,
            "verdict_explanation": words.verdict(verdict),
        }
    return jsonify(body)


@bp.get("/presets")
def presets() -> Response:
    """Every preset and the value of each of its options."""
    return jsonify({name: rules.to_dict() for name, rules in PRESETS.items()})
