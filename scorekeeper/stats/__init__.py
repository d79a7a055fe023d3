"""Statistics of a table that plays week after week: per person, per pair, head to head, over a season.

Pure Python like ``scorekeeper.rules`` and ``scorekeeper.party``; it reads only
what the rules engine's replay of each game says (made or set, the bid, the
deltas, the standings, the winner and why), never a rule of its own.

Two steps, so that a table of hundreds of games is not replayed on every view:

- ``summarize(state)`` turns one game's replayed state into a ``GameSummary``
  (per side), with its codec (``to_dict``/``from_dict``) so the store keeps it
  beside the game, written with every change of its hand log;
- ``table_stats(records)`` adds the summaries of a table's games up per person
  and per pair, given who sat on each side (``GameRecord``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import Field, dataclass, field, fields
from datetime import date
from fractions import Fraction
from itertools import combinations
from typing import Any

from scorekeeper.rules import BIDS, SPECIAL_BIDS, GameState, Standing, WinReason
from scorekeeper.rules.bidding import Bid, bid_needs

__all__ = [
    "BEST_PARTNER_GAMES",
    "BID_ORDER",
    "bid_key",
    "THIRTIES",
    "SideFigures",
    "GameSummary",
    "GameRecord",
    "Figures",
    "PersonFigures",
    "PairFigures",
    "HeadToHead",
    "TableStats",
    "summarize",
    "table_stats",
    "combine",
]

# The order bid levels are listed in (keys as the bid is written): the engine's bids, then its special ones.
BID_ORDER = tuple(str(bid) for bid in BIDS) + tuple(SPECIAL_BIDS)
# "Their 30s": the highest plain bid and every special bid (each needs 30 or all five tricks).
THIRTIES = (str(max(BIDS)), *SPECIAL_BIDS)
# Partners count as each other's best only over this many games together, or more.
BEST_PARTNER_GAMES = 3
# The shape of a stored summary: one stored in an older shape is worked out again from the game.
SUMMARY_FORMAT = 2


def bid_key(bid: Bid) -> str:
    """A bid as the statistics key it, the API's bid name: ``15`` … ``30``, ``30-for-60``, ``60-for-120``, ``slam``."""
    return str(bid)


def _bid_key(label: str) -> tuple[int, str]:
    return (BID_ORDER.index(label) if label in BID_ORDER else len(BID_ORDER), label)


def _in_bid_order(by_bid: Mapping[str, Sequence[int]]) -> list[tuple[str, Sequence[int]]]:
    return sorted(by_bid.items(), key=lambda kv: _bid_key(kv[0]))


def _as_dict(figures: SideFigures | Figures, names: tuple[Field[Any], ...]) -> dict[str, Any]:
    """The figures by the names of *names*, the bids (``by_bid``) as lists in the order of the bids."""
    out = {f.name: getattr(figures, f.name) for f in names}
    out["by_bid"] = {label: list(counts) for label, counts in _in_bid_order(figures.by_bid)}
    return out


@dataclass(frozen=True, slots=True)
class SideFigures:
    """What one side did in one game, read from the engine's replay."""

    hands: int = 0  # hands the side played (not benched or eliminated)
    bid: int = 0  # hands the side bid (bagged ones included)
    made: int = 0
    set: int = 0
    by_bid: Mapping[str, tuple[int, int]] = field(default_factory=dict)  # bid -> (bid, made)
    bid_total: int = 0  # sum of what the bids needed, for the average bid
    points: int = 0  # sum of the side's score changes (deltas)
    sets_inflicted: int = 0  # hands another side bid and was set while this side defended
    bagged: int = 0  # hands this side bid because it was bagged
    out_as_bidder: bool = False  # won by bidding and making it at the target
    won_from_green: bool = False  # won, and stood on the green at some moment before the winning hand
    green_seen: bool = False  # stood on the green at the start or after any hand so far

    def to_dict(self) -> dict[str, Any]:
        return _as_dict(self, fields(SideFigures))

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SideFigures:
        by_bid = {str(k): (int(v[0]), int(v[1])) for k, v in dict(data.get("by_bid", {})).items()}
        return cls(
            hands=int(data["hands"]),
            bid=int(data["bid"]),
            made=int(data["made"]),
            set=int(data["set"]),
            by_bid=by_bid,
            bid_total=int(data["bid_total"]),
            points=int(data["points"]),
            sets_inflicted=int(data["sets_inflicted"]),
            bagged=int(data["bagged"]),
            out_as_bidder=bool(data["out_as_bidder"]),
            won_from_green=bool(data["won_from_green"]),
            green_seen=bool(data["green_seen"]),
        )


