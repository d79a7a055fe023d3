"""The rules of Forty-Fives: cards, rank, tricks, reneging, bidding and scoring.

Pure Python with no web or database imports, so every page, the JSON API and the
tests ask the same questions of the same code.
"""

from .bidding import BIDS, SPECIAL_BIDS, allowed_bids, bid_label, min_bid, parse_bid
from .cards import Card, CardError, Suit, deck, parse_cards, split_tokens
from .follow import PlayAnswer, Verdict, judge_play, legal_plays, renegable_cards
from .game import (
    STANDINGS,
    GameSetup,
    GameState,
    HandEntry,
    HandResult,
    Seat,
    SetupError,
    Side,
    first_leader,
    replay,
)
from .options import DEFAULT_PRESET, OPTION_INFO, PRESET_INFO, PRESETS, OptionInfo, PresetInfo, Rules, RulesError
from .points import HandError, check_points, high_needed, points_from_tricks
from .rank import Comparison, compare, is_trump, offsuit_order, rank_table, trump_order
from .trick import TrickResult, high_card, trick_winner

__all__ = [
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
    "Verdict",
    "judge_play",
    "legal_plays",
    "renegable_cards",
    "STANDINGS",
    "GameSetup",
    "GameState",
    "HandEntry",
    "HandResult",
    "Seat",
    "SetupError",
    "Side",
    "first_leader",
    "replay",
    "DEFAULT_PRESET",
    "OPTION_INFO",
    "PRESET_INFO",
    "PRESETS",
    "OptionInfo",
    "PresetInfo",
    "Rules",
    "RulesError",
    "HandError",
    "check_points",
    "high_needed",
    "points_from_tricks",
    "Comparison",
    "compare",
    "is_trump",
    "offsuit_order",
    "rank_table",
    "trump_order",
    "TrickResult",
    "high_card",
    "trick_winner",
]
