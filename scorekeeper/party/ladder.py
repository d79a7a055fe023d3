"""A club's season ladder and pots, worked out from its evenings: pure, like the rest of the party engine.

An evening of a club is an ordinary card party; the club knows which of its
members sat in each couple's two chairs and from which game (a substitute takes
a chair from the game after the player left). ``evening_result`` turns one
replayed evening and those chairs into what each member earned that evening;
``ladder`` ranks the members over a season by the club's rules:

- scoring: points by the couple's place (dense places by wins, as the prizes:
  tied couples take the same place and its points), or the games won;
- a member's evening counts for the couple's result, for each member who sat
  in it; a substitute earns the place points too, and, scoring games won, only
  the games the member sat in;
- a member in two chairs the same evening keeps the chair that scores more for
  the ladder that evening, then the one with more games won while in it, then
  the chair taken first (the earlier game, then the couple registered first);
- the best *best_of* evenings count (all when None); a member is ranked from
  *minimum* evenings attended; the others are listed below, unranked;
- ties on the total are broken by the club's chosen keys in order (games won in
  the season, the best single evening, evenings attended); members level on
  all of them share the position (1, 1, 3).

``jackpot`` carries a jackpot from evening to evening until somebody wins it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from .state import PartyState

__all__ = [
    "DEFAULT_PLACE_POINTS",
    "Chair",
    "EveningResult",
    "JackpotLine",
    "LadderLine",
    "LadderRules",
    "MemberEvening",
    "Scoring",
    "TieBreak",
    "dense_places",
    "evening_result",
    "jackpot",
    "kept_chair",
    "ladder",
]

DEFAULT_PLACE_POINTS = (8, 7, 6, 5, 4, 3, 2, 1)
MAX_PLACE_POINTS = 30
MAX_POINTS = 1000


class Scoring(StrEnum):
    """How an evening scores on the ladder."""

    PLACES = "places"
    WINS = "wins"


class TieBreak(StrEnum):
    """One way of breaking a tie on the ladder's total, in the club's order."""

    WINS = "wins"  # more games won over the whole season
    BEST = "best"  # the better best single evening
    ATTENDED = "attended"  # more evenings attended


class LadderError(ValueError):
    """A ladder setting the club cannot have: ``field`` names it (the code ``scorekeeper.words`` says)."""

    def __init__(self, field: str) -> None:
        super().__init__(field)
        self.field = field


@dataclass(frozen=True, slots=True)
class LadderRules:
    """The club's choices for its ladder."""

    scoring: Scoring = Scoring.PLACES
    place_points: tuple[int, ...] = DEFAULT_PLACE_POINTS
    best_of: int | None = None
    minimum: int = 0
    tie_breaks: tuple[TieBreak, ...] = (TieBreak.WINS, TieBreak.BEST)

    def __post_init__(self) -> None:
        if not 1 <= len(self.place_points) <= MAX_PLACE_POINTS:
            raise LadderError("place_points")
        if any(not 0 <= p <= MAX_POINTS for p in self.place_points):
            raise LadderError("place_points")
        if self.best_of is not None and self.best_of < 1:
            raise LadderError("best_of")
        if self.minimum < 0:
            raise LadderError("minimum")
        if len(set(self.tie_breaks)) != len(self.tie_breaks):
            raise LadderError("tie_breaks")


@dataclass(frozen=True, slots=True)
class Chair:
    """A member in one of a couple's two chairs from *from_game* on (1 for the whole evening)."""

    couple: int
    slot: int
    member: int
    from_game: int = 1


@dataclass(frozen=True, slots=True)
class MemberEvening:
    """What one member earned in one chair of one evening (from game *from_game* on)."""

    member: int
    couple: int
    place: int
    wins: int
    from_game: int = 1


@dataclass(frozen=True, slots=True)
class EveningResult:
    """One evening as the ladder sees it: each chair a member sat in, with the couple's place and the member's wins
    in that chair (a member in two chairs has two lines; the ladder keeps one)."""

    key: str
    members: tuple[MemberEvening, ...]


def dense_places(wins: Sequence[int], couples: Iterable[int]) -> dict[int, int]:
    """Each couple's place by dense ranking of wins (18, 18, 16: first, first, second)."""
    who = list(couples)
    levels = sorted({wins[c] for c in who}, reverse=True)
    rank = {level: n for n, level in enumerate(levels, start=1)}
    return {c: rank[wins[c]] for c in who}


def _holder(chairs: Sequence[Chair], game: int) -> int | None:
    """The member in a chair during *game*: the last one seated there from that game or earlier."""
    held = [c for c in chairs if c.from_game <= game]
    return max(held, key=lambda c: c.from_game).member if held else None


