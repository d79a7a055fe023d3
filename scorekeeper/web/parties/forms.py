"""Forms of the card party pages. The party engine judges what they describe; they only read it."""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import BooleanField, DateField, RadioField, StringField, TextAreaField
from wtforms.fields.choices import SelectChoice
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
from scorekeeper.platform.numbers import NumberError, parse_int
from scorekeeper.rules import LOWEST_TARGET, shown_part

KIND_CHOICES = [
    SelectChoice(str(GameKind.ONE_HAND), "One hand"),
    SelectChoice(str(GameKind.PLAY_TO), "Play to a score"),
    SelectChoice(str(GameKind.BELL), "Until the bell (finish the hand)"),
]


class CsrfForm(FlaskForm):
    """A button that changes the evening: only the CSRF token."""


def _whole(lo: int, hi: int, what: str):
    def check(form, field) -> None:
        try:
            field.number = parse_int(field.data, lo=lo, hi=hi, what=what)
        except NumberError as err:
            raise ValidationError(str(err)) from None

    return check


class NewPartyForm(FlaskForm):
    """Create the evening."""

    name = StringField(
        "Name of the evening", validators=[DataRequired("Give the evening a name"), Length(max=MAX_NAME)]
    )
    held_on = DateField("Date", validators=[Optional()])
    games = StringField("Number of games", default="25", validators=[_whole(1, MAX_GAMES, "The number of games")])
    kind = RadioField("One game is", choices=KIND_CHOICES, default=str(GameKind.ONE_HAND))
    play_to = StringField(
        "Play to (points)", default="45", description="Only for games played to a score, for example 45 or 120."
    )
    prizes = StringField("Prizes", default="3", validators=[_whole(0, MAX_PRIZES, "The number of prizes")])
    cookie_jar = StringField(
        "Cookie jar: game numbers drawn",
        default="0",
        description="0 for no cookie jar; 8 or 10 is usual.",
        validators=[_whole(0, MAX_GAMES, "The cookie jar")],
    )
    booby = BooleanField("A booby prize for the fewest games")
    couples = TextAreaField(
        "Couples, one per line",
        description="For example: Ann & Cy. More can be added later, and late arrivals during the evening.",
        validators=[Length(max=MAX_COUPLES * (MAX_NAME + 2))],
    )

    def build(self) -> tuple[PartySetup, list[Couple]] | None:
        """Return the evening's settings and couples, or None with errors set on the fields."""
        kind = GameKind(self.kind.data or GameKind.ONE_HAND)
        play_to = None
        if kind is GameKind.PLAY_TO:
            try:
                play_to = parse_int(self.play_to.data, lo=LOWEST_TARGET, hi=MAX_PLAY_TO, what="The score to play to")
            except NumberError as err:
                self.play_to.errors = [str(err)]
                return None
        couples = []
        for line in (self.couples.data or "").splitlines():
            if line.strip():
                try:
                    couples.append(Couple(line.strip()))
                except PartyError as err:
                    self.couples.errors = [f"{shown_part(line.strip())}: {err}"]
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
            target.errors = [str(err)]
            return None
        return setup, couples


class CoupleForm(FlaskForm):
    """Register a couple (before the start, or a late arrival)."""

    name = StringField("Couple's name", validators=[DataRequired("Give the couple a name"), Length(max=MAX_NAME)])
