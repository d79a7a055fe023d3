"""The hand form: one box per question, each read by its WTForms hook; the rest is the engine's answer.

What the rest of the table took, who must have taken the high, the bids offered and the questions
a hand needs are the engine's (``scorekeeper.rules``); its refusal comes back beside the box it names.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask_wtf import FlaskForm
from wtforms import BooleanField, FieldList, RadioField, SelectField, StringField
from wtforms.validators import StopValidation

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
from scorekeeper.web.games.hand_parts import fill_in, fit_choices, offer, offer_offsuit

# Boxes the page does not show: a refusal about them is said atop the form.
HIDDEN_FIELDS = ("n", "version", "by", "csrf_token")
# The page's own boxes, checked before the hand is read.
PAGE_FIELDS = ("csrf_token", "n", "version")


def reading(read: Callable[[HandForm], None]) -> Callable[[HandForm, Any], None]:
    """Make a WTForms ``validate_<field>`` hook of a reading that raises HandError (the form's words or the engine's).

    The refusal is kept, and said beside the box its field's name gives (``box``); reading stops there.
    """

    def hook(form: HandForm, field: Any) -> None:
        try:
            read(form)
        except HandError as err:
            form.refusal = err
            if form.box(err.field) is field:
                raise StopValidation(words.refusal(err)) from None
            form.refuse(err)
            raise StopValidation from None

    return hook


class HandForm(FlaskForm):
    """One hand: who bid what, and what the bidding side (or each side) took. Choices depend on the game.

    Two ways to enter what was taken, chosen once per game (``by``): the paper way, the bidding
    side's points (``took_points``; the rest is worked out), or its tricks with the high in the same
    tap (``took``, such as ``3h``). Three sides and more tap each side's points or tricks; the last
    side's are worked out when they can be. ``tricks``/``high``/``points-N`` are read too, as the
    edit page and older pages send them.

    Two questions are asked only when the engine says a hand needs them (``offsuit_sides``,
    ``tie_sides``): which defending side set the bidder with off-suit cards only, and which tied
    side won the tie-break. The first save of such a hand is refused with the question in place.

    ``validate`` reads the boxes in the order declared here, each by its ``validate_<field>`` hook:
    a hook may use what an earlier one read (``hand``), never what a later one reads.
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
        self.reentered: int | None = None  # the hand this phone saved while offline, shown again to enter once more
        if entry_by in ENTRY_WAYS and not self.by.raw_data:
            self.by.data = entry_by
        fit_choices(self)
        # The questions of this hand, when the engine says it needs them (see ``validate_offsuit_set``).
        self.offsuit_sides: tuple[int, ...] = ()
        self.tie_sides: tuple[int, ...] = ()
        # What ``validate`` read of the hand (HandEntry's fields), and the refusal that stopped it.
        self.hand: dict[str, Any] = {}
        self.refusal: HandError | None = None
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

    def number(self) -> int | None:
        """Return the hand number the phone meant, or None when missing."""
        return self.n.data

    def expected_version(self) -> int | None:
        return self.version.data

    def fill(self, entry: HandEntry) -> None:
        """Prefill the form with a hand already entered (to edit or re-enter it), its questions' answers too."""
        fill_in(self, entry)

    def entry(self) -> HandEntry:
        """Return the hand ``validate`` read; raise its refusal (HandError naming the field) when it refused it."""
        if self.refusal is not None:
            raise self.refusal
        if not self.hand:
            raise HandError(_("This form is damaged: reload the sheet and try again."), "n")
        return HandEntry(**self.hand)

    # -- Reading the hand: one hook per box, in the page's order ------------------------------

    def validate(self, extra_validators: Any = None) -> bool:
        """Check the page's own boxes, then read the hand box by box (the ``validate_<field>`` hooks).

        The hand is read only once the page's boxes are sound and hold what the page needs (``needs``),
        and only up to its first refusal, as the engine says one thing at a time.
        """
        self._errors, self.hand, self.refusal = None, {}, None
        if not all([self[name].validate(self) for name in PAGE_FIELDS if name in self]):
            return False
        if any(self[name].data is None for name in self.needs):
            return True
        self.hand = {"bagged": bool(self.bagged.data) and self.bidding}
        self.hand["hold"] = bool(self.hold.data) and self.bidding and self.may_hold
        for name, field in self._fields.items():
            hook = getattr(type(self), f"validate_{name}", None)
            if hook is not None and name not in PAGE_FIELDS:
                field.validate(self, (hook,))
                if self.refusal is not None:
                    return False
        return True

    @reading
    def validate_by(self) -> None:
        if self.by.data not in ENTRY_WAYS:
            raise HandError(_("This form is damaged: reload the sheet and try again."), "by")

    @reading
    def validate_bidder(self) -> None:
        if not self.bidding:
            return
        bidder = self._side(self.bidder.data, "bidder", _("That bidder is not a side in this game."))
        if bidder is None and not self.hand["bagged"]:
            raise HandError(_("Tap the side that won the bid."), "bidder")
        self.hand.update(bidder=self.state.dealer_side if bidder is None else bidder)

    @reading
    def validate_bid(self) -> None:
        if not self.bidding:
            return
        raw_bid = (self.bid.data or "").strip()
        offered = {str(b): b for b in self.state.bid_choices()}
        if raw_bid in offered:
            self.hand.update(bid=offered[raw_bid])
        elif raw_bid:
            raise HandError(_("Tap one of the bids shown."), "bid")
        elif self.hand["bagged"]:
            self.hand.update(bid=self.state.allowed_bids(self.hand["bidder"], bagged=True)[0])
        else:
            raise HandError(_("Tap the bid."), "bid")

    @reading
    def validate_partner(self) -> None:
        if self.bidding and self.calls_partner:
            self.hand.update(partner=self._side(self.partner.data, "partner", _("That partner is not in this game.")))

    @reading
    def validate_took_points(self) -> None:
        """Two sides: the bidding side's points, the rest worked out (else the points of each side, below)."""
        if self.entry_by != "points":
            return
        took = self._points(self.took_points.data, "took_points")
        if self.two_sides and took is not None:
            side = int(self.hand.get("bidder") or 0)
            taken = [took if s == side else None for s in range(len(self.side_names))]
            self.hand.update(points=complete_points(taken, self.state.rules, no_high=bool(self.no_high.data)))

    @reading
    def validate_took(self) -> None:
        """Two sides: the bidding side's tricks, with the high in the same tap (``3h``), or in the tricks box."""
        if self.entry_by != "tricks" or not self.two_sides:
            return
        side, took_raw = int(self.hand.get("bidder") or 0), (self.took.data or "").strip()
        if took_raw:  # one tap: the tricks, and "h" when the side took the high
            took: int | None = self._tricks(took_raw.removesuffix(HIGH_MARK), "took") or 0
        elif (took := self._tricks(self.tricks.data, "tricks")) is None:
            if self.bidding:
                raise HandError(_("Tap how many tricks the bidding side took."), "took")
            raise HandError(_("Tap how many tricks %(side)s took.", side=self.side_names[0]), "took")
        tricks = complete_tricks([took if s == side else None for s in range(len(self.side_names))])
        self.hand.update(tricks=tricks)
        if took_raw:
            self.hand.update(high=self._high_of(side, tricks, took_raw.endswith(HIGH_MARK)))

    @reading
    def validate_side_tricks(self) -> None:
        """Three sides and more: each side's tricks, the last side's worked out."""
        if self.entry_by != "tricks" or self.two_sides:
            return
        values = [self._tricks(f.data, "tricks") for f in self.side_tricks]
        if values.count(None) > 1:
            raise HandError(_("Tap the tricks of each side (the last side's are worked out)."), "tricks")
        self.hand.update(tricks=complete_tricks(values))

    @reading
    def validate_high(self) -> None:
        """Who took the high, when it is a question of its own (or one tap did not say it)."""
        if self.entry_by != "tricks" or "high" in self.hand:
            return
        raw = (self.high.data or "").strip()
        if raw == NOT_NEEDED and self.state.high_needed(self.hand["tricks"]):
            if self.state.rules.may_score_25:
                raise HandError(_("Say which side took the high, or nobody if no trump was played."), "high")
            raise HandError(_("Both sides took tricks: say which side took the high."), "high")
        high = None if raw in (NOBODY, NOT_NEEDED) else self._side(raw, "high", _("That side is not in this game."))
        self.hand.update(high=high)

    @reading
    def validate_points(self) -> None:
        """The points of each side (three sides and more, or sent side by side); one blank is worked out."""
        if self.entry_by != "points" or "points" in self.hand:
            return
        values = [self._points(f.data, "points") for f in self.points]
        if all(v is None for v in values):
            if self.quick:
                raise HandError(_("Tap the points the bidding side took."), "took_points")
            raise HandError(_("Tap the points each side took."), "points")
        if values.count(None) == 1:
            self.hand.update(points=complete_points(values, self.state.rules, no_high=bool(self.no_high.data)))
        else:
            self.hand.update(points=tuple(v or 0 for v in values))

    @reading
    def validate_offsuit_set(self) -> None:
        """Which defending side set the bidder with off-suit cards only, when the engine says to ask."""
        self.offsuit_sides = self.state.offsuit_set_sides(HandEntry(**self.hand))
        if not self.offsuit_sides:
            return
        offer_offsuit(self)
        raw = (self.offsuit_set.data or "").strip()
        if not raw:
            bidder = self.hand.get("bidder")
            if bidder is not None:
                message = _(
                    "%(side)s was set. Did a side set it with off-suit cards only, no trumps? "
                    "That side scores 30: tap it, or No.",
                    side=self.side_names[bidder],
                )
            else:
                message = _(
                    "The bidder was set. Did a side set it with off-suit cards only, no trumps? "
                    "That side scores 30: tap it, or No."
                )
            raise HandError(message, "offsuit_set")
        side = None if raw == NOBODY else self._side(raw, "offsuit_set", _("That side is not in this game."))
        self.hand.update(offsuit_set=side)

    @reading
    def validate_tie_break_side(self) -> None:
        """Which tied side won the tie-break, when the engine says to ask (unanswered, it refuses in its words)."""
        self.tie_sides = self.state.tie_break_sides(HandEntry(**self.hand))
        if self.tie_sides:
            offer(self, self.tie_break_side, self.tie_sides)
            raw = (self.tie_break_side.data or "").strip()
            self.hand.update(
                tie_break_side=self._side(raw, "tie_break_side", _("Tap one of the tied sides.")) if raw else None
            )

    def _side(self, raw: object, field: str, message: str) -> int | None:
        return read_number(raw, lo=0, hi=len(self.side_names) - 1, field=field, message=message)

    def _points(self, raw: object, field: str) -> int | None:
        fives = [str(p) for p in range(0, MOST_HAND_POINTS + 1, POINTS_PER_TRICK)]
        message = _("Points come in fives: %(some)s or %(last)s.", some=", ".join(fives[:-1]), last=fives[-1])
        return read_number(raw, lo=0, hi=MOST_HAND_POINTS, field=field, message=message)

    def _tricks(self, raw: object, field: str) -> int | None:
        message = _("Each side takes from 0 to 5 tricks.")
        return read_number(raw, lo=0, hi=TRICKS_IN_HAND, field=field, message=message)

    def _high_of(self, side: int, tricks: tuple[int, ...], took_high: bool) -> int | None:
        """Two sides, one tap: *side* took the high, or nobody did (the box), or the engine says who must have."""
        if self.no_high.data:
            if took_high:
                raise HandError(_("Either a side took the high, or nobody did."), "no_high")
            return None
        if took_high:
            return side
        return infer_high(tricks, self.state.rules, besides=(side,), high_taken=True)

    # -- The engine's refusal, beside the box that carries its field ---------------------------

    def box(self, name: str | None) -> Any:
        """The box that carries the entry field *name* on this page, or None when the page shows none."""
        carriers = {
            # Two sides: one tap gives the bidding side's share (points sent side by side stay beside that row).
            "tricks": "took" if self.two_sides else "side_tricks",
            "points": "took_points" if self.quick and self.took_points.data else "points",
        }
        name = carriers.get(name or "", name)
        return self[name] if name is not None and name in self and name not in HIDDEN_FIELDS else None

    def refuse(self, err: ValueError) -> None:
        """Put the engine's refusal beside the box its field name gives (``box``), or atop the form."""
        box, message = self.box(getattr(err, "field", None)), words.refusal(err)
        if box is None:
            self.problems.add("form", message)
        else:
            box.errors = [*(box.errors or ()), message]

    def field_problems(self) -> None:
        """Say atop the form what is wrong with the page's own boxes: an old token, a damaged number or version."""
        if "csrf_token" in self and self.csrf_token.errors:
            self.problems.add("form", _("This page was open too long: reload and try again."))
        for name in ("n", "version"):
            for message in self[name].errors:
                self.problems.add("form", message)
