"""Why the engine refuses something, as a code with its details: the words are the pages' to choose.

Every refusal the engine raises (``CardError``, ``RulesError``, ``HandError``, ``SetupError``,
``DrawError``) carries ``code`` (a ``Refusal``), ``details`` (the values its sentence names: cards
as ``Card``, sides by name, numbers) and ``field`` (which input is wrong). Its ``str()`` is an
English sentence for programs and logs; ``scorekeeper.words.refusal`` says it in the reader's
language. ``Refusal.OTHER`` is a refusal with no code of its own yet: its sentence is the message.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

__all__ = ["Refusal", "Refused"]


class Refusal(enum.StrEnum):
    """The kinds of refusal, each one sentence with named details."""

    OTHER = "other"
    # cards
    NOT_A_SUIT = "not-a-suit"
    NOT_A_CARD = "not-a-card"
    NO_CARDS = "no-cards"
    CARDS_NOT_TEXT = "cards-not-text"
    LISTED_TWICE = "listed-twice"
    JOKER_NOT_PLAYED = "joker-not-played"
    JOKER_HAS_NO_SUIT = "joker-has-no-suit"
    # the referee's questions
    TRICK_NUMBER = "trick-number"
    CALLED_WITHOUT_PARTNER = "called-without-partner"
    HAND_EMPTY = "hand-empty"
    HAND_TOO_BIG = "hand-too-big"
    TRICK_TOO_BIG_BEFORE_YOU = "trick-too-big-before-you"
    HELD_AND_PLAYED = "held-and-played"
    NOT_HELD = "not-held"
    TRICK_EMPTY = "trick-empty"
    TRICK_TOO_BIG = "trick-too-big"
    HAND_CARDS_EMPTY = "hand-cards-empty"
    SUIT_IS_TRUMP = "suit-is-trump"
    GIVEN_TWICE = "given-twice"
    NO_RULES = "no-rules"


class Refused(ValueError):
    """The base of the engine's refusals: a code, its details, the input to fix, an English sentence."""

    code: Refusal
    details: Mapping[str, Any]
    field: str | None

    def __init__(
        self,
        message: str,
        field: str | None = None,
        *,
        code: Refusal = Refusal.OTHER,
        details: Mapping[str, Any] | None = None,
    ):
        super().__init__(message)
        self.field = field
        self.code = code
        self.details = MappingProxyType(dict(details or {}))

    @property
    def message(self) -> str:
        """The English sentence (the same as ``str(error)``)."""
        return str(self)