@dataclass(frozen=True, slots=True)
class GameSummary:
    """One game as the statistics need it: its hands, its winner, and each side's figures."""

    hands: int
    winner: int | None
    sides: tuple[SideFigures, ...]
    green: bool = False  # played with on_the_green: only such games count for "won from the green"

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": SUMMARY_FORMAT,
            "hands": self.hands,
            "winner": self.winner,
            "green": self.green,
            "sides": [s.to_dict() for s in self.sides],
        }

    @staticmethod
    def current(data: Mapping[str, Any]) -> bool:
        """Whether a stored summary has today's shape (an older one is worked out again from its game)."""
        return data.get("format") == SUMMARY_FORMAT

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameSummary:
        winner = data.get("winner")
        return cls(
            hands=int(data["hands"]),
            winner=None if winner is None else int(winner),
            sides=tuple(SideFigures.from_dict(s) for s in data["sides"]),
            green=bool(data.get("green", False)),
        )


def summarize(state: GameState, before: GameSummary | None = None) -> GameSummary:
    """Sum up a replayed game per side: bids made and set per bid, points, sets inflicted, bagged, how it was won.

    *before*, the summary of the same game one hand earlier (the state this one was reached from by one hand), is
    carried on by the last hand alone, with the same result as summing up every hand again.
    """
    n_sides = len(state.scores)
    start = 0
    seed: tuple[SideFigures, ...] = tuple(SideFigures() for _ in range(n_sides))
    if before is not None and before.hands == len(state.hands) - 1 and len(before.sides) == n_sides:
        start, seed = before.hands, before.sides
    hands = [f.hands for f in seed]
    bid = [f.bid for f in seed]
    made = [f.made for f in seed]
    set_ = [f.set for f in seed]
    by_bid: list[dict[str, list[int]]] = [{k: list(v) for k, v in f.by_bid.items()} for f in seed]
    bid_total = [f.bid_total for f in seed]
    points = [f.points for f in seed]
    inflicted = [f.sets_inflicted for f in seed]
    bagged = [f.bagged for f in seed]
    green_line = state.rules.green_line
    # On the green at some moment so far: the start scores count (a game carried on from paper at 95).
    seen = [f.green_seen for f in seed]
    if start == 0 and green_line is not None:
        seen = [score >= green_line for score in state.setup.start_scores]
    seen_before_last = list(seen)
    for i in range(start, len(state.hands)):
        hand = state.hands[i]
        # A side eliminated by the hand before this one no longer plays.
        before_last = state.hands[i - 1].standing if i else ()
        benched_before = frozenset(s for s in range(n_sides) if i and Standing.ELIMINATED in (before_last[s] or ()))
        for s in range(n_sides):
            points[s] += hand.deltas[s]
            if s not in benched_before:
                hands[s] += 1
        if hand.bidder is not None and hand.bid is not None and hand.made is not None:
            b = hand.bidder
            label = bid_key(hand.bid)
            bid[b] += 1
            bid_total[b] += bid_needs(hand.bid)
            entry = by_bid[b].setdefault(label, [0, 0])
            entry[0] += 1
            if hand.made:
                made[b] += 1
                entry[1] += 1
            else:
                set_[b] += 1
                for s in range(n_sides):
                    if s != b and s != hand.partner and s not in benched_before:
                        inflicted[s] += 1
            if hand.bagged:
                bagged[b] += 1
        seen_before_last = list(seen)
        for s in range(n_sides):
            seen[s] = seen[s] or Standing.ON_THE_GREEN in (hand.standing[s] or ())
    winner = state.winner
    last = state.hands[-1] if state.hands else None
    sides = []
    for s in range(n_sides):
        won = winner == s
        sides.append(
            SideFigures(
                hands=hands[s],
                bid=bid[s],
                made=made[s],
                set=set_[s],
                by_bid={k: (v[0], v[1]) for k, v in by_bid[s].items()},
                bid_total=bid_total[s],
                points=points[s],
                sets_inflicted=inflicted[s],
                bagged=bagged[s],
                out_as_bidder=won and state.won_by == WinReason.BIDDER_GOES_OUT and last is not None,
                won_from_green=won and last is not None and green_line is not None and seen_before_last[s],
                green_seen=seen[s],
            )
        )
    return GameSummary(len(state.hands), winner, tuple(sides), green=green_line is not None)


