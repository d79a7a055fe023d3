"""Forms of the card party pages. The party engine judges what they describe; they only read it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

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
    Problem,
)
from scorekeeper.platform.i18n import gettext as _
from scorekeeper.platform.i18n import lazy_gettext as _l
from scorekeeper.platform.numbers import NumberError
from scorekeeper.rules import LOWEST_TARGET, shown_part
from scorekeeper.web.forms import ConfirmedForm, CsrfForm, ReadField
from scorekeeper.words import party as words

KIND_CHOICES = [SelectChoice(str(kind), label) for kind, label in words.GAME_KINDS.items()]


def _whole(lo: int, hi: int, what: str) -> Callable[[object, Any], None]:
    """A field's check: a whole number from *lo* to *hi* read into its ``number`` (``words.whole``; *what* names the
    number), or a refusal beside the field in the reader's language."""

    def check(form: object, field: Any) -> None:
        try:
            field.number = words.whole(field.data or "", what, lo, hi)
        except NumberError as err:
            raise ValidationError(str(err)) from None

    return check


def _name_field(label: str, missing: str) -> StringField:
    """A name to type: required, and no longer than the party engine takes."""
    return StringField(
        label,
        validators=[
            DataRequired(missing),
            Length(max=MAX_NAME, message=words.lazy_problem(Problem.NAME_TOO_LONG, limit=MAX_NAME)),
        ],
    )


class NewPartyForm(FlaskForm):
    """Create the evening."""

    name = _name_field(_l("Name of the evening"), words.lazy_problem(Problem.PARTY_NAME_MISSING))
    held_on = DateField(_l("Date"), validators=[Optional()])
    games = ReadField(_l("Number of games"), default="25", validators=[_whole(1, MAX_GAMES, "games")])
    kind = RadioField(_l("One game is"), choices=KIND_CHOICES, default=str(GameKind.ONE_HAND))
    play_to = StringField(
        _l("Play to (points)"),
        default="45",
        description=_l("Only for games played to a score, for example 45 or 120."),
    )
    prizes = ReadField(_l("Prizes"), default="3", validators=[_whole(0, MAX_PRIZES, "prizes")])
    cookie_jar = ReadField(
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

    name = _name_field(_l("Couple's name"), words.COUPLE_NAME_WANTED)


# -- A change the director or a table makes --------------------------------------------------


class DirectorResultForm(CsrfForm):
    """The director enters or corrects one table's result: the game, the table and the winning couple (from 1)."""

    game = ReadField(validators=[_whole(1, MAX_GAMES, "game")])
    table = ReadField(validators=[_whole(1, MAX_COUPLES, "table")])
    winner = ReadField(validators=[_whole(1, MAX_COUPLES, "winning_couple")])
    correct = ReadField()

    @property
    def correcting(self) -> bool:
        return bool(self.correct.data == "y")


class TableReportForm(ConfirmedForm):
    """A table's winner of a game: the first tap picks it (``winner``, the couple's place at the table), the second
    confirms."""

    game = ReadField(validators=[_whole(1, MAX_GAMES, "game")])
    winner = ReadField(validators=[_whole(0, MAX_COUPLES, "winner")])


TIE_ACTIONS = ("split", "cut", "play-off", "forfeit", "won")
# The actions that name one couple (``couple``, counted from 1).
ONE_COUPLE = ("play-off", "forfeit", "won")


class TieForm(CsrfForm):
    """How a tied place is settled (``action``), with the couple it names, or each couple's yes or cut card.

    Made for one tie by ``tie_form``: a yes box (``agree-N``) and a card box (``card-N``) per tied couple N.
    """

    action = ReadField()
    couple = ReadField()

    def validate_couple(self, field: Any) -> None:
        if self.action.data in ONE_COUPLE:
            _whole(1, MAX_COUPLES, "couple")(self, field)

    def couple_index(self) -> int:
        return int(self.couple.number) - 1

    def agreed(self, couples: tuple[int, ...]) -> tuple[int, ...]:
        """The tied couples (counted from 0) that said yes to a split."""
        return tuple(c for c in couples if self[f"agree-{c + 1}"].data == "y")

    def cards(self, couples: tuple[int, ...]) -> tuple[tuple[int, str], ...]:
        """Each couple's cut card as typed (at most 8 characters; the party engine reads it)."""
        return tuple((c, (self[f"card-{c + 1}"].data or "").strip()[:8]) for c in couples)


def tie_form(couples: tuple[int, ...]) -> TieForm:
    """The form settling a tie between *couples* (counted from 0): one yes box and one card box each."""

    class OneTie(TieForm):
        pass

    for c in couples:
        setattr(OneTie, f"agree-{c + 1}", ReadField())
        setattr(OneTie, f"card-{c + 1}", ReadField())
    return OneTie()
