"""Measure the rules engine: trick and legal-play answers per second, and a 60-hand replay.

Run: .venv/bin/python benchmarks/rules.py
"""

from __future__ import annotations

import random
import statistics
import time

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
        start = time.perf_counter()
        for item in items:
            fn(*item)
        best = min(best, time.perf_counter() - start)
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
    print(f"trick winners:  {_per_second(trick_winner, tricks):>10,.0f} answers/s")
    print(f"legal plays:    {_per_second(legal_plays, plays):>10,.0f} answers/s")

    setup, entries = _game(rng, 60)
    runs = []
    for _ in range(200):
        start = time.perf_counter()
        replay(setup, entries)
        runs.append(time.perf_counter() - start)
    print(f"60-hand replay: {statistics.median(runs) * 1000:>10.2f} ms (median of 200), best {min(runs) * 1000:.2f} ms")


if __name__ == "__main__":
    main()
