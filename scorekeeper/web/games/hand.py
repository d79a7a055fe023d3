"""The hand form: who bid what, and what the bidding side (or each side) took. Choices depend on the game.

What the rest of the table took, who must have taken the high, the bids offered
and the questions a hand needs answered (an off-suit set, a tie-break) are the
engine's answers (``scorekeeper.rules``); its refusal comes back beside the
field it names.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from flask_wtf import FlaskForm
from wtforms import BooleanField, FieldList, RadioField, SelectField, StringField

from scorekeeper import words
from scorekeeper.platform.i18n import gettext as _
from scorekeeper.platform.i18n import lazy_gettext as _l
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
    read_number,
)

# Boxes the page does not show: a refusal about them is said atop the form.
HIDDEN_FIELDS = ("n", "version", "by", "csrf_token")


class HandForm(FlaskForm):  # type: ignore[misc]  # Flask-WTF ships no type information
    """One hand: who bid what, and what the bidding side (or each side) took. Choices depend on the game.

    Two ways to enter what was taken, chosen once per game (``by``): the paper way, the bidding
    side's points (``took_points``; the rest is worked out), or its tricks with the high in the same
    tap (``took``, such as ``3h``). Three sides and more tap each side's points or tricks; the last
    side's are worked out when they can be. ``tricks``/``high``/``points-N`` are read too, as the
    edit page and older pages send them.

    Two questions are asked only when the engine says a hand needs them (``offsuit_sides``,
    ``tie_sides``): which defending side set the bidder with off-suit cards only, and which tied
    side won the tie-break. The first save of such a hand is refused with the question in place.
    """

    n = WholeNumberField(
        _l("Hand number"), lo=1, hi=100_000, message=_l("The hand number of this form is damaged: reload the sheet.")
    )
    version = WholeNumberField(_l("Sheet version"), lo=0, message=_l("This form is damaged: reload the sheet."))
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

    def __init__(self, state: GameState, *args: Any, entry_by: str | None = None, **kwargs: Any) -> None:
        """Fit the choices to the game as it stands before this hand."""
        super().__init__(*args, **kwargs)
        self.state = state
        self.problems = FormProblems()
        rules = state.rules
        names = list(state.setup.names)
        self.side_names = names
        self.two_sides = len(names) == 2
        self.bidding = rules.bidding
        self.may_have_no_high = rules.may_score_25
        if entry_by in ENTRY_WAYS and not self.by.raw_data:
            self.by.data = entry_by
        # In an overtime (tie_break: overtime) only the tied sides play on: the sheet offers only them.
        bidders = state.active_sides if state.overtime else range(len(names))
        self.bidder.choices = options((str(i), names[i]) for i in bidders)
        self.bid.choices = options((str(b), words.bid(b)) for b in state.bid_choices())
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
        # The questions of this hand, when the engine says it needs them (see ``entry``).
        self.offsuit_sides: tuple[int, ...] = ()
        self.tie_sides: tuple[int, ...] = ()
        if self.n.data is None and not self.n.raw_data:
            self.n.data = state.next_n
        if self.high.data is None:
            self.high.data = NOT_NEEDED

    @property
    def entry_by(self) -> str:
        return self.by.data if self.by.data in ENTRY_WAYS else "points"

    @property
    def quick(self) -> bool:
        """Whether one tap says what the bidding side took (two sides, and the rest can be worked out)."""
        return self.two_sides

    @property
    def may_hold(self) -> bool:
        return self.state.rules.dealer_may_hold

    @property
    def calls_partner(self) -> bool:
        return self.state.rules.call_for_partner

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

    def number(self) -> int | None:
        """Return the hand number the phone meant, or None when missing."""
        return self.n.data

    def expected_version(self) -> int | None:
        return self.version.data

    def fill(self, entry: HandEntry) -> None:
        """Prefill the form with a hand already entered (to edit or re-enter it), its questions' answers too."""
        self._fill_answers(entry)
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

    def entry(self) -> HandEntry:
        """Return the hand as entered; raise HandError naming the field when something is missing."""
        if self.by.data not in ENTRY_WAYS:
            raise HandError(_("This form is damaged: reload the sheet and try again."), "by")
        state = self.state
        count = len(self.side_names)
        bagged = bool(self.bagged.data) and self.bidding
        hold = bool(self.hold.data) and self.bidding and self.may_hold
        bidder = bid = partner = None
        if self.bidding:
            bidder = self._side(self.bidder.data, "bidder", _("That bidder is not a side in this game."))
            if bidder is None:
                if not bagged:
                    raise HandError(_("Tap the side that won the bid."), "bidder")
                bidder = state.dealer_side
            raw_bid = (self.bid.data or "").strip()
            offered = {str(b): b for b in state.bid_choices()}
            if not raw_bid:
                if not bagged:
                    raise HandError(_("Tap the bid."), "bid")
                bid = state.allowed_bids(bidder, bagged=True)[0]
            elif raw_bid in offered:
                bid = offered[raw_bid]
            else:
                raise HandError(_("Tap one of the bids shown."), "bid")
            if self.calls_partner:
                partner = self._side(self.partner.data, "partner", _("That partner is not in this game."))
        side = bidder if bidder is not None else 0
        if self.entry_by == "points":
            entry = HandEntry(
                bidder=bidder, bid=bid, bagged=bagged, hold=hold, points=self._points(side, count), partner=partner
            )
        else:
            tricks, high = self._tricks(side, count)
            entry = HandEntry(
                bidder=bidder, bid=bid, bagged=bagged, hold=hold, tricks=tricks, high=high, partner=partner
            )
        return self._answered(entry)

    def _answered(self, entry: HandEntry) -> HandEntry:
        """Add the answers to the questions this hand needs (the engine says which), or ask them.

        An off-suit set is asked only of a set hand under ``offsuit_set_bonus``, a tie-break only when
        sides tie for the win under ``tie_break``; an answer left from an earlier version of the hand
        is dropped when its question no longer arises. Raises HandError naming the question to answer.
        """
        state, names = self.state, self.side_names
        self.offsuit_sides = state.offsuit_set_sides(entry)
        if self.offsuit_sides:
            self._offer(self.offsuit_set, self.offsuit_sides, (NOBODY, _("No: trumps helped set it")))
            raw = (self.offsuit_set.data or "").strip()
            if not raw:
                if entry.bidder is not None:
                    message = _(
                        "%(side)s was set. Did a side set it with off-suit cards only, no trumps? "
                        "That side scores 30: tap it, or No.",
                        side=names[entry.bidder],
                    )
                else:
                    message = _(
                        "The bidder was set. Did a side set it with off-suit cards only, no trumps? "
                        "That side scores 30: tap it, or No."
                    )
                raise HandError(message, "offsuit_set")
            offsuit = None if raw == NOBODY else self._side(raw, "offsuit_set", _("That side is not in this game."))
            entry = dataclasses.replace(entry, offsuit_set=offsuit)
        self.tie_sides = state.tie_break_sides(entry)
        if self.tie_sides:
            self._offer(self.tie_break_side, self.tie_sides)
            raw = (self.tie_break_side.data or "").strip()
            side = self._side(raw, "tie_break_side", _("Tap one of the tied sides.")) if raw else None
            # Without an answer the engine refuses the hand with the question in its words.
            entry = dataclasses.replace(entry, tie_break_side=side)
        return entry

    def _offer(self, field: RadioField, sides: tuple[int, ...], *extra: tuple[str, str]) -> None:
        field.choices = options([(str(s), self.side_names[s]) for s in sides] + list(extra))

    def _fill_answers(self, entry: HandEntry) -> None:
        """Show a recorded hand's answers to its questions (the edit page asks them again)."""
        try:
            self.offsuit_sides = self.state.offsuit_set_sides(entry)
            self.tie_sides = self.state.tie_break_sides(entry)
        except HandError:
            self.offsuit_sides = self.tie_sides = ()
        if self.offsuit_sides:
            self._offer(self.offsuit_set, self.offsuit_sides, (NOBODY, _("No: trumps helped set it")))
            self.offsuit_set.data = NOBODY if entry.offsuit_set is None else str(entry.offsuit_set)
        if self.tie_sides:
            self._offer(self.tie_break_side, self.tie_sides)
            self.tie_break_side.data = None if entry.tie_break_side is None else str(entry.tie_break_side)

    def _side(self, raw: object, field: str, message: str) -> int | None:
        return read_number(raw, lo=0, hi=len(self.side_names) - 1, field=field, message=message)

    def _points(self, side: int, count: int) -> tuple[int, ...]:
        fives = [str(p) for p in range(0, MOST_HAND_POINTS + 1, POINTS_PER_TRICK)]
        message = _("Points come in fives: %(some)s or %(last)s.", some=", ".join(fives[:-1]), last=fives[-1])
        took = read_number(self.took_points.data, lo=0, hi=MOST_HAND_POINTS, field="took_points", message=message)
        no_high = bool(self.no_high.data)
        rules = self.state.rules
        if self.two_sides and took is not None:
            return complete_points([took if s == side else None for s in range(count)], rules, no_high=no_high)
        values = [read_number(f.data, lo=0, hi=MOST_HAND_POINTS, field="points", message=message) for f in self.points]
        if all(v is None for v in values):
            field = "took_points" if self.quick else "points"
            raise HandError(
                _("Tap the points the bidding side took.") if self.quick else _("Tap the points each side took."), field
            )
        if values.count(None) == 1:
            return complete_points(values, rules, no_high=no_high)
        return tuple(v or 0 for v in values)

    def _tricks(self, side: int, count: int) -> tuple[tuple[int, ...], int | None]:
        took_raw = (self.took.data or "").strip()
        if self.two_sides and took_raw:
            took_high = took_raw.endswith(HIGH_MARK)
            took = read_number(
                took_raw.removesuffix(HIGH_MARK),
                lo=0,
                hi=TRICKS_IN_HAND,
                field="took",
                message=_("Each side takes from 0 to 5 tricks."),
            )
            tricks = complete_tricks([took or 0 if s == side else None for s in range(count)])
            return tricks, self._high_of(side, tricks, took_high)
        if self.two_sides:
            took = read_number(
                self.tricks.data,
                lo=0,
                hi=TRICKS_IN_HAND,
                field="tricks",
                message=_("Each side takes from 0 to 5 tricks."),
            )
            if took is None:
                if self.bidding:
                    raise HandError(_("Tap how many tricks the bidding side took."), "took")
                raise HandError(_("Tap how many tricks %(side)s took.", side=self.side_names[0]), "took")
            tricks = complete_tricks([took if s == side else None for s in range(count)])
        else:
            values = [
                read_number(
                    f.data, lo=0, hi=TRICKS_IN_HAND, field="tricks", message=_("Each side takes from 0 to 5 tricks.")
                )
                for f in self.side_tricks
            ]
            if values.count(None) > 1:
                raise HandError(_("Tap the tricks of each side (the last side's are worked out)."), "tricks")
            tricks = complete_tricks(values)
        return tricks, self._high(tricks)

    def _high_of(self, side: int, tricks: tuple[int, ...], took_high: bool) -> int | None:
        """Two sides, one tap: *side* took the high, or nobody did (the box), or the engine says who must have."""
        if self.no_high.data:
            if took_high:
                raise HandError(_("Either a side took the high, or nobody did."), "no_high")
            return None
        if took_high:
            return side
        return infer_high(tricks, self.state.rules, besides=(side,), high_taken=True)

    def _high(self, tricks: tuple[int, ...]) -> int | None:
        raw = (self.high.data or "").strip()
        if raw == NOBODY:
            return None
        if raw == NOT_NEEDED:
            if self.state.high_needed(tricks):
                if self.state.rules.may_score_25:
                    raise HandError(_("Say which side took the high, or nobody if no trump was played."), "high")
                raise HandError(_("Both sides took tricks: say which side took the high."), "high")
            return None
        return self._side(raw, "high", _("That side is not in this game."))

    def refuse(self, err: ValueError) -> None:
        """Put the engine's refusal beside the field it names (``err.field``), or atop the form."""
        field = getattr(err, "field", None)
        message = words.refusal(err)
        # Where the page asks a question in another box than the engine's name for it.
        if field == "tricks":
            field = "took" if self.two_sides else "side_tricks"
        elif field == "points":
            field = "took_points" if self.quick and self.took_points.data else "points"
        if field in ("side_tricks", "points"):
            self.problems.add(field, message)  # lists of boxes: one message for the row
        elif field is not None and field in self and field not in HIDDEN_FIELDS:
            self[field].errors = list(self[field].errors or []) + [message]
        else:
            self.problems.add("form", message)

    def field_problems(self) -> None:
        """Move the errors of fields the page does not show (hand number, version) to the form's message."""
        for name in ("n", "version"):
            for message in self[name].errors:
                self.problems.add("form", message)
