"""Quick entry of a hand: what the rest of the table took, worked out from what was tapped.

The score sheet asks as little as the rules allow: on paper a table writes only the
bidding side's points (the other side took the rest of the hand's worth), or the
bidding side's tricks and whether the high was among them. These functions turn
those few answers into the full ``tricks``/``points``/``high`` of a ``HandEntry``;
``GameState.apply`` still judges the result.
"""

from __future__ import annotations

from collections.abc import Sequence

from .game import HandResult
from .options import Rules
from .points import TRICKS_IN_HAND, HandError

__all__ = [
    "POINT_STEPS",
    "HAND_WORTH",
    "point_choices",
    "trick_choices",
    "hand_worth",
    "fill_last",
    "tricks_of_each",
    "points_of_each",
    "high_of",
    "side_name",
    "shown_notes",
]

HAND_WORTH = 30
POINT_STEPS = tuple(range(0, HAND_WORTH + 5, 5))


def point_choices() -> tuple[int, ...]:
    """The points one side can take in a hand: 0, 5 … 30."""
    return POINT_STEPS


def hand_worth(rules: Rules, *, no_high: bool = False) -> int:
    """What a hand is worth in all: 30, or 25 when nobody took the high (where the rules allow it)."""
    if not no_high:
        return HAND_WORTH
    if not rules.may_score_25:
        raise HandError("Under these rules every hand has a high: it is worth 30", "no_high")
    return HAND_WORTH - 5


def trick_choices(rules: Rules) -> tuple[tuple[int, bool], ...]:
    """Two sides: the answers to "what did the bidding side take?" as (tricks, took the high).

    One tap says both: 0 to 4 tricks without the high, 1 to 5 with it (or, where a hand may have
    no high, all five without it: that hand is told apart by saying nobody took the high).
    """
    without = tuple((t, False) for t in range(TRICKS_IN_HAND + (1 if rules.may_score_25 else 0)))
    with_high = tuple((t, True) for t in range(1, TRICKS_IN_HAND + 1))
    return without + with_high


def fill_last(values: Sequence[int | None], total: int, field: str) -> tuple[int, ...]:
    """Fill the one missing value so the values add up to *total*; refuse a total already passed."""
    missing = [i for i, v in enumerate(values) if v is None]
    known = sum(v for v in values if v is not None)
    if len(missing) > 1:
        raise HandError("Say what each side took (all but the last, which is worked out)", field)
    if known > total:
        raise HandError(f"That adds up to {known}, more than the {total} in a hand", field)
    filled = list(values)
    if missing:
        filled[missing[0]] = total - known
    return tuple(int(v) for v in filled if v is not None)


def tricks_of_each(side: int, took: int, sides: int) -> tuple[int, ...]:
    """Two sides: the tricks of each when *side* took *took* (the other side took the rest)."""
    if sides != 2:
        raise HandError("With more than two sides, say the tricks of each side", "tricks")
    if not 0 <= took <= TRICKS_IN_HAND:
        raise HandError("Each side takes from 0 to 5 tricks", "tricks")
    values: list[int | None] = [None, None]
    values[side] = took
    return fill_last(values, TRICKS_IN_HAND, "tricks")


def points_of_each(side: int, took: int, rules: Rules, sides: int, *, no_high: bool = False) -> tuple[int, ...]:
    """Two sides, paper entry: the points of each when *side* took *took* (the other took the rest)."""
    worth = hand_worth(rules, no_high=no_high)
    if sides != 2:
        raise HandError("Say the points of each side", "points")
    if took not in POINT_STEPS:
        raise HandError("Points come in fives: 0, 5, 10, 15, 20, 25 or 30", "points")
    values: list[int | None] = [None, None]
    values[side] = took
    return fill_last(values, worth, "points")


def high_of(side: int, tricks: Sequence[int], took_high: bool, *, no_high: bool = False) -> int | None:
    """Two sides: who took the high, given whether *side* did (if not, the other side, when it took a trick).

    *no_high*: nobody took it (where the rules allow a hand without a high).
    """
    if no_high:
        if took_high:
            raise HandError("Either a side took the high, or nobody did", "no_high")
        return None
    if took_high:
        return side
    other = 1 - side
    return other if tricks[other] else None


def side_name(players: Sequence[str]) -> str:
    """A side named after its players: "Ann & Cathy"."""
    return " & ".join(players)


def shown_notes(hand: HandResult) -> tuple[str, ...]:
    """The notes of a row besides the set itself (the row already shows "set" and the circled amount).

    A set hand's first note is the set; the others (locks, the forty-five rule, eliminations) follow it.
    """
    if hand.made is False:
        return hand.notes[1:]
    return hand.notes
