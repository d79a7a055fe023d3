"""A skill rating per person that knows partners: each game updates everyone who sat in it, team by team.

The model is Weng–Lin's Bayesian approximation with Plackett–Luce ranking, as the ``openskill`` package
implements it (a pure computation: no web part, no storage). Partners are one team; players alone each
their own; the winner ranks first, the others by final score. Everyone starts at the library's defaults
(mean 25, uncertainty 25/3).

What a player sees is the conservative figure ``max(0, round(1000 + 40 × (mean − 3 × uncertainty)))``
(a newcomer shows 1000), *settling* until 10 rated games.

Games are taken in the order they were played. A ``RatingBook`` remembers, for each game rated, what
it changed; given the games again with one of them corrected (its key changed), ``rate`` takes the book
back to just before that game and rates from it on: the games before it are not rated again.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from openskill.models import PlackettLuce

__all__ = [
    "BASE",
    "SCALE",
    "SETTLED_GAMES",
    "Match",
    "Skill",
    "RatingBook",
    "shown",
    "rate",
    "ranks_by_score",
    "lines",
    "model",
    "rate_one",
    "skill_of",
]

BASE = 1000
SCALE = 40
SETTLED_GAMES = 10


def shown(mu: float, sigma: float) -> int:
    """The conservative figure a player sees: 1000 for a newcomer, never below 0."""
    return max(0, round(BASE + SCALE * (mu - 3 * sigma)))


@dataclass(frozen=True, slots=True)
class Match:
    """One game as the rating sees it: who sat on each team, and each team's rank (1 first; equal ranks tie).

    *key* names the game as it stands (its id and version): a corrected game has a new key.
    """

    key: Hashable
    teams: tuple[tuple[str, ...], ...]
    ranks: tuple[int, ...]


def ranks_by_score(scores: Sequence[int], winner: int | None) -> tuple[int, ...]:
    """The winner first, then the others by final score (equal scores share a rank)."""
    order = sorted(
        range(len(scores)),
        key=lambda s: (s != winner, -scores[s]),
    )
    ranks = [0] * len(scores)
    rank = 0
    for at, s in enumerate(order):
        if at == 0 or s == winner or order[at - 1] == winner or scores[order[at - 1]] != scores[s]:
            rank = at + 1
        ranks[s] = rank
    return tuple(ranks)


@dataclass(frozen=True, slots=True)
class Skill:
    """One person's rating: the model's mean and uncertainty, and how many games rated it."""

    mu: float
    sigma: float
    games: int
    # The library's own value of it, passed back to the next game as it is (making one costs more than the rating).
    raw: Any = field(compare=False, repr=False)

    @property
    def rating(self) -> int:
        return shown(self.mu, self.sigma)

    @property
    def settling(self) -> bool:
        return self.games < SETTLED_GAMES


@dataclass(slots=True)
class RatingBook:
    """The ratings after a run of games, and what each game changed (to go back to any game and rate on)."""

    keys: list[Hashable] = field(default_factory=list)
    skills: dict[str, Skill] = field(default_factory=dict)
    # Per game rated: each person it changed, with their skill before it (None: not rated before).
    undo: list[dict[str, Skill | None]] = field(default_factory=list)
    # Per person: (index of the game, rating shown after it), oldest first, for the "rating over the season" line.
    trail: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    rated: int = 0  # games rated when this book was made (the rest came from the book it started from)

    def skill(self, person: str) -> Skill:
        return self.skills.get(person) or _newcomer()

    def ordered(self) -> list[tuple[str, Skill]]:
        """Everyone rated, highest rating first (then most games, then id)."""
        return sorted(self.skills.items(), key=lambda ps: (-ps[1].rating, -ps[1].games, ps[0]))


def _model() -> PlackettLuce:
    return PlackettLuce()


def _newcomer(model: PlackettLuce | None = None) -> Skill:
    start = (model or _model()).rating()
    return Skill(float(start.mu), float(start.sigma), 0, start)


def _common(kept: Sequence[Hashable], keys: Sequence[Hashable]) -> int:
    """How many games at the start of both runs are the same game, unchanged."""
    n = 0
    for a, b in zip(kept, keys):
        if a is not b and a != b:  # the same key object for a game kept unchanged: no comparing its parts
            break
        n += 1
    return n


def _back_to(book: RatingBook, at: int) -> RatingBook:
    """A new book holding the ratings just before game *at* of *book* (which is left as it was)."""
    skills = dict(book.skills)
    for changed in reversed(book.undo[at:]):
        for person, before in changed.items():
            if before is None:
                skills.pop(person, None)
            else:
                skills[person] = before
    trail = {}
    for person, points in book.trail.items():
        # Each person's points are in the order of the games: cut where the games from *at* on begin.
        kept = points[: bisect_left(points, (at,))] if points and points[-1][0] >= at else list(points)
        if kept:
            trail[person] = kept
    return RatingBook(list(book.keys[:at]), skills, list(book.undo[:at]), trail, 0)


def rate(matches: Sequence[Match], kept: RatingBook | None = None) -> RatingBook:
    """Rate the games in order; from *kept* (the book of an earlier run), only from the first game that differs."""
    keys = [m.key for m in matches]
    start = _common(kept.keys, keys) if kept is not None else 0
    if kept is not None and start == len(kept.keys) == len(keys):
        return kept
    book = _back_to(kept, start) if kept is not None else RatingBook()
    model = _model()
    skills, trail = book.skills, book.trail
    for at in range(start, len(matches)):
        match = matches[at]
        changed: dict[str, Skill | None] = {}
        for person, now in rate_one(model, skills, match).items():
            changed[person] = skills.get(person)
            skills[person] = now
            trail.setdefault(person, []).append((at, now.rating))
        book.undo.append(changed)
        book.keys.append(match.key)
    book.rated = len(matches) - start
    return book


def model() -> PlackettLuce:
    """The rating model, made once by a caller that rates many games."""
    return _model()


def skill_of(mu: float, sigma: float, games: int, model: PlackettLuce | None = None) -> Skill:
    """A person's skill as stored (mean, uncertainty, games), ready to be rated on."""
    return Skill(mu, sigma, games, (model or _model()).rating(mu=mu, sigma=sigma))


