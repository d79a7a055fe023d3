"""One reader for whole numbers typed into forms, query strings and JSON.

``str.isdigit`` accepts "²" and "٣", and ``int`` refuses strings of more than
4,300 digits; both turned bad input into a server error. Every number a person
or a program sends goes through ``parse_int`` instead.

What counts as a whole number: typed text of ASCII digits (an optional sign), and
a JSON number with nothing after the point, ``3`` or ``3.0`` alike, since JSON has
one kind of number and many programs write every number with a point. Typed text
with a point or a comma ("3.0", "3,0") is refused: at a French table "1.000" may be
a thousand, so the reader asks for the plain number rather than guess.
"""

from __future__ import annotations

import re

from scorekeeper.platform.i18n import gettext as _

__all__ = ["MAX_DIGITS", "NumberError", "parse_int"]

MAX_DIGITS = 9
_ASCII_INT = re.compile(rf"[+-]?[0-9]{{1,{MAX_DIGITS}}}")


class NumberError(ValueError):
    """A value that is not a whole number in range; the message says so in a player's words."""


def _range_message(what: str, lo: int | None, hi: int | None) -> str:
    if hi is None:
        return str(_("%(what)s must be %(lo)s or more", what=what, lo=lo))
    if lo is None:
        return str(_("%(what)s must be %(hi)s or less", what=what, hi=hi))
    return str(_("%(what)s must be from %(lo)s to %(hi)s", what=what, lo=lo, hi=hi))


def parse_int(value: object, *, lo: int | None = None, hi: int | None = None, what: str = "This") -> int:
    """Return *value* as an int: ASCII digits (an optional sign), at most MAX_DIGITS, within [lo, hi].

    Accepts an ``int`` (not ``bool``), a ``float`` with nothing after the point (JSON's ``3.0``) or a string;
    surrounding spaces are ignored. Raises NumberError with a sentence starting with *what* otherwise.
    """
    if isinstance(value, bool):
        raise NumberError(_("%(what)s must be a whole number", what=what))
    if isinstance(value, int):
        number = value
    elif isinstance(value, float) and value.is_integer() and abs(value) < 10**MAX_DIGITS:
        number = int(value)
    elif isinstance(value, str) and _ASCII_INT.fullmatch(value.strip()):
        number = int(value.strip())
    else:
        raise NumberError(_("%(what)s must be a whole number", what=what))
    if lo is not None and number < lo:
        raise NumberError(_range_message(what, lo, hi))
    if hi is not None and number > hi:
        raise NumberError(_range_message(what, lo, hi))
    return number
