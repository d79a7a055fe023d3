"""The bids a side may make, and who bids and leads first."""

from __future__ import annotations

from .options import Rules
from .points import HandError
from .refusals import Refusal

__all__ = ["BIDS", "SPECIAL_BIDS", "Bid", "min_bid", "allowed_bids", "parse_bid", "bid_label", "bid_needs"]

BIDS = (15, 20, 25, 30)
SPECIAL_BIDS = ("30-for-60", "60-for-120", "slam")
Bid = int | str

_SPECIAL_WORDS = {
    "30-for-60": "30-for-60",
    "30for60": "30-for-60",
    "thirty-for-sixty": "30-for-60",
    "60-for-120": "60-for-120",
    "60for120": "60-for-120",
    "sixty-for-120": "60-for-120",
    "slam": "slam",
}


def min_bid(score: int, rules: Rules) -> int:
    """The lowest bid a side with this score may make."""
    return 20 if rules.min_bid_from_100 and score >= 100 else 15


def allowed_bids(score: int, rules: Rules, *, bagged: bool = False, hold: bool = False) -> tuple[Bid, ...]:
    """Return the bids a side with this score may make, lowest first, as a bid form lists them.

    A bagged dealer may make only the lowest bid; a dealer who holds, none below ``hold_from``;
    under the bell a plain 30 is not a bid (every 30 is a 30 for 60).
    """
    if not rules.bidding:
        return ()
    lowest = min_bid(score, rules)
    if bagged:
        return (lowest,)
    if hold and rules.hold_from is not None:
        lowest = max(lowest, rules.hold_from)
    bids: list[Bid] = [b for b in BIDS if b >= lowest and not (b == 30 and rules.thirty_for_sixty == "bell")]
    if rules.thirty_for_sixty != "off":
        bids.append("30-for-60")
    if rules.sixty_for_120:
        bids.append("60-for-120")
    if rules.slam:
        bids.append("slam")
    return tuple(bids)


def parse_bid(value: object) -> Bid:
    """Read a bid: 15, 20, "30 for 60", "60 for 120", "slam" (a number as text, "20", is refused)."""
    if isinstance(value, bool):
        raise HandError(Refusal.CHOOSE_BID, "bid")
    if isinstance(value, int):
        if value in BIDS:
            return value
        raise HandError(Refusal.NOT_A_BID, "bid", details={"text": str(value)})
    if isinstance(value, str):
        key = "-".join(value.strip().lower().split())
        if key.isascii() and key.isdigit() and len(key) <= 3:
            # One codec per notation: forms and the API read numbers; the engine takes the number itself.
            raise HandError(Refusal.BID_AS_TEXT, "bid", details={"bid": int(key), "text": key})
        if key in _SPECIAL_WORDS:
            return _SPECIAL_WORDS[key]
    if value is None:
        raise HandError(Refusal.CHOOSE_BID, "bid")
    shown = str(value)[:20]
    raise HandError(Refusal.NOT_A_BID, "bid", details={"text": shown})


def bid_label(bid: Bid | None) -> str:
    """Write a bid the way the sheet shows it."""
    if bid is None:
        return ""
    if isinstance(bid, int):
        return str(bid)
    return {"30-for-60": "30 for 60", "60-for-120": "60 for 120"}.get(bid, bid)


def bid_needs(bid: Bid) -> int:
    """The points a bid needs to be made (a slam needs every trick, checked separately)."""
    return 30 if isinstance(bid, str) else bid
