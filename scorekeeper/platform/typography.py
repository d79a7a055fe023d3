"""Typography by rule: the catalog's sentences and the numbers on a page follow their language's conventions.

French, as Acadian and Québec print it:

- one apostrophe, ``’`` (never ``'``), outside HTML tags;
- a narrow no-break space (U+202F) before ``;``, ``?`` and ``!``, and inside ``« »``;
- a no-break space (U+00A0) before ``:`` where a space stands (``Authorization: Bearer`` stays as typed);
- a true minus sign (U+2212) before a negative number (``−60``, never ``-60``);
- thousands grouped with a narrow no-break space (``1 000``), as Babel's locale data does (years excepted).

``translations update`` applies ``typeset`` to every French message, so a new one arrives right; the tests hold
every message and every rendered page to it. Numbers put into sentences or shown on pages go through
``number`` (Babel's ``format_decimal`` for the page's language, with the minus sign).
"""

from __future__ import annotations

import re
from collections.abc import Callable

APOSTROPHE = "\u2019"
NARROW = "\u202f"  # narrow no-break space
NO_BREAK = "\u00a0"  # no-break space
MINUS = "\u2212"

_SPACES = f"[ {NO_BREAK}{NARROW}]"
# Outside tags, and not inside an entity such as &amp; (whose ';' is no punctuation).
_KEPT = re.compile(r"<[^<>]*>|&(?:#\d+|#x[0-9a-fA-F]+|\w+);")
_BEFORE_HIGH = re.compile(rf"(?<=\S){_SPACES}*(?=[;?!](?:\s|$|[)»<\"\0]|{_SPACES}))")
_BEFORE_COLON = re.compile(rf"(?<=\S){_SPACES}+(?=:)")
_OPEN_QUOTE = re.compile(rf"«{_SPACES}*")
_CLOSE_QUOTE = re.compile(rf"{_SPACES}*»")
_HYPHEN_MINUS = re.compile(r"(?<![\w\-−.,/])-(?=\d)")
# A whole number of four digits or more, not part of a date, a time, a code or a decimal; years are left alone.
_LONG_NUMBER = re.compile(r"(?<!ISO )(?<![\w\-:/.,\u202f])(\d{4,})(?![\w\-:/]|[.,]\d)")


def _group(match: re.Match[str]) -> str:
    digits = match.group(1)
    if len(digits) == 4 and 1900 <= int(digits) <= 2099:
        return digits
    head = len(digits) % 3 or 3
    return NARROW.join([digits[:head], *(digits[i : i + 3] for i in range(head, len(digits), 3))])


def typeset_french(sentence: str) -> str:
    """*sentence* with French typography, its HTML tags and entities left as they are."""
    # Each tag and entity stands aside as one mark while the text around it is typeset.
    kept = [match.group(0) for match in _KEPT.finditer(sentence)]
    text = _KEPT.sub("\0", sentence)
    text = text.replace("'", APOSTROPHE)
    text = _BEFORE_HIGH.sub(NARROW, text)
    text = _BEFORE_COLON.sub(NO_BREAK, text)
    text = _OPEN_QUOTE.sub("«" + NARROW, text)
    text = _CLOSE_QUOTE.sub(NARROW + "»", text)
    text = _HYPHEN_MINUS.sub(MINUS, text)
    text = _LONG_NUMBER.sub(_group, text)
    for part in kept:
        text = text.replace("\0", part, 1)
    return text


def _as_is(sentence: str) -> str:
    return sentence


TYPESETTERS: dict[str, Callable[[str], str]] = {"fr": typeset_french}


def typeset(language: str, sentence: str) -> str:
    """*sentence* typeset by the rules of *language* (unchanged for a language without rules here)."""
    return TYPESETTERS.get(language.split("_")[0].split("-")[0], _as_is)(sentence)


def with_minus(formatted: str) -> str:
    """A formatted number with a true minus sign in place of a hyphen."""
    return formatted.replace("-", MINUS)
