"""One reader for whole numbers typed into forms, query strings and JSON.

``str.isdigit`` accepts "²" and "٣", and ``int`` refuses strings of more than
4,300 digits; both turned bad input into a server error. Every number a person
or a program sends goes through ``parse_int`` instead.
"""

from __future__ import annotations

import re

__all__ = ["MAX_DIGITS", "NumberError", "parse_int"]

MAX_DIGITS = 9
_ASCII_INT = re.compile(rf"[+-]?[0-9]{{1,{MAX_DIGITS}}}")


class NumberError(ValueError):
    """A value that is not a whole number in range; the message says so in a player's words."""


def parse_int(value: object, *, lo: int | None = None, hi: int | None = None, what: str = "This") -> int:
    """Return *value* as an int: ASCII digits (an optional sign), at most MAX_DIGITS, within [lo, hi].

    Accepts an ``int`` (not ``bool``) or a string; surrounding spaces are ignored.
    Raises NumberError with a sentence starting with *what* otherwise.
    """
    if isinstance(value, bool):
        raise NumberError(f"{what} must be a whole number")
    if isinstance(value, int):
        number = value
    elif isinstance(value, str) and _ASCII_INT.fullmatch(value.strip()):
        number = int(value.strip())
    else:
        raise NumberError(f"{what} must be a whole number")
    if lo is not None and number < lo:
        raise NumberError(f"{what} must be {lo} or more" if hi is None else f"{what} must be from {lo} to {hi}")
    if hi is not None and number > hi:
        raise NumberError(f"{what} must be {hi} or less" if lo is None else f"{what} must be from {lo} to {hi}")
    return number
