"""The numbers of a hand and of a game, named once for the forms, pages and API around the engine.

``5 - mine``, ``sum(points) < 30`` or ``hi=30`` outside the engine is a rule written twice; these
names and questions are what the score sheet, the rule book and the API ask instead.
"""

from __future__ import annotations

from collections.abc import Sequence

from .options import PRESETS
from .points import TRICKS_IN_HAND

__all__ = [
    "POINTS_PER_TRICK",
    "HIGH_POINTS",
    "MOST_HAND_POINTS",
    "GREEN_BELOW_TARGET",
    "LOWEST_TARGET",
    "took_no_high",
    "took_some_tricks",
    "preset_for_target",
]

POINTS_PER_TRICK = 5
HIGH_POINTS = 5
# The most a hand is worth, all of it to one side: five tricks and the high.
MOST_HAND_POINTS = TRICKS_IN_HAND * POINTS_PER_TRICK + HIGH_POINTS
# Where the green starts when the table does not say: this far below the target (the rule book, /rules#bidder-goes-out).
GREEN_BELOW_TARGET = 30
# The lowest target a game may be played to (Rules.target).
LOWEST_TARGET = 5


def took_no_high(points: Sequence[int]) -> bool:
    """Say whether a hand's points, all sides together, leave out the high (a 25-point hand)."""
    return sum(points) < MOST_HAND_POINTS


def took_some_tricks(tricks: int) -> bool:
    """Say whether a side took some of the hand's tricks but not all of them."""
    return 0 < tricks < TRICKS_IN_HAND


def preset_for_target(target: int) -> str:
    """Name the preset a game to this target is played under: the traditional game up to its own target.

    Above it, the New England auction game (the traditional game has no bidding to reach a higher score).
    """
    return "traditional" if target <= PRESETS["traditional"].target else "new-england"
