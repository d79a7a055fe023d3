"""The bids a side may make, and who bids and leads first."""

from __future__ import annotations

from .options import Rules
from .points import HandError

__all__ = ["BIDS", "SPECIAL_BIDS", "min_bid", "allowed_bids", "parse_bid", "bid_label", "bid_needs"]

BIDS = (15, 20, 25, 30)
SPECIAL_BIDS = ("30-for-60", "slam")
Bid = int | str


def min_bid(score: int, rules: Rules) -> int:
    """The lowest bid a side with this score may make."""
    return 20 if rules.min_bid_from_100 and score >= 100 else 15


def allowed_bids(score: int, rules: Rules, *, bagged: bool = False, hold: bool = False) -> tuple[Bid, ...]:
    """Return the bids a side with this score may make (a bagged dealer: only the lowest)."""
    if not rules.bidding:
        return ()
    lowest = min_bid(score, rules)
    if bagged:
        return (lowest,)
    if hold and rules.hold_from is not None:
        lowest = max(lowest, rules.hold_from)
    bids: list[Bid] = [b for b in BIDS if b >= lowest]
    if rules.thirty_for_sixty != "off":
        bids.append("30-for-60")
    if rules.slam:
        bids.append("slam")
    return tuple(bids)


def parse_bid(value: object) -> Bid:
    """Read a bid: 15, "20", "30 for 60", "slam"."""
    if isinstance(value, bool):
        raise HandError("Choose the bid: 15, 20, 25 or 30", "bid")
    if isinstance(value, int):
        if value in BIDS:
            return value
        raise HandError(f"{value} is not a bid: bids are 15, 20, 25 or 30", "bid")
    if isinstance(value, str):
        key = "-".join(value.strip().lower().split())
        if key.isdigit():
            return parse_bid(int(key))
        if key in ("30-for-60", "30for60", "thirty-for-sixty"):
            return "30-for-60"
        if key == "slam":
            return "slam"
    if value is None:
        raise HandError("Choose the bid", "bid")
    raise HandError(f"'{value}' is not a bid: bids are 15, 20, 25 or 30", "bid")


def bid_label(bid: Bid | None) -> str:
    """Write a bid the way the sheet shows it."""
    if bid is None:
        return ""
    return {"30-for-60": "30 for 60", "slam": "slam"}.get(bid, str(bid))  # type: ignore[call-overload]


def bid_needs(bid: Bid) -> int:
    """The points a bid needs to be made (a slam needs every trick, checked separately)."""
    return 30 if bid in ("30-for-60", "slam") else int(bid)
