"""Measure the rules engine: trick and legal-play answers per second, and a 60-hand replay.

Run: .venv/bin/python benchmarks/rules.py

Times are the process's CPU time (``time.process_time``): the engine is pure computation on one core,
so a machine shared with other work slows the clock on the wall but not the figures.
The figures are written to docs/figures/rules.json, which the manual shows.
"""

from __future__ import annotations

import random
import statistics
import time

import figures

from scorekeeper.rules import (
    GameSetup,
    GameState,
    HandEntry,
    HandError,
    Rules,
    Side,
    Suit,
    deck,
    legal_plays,
    replay,
    trick_winner,
)


def _questions(rng: random.Random, count: int, rules: Rules):
    cards = deck(rules.joker)
    out = []
    for _ in range(count):
        drawn = rng.sample(cards, 9)
        played = rng.randint(1, 4)
        out.append((tuple(drawn[:played]), tuple(drawn[played : played + 5]), rng.choice(list(Suit))))
    return out


def _per_second(fn, items, repeat: int = 5) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        for item in items:
            fn(*item)
        best = min(best, time.process_time() - start)
    return len(items) / best


def _game(rng: random.Random, hands: int) -> tuple[GameSetup, list[HandEntry]]:
    setup = GameSetup(Rules(target=1000, on_the_green=False), (Side("Us", ("Ann", "Bob")), Side("Them", ("Cy", "Di"))))
    state, entries = GameState.start(setup), []
    while len(entries) < hands:
        taken = rng.randint(0, 5)
        tricks = (taken, 5 - taken)
        high = rng.choice([i for i, t in enumerate(tricks) if t])
        entry = HandEntry(bidder=rng.randrange(2), bid=rng.choice([15, 20, 25, 30]), tricks=tricks, high=high)
        try:
            state = state.apply(entry)
        except HandError:
            continue
        entries.append(entry)
    return setup, entries


def main() -> None:
    rng = random.Random(45)
    rules = Rules()
    questions = _questions(rng, 20_000, rules)
    tricks = [(trick + hand[:1], trump, rules) for trick, hand, trump in questions]
    plays = [(hand, trick, trump, rules) for trick, hand, trump in questions]
    trick_rate = _per_second(trick_winner, tricks)
    legal_rate = _per_second(legal_plays, plays)
    print(f"trick winners:  {trick_rate:>10,.0f} answers/s")
    print(f"legal plays:    {legal_rate:>10,.0f} answers/s")

    setup, entries = _game(rng, 60)
    runs = []
    for _ in range(200):
        start = time.process_time()
        replay(setup, entries)
        runs.append(time.process_time() - start)
    median, best = statistics.median(runs) * 1000, min(runs) * 1000
    print(f"60-hand replay: {median:>10.2f} ms (median of 200), best {best:.2f} ms")
    figures.write(
        "rules",
        {
            "trick_winner_per_second": int(round(trick_rate, -3)),
            "legal_plays_per_second": int(round(legal_rate, -3)),
            "clock": "CPU time of the process",
            "replay_60_hands_ms": {"median": round(median, 2), "best": round(best, 2)},
        },
    )


if __name__ == "__main__":
    main()
