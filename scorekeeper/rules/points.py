"""The points of one hand: 5 a trick, and 5 more for the trick holding the high."""

from __future__ import annotations

from collections.abc import Sequence

from .options import Rules

__all__ = ["HandError", "points_from_tricks", "check_points", "high_needed", "TRICKS_IN_HAND"]

TRICKS_IN_HAND = 5


class HandError(ValueError):
    """A hand that cannot be recorded as entered; ``field`` names what to fix."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.field = field


def _whole_numbers(values: Sequence[object], field: str, what: str) -> tuple[int, ...]:
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence):
        raise HandError(f"Give the {what} of each side as a list of numbers", field)
    for v in values:
        if not isinstance(v, int) or isinstance(v, bool):
            raise HandError(f"The {what} must be whole numbers", field)
    return tuple(values)  # type: ignore[arg-type]


def high_needed(tricks: Sequence[int], rules: Rules) -> bool:
    """Say whether the sheet must ask who took the high for these tricks."""
    takers = sum(1 for t in tricks if t)
    return takers > 1 or rules.may_score_25


def points_from_tricks(tricks: Sequence[int], high: int | None, rules: Rules) -> tuple[int, ...]:
    """Turn tricks per side and the side that took the high (or None) into points per side."""
    tricks = _whole_numbers(tricks, "tricks", "tricks")
    if any(not 0 <= t <= TRICKS_IN_HAND for t in tricks):
        raise HandError("Each side takes from 0 to 5 tricks", "tricks")
    total = sum(tricks)
    if total != TRICKS_IN_HAND:
        raise HandError(f"The tricks add up to {total}, but every hand has 5 tricks", "tricks")
    if high is None:
        takers = [i for i, t in enumerate(tricks) if t]
        if len(takers) == 1 and not rules.may_score_25:
            high = takers[0]  # one side took every trick, so it took the high too
        elif not rules.may_score_25:
            raise HandError("Say which side took the high (the trick with the best card)", "high")
    elif not isinstance(high, int) or isinstance(high, bool) or not 0 <= high < len(tricks):
        raise HandError("The side that took the high is not in this game", "high")
    elif tricks[high] == 0:
        raise HandError("A side that took no trick cannot have taken the high", "high")
    return tuple(5 * t + (5 if i == high else 0) for i, t in enumerate(tricks))


def check_points(points: Sequence[int], rules: Rules) -> tuple[int, ...]:
    """Check points entered directly: fives, 0 to 30 each, adding up to the hand's worth."""
    points = _whole_numbers(points, "points", "points")
    if any(p % 5 for p in points):
        raise HandError("Points come in fives: 0, 5, 10, 15, 20, 25 or 30", "points")
    if any(not 0 <= p <= 30 for p in points):
        raise HandError("Each side takes from 0 to 30 points in a hand", "points")
    total = sum(points)
    worths = (30, 25) if rules.may_score_25 else (30,)
    if total not in worths:
        worth = "30 (or 25 when nobody takes the high)" if rules.may_score_25 else "30"
        raise HandError(f"The points add up to {total}, but a hand is worth {worth}", "points")
    return points
