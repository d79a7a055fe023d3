"""The words the phones read for the engines' answers: codes and fields in, sentences out.

The engines (``scorekeeper.rules``, ``scorekeeper.party``) answer with typed data — enums and
frozen dataclasses — and stay free of Flask and Babel. This layer turns each kind of answer
into a sentence in the request's language, one function per kind, each built from whole
sentences of the catalog with named placeholders (side and player names are never translated):

- cards: ``card`` (``V♥`` in French), ``cards``, ``listed``, ``suit_plural``, ``suit_name``, ``place``
- the referee: ``comparison``, ``trick``, ``play``, ``verdict``, ``verdict_label``
- a game: ``note``, ``win_reason`` (a state), ``win`` (a ``WinDetail``), ``win_reason_label``, ``bid``,
  ``recording`` (what the store's door answered a hand sent to the sheet)
- refusals: ``refusal`` (any engine's or the store's error, from its ``code`` and ``details``: the store's
  codes in ``words.store`` and ``words.tables``); what every area's forms say alike in ``words.forms``
- said aloud and to a screen reader: ``score_said_aloud``, ``row_said``, ``hand_said``, ``spoken_card``
- options and presets: ``option_label``, ``option_help``, ``option_explained``, ``option_example``,
  ``option_setting``, ``preset_title`` …

``init_app`` offers them to the templates: ``{{ card|card }}``, ``{{ words.play(answer) }}``.
"""

from __future__ import annotations

from types import SimpleNamespace

from flask import Flask

from scorekeeper.rules import parse_cards

from .cards import card, cards, listed, ordinal, place, rank_label, rank_letter, suit_name, suit_plural
from .game import FORM_DAMAGED, bid, club_number, form_damaged, hand_number, note, win, win_reason, win_reason_label
from .options import (
    lazy_option_help,
    lazy_option_label,
    lazy_preset_title,
    option_example,
    option_explained,
    option_help,
    option_label,
    option_setting,
    option_settings,
    option_value,
    preset_players,
    preset_summary,
    preset_title,
    preset_where,
    rule_book_order,
)
from .outcomes import recording
from .referee import comparison, play, trick, verdict, verdict_label
from .refusals import refusal
from .spoken import hand_said, row_said, score_said_aloud, spoken_card

__all__ = [
    "FORM_DAMAGED",
    "club_number",
    "form_damaged",
    "bid",
    "card",
    "cards",
    "hand_number",
    "hand_said",
    "comparison",
    "init_app",
    "lazy_option_help",
    "lazy_option_label",
    "lazy_preset_title",
    "listed",
    "note",
    "option_example",
    "option_explained",
    "option_help",
    "option_label",
    "option_setting",
    "option_settings",
    "option_value",
    "ordinal",
    "place",
    "play",
    "preset_players",
    "preset_summary",
    "preset_title",
    "preset_where",
    "rank_label",
    "rank_letter",
    "rule_book_order",
    "recording",
    "refusal",
    "row_said",
    "score_said_aloud",
    "spoken_card",
    "suit_name",
    "suit_plural",
    "trick",
    "verdict",
    "verdict_label",
    "win",
    "win_reason",
    "win_reason_label",
]


def shown_cards(codes: str) -> str:
    """Cards given by their codes (``"JH KH"``) as the reader's cards print them (``V♥ R♥`` in French)."""
    return cards(parse_cards(codes))


def init_app(app: Flask) -> None:
    """Offer the words to every template: the ``words`` namespace, and the ``card`` / ``cards`` filters."""
    namespace = SimpleNamespace(**{name: globals()[name] for name in __all__ if name != "init_app"})
    app.jinja_env.globals["words"] = namespace
    app.jinja_env.filters["card"] = card
    app.jinja_env.filters["cards"] = cards
    app.jinja_env.filters["shown_cards"] = shown_cards
    app.jinja_env.filters["note"] = note
    app.jinja_env.filters["refusal"] = refusal
