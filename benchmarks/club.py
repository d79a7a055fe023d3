"""Measure a club's winter: 30 evenings of 100 couples (200 of 260 regulars each night), 25 games each.

Times the ladder alone (the pure computation from the 30 evenings replayed) and
the app on a real SQLite database: the ladder page (the public link), the hall
board with the ladder and the JSON ladder, each with the season already worked
out at this version, just after a corrected result (one evening replayed again
from its last state, the ladder recounted), and from nothing (every evening
replayed from its log). The target is under 100 ms for the ladder page and the
hall board once the evenings are replayed.

Run: .venv/bin/python benchmarks/club.py [--repeat 20]

The figures are written to docs/figures/club.json, which the manual shows.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from datetime import date, timedelta
from pathlib import Path

import figures
from measure import fresh_app, show, timed

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorekeeper.party import AddCouple, Couple, PartySetup, Start, replay  # noqa: E402
from scorekeeper.party.ladder import Chair, LadderRules, evening_result, ladder  # noqa: E402

EVENINGS = 30
COUPLES = 100
GAMES = 25
REGULARS = 260
TARGET_MS = 100


def evening(seed: int):
    """One evening's log and who sat in which chair (club numbers)."""
    rng = random.Random(seed)
    players = rng.sample(range(1, REGULARS + 1), COUPLES * 2)
    setup = PartySetup(f"Evening {seed}", games=GAMES, prizes=3)
    entries = [AddCouple(Couple(f"{players[2 * i]} & {players[2 * i + 1]}")) for i in range(COUPLES)] + [Start()]
    chairs = [Chair(i, slot, players[2 * i + slot]) for i in range(COUPLES) for slot in (0, 1)]
    state = replay(setup, entries)
    while not state.finished:
        for table in state.missing():
            entry = state.result_entry(state.game, table.number, table.seats[rng.randrange(2)])
            state = state.apply(entry)
            entries.append(entry)
    return setup, entries, chairs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()

    season = [evening(seed) for seed in range(1, EVENINGS + 1)]
    results = sum(1 for _s, entries, _c in season for e in entries if type(e).__name__ == "Result")
    print(f"{EVENINGS} evenings x {COUPLES} couples x {GAMES} games: {results} results, {REGULARS} regulars")

    print("\nThe ladder alone (engine):")
    states = [replay(setup, entries) for setup, entries, _c in season]
    rules = LadderRules(best_of=20, minimum=5)

    def engine_ladder():
        worked = [evening_result(str(n), s, c) for n, (s, (_a, _b, c)) in enumerate(zip(states, season, strict=True))]
        return ladder(worked, rules)

    times = timed(engine_ladder, args.repeat)
    show("30 evening results and the ladder", times)
    measured: dict[str, dict] = {
        "engine": {"median_ms": round(statistics.median(times), 1), "least_ms": round(min(times), 1)},
        "worked_out": {},
        "after_correction": {},
        "from_nothing": {},
    }

    app = fresh_app("club", rate_limits=False)

    from scorekeeper.platform.extensions import db
    from scorekeeper.store import clubs
    from scorekeeper.store import parties as store
    from scorekeeper.store.models import Club, ClubChair, ClubEvening, ClubMember, Party, PartyEntry

    with app.app_context():
        club = Club(name="Legion Branch 12", currency="CAD", settings=clubs.settings_of(rules))
        db.session.add(club)
        db.session.flush()
        for number in range(1, REGULARS + 1):
            db.session.add(ClubMember(club_id=club.id, number=number, name=f"Regular {number}", active=True))
        first = date(2026, 10, 2)
        party_ids = []
        for n, (setup, entries, chairs) in enumerate(season):
            party = Party(name=setup.name, held_on=first + timedelta(days=7 * n), settings=store.settings_of(setup))
            db.session.add(party)
            db.session.flush()
            party_ids.append(party.id)
            for i, entry in enumerate(entries, start=1):
                kind, data = store.entry_row(entry)
                db.session.add(PartyEntry(party_id=party.id, n=i, kind=kind, data=data))
            db.session.add(ClubEvening(party_id=party.id, club_id=club.id, season="2026-2027", pots={"entry_fee": 500}))
            db.session.flush()
            for chair in chairs:
                db.session.add(
                    ClubChair(party_id=party.id, couple=chair.couple, slot=chair.slot, number=chair.member, from_game=1)
                )
        db.session.commit()
        club_id = club.id

    client = app.test_client()
    pages = [
        ("ladder page (public link)", f"/clubs/{club_id}"),
        ("hall board with the ladder", f"/clubs/{club_id}/board"),
        ("JSON ladder (API)", f"/api/v1/clubs/{club_id}/ladder"),
    ]
    keys = dict(zip((label for label, _path in pages), ("ladder", "board", "json"), strict=True))

    def get(path: str):
        response = client.get(path)
        assert response.status_code == 200, (path, response.status_code)
        return response

    corrections = iter(range(10**6))

    def correct_one_result() -> None:
        """A corrected result in the last evening: its version moves on, the ladder must follow."""
        with app.app_context():
            _row, state = store.load(party_ids[-1])
            game = 1 + next(corrections) % GAMES
            table = state.seating_of(game).tables[0]
            loser = table.seats[1 - state.results[game - 1][1]]
            store.write(party_ids[-1], lambda s: [s.result_entry(game, 1, loser, correct=True)])

    def after_correction(path: str):
        def run():
            correct_one_result()
            start = time.perf_counter()
            get(path)
            return (time.perf_counter() - start) * 1000

        return run

    def cold(path: str):
        def run():
            app.extensions.pop("party_states", None)
            app.extensions.pop("club_seasons", None)
            app.extensions.pop("club_evening_results", None)
            get(path)

        return run

    print(f"\nThe app, whole request through Flask on SQLite ({args.repeat} each):")
    print(" season worked out at this version (render only):")
    medians = {}
    for label, path in pages:
        get(path)
        size = len(get(path).data)
        medians[label] = show(label, timed(lambda path=path: get(path), args.repeat), f"   {size} bytes")
        measured["worked_out"][keys[label]] = {"median_ms": round(medians[label], 1), "bytes": size}
    print(" just after a corrected result (one evening replayed from its last state, the ladder recounted):")
    for label, path in pages:
        run = after_correction(path)
        median = show(label, [run() for _ in range(args.repeat)])
        measured["after_correction"][keys[label]] = {"median_ms": round(median, 1)}
    print(" from nothing (all 30 evenings replayed from their logs):")
    cold_repeat = max(3, args.repeat // 5)
    for label, path in pages:
        median = show(label, timed(cold(path), cold_repeat))
        measured["from_nothing"][keys[label]] = {"median_ms": round(median, 1)}
    worst = max(medians[label] for label, _p in pages[:2])
    verdict = "under" if worst < TARGET_MS else "OVER"
    print(f"\nLadder page and hall board: {worst:.1f} ms at the median, {verdict} the {TARGET_MS} ms target.")
    figures.write(
        "club",
        {
            "evenings": EVENINGS,
            "couples": COUPLES,
            "games": GAMES,
            "regulars": REGULARS,
            "results": results,
            "repeat": args.repeat,
            "cold_repeat": cold_repeat,
            "target_ms": TARGET_MS,
            **measured,
            "target_met": worst < TARGET_MS,
        },
    )


if __name__ == "__main__":
    main()
