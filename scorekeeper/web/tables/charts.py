"""What the statistics page draws: bars of bid success, form over the season, a game's running totals.

Each picture is numbers worked out here and drawn by the template (CSS bars, one small SVG),
with the same numbers in a table beside it for screen readers. No chart library.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from scorekeeper.rules import GameState
from scorekeeper.stats import THIRTIES, TableStats

FORM_GAMES = 10
CHART_WIDTH = 320
CHART_HEIGHT = 180


def percent(value: Fraction | None) -> int | None:
    return None if value is None else round(value * 100)


@dataclass(frozen=True, slots=True)
class Leader:
    person: str
    name: str
    games: int
    won: int
    win_rate: int | None
    thirties: tuple[int, int]  # 30s (and more) bid, made


def leaders(stats: TableStats, names: dict[str, str]) -> list[Leader]:
    """People by games won, then win rate: who won most this season, and who makes their 30s."""
    found = []
    for person, f in stats.people.items():
        bid = made = 0
        for label, b, m in f.bids():
            if label in THIRTIES:
                bid += b
                made += m
        found.append(Leader(person, names.get(person, person), f.games, f.won, percent(f.win_rate), (bid, made)))
    return sorted(found, key=lambda x: (-x.won, -(x.win_rate or 0), x.name.casefold()))


@dataclass(frozen=True, slots=True)
class Bar:
    bid: str
    times: int
    made: int
    percent: int


def bid_bars(stats: TableStats, names: dict[str, str]) -> list[tuple[str, str, list[Bar]]]:
    """Per person: each bid level, how often bid and made, and the share made (the bar's length)."""
    found = []
    for person, f in stats.people.items():
        bars = [Bar(label, b, m, round(100 * m / b) if b else 0) for label, b, m in f.bids()]
        found.append((person, names.get(person, person), bars))
    return sorted(found, key=lambda x: x[1].casefold())


def form(stats: TableStats, names: dict[str, str]) -> list[tuple[str, list[bool]]]:
    """Per person, the last games finished in the season, won or lost, oldest first."""
    return sorted(
        ((names.get(p, p), f.results[-FORM_GAMES:]) for p, f in stats.people.items() if f.results),
        key=lambda x: x[0].casefold(),
    )


@dataclass(frozen=True, slots=True)
class Line:
    name: str
    points: str  # the SVG polyline's points
    totals: list[int]


@dataclass(frozen=True, slots=True)
class LineChart:
    lines: list[Line]
    hands: list[int]
    width: int
    height: int
    zero_y: float
    target_y: float | None
    low: int
    high: int


def running_totals(state: GameState) -> LineChart | None:
    """Each side's score after each hand (from the engine's replay), scaled into a small SVG."""
    if not state.hands:
        return None
    start = list(state.setup.start_scores)
    series = [[start[s], *[h.scores[s] for h in state.hands]] for s in range(len(start))]
    target = state.rules.target
    low = min(0, *(min(x) for x in series))
    high = max(target, *(max(x) for x in series))
    span = max(1, high - low)
    steps = max(1, len(state.hands))

    def y(value: int) -> float:
        return round(CHART_HEIGHT - (value - low) * CHART_HEIGHT / span, 1)

    lines = []
    for s, values in enumerate(series):
        points = " ".join(f"{round(i * CHART_WIDTH / steps, 1)},{y(v)}" for i, v in enumerate(values))
        lines.append(Line(state.setup.sides[s].name, points, values[1:]))
    return LineChart(lines, [h.n for h in state.hands], CHART_WIDTH, CHART_HEIGHT, y(0), y(target), low, high)
