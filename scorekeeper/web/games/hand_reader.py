"""The hand form's reader: what the page's boxes say, read into the engine's hand (``HandEntry.from_dict``).

Plain Python over plain values: no form, no request. What the boxes hold (``Boxes``) is read in the page's order
into the hand as the engine's codec writes it, then handed to ``HandEntry.from_dict``, the same reader the API
calls; the first refusal stops the reading, as the engine says one thing at a time.
"""

from __future__ import annotations

from dataclasses import dataclass
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


@dataclass(frozen=True, slots=True)
class Boxes:
    """What the hand form's boxes hold, as the page sent them (text trimmed; a box not sent is blank)."""

    by: str = "points"
    bagged: bool = False
    bidder: str = ""
    bid: str = ""
    hold: bool = False
    partner: str = ""
    took_points: str = ""
    took: str = ""
    tricks: str = ""
    side_tricks: tuple[str, ...] = ()
    high: str = NOT_NEEDED
    no_high: bool = False
    points: tuple[str, ...] = ()
    offsuit_set: str = ""
    tie_break_side: str = ""


@dataclass(frozen=True, slots=True)
class Reading:
    """The hand the boxes say, or the refusal that stopped the reading; and the questions this hand asks."""

    entry: HandEntry | None = None
    refusal: HandError | None = None
    # The defending sides that may have set the bidder with off-suit cards, the sides tied for the win.
    offsuit_sides: tuple[int, ...] = ()
    tie_sides: tuple[int, ...] = ()


def text(value: object) -> str:
    """A box's value as the reader takes it: trimmed text, blank when the box sent nothing."""
    return value.strip() if isinstance(value, str) else ""


def read_hand(boxes: Boxes, state: GameState) -> Reading:
    """Read the hand the boxes say in the game as it stands before it; never raises (a refusal is in the answer)."""
    reader = _Reader(boxes, state)
    try:
        reader.read()
        entry = HandEntry.from_dict(reader.hand)
    except HandError as err:
        return Reading(refusal=err, offsuit_sides=reader.offsuit_sides, tie_sides=reader.tie_sides)
    return Reading(entry=entry, offsuit_sides=reader.offsuit_sides, tie_sides=reader.tie_sides)


