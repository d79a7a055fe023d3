"""What the score sheet's forms share: their whole-number field, choices, problems beside the fields, the confirm button."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, cast

from flask_wtf import FlaskForm
from wtforms import BooleanField, Field
from wtforms.fields.choices import SelectChoice  # type: ignore[attr-defined]  # new in WTForms 3.3, after its stubs
from wtforms.validators import ValidationError
from wtforms.widgets import TextInput

from scorekeeper import words
from scorekeeper.platform.i18n import gettext as _
from scorekeeper.platform.i18n import lazy_gettext as _l
from scorekeeper.platform.numbers import NumberError, parse_int
from scorekeeper.rules import (
    TRICKS_IN_HAND,
    HandError,
)

MAX_PARTNER_SIDES = 4
TRICK_PAIRS = [(str(t), str(t)) for t in range(TRICKS_IN_HAND + 1)]
# Options typed as numbers; elimination is typed as the points below zero, so nobody types a minus sign.
NUMBER_OPTIONS = ("target", "lock_at", "green_at", "elimination_at")
NOT_NEEDED = ""
NOBODY = "none"
HIGH_MARK = "h"
ENTRY_WAYS = ("points", "tricks")
SCORE_LIMIT = 100_000


def options(pairs: Iterable[tuple[str, str]]) -> list[SelectChoice]:
    """Turn (value, label) pairs into WTForms choices."""
    return [SelectChoice(value, label) for value, label in pairs]


def choice_label(value: object) -> str:
    """Write an option's value the way a player says it."""
    if value is True:
        return cast(str, _l("Yes"))
    if value is False:
        return cast(str, _l("No"))
    return cast(str, words.option_value(value))


def read_number(raw: object, *, lo: int, hi: int, field: str, message: str) -> int | None:
    """Read a tapped whole number (blank is None); raise HandError naming *field* otherwise."""
    text = raw.strip() if isinstance(raw, str) else ""
    if not text:
        return None
    try:
        return parse_int(text, lo=lo, hi=hi)
    except NumberError:
        raise HandError(message, field) from None


class WholeNumberField(Field):
    """A whole number, read with ``parse_int``; blank gives None, anything else is an error beside the field.

    A text box like ``StringField``'s, whose ``data`` is the number (or None), not the text.
    """

    widget = TextInput()
    data: int | None

    def __init__(
        self,
        label: str | None = None,
        validators: Sequence[Callable[..., object]] | None = None,
        *,
        lo: int | None = None,
        hi: int | None = None,
        message: str | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(label, list(validators) if validators is not None else None, **kwargs)
        self.lo, self.hi, self.message = lo, hi, message if message is not None else _l("Write a whole number")
        self.raw = ""

    def process_formdata(self, valuelist: list[str]) -> None:
        self.raw = valuelist[0] if valuelist else ""
        self.data = None
        text = self.raw.strip() if isinstance(self.raw, str) else ""
        if text:
            try:
                self.data = parse_int(text, lo=self.lo, hi=self.hi)
            except NumberError:
                raise ValueError(str(self.message)) from None

    def _value(self) -> str:
        if self.raw:
            return self.raw
        return "" if self.data is None else str(self.data)


def one_line(form: object, field: Field) -> None:
    """Refuse control characters (a NUL, a new line) in a name."""
    if any(ord(ch) < 32 or 127 <= ord(ch) < 160 for ch in field.data or ""):
        raise ValidationError(_("A name can only hold letters, digits, spaces and punctuation."))


class FormRefused(ValueError):
    """What was typed cannot make a game; the reasons are already beside the fields."""


class FormProblems:
    """Errors for groups of inputs that are not one WTForms field (players, side names, the form itself)."""

    def __init__(self) -> None:
        self._problems: dict[str, list[str]] = {}

    def add(self, key: str, message: str) -> None:
        self._problems.setdefault(key, []).append(message)

    def get(self, key: str) -> list[str]:
        return self._problems.get(key, [])


# -- A new game -------------------------------------------------------------------


class ConfirmForm(FlaskForm):
    """A button that changes a game, with the CSRF token; delete also asks for a tick."""

    n = WholeNumberField(_l("Hand number"), lo=1, hi=100_000, message=words.FORM_DAMAGED)
    confirm = BooleanField(_l("Yes, delete this game and all its hands"))
