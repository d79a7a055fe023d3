"""Forms of the score sheet: a new game, and one hand.

The forms read what was tapped and turn it into the engine's values
(``Rules``, ``Side``, ``HandEntry``); whether a game or a hand can stand is the
engine's question, and its answer comes back as an error beside the field.
"""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import BooleanField, FieldList, RadioField, SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import Length, Optional

from .rules import (
    BIDS,
    DEFAULT_PRESET,
    MAX_PLAYERS,
    NAME_MAX,
    OPTION_INFO,
    PRESET_INFO,
    GameState,
    HandEntry,
    HandError,
    Rules,
    RulesError,
    SetupError,
    Side,
    bid_label,
)

MAX_PARTNER_SIDES = 4
TRICK_PAIRS = [(str(t), str(t)) for t in range(6)]
POINT_PAIRS = [("", "–")] + [(str(p), str(p)) for p in range(0, 35, 5)]
# Options typed as numbers; elimination is typed as the points below zero, so nobody types a minus sign.
NUMBER_OPTIONS = ("target", "lock_at", "green_at", "elimination_at")
NOT_NEEDED = ""
NOBODY = "none"


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

    def build_rules(self) -> Rules | None:
        """Return the chosen preset with the house rules changed; record errors and return None if refused."""
        preset = self.preset.data or DEFAULT_PRESET
        if preset not in PRESET_INFO:
            self.preset.errors = ["Choose one of the rule sets listed."]
            return None
        changes = {}
        for info, field in self.option_fields():
            try:
                value = _read_option(info, field.data)
            except ValueError as err:
                field.errors = [str(err)]
                return None
            if value is not _AS_PRESET:
                changes[info.name] = value
        try:
            return Rules.from_dict({"preset": preset, **changes})
        except RulesError as err:
            target = f"opt_{err.field}" if err.field in OPTION_INFO else "preset"
            self[target].errors = [str(err)]
            return None


class NewGameForm(RulesForm):
    """Who plays, how they sit, and the rules."""

    players = FieldList(
        StringField("Player", validators=[Optional(), Length(max=NAME_MAX)]),
        min_entries=MAX_PLAYERS,
        max_entries=MAX_PLAYERS,
    )
    mode = RadioField(
        "Partners or cut-throat",
        choices=options([("partners", "Partners"), ("cut-throat", "Each for themselves (cut-throat)")]),
        default="partners",
        validate_choice=False,
    )
    side_count = SelectField(
        "Number of sides",
        choices=options((str(k), f"{k} sides") for k in range(2, MAX_PARTNER_SIDES + 1)),
        default="2",
        validate_choice=False,
    )
    side_names = FieldList(
        StringField("Side", validators=[Optional(), Length(max=NAME_MAX)]),
        min_entries=MAX_PARTNER_SIDES,
        max_entries=MAX_PARTNER_SIDES,
    )
    first_dealer = SelectField(
        "Who deals first",
        choices=options((str(i), f"Seat {i + 1}") for i in range(MAX_PLAYERS)),
        default="0",
        validate_choice=False,
    )
    start_scores = FieldList(StringField("Starting score"), min_entries=MAX_PLAYERS, max_entries=MAX_PLAYERS)

    def player_names(self) -> list[str]:
        """Return the names typed, in seat order, blanks left out."""
        return [(entry.data or "").strip() for entry in self.players if (entry.data or "").strip()]

    def seat_label(self, i: int) -> str:
        names = [(entry.data or "").strip() for entry in self.players]
        return f"Seat {i + 1}" + (f" ({names[i]})" if i < len(names) and names[i] else "")

    def build_sides(self, rules: Rules) -> tuple[list[Side], int, list[int] | None] | None:
        """Return (sides, first dealer seat, starting scores or None); record errors and return None if refused."""
        names = self.player_names()
        if len(names) < 2:
            self.problems.add("players", "Write the names of at least two players, in the order they sit.")
            return None
        if self.mode.data == "cut-throat":
            sides = [Side(name, (name,)) for name in names]
        else:
            try:
                count = int(self.side_count.data or 2)
            except ValueError:
                count = 2
            count = max(2, min(MAX_PARTNER_SIDES, count))
            if len(names) % count or len(names) == count:
                self.problems.add(
                    "players",
                    f"{len(names)} players cannot make {count} sides of partners: "
                    f"each side needs the same number of players, two or more. "
                    f"Add or remove a player, or choose cut-throat.",
                )
                return None
            typed = [(entry.data or "").strip() for entry in self.side_names][:count]
            defaults = ["Us", "Them"] if count == 2 else None
            sides = []
            for i in range(count):
                players = tuple(names[j] for j in range(len(names)) if j % count == i)
                name = typed[i] or (defaults[i] if defaults else " & ".join(players))
                sides.append(Side(name, players))
        try:
            dealer = int(self.first_dealer.data or 0)
        except ValueError:
            dealer = -1
        if not 0 <= dealer < len(names):
            self.first_dealer.errors = [f"Choose one of the {len(names)} seats with a player."]
            return None
        scores = self._start_scores(len(sides))
        if scores is False:
            return None
        return sides, dealer, scores

    def _start_scores(self, count: int):
        raw = [(entry.data or "").strip() for entry in self.start_scores][:count]
        if not any(raw):
            return None
        scores = []
        for i, text in enumerate(raw):
            text = text.lstrip("+")
            if text in ("", "0"):
                scores.append(0)
                continue
            negative = text.startswith(("-", "−"))
            text = text.lstrip("-−").strip()
            if not text.isdigit():
                self.problems.add("start_scores", f"Write the starting score of side {i + 1} as a number, such as 45.")
                return False
            value = int(text)
            if negative or self[f"in_hole_{i}"].data:
                value = -value
            scores.append(value)
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


