"""Forms of the score sheet: a new game, and one hand.

The forms read what was tapped and turn it into the engine's values
(``Rules``, ``Side``, ``HandEntry``); whether a game or a hand can stand is the
engine's question, and its answer comes back as an error beside the field.
Whole numbers are read by ``WholeNumberField`` or ``read_number`` (both
``scorekeeper.numbers.parse_int``); what the rest of the table took, who must
have taken the high, the bids offered and the questions a hand needs answered
(an off-suit set, a tie-break) are the engine's answers (``scorekeeper.rules``).
"""

from __future__ import annotations

import dataclasses

from flask_wtf import FlaskForm
from wtforms import BooleanField, FieldList, RadioField, SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import Length, Optional, ValidationError

from .numbers import NumberError, parse_int
from .rules import (
    DEFAULT_PRESET,
    MAX_PLAYERS,
    OPTION_INFO,
    PRESET_INFO,
    TRICKS_IN_HAND,
    GameState,
    HandEntry,
    HandError,
    Rules,
    RulesError,
    SetupError,
    Side,
    bid_label,
    complete_points,
    complete_tricks,
    infer_high,
    point_choices,
    seat_sides,
    trick_choices,
)
from .services import NAME_MAX_LENGTH

MAX_PARTNER_SIDES = 4
TRICK_PAIRS = [(str(t), str(t)) for t in range(TRICKS_IN_HAND + 1)]
# Options typed as numbers; elimination is typed as the points below zero, so nobody types a minus sign.
NUMBER_OPTIONS = ("target", "lock_at", "green_at", "elimination_at")
# Options whose blank engine value (None) is a choice of its own, written "any" in the form.
ANY_OPTIONS = {"hold_from": "Any bid", "others_draw_at_most": "As many as the table allows"}
NOT_NEEDED = ""
NOBODY = "none"
HIGH_MARK = "h"
ENTRY_WAYS = ("points", "tricks")
SCORE_LIMIT = 100_000


def options(pairs) -> list[SelectChoice]:
    """Turn (value, label) pairs into WTForms choices."""
    return [SelectChoice(value, label) for value, label in pairs]


def choice_label(value) -> str:
    """Write an option's value the way a player says it."""
    if value is True:
        return "Yes"
    if value is False:
        return "No"
    return str(value).replace("-", " ")


def read_number(raw, *, lo: int, hi: int, field: str, message: str) -> int | None:
    """Read a tapped whole number (blank is None); raise HandError naming *field* otherwise."""
    text = raw.strip() if isinstance(raw, str) else ""
    if not text:
        return None
    try:
        return parse_int(text, lo=lo, hi=hi)
    except NumberError:
        raise HandError(message, field) from None


class WholeNumberField(StringField):
    """A whole number, read with ``parse_int``; blank gives None, anything else is an error beside the field."""

    def __init__(self, label=None, validators=None, *, lo=None, hi=None, message="Write a whole number", **kwargs):
        super().__init__(label, validators, **kwargs)
        self.lo, self.hi, self.message = lo, hi, message
        self.raw = ""

    def process_formdata(self, valuelist):
        self.raw = valuelist[0] if valuelist else ""
        self.data = None
        text = self.raw.strip() if isinstance(self.raw, str) else ""
        if text:
            try:
                self.data = parse_int(text, lo=self.lo, hi=self.hi)
            except NumberError:
                raise ValueError(self.message) from None

    def _value(self):
        if self.raw:
            return self.raw
        return "" if self.data is None else str(self.data)


def one_line(form, field) -> None:
    """Refuse control characters (a NUL, a new line) in a name."""
    if any(ord(ch) < 32 or 127 <= ord(ch) < 160 for ch in field.data or ""):
        raise ValidationError("A name can only hold letters, digits, spaces and punctuation.")


class FormRefused(ValueError):
    """What was typed cannot make a game; the reasons are already beside the fields."""


