"""The handicap prize of a club's evening: each player's handicap from their earlier evenings of the season.

A player's handicap is the field's mean games won per evening minus the player's own mean over their last
10 evenings, rounded to the nearest half game (halves away from zero) and held within ±3; a player with
fewer than 3 evenings has none (and counts 0 in a couple). A couple's handicap is the mean of its two
players'. The prize ranks the evening's couples by games won plus handicap, places shared on a tie (dense,
as the evening's own places). It never changes the evening's places nor the ladder: it only reads them.

The evenings counted are the season's evenings *before* the one the prize is for, so a couple knows its
handicap when it sits down.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import floor

from .ladder import EveningResult

LAST_EVENINGS = 10
FIRST_AFTER = 3
LIMIT = 3


def _half(value: Fraction) -> Fraction:
    """*value* to the nearest half, halves away from zero."""
    sign = -1 if value < 0 else 1
    return sign * Fraction(floor(abs(value) * 2 + Fraction(1, 2)), 2)


def player_handicaps(earlier: Sequence[EveningResult]) -> dict[int, Fraction]:
    """Each player's handicap from the evenings given (oldest first); players with fewer than 3 are left out."""
    own: dict[int, list[int]] = {}
    total = count = 0
    for evening in earlier:
        for line in evening.members:
            own.setdefault(line.member, []).append(line.wins)
            total += line.wins
            count += 1
    if not count:
        return {}
    field = Fraction(total, count)
    found = {}
    for member, wins in own.items():
        if len(wins) < FIRST_AFTER:
            continue
        last = wins[-LAST_EVENINGS:]
        found[member] = max(Fraction(-LIMIT), min(Fraction(LIMIT), _half(field - Fraction(sum(last), len(last)))))
    return found


def couple_handicap(members: Iterable[int], players: Mapping[int, Fraction]) -> Fraction:
    """The mean of the couple's two players' handicaps (a player without one counts 0)."""
    seated = list(dict.fromkeys(members))[:2]
    return sum((players.get(m, Fraction(0)) for m in seated), Fraction(0)) / 2


@dataclass(frozen=True, slots=True)
class HandicapLine:
    """One couple on the handicap prize list: its place, games won, handicap and the two added."""

    place: int
    couple: int
    wins: int
    handicap: Fraction

    @property
    def total(self) -> Fraction:
        return self.wins + self.handicap


def handicap_prize(wins: Mapping[int, int], handicaps: Mapping[int, Fraction]) -> list[HandicapLine]:
    """The couples by games won + handicap, highest first; equal totals share the place (1, 1, 2)."""
    totals = {c: w + handicaps.get(c, Fraction(0)) for c, w in wins.items()}
    levels = sorted(set(totals.values()), reverse=True)
    place = {level: n for n, level in enumerate(levels, start=1)}
    return sorted(
        (HandicapLine(place[totals[c]], c, wins[c], handicaps.get(c, Fraction(0))) for c in wins),
        key=lambda line: (line.place, line.couple),
    )
