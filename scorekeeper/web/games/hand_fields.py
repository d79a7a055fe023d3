"""The hand form's boxes, each declared once (``HAND_BOXES``): its field, when and how the page draws it, its step of
the reader, and how a hand already entered fills it.

Reading what they hold is ``hand_reader``'s (plain values in, the engine's hand out); ``hand.HandForm`` joins both.
A new hand field is one ``HandBox`` here (with its step, in ``hand_reader`` or beside it): the form, the reader and
the page (``templates/games/_hand_form.html`` draws each box by its ``kind``) all take it from the list.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from flask_wtf import FlaskForm
from wtforms import BooleanField, Field, FieldList, RadioField, SelectField, StringField

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
from scorekeeper.web.games import hand_reader as read
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
from scorekeeper.web.games.hand_reader import Boxes, Reading, Step, read_hand, text

Choices = Iterable[tuple[str, str]]


def _radio(label: str, choices: Choices = ()) -> Any:
    return RadioField(label, choices=options(choices), validate_choice=False)


@dataclass(frozen=True, slots=True)
class HandBox:
    """One hand field on the sheet, declared once: the page, the reader and the form all take it from here.

    *kind* is the macro of ``games/_hand_form.html`` that draws it ("" when another box's draws it, or none: it is
    only read); *shown* says whether this page shows it; *read* is its step of the reader (in the declared order);
    *fill* gives its value from a hand already entered (by default the engine's field of the same name). *choices* are the buttons offered,
    *legend* (when not the label), *css*, *term* (a word of the rule book explained beside it, its shown text
    *term_shown*), *hint* and *each* (a box per side: each side's row's class) are how it is drawn; *beside* names a box whose refusal this one says (the bid says the
    bagged box's); *asks* gives the sides a question offers for a hand already entered (the engine's question).
    """

    name: str
    field: Any
    kind: str
    shown: Callable[[HandFields], bool] = lambda form: True
    read: Step | None = None
    fill: Callable[[HandFields, HandEntry], Any] | None = None
    choices: Callable[[HandFields], Choices] | None = None
    legend: Callable[[HandFields], str | None] = lambda form: None
    css: Callable[[HandFields], str] | str = ""
    term: Callable[[HandFields], str | None] = lambda form: None
    term_shown: str | None = None
    hint: str | None = None
    each: str = ""
    beside: str | None = None
    asks: Callable[[GameState, HandEntry], tuple[int, ...]] | None = None

    def classes(self, form: HandFields) -> str:
        return self.css if isinstance(self.css, str) else self.css(form)


class HandFields(FlaskForm):
    """One hand's boxes (``HAND_BOXES``, added below the class): who bid what, and what the bidding side (or each
    side) took. Choices depend on the game.

    Two ways to enter what was taken, chosen once per game (``by``): the paper way, the bidding
    side's points (``took_points``; the rest is worked out), or its tricks with the high in the same
    tap (``took``, such as ``3h``). Three sides and more tap each side's points or tricks; the last
    side's are worked out when they can be. ``tricks``/``high``/``points-N`` are read too, as the
    edit page and older pages send them.

    Two questions are shown only when the engine says a hand needs them (``asked``): which defending side set the
    bidder with off-suit cards only, and which tied side won the tie-break.
    """

    n = WholeNumberField(
        _l("Hand number"), lo=1, hi=100_000, message=_l("The hand number of this form is damaged: reload the sheet.")
    )
    version = WholeNumberField(_l("Sheet version"), lo=0, message=words.FORM_DAMAGED)
    by = StringField(_l("Enter"), default="points")

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
        if entry_by in ENTRY_WAYS and not self.by.raw_data:
            self.by.data = entry_by
        # The questions of this hand, when the engine says it needs them: the sides each offers.
        self.asked: dict[str, tuple[int, ...]] = {}
        self.reentered: int | None = None  # the hand this phone saved while offline, shown again to enter once more
        self._fit(HAND_BOXES)
        if self.n.data is None and not self.n.raw_data:
            self.n.data = state.next_n
        if self["high"].data is None:
            self["high"].data = NOT_NEEDED

    @property
    def entry_by(self) -> str:
        return self.by.data if self.by.data in ENTRY_WAYS else "points"

    @property
    def high_asked(self) -> bool:
        """Whether "who took the high?" is a question of its own (trick entry, unless one tap says it)."""
        return self.entry_by == "tricks" and not self.two_sides

    @property
    def bid_sides(self) -> dict[str, str]:
        """Each bid offered, with the sides the engine lets make it at their score: ``for-N``, and ``hold-N`` when
        side N's dealer holds. With a bidder tapped, the page shows only that side's bids (games.css)."""
        state = self.state
        marks: dict[str, list[str]] = {str(b): [] for b in state.bid_choices()}
        for side in _bidders(self):
            for bid in state.allowed_bids(side):
                marks[str(bid)].append(f"for-{side}")
            if self.may_hold:
                for bid in state.allowed_bids(side, hold=True):
                    marks[str(bid)].append(f"hold-{side}")
        return {bid: " ".join(sides) for bid, sides in marks.items()}

    def shown(self) -> list[tuple[HandBox, Field]]:
        """The boxes this page draws, in the page's order, each with its field."""
        return [(box, self[box.name]) for box in HAND_BOXES if box.kind and box.shown(self)]

    def said_elsewhere(self) -> list[Field]:
        """Boxes this page does not draw whose refusal came back all the same: said at the foot of the hand."""
        beside = {box.beside for box, _field in self.shown()}
        return [
            self[box.name]
            for box in HAND_BOXES
            if self[box.name].errors and box.name not in beside and not (box.kind and box.shown(self))
        ]

    def boxes(self) -> Boxes:
        """What the boxes hold, as the reader takes it."""
        held = Boxes(by=self.by.data if isinstance(self.by.data, str) else "")
        for box in HAND_BOXES:
            field = self[box.name]
            if isinstance(field, FieldList):
                held[box.name] = tuple(text(entry.data) for entry in field)
            else:
                held[box.name] = bool(field.data) if isinstance(field, BooleanField) else text(field.data)
        return held

    def ask(self, asked: dict[str, tuple[int, ...]]) -> None:
        """Show the questions this hand needs: the sides each one chooses between."""
        self.asked = {name: sides for name, sides in asked.items() if sides}
        self._fit([box for box in HAND_BOXES if box.name in self.asked])

    def fill(self, entry: HandEntry) -> None:
        """Prefill the form with a hand already entered (to edit or re-enter it), its questions' answers too."""
        try:
            self.ask({box.name: box.asks(self.state, entry) for box in HAND_BOXES if box.asks is not None})
        except HandError:
            self.ask({})
        self.by.data = "points" if entry.points is not None else "tricks"
        for box in HAND_BOXES:
            if box.kind == "question" and box.name not in self.asked:
                continue
            field = self[box.name]
            if box.fill is not None:
                value = box.fill(self, entry)
            else:  # the engine's field of the same name, as the box shows it
                value = getattr(entry, box.name, None)
                value = bool(value) if isinstance(field, BooleanField) else _number(value)
            if isinstance(field, FieldList):
                for i, one in enumerate(value or ()):
                    field[i].data = one
            else:
                field.data = value

    def _fit(self, boxes: Iterable[HandBox]) -> None:
        """Offer each box the choices of the game as it stands before this hand, a box per side named by its side."""
        for box in boxes:
            field: Any = self[box.name]
            if isinstance(field, FieldList):
                while len(field) < len(self.side_names):
                    field.append_entry()
                for i, name in enumerate(self.side_names):
                    field[i].label.text = name
                    if box.choices is not None:
                        field[i].choices = options(box.choices(self))
            elif box.choices is not None:
                field.choices = options(box.choices(self))