_AS_PRESET = object()


def _option_choices(info) -> list[tuple[str, str]]:
    choices = [("", "As the rules chosen above")]
    if info.name == "hold_from":
        return choices + [("any", "Any bid")] + [(str(v), str(v)) for v in info.choices if v is not None]
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
        if not text.isdigit():
            raise ValueError(f"Write {info.label.lower()} as a whole number of points, such as 100.")
        value = int(text)
        return -value if info.name == "elimination_at" else value
    if info.name == "hold_from":
        return None if raw == "any" else int(raw) if raw.isdigit() else raw
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
    if info.name == "hold_from":
        return "any" if value is None else str(value)
    if info.choices == (True, False):
        return "yes" if value else "no"
    return str(value)


def _option_field(info):
    if info.name in NUMBER_OPTIONS:
        label = info.label + (" (points below zero)" if info.name == "elimination_at" else "")
        return StringField(label, description=info.help, render_kw={"inputmode": "numeric", "autocomplete": "off"})
    return SelectField(info.label, choices=options(_option_choices(info)), description=info.help, validate_choice=False)


for _name, _info in OPTION_INFO.items():
    setattr(RulesForm, f"opt_{_name}", _option_field(_info))
# One tick box per side (a list of check boxes would lose its order: unticked boxes are not sent).
for _i in range(MAX_PLAYERS):
    setattr(NewGameForm, f"in_hole_{_i}", BooleanField("In the hole"))


# -- One hand ---------------------------------------------------------------------