def evening_result(key: str, state: PartyState, chairs: Iterable[Chair]) -> EveningResult:
    """What each member earned in the replayed evening *state*, given who sat in which chair."""
    by_chair: dict[tuple[int, int], list[Chair]] = {}
    for chair in chairs:
        if 0 <= chair.couple < len(state.couples):
            by_chair.setdefault((chair.couple, chair.slot), []).append(chair)
    standings = state.standings()
    seated = {c for seating in state.seatings for c in seating.seated()}
    played = [c.index for c in state.couples if c.index in seated]
    place_of = dense_places(standings.wins, played)
    earned: list[MemberEvening] = []
    for (couple, _slot), sitting in sorted(by_chair.items()):
        if couple not in place_of:
            continue
        wins_of: dict[int, int] = {}
        first_game: dict[int, int] = {}
        for chair in sitting:
            wins_of[chair.member] = 0
            first_game[chair.member] = min(first_game.get(chair.member, chair.from_game), chair.from_game)
        for game in standings.punched[couple]:
            holder = _holder(sitting, game)
            if holder is not None:
                wins_of[holder] += 1
        for member, wins in wins_of.items():
            earned.append(MemberEvening(member, couple, place_of[couple], wins, first_game[member]))
    return EveningResult(key, tuple(sorted(earned, key=lambda x: (x.member, x.from_game, x.couple))))


@dataclass(frozen=True, slots=True)
class LadderLine:
    """One member on the ladder."""

    member: int
    position: int | None  # None: not ranked (fewer evenings than the minimum)
    total: int
    counted: tuple[int, ...]  # the evening scores that count, best first
    scores: tuple[int, ...]  # every evening's score, in season order
    attended: int
    wins: int
    best: int


def score_of(line: MemberEvening, rules: LadderRules) -> int:
    """One member's score for one evening."""
    if rules.scoring is Scoring.WINS:
        return line.wins
    return rules.place_points[line.place - 1] if line.place <= len(rules.place_points) else 0


def kept_chair(lines: Iterable[MemberEvening], rules: LadderRules) -> MemberEvening:
    """Of one member's chairs in one evening, the one that counts: more for the ladder, more games won, earlier."""
    return min(lines, key=lambda x: (-score_of(x, rules), -x.wins, x.from_game, x.couple))


def ladder(
    evenings: Sequence[EveningResult], rules: LadderRules, merged: Mapping[int, int] | None = None
) -> tuple[LadderLine, ...]:
    """The season's ladder: ranked members first by position, then the unranked by total.

    *merged* maps a member merged into another to the one kept: their evenings count as the kept member's.
    """
    merged = merged or {}

    def kept(member: int) -> int:
        seen = set()
        while member in merged and member not in seen:
            seen.add(member)
            member = merged[member]
        return member

    scores: dict[int, list[int]] = {}
    wins: dict[int, int] = {}
    for evening in evenings:
        chairs_tonight: dict[int, list[MemberEvening]] = {}
        for line in evening.members:
            chairs_tonight.setdefault(kept(line.member), []).append(line)
        for who, chairs in chairs_tonight.items():
            line = kept_chair(chairs, rules)
            scores.setdefault(who, []).append(score_of(line, rules))
            wins[who] = wins.get(who, 0) + line.wins
    lines = []
    for member, all_scores in scores.items():
        best_first = tuple(sorted(all_scores, reverse=True))
        counted = best_first if rules.best_of is None else best_first[: rules.best_of]
        lines.append(
            LadderLine(
                member=member,
                position=None,
                total=sum(counted),
                counted=counted,
                scores=tuple(all_scores),
                attended=len(all_scores),
                wins=wins[member],
                best=best_first[0],
            )
        )

    def key(line: LadderLine) -> tuple[int, ...]:
        breaks = {TieBreak.WINS: line.wins, TieBreak.BEST: line.best, TieBreak.ATTENDED: line.attended}
        return (-line.total, *(-breaks[t] for t in rules.tie_breaks))

    ranked = sorted((line for line in lines if line.attended >= rules.minimum), key=lambda x: (key(x), x.member))
    unranked = sorted((line for line in lines if line.attended < rules.minimum), key=lambda x: (key(x), x.member))
    out: list[LadderLine] = []
    for n, ranked_line in enumerate(ranked, start=1):
        position = out[-1].position if out and key(out[-1]) == key(ranked_line) else n
        out.append(_with_position(ranked_line, position))
    return (*out, *unranked)


def _with_position(line: LadderLine, position: int | None) -> LadderLine:
    return LadderLine(line.member, position, line.total, line.counted, line.scores, line.attended, line.wins, line.best)


@dataclass(frozen=True, slots=True)
class JackpotLine:
    """The jackpot at one evening: what was in it before, what was added, whether it was won, what goes on."""

    before: int
    added: int
    won: bool

    @property
    def pot(self) -> int:
        return self.before + self.added

    @property
    def carried(self) -> int:
        return 0 if self.won else self.pot


def jackpot(evenings: Sequence[tuple[int, bool]]) -> tuple[JackpotLine, ...]:
    """The jackpot evening by evening, from each evening's (amount added, won): carried over while nobody wins it."""
    out: list[JackpotLine] = []
    before = 0
    for added, won in evenings:
        line = JackpotLine(before, added, won)
        out.append(line)
        before = line.carried
    return tuple(out)
