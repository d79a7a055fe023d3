"""Measure how fairly couples sit out over many random evenings with late and gone couples (the rules of the evening, docs/players/card-parties.md).

Plays evenings of 3 to 15 couples, 25 games, couples arriving and going home at random between
games, random winners. Prints the largest difference in games sat out between two couples there
all evening (the rule book's promise: at most one) and how long the evenings took to play, and writes
them to docs/figures/party-sit-out.json, which the manual shows.

Run: .venv/bin/python benchmarks/party_sit_out.py [--evenings 1000]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

import figures

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorekeeper.party import AddCouple, Couple, Gone, PartyError, PartySetup, PartyState, Start, replay  # noqa: E402

GAMES = 25


def evening(seed: int) -> PartyState:
    rng = random.Random(seed)
    count = rng.randint(3, 15)
    entries = [AddCouple(Couple(f"Couple {i + 1}")) for i in range(count)] + [Start()]
    state = replay(PartySetup("Evening", games=GAMES), entries)
    while not state.finished:
        if rng.random() < 0.15:
            change = AddCouple(Couple("Late")) if rng.random() < 0.5 else Gone(rng.randrange(len(state.couples)))
            try:
                state = state.apply(change)
            except PartyError:
                pass  # too late, already gone, or fewer than two would be left: refused
        for table in state.missing():
            state = state.apply(state.result_entry(state.game, table.number, table.seats[rng.randrange(2)]))
    return state


def spread(state: PartyState) -> int:
    """The most games sat out minus the fewest, among couples there all evening."""
    there = [c.index for c in state.couples if all(c.plays(g) for g in range(1, GAMES + 1))]
    outs = Counter(s.sits_out for s in state.seatings if s.sits_out is not None)
    return max(outs[c] for c in there) - min(outs[c] for c in there) if there else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--evenings", type=int, default=1000)
    args = parser.parse_args()
    started = time.perf_counter()
    spreads = Counter(spread(evening(seed)) for seed in range(args.evenings))
    took = time.perf_counter() - started
    print(f"{args.evenings} evenings of {GAMES} games, couples coming late and going home at random")
    print(f"  largest difference in games sat out (couples there all evening): {max(spreads)}")
    print(f"  evenings by that difference: {dict(sorted(spreads.items()))}")
    print(f"  played in {took:.1f} s ({1000 * took / args.evenings:.1f} ms an evening)")
    figures.write(
        "party-sit-out",
        {
            "evenings": args.evenings,
            "games": GAMES,
            "couples": {"least": 3, "most": 15},
            "largest_difference": max(spreads),
            "evenings_by_difference": {str(k): v for k, v in sorted(spreads.items())},
            "ms_an_evening": round(1000 * took / args.evenings, 1),
        },
    )


if __name__ == "__main__":
    main()
