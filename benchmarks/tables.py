"""Measure a table with a long history: 500 games of 40 hands (20,000 hands), on a real SQLite database.

Times the whole request through Flask for the history page, the statistics page
and the full JSON export (and the CSV): cold, the first request of an app just
started (a new app on the same database: nothing kept in memory yet), against
300 ms, and warm, against 100 ms; then the statistics of tables of 125, 250 and
500 of those games, to show their cost grows in step with the games (each
game's summary is kept with its version: no game is replayed on a view). Last,
an import of 5,000 games of 2 hands through the API, against 10 s, and the same
import sent again with its Idempotency-Key.

Then the ratings (a partnership-aware rating per person, openskill), stored as results are written: of
the 500-game table, and of a club's season of 30 evenings of 100 couples (25 games each: 37,500 games at
tables), cold (a new app reading them as stored) and warm (nothing changed, or one result of the last
evening corrected), against 300 ms cold and 50 ms warm; beside them, what a correction's write costs, and
the ratings worked out from nothing, as a read does for results stored before the ratings were.

Run: .venv/bin/python benchmarks/tables.py [--games 500] [--repeat 10] [--evenings 30] [--couples 100]
     [--import-games 5000] [--import-only] [--pages-only] [--ratings-only]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import figures
from measure import fresh_app, timed
from sqlalchemy import delete, select, update

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorekeeper.rules import GameSetup, HandEntry, HandError, Rules, Side, replay  # noqa: E402
from scorekeeper.store.models import RatingPoint, RatingRun  # noqa: E402

HANDS = 40
COLD_TARGET_MS = 300
IMPORT_TARGET_S = 10
# What the app keeps per game version (and per season) in each process.
KEPT = ("game_exports", "game_csv", "game_summaries", "table_stats", "game_states")
TARGET_MS = 100
ROSTER = ["Ann", "Bob", "Cy", "Di", "Eve", "Fay", "Gus", "Hal"]


def one_game(rng: random.Random, hands: int = HANDS) -> tuple[GameSetup, list[HandEntry]]:
    """Two pairs of the roster, *hands* hands that keep the game going (the last may end it)."""
    four = rng.sample(ROSTER, 4)
    setup = GameSetup(
        Rules(),
        (Side(f"{four[0]} & {four[2]}", (four[0], four[2])), Side(f"{four[1]} & {four[3]}", (four[1], four[3]))),
    )
    state = replay(setup, ())
    entries = []
    for n in range(1, hands + 1):
        candidates = []
        for _ in range(12):
            bidder = rng.randrange(2)
            bid = rng.choice(state.allowed_bids(bidder))
            took = rng.choice([0, 5, 10, 15, 20, 25, 30])
            points = (took, 30 - took) if bidder == 0 else (30 - took, took)
            candidates.append(HandEntry(bidder=bidder, bid=bid, points=points))
        leader = 0 if state.scores[0] >= state.scores[1] else 1
        other = 1 - leader
        candidates.append(HandEntry(bidder=leader, bid=30, points=(0, 30) if leader == 0 else (30, 0)))
        candidates.append(HandEntry(bidder=other, bid=15, points=(30, 0) if other == 0 else (0, 30)))
        for entry in candidates:
            try:
                after = state.apply(entry)
            except HandError:
                continue
            if after.over and n < hands:
                continue
            state = after
            entries.append(entry)
            break
        else:
            break
    return setup, entries


def show(label: str, times: list[float], extra: str = "") -> float:
    median = statistics.median(times)
    verdict = "ok" if median < TARGET_MS else f"OVER {TARGET_MS} ms"
    print(f"  {label:<40} min {min(times):7.2f} ms   median {median:7.2f} ms   {verdict}{extra}")
    return median


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--repeat", type=int, default=10)
    parser.add_argument("--import-games", type=int, default=5000)
    parser.add_argument("--import-only", action="store_true", help="Only the import of --import-games games.")
    parser.add_argument("--ratings-only", action="store_true", help="Only the ratings (the table's and the club's).")
    parser.add_argument("--pages-only", action="store_true", help="Only the pages of the table, cold and warm.")
    parser.add_argument("--cold-repeat", type=int, default=5, help="Restarts for each page's cold request.")
    parser.add_argument(
        "--no-figures", dest="figures", action="store_false", help="Do not write docs/figures/tables.json."
    )
    parser.add_argument("--evenings", type=int, default=30)
    parser.add_argument("--couples", type=int, default=100)
    args = parser.parse_args()

    app = fresh_app("tables", rate_limits=False)
    if args.import_only:
        measure_import(app.test_client(), random.Random(45), args.import_games, args.figures)
        return

    from scorekeeper.platform.extensions import db
    from scorekeeper.store import games as game_store
    from scorekeeper.store import tables as store
    from scorekeeper.store.models import Game, Hand, Player, Table, TableGame, TablePerson
    from scorekeeper.store.models import Side as SideRow

    rng = random.Random(45)
    start = time.perf_counter()
    with app.app_context():
        people = {name: n for n, name in enumerate(ROSTER, start=1)}
        tables = {}
        for size in sorted({args.games // 4, args.games // 2, args.games}):
            table = Table(name=f"Tuesday ({size} games)", version=1)
            table.people = [TablePerson(number=n, name=name) for name, n in people.items()]
            db.session.add(table)
            tables[size] = table
        db.session.flush()
        day = datetime(2026, 1, 6, 19, 0, tzinfo=UTC)
        hands_stored = 0
        for i in range(args.games):
            setup, entries = one_game(rng)
            state = replay(setup, entries)
            game = Game(
                rules=setup.rules.to_dict(),
                first_dealer=0,
                version=1 + len(entries),
                created_at=day + timedelta(days=i // 3, minutes=i % 3 * 40),
                **game_store._totals(state),  # the stored totals and summary, as every write keeps them
            )
            game.sides = [SideRow(index=s, name=side.name) for s, side in enumerate(setup.sides)]
            game.players = [
                Player(seat=k, name=seat.player, side_index=seat.side) for k, seat in enumerate(setup.seats)
            ]
            game.hands = [
                Hand(n=k, **game_store._hand_values(entry, result))
                for k, (entry, result) in enumerate(zip(entries, state.hands, strict=True), start=1)
            ]
            hands_stored += len(entries)
            db.session.add(game)
            db.session.flush()
            sides = [[people[p] for p in side.players] for side in setup.sides]
            for size, table in tables.items():
                if i < size:
                    db.session.add(TableGame(table_id=table.id, game_id=game.id, sides=sides))
        db.session.commit()
        ids = {size: (t.id, t.edit_token) for size, t in tables.items()}
        stored = time.perf_counter()
        from scorekeeper.store import ratings

        for table_id, _token in ids.values():
            ratings.table_written(table_id)  # as each game's winning hand would have, here all at once
        rated_in = time.perf_counter() - stored
    print(
        f"{args.games} games, {hands_stored} hands stored in {time.perf_counter() - start:.1f} s "
        f"(their ratings stored in {rated_in:.1f} s)"
    )

    if args.ratings_only:
        measure_ratings(app, ids[args.games][0], args)
        return
    client = app.test_client()
    table_id, token = ids[args.games]
    base = f"/tables/{table_id}/{token}"
    season = "?from=2026-01-01&to=2027-12-31"
    pages = [
        ("history", "history page (every game)", base),
        ("statistics", "statistics page (the season)", base + "/stats" + season),
        ("export_json", "full export, JSON (every hand)", base + "/export.json"),
        ("export_csv", "full export, CSV (every hand)", base + "/export.csv"),
        ("api_statistics", "statistics, JSON API", f"/api/v1/tables/{table_id}/stats"),
    ]
    print(
        f"\nThe app, whole request through Flask on SQLite: cold, the first request of an app just started "
        f"(target {COLD_TARGET_MS} ms; median of {args.cold_repeat} restarts), and warm (median of {args.repeat}; "
        f"target {TARGET_MS} ms):"
    )
    from scorekeeper import create_app

    measured: dict[str, dict[str, float]] = {}
    load_before = os.getloadavg()[0]
    for key, label, path in pages:
        headers = {"Authorization": f"Bearer {token}"} if path.startswith("/api/") else {}

        def run(path=path, headers=headers):
            response = client.get(path, headers=headers)
            assert response.status_code == 200, (path, response.status_code)

        colds, cold_cpus = [], []
        for _ in range(args.cold_repeat):
            started = create_app()  # a restart: a new app, its own connections, nothing kept in memory
            cold_client = started.test_client()
            begin, cpu = time.perf_counter(), time.process_time()
            cold = cold_client.get(path, headers=headers)
            colds.append((time.perf_counter() - begin) * 1000)
            cold_cpus.append((time.process_time() - cpu) * 1000)
            assert cold.status_code == 200, (path, cold.status_code)
            with started.app_context():
                started.extensions["sqlalchemy"].engines[None].dispose()
        first, first_cpu = statistics.median(colds), statistics.median(cold_cpus)
        verdict = "ok" if first <= COLD_TARGET_MS else f"OVER {COLD_TARGET_MS} ms"
        size = len(client.get(path, headers=headers).data)
        warm = show(
            label,
            timed(run, args.repeat),
            f"   {size:,} bytes   cold {first:.0f} ms (CPU {first_cpu:.0f} ms; least {min(colds):.0f} ms, "
            f"CPU {min(cold_cpus):.0f} ms) {verdict}",
        )
        measured[key] = {
            "warm_ms": round(warm, 1),
            "cold_ms": round(first),
            "cold_cpu_ms": round(first_cpu),
            "cold_least_ms": round(min(colds)),
            "cold_least_cpu_ms": round(min(cold_cpus)),
            "bytes": size,
        }
    if args.figures:
        record_figures(
            "pages",
            {
                "games": args.games,
                "hands": hands_stored,
                "cold_repeat": args.cold_repeat,
                "load_average_start": round(load_before, 1),
                "load_average_end": round(os.getloadavg()[0], 1),
                **measured,
            },
        )

    if args.pages_only:
        return
    print("\nThe statistics as the games grow (read the summaries, add them up; no replay):")
    from scorekeeper.stats import table_stats

    per_game = []
    for size, (tid, _token) in sorted(ids.items()):
        with app.app_context():

            def work(tid=tid):
                table = store.load_table(tid)
                table_stats(store.season(table)[1])  # not the kept season: added up every time
                db.session.remove()

            for name in KEPT:
                app.extensions.pop(name, None)
            work()  # the summaries read once (as after a restart), then added up each time
            best = min(timed(work, args.repeat))
        per_game.append(best / size)
        print(f"  {size:>5} games   best {best:7.2f} ms   {1000 * best / size:6.1f} µs a game")
    spread = max(per_game) / min(per_game)
    print(f"  cost a game, largest over smallest: {spread:.2f} (1.00 is exactly linear)")
    measure_ratings(app, ids[args.games][0], args)
    if args.import_games:
        measure_import(client, rng, args.import_games, args.figures)


def measure_ratings(app, table_id: str, args: argparse.Namespace) -> None:
    """The ratings of the table and of a club's season; their figures to docs/figures/ratings.json."""
    table = ratings_of_a_table(app, table_id, args.games, args.repeat)
    club = ratings_of_a_club_season(app, args.evenings, args.couples, args.repeat)
    if args.figures and (args.games, args.evenings, args.couples) == (500, 30, 100):
        figures.write(
            "ratings",
            {
                "aim_cold_ms": RATING_COLD_MS,
                "aim_warm_ms": RATING_WARM_MS,
                "table": table,
                "club": club,
                # A read within its aim, cold and warm, for the table and for the club's season (by their medians).
                "reads_met": all(
                    part[way]["median"] <= aim
                    for part in (table, club)
                    for way, aim in (("cold", RATING_COLD_MS), ("warm", RATING_WARM_MS))
                ),
            },
        )


