"""Forms of the club pages: what the director and the desk send, each number and amount read by the check declared
on its field, or by its ``validate_<field>`` hook where a blank box or another field changes how it is read.

The fields carry the names the pages' inputs send, so every page works as a plain form; the store judges the rest.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from decimal import Decimal
from typing import Any

from flask_babel.speaklater import LazyString
from flask_wtf import FlaskForm
from wtforms import SelectMultipleField
from wtforms.validators import ValidationError

from scorekeeper import words
from scorekeeper.party import MAX_GAMES, MAX_PRIZES, GameKind
from scorekeeper.party.ladder import Scoring, TieBreak
from scorekeeper.platform.i18n import gettext as _
from scorekeeper.platform.i18n import lazy_gettext as _l
from scorekeeper.platform.numbers import NumberError, parse_int
from scorekeeper.store.clubs import MAX_CENTS, ClubError
from scorekeeper.web.forms import ConfirmedForm, CsrfForm, ReadField, whole

MAX_CLUB_NUMBER = 10**6
MAX_DESK_COUPLES = 400
CLUB_NUMBER = LazyString(words.club_number)


class NewClubForm(CsrfForm):
    """A new club: its name and the currency of its pots."""

    name = ReadField(default="")
    currency = ReadField(default="CAD")


class MemberForm(CsrfForm):
    """A name to put on the roster (the desk's find box sends what was typed as ``q``)."""

    name = ReadField(default="")
    q = ReadField(default="")

    @property
    def typed(self) -> str:
        return str(self.name.data or self.q.data or "")


class MemberChangeForm(ConfirmedForm):
    """A change to one member's line of the roster: rename, mark (in)active, merge into another number, unmerge."""

    action = ReadField(default="")
    name = ReadField(default="")
    into = ReadField(default="")

    def validate_into(self, field: Any) -> None:
        if self.action.data == "merge":
            whole(1, MAX_CLUB_NUMBER, CLUB_NUMBER)(self, field)


class SubstituteForm(CsrfForm):
    """A member who plays in a couple's chair from the next game."""

    couple = ReadField(default="", validators=[whole(1, MAX_DESK_COUPLES, _l("The couple"))])
    slot = ReadField(default="", validators=[whole(1, 2, _l("The chair"))])
    number = ReadField(default="", validators=[whole(1, MAX_CLUB_NUMBER, CLUB_NUMBER)])


def cents(text: str, what: str) -> int:
    """Read an amount typed in dollars (5, 5.50 or 5,50) as whole cents; ClubError says what is wrong."""
    text = (text or "").strip().replace(",", ".").lstrip("$€").strip()
    if not text:
        return 0
    try:
        value = Decimal(text)
    except ArithmeticError:
        value = Decimal(-1)
    if not value.is_finite() or value < 0 or value > MAX_CENTS // 100 or value != value.quantize(Decimal("0.01")):
        raise ClubError(_("%(what)s: give an amount such as 5 or 5.50.", what=what), "amount")
    return int(value * 100)


def _cents(what: object) -> Callable[[FlaskForm, Any], None]:
    """A field's check: an amount read by ``cents`` into its ``cents``, or a refusal beside it that names *what*."""

    def check(form: FlaskForm, field: Any) -> None:
        try:
            field.cents = cents(field.data or "", str(what))
        except ClubError as err:
            raise ValidationError(str(err)) from None

    return check


class ListField(SelectMultipleField):
    """Every value sent under one name (ticked boxes, the prize boxes), as text; no choices to keep to."""

    numbers: list[int] = []  # noqa: RUF012  # set per field by its hook
    amounts: list[int] = []  # noqa: RUF012  # set per field by its hook

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.update(choices=[], validate_choice=False, default=())
        super().__init__(*args, **kwargs)


class DeskCouplesForm(CsrfForm):
    """The players ticked at the desk (their club numbers), and whether to pair them at random."""

    member = ListField()
    action = ReadField(default="")

    def validate_member(self, field: Any) -> None:
        try:
            field.numbers = [parse_int(t, lo=1, hi=MAX_CLUB_NUMBER, what=str(CLUB_NUMBER)) for t in field.data]
        except NumberError as err:
            raise ValidationError(str(err)) from None


class LadderSettingsForm(CsrfForm):
    """The club's settings: its name and currency, how its ladder counts, and the handicap prize."""

    name = ReadField(default="")
    currency = ReadField(default="")
    scoring = ReadField(default="places")
    place_points = ReadField(default="")
    best_of = ReadField(default="")
    minimum = ReadField(default="0")
    tie_breaks = ListField()
    handicap = ReadField(default="")

    def validate_place_points(self, field: Any) -> None:
        try:
            field.points = tuple(
                parse_int(p, lo=0, hi=1000, what=_("Points for a place"))
                for p in (field.data or "").replace(",", " ").split()
            )
        except NumberError as err:
            raise ValidationError(str(err)) from None

    def validate_best_of(self, field: Any) -> None:
        field.number = None
        if (field.data or "").strip():
            whole(1, 500, _("Best evenings"))(self, field)

    def validate_minimum(self, field: Any) -> None:
        field.data = field.data or "0"
        whole(0, 500, _("Minimum attendance"))(self, field)

    @property
    def chosen_scoring(self) -> Scoring:
        return Scoring(self.scoring.data) if self.scoring.data in set(Scoring) else Scoring.PLACES

    @property
    def chosen_tie_breaks(self) -> tuple[TieBreak, ...]:
        return tuple(TieBreak(t) for t in self.tie_breaks.data or () if t in set(TieBreak))


class EveningForm(CsrfForm):
    """A new evening of the club: its date, games, prizes, cookie jar, the kind of game, and its pots."""

    held_on = ReadField(default="")
    games = ReadField(default="25", validators=[whole(1, MAX_GAMES, _l("The number of games"))])
    prizes = ReadField(default="3", validators=[whole(0, MAX_PRIZES, _l("The number of prizes"))])
    cookie_jar = ReadField(default="0")
    kind = ReadField(default="")
    play_to = ReadField(default="45")
    name = ReadField(default="")
    season = ReadField()
    entry_fee = ReadField(default="", validators=[_cents(_l("Entry fee"))])
    jackpot_added = ReadField(default="", validators=[_cents(_l("Added to the jackpot"))])

    def validate_held_on(self, field: Any) -> None:
        try:
            field.date = date.fromisoformat(field.data) if field.data else date.today()
        except ValueError:
            raise ValidationError(_("Give the date as a date.")) from None

    def validate_cookie_jar(self, field: Any) -> None:
        field.data = field.data or "0"
        whole(0, getattr(self.games, "number", MAX_GAMES), _("The cookie jar"))(self, field)

    def validate_play_to(self, field: Any) -> None:
        field.number = None
        if self.chosen_kind is GameKind.PLAY_TO:
            whole(1, 200, _("Play to"))(self, field)

    @property
    def chosen_kind(self) -> GameKind:
        return GameKind(self.kind.data) if self.kind.data in set(GameKind) else GameKind.ONE_HAND


class PotsForm(CsrfForm):
    """The evening's money: fees, cookie jar, 50/50 and jackpot, players who paid, each prize, who won what."""

    entry_fee = ReadField(default="", validators=[_cents(_l("Entry fee"))])
    cookie_jar = ReadField(default="", validators=[_cents(_l("Cookie jar"))])
    fifty_fifty = ReadField(default="", validators=[_cents(_l("50/50 collected"))])
    jackpot_added = ReadField(default="", validators=[_cents(_l("Added to the jackpot"))])
    players = ReadField(default="")
    prize = ListField()
    fifty_fifty_winner = ReadField(default="")
    jackpot_winner = ReadField(default="")
    jackpot_won = ReadField(default="")

    def validate_players(self, field: Any) -> None:
        field.number = None
        if (field.data or "").strip():
            whole(0, 10_000, _("Players who paid"))(self, field)

    def validate_prize(self, field: Any) -> None:
        try:
            field.amounts = [cents(p, _("Prize")) for p in field.data if p.strip()]
        except ClubError as err:
            raise ValidationError(str(err)) from None

    def values(self) -> dict[str, object]:
        """The pots as the store keeps them (once ``validate`` read them)."""
        return {
            "entry_fee": self.entry_fee.cents,
            "cookie_jar": self.cookie_jar.cents,
            "fifty_fifty": self.fifty_fifty.cents,
            "jackpot_added": self.jackpot_added.cents,
            "players": self.players.number,
            "prizes": self.prize.amounts,
            "fifty_fifty_winner": (self.fifty_fifty_winner.data or "").strip() or None,
            "jackpot_winner": (self.jackpot_winner.data or "").strip() or None,
            "jackpot_won": self.jackpot_won.data == "y",
        }
