"""The hand form's parts that are not its checks: its choices, fitted to the game, and a hand already entered shown in it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from scorekeeper import words
from scorekeeper.platform.i18n import gettext as _
from scorekeeper.rules import HandEntry, HandError, point_choices, took_no_high, took_some_tricks, trick_choices
from scorekeeper.web.games.fields import HIGH_MARK, NOBODY, NOT_NEEDED, options

if TYPE_CHECKING:
    from scorekeeper.web.games.hand import HandForm


def fit_choices(form: HandForm) -> None:
    """Offer the choices of the game as it stands before this hand, and name each side's boxes."""
    state, names = form.state, form.side_names
    rules = state.rules
    # In an overtime (tie_break: overtime) only the tied sides play on: the sheet offers only them.
    bidders = state.active_sides if state.overtime else range(len(names))
    form.bidder.choices = options((str(i), names[i]) for i in bidders)
    form.bid.choices = options((str(b), words.bid(b)) for b in state.bid_choices())
    form.bid_sides = bid_sides(form, bidders)
    point_pairs = [(str(p), str(p)) for p in point_choices(rules)]
    form.took_points.choices = options(point_pairs)
    form.partner.choices = options(
        [("", _("Nobody: the bidder plays alone"))] + [(str(i), name) for i, name in enumerate(names)]
    )
    form.took.choices = options(
        (f"{t}{HIGH_MARK if high else ''}", _("%(tricks)s + high", tricks=t) if high else str(t))
        for t, high in trick_choices(rules)
    )
    high = [(NOT_NEEDED, _("Not answered") if rules.may_score_25 else _("Not needed: one side took every trick"))]
    high += [(str(i), name) for i, name in enumerate(names)]
    if rules.may_score_25:
        high.append((NOBODY, _("Nobody: the hand is worth 25")))
    form.high.choices = options(high)
    if not form.bidding:
        form.took.label.text = form.tricks.label.text = _("Tricks %(side)s took", side=names[0])
        form.took_points.label.text = _("Points %(side)s took", side=names[0])
    while len(form.side_tricks) < len(names):
        form.side_tricks.append_entry()
    while len(form.points) < len(names):
        form.points.append_entry()
    for i, name in enumerate(names):
        form.side_tricks[i].label.text = name
        form.points[i].label.text = name
        form.points[i].choices = options(point_pairs)


def bid_sides(form: HandForm, bidders: Iterable[int]) -> dict[str, str]:
    """Each bid offered, with the sides the engine lets make it at their score: ``for-N``, and ``hold-N`` when
    side N's dealer holds. With a bidder tapped, the page shows only that side's bids (games.css)."""
    state = form.state
    marks: dict[str, list[str]] = {str(b): [] for b in state.bid_choices()}
    for side in bidders:
        for bid in state.allowed_bids(side):
            marks[str(bid)].append(f"for-{side}")
        if form.may_hold:
            for bid in state.allowed_bids(side, hold=True):
                marks[str(bid)].append(f"hold-{side}")
    return {bid: " ".join(sides) for bid, sides in marks.items()}


def offer(form: HandForm, field: Any, sides: tuple[int, ...], *extra: tuple[str, str]) -> None:
    """Offer the sides a question chooses between (and any other answer)."""
    field.choices = options([(str(s), form.side_names[s]) for s in sides] + list(extra))


def offer_offsuit(form: HandForm) -> None:
    offer(form, form.offsuit_set, form.offsuit_sides, (NOBODY, _("No: trumps helped set it")))


def fill_in(form: HandForm, entry: HandEntry) -> None:
    """Show a hand already entered (to edit or re-enter it), its questions' answers too."""
    try:
        form.offsuit_sides = form.state.offsuit_set_sides(entry)
        form.tie_sides = form.state.tie_break_sides(entry)
    except HandError:
        form.offsuit_sides = form.tie_sides = ()
    if form.offsuit_sides:
        offer_offsuit(form)
        form.offsuit_set.data = NOBODY if entry.offsuit_set is None else str(entry.offsuit_set)
    if form.tie_sides:
        offer(form, form.tie_break_side, form.tie_sides)
        form.tie_break_side.data = None if entry.tie_break_side is None else str(entry.tie_break_side)
    form.bidder.data = None if entry.bidder is None else str(entry.bidder)
    form.bid.data = None if entry.bid is None else str(entry.bid)
    form.bagged.data = bool(entry.bagged)
    form.hold.data = bool(entry.hold)
    form.partner.data = "" if entry.partner is None else str(entry.partner)
    side = entry.bidder if entry.bidder is not None else 0
    if entry.points is not None:
        form.by.data = "points"
        for i, value in enumerate(entry.points):
            form.points[i].data = str(value)
        form.took_points.data = str(entry.points[side])
        form.no_high.data = form.may_have_no_high and took_no_high(entry.points)
        form.high.data = NOT_NEEDED
        return
    form.by.data = "tricks"
    tricks = entry.tricks or ()
    for i, value in enumerate(tricks):
        form.side_tricks[i].data = str(value)
    if form.two_sides and tricks:
        form.tricks.data = str(tricks[side])
        form.took.data = f"{tricks[side]}{HIGH_MARK if entry.high == side else ''}"
        form.no_high.data = form.may_have_no_high and entry.high is None and took_some_tricks(tricks[side])
    if entry.high is not None:
        form.high.data = str(entry.high)
    elif form.state.rules.may_score_25:
        form.high.data = NOBODY
    else:
        form.high.data = NOT_NEEDED