class HandForm(FlaskForm):
    """One hand: who bid what, and what each side took. Choices depend on the game."""

    n = StringField("Hand number")
    version = StringField("Sheet version")
    bagged = BooleanField("Bagged: nobody bid, the dealer plays for the lowest bid")
    bidder = RadioField("Who won the bid?", choices=[], validate_choice=False)
    bid = RadioField("Bid", choices=[], validate_choice=False)
    hold = BooleanField("The dealer held")
    partner = SelectField("Partner called", choices=[], validate_choice=False)
    by = RadioField(
        "Enter", choices=options([("tricks", "Tricks"), ("points", "Points")]), default="tricks", validate_choice=False
    )
    tricks = RadioField("Tricks the bidding side took", choices=options(TRICK_PAIRS), validate_choice=False)
    side_tricks = FieldList(
        SelectField("Tricks", choices=options([("", "–")] + TRICK_PAIRS), validate_choice=False), min_entries=0
    )
    high = RadioField("Who took the high?", choices=[], validate_choice=False)
    points = FieldList(SelectField("Points", choices=options(POINT_PAIRS), validate_choice=False), min_entries=0)

    def __init__(self, state: GameState, *args, **kwargs):
        """Fit the choices to the game as it stands before this hand."""
        super().__init__(*args, **kwargs)
        self.state = state
        self.problems = FormProblems()
        setup, rules = state.setup, state.rules
        names = list(setup.names)
        self.side_names = names
        self.two_sides = len(names) == 2
        self.bidding = rules.bidding
        self.bidder.choices = options((str(i), name) for i, name in enumerate(names))
        bids: list = list(BIDS)
        if rules.thirty_for_sixty != "off":
            bids.append("30-for-60")
        if rules.slam:
            bids.append("slam")
        self.bid.choices = options((str(b), bid_label(b)) for b in bids)
        self.partner.choices = options(
            [("", "Nobody: the bidder plays alone")] + [(str(i), name) for i, name in enumerate(names)]
        )
        high = (
            [(NOT_NEEDED, "Not needed: one side took every trick")]
            if not rules.may_score_25
            else [(NOT_NEEDED, "Not answered")]
        )
        high += [(str(i), name) for i, name in enumerate(names)]
        if rules.may_score_25:
            high.append((NOBODY, "Nobody: the hand is worth 25"))
        self.high.choices = options(high)
        if not self.bidding:
            self.tricks.label.text = f"Tricks {names[0]} took"
        while len(self.side_tricks) < len(names):
            self.side_tricks.append_entry()
        while len(self.points) < len(names):
            self.points.append_entry()
        for i, name in enumerate(names):
            self.side_tricks[i].label.text = name
            self.points[i].label.text = name
        if not self.n.data:
            self.n.data = str(state.next_n)
        if self.high.data is None:
            self.high.data = NOT_NEEDED

    @property
    def may_hold(self) -> bool:
        return self.state.rules.dealer_may_hold

    @property
    def calls_partner(self) -> bool:
        return self.state.rules.call_for_partner

    @property
    def high_always(self) -> bool:
        """Whether the high question is asked whatever the tricks (a 25-point hand is possible, or 3+ sides)."""
        return self.state.rules.may_score_25 or not self.two_sides

    def number(self) -> int | None:
        """Return the hand number the phone meant, or None when missing."""
        text = (self.n.data or "").strip()
        if not text:
            return None
        if not text.isdigit():
            raise HandError("This form is damaged: reload the sheet and try again.", "n")
        return int(text)

    def expected_version(self) -> int | None:
        text = (self.version.data or "").strip()
        return int(text) if text.isdigit() else None

    def fill(self, entry: HandEntry) -> None:
        """Prefill the form with a hand already entered (to edit or re-enter it)."""
        self.bidder.data = None if entry.bidder is None else str(entry.bidder)
        self.bid.data = None if entry.bid is None else str(entry.bid)
        self.bagged.data = bool(entry.bagged)
        self.hold.data = bool(entry.hold)
        self.partner.data = "" if entry.partner is None else str(entry.partner)
        if entry.points is not None:
            self.by.data = "points"
            for i, value in enumerate(entry.points):
                self.points[i].data = str(value)
            self.high.data = NOT_NEEDED
            return
        self.by.data = "tricks"
        tricks = entry.tricks or ()
        if self.two_sides and tricks:
            self.tricks.data = str(tricks[entry.bidder if entry.bidder is not None else 0])
        for i, value in enumerate(tricks):
            self.side_tricks[i].data = str(value)
        if entry.high is not None:
            self.high.data = str(entry.high)
        elif self.state.rules.may_score_25:
            self.high.data = NOBODY
        else:
            self.high.data = NOT_NEEDED

    def entry(self) -> HandEntry:
        """Return the hand as entered; raise HandError naming the field when something is missing."""
        state, _rules = self.state, self.state.rules
        names = self.side_names
        bagged = bool(self.bagged.data) and self.bidding
        hold = bool(self.hold.data) and self.bidding and self.may_hold
        bidder = bid = partner = None
        if self.bidding:
            bidder = _side_index(self.bidder.data, len(names), "bidder", "That bidder is not a side in this game")
            if bidder is None:
                if not bagged:
                    raise HandError("Tap the side that won the bid.", "bidder")
                bidder = state.dealer_side
            raw_bid = (self.bid.data or "").strip()
            if not raw_bid:
                if not bagged:
                    raise HandError("Tap the bid.", "bid")
                bid = state.min_bids[bidder] or BIDS[0]
            else:
                bid = int(raw_bid) if raw_bid.isdigit() else raw_bid
            if self.calls_partner:
                partner = _side_index(self.partner.data, len(names), "partner", "That partner is not in this game")
        tricks = points = high = None
        if self.by.data == "points":
            points = self._points()
        else:
            tricks = self._tricks(bidder)
            high = self._high(tricks)
        return HandEntry(
            bidder=bidder, bid=bid, bagged=bagged, hold=hold, tricks=tricks, high=high, points=points, partner=partner
        )

    def _tricks(self, bidder: int | None) -> tuple[int, ...]:
        if self.two_sides:
            raw = (self.tricks.data or "").strip()
            if not raw:
                who = "the bidding side" if self.bidding else self.side_names[0]
                raise HandError(f"Tap how many tricks {who} took.", "tricks")
            if not raw.isdigit() or int(raw) > 5:
                raise HandError("Each side takes from 0 to 5 tricks.", "tricks")
            mine = int(raw)
            first = bidder if bidder is not None else 0
            tricks = [5 - mine, 5 - mine]
            tricks[first] = mine
            return tuple(tricks)
        values = []
        for entry in self.side_tricks:
            raw = (entry.data or "").strip()
            if raw and not raw.isdigit():
                raise HandError("Each side takes from 0 to 5 tricks.", "tricks")
            values.append(int(raw) if raw else 0)
        return tuple(values)

    def _high(self, tricks: tuple[int, ...]) -> int | None:
        raw = (self.high.data or "").strip()
        if raw == NOBODY:
            return None
        if raw == NOT_NEEDED:
            if sum(tricks) == 5 and self.state.high_needed(tricks):
                if self.state.rules.may_score_25:
                    raise HandError("Say which side took the high, or nobody if no trump was played.", "high")
                raise HandError("Both sides took tricks: say which side took the high.", "high")
            return None
        return _side_index(raw, len(self.side_names), "high", "That side is not in this game")

    def _points(self) -> tuple[int, ...]:
        raw = [(entry.data or "").strip() for entry in self.points]
        for text in raw:
            if text and not text.isdigit():
                raise HandError("Points come in fives: 0, 5, 10, 15, 20, 25 or 30.", "points")
        if self.two_sides and raw.count("") == 1 and not self.state.rules.may_score_25:
            other = int(raw[1 - raw.index("")])
            raw[raw.index("")] = str(max(0, 30 - other))
        if not any(raw):
            raise HandError("Choose the points each side took.", "points")
        return tuple(int(text) if text else 0 for text in raw)

    def refuse(self, err: ValueError) -> None:
        """Put the engine's refusal beside the field it is about."""
        field = getattr(err, "field", None)
        message = str(err)
        if field == "tricks" and not self.two_sides:
            self.problems.add("side_tricks", message)
        elif field in ("bidder", "bid", "bagged", "hold", "tricks", "high", "points", "partner"):
            if field == "points":
                self.problems.add("points", message)
            else:
                self[field].errors = list(self[field].errors or []) + [message]
        else:
            self.problems.add("form", message)


def _side_index(raw, count: int, field: str, message: str) -> int | None:
    text = (raw or "").strip() if isinstance(raw, str) else raw
    if text in ("", None):
        return None
    if not str(text).isdigit() or not 0 <= int(text) < count:
        raise HandError(message, field)
    return int(text)


class ConfirmForm(FlaskForm):
    """A button that changes a game, with the CSRF token; delete also asks for a tick."""

    n = StringField("Hand number")
    confirm = BooleanField("Yes, delete this game and all its hands")