# -- A table's games, added up -----------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game of a table: when, who sat on each side (people's ids), and its summary."""

    game: str
    played: date
    sides: tuple[tuple[str, ...], ...]
    summary: GameSummary


@dataclass(slots=True)
class Figures:
    """Counts that add up over games: for a person, a pair, or a person merged from two."""

    games: int = 0
    won: int = 0
    hands: int = 0
    hands_bid: int = 0
    bids_made: int = 0
    bids_set: int = 0
    by_bid: dict[str, list[int]] = field(default_factory=dict)  # bid -> [bid, made]
    bid_total: int = 0
    points: int = 0
    sets_inflicted: int = 0
    bagged: int = 0
    out_as_bidder: int = 0
    won_from_green: int = 0
    green_games: int = 0  # games played with on_the_green (won from the green counts only those)

    def add(self, side: SideFigures, won: bool, green: bool = True) -> None:
        self.games += 1
        self.won += int(won)
        self.hands += side.hands
        self.hands_bid += side.bid
        self.bids_made += side.made
        self.bids_set += side.set
        for label, (b, m) in side.by_bid.items():
            entry = self.by_bid.setdefault(label, [0, 0])
            entry[0] += b
            entry[1] += m
        self.bid_total += side.bid_total
        self.points += side.points
        self.sets_inflicted += side.sets_inflicted
        self.bagged += side.bagged
        self.out_as_bidder += int(side.out_as_bidder)
        self.won_from_green += int(side.won_from_green)
        self.green_games += int(green)

    @property
    def win_rate(self) -> Fraction | None:
        return Fraction(self.won, self.games) if self.games else None

    @property
    def average_bid(self) -> Fraction | None:
        return Fraction(self.bid_total, self.hands_bid) if self.hands_bid else None

    @property
    def points_per_hand(self) -> Fraction | None:
        return Fraction(self.points, self.hands) if self.hands else None

    @property
    def from_green(self) -> int | None:
        """Games won from the green; None (not applicable) without a game played with the green."""
        return self.won_from_green if self.green_games else None

    @property
    def set_rate(self) -> Fraction | None:
        return Fraction(self.bids_set, self.hands_bid) if self.hands_bid else None

    @property
    def made_rate(self) -> Fraction | None:
        return Fraction(self.bids_made, self.hands_bid) if self.hands_bid else None

    def bids(self) -> list[tuple[str, int, int]]:
        """(bid, times bid, times made), in the order of the bids."""
        return [(k, v[0], v[1]) for k, v in _in_bid_order(self.by_bid)]

    def counts(self) -> dict[str, Any]:
        """The figures that add up, for comparing and combining."""
        return _as_dict(self, fields(Figures))


