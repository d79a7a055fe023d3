"""Measure a big card party: 200 couples at 100 tables, 25 games (2,500 results).

Times the party engine (replaying the whole log, standings and places) and the
app itself on a real SQLite database: the hall board, the results sheet, a
couple's card and the JSON state, each rendered whole (from the log, and from
the evening already replayed at that version), plus an unchanged poll. The
target is under 50 ms for standings and the board.

Run: .venv/bin/python benchmarks/party.py [--repeat 30]

The figures are written to docs/figures/party.json, which the manual shows.
"""

from __future__ import annotations

import argparse
import html
import random
import re
import statistics
import sys
from pathlib import Path

import figures
from measure import fresh_app, show, timed

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorekeeper.party import AddCouple, Couple, PartySetup, Start, replay  # noqa: E402

COUPLES = 200
GAMES = 25
TARGET_MS = 50  # standings and the board, from the log or replayed


def evening_log(seed: int = 1, games: int = GAMES):
    """The log of an evening: couples, the start, every table's result up to *games* games."""
    setup = PartySetup("Legion Hall, Friday", games=GAMES, prizes=3, booby=True)
    entries = [AddCouple(Couple(f"Couple {i + 1}", (f"A{i}", f"B{i}"))) for i in range(COUPLES)] + [Start()]
    state = replay(setup, entries)
    rng = random.Random(seed)
    while not state.finished and state.complete_games < games:
        for table in state.missing():
            entry = state.result_entry(state.game, table.number, table.seats[rng.randrange(2)])
            state = state.apply(entry)
            entries.append(entry)
    return setup, entries


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()

    setup, entries = evening_log()
    results = sum(1 for e in entries if type(e).__name__ == "Result")
    print(f"{COUPLES} couples, {COUPLES // 2} tables, {GAMES} games: {len(entries)} log entries, {results} results")

    def kept(times: list[float]) -> dict[str, float]:
        return {"median_ms": round(statistics.median(times), 2), "least_ms": round(min(times), 2)}

    measured: dict[str, dict] = {"engine": {}, "from_the_log": {}, "replayed": {}}
    print("\nThe party engine alone:")
    times = timed(lambda: replay(setup, entries), args.repeat)
    show("replay the whole log", times)
    measured["engine"]["replay"] = kept(times)
    state = replay(setup, entries)

    def standings():
        state._standings = None
        s = state.standings()
        state.places()
        state.booby()
        state.leaders(10)
        return s

    times = timed(standings, args.repeat)
    show("standings, places, booby, leaders", times)
    measured["engine"]["standings"] = kept(times)

    app = fresh_app("party", rate_limits=True)

    from scorekeeper.platform.extensions import db
    from scorekeeper.store import parties as store
    from scorekeeper.store.models import Party, PartyEntry

    def stored(log) -> tuple[str, int]:
        party = Party(name=setup.name, settings=store.settings_of(setup))
        db.session.add(party)
        db.session.flush()
        for n, entry in enumerate(log, start=1):
            kind, data = store.entry_row(entry)
            db.session.add(PartyEntry(party_id=party.id, n=n, kind=kind, data=data))
        db.session.commit()
        return party.id, party.version

    with app.app_context():
        party_id, _version = stored(entries)
        # The same hall after 12 games: the board shows where all 200 couples sit for game 13.
        middle_id, _ = stored(evening_log(games=12)[1])

    client = app.test_client()
    board_page = client.get(f"/parties/{middle_id}/board").get_data(as_text=True)
    unchanged = html.unescape(re.search(r'hx-get="([^"]+)"', board_page).group(1))
    pages = [
        ("hall board, game 13: 200 couples' tables", f"/parties/{middle_id}/board", 200),
        ("hall board, the end: the prize list", f"/parties/{party_id}/board", 200),
        ("board poll, changed (board fragment)", f"/parties/{middle_id}/board/poll?since=0", 200),
        ("board poll, unchanged (304)", unchanged, 304),
        ("results sheet", f"/parties/{party_id}/results", 200),
        ("a couple's punch card", f"/parties/{party_id}/couples/17", 200),
        ("JSON state (API)", f"/api/v1/parties/{party_id}", 200),
    ]
    # Each page's key in docs/figures/party.json.
    keys = dict(
        zip(
            (label for label, _path, _status in pages),
            ("board_game_13", "board_end", "board_poll_changed", "board_poll_unchanged", "results", "card", "json"),
            strict=True,
        )
    )

    addresses = iter(range(1, 1 << 24))

    def phone() -> dict[str, str]:
        """A phone of its own for each request, as in a hall: the limits count per phone, and are not what is timed."""
        n = next(addresses)
        return {"REMOTE_ADDR": f"10.{n >> 16}.{(n >> 8) & 255}.{n & 255}"}

    def cold(path: str, expected: int):
        def run():
            app.extensions.pop("party_states", None)  # nothing replayed yet: read the log and replay it
            response = client.get(path, environ_base=phone())
            assert response.status_code == expected, (path, response.status_code)

        return run

    def warm(path: str, expected: int):
        def run():
            response = client.get(path, environ_base=phone())
            assert response.status_code == expected, (path, response.status_code)

        return run

    print(f"\nThe app, whole request through Flask on SQLite ({args.repeat} each):")
    print(f" from the log (read up to {len(entries)} entries, replay, render):")
    for label, path, status in [p for p in pages if p[2] != 304]:
        times = timed(cold(path, status), args.repeat)
        show(label, times)
        measured["from_the_log"][keys[label]] = kept(times)
    print(" evening already replayed at this version (render only):")
    for label, path, status in pages:
        size = len(client.get(path).data)
        times = timed(warm(path, status), args.repeat)
        show(label, times, f"   {size} bytes")
        measured["replayed"][keys[label]] = {**kept(times), "bytes": size}
    slowest = max(
        measured["engine"]["standings"]["median_ms"],
        *(
            measured[way][board]["median_ms"]
            for way in ("from_the_log", "replayed")
            for board in ("board_game_13", "board_end")
        ),
    )
    verdict = "under" if slowest < TARGET_MS else "OVER"
    print(f"\nStandings and the board: {slowest:.1f} ms at the median at most, {verdict} the {TARGET_MS} ms target.")
    figures.write(
        "party",
        {
            "couples": COUPLES,
            "tables": COUPLES // 2,
            "games": GAMES,
            "results": results,
            "repeat": args.repeat,
            "target_ms": TARGET_MS,
            **measured,
            "target_met": slowest < TARGET_MS,
        },
    )


if __name__ == "__main__":
    main()
