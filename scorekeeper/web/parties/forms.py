"""Forms of the card party pages. The party engine judges what they describe; they only read it."""

from __future__ import annotations

from collections.abc import Callable

from flask_wtf import FlaskForm
from wtforms import BooleanField, DateField, RadioField, StringField, TextAreaField
from wtforms.fields.choices import SelectChoice  # type: ignore[attr-defined]  # new in WTForms 3.3, after its stubs
from wtforms.validators import DataRequired, Length, Optional, ValidationError

from scorekeeper.party import (
    MAX_COUPLES,
    MAX_GAMES,
    MAX_NAME,
    MAX_PLAY_TO,
    MAX_PRIZES,
    Couple,
    GameKind,
    PartyError,
    PartySetup,
)
from scorekeeper.platform.i18n import gettext as _
from scorekeeper.platform.i18n import lazy_gettext as _l
from scorekeeper.platform.numbers import NumberError
from scorekeeper.rules import LOWEST_TARGET, shown_part
from scorekeeper.words import party as words

KIND_CHOICES = [SelectChoice(str(kind), label) for kind, label in words.GAME_KINDS.items()]


class CsrfForm(FlaskForm):
    """A button that changes the evening: only the CSRF token."""


class CountField(StringField):
    """A box for a count: the text typed, and the whole number read from it (``number``) once validated."""

    number: int = 0


def _whole(lo: int, hi: int, what: str) -> Callable[[object, CountField], None]:
    def check(form: object, field: CountField) -> None:
        try:
            field.number = words.whole(field.data, what, lo, hi)
        except NumberError as err:
            raise ValidationError(str(err)) from None

    return check


def _name_field(label: str, missing: str) -> StringField:
    """A name to type: required, and no longer than the party engine takes."""
    return StringField(
        label,
        validators=[
            DataRequired(missing),
            Length(max=MAX_NAME, message=_l("Names may be at most %(max)d letters long")),
        ],
    )


class NewPartyForm(FlaskForm):
    """Create the evening."""

    name = _name_field(_l("Name of the evening"), _l("Give the evening a name"))
    held_on = DateField(_l("Date"), validators=[Optional()])
    games = CountField(_l("Number of games"), default="25", validators=[_whole(1, MAX_GAMES, "games")])
    kind = RadioField(_l("One game is"), choices=KIND_CHOICES, default=str(GameKind.ONE_HAND))
    play_to = StringField(
        _l("Play to (points)"),
        default="45",
        description=_l("Only for games played to a score, for example 45 or 120."),
    )
    prizes = CountField(_l("Prizes"), default="3", validators=[_whole(0, MAX_PRIZES, "prizes")])
    cookie_jar = CountField(
        _l("Cookie jar: game numbers drawn"),
        default="0",
        description=_l("0 for no cookie jar; 8 or 10 is usual."),
        validators=[_whole(0, MAX_GAMES, "cookie_jar")],
    )
    booby = BooleanField(_l("A booby prize for the fewest games"))
    couples = TextAreaField(
        _l("Couples, one per line"),
        description=_l("For example: Ann & Cy. More can be added later, and late arrivals during the evening."),
        validators=[
            Length(max=MAX_COUPLES * (MAX_NAME + 2), message=_l("The list of couples is too long")),
        ],
    )

    def build(self) -> tuple[PartySetup, list[Couple]] | None:
        """Return the evening's settings and couples, or None with errors set on the fields."""
        kind = GameKind(self.kind.data or GameKind.ONE_HAND)
        play_to = None
        if kind is GameKind.PLAY_TO:
            try:
                play_to = words.whole(self.play_to.data, "play_to", LOWEST_TARGET, MAX_PLAY_TO)
            except NumberError as err:
                self.play_to.errors = [str(err)]
                return None
        couples = []
        for line in (self.couples.data or "").splitlines():
            if line.strip():
                try:
                    couples.append(Couple(line.strip()))
                except PartyError as err:
                    self.couples.errors = [
                        _("%(line)s: %(problem)s", line=shown_part(line.strip()), problem=words.problem(err))
                    ]
                    return None
        try:
            setup = PartySetup(
                name=(self.name.data or "").strip(),
                games=self.games.number,
                kind=kind,
                play_to=play_to,
                prizes=self.prizes.number,
                cookie_jar=self.cookie_jar.number,
                booby=bool(self.booby.data),
            )
        except PartyError as err:
            target = getattr(self, err.field or "name", self.name)
            target.errors = [words.problem(err)]
            return None
        return setup, couples


class CoupleForm(FlaskForm):
    """Register a couple (before the start, or a late arrival)."""

    name = _name_field(_l("Couple's name"), _l("Give the couple a name"))