def record_figures(section: str, values: dict) -> None:
    """Write *values* as *section* of docs/figures/tables.json, keeping the sections measured by other runs."""
    try:
        kept = figures.read("tables")
    except FileNotFoundError:
        kept = {}
    sections = {k: v for k, v in kept.items() if k not in ("measured", "machine", "load_average")}
    sections[section] = {"measured": time.strftime("%Y-%m-%d", time.gmtime()), **values}
    figures.write("tables", sections)


def measure_import(client, rng: random.Random, games: int, write: bool = True) -> None:
    """Bring back a season of *games* games of 2 hands through the API, then send it again with its key."""
    import json

    start = datetime(2026, 1, 6, 19, 0, tzinfo=UTC)
    exported = []
    for i in range(games):
        setup, entries = one_game(rng, hands=2)
        state = replay(setup, entries)
        exported.append(
            {
                "started": (start + timedelta(minutes=40 * i)).isoformat().replace("+00:00", "Z"),
                "finished_at": None,
                "rules": setup.rules.to_dict(),
                "sides": [{"name": side.name, "players": list(side.players)} for side in setup.sides],
                "first_dealer": 0,
                "start_scores": None,
                "scores": list(state.scores),
                "winner": state.winner,
                "hands": [{"n": n, **entry.to_dict()} for n, entry in enumerate(entries, start=1)],
            }
        )
    body = json.dumps({"format": "forty-fives-table", "version": 1, "name": "A whole winter", "games": exported})
    headers = {"Idempotency-Key": "benchmark-winter"}
    print(f"\nAn import through the API: {games:,} games of 2 hands, {len(body) / 2**20:.2f} MB of JSON:")
    load_before = os.getloadavg()[0]
    found = {}
    for key, label in (
        ("first", "first send (reads, replays, writes)"),
        ("again", "sent again with its Idempotency-Key"),
    ):
        begin, cpu = time.perf_counter(), time.process_time()
        response = client.post("/api/v1/tables/import", data=body, content_type="application/json", headers=headers)
        took, took_cpu = time.perf_counter() - begin, time.process_time() - cpu
        assert response.status_code in (200, 201), response.get_data(as_text=True)[:300]
        verdict = "ok" if took <= IMPORT_TARGET_S else f"OVER {IMPORT_TARGET_S} s"
        print(f"  {label:<40} {took:6.2f} s (CPU {took_cpu:.2f} s)   answered {response.status_code}   {verdict}")
        found[key] = {"s": round(took, 2), "cpu_s": round(took_cpu, 2), "status": response.status_code}
    if write:
        record_figures(
            "import",
            {
                "games": games,
                "megabytes": round(len(body) / 1e6, 1),
                "load_average_start": round(load_before, 1),
                "load_average_end": round(os.getloadavg()[0], 1),
                **found,
            },
        )


