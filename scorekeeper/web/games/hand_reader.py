"""The hand form's reader: what the page's boxes say, read into the engine's hand (``HandEntry.from_dict``).

Plain Python over plain values: no form, no request. What the boxes hold (``Boxes``) is read one step a box, in the
order the boxes are declared (``hand_fields.HAND_BOXES``), into the hand as the engine's codec writes it, then handed
to ``HandEntry.from_dict``, the same reader the API calls; the first refusal stops the reading, as the engine says
one thing at a time. The steps of the boxes the sheet has always had are here; a box's step uses what an earlier
one read (``Reader.hand``), never a later's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from scorekeeper import words
from scorekeeper.platform.i18n import gettext as _
from scorekeeper.rules import (
    MOST_HAND_POINTS,
    POINTS_PER_TRICK,
    TRICKS_IN_HAND,
    GameState,
    HandEntry,
    HandError,
    complete_points,
    complete_tricks,
    infer_high,
)
from scorekeeper.web.games.fields import ENTRY_WAYS, HIGH_MARK, NOBODY, NOT_NEEDED, read_number


class Boxes(dict[str, Any]):
    """What the hand form's boxes hold by name, as the page sent them: a box's text, a tick as a bool, a row of boxes
    (one a side) as a tuple of texts. A box not sent is blank, a tick not sent False, a row not sent empty."""


@dataclass(frozen=True, slots=True)
class Reading:
    """The hand the boxes say, or the refusal that stopped the reading; and the questions this hand asks."""

    entry: HandEntry | None = None
    refusal: HandError | None = None
    # Each question the engine says this hand needs (the off-suit set, the tie-break): the sides it offers.
    asked: Mapping[str, tuple[int, ...]] = field(default_factory=dict)


def text(value: object) -> str:
    """A box's value as the reader takes it: trimmed text, blank when the box sent nothing."""
    return value.strip() if isinstance(value, str) else ""


Step = Callable[["Reader"], None]


def read_hand(boxes: Mapping[str, Any], state: GameState, steps: Iterable[Step]) -> Reading:
    """Read the hand the boxes say, one step a box, in the game as it stands before it; never raises."""
    reader = Reader(boxes, state)
    try:
        if reader.text("by") not in ENTRY_WAYS:
            raise HandError(words.form_damaged(), "by")
        for step in steps:
            step(reader)
        entry = HandEntry.from_dict(reader.hand)
    except HandError as err:
        return Reading(refusal=err, asked=reader.asked)
    return Reading(entry=entry, asked=reader.asked)


class Reader:
    """One reading: the boxes, the game before the hand, the hand read so far and the questions asked."""

    def __init__(self, boxes: Mapping[str, Any], state: GameState) -> None:
        self.boxes, self.state, self.rules = boxes, state, state.rules
        self.sides = len(state.setup.names)
        self.two_sides = self.sides == 2
        self.bidding = self.rules.bidding
        self.by = self.text("by")
        self.hand: dict[str, Any] = {}
        self.asked: dict[str, tuple[int, ...]] = {}

    def text(self, name: str) -> str:
        return text(self.boxes.get(name, ""))

    def ticked(self, name: str) -> bool:
        return bool(self.boxes.get(name, False))

    def each(self, name: str) -> tuple[str, ...]:
        return tuple(text(value) for value in self.boxes.get(name, ()))

    def side(self, raw: str, field: str, message: str) -> int | None:
        """A side's number (blank is None); *message* when it is not a side of this game."""
        return read_number(raw, lo=0, hi=self.sides - 1, field=field, message=message)

    def points(self, raw: str, field: str) -> int | None:
        fives = [str(p) for p in range(0, MOST_HAND_POINTS + 1, POINTS_PER_TRICK)]
        message = _("Points come in fives: %(some)s or %(last)s.", some=", ".join(fives[:-1]), last=fives[-1])
        return read_number(raw, lo=0, hi=MOST_HAND_POINTS, field=field, message=message)

    def tricks(self, raw: str, field: str) -> int | None:
        message = _("Each side takes from 0 to 5 tricks.")
        return read_number(raw, lo=0, hi=TRICKS_IN_HAND, field=field, message=message)

    def so_far(self) -> HandEntry:
        """The hand as read so far, as the engine takes it (to ask which questions it needs)."""
        return HandEntry.from_dict(self.hand)

    @property
    def bidder(self) -> int:
        return int(self.hand.get("bidder") or 0)


# -- Each box's step, in the order the boxes are declared ---------------------------------


Has = Callable[[Reader], bool]


def a_side(name: str, message: str, has: Has | None = None) -> Step:
    """The step of a box that names a side, or nobody when left blank (or in a game without the box: *has*);
    *message* (a lazy string) when no side."""

    def step(r: Reader) -> None:
        if (raw := r.text(name)) and (has is None or has(r)):
            r.hand[name] = r.side(raw, name, str(message))

    return step


def a_tick(name: str, has: Has | None = None) -> Step:
    """The step of a box ticked or not (never ticked in a game without the box: *has*)."""

    def step(r: Reader) -> None:
        r.hand[name] = r.ticked(name) and (has is None or has(r))

    return step


def bidder(r: Reader) -> None:
    if r.bidding:
        side = r.side(r.text("bidder"), "bidder", _("That bidder is not a side in this game."))
        if side is None and not r.hand["bagged"]:
            raise HandError(_("Tap the side that won the bid."), "bidder")
        r.hand["bidder"] = r.state.dealer_side if side is None else side


