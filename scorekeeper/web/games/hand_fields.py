"""The hand form's boxes, each declared once (``HAND_BOXES``): its field, when and how the page draws it, its step of
the reader, and how a hand already entered fills it.

Reading what they hold is ``hand_reader``'s (plain values in, the engine's hand out); ``HandForm`` joins both: what
the rest of the table took, who must have taken the high, the bids offered and the questions a hand needs are the
engine's (``scorekeeper.rules``), and its refusal comes back beside the box it names.
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
from scorekeeper.words.forms import page_too_old

Choices = Iterable[tuple[str, str]]
# Boxes the page does not show: a refusal about them is said atop the form.
HIDDEN_FIELDS = ("n", "version", "by", "csrf_token")
# The page's own boxes, checked before the hand is read.
PAGE_FIELDS = ("csrf_token", "n", "version")


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
    shown: Callable[[HandForm], bool] = lambda form: True
    read: Step | None = None
    fill: Callable[[HandForm, HandEntry], Any] | None = None
    choices: Callable[[HandForm], Choices] | None = None
    legend: Callable[[HandForm], str | None] = lambda form: None
    css: Callable[[HandForm], str] | str = ""
    term: Callable[[HandForm], str | None] = lambda form: None
    term_shown: str | None = None
    hint: str | None = None
    each: str = ""
    beside: str | None = None
    asks: Callable[[GameState, HandEntry], tuple[int, ...]] | None = None

    def classes(self, form: HandForm) -> str:
        return self.css if isinstance(self.css, str) else self.css(form)


class HandForm(FlaskForm):
    """One hand's boxes (``HAND_BOXES``, added below the class): who bid what, and what the bidding side (or each
    side) took. Choices depend on the game. The page's own boxes are checked by WTForms, the hand read by
    ``read_boxes``, and a refusal put beside its box; the first save of a hand that needs a question (off-suit set,
    tie-break) is refused with the question in place.

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
        # What ``validate`` read of the hand, and the refusal that stopped it.
        self.read: HandEntry | None = None
        self.refusal: HandError | None = None
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

    def entry(self) -> HandEntry:
        """Return the hand ``validate`` read; raise its refusal (HandError naming the field) when it refused it."""
        if self.refusal is not None:
            raise self.refusal
        if self.read is None:
            raise HandError(words.form_damaged(), "n")
        return self.read

    def validate(self, extra_validators: Any = None) -> bool:
        """Check the page's own boxes, then read the hand (``read_boxes``) and put its refusal beside its box.

        The hand is read only once the page's boxes are sound and hold what the page needs (``needs``).
        """
        self._errors, self.read, self.refusal = None, None, None
        if not all([self[name].validate(self) for name in PAGE_FIELDS if name in self]):
            return False
        if any(self[name].data is None for name in self.needs):
            return True
        reading = read_boxes(self.boxes(), self.state)
        self.ask(dict(reading.asked))
        self.read, self.refusal = reading.entry, reading.refusal
        if self.refusal is not None:
            self.refuse(self.refusal)
            return False
        return True

    # -- The engine's refusal, beside the box that carries its field ---------------------------

    def box(self, name: str | None) -> Any:
        """The box that carries the entry field *name* on this page, or None when the page shows none."""
        carriers = {
            # Two sides: one tap gives the bidding side's share (points sent side by side stay beside that row).
            "tricks": "took" if self.two_sides else "side_tricks",
            "points": "took_points" if self.quick and self["took_points"].data else "points",
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
            self.problems.add("form", page_too_old())
        for name in ("n", "version"):
            for message in self[name].errors:
                self.problems.add("form", message)

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


def _sides(form: HandForm, sides: Iterable[int] | None = None) -> Choices:
    return [(str(s), form.side_names[s]) for s in (range(len(form.side_names)) if sides is None else sides)]


def _bidders(form: HandForm) -> Iterable[int]:
    """In an overtime (tie_break: overtime) only the tied sides play on: the sheet offers only them."""
    return form.state.active_sides if form.state.overtime else range(len(form.side_names))


def _high_bonus(form: HandForm) -> str | None:
    return "high" if form.state.rules.high_bonus else None


def _points(form: HandForm) -> Choices:
    return [(str(p), str(p)) for p in point_choices(form.state.rules)]


def _bidders_tricks(form: HandForm, entry: HandEntry) -> int | None:
    return entry.tricks[entry.bidder or 0] if form.two_sides and entry.tricks else None


def _took(form: HandForm, entry: HandEntry) -> str | None:
    took = _bidders_tricks(form, entry)
    return None if took is None else f"{took}{HIGH_MARK if entry.high == (entry.bidder or 0) else ''}"


def _high_choices(form: HandForm) -> Choices:
    rules = form.state.rules
    yield NOT_NEEDED, _("Not answered") if rules.may_score_25 else _("Not needed: one side took every trick")
    yield from _sides(form)
    if rules.may_score_25:
        yield NOBODY, _("Nobody: the hand is worth 25")


def _high(form: HandForm, entry: HandEntry) -> str:
    if entry.points is not None or (entry.high is None and not form.state.rules.may_score_25):
        return NOT_NEEDED
    return NOBODY if entry.high is None else str(entry.high)


def _no_high(form: HandForm, entry: HandEntry) -> bool:
    if entry.points is not None:
        return form.may_have_no_high and took_no_high(entry.points)
    took = _bidders_tricks(form, entry)
    return took is not None and form.may_have_no_high and entry.high is None and took_some_tricks(took)


def _tie_question(form: HandForm) -> str:
    """The tie-break question in the table's words (``tie_break``: ``last-trick`` or ``first-out``)."""
    if form.state.rules.tie_break == "last-trick":
        return _("Tied for the win: who took the later trick?")
    return _("Tied for the win: who reached %(target)s first?", target=form.state.rules.target)


def _bidding(form: HandForm) -> bool:
    return form.bidding


def _by(way: str, *, two_sides: bool) -> Callable[[HandForm], bool]:
    return lambda form: form.entry_by == way and form.two_sides == two_sides


def _asked(name: str) -> Callable[[HandForm], bool]:
    return lambda form: bool(form.asked.get(name))


# The boxes, in the order the reader reads them and the page shows them (a question, asked by the engine once the
# rest of the hand is read, is shown atop the form).
HAND_BOXES: tuple[HandBox, ...] = (
    HandBox(
        "bagged", BooleanField(_l("Bagged: nobody bid, the dealer plays for the lowest bid")), "", _bidding,
        read.a_tick("bagged", lambda r: r.bidding),
    ),
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
        "hold", BooleanField(_l("The dealer held")), "check", lambda form: form.bidding and form.may_hold,
        read.a_tick("hold", lambda r: r.bidding and r.rules.dealer_may_hold),
        term=lambda form: "hold", term_shown=_l("What is holding?"),
    ),
    HandBox(
        "partner", SelectField(_l("Partner called"), choices=[], validate_choice=False), "select",
        lambda form: form.bidding and form.calls_partner,
        read.a_side(
            "partner", _l("That partner is not in this game."), lambda r: r.bidding and r.rules.call_for_partner
        ),
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
    setattr(HandForm, _box.name, _box.field)