# -- Each box: what it offers, when it is shown, how a hand fills it -----------------------


def _number(value: object) -> str:
    return "" if value is None else str(value)


def _sides(form: HandFields, sides: Iterable[int] | None = None) -> Choices:
    return [(str(s), form.side_names[s]) for s in (range(len(form.side_names)) if sides is None else sides)]


def _bidders(form: HandFields) -> Iterable[int]:
    """In an overtime (tie_break: overtime) only the tied sides play on: the sheet offers only them."""
    return form.state.active_sides if form.state.overtime else range(len(form.side_names))


def _high_bonus(form: HandFields) -> str | None:
    return "high" if form.state.rules.high_bonus else None


def _points(form: HandFields) -> Choices:
    return [(str(p), str(p)) for p in point_choices(form.state.rules)]


def _bidders_tricks(form: HandFields, entry: HandEntry) -> int | None:
    return entry.tricks[entry.bidder or 0] if form.two_sides and entry.tricks else None


def _took(form: HandFields, entry: HandEntry) -> str | None:
    took = _bidders_tricks(form, entry)
    return None if took is None else f"{took}{HIGH_MARK if entry.high == (entry.bidder or 0) else ''}"


def _high_choices(form: HandFields) -> Choices:
    rules = form.state.rules
    yield NOT_NEEDED, _("Not answered") if rules.may_score_25 else _("Not needed: one side took every trick")
    yield from _sides(form)
    if rules.may_score_25:
        yield NOBODY, _("Nobody: the hand is worth 25")


