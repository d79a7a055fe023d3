"""A game's answers in words: the notes beside a hand, who won and why, bids."""

from __future__ import annotations

from typing import Any

from scorekeeper.platform.i18n import gettext as _
from scorekeeper.platform.i18n import lazy_gettext as _l
from scorekeeper.rules import GameState, Note, NoteKind, WinDetail, WinReason
from scorekeeper.rules.bidding import Bid

from .cards import listed


def bid(value: Bid | None) -> str:
    """A bid as the sheet shows it: ``25``, ``30 for 60`` / ``30 pour 60``, ``slam`` / ``chelem``."""
    if value is None:
        return ""
    if isinstance(value, int):
        return str(value)
    if value == "30-for-60":
        return _("30 for 60")
    if value == "60-for-120":
        return _("60 for 120")
    if value == "slam":
        return _("slam")
    return str(value)


def note(value: Note) -> str:
    """A note beside a hand, from its ``kind`` and ``details`` (side names stay as typed)."""
    d: dict[str, Any] = dict(value.details)
    side = d.get("side", "")
    kind = value.kind
    if kind is NoteKind.ALL_FIVE_TRICKS:
        return _("%(side)s: all five tricks score 60", side=side)
    if kind is NoteKind.SET:
        if d.get("partner"):
            return _("%(side)s and partner: set, %(points)s", side=side, points=d.get("points"))
        return _("%(side)s: set, %(points)s", side=side, points=d.get("points"))
    if kind is NoteKind.OFFSUIT_SET:
        return _("%(side)s: set the bidder with off-suit cards only, 30", side=side)
    if kind is NoteKind.CAPPED:
        return _(
            "%(side)s: stopped at %(lock_at)s by the lock, %(lost)s lost",
            side=side,
            lock_at=d.get("lock_at"),
            lost=d.get("lost"),
        )
    if kind is NoteKind.FROZEN:
        return _("%(side)s: locked at %(lock_at)s, scores only by winning the bid", side=side, lock_at=d.get("lock_at"))
    if kind is NoteKind.FORTY_FIVE:
        return _("%(side)s: landed on 45, back to 0", side=side)
    if kind is NoteKind.ELIMINATED:
        return _("%(side)s: fell to %(score)s, out of the game", side=side, score=d.get("score"))
    if kind is NoteKind.OVERTIME:
        return _(
            "%(sides)s tie at %(score)s: only they play on until one of them wins",
            sides=listed(d.get("sides", ())),
            score=d.get("score"),
        )
    return str(value)


def win(detail: WinDetail) -> str:
    """Who won and by which rule, from the ``WinDetail`` of the game."""
    reason = detail.reason
    if reason is WinReason.LAST_SIDE_LEFT:
        return _("%(side)s wins as the last side left: every other side is out of the game.", side=detail.winner)
    if reason is WinReason.BIDDER_GOES_OUT:
        if detail.called_partner:
            return _(
                "%(bidder)s bid %(bid)s and made it: the called partner, %(side)s, goes out with %(score)s.",
                bidder=detail.bidder or "",
                bid=bid(detail.bid),
                side=detail.winner,
                score=detail.score,
            )
        return _(
            "%(bidder)s bid %(bid)s and made it: the bidder goes out with %(score)s.",
            bidder=detail.bidder or "",
            bid=bid(detail.bid),
            score=detail.score,
        )
    if reason is WinReason.NOBODY_ON_THE_GREEN:
        return _(
            "%(side)s reaches %(score)s without the bid, and nobody else is on the green.",
            side=detail.winner,
            score=detail.score,
        )
    if reason is WinReason.MOST_POINTS:
        if not detail.bidding:
            return _("%(side)s reaches %(score)s with the most points.", side=detail.winner, score=detail.score)
        return _(
            "%(side)s reaches %(score)s with more points than any other side.", side=detail.winner, score=detail.score
        )
    if reason is WinReason.LAST_TRICK:
        return _(
            "%(sides)s reach %(score)s: %(side)s took the later trick and wins.",
            sides=listed(detail.tied),
            score=detail.score,
            side=detail.winner,
        )
    return _(
        "%(sides)s reach %(score)s: %(side)s got to %(target)s first and wins.",
        sides=listed(detail.tied),
        score=detail.score,
        side=detail.winner,
        target=detail.target,
    )


def win_reason(state: GameState) -> str | None:
    """The sentence saying who won the game, or None while it is not won."""
    if state.win_detail is None:
        return state.win_reason
    return win(state.win_detail)


def win_reason_label(reason: WinReason | str) -> str:
    """The rule that decided the winner, in a few words."""
    reason = WinReason(reason)
    return {
        WinReason.BIDDER_GOES_OUT: _("The bidder goes out"),
        WinReason.MOST_POINTS: _("Most points"),
        WinReason.NOBODY_ON_THE_GREEN: _("Nobody else on the green"),
        WinReason.LAST_TRICK: _("The later trick"),
        WinReason.FIRST_OUT: _("First to the target"),
        WinReason.LAST_SIDE_LEFT: _("The last side left"),
    }[reason]


# A sheet's form whose hidden boxes (hand number, sheet version, who bid) came back altered: said where the form is
# read (now) and where its fields are declared (lazily, in the language of the request that shows it).
FORM_DAMAGED = _l("This form is damaged: reload the sheet.")


def form_damaged() -> str:
    """A sheet's form that came back altered, found while its hand is read."""
    return _("This form is damaged: reload the sheet and try again.")


def hand_number() -> str:
    """What a hand's number is called when it is read (\"The hand number must be from 1 to …\")."""
    return _("The hand number")


def club_number() -> str:
    """What a club number is called when it is read (\"The club number must be from 1 to …\")."""
    return _("The club number")