def rate_one(model: PlackettLuce, skills: Mapping[str, Skill], match: Match) -> dict[str, Skill]:
    """Each person *match* rated, with their skill after it (*skills*: everyone's before it, left as it was)."""
    # A person seated twice in one game counts once, on the first team they sit in.
    seen: set[str] = set()
    teams: list[list[str]] = []
    ranks: list[float] = []
    for given, rank in zip(match.teams, match.ranks):
        mine = [p for p in dict.fromkeys(given) if p not in seen]
        seen.update(mine)
        if mine:
            teams.append(mine)
            ranks.append(float(rank))
    if len(teams) < 2:
        return {}
    before = [[skills.get(p) or _newcomer(model) for p in team] for team in teams]
    # The library copies what it is given, so each person's value is passed back as it is; every value
    # in one game is a different object (the library's copy would make two of the same one).
    after = model.rate([[s.raw for s in team] for team in before], ranks=ranks)
    return {
        person: Skill(float(new.mu), float(new.sigma), old.games + 1, new)
        for seated, old_team, new_team in zip(teams, before, after)
        for person, old, new in zip(seated, old_team, new_team)
    }


def lines(book: RatingBook, people: Mapping[str, str] | None = None) -> dict[str, list[int]]:
    """Each person's rating after each of their games, oldest first (the "rating over the season" line)."""
    wanted = book.trail if people is None else {p: book.trail.get(p, []) for p in people}
    return {p: [r for _at, r in points] for p, points in wanted.items()}
