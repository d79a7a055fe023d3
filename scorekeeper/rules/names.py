"""What a name may hold: the one rule for every name in the app (games, sides, players, parties, couples).

A name is shown to everyone at the table, so it may hold any letter, digit,
space or punctuation of any script, and nothing invisible: no control or format
characters (zero-width spaces, text-direction overrides, the BOM), no
surrogates, private-use characters or line and paragraph separators. Some of
those would let one side or couple pass for another; NUL cannot even be stored.
"""

from __future__ import annotations

import unicodedata

__all__ = ["REFUSED_NAME_CATEGORIES", "HIDDEN_CHARACTER_PROBLEM", "has_hidden_character", "shown_part"]

REFUSED_NAME_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Zl", "Zp"})
HIDDEN_CHARACTER_PROBLEM = "can only hold letters, digits, spaces and punctuation (no invisible characters)"


def has_hidden_character(text: str) -> bool:
    """Whether *text* holds a character that is invisible, reorders the text or breaks the line."""
    return any(unicodedata.category(ch) in REFUSED_NAME_CATEGORIES for ch in text)


def shown_part(text: str, length: int = 30) -> str:
    """The start of *text* with every hidden character left out: safe to quote back in a message."""
    return "".join(ch for ch in text if unicodedata.category(ch) not in REFUSED_NAME_CATEGORIES)[:length]
