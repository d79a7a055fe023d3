"""The hand form's boxes: one field per question, its choices fitted to the game, a hand already entered shown in them.

Reading what they hold is ``hand_reader``'s (plain values in, the engine's hand out); ``hand.HandForm`` joins both.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from flask_wtf import FlaskForm
from wtforms import BooleanField, FieldList, RadioField, SelectField, StringField

from scorekeeper import words
from scorekeeper.platform.i18n import gettext as _
from scorekeeper.platform.i18n import lazy_gettext as _l
from scorekeeper.rules import (
    GameState,
    HandEntry,
    HandError,
    point_choices,
    took_no_high,
    took_some_tricks,
    trick_choices,
)
from scorekeeper.web.games.fields import (
    ENTRY_WAYS,
    HIGH_MARK,
    NOBODY,
    NOT_NEEDED,
    TRICK_PAIRS,
    FormProblems,
    WholeNumberField,
    options,
)
from scorekeeper.web.games.hand_reader import Boxes, text


class HandFields(FlaskForm):
    """One hand's boxes: who bid what, and what the bidding side (or each side) took. Choices depend on the game.

    Two ways to enter what was taken, chosen once per game (``by``): the paper way, the bidding
    side's points (``took_points``; the rest is worked out), or its tricks with the high in the same
    tap (``took``, such as ``3h``). Three sides and more tap each side's points or tricks; the last
    side's are worked out when they can be. ``tricks``/``high``/``points-N`` are read too, as the
    edit page and older pages send them.

    Two questions are shown only when the engine says a hand needs them (``offsuit_sides``,
    ``tie_sides``): which defending side set the bidder with off-suit cards only, and which tied
    side won the tie-break.
    """

    n = WholeNumberField(
        _l("Hand number"), lo=1, hi=100_000, message=_l("The hand number of this form is damaged: reload the sheet.")
    )
    version = WholeNumberField(_l("Sheet version"), lo=0, message=words.FORM_DAMAGED)
    by = StringField(_l("Enter"), default="points")
    bagged = BooleanField(_l("Bagged: nobody bid, the dealer plays for the lowest bid"))
    bidder = RadioField(_l("Who won the bid?"), choices=[], validate_choice=False)
    bid = RadioField(_l("Bid"), choices=[], validate_choice=False)
    hold = BooleanField(_l("The dealer held"))
    partner = SelectField(_l("Partner called"), choices=[], validate_choice=False)
    took_points = RadioField(_l("Points the bidding side took"), choices=[], validate_choice=False)
    took = RadioField(_l("Tricks the bidding side took"), choices=[], validate_choice=False)
    tricks = RadioField(_l("Tricks the bidding side took"), choices=options(TRICK_PAIRS), validate_choice=False)
    side_tricks = FieldList(RadioField(_l("Tricks"), choices=options(TRICK_PAIRS), validate_choice=False))
    high = RadioField(_l("Who took the high?"), choices=[], validate_choice=False)
    no_high = BooleanField(_l("Nobody took the high: the hand is worth 25"))
    points = FieldList(RadioField(_l("Points"), choices=[], validate_choice=False))
    offsuit_set = RadioField(_l("Set with off-suit cards only?"), choices=[], validate_choice=False)
    tie_break_side = RadioField(_l("Who won the tie?"), choices=[], validate_choice=False)

    def __init__(
        self, state: GameState, *args: Any, entry_by: str | None = None, needs: tuple[str, ...] = ("n",), **kwargs: Any
    ) -> None:
        """Fit the choices to the game as it stands before this hand (*needs*: the page's boxes the hand waits for)."""
        super().__init__(*args, **kwargs)
        self.state, self.needs = state, needs
        self.problems = FormProblems()
        self.side_names = list(state.setup.names)
        # Two sides: one tap says what the bidding side took (``quick``), the rest is worked out.
        self.two_sides = self.quick = len(self.side_names) == 2
        self.bidding, self.may_have_no_high = state.rules.bidding, state.rules.may_score_25
        self.may_hold, self.calls_partner = state.rules.dealer_may_hold, state.rules.call_for_partner
        self.bid_sides: dict[str, str] = {}
        if entry_by in ENTRY_WAYS and not self.by.raw_data:
            self.by.data = entry_by
        self._fit_choices()
        # The questions of this hand, when the engine says it needs them (``hand_reader``).
        self.offsuit_sides: tuple[int, ...] = ()
        self.tie_sides: tuple[int, ...] = ()
        self.reentered: int | None = None  # the hand this phone saved while offline, shown again to enter once more
        if self.n.data is None and not self.n.raw_data:
            self.n.data = state.next_n
        if self.high.data is None:
            self.high.data = NOT_NEEDED

    @property
    def entry_by(self) -> str:
        return self.by.data if self.by.data in ENTRY_WAYS else "points"

    @property
    def high_asked(self) -> bool:
        """Whether "who took the high?" is a question of its own (trick entry, unless one tap says it)."""
        return self.entry_by == "tricks" and not self.two_sides

    @property
    def tie_question(self) -> str:
        """The tie-break question in the table's words (``tie_break``: ``last-trick`` or ``first-out``)."""
        if self.state.rules.tie_break == "last-trick":
            return str(_("Tied for the win: who took the later trick?"))
        return str(_("Tied for the win: who reached %(target)s first?", target=self.state.rules.target))

    def boxes(self) -> Boxes:
        """What the boxes hold, as the reader takes it."""
        return Boxes(
            by=self.by.data if isinstance(self.by.data, str) else "",
            bagged=bool(self.bagged.data),
            bidder=text(self.bidder.data),
            bid=text(self.bid.data),
            hold=bool(self.hold.data),
            partner=text(self.partner.data),
            took_points=text(self.took_points.data),
            took=text(self.took.data),
            tricks=text(self.tricks.data),
            side_tricks=tuple(text(f.data) for f in self.side_tricks),
            high=text(self.high.data),
            no_high=bool(self.no_high.data),
            points=tuple(text(f.data) for f in self.points),
            offsuit_set=text(self.offsuit_set.data),
            tie_break_side=text(self.tie_break_side.data),
        )

    def ask(self, offsuit_sides: tuple[int, ...], tie_sides: tuple[int, ...]) -> None:
        """Show the questions this hand needs: the sides each one chooses between."""
        self.offsuit_sides, self.tie_sides = offsuit_sides, tie_sides
        if offsuit_sides:
            self._offer(self.offsuit_set, offsuit_sides, (NOBODY, _("No: trumps helped set it")))
        if tie_sides:
            self._offer(self.tie_break_side, tie_sides)

    def fill(self, entry: HandEntry) -> None:
        """Prefill the form with a hand already entered (to edit or re-enter it), its questions' answers too."""
        try:
            self.ask(self.state.offsuit_set_sides(entry), self.state.tie_break_sides(entry))
        except HandError:
            self.ask((), ())
        if self.offsuit_sides:
            self.offsuit_set.data = NOBODY if entry.offsuit_set is None else str(entry.offsuit_set)
        if self.tie_sides:
            self.tie_break_side.data = None if entry.tie_break_side is None else str(entry.tie_break_side)
        self.bidder.data = None if entry.bidder is None else str(entry.bidder)
        self.bid.data = None if entry.bid is None else str(entry.bid)
        self.bagged.data = bool(entry.bagged)
        self.hold.data = bool(entry.hold)
        self.partner.data = "" if entry.partner is None else str(entry.partner)
        side = entry.bidder if entry.bidder is not None else 0
        if entry.points is not None:
            self.by.data = "points"
            for i, value in enumerate(entry.points):
                self.points[i].data = str(value)
            self.took_points.data = str(entry.points[side])
            self.no_high.data = self.may_have_no_high and took_no_high(entry.points)
            self.high.data = NOT_NEEDED
            return
        self.by.data = "tricks"
        tricks = entry.tricks or ()
        for i, value in enumerate(tricks):
            self.side_tricks[i].data = str(value)
        if self.two_sides and tricks:
            self.tricks.data = str(tricks[side])
            self.took.data = f"{tricks[side]}{HIGH_MARK if entry.high == side else ''}"
            self.no_high.data = self.may_have_no_high and entry.high is None and took_some_tricks(tricks[side])
        if entry.high is not None:
            self.high.data = str(entry.high)
        elif self.state.rules.may_score_25:
            self.high.data = NOBODY
        else:
            self.high.data = NOT_NEEDED

    # -- Choices fitted to the game ------------------------------------------------------------

    def _fit_choices(self) -> None:
        """Offer the choices of the game as it stands before this hand, and name each side's boxes."""
        state, names = self.state, self.side_names
        rules = state.rules
        # In an overtime (tie_break: overtime) only the tied sides play on: the sheet offers only them.
        bidders = state.active_sides if state.overtime else range(len(names))
        self.bidder.choices = options((str(i), names[i]) for i in bidders)
        self.bid.choices = options((str(b), words.bid(b)) for b in state.bid_choices())
        self.bid_sides = self._bid_sides(bidders)
        point_pairs = [(str(p), str(p)) for p in point_choices(rules)]
        self.took_points.choices = options(point_pairs)
        self.partner.choices = options(
            [("", _("Nobody: the bidder plays alone"))] + [(str(i), name) for i, name in enumerate(names)]
        )
        self.took.choices = options(
            (f"{t}{HIGH_MARK if high else ''}", _("%(tricks)s + high", tricks=t) if high else str(t))
            for t, high in trick_choices(rules)
        )
        high = [(NOT_NEEDED, _("Not answered") if rules.may_score_25 else _("Not needed: one side took every trick"))]
        high += [(str(i), name) for i, name in enumerate(names)]
        if rules.may_score_25:
            high.append((NOBODY, _("Nobody: the hand is worth 25")))
        self.high.choices = options(high)
        if not self.bidding:
            self.took.label.text = self.tricks.label.text = _("Tricks %(side)s took", side=names[0])
            self.took_points.label.text = _("Points %(side)s took", side=names[0])
        while len(self.side_tricks) < len(names):
            self.side_tricks.append_entry()
        while len(self.points) < len(names):
            self.points.append_entry()
        for i, name in enumerate(names):
            self.side_tricks[i].label.text = name
            self.points[i].label.text = name
            self.points[i].choices = options(point_pairs)

    def _bid_sides(self, bidders: Iterable[int]) -> dict[str, str]:
        """Each bid offered, with the sides the engine lets make it at their score: ``for-N``, and ``hold-N`` when
        side N's dealer holds. With a bidder tapped, the page shows only that side's bids (games.css)."""
        state = self.state
        marks: dict[str, list[str]] = {str(b): [] for b in state.bid_choices()}
        for side in bidders:
            for bid in state.allowed_bids(side):
                marks[str(bid)].append(f"for-{side}")
            if self.may_hold:
                for bid in state.allowed_bids(side, hold=True):
                    marks[str(bid)].append(f"hold-{side}")
        return {bid: " ".join(sides) for bid, sides in marks.items()}

    def _offer(self, field: Any, sides: tuple[int, ...], *extra: tuple[str, str]) -> None:
        """Offer the sides a question chooses between (and any other answer)."""
        field.choices = options([(str(s), self.side_names[s]) for s in sides] + list(extra))
