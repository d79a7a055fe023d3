"""The points of one hand: 5 a trick, and 5 more for the trick holding the high."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from .options import Rules
from .refusals import Refusal, Refused

__all__ = [
    "HandError",
    "points_from_tricks",
    "check_points",
    "high_needed",
    "infer_high",
    "complete_tricks",
    "complete_points",
    "point_choices",
    "trick_choices",
    "TRICKS_IN_HAND",
]

TRICKS_IN_HAND = 5


class HandError(Refused):
    """A hand that cannot be recorded as entered; ``field`` names what to fix."""


def _whole_numbers(values: Sequence[object], field: str, what: str) -> tuple[int, ...]:
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence):
        raise HandError(Refusal.LIST_PER_SIDE, field, details={"name": what})
    for v in values:
        if not isinstance(v, int) or isinstance(v, bool):
            raise HandError(Refusal.WHOLE_NUMBERS, field, details={"name": what})
    return tuple(values)  # type: ignore[arg-type]


def high_needed(tricks: Sequence[int], rules: Rules) -> bool:
    """Say whether the sheet must ask who took the high for these tricks."""
    if not rules.high_bonus:
        return False
    takers = sum(1 for t in tricks if t)
    return takers > 1 or rules.may_score_25


def infer_high(
    tricks: Sequence[int], rules: Rules, *, besides: Collection[int] = (), high_taken: bool = False
) -> int | None:
    """Return the side that must have taken the high, when the tricks alone say so; None otherwise.

    One side took every trick (or every trick but those of the sides in *besides*, known not to have
    taken the high), and the hand had a high: every hand has one, or the table says one was taken
    (*high_taken*, where a hand may have none). ``infer_high((3, 2), rules, besides=(0,))`` is 1.
    """
    takers = [side for side, took in enumerate(tricks) if took and side not in besides]
    has_high = rules.high_bonus and (high_taken or not rules.may_score_25)
    if len(takers) == 1 and has_high:
        return takers[0]
    return None


def point_choices(rules: Rules) -> tuple[int, ...]:
    """The points one side may take in a hand, as a form offers them: 0, 5 … 30 (… 25 without the high)."""
    return tuple(range(0, max(rules.hand_worths) + 5, 5))


def trick_choices(rules: Rules) -> tuple[tuple[int, bool], ...]:
    """Two sides: the answers to "what did the bidding side take?" as (tricks, took the high).

    One tap says both: 0 to 4 tricks without the high, 1 to 5 with it; where a hand may have no high,
    all five without it too (the hand nobody took the high in). In a game without the high, 0 to 5.
    """
    if not rules.high_bonus:
        return tuple((t, False) for t in range(TRICKS_IN_HAND + 1))
    without = tuple((t, False) for t in range(TRICKS_IN_HAND + (1 if rules.may_score_25 else 0)))
    with_high = tuple((t, True) for t in range(1, TRICKS_IN_HAND + 1))
    return without + with_high


def points_from_tricks(tricks: Sequence[int], high: int | None, rules: Rules) -> tuple[int, ...]:
    """Turn tricks per side and the side that took the high (or None) into points per side."""
    tricks = _whole_numbers(tricks, "tricks", "tricks")
    if any(not 0 <= t <= TRICKS_IN_HAND for t in tricks):
        raise HandError(Refusal.TRICKS_RANGE, "tricks")
    total = sum(tricks)
    if total != TRICKS_IN_HAND:
        raise HandError(Refusal.TRICKS_TOTAL, "tricks", details={"total": total})
    if not rules.high_bonus:
        if high is not None:
            raise HandError(Refusal.NO_HIGH_GAME, "high")
    elif high is None:
        high = infer_high(tricks, rules)
        if high is None and not rules.may_score_25:
            raise HandError(Refusal.SAY_HIGH, "high")
    elif not isinstance(high, int) or isinstance(high, bool) or not 0 <= high < len(tricks):
        raise HandError(Refusal.NO_SUCH_HIGH, "high")
    elif tricks[high] == 0:
        raise HandError(Refusal.HIGH_NO_TRICK, "high")
    return tuple(5 * t + (5 if i == high else 0) for i, t in enumerate(tricks))


def check_points(points: Sequence[int], rules: Rules) -> tuple[int, ...]:
    """Check points entered directly: fives, 0 to 30 each, adding up to the hand's worth."""
    points = _whole_numbers(points, "points", "points")
    if any(p % 5 for p in points):
        raise HandError(Refusal.POINTS_FIVES, "points")
    if any(not 0 <= p <= 30 for p in points):
        raise HandError(Refusal.POINTS_RANGE, "points")
    total = sum(points)
    worths = rules.hand_worths
    if total not in worths:
        raise HandError(Refusal.POINTS_TOTAL, "points", details={"total": total, "worths": worths})
    return points


def complete_tricks(tricks: Sequence[int | None]) -> tuple[int, ...]:
    """Work out the one side's tricks left blank (None) from the others', as on a paper sheet.

    ``(3, None)`` → ``(3, 2)``: the bidding side's tricks give the other side's. With every side
    given, the tricks come back as they are (``points_from_tricks`` checks them).
    """
    known = _all_but_one(tricks, "tricks", Refusal.TRICKS_ALL_BUT_ONE)
    if None not in tricks:
        return known
    if any(not 0 <= t <= TRICKS_IN_HAND for t in known):
        raise HandError(Refusal.TRICKS_RANGE, "tricks")
    rest = TRICKS_IN_HAND - sum(known)
    if rest < 0:
        raise HandError(Refusal.TRICKS_TOTAL, "tricks", details={"total": sum(known)})
    return tuple(rest if t is None else t for t in tricks)


def complete_points(points: Sequence[int | None], rules: Rules, *, no_high: bool | None = None) -> tuple[int, ...]:
    """Work out the one side's points left blank (None) from the others', when they can only be one number.

    ``(20, None)`` → ``(20, 10)`` in a 30-point hand. Where a hand may be worth 30 or 25, a blank is
    filled only when one worth fits (``(30, None)`` → ``(30, 0)``); otherwise HandError asks for it.
    *no_high* settles the worth when the table says it: True, nobody took the high (25); False, a side
    took it (30, or 25 in a game without the high).
    """
    worths = _worths(rules, no_high)
    known = _all_but_one(points, "points", Refusal.POINTS_ALL_BUT_ONE)
    if None not in points:
        return known
    taken = sum(known)
    fits = [worth - taken for worth in worths if 0 <= worth - taken <= 30]
    if not fits:
        raise HandError(Refusal.POINTS_TOTAL, "points", details={"total": taken, "worths": tuple(worths)})
    if len(fits) > 1:
        raise HandError(Refusal.POINTS_EVERY_SIDE, "points")
    return tuple(fits[0] if p is None else p for p in points)


def _all_but_one(values: Sequence[int | None], what: str, code: Refusal) -> tuple[int, ...]:
    """The *what* given (whole numbers), where a sheet may leave one side's blank (None) to be worked out."""
    blanks = sum(1 for v in values if v is None)
    known = _whole_numbers([v for v in values if v is not None], what, what)
    if blanks > 1:
        raise HandError(code, what)
    return known


def _worths(rules: Rules, no_high: bool | None) -> tuple[int, ...]:
    """What this hand may be worth: as the rules allow, or as the table says (nobody took the high, or a side did)."""
    if no_high is None:
        return rules.hand_worths
    if no_high:
        if not rules.may_score_25:
            raise HandError(Refusal.ALWAYS_HIGH, "no_high")
        return (25,)
    return (max(rules.hand_worths),)
