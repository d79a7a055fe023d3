"""Forms of the club pages: what the director and the desk send, each number read by its ``validate_<field>`` hook.

The fields carry the names the pages' inputs send, so every page works as a plain form; the store judges the rest.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

from wtforms import SelectMultipleField
from wtforms.validators import ValidationError

from scorekeeper import words
from scorekeeper.party import MAX_GAMES, MAX_PRIZES, GameKind
from scorekeeper.party.ladder import Scoring, TieBreak
from scorekeeper.platform.i18n import gettext as _
from scorekeeper.platform.numbers import NumberError, parse_int
from scorekeeper.store.clubs import MAX_CENTS, ClubError
from scorekeeper.web.forms import ConfirmedForm, CsrfForm, ReadField

MAX_CLUB_NUMBER = 10**6
MAX_DESK_COUPLES = 400


def _read_whole(field: Any, lo: int, hi: int, what: str) -> None:
    """Read the field as a whole number from *lo* to *hi* (``parse_int``), refusing beside it in the reader's words."""
    try:
        field.number = parse_int(field.data or "", lo=lo, hi=hi, what=what)
    except NumberError as err:
        raise ValidationError(str(err)) from None


class NewClubForm(CsrfForm):
    """A new club: its name and the currency of its pots."""

    name = ReadField(default="")
    currency = ReadField(default="CAD")


class ImportForm(CsrfForm):
    """A club brought back from its file: the key that makes a second send of the same form make one club."""

    resend_key = ReadField(default="")


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
            _read_whole(field, 1, MAX_CLUB_NUMBER, words.club_number())


class SubstituteForm(CsrfForm):
    """A member who plays in a couple's chair from the next game."""

    couple = ReadField(default="")
    slot = ReadField(default="")
    number = ReadField(default="")

    def validate_couple(self, field: Any) -> None:
        _read_whole(field, 1, MAX_DESK_COUPLES, _("The couple"))

    def validate_slot(self, field: Any) -> None:
        _read_whole(field, 1, 2, _("The chair"))

    def validate_number(self, field: Any) -> None:
        _read_whole(field, 1, MAX_CLUB_NUMBER, words.club_number())


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


def _read_cents(field: Any, what: str) -> None:
    try:
        field.cents = cents(field.data or "", what)
    except ClubError as err:
        raise ValidationError(str(err)) from None


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
            field.numbers = [parse_int(t, lo=1, hi=MAX_CLUB_NUMBER, what=words.club_number()) for t in field.data]
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
            _read_whole(field, 1, 500, _("Best evenings"))

    def validate_minimum(self, field: Any) -> None:
        field.data = field.data or "0"
        _read_whole(field, 0, 500, _("Minimum attendance"))

    @property
    def chosen_scoring(self) -> Scoring:
        return Scoring(self.scoring.data) if self.scoring.data in set(Scoring) else Scoring.PLACES

    @property
    def chosen_tie_breaks(self) -> tuple[TieBreak, ...]:
        return tuple(TieBreak(t) for t in self.tie_breaks.data or () if t in set(TieBreak))


class EveningForm(CsrfForm):
    """A new evening of the club: its date, games, prizes, cookie jar, the kind of game, and its pots."""

    held_on = ReadField(default="")
    games = ReadField(default="25")
    prizes = ReadField(default="3")
    cookie_jar = ReadField(default="0")
    kind = ReadField(default="")
    play_to = ReadField(default="45")
    name = ReadField(default="")
    season = ReadField()
    entry_fee = ReadField(default="")
    jackpot_added = ReadField(default="")

    def validate_held_on(self, field: Any) -> None:
        try:
            field.date = date.fromisoformat(field.data) if field.data else date.today()
        except ValueError:
            raise ValidationError(_("Give the date as a date.")) from None

    def validate_games(self, field: Any) -> None:
        _read_whole(field, 1, MAX_GAMES, _("The number of games"))

    def validate_prizes(self, field: Any) -> None:
        _read_whole(field, 0, MAX_PRIZES, _("The number of prizes"))

    def validate_cookie_jar(self, field: Any) -> None:
        field.data = field.data or "0"
        _read_whole(field, 0, getattr(self.games, "number", MAX_GAMES), _("The cookie jar"))

    def validate_play_to(self, field: Any) -> None:
        field.number = None
        if self.chosen_kind is GameKind.PLAY_TO:
            _read_whole(field, 1, 200, _("Play to"))

    def validate_entry_fee(self, field: Any) -> None:
        _read_cents(field, _("Entry fee"))

    def validate_jackpot_added(self, field: Any) -> None:
        _read_cents(field, _("Added to the jackpot"))

    @property
    def chosen_kind(self) -> GameKind:
        return GameKind(self.kind.data) if self.kind.data in set(GameKind) else GameKind.ONE_HAND


class PotsForm(CsrfForm):
    """The evening's money: fees, cookie jar, 50/50 and jackpot, players who paid, each prize, who won what."""

    entry_fee = ReadField(default="")
    cookie_jar = ReadField(default="")
    fifty_fifty = ReadField(default="")
    jackpot_added = ReadField(default="")
    players = ReadField(default="")
    prize = ListField()
    fifty_fifty_winner = ReadField(default="")
    jackpot_winner = ReadField(default="")
    jackpot_won = ReadField(default="")

    def validate_entry_fee(self, field: Any) -> None:
        _read_cents(field, _("Entry fee"))

    def validate_cookie_jar(self, field: Any) -> None:
        _read_cents(field, _("Cookie jar"))

    def validate_fifty_fifty(self, field: Any) -> None:
        _read_cents(field, _("50/50 collected"))

    def validate_jackpot_added(self, field: Any) -> None:
        _read_cents(field, _("Added to the jackpot"))

    def validate_players(self, field: Any) -> None:
        field.number = None
        if (field.data or "").strip():
            _read_whole(field, 0, 10_000, _("Players who paid"))

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