@dataclass(slots=True)
class PersonFigures(Figures):
    """A person's figures, with the results in date order (for streaks and form)."""

    results: list[bool] = field(default_factory=list)  # finished games: won or not, oldest first
    best_partner: tuple[str, ...] | None = None  # the pair (with this person) with the best record

    @property
    def longest_streak(self) -> int:
        best = run = 0
        for won in self.results:
            run = run + 1 if won else 0
            best = max(best, run)
        return best

    @property
    def current_streak(self) -> int:
        """Games won in a row up to the latest (0 after a loss)."""
        run = 0
        for won in reversed(self.results):
            if not won:
                break
            run += 1
        return run


@dataclass(slots=True)
class PairFigures(Figures):
    """Two people who sat on the same side."""


@dataclass(slots=True)
class HeadToHead:
    """Two pairs that played each other: games between them, and the first pair's wins."""

    pair: tuple[str, str]
    against: tuple[str, str]
    games: int = 0
    won: int = 0
    lost: int = 0


@dataclass(slots=True)
class TableStats:
    """Everything the statistics page and the API show, for the games given."""

    people: dict[str, PersonFigures]
    pairs: dict[tuple[str, ...], PairFigures]
    head_to_head: list[HeadToHead]
    games: int


def _pairs_of(side: Sequence[str]) -> list[tuple[str, ...]]:
    return [tuple(sorted(p)) for p in combinations(sorted(set(side)), 2)]


def table_stats(records: Iterable[GameRecord]) -> TableStats:
    """Add up the games per person, per pair and pair against pair, oldest game first.

    Games of the same day keep the order they are given in (the order they were played).
    """
    ordered = sorted(records, key=lambda r: r.played)
    people: dict[str, PersonFigures] = {}
    pairs: dict[tuple[str, ...], PairFigures] = {}
    h2h: dict[tuple[tuple[str, ...], tuple[str, ...]], HeadToHead] = {}
    for record in ordered:
        summary = record.summary
        over = summary.winner is not None
        for s, seated in enumerate(record.sides):
            side = summary.sides[s]
            won = summary.winner == s
            for person in dict.fromkeys(seated):
                someone = people.setdefault(person, PersonFigures())
                someone.add(side, won, summary.green)
                if over:
                    someone.results.append(won)
            for pair in _pairs_of(seated):
                pairs.setdefault(pair, PairFigures()).add(side, won, summary.green)
        if len(record.sides) == 2 and all(len(set(side)) == 2 for side in record.sides):
            a, b = (tuple(sorted(set(side))) for side in record.sides)
            for mine_i, (me, them) in enumerate(((a, b), (b, a))):
                entry = h2h.setdefault((me, them), HeadToHead(me, them))  # type: ignore[arg-type]
                entry.games += 1
                if summary.winner == mine_i:
                    entry.won += 1
                elif over:
                    entry.lost += 1
    for person, figures in people.items():
        theirs = [(pair, f) for pair, f in pairs.items() if person in pair and f.games >= BEST_PARTNER_GAMES]
        if theirs:
            best = sorted(theirs, key=lambda pf: (-(pf[1].win_rate or 0), -pf[1].games, pf[0]))[0]
            figures.best_partner = best[0]
    return TableStats(
        people=dict(sorted(people.items())),
        pairs=dict(sorted(pairs.items())),
        head_to_head=sorted(h2h.values(), key=lambda h: (h.pair, h.against)),
        games=len(ordered),
    )


def combine(*figures: Figures) -> dict[str, Any]:
    """The counts of several entries added together (what a merge of them must give)."""
    total = Figures()
    for f in figures:
        for name, value in f.counts().items():
            if name == "by_bid":
                for label, (b, m) in value.items():
                    entry = total.by_bid.setdefault(label, [0, 0])
                    entry[0] += b
                    entry[1] += m
            else:
                setattr(total, name, getattr(total, name) + value)
    return total.counts()
