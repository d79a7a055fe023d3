"""Forms of the table pages. The store judges names and merges; these only read what was typed or ticked."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from flask_wtf import FlaskForm
from wtforms import BooleanField, Field, SelectField, SelectMultipleField, StringField, TextAreaField
from wtforms.fields.choices import SelectChoice  # type: ignore[attr-defined]  # new in WTForms 3.3, after its stubs
from wtforms.validators import DataRequired, Length, Optional, ValidationError
from wtforms.widgets import CheckboxInput, ListWidget

from scorekeeper import words
from scorekeeper.platform.i18n import lazy_gettext as _l
from scorekeeper.rules import NAME_MAX, PRESETS
from scorekeeper.store.models import TablePerson
from scorekeeper.web.forms import ConfirmedForm
from scorekeeper.words.tables import NEW_NAME_MISSING, TABLE_NAME_MISSING

MAX_NEW_NAMES = 8


class MultiCheckboxField(SelectMultipleField):
    """Several boxes to tick, one per choice (the field macro draws them as big choices)."""

    widget = ListWidget(prefix_label=False)
    option_widget = CheckboxInput()


def _table_name(**kwargs: Any) -> StringField:
    """The table's name: required, no longer than a name the rules take."""
    return StringField(
        _l("Name of the table"),
        validators=[DataRequired(TABLE_NAME_MISSING), Length(max=NAME_MAX)],
        **kwargs,
    )


class NewTableForm(FlaskForm):
    name = _table_name(description=_l("As the players call it: “Tuesday at Ann's”, “Legion hall”."))
    players = TextAreaField(
        _l("The regular players"),
        description=_l("One name a line. More join when they play."),
        validators=[Optional(), Length(max=4000)],
    )


class KeepForm(FlaskForm):
    name = _table_name()


class StartForm(FlaskForm):
    """Start a game: tick the players (they sit in roster order, partners alternately), maybe add new names."""

    players = MultiCheckboxField(_l("Who plays tonight?"), choices=[], validate_choice=False)
    new_names = StringField(
        _l("Someone new (names separated by commas)"),
        validators=[Optional(), Length(max=NAME_MAX * MAX_NEW_NAMES)],
    )
    preset = SelectField(_l("Rules"), choices=[], validate_choice=False)
    way = SelectField(
        _l("Sides"),
        choices=[
            SelectChoice("partners", _l("Partners, in pairs")),
            SelectChoice("alone", _l("Each for themselves (cut-throat)")),
        ],
        default="partners",
        validate_choice=False,
    )

    def __init__(self, people: Iterable[TablePerson], *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.players.choices = [SelectChoice(p.public_id, p.name) for p in people]
        self.preset.choices = [SelectChoice(name, words.preset_title(name)) for name in PRESETS]

    def validate_players(self, field: MultiCheckboxField) -> None:
        known = {value for value, *_shown in field.iter_choices()}
        if any(value not in known for value in field.data or []):
            raise ValidationError(_l("Tick people of the roster only."))

    def validate_preset(self, field: Field) -> None:
        if field.data not in PRESETS:
            raise ValidationError(_l("Choose the rules from the list."))

    def validate_way(self, field: Field) -> None:
        if field.data not in ("partners", "alone"):
            raise ValidationError(_l("Choose partners or each for themselves."))


class RenameForm(FlaskForm):
    name = StringField(_l("New name"), validators=[DataRequired(NEW_NAME_MISSING), Length(max=NAME_MAX)])


class MergeForm(ConfirmedForm):
    into = SelectField(_l("Is the same person as"), choices=[], validate_choice=False)

    def __init__(self, people: Iterable[TablePerson], *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.into.choices = [SelectChoice(p.public_id, p.name) for p in people]


class AddGameForm(FlaskForm):
    link = StringField(
        _l("Link of a game played before"),
        description=_l("Paste the link of its sheet, the one that keeps score (a link to watch cannot add it)."),
        validators=[DataRequired(_l("Paste the game's link.")), Length(max=400)],
    )


class DeleteForm(FlaskForm):
    confirm = BooleanField(_l("Yes, delete this table and its roster"))
    with_games = BooleanField(_l("Delete its games' score sheets too"))
