"""The rules of Forty-Fives: cards, rank, tricks, reneging, bidding and scoring.

Pure Python with no web or database imports, so every page, the JSON API and the
tests ask the same questions of the same code.

Words used throughout (as at the table and in the rule book):

- **hand**: one deal of play, five tricks; the score sheet has one row per hand
  (``HandEntry`` as reported, ``HandResult`` as scored). Never a player's cards.
- **held**: the cards one player holds (``legal_plays(held, trick, ...)``).
- **trick**: the cards played to one trick, lead first.
- **side**: whatever scores together, a team of partners or one player in
  cut-throat. Sides are numbered from 0 in the order given (``bidder``, ``high``,
  ``partner``, ``offsuit_set``, ``tie_break_side`` are side numbers); players are
  named by their names (``dealer``, ``seat_order``, ``deal_order``), never mixed.
- **seat**: a chair at the table, numbered clockwise from 0; partners sit alternately.
- **start scores**: the scores a game starts from (``GameSetup.start_scores``, from a
  paper sheet); **scores**: where each side stands after the hands so far
  (``GameState.scores``, ``HandResult.scores``); a hand's **points** are what
  each side took in it, its **deltas** what each score changed by.
- **made** / **set**: the bidding side took at least its bid, or did not.
- **goes out**: wins the game by reaching the target (the rule book, /rules#bidder-goes-out).
"""

from .bidding import BIDS, SPECIAL_BIDS, allowed_bids, bid_label, min_bid, parse_bid
from .cards import Card, CardError, Suit, deck, parse_cards, split_tokens
from .follow import PlayAnswer, PlayRule, Verdict, VerdictKind, judge_play, legal_plays, renegable_cards
from .game import (
    HAND_FIELDS,
    MAX_PLAYERS,
    NAME_MAX,
    STANDINGS,
    GameSetup,
    GameState,
    HandEntry,
    HandResult,
    Note,
    NoteKind,
    Outcome,
    Seat,
    SetupError,
    Side,
    Standing,
    WinDetail,
    WinReason,
    first_leader,
    replay,
    seat_sides,
)
from .limits import (
    GREEN_BELOW_TARGET,
    HIGH_POINTS,
    LOWEST_TARGET,
    MOST_HAND_POINTS,
    POINTS_PER_TRICK,
    preset_for_target,
    took_no_high,
    took_some_tricks,
)
from .names import HIDDEN_CHARACTER_PROBLEM, REFUSED_NAME_CATEGORIES, has_hidden_character, shown_part
from .options import DEFAULT_PRESET, OPTION_INFO, PRESETS, OptionInfo, Rules, RulesError
from .points import (
    TRICKS_IN_HAND,
    HandError,
    check_points,
    complete_points,
    complete_tricks,
    high_needed,
    infer_high,
    point_choices,
    points_from_tricks,
    trick_choices,
)
from .rank import CompareReason, Comparison, Place, compare, is_trump, offsuit_order, place_of, rank_table, trump_order
from .refusals import Refusal, Refused
from .trick import TrickReason, TrickResult, high_card, trick_winner

__all__ = [
    "CompareReason",
    "Place",
    "place_of",
    "Refusal",
    "Refused",
    "WinDetail",
    "HIDDEN_CHARACTER_PROBLEM",
    "REFUSED_NAME_CATEGORIES",
    "has_hidden_character",
    "shown_part",
    "BIDS",
    "SPECIAL_BIDS",
    "allowed_bids",
    "bid_label",
    "min_bid",
    "parse_bid",
    "Card",
    "CardError",
    "Suit",
    "deck",
    "parse_cards",
    "split_tokens",
    "PlayAnswer",
    "PlayRule",
    "VerdictKind",
    "Verdict",
    "judge_play",
    "legal_plays",
    "renegable_cards",
    "MAX_PLAYERS",
    "NAME_MAX",
    "STANDINGS",
    "Note",
    "NoteKind",
    "Outcome",
    "Standing",
    "WinReason",
    "seat_sides",
    "GameSetup",
    "GameState",
    "HandEntry",
    "HAND_FIELDS",
    "HandResult",
    "Seat",
    "SetupError",
    "Side",
    "first_leader",
    "replay",
    "GREEN_BELOW_TARGET",
    "HIGH_POINTS",
    "LOWEST_TARGET",
    "MOST_HAND_POINTS",
    "POINTS_PER_TRICK",
    "preset_for_target",
    "took_no_high",
    "took_some_tricks",
    "DEFAULT_PRESET",
    "OPTION_INFO",
    "PRESETS",
    "OptionInfo",
    "Rules",
    "RulesError",
    "HandError",
    "check_points",
    "high_needed",
    "infer_high",
    "complete_points",
    "complete_tricks",
    "TRICKS_IN_HAND",
    "points_from_tricks",
    "point_choices",
    "trick_choices",
    "Comparison",
    "compare",
    "is_trump",
    "offsuit_order",
    "rank_table",
    "trump_order",
    "TrickResult",
    "TrickReason",
    "high_card",
    "trick_winner",
]
