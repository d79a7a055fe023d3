"""Side names short enough for a column of the paper sheet, shortened the same way everywhere.

Partners become their initials ("Ann & Cathy" → "A&C"), a side of one its first name
("Alexandra Montgomery" → "Alexandra"; with four sides or more, "AM"). Where two sides would read the same, each takes
more letters, and at worst its whole name, so the columns can always be told apart.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

PARTNERS = "&"


def _people(name: str) -> list[str]:
    """The players named in a side's name ("Ann & Cathy" → ["Ann", "Cathy"])."""
    return [part.strip() for part in name.split(PARTNERS) if part.strip()]


def _initials(letters: int, narrow: bool = False) -> Callable[[str], str]:
    def shorten(name: str) -> str:
        people = _people(name)
        if len(people) < 2:
            words = name.split()
            if not words:
                return name
            if narrow and len(words) > 1:
                return "".join(word[:letters] for word in words)
            return words[0][: max(letters + 3, 4) if narrow else 12]
        return PARTNERS.join(person.split()[0][:letters] for person in people)

    return shorten


def short_name(name: str) -> str:
    """Shorten one side's name, without regard to the others."""
    return _initials(1)(name)


def short_names(names: Sequence[str]) -> list[str]:
    """Shorten every side's name the same way, each still told apart from the others.

    Four sides or more leave a narrow column: players alone go by their initials
    ("Alexandra Montgomery" → "AM") or the start of a one-word name ("Dominic" → "Domi").
    """
    narrow = len(names) >= 4
    for shorten in (_initials(1, narrow), _initials(2, narrow), _initials(3, narrow)):
        short = [shorten(name) for name in names]
        if len(set(short)) == len(short):
            return short
    return list(names)
