"""Prizes: places by distinct numbers of wins, ties and how they are settled, booby prize, cookie jar.

Places are dense: with 18, 18, 16, 15, 15 wins the two 18s share first place, the
16 is second on its own and the two 15s share third. A shared place is a tie for
that place's prize, settled in one of three ways:

- split: only when every tied couple says yes;
- cutting the deck: each couple cuts, the lowest card wins (ace low); couples
  level on the lowest card cut again;
- a play-off: once any tied couple wants one, splitting and cutting are off, and
  each of the others plays off or forfeits.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from ..rules.cards import Card, CardError
from .model import PartyError, Problem

__all__ = [
    "Booby",
    "Place",
    "Settlement",
    "TieState",
    "booby_prize",
    "cookie_jar_winners",
    "cut_value",
    "draw_cookie_jar",
    "places",
]


@dataclass(frozen=True, slots=True)
class Place:
    """One prize place: its number, the couples on that many wins, and whether they tie."""

    place: int
    couples: tuple[int, ...]
    wins: int

    @property
    def tied(self) -> bool:
        return len(self.couples) > 1


@dataclass(frozen=True, slots=True)
class Booby:
    """The couples with the fewest wins."""

    couples: tuple[int, ...]
    wins: int


def places(wins: Sequence[int], prizes: int, eligible: Sequence[int] | None = None) -> tuple[Place, ...]:
    """Return the *prizes* best places by dense ranking of *wins* (couple index -> wins)."""
    who = list(range(len(wins))) if eligible is None else list(eligible)
    levels = sorted({wins[c] for c in who}, reverse=True)[:prizes]
    return tuple(Place(n, tuple(c for c in who if wins[c] == level), level) for n, level in enumerate(levels, start=1))


def booby_prize(
    wins: Sequence[int], prize_places: Sequence[Place], eligible: Sequence[int] | None = None
) -> Booby | None:
    """Return the couples with the fewest wins, unless they already hold a prize place."""
    who = list(range(len(wins))) if eligible is None else list(eligible)
    if not who:
        return None
    fewest = min(wins[c] for c in who)
    if any(place.wins == fewest for place in prize_places):
        return None
    return Booby(tuple(c for c in who if wins[c] == fewest), fewest)


def draw_cookie_jar(count: int, games: int, seed: int) -> tuple[int, ...]:
    """Draw *count* different game numbers from 1..games, sorted; the same seed draws the same."""
    return tuple(sorted(random.Random(seed).sample(range(1, games + 1), count)))


def cookie_jar_winners(numbers: Sequence[int], punched: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """Return the couples that won every game number in the jar."""
    if not numbers:
        return ()
    wanted = set(numbers)
    return tuple(c for c, games in enumerate(punched) if wanted <= set(games))


def cut_value(card: str) -> int:
    """Return a cut card's value for "low card wins": ace 1, two to ten, jack 11, queen 12, king 13."""
    try:
        parsed = Card.parse(card)
    except CardError:
        raise PartyError(Problem.NOT_A_CARD, "cards", card=card) from None
    if parsed.rank is None:
        raise PartyError(Problem.JOKER_CUT, "cards")
    return 1 if parsed.rank == 14 else parsed.rank


class Settlement(StrEnum):
    """How a tie for a place stands."""

    OPEN = "open"
    CUTTING = "cutting"
    PLAY_OFF = "play-off"
    SPLIT = "split"
    CUT = "cut"
    PLAYED_OFF = "played-off"


