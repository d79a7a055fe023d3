"""Why the engine refuses something, as a code with its details: the words are the pages' to choose.

Every refusal the engine raises (``CardError``, ``RulesError``, ``HandError``, ``SetupError``,
``DrawError``) carries ``code`` (a ``Refusal``), ``details`` (the values its sentence names: cards
as ``Card``, sides by name, numbers) and ``field`` (which input is wrong), and no words: its
``str()`` is the code and its details, and ``scorekeeper.words.refusal`` says it in the reader's
language. ``Refusal.OTHER`` is a sentence a caller above the engines gave in the reader's words.
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
    # house rules
    NO_SUCH_OPTION = "no-such-option"
    OPTION_YES_NO = "option-yes-no"
    OPTION_CHOICE = "option-choice"
    TARGET_RANGE = "target-range"
    OPTION_WHOLE = "option-whole"
    LOCK_OFF_POINTS = "lock-off-points"
    LOCK_POINTS = "lock-points"
    LOCK_RANGE = "lock-range"
    LOCK_NO_BIDDING = "lock-no-bidding"
    HOLD_FROM_OFF = "hold-from-off"
    HOLD_FROM_BID = "hold-from-bid"
    GREEN_OFF_POINTS = "green-off-points"
    GREEN_RANGE = "green-range"
    GREEN_NO_BIDDING = "green-no-bidding"
    ELIMINATION_BELOW_ZERO = "elimination-below-zero"
    OTHERS_DRAW_RANGE = "others-draw-range"
    FORTY_FIVE_TARGET = "forty-five-target"
    OPTION_NEEDS_BIDDING = "option-needs-bidding"
    THIRTY_NO_BIDDING = "thirty-no-bidding"
    LEAD_NO_BIDDING = "lead-no-bidding"
    NO_SUCH_PRESET = "no-such-preset"
    # setting up a game and recording a hand
    TWO_SIDES = "two-sides"
    SIDE_NAME = "side-name"
    SIDE_NAME_LONG = "side-name-long"
    SIDE_NAME_TWICE = "side-name-twice"
    SIDE_PLAYER = "side-player"
    SIDES_UNEVEN = "sides-uneven"
    PLAYER_NAME = "player-name"
    PLAYER_NAME_LONG = "player-name-long"
    PLAYER_COUNT = "player-count"
    PLAYER_NAME_TWICE = "player-name-twice"
    CALL_FIVE_PLAYERS = "call-five-players"
    FIRST_DEALER = "first-dealer"
    START_SCORES_COUNT = "start-scores-count"
    START_SCORES_WHOLE = "start-scores-whole"
    START_SCORES_FIVES = "start-scores-fives"
    START_SCORE_OVER = "start-score-over"
    START_SCORE_45 = "start-score-45"
    START_SCORE_ELIMINATED = "start-score-eliminated"
    GAME_OVER = "game-over"
    TRICKS_OR_POINTS = "tricks-or-points"
    TRICKS_EACH_SIDE = "tricks-each-side"
    POINTS_EACH_SIDE = "points-each-side"
    HIGH_IN_POINTS = "high-in-points"
    BENCHED_TRICKS = "benched-tricks"
    NO_BIDDING_OFFSUIT = "no-bidding-offsuit"
    OFFSUIT_NOT_PLAYED = "offsuit-not-played"
    NO_SUCH_SIDE = "no-such-side"
    OFFSUIT_MADE = "offsuit-made"
    OFFSUIT_BIDDER = "offsuit-bidder"
    OFFSUIT_NO_TRICK = "offsuit-no-trick"
    NO_BIDDING = "no-bidding"
    NO_BIDDING_PARTNER = "no-bidding-partner"
    CHOOSE_BIDDER = "choose-bidder"
    NO_SUCH_BIDDER = "no-such-bidder"
    BENCHED_BID = "benched-bid"
    BAGGED_AND_HOLD = "bagged-and-hold"
    BAGGED_NOT_DEALER = "bagged-not-dealer"
    BAGGED_BID = "bagged-bid"
    HOLD_NOT_PLAYED = "hold-not-played"
    HOLD_NOT_DEALER = "hold-not-dealer"
    HOLD_FROM = "hold-from"
    BELL_THIRTY = "bell-thirty"
    BID_NOT_PLAYED = "bid-not-played"
    BID_TOO_LOW = "bid-too-low"
    PARTNER_NOT_PLAYED = "partner-not-played"
    NO_SUCH_PARTNER = "no-such-partner"
    BENCHED_PARTNER = "benched-partner"
    TIE_PLAY_ON = "tie-play-on"
    NO_TIE = "no-tie"
    TIE_ASK = "tie-ask"
    TIE_CHOOSE = "tie-choose"
    TIE_NO_TRICK = "tie-no-trick"
    TRICKS_RANGE = "tricks-range"
    TRICKS_TOTAL = "tricks-total"
    NO_HIGH_GAME = "no-high-game"
    SAY_HIGH = "say-high"
    NO_SUCH_HIGH = "no-such-high"
    HIGH_NO_TRICK = "high-no-trick"
    POINTS_FIVES = "points-fives"
    POINTS_RANGE = "points-range"
    POINTS_TOTAL = "points-total"
    TRICKS_ALL_BUT_ONE = "tricks-all-but-one"
    POINTS_ALL_BUT_ONE = "points-all-but-one"
    POINTS_EVERY_SIDE = "points-every-side"
    ALWAYS_HIGH = "always-high"
    CHOOSE_BID = "choose-bid"
    NOT_A_BID = "not-a-bid"
    # a program's mistakes in what it hands the engine (the API and forms read their input first)
    NO_SUCH_CARD = "no-such-card"
    BID_AS_TEXT = "bid-as-text"
    NO_SUCH_PLAYER = "no-such-player"
    PARTNERS_UNEVEN = "partners-uneven"
    HAND_NO_FIELD = "hand-no-field"
    SIDE_NUMBER = "side-number"
    YES_OR_NO = "yes-or-no"
    WHOLE_PER_SIDE = "whole-per-side"
    LIST_PER_SIDE = "list-per-side"
    WHOLE_NUMBERS = "whole-numbers"
    ALREADY_WON = "already-won"
    OPTIONS_BY_NAME = "options-by-name"
    RULES_NOT_PRESET = "rules-not-preset"


class Refused(ValueError):
    """The base of the engine's refusals: a code, its details and the input to fix; no words.

    ``str()`` is the code and its details (``tricks-total (total=6)``), for logs and programs;
    ``scorekeeper.words.refusal`` says it in the reader's language. A caller above the engines that
    already holds a sentence in the reader's words (a form's own check) may give it instead of a code.
    """

    code: enum.StrEnum
    details: Mapping[str, Any]
    field: str | None

    def __init__(
        self,
        code: enum.StrEnum | str,
        field: str | None = None,
        *,
        details: Mapping[str, Any] | None = None,
    ):
        # A layer above may refuse with a code of its own (the store's ``Said``): the words say every code.
        self.code = code if isinstance(code, enum.StrEnum) else Refusal.OTHER
        self.field = field
        self.details = MappingProxyType(dict(details or {}))
        if isinstance(code, enum.StrEnum):
            shown = ", ".join(f"{k}={v}" for k, v in self.details.items())
            super().__init__(f"{code.value} ({shown})" if shown else code.value)
        else:
            super().__init__(code)

    @property
    def message(self) -> str:
        """The code and its details, or the sentence a caller gave (the same as ``str(error)``)."""
        return str(self)