# -- Ratings ------------------------------------------------------------------------------------------

RATING_COLD_MS = 300
RATING_WARM_MS = 50
# The last evening's last games are reported one table at a time, each result timed with its ratings.
ONE_BY_ONE_GAMES = 3
RATING_KEPT = (
    "rating_books",
    "rating_steps",
    "rating_evening_matches",
    "club_seasons",
    "club_evening_results",
    "party_states",
)


def clocked(fn, repeat: int, before=None) -> dict[str, float]:
    """Call *fn* *repeat* times (after *before*, untimed, each time): least and median wall time, median CPU, ms."""
    wall, cpu = [], []
    for _ in range(repeat):
        if before is not None:
            before()
        begin, begin_cpu = time.perf_counter(), time.process_time()
        fn()
        wall.append((time.perf_counter() - begin) * 1000)
        cpu.append((time.process_time() - begin_cpu) * 1000)
    return {
        "min": round(min(wall), 1),
        "median": round(statistics.median(wall), 1),
        "cpu_median": round(statistics.median(cpu), 1),
    }


def show_against(label: str, figures: dict[str, float], target: float | None) -> dict[str, float]:
    median = figures["median"]
    verdict = "" if target is None else "ok" if median <= target else f"OVER {target:.0f} ms"
    print(
        f"  {label:<58} min {figures['min']:8.1f} ms   median {median:8.1f} ms   "
        f"CPU {figures['cpu_median']:8.1f} ms   {verdict}"
    )
    return figures