@dataclass(slots=True)
class TieState:
    """The settling of one tied place, built up entry by entry."""

    place: int
    couples: tuple[int, ...]
    how: Settlement = Settlement.OPEN
    winners: tuple[int, ...] = ()
    in_contention: tuple[int, ...] = ()
    wanted_play_off: tuple[int, ...] = ()
    forfeited: tuple[int, ...] = ()
    cuts: list[tuple[tuple[int, str], ...]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.in_contention:
            self.in_contention = self.couples

    @property
    def settled(self) -> bool:
        return self.how in (Settlement.SPLIT, Settlement.CUT, Settlement.PLAYED_OFF)

    def _not_settled(self) -> None:
        if self.settled:
            raise PartyError(Problem.TIE_SETTLED, "place", conflict=True, place=self.place)

    def _open_for(self, what: str) -> None:
        self._not_settled()
        if self.how is Settlement.PLAY_OFF and what != "play-off":
            raise PartyError(Problem.PLAY_OFF_ASKED, "place", place=self.place)
        if self.how is Settlement.CUTTING and what not in ("cut", "play-off"):
            raise PartyError(Problem.CUT_UNDER_WAY, "place", place=self.place)

    def _check(self, couple: int) -> None:
        if couple not in self.couples:
            raise PartyError(Problem.NOT_TIED_COUPLE, "couple", place=self.place)

    def split(self, agreed: Sequence[int]) -> None:
        """Split the prize, only with every tied couple's yes."""
        self._open_for("split")
        for couple in agreed:
            self._check(couple)
        missing = [c for c in self.couples if c not in agreed]
        if missing:
            raise PartyError(Problem.SPLIT_NEEDS_ALL, "agreed")
        self.how, self.winners = Settlement.SPLIT, self.couples

    def cut(self, cards: Sequence[tuple[int, str]]) -> None:
        """Record one round of cuts: the lowest card wins; a tie for lowest cuts again."""
        self._open_for("cut")
        who = [c for c, _card in cards]
        if sorted(who) != sorted(self.in_contention):
            raise PartyError(Problem.CUT_EACH_ONCE, "cards")
        values = {c: cut_value(card) for c, card in cards}
        low = min(values.values())
        lowest = tuple(c for c in self.in_contention if values[c] == low)
        self.cuts.append(tuple(cards))
        if len(lowest) == 1:
            self.how, self.winners, self.in_contention = Settlement.CUT, lowest, lowest
        else:
            self.how, self.in_contention = Settlement.CUTTING, lowest

    def want_play_off(self, couple: int) -> None:
        """A tied couple asks for a play-off: from now on the others play off or forfeit."""
        self._check(couple)
        if self.how is Settlement.CUTTING:
            raise PartyError(Problem.CUT_UNDER_WAY, "place", place=self.place)
        self._open_for("play-off")
        if couple not in self.in_contention:
            raise PartyError(Problem.FORFEITED, "couple")
        self.how = Settlement.PLAY_OFF
        if couple not in self.wanted_play_off:
            self.wanted_play_off += (couple,)

    def forfeit(self, couple: int) -> None:
        """A tied couple gives up rather than play off; the last one left wins."""
        self._check(couple)
        self._not_settled()
        if self.how is not Settlement.PLAY_OFF:
            raise PartyError(Problem.FORFEIT_WITHOUT_PLAY_OFF, "couple")
        if couple in self.wanted_play_off:
            raise PartyError(Problem.ASKER_CANNOT_FORFEIT, "couple")
        if couple not in self.in_contention:
            raise PartyError(Problem.FORFEITED, "couple", conflict=True)
        self.forfeited += (couple,)
        self.in_contention = tuple(c for c in self.in_contention if c != couple)
        if len(self.in_contention) == 1:
            self.how, self.winners = Settlement.PLAYED_OFF, self.in_contention

    def play_off_won(self, couple: int) -> None:
        """The play-off's winner takes the place."""
        self._check(couple)
        self._not_settled()
        if self.how is not Settlement.PLAY_OFF:
            raise PartyError(Problem.PLAY_OFF_NOT_ASKED, "couple")
        if couple not in self.in_contention:
            raise PartyError(Problem.FORFEITED, "couple")
        self.how, self.winners = Settlement.PLAYED_OFF, (couple,)
