"""The new-game form: players in seat order, sides, who deals first, the rules and each house rule.

The form reads what was written and tapped and turns it into the engine's
values (``Rules``, ``Side``); whether the game can be played is the engine's
question (``SetupError``), answered beside the box it is about.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from flask_wtf import FlaskForm
from wtforms import BooleanField, Field, FieldList, RadioField, SelectField, StringField
from wtforms.validators import Length, Optional

from scorekeeper import words
from scorekeeper.platform.i18n import gettext as _
from scorekeeper.platform.i18n import lazy_gettext as _l
from scorekeeper.platform.numbers import NumberError, parse_int
from scorekeeper.rules import (
    DEFAULT_PRESET,
    MAX_PLAYERS,
    OPTION_INFO,
    PRESETS,
    OptionInfo,
    Rules,
    RulesError,
    SetupError,
    Side,
    seat_sides,
)
from scorekeeper.store.games import NAME_MAX_LENGTH
from scorekeeper.web.games.fields import (
    MAX_PARTNER_SIDES,
    NUMBER_OPTIONS,
    SCORE_LIMIT,
    FormProblems,
    FormRefused,
    WholeNumberField,
    choice_label,
    one_line,
    options,
)


class RulesForm(FlaskForm):
    """The rules a game is played by: a preset and the house rules that change it."""

    preset = RadioField(
        "Rules",
        choices=options((name, words.lazy_preset_title(name)) for name in PRESETS),
        default=DEFAULT_PRESET,
        validate_choice=False,
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.problems = FormProblems()

    # The house-rule fields (opt_<name>) are added below the class, one per option.

    def option_fields(self) -> Iterator[tuple[OptionInfo, Field]]:
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
        if preset not in PRESETS:
            self.preset.errors = [_("Choose one of the rule sets listed.")]
            raise FormRefused(self.preset.name)
        changes = {}
        for info, field in self.option_fields():
            try:
                value = _read_option(info, field.data)
            except ValueError as err:
                field.errors = [words.refusal(err)]
                raise FormRefused(field.name) from None
            if value is not _AS_PRESET:
                changes[info.name] = value
        try:
            return Rules.from_dict({"preset": preset, **changes})
        except RulesError as err:
            target = f"opt_{err.field}" if err.field in OPTION_INFO else "preset"
            self[target].errors = [words.refusal(err)]
            raise FormRefused(target) from None


def _optional_name(label: str) -> StringField:
    """A player's or a side's name: may be left blank, one line, no longer than the store keeps."""
    return StringField(
        label,
        validators=[
            Optional(),
            Length(max=NAME_MAX_LENGTH, message=_l("A name can be at most %(max)d characters long.")),
            one_line,
        ],
    )


def _each(field: Any, count: int) -> Any:
    """*count* boxes of *field*, one a seat or a side."""
    return FieldList(field, min_entries=count, max_entries=count)


class NewGameForm(RulesForm):
    """Who plays, how they sit, and the rules."""

    players = _each(_optional_name(_l("Player")), MAX_PLAYERS)
    mode = RadioField(
        _l("Partners or cut-throat"),
        choices=options([("partners", _l("Partners")), ("cut-throat", _l("Cut-throat"))]),
        default="partners",
        validate_choice=False,
    )
    side_count = RadioField(
        _l("Number of sides"),
        choices=options((str(k), _l("%(num)s sides", num=k)) for k in range(2, MAX_PARTNER_SIDES + 1)),
        default="2",
    )
    side_names = _each(_optional_name(_l("Side")), MAX_PARTNER_SIDES)
    first_dealer = WholeNumberField(
        _l("Who deals first"), lo=0, hi=MAX_PLAYERS - 1, message=_l("Choose the player who deals first."), default=0
    )
    start_scores = _each(
        WholeNumberField(
            _l("Starting score"), lo=0, hi=SCORE_LIMIT, message=_l("Write a starting score as a number, such as 45.")
        ),
        MAX_PLAYERS,
    )
    # One tick box per side, in_hole_<side>, added below the class (a list of check boxes would lose its order:
    # unticked boxes are not sent).

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
                for message in part.errors:
                    found.append((part.id, str(message)))
        for key in ("players", "side_names", "start_scores"):
            for message in self.problems.get(key):
                found.append((f"{key.replace('_', '-')}-group", message))
        return found

    def build_sides(self) -> tuple[list[Side], int, list[int] | None]:
        """Return (sides, first dealer seat, starting scores or None); raise FormRefused with the errors beside the fields."""
        names = self.player_names()
        if len(names) < 2:
            self.problems.add("players", _("Write the names of at least two players, in the order they sit."))
            raise FormRefused("players")
        count = None if self.mode.data == "cut-throat" else int(self.side_count.data or 2)
        typed = [(entry.data or "").strip() for entry in self.side_names]
        try:
            sides = list(seat_sides(names, count, typed))
        except SetupError as err:
            self.problems.add(
                "players", _("%(reason)s. Add or remove a player, or choose cut-throat.", reason=words.refusal(err))
            )
            raise FormRefused("players") from None
        dealer = self.first_dealer.data or 0
        seated = [i for i, name in enumerate(self.seat_names()) if name]
        if dealer not in seated:
            self.first_dealer.errors = [_("Choose one of the players to deal first.")]
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
        said = words.refusal(err)
        if err.field == "first_dealer":
            self.first_dealer.errors = [said]
        else:
            self.problems.add({"scores": "start_scores", "sides": "side_names"}.get(err.field or "", "players"), said)


_AS_PRESET = object()
# Options whose blank engine value (None) is a choice of its own, written "any" in the form.
ANY_OPTIONS = {"hold_from": _l("Any bid"), "others_draw_at_most": _l("As many as the table allows")}


def _option_choices(info: OptionInfo) -> list[tuple[str, str]]:
    assert info.choices is not None  # only the options typed as numbers have none, and they get a text box
    choices: list[tuple[str, str]] = [("", _l("As the rules chosen above"))]
    if info.name in ANY_OPTIONS:
        return choices + [("any", ANY_OPTIONS[info.name])] + [(str(v), str(v)) for v in info.choices if v is not None]
    if info.choices == (True, False):
        return choices + [("yes", _l("Yes")), ("no", _l("No"))]
    return choices + [(str(v), choice_label(v)) for v in info.choices]


def _read_option(info: OptionInfo, raw: object) -> object:
    """Turn what was chosen for one option into its value, or _AS_PRESET when left blank."""
    raw = (raw or "").strip() if isinstance(raw, str) else raw
    if raw in ("", None):
        return _AS_PRESET
    if info.name in NUMBER_OPTIONS:
        text = str(raw).lstrip("-−+").strip()
        try:
            value = parse_int(text, lo=0, hi=SCORE_LIMIT)
        except NumberError:
            raise ValueError(
                _(
                    "Write %(option)s as a whole number of points, such as 100.",
                    option=words.option_label(info.name).lower(),
                )
            ) from None
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
            raise ValueError(_("Choose yes or no."))
        return raw == "yes"
    return raw


def _option_raw(info: OptionInfo, value: Any) -> str:
    """What the form shows for an option's value: the inverse of _read_option."""
    if info.name in NUMBER_OPTIONS:
        return "" if value is None else str(-value if info.name == "elimination_at" else value)
    if info.name in ANY_OPTIONS:
        return "any" if value is None else str(value)
    if info.choices == (True, False):
        return "yes" if value else "no"
    return str(value)


def _option_field(info: OptionInfo) -> Field:
    if info.name in NUMBER_OPTIONS:
        label = words.lazy_option_label(info.name)
        described = words.lazy_option_help(info.name)
        return StringField(label, description=described, render_kw={"inputmode": "numeric", "autocomplete": "off"})
    return SelectField(
        words.lazy_option_label(info.name),
        choices=options(_option_choices(info)),
        description=words.lazy_option_help(info.name),
        validate_choice=False,
    )


for _side in range(MAX_PLAYERS):
    setattr(NewGameForm, f"in_hole_{_side}", BooleanField(_l("In the hole")))
# The house rules are as many as the engine has options: one field each, named opt_<option>.
for _name, _info in OPTION_INFO.items():
    setattr(RulesForm, f"opt_{_name}", _option_field(_info))