class _Reader:
    """One reading: each box in the page's order, a box using what an earlier one read (``hand``), never a later."""

    def __init__(self, boxes: Boxes, state: GameState) -> None:
        self.boxes, self.state, self.rules = boxes, state, state.rules
        self.sides = len(state.setup.names)
        self.two_sides = self.sides == 2
        self.bidding = self.rules.bidding
        self.by = boxes.by if boxes.by in ENTRY_WAYS else "points"
        self.hand: dict[str, Any] = {
            "bagged": boxes.bagged and self.bidding,
            "hold": boxes.hold and self.bidding and self.rules.dealer_may_hold,
        }
        self.offsuit_sides: tuple[int, ...] = ()
        self.tie_sides: tuple[int, ...] = ()

    def read(self) -> None:
        if self.boxes.by not in ENTRY_WAYS:
            raise HandError(words.form_damaged(), "by")
        if self.bidding:
            self.bidder()
            self.bid()
            if self.rules.call_for_partner:
                self.hand["partner"] = self._side(self.boxes.partner, "partner", _("That partner is not in this game."))
        if self.by == "points":
            self.took_points()
            if "points" not in self.hand:
                self.points()
        else:
            if self.two_sides:
                self.took()
            else:
                self.side_tricks()
            if "high" not in self.hand:
                self.high()
        self.offsuit_set()
        self.tie_break_side()

    def bidder(self) -> None:
        bidder = self._side(self.boxes.bidder, "bidder", _("That bidder is not a side in this game."))
        if bidder is None and not self.hand["bagged"]:
            raise HandError(_("Tap the side that won the bid."), "bidder")
        self.hand["bidder"] = self.state.dealer_side if bidder is None else bidder

    def bid(self) -> None:
        offered = {str(b): b for b in self.state.bid_choices()}
        if self.boxes.bid in offered:
            self.hand["bid"] = offered[self.boxes.bid]
        elif self.boxes.bid:
            raise HandError(_("Tap one of the bids shown."), "bid")
        elif self.hand["bagged"]:
            self.hand["bid"] = self.state.allowed_bids(self.hand["bidder"], bagged=True)[0]
        else:
            raise HandError(_("Tap the bid."), "bid")

    def took_points(self) -> None:
        """Two sides: the bidding side's points, the rest worked out (else the points of each side, below)."""
        took = self._points(self.boxes.took_points, "took_points")
        if self.two_sides and took is not None:
            side = int(self.hand.get("bidder") or 0)
            taken = [took if s == side else None for s in range(self.sides)]
            self.hand["points"] = complete_points(taken, self.rules, no_high=self.boxes.no_high)

    def points(self) -> None:
        """The points of each side (three sides and more, or sent side by side); one blank is worked out."""
        values = [self._points(raw, "points") for raw in self.boxes.points]
        if all(v is None for v in values):
            if self.two_sides:
                raise HandError(_("Tap the points the bidding side took."), "took_points")
            raise HandError(_("Tap the points each side took."), "points")
        if values.count(None) == 1:
            self.hand["points"] = complete_points(values, self.rules, no_high=self.boxes.no_high)
        else:
            self.hand["points"] = tuple(v or 0 for v in values)

    def took(self) -> None:
        """Two sides: the bidding side's tricks, with the high in the same tap (``3h``), or in the tricks box."""
        side, took_raw = int(self.hand.get("bidder") or 0), self.boxes.took
        if took_raw:  # one tap: the tricks, and "h" when the side took the high
            took: int | None = self._tricks(took_raw.removesuffix(HIGH_MARK), "took") or 0
        elif (took := self._tricks(self.boxes.tricks, "tricks")) is None:
            if self.bidding:
                raise HandError(_("Tap how many tricks the bidding side took."), "took")
            raise HandError(_("Tap how many tricks %(side)s took.", side=self.state.setup.names[0]), "took")
        tricks = complete_tricks([took if s == side else None for s in range(self.sides)])
        self.hand["tricks"] = tricks
        if took_raw:
            self.hand["high"] = self._high_of(side, tricks, took_raw.endswith(HIGH_MARK))

    def side_tricks(self) -> None:
        """Three sides and more: each side's tricks, the last side's worked out."""
        values = [self._tricks(raw, "tricks") for raw in self.boxes.side_tricks]
        if values.count(None) > 1:
            raise HandError(_("Tap the tricks of each side (the last side's are worked out)."), "tricks")
        self.hand["tricks"] = complete_tricks(values)

    def high(self) -> None:
        """Who took the high, when it is a question of its own (or one tap did not say it)."""
        raw = self.boxes.high
        if raw == NOT_NEEDED and self.state.high_needed(self.hand["tricks"]):
            if self.rules.may_score_25:
                raise HandError(_("Say which side took the high, or nobody if no trump was played."), "high")
            raise HandError(_("Both sides took tricks: say which side took the high."), "high")
        high = None if raw in (NOBODY, NOT_NEEDED) else self._side(raw, "high", _("That side is not in this game."))
        self.hand["high"] = high

    def offsuit_set(self) -> None:
        """Which defending side set the bidder with off-suit cards only, when the engine says to ask."""
        self.offsuit_sides = self.state.offsuit_set_sides(HandEntry.from_dict(self.hand))
        if not self.offsuit_sides:
            return
        raw = self.boxes.offsuit_set
        if not raw:
            bidder = self.hand.get("bidder")
            if bidder is not None:
                message = _(
                    "%(side)s was set. Did a side set it with off-suit cards only, no trumps? "
                    "That side scores 30: tap it, or No.",
                    side=self.state.setup.names[bidder],
                )
            else:
                message = _(
                    "The bidder was set. Did a side set it with off-suit cards only, no trumps? "
                    "That side scores 30: tap it, or No."
                )
            raise HandError(message, "offsuit_set")
        side = None if raw == NOBODY else self._side(raw, "offsuit_set", _("That side is not in this game."))
        self.hand["offsuit_set"] = side

    def tie_break_side(self) -> None:
        """Which tied side won the tie-break, when the engine says to ask (unanswered, it refuses in its words)."""
        self.tie_sides = self.state.tie_break_sides(HandEntry.from_dict(self.hand))
        if self.tie_sides:
            raw = self.boxes.tie_break_side
            self.hand["tie_break_side"] = (
                self._side(raw, "tie_break_side", _("Tap one of the tied sides.")) if raw else None
            )

    def _side(self, raw: str, field: str, message: str) -> int | None:
        return read_number(raw, lo=0, hi=self.sides - 1, field=field, message=message)

    def _points(self, raw: str, field: str) -> int | None:
        fives = [str(p) for p in range(0, MOST_HAND_POINTS + 1, POINTS_PER_TRICK)]
        message = _("Points come in fives: %(some)s or %(last)s.", some=", ".join(fives[:-1]), last=fives[-1])
        return read_number(raw, lo=0, hi=MOST_HAND_POINTS, field=field, message=message)

    def _tricks(self, raw: str, field: str) -> int | None:
        message = _("Each side takes from 0 to 5 tricks.")
        return read_number(raw, lo=0, hi=TRICKS_IN_HAND, field=field, message=message)

    def _high_of(self, side: int, tricks: tuple[int, ...], took_high: bool) -> int | None:
        """Two sides, one tap: *side* took the high, or nobody did (the box), or the engine says who must have."""
        if self.boxes.no_high:
            if took_high:
                raise HandError(_("Either a side took the high, or nobody did."), "no_high")
            return None
        if took_high:
            return side
        return infer_high(tricks, self.rules, besides=(side,), high_taken=True)