def first_reads(read, repeat: int) -> dict[str, float]:
    """*read* as the first work of an app just started (its own connections, nothing kept in memory)."""
    from scorekeeper import create_app
    from scorekeeper.platform.extensions import db

    wall, cpu = [], []
    for _ in range(repeat):
        started = create_app()
        with started.app_context():
            begin, begin_cpu = time.perf_counter(), time.process_time()
            read()
            wall.append((time.perf_counter() - begin) * 1000)
            cpu.append((time.process_time() - begin_cpu) * 1000)
            db.engine.dispose()
    return {
        "min": round(min(wall), 1),
        "median": round(statistics.median(wall), 1),
        "cpu_median": round(statistics.median(cpu), 1),
    }


def ratings_of_a_table(app, table_id: str, games: int, repeat: int) -> dict[str, object]:
    """The ratings of a table's people from all its games: as stored (cold and warm), and worked out from nothing."""
    from scorekeeper.platform.extensions import db
    from scorekeeper.store import ratings
    from scorekeeper.store import tables as store

    print(f"\nRatings of the {games}-game table (median of {repeat}):")

    def read() -> None:
        ratings.table_ratings(store.load_table(table_id))
        db.session.remove()

    found: dict[str, object] = {"games": games}
    found["cold"] = show_against("cold: a new app, the ratings as stored", first_reads(read, repeat), RATING_COLD_MS)
    with app.app_context():
        read()
        found["warm"] = show_against("warm: nothing changed", clocked(read, repeat), RATING_WARM_MS)
        scope = ratings.table_scope(table_id)
        stamp, quick = db.session.execute(
            select(RatingRun.stamp, RatingRun.quick).where(RatingRun.scope == scope)
        ).one()
        db.session.execute(update(RatingRun).where(RatingRun.scope == scope).values(stamp="", quick=""))
        db.session.commit()
        found["never_stored"] = show_against(
            "never stored (as before): every game rated on the read",
            clocked(read, max(3, repeat // 3), before=lambda: app.extensions.pop("rating_books", None)),
            None,
        )
        db.session.execute(update(RatingRun).where(RatingRun.scope == scope).values(stamp=stamp, quick=quick))
        db.session.commit()
    return found


def ratings_of_a_club_season(app, evenings: int, couples: int, repeat: int) -> dict[str, object]:
    """A club's season of *evenings* evenings of *couples* couples, 25 games each, every table reported."""
    from datetime import date

    from scorekeeper.party import PartySetup
    from scorekeeper.platform.extensions import db
    from scorekeeper.store import clubs as club_store
    from scorekeeper.store import parties as party_store
    from scorekeeper.store import ratings

    rng = random.Random(17)
    start = time.perf_counter()
    writes: list[float] = []
    with app.app_context():
        club = club_store.create("Legion Branch 12")
        for n in range(2 * couples):
            club_store.add_member(club, f"Player {n + 1}")
        club_id = club.id
        last_party = ""
        for e in range(evenings):
            club = club_store.get(club_id)
            party = club_store.new_evening(
                club, PartySetup(name=f"Evening {e + 1}"), held_on=date(2026, 9, 4) + timedelta(days=7 * e)
            )
            numbers = list(range(1, 2 * couples + 1))
            rng.shuffle(numbers)
            club_store.register(club, party.id, [numbers[i : i + 2] for i in range(0, len(numbers), 2)])
            party_store.write(party.id, party_store.start_entries, source="desk")
            _row, state = party_store.load(party.id)
            while not state.finished:
                if e < evenings - 1 or state.game <= state.setup.games - ONE_BY_ONE_GAMES:
                    state = party_store.write(
                        party.id,
                        lambda s: [s.result_entry(s.game, t.number, t.seats[rng.randrange(2)]) for t in s.missing()],
                    )
                    continue
                # The last games of the last evening reported table by table, as the hall's phones do.
                for table in state.missing():
                    seats = table.seats[rng.randrange(2)]
                    began = time.perf_counter()
                    state = party_store.write(
                        party.id, lambda s, t=table.number, w=seats: [s.result_entry(s.game, t, w)]
                    )
                    writes.append((time.perf_counter() - began) * 1000)
            last_party = party.id
        season = club_store.season_of(date(2026, 9, 4))
        matches = len(ratings.club_matches(club_store.get(club_id), season, party_store.load))
    print(
        f"\nRatings of a club's season: {evenings} evenings of {couples} couples, {matches:,} games at tables "
        f"(stored in {time.perf_counter() - start:.0f} s; a result of the last games, written alone with its ratings: "
        f"median {statistics.median(writes):.1f} ms, p95 {sorted(writes)[int(0.95 * (len(writes) - 1))]:.1f} ms; "
        f"median of {repeat}):"
    )
    found: dict[str, object] = {
        "evenings": evenings,
        "couples": couples,
        "games": matches,
        "result_written_ms": {
            "median": round(statistics.median(writes), 1),
            "p95": round(sorted(writes)[int(0.95 * (len(writes) - 1))], 1),
        },
    }

    def read() -> None:
        ratings.club_ratings(club_store.get(club_id), season, party_store.load)
        db.session.remove()

    found["cold"] = show_against("cold: a new app, the ratings as stored", first_reads(read, repeat), RATING_COLD_MS)
    with app.app_context():
        read()
        found["warm"] = show_against("warm: nothing changed", clocked(read, repeat), RATING_WARM_MS)

        def correct() -> None:
            # One result of the last evening's last game changed: its ratings are stored again with it.
            _row, state = party_store.load(last_party)
            game = state.setup.games
            table = state.seating_of(game).tables[0]
            winner = state.winner(game, 1)
            other = table.seats[1] if winner == table.seats[0] else table.seats[0]
            party_store.write(last_party, lambda s: [s.result_entry(game, 1, other, correct=True)])

        found["correction_written"] = show_against(
            "a result of the last game corrected, its ratings with it", clocked(correct, repeat), None
        )
        found["read_after_correction"] = show_against(
            "read after it", clocked(read, repeat, before=correct), RATING_WARM_MS
        )

        def forget() -> None:
            for name in RATING_KEPT:
                app.extensions.pop(name, None)
            db.session.execute(delete(RatingPoint))
            db.session.execute(delete(RatingRun))
            db.session.commit()

        found["whole_season_stored"] = show_against(
            "the whole season rated and stored at once (evenings replayed)",
            clocked(lambda: ratings.season_written(club_id, season, party_store.load), 1, before=forget),
            None,
        )
        db.session.execute(update(RatingRun).values(stamp="", quick=""))
        db.session.commit()
        found["never_stored"] = show_against(
            "never stored (as before): evenings replayed, every game rated",
            clocked(read, 1, before=lambda: [app.extensions.pop(name, None) for name in RATING_KEPT]),
            None,
        )
    return found


if __name__ == "__main__":
    main()
