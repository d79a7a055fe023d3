"""What the statistics page draws: bars of bid success, form over the season, a game's running totals, ratings.

Each picture is numbers worked out here and drawn by the template as server-side SVG, with its values
written on it and the same numbers in a table beside it. No chart library.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

from scorekeeper.rules import GameState
from scorekeeper.stats import TableStats
from scorekeeper.stats.ratings import BASE as BASE_RATING

FORM_GAMES = 10


def percent(value: Fraction | None) -> int | None:
    return None if value is None else round(value * 100)


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
    end_x: float  # where the side's final score is written, at the line's end
    end_y: float


@dataclass(frozen=True, slots=True)
class Tick:
    at: float
    label: str


@dataclass(frozen=True, slots=True)
class LineChart:
    """Each side's running total, in a box of ``width`` × ``height``: the plot between ``left`` and ``right``,
    ``top`` and ``bottom``."""

    # Text is 18 units high, so that at 360 px (the picture some 330 px wide) it reads at 16 px or more.
    width: ClassVar[int] = 360
    height: ClassVar[int] = 250
    left: ClassVar[int] = 44
    right: ClassVar[int] = 300
    top: ClassVar[int] = 14
    bottom: ClassVar[int] = 206

    lines: list[Line]
    hands: list[int]
    zero_y: float
    target: int
    target_y: float
    y_ticks: list[Tick]
    x_ticks: list[Tick]
    low: int
    high: int


LABEL_GAP = 19


def _spread(wanted: list[float], low: float, high: float) -> list[float]:
    """Positions as near *wanted* as may be, at least LABEL_GAP apart, within low..high (labels that do not overlap)."""
    order = sorted(range(len(wanted)), key=lambda i: wanted[i])
    placed = [0.0] * len(wanted)
    last = low - LABEL_GAP
    for i in order:
        placed[i] = max(wanted[i], last + LABEL_GAP)
        last = placed[i]
    overflow = last - high
    if overflow > 0:
        for i in order:
            placed[i] -= overflow
    return [round(y, 1) for y in placed]


# At most six hands named under a picture: the first, the last, and the ends of five gaps between them.
GAPS_BETWEEN_TICKS = 5


def _hand_ticks(count: int) -> list[int]:
    """The hands named under the picture: the first, the last, and a few between (at most six in all)."""
    if count <= 6:
        return list(range(1, count + 1))
    step = -(-count // GAPS_BETWEEN_TICKS)
    found = list(range(1, count, step))
    if count - found[-1] < step / 2:
        found.pop()
    return [*found, count]


def running_totals(state: GameState) -> LineChart | None:
    """Each side's score after each hand (from the engine's replay), with its axes, the target and the final scores."""
    if not state.hands:
        return None
    start = list(state.setup.start_scores)
    series = [[start[s], *[h.scores[s] for h in state.hands]] for s in range(len(start))]
    target = state.rules.target
    low = min(0, *(min(x) for x in series))
    high = max(target, *(max(x) for x in series))
    span = max(1, high - low)
    steps = max(1, len(state.hands))
    plot_w = LineChart.right - LineChart.left
    plot_h = LineChart.bottom - LineChart.top

    def x(i: int) -> float:
        return round(LineChart.left + i * plot_w / steps, 1)

    def y(value: int) -> float:
        return round(LineChart.bottom - (value - low) * plot_h / span, 1)

    ends = _spread([y(values[-1]) for values in series], LineChart.top, LineChart.bottom)
    lines = []
    for s, values in enumerate(series):
        points = " ".join(f"{x(i)},{y(v)}" for i, v in enumerate(values))
        lines.append(Line(state.setup.sides[s].name, points, values[1:], LineChart.right + 6, ends[s]))
    levels = sorted({0, low} | ({high} if high > target else set()))
    y_ticks = [Tick(y(v), str(v)) for v in levels]
    x_ticks = [Tick(x(n), str(n)) for n in _hand_ticks(len(state.hands))]
    return LineChart(
        lines,
        [h.n for h in state.hands],
        y(0),
        target,
        y(target),
        y_ticks,
        x_ticks,
        low,
        high,
    )


@dataclass(frozen=True, slots=True)
class Spark:
    """A person's rating after each of their games, as a small line: its points, first and last values."""

    points: str
    first: int
    last: int
    games: int


SPARK_WIDTH = 200
SPARK_HEIGHT = 40


def spark(values: list[int]) -> Spark | None:
    """The small "rating over the season" line; None before two games."""
    if len(values) < 2:
        return None
    series = [BASE_RATING, *values]
    low, high = min(series), max(series)
    span = max(1, high - low)
    steps = len(series) - 1
    points = " ".join(
        f"{round(i * SPARK_WIDTH / steps, 1)},{round(SPARK_HEIGHT - (v - low) * SPARK_HEIGHT / span, 1)}"
        for i, v in enumerate(series)
    )
    return Spark(points, BASE_RATING, values[-1], len(values))