def bid(r: Reader) -> None:
    if not r.bidding:
        return
    offered, raw = {str(b): b for b in r.state.bid_choices()}, r.text("bid")
    if raw in offered:
        r.hand["bid"] = offered[raw]
    elif raw:
        raise HandError(_("Tap one of the bids shown."), "bid")
    elif r.hand["bagged"]:
        r.hand["bid"] = r.state.allowed_bids(r.hand["bidder"], bagged=True)[0]
    else:
        raise HandError(_("Tap the bid."), "bid")


def took_points(r: Reader) -> None:
    """Two sides: the bidding side's points, the rest worked out (else the points of each side, next)."""
    took = r.points(r.text("took_points"), "took_points") if r.by == "points" else None
    if r.two_sides and took is not None:
        taken = [took if s == r.bidder else None for s in range(r.sides)]
        r.hand["points"] = complete_points(taken, r.rules, no_high=r.ticked("no_high"))


def points(r: Reader) -> None:
    """The points of each side (three sides and more, or sent side by side); one blank is worked out."""
    if r.by != "points" or "points" in r.hand:
        return
    values = [r.points(raw, "points") for raw in r.each("points")]
    if all(v is None for v in values):
        if r.two_sides:
            raise HandError(_("Tap the points the bidding side took."), "took_points")
        raise HandError(_("Tap the points each side took."), "points")
    if values.count(None) == 1:
        r.hand["points"] = complete_points(values, r.rules, no_high=r.ticked("no_high"))
    else:
        r.hand["points"] = tuple(v or 0 for v in values)


def took(r: Reader) -> None:
    """Two sides: the bidding side's tricks, with the high in the same tap (``3h``), or in the ``tricks`` box."""
    if r.by != "tricks" or not r.two_sides:
        return
    side, took_raw = r.bidder, r.text("took")
    if took_raw:  # one tap: the tricks, and "h" when the side took the high
        taken: int | None = r.tricks(took_raw.removesuffix(HIGH_MARK), "took") or 0
    elif (taken := r.tricks(r.text("tricks"), "tricks")) is None:
        if r.bidding:
            raise HandError(_("Tap how many tricks the bidding side took."), "took")
        raise HandError(_("Tap how many tricks %(side)s took.", side=r.state.setup.names[0]), "took")
    tricks = complete_tricks([taken if s == side else None for s in range(r.sides)])
    r.hand["tricks"] = tricks
    if took_raw:
        r.hand["high"] = _high_of(r, side, tricks, took_raw.endswith(HIGH_MARK))


def side_tricks(r: Reader) -> None:
    """Three sides and more: each side's tricks, the last side's worked out."""
    if r.by != "tricks" or r.two_sides:
        return
    values = [r.tricks(raw, "tricks") for raw in r.each("side_tricks")]
    if values.count(None) > 1:
        raise HandError(_("Tap the tricks of each side (the last side's are worked out)."), "tricks")
    r.hand["tricks"] = complete_tricks(values)


def high(r: Reader) -> None:
    """Who took the high, when it is a question of its own (or one tap did not say it)."""
    if r.by != "tricks" or "high" in r.hand:
        return
    raw = r.text("high")
    if raw == NOT_NEEDED and r.state.high_needed(r.hand["tricks"]):
        if r.rules.may_score_25:
            raise HandError(_("Say which side took the high, or nobody if no trump was played."), "high")
        raise HandError(_("Both sides took tricks: say which side took the high."), "high")
    r.hand["high"] = None if raw in (NOBODY, NOT_NEEDED) else r.side(raw, "high", _("That side is not in this game."))


def _high_of(r: Reader, side: int, tricks: tuple[int, ...], took_high: bool) -> int | None:
    """Two sides, one tap: *side* took the high, or nobody did (the box), or the engine says who must have."""
    if r.ticked("no_high"):
        if took_high:
            raise HandError(_("Either a side took the high, or nobody did."), "no_high")
        return None
    if took_high:
        return side
    return infer_high(tricks, r.rules, besides=(side,), high_taken=True)


def offsuit_set(r: Reader) -> None:
    """Which defending side set the bidder with off-suit cards only, when the engine says to ask."""
    sides = r.asked["offsuit_set"] = r.state.offsuit_set_sides(r.so_far())
    if not sides:
        return
    raw = r.text("offsuit_set")
    if not raw:
        bidder = r.hand.get("bidder")
        if bidder is not None:
            message = _(
                "%(side)s was set. Did a side set it with off-suit cards only, no trumps? "
                "That side scores 30: tap it, or No.",
                side=r.state.setup.names[bidder],
            )
        else:
            message = _(
                "The bidder was set. Did a side set it with off-suit cards only, no trumps? "
                "That side scores 30: tap it, or No."
            )
        raise HandError(message, "offsuit_set")
    r.hand["offsuit_set"] = None if raw == NOBODY else r.side(raw, "offsuit_set", _("That side is not in this game."))


def tie_break_side(r: Reader) -> None:
    """Which tied side won the tie-break, when the engine says to ask (unanswered, it refuses in its words)."""
    sides = r.asked["tie_break_side"] = r.state.tie_break_sides(r.so_far())
    if sides:
        raw = r.text("tie_break_side")
        r.hand["tie_break_side"] = r.side(raw, "tie_break_side", _("Tap one of the tied sides.")) if raw else None