def _high(form: HandFields, entry: HandEntry) -> str:
    if entry.points is not None or (entry.high is None and not form.state.rules.may_score_25):
        return NOT_NEEDED
    return NOBODY if entry.high is None else str(entry.high)


def _no_high(form: HandFields, entry: HandEntry) -> bool:
    if entry.points is not None:
        return form.may_have_no_high and took_no_high(entry.points)
    took = _bidders_tricks(form, entry)
    return took is not None and form.may_have_no_high and entry.high is None and took_some_tricks(took)


def _tie_question(form: HandFields) -> str:
    """The tie-break question in the table's words (``tie_break``: ``last-trick`` or ``first-out``)."""
    if form.state.rules.tie_break == "last-trick":
        return _("Tied for the win: who took the later trick?")
    return _("Tied for the win: who reached %(target)s first?", target=form.state.rules.target)


def _bidding(form: HandFields) -> bool:
    return form.bidding


def _by(way: str, *, two_sides: bool) -> Callable[[HandFields], bool]:
    return lambda form: form.entry_by == way and form.two_sides == two_sides


def _asked(name: str) -> Callable[[HandFields], bool]:
    return lambda form: bool(form.asked.get(name))


# The boxes, in the order the reader reads them and the page shows them (a question, asked by the engine once the
# rest of the hand is read, is shown atop the form).
HAND_BOXES: tuple[HandBox, ...] = (
    HandBox("bagged", BooleanField(_l("Bagged: nobody bid, the dealer plays for the lowest bid")), "", _bidding, read.bagged),
    HandBox(
        "bidder", _radio(_l("Who won the bid?")), "choices", _bidding, read.bidder,
        choices=lambda form: _sides(form, _bidders(form)),
        legend=lambda form: _("Hand %(n)s: who won the bid?", n=form.n._value()),
        css=lambda form: f"sides-buttons sides-{len(form.side_names)}",
    ),
    HandBox(
        "bid", _radio(_l("Bid")), "bid", _bidding, read.bid, beside="bagged",
        choices=lambda form: [(str(b), words.bid(b)) for b in form.state.bid_choices()],
    ),
    HandBox(
        "hold", BooleanField(_l("The dealer held")), "check", lambda form: form.bidding and form.may_hold, read.hold,
        term=lambda form: "hold", term_shown=_l("What is holding?"),
    ),
    HandBox(
        "partner", SelectField(_l("Partner called"), choices=[], validate_choice=False), "select",
        lambda form: form.bidding and form.calls_partner, read.partner,
        choices=lambda form: [("", _("Nobody: the bidder plays alone")), *_sides(form)],
    ),
    HandBox(
        "took_points", _radio(_l("Points the bidding side took")), "took_points", _by("points", two_sides=True),
        read.took_points, lambda form, entry: None if entry.points is None else str(entry.points[entry.bidder or 0]),
        choices=_points, css="point-buttons", beside="points",
        legend=lambda form: None if form.bidding else _("Points %(side)s took", side=form.side_names[0]),
    ),
    HandBox(
        "points", FieldList(_radio(_l("Points"))), "each_side", _by("points", two_sides=False), read.points,
        lambda form, entry: None if entry.points is None else [str(p) for p in entry.points],
        choices=_points, legend=lambda form: _("Points each side took"), css="side-points", each="point-buttons",
        term=_high_bonus,
    ),
    HandBox(
        "took", _radio(_l("Tricks the bidding side took")), "choices", _by("tricks", two_sides=True), read.took, _took,
        choices=lambda form: [
            (f"{t}{HIGH_MARK if high else ''}", _("%(tricks)s + high", tricks=t) if high else str(t))
            for t, high in trick_choices(form.state.rules)
        ],
        legend=lambda form: None if form.bidding else _("Tricks %(side)s took", side=form.side_names[0]),
        css="took-buttons", term=_high_bonus,
    ),
    # Read by ``took`` when sent (as the edit page and older pages send it); never shown.
    HandBox(
        "tricks", _radio(_l("Tricks the bidding side took"), TRICK_PAIRS), "", lambda form: False,
        fill=lambda form, entry: _number(_bidders_tricks(form, entry)),
    ),
    HandBox(
        "side_tricks", FieldList(_radio(_l("Tricks"), TRICK_PAIRS)), "each_side", _by("tricks", two_sides=False),
        read.side_tricks, lambda form, entry: None if entry.tricks is None else [str(t) for t in entry.tricks],
        legend=lambda form: _("Tricks each side took"), css="side-tricks", each="trick-buttons",
        hint=_l("Leave the last side blank: its tricks are worked out."),
    ),
    HandBox(
        "high", _radio(_l("Who took the high?")), "choices", lambda form: form.high_asked, read.high, _high,
        choices=_high_choices, css="high-buttons", term=lambda form: "high",
    ),
    HandBox(
        "no_high", BooleanField(_l("Nobody took the high: the hand is worth 25")), "check",
        lambda form: form.may_have_no_high and not form.high_asked, fill=_no_high, css="choice-wide",
    ),
    HandBox(
        "offsuit_set", _radio(_l("Set with off-suit cards only, no trumps?")), "question", _asked("offsuit_set"),
        read.offsuit_set, lambda form, entry: NOBODY if entry.offsuit_set is None else str(entry.offsuit_set),
        choices=lambda form: [*_sides(form, form.asked.get("offsuit_set", ())), (NOBODY, _("No: trumps helped set it"))],
        css="question-offsuit", asks=GameState.offsuit_set_sides,
    ),
    HandBox(
        "tie_break_side", _radio(_l("Who won the tie?")), "question", _asked("tie_break_side"), read.tie_break_side,
        choices=lambda form: _sides(form, form.asked.get("tie_break_side", ())),
        legend=_tie_question, css="question-tie", asks=GameState.tie_break_sides,
    ),
)  # fmt: skip


def read_boxes(boxes: Boxes, state: GameState) -> Reading:
    """Read the hand the boxes say, each box's step in the declared order (``read_hand``)."""
    return read_hand(boxes, state, [box.read for box in HAND_BOXES if box.read is not None])


for _box in HAND_BOXES:
    setattr(HandFields, _box.name, _box.field)