class FormProblems:
    """Errors for groups of inputs that are not one WTForms field (players, side names, the form itself)."""

    def __init__(self):
        self._problems: dict[str, list[str]] = {}

    def add(self, key: str, message: str) -> None:
        self._problems.setdefault(key, []).append(message)

    def get(self, key: str) -> list[str]:
        return self._problems.get(key, [])

    def __bool__(self) -> bool:
        return bool(self._problems)


# -- A new game -------------------------------------------------------------------


class RulesForm(FlaskForm):
    """The rules a game is played by: a preset and the house rules that change it."""

    preset = RadioField(
        "Rules",
        choices=options((name, info.title) for name, info in PRESET_INFO.items()),
        default=DEFAULT_PRESET,
        validate_choice=False,
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.problems = FormProblems()

    # The house-rule fields (opt_<name>) are added below the class, one per option.

    def option_fields(self):
        """Yield (OptionInfo, field) for every house rule, in the rule book's order."""
        for name, info in OPTION_INFO.items():
            yield info, self[f"opt_{name}"]

    def fill_rules(self, rules: Rules) -> None:
        """Show *rules* as the preset they are closest to and the house rules that differ from it."""
        preset = rules.closest_preset()
        self.preset.data = preset
        changed = rules.differences(Rules.preset(preset))
        for info, field in self.option_fields():
            field.data = _option_raw(info, changed[info.name]) if info.name in changed else ""

    def build_rules(self) -> Rules:
        """Return the chosen preset with the house rules changed; raise FormRefused with the errors beside the fields."""
        preset = self.preset.data or DEFAULT_PRESET
        if preset not in PRESET_INFO:
            self.preset.errors = ["Choose one of the rule sets listed."]
            raise FormRefused(self.preset.name)
        changes = {}
        for info, field in self.option_fields():
            try:
                value = _read_option(info, field.data)
            except ValueError as err:
                field.errors = [str(err)]
                raise FormRefused(field.name) from None
            if value is not _AS_PRESET:
                changes[info.name] = value
        try:
            return Rules.from_dict({"preset": preset, **changes})
        except RulesError as err:
            target = f"opt_{err.field}" if err.field in OPTION_INFO else "preset"
            self[target].errors = [str(err)]
            raise FormRefused(target) from None


class NewGameForm(RulesForm):
    """Who plays, how they sit, and the rules."""

    players = FieldList(
        StringField("Player", validators=[Optional(), Length(max=NAME_MAX_LENGTH), one_line]),
        min_entries=MAX_PLAYERS,
        max_entries=MAX_PLAYERS,
    )
    mode = RadioField(
        "Partners or cut-throat",
        choices=options([("partners", "Partners"), ("cut-throat", "Cut-throat")]),
        default="partners",
        validate_choice=False,
    )
    side_count = RadioField(
        "Number of sides",
        choices=options((str(k), f"{k} sides") for k in range(2, MAX_PARTNER_SIDES + 1)),
        default="2",
    )
    side_names = FieldList(
        StringField("Side", validators=[Optional(), Length(max=NAME_MAX_LENGTH), one_line]),
        min_entries=MAX_PARTNER_SIDES,
        max_entries=MAX_PARTNER_SIDES,
    )
    first_dealer = WholeNumberField(
        "Who deals first", lo=0, hi=MAX_PLAYERS - 1, message="Choose the player who deals first.", default=0
    )
    start_scores = FieldList(
        WholeNumberField(
            "Starting score", lo=0, hi=SCORE_LIMIT, message="Write a starting score as a number, such as 45."
        ),
        min_entries=MAX_PLAYERS,
        max_entries=MAX_PLAYERS,
    )
    # One tick box per side (a list of check boxes would lose its order: unticked boxes are not sent).
    in_hole_0 = BooleanField("In the hole")
    in_hole_1 = BooleanField("In the hole")
    in_hole_2 = BooleanField("In the hole")
    in_hole_3 = BooleanField("In the hole")
    in_hole_4 = BooleanField("In the hole")
    in_hole_5 = BooleanField("In the hole")
    in_hole_6 = BooleanField("In the hole")
    in_hole_7 = BooleanField("In the hole")

    def fill_players(self, names: list[str]) -> None:
        """Offer the players of this phone's last game, in the seats they had."""
        for entry, name in zip(self.players, names[:MAX_PLAYERS]):
            entry.data = name

    def seat_names(self) -> list[str]:
        """The name in each seat as typed so far ("" for an empty seat)."""
        return [(entry.data or "").strip() for entry in self.players]

    def player_names(self) -> list[str]:
        """Return the names typed, in seat order, blanks left out."""
        return [name for name in self.seat_names() if name]

    def all_problems(self) -> list[tuple[str, str]]:
        """Every message on the form as (the id of what it is about, message), for the summary at the top."""
        found = []
        for field in self:
            if field.name == "csrf_token" or not field.errors:
                continue
            entries = getattr(field, "entries", None)
            for part in entries if entries is not None else [field]:
                for message in _flatten(part.errors):
                    found.append((part.id, message))
        for key in ("players", "side_names", "start_scores"):
            for message in self.problems.get(key):
                found.append((f"{key.replace('_', '-')}-group", message))
        return found

    def build_sides(self) -> tuple[list[Side], int, list[int] | None]:
        """Return (sides, first dealer seat, starting scores or None); raise FormRefused with the errors beside the fields."""
        names = self.player_names()
        if len(names) < 2:
            self.problems.add("players", "Write the names of at least two players, in the order they sit.")
            raise FormRefused("players")
        count = None if self.mode.data == "cut-throat" else int(self.side_count.data or 2)
        typed = [(entry.data or "").strip() for entry in self.side_names]
        try:
            sides = list(seat_sides(names, count, typed))
        except SetupError as err:
            self.problems.add("players", f"{err}. Add or remove a player, or choose cut-throat.")
            raise FormRefused("players") from None
        dealer = self.first_dealer.data or 0
        seated = [i for i, name in enumerate(self.seat_names()) if name]
        if dealer not in seated:
            self.first_dealer.errors = ["Choose one of the players to deal first."]
            raise FormRefused("players")
        scores = self._start_scores(len(sides))
        if self.problems.get("start_scores"):
            raise FormRefused("players")
        return sides, seated.index(dealer), scores

    def _start_scores(self, count: int) -> list[int] | None:
        given = [entry.data for entry in self.start_scores][:count]
        if all(value is None for value in given):
            return None
        scores = []
        for i, value in enumerate(given):
            value = value or 0
            scores.append(-value if self[f"in_hole_{i}"].data else value)
        return scores

    def setup_error(self, err: SetupError) -> None:
        """Put a refusal of the seating beside what it is about."""
        if err.field == "first_dealer":
            self.first_dealer.errors = [str(err)]
        elif err.field == "scores":
            self.problems.add("start_scores", str(err))
        elif err.field == "sides":
            self.problems.add("side_names", str(err))
        else:
            self.problems.add("players", str(err))


def _flatten(messages) -> list[str]:
    """Field errors of a FieldList come as a list of lists."""
    found = []
    for message in messages:
        if isinstance(message, (list, tuple)):
            found.extend(_flatten(message))
        elif message:
            found.append(str(message))
    return found


_AS_PRESET = object()


def _option_choices(info) -> list[tuple[str, str]]:
    choices = [("", "As the rules chosen above")]
    if info.name in ANY_OPTIONS:
        return choices + [("any", ANY_OPTIONS[info.name])] + [(str(v), str(v)) for v in info.choices if v is not None]
    if info.choices == (True, False):
        return choices + [("yes", "Yes"), ("no", "No")]
    return choices + [(str(v), choice_label(v)) for v in info.choices]


def _read_option(info, raw):
    """Turn what was chosen for one option into its value, or _AS_PRESET when left blank."""
    raw = (raw or "").strip() if isinstance(raw, str) else raw
    if raw in ("", None):
        return _AS_PRESET
    if info.name in NUMBER_OPTIONS:
        text = str(raw).lstrip("-−+").strip()
        try:
            value = parse_int(text, lo=0, hi=SCORE_LIMIT)
        except NumberError:
            raise ValueError(f"Write {info.label.lower()} as a whole number of points, such as 100.") from None
        return -value if info.name == "elimination_at" else value
    if info.name in ANY_OPTIONS:
        if raw == "any":
            return None
        try:
            return parse_int(raw, lo=0, hi=SCORE_LIMIT)
        except NumberError:
            return raw
    if info.choices == (True, False):
        if raw not in ("yes", "no"):
            raise ValueError("Choose yes or no.")
        return raw == "yes"
    return raw


def _option_raw(info, value) -> str:
    """What the form shows for an option's value: the inverse of _read_option."""
    if info.name in NUMBER_OPTIONS:
        if value is None:
            return ""
        return str(-value) if info.name == "elimination_at" else str(value)
    if info.name in ANY_OPTIONS:
        return "any" if value is None else str(value)
    if info.choices == (True, False):
        return "yes" if value else "no"
    return str(value)


def _option_field(info):
    if info.name in NUMBER_OPTIONS:
        label = info.label + (" (points below zero)" if info.name == "elimination_at" else "")
        return StringField(label, description=info.help, render_kw={"inputmode": "numeric", "autocomplete": "off"})
    return SelectField(info.label, choices=options(_option_choices(info)), description=info.help, validate_choice=False)


# The house rules are as many as the engine has options: one field each, named opt_<option>.
for _name, _info in OPTION_INFO.items():
    setattr(RulesForm, f"opt_{_name}", _option_field(_info))


# -- One hand ---------------------------------------------------------------------


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
    """

    n = WholeNumberField(
        "Hand number", lo=1, hi=100_000, message="The hand number of this form is damaged: reload the sheet."
    )
    version = WholeNumberField("Sheet version", lo=0, message="This form is damaged: reload the sheet.")
    by = StringField("Enter", default="points")
    bagged = BooleanField("Bagged: nobody bid, the dealer plays for the lowest bid")
    bidder = RadioField("Who won the bid?", choices=[], validate_choice=False)
    bid = RadioField("Bid", choices=[], validate_choice=False)
    hold = BooleanField("The dealer held")
    partner = SelectField("Partner called", choices=[], validate_choice=False)
    took_points = RadioField("Points the bidding side took", choices=[], validate_choice=False)
    took = RadioField("Tricks the bidding side took", choices=[], validate_choice=False)
    tricks = RadioField("Tricks the bidding side took", choices=options(TRICK_PAIRS), validate_choice=False)
    side_tricks = FieldList(RadioField("Tricks", choices=options(TRICK_PAIRS), validate_choice=False))
    high = RadioField("Who took the high?", choices=[], validate_choice=False)
    no_high = BooleanField("Nobody took the high: the hand is worth 25")
    points = FieldList(RadioField("Points", choices=[], validate_choice=False))
    offsuit_set = RadioField("Set with off-suit cards only?", choices=[], validate_choice=False)
    tie_break_side = RadioField("Who won the tie?", choices=[], validate_choice=False)

    def __init__(self, state: GameState, *args, entry_by: str | None = None, **kwargs):
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
        self.bid.choices = options((str(b), bid_label(b)) for b in state.bid_choices())
        point_pairs = [(str(p), str(p)) for p in point_choices(rules)]
        self.took_points.choices = options(point_pairs)
        self.partner.choices = options(
            [("", "Nobody: the bidder plays alone")] + [(str(i), name) for i, name in enumerate(names)]
        )
        self.took.choices = options(
            (f"{t}{HIGH_MARK if high else ''}", f"{t} + high" if high else str(t)) for t, high in trick_choices(rules)
        )
        high = [(NOT_NEEDED, "Not answered" if rules.may_score_25 else "Not needed: one side took every trick")]
        high += [(str(i), name) for i, name in enumerate(names)]
        if rules.may_score_25:
            high.append((NOBODY, "Nobody: the hand is worth 25"))
        self.high.choices = options(high)
        if not self.bidding:
            self.took.label.text = self.tricks.label.text = f"Tricks {names[0]} took"
            self.took_points.label.text = f"Points {names[0]} took"
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
            return "Tied for the win: who took the later trick?"
        return f"Tied for the win: who reached {self.state.rules.target} first?"

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
            self.no_high.data = self.may_have_no_high and sum(entry.points) < 30
            self.high.data = NOT_NEEDED
            return
        self.by.data = "tricks"
        tricks = entry.tricks or ()
        for i, value in enumerate(tricks):
            self.side_tricks[i].data = str(value)
        if self.two_sides and tricks:
            self.tricks.data = str(tricks[side])
            self.took.data = f"{tricks[side]}{HIGH_MARK if entry.high == side else ''}"
            self.no_high.data = self.may_have_no_high and entry.high is None and 0 < tricks[side] < 5
        if entry.high is not None:
            self.high.data = str(entry.high)
        elif self.state.rules.may_score_25:
            self.high.data = NOBODY
        else:
            self.high.data = NOT_NEEDED

    def entry(self) -> HandEntry:
        """Return the hand as entered; raise HandError naming the field when something is missing."""
        if self.by.data not in ENTRY_WAYS:
            raise HandError("This form is damaged: reload the sheet and try again.", "by")
        state = self.state
        count = len(self.side_names)
        bagged = bool(self.bagged.data) and self.bidding
        hold = bool(self.hold.data) and self.bidding and self.may_hold
        bidder = bid = partner = None
        if self.bidding:
            bidder = self._side(self.bidder.data, "bidder", "That bidder is not a side in this game.")
            if bidder is None:
                if not bagged:
                    raise HandError("Tap the side that won the bid.", "bidder")
                bidder = state.dealer_side
            raw_bid = (self.bid.data or "").strip()
            offered = {str(b): b for b in state.bid_choices()}
            if not raw_bid:
                if not bagged:
                    raise HandError("Tap the bid.", "bid")
                bid = state.allowed_bids(bidder, bagged=True)[0]
            elif raw_bid in offered:
                bid = offered[raw_bid]
            else:
                raise HandError("Tap one of the bids shown.", "bid")
            if self.calls_partner:
                partner = self._side(self.partner.data, "partner", "That partner is not in this game.")
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
            self._offer(self.offsuit_set, self.offsuit_sides, (NOBODY, "No: trumps helped set it"))
            raw = (self.offsuit_set.data or "").strip()
            if not raw:
                who = names[entry.bidder] if entry.bidder is not None else "The bidder"
                raise HandError(
                    f"{who} was set. Did a side set it with off-suit cards only, no trumps? "
                    "That side scores 30: tap it, or No.",
                    "offsuit_set",
                )
            offsuit = None if raw == NOBODY else self._side(raw, "offsuit_set", "That side is not in this game.")
            entry = dataclasses.replace(entry, offsuit_set=offsuit)
        self.tie_sides = state.tie_break_sides(entry)
        if self.tie_sides:
            self._offer(self.tie_break_side, self.tie_sides)
            raw = (self.tie_break_side.data or "").strip()
            side = self._side(raw, "tie_break_side", "Tap one of the tied sides.") if raw else None
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
            self._offer(self.offsuit_set, self.offsuit_sides, (NOBODY, "No: trumps helped set it"))
            self.offsuit_set.data = NOBODY if entry.offsuit_set is None else str(entry.offsuit_set)
        if self.tie_sides:
            self._offer(self.tie_break_side, self.tie_sides)
            self.tie_break_side.data = None if entry.tie_break_side is None else str(entry.tie_break_side)

    def _side(self, raw, field: str, message: str) -> int | None:
        return read_number(raw, lo=0, hi=len(self.side_names) - 1, field=field, message=message)

    def _points(self, side: int, count: int) -> tuple[int, ...]:
        message = "Points come in fives: 0, 5, 10, 15, 20, 25 or 30."
        took = read_number(self.took_points.data, lo=0, hi=30, field="took_points", message=message)
        no_high = bool(self.no_high.data)
        rules = self.state.rules
        if self.two_sides and took is not None:
            return complete_points([took if s == side else None for s in range(count)], rules, no_high=no_high)
        values = [read_number(f.data, lo=0, hi=30, field="points", message=message) for f in self.points]
        if all(v is None for v in values):
            field = "took_points" if self.quick else "points"
            raise HandError(
                "Tap the points the bidding side took." if self.quick else "Tap the points each side took.", field
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
                message="Each side takes from 0 to 5 tricks.",
            )
            tricks = complete_tricks([took or 0 if s == side else None for s in range(count)])
            return tricks, self._high_of(side, tricks, took_high)
        if self.two_sides:
            took = read_number(
                self.tricks.data, lo=0, hi=TRICKS_IN_HAND, field="tricks", message="Each side takes from 0 to 5 tricks."
            )
            if took is None:
                who = "the bidding side" if self.bidding else self.side_names[0]
                raise HandError(f"Tap how many tricks {who} took.", "took")
            tricks = complete_tricks([took if s == side else None for s in range(count)])
        else:
            values = [
                read_number(
                    f.data, lo=0, hi=TRICKS_IN_HAND, field="tricks", message="Each side takes from 0 to 5 tricks."
                )
                for f in self.side_tricks
            ]
            if values.count(None) > 1:
                raise HandError("Tap the tricks of each side (the last side's are worked out).", "tricks")
            tricks = complete_tricks(values)
        return tricks, self._high(tricks)

    def _high_of(self, side: int, tricks: tuple[int, ...], took_high: bool) -> int | None:
        """Two sides, one tap: *side* took the high, or nobody did (the box), or the engine says who must have."""
        if self.no_high.data:
            if took_high:
                raise HandError("Either a side took the high, or nobody did.", "no_high")
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
                    raise HandError("Say which side took the high, or nobody if no trump was played.", "high")
                raise HandError("Both sides took tricks: say which side took the high.", "high")
            return None
        return self._side(raw, "high", "That side is not in this game.")

    def refuse(self, err: ValueError) -> None:
        """Put the engine's refusal beside the field it is about."""
        field = getattr(err, "field", None)
        message = str(err)
        if field == "tricks" and not self.two_sides:
            self.problems.add("side_tricks", message)
        elif field == "tricks" and self.two_sides:
            self.took.errors = list(self.took.errors or []) + [message]
        elif field == "points" and self.quick and self.took_points.data:
            self.took_points.errors = list(self.took_points.errors or []) + [message]
        elif field == "points":
            self.problems.add("points", message)
        elif field in (
            "bidder",
            "bid",
            "bagged",
            "hold",
            "tricks",
            "took",
            "took_points",
            "high",
            "no_high",
            "partner",
            "offsuit_set",
            "tie_break_side",
        ):
            self[field].errors = list(self[field].errors or []) + [message]
        else:
            self.problems.add("form", message)

    def field_problems(self) -> None:
        """Move the errors of fields the page does not show (hand number, version) to the form's message."""
        for name in ("n", "version"):
            for message in self[name].errors:
                self.problems.add("form", message)


class ConfirmForm(FlaskForm):
    """A button that changes a game, with the CSRF token; delete also asks for a tick."""

    n = WholeNumberField("Hand number", lo=1, hi=100_000, message="This form is damaged: reload the sheet.")
    confirm = BooleanField("Yes, delete this game and all its hands")
