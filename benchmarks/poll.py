"""The cost of an unchanged poll (304): in process with the limits on and off, then over HTTP.

A phone following a game or a party asks every 3 s and nearly always gets 304,
answered in front of the app from the version alone (``scorekeeper/web/polls.py``).
This measures that answer for each kind of poll, beside a changed poll (the
sheet, 200) for scale:

- in process: the WSGI call alone (no network, no client), what the server pays,
  on the same database, with the rate limits on (as in production) and off;
- over HTTP: one client asking gunicorn (the project's settings) on 127.0.0.1,
  one request after another on one kept-alive connection.

The aim: an unchanged poll at most 0.2 ms in process with the limits on.

Run: .venv/bin/python benchmarks/poll.py [--repeat 3000] [--database-url postgresql+psycopg://…/empty_database]

The medians are written to docs/figures/poll.json (poll-postgresql.json on PostgreSQL), which the manual shows.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
import time
from pathlib import Path

import figures
from load import ROOT, SIDES, Client, app_env, next_address, server_options, start_server
from measure import htmx_environ, stop
from measure import show as measure_show

AIM_MS = 0.2
COUPLES = 40


def setup(port: int) -> dict[str, tuple[str, int]]:
    """A game with four hands and a 40-couple party through the API; the address of each poll and its answer."""
    import json

    client = Client(port, "192.0.2.1")
    status, raw = client.request("POST", "/api/v1/games", {"sides": SIDES})
    game = json.loads(raw)
    for n in range(1, 5):
        hand = {"n": n, "bidder": n % 2, "bid": 20, "points": [10, 20] if n % 2 == 0 else [20, 10]}
        status, raw = client.request("POST", f"/api/v1/games/{game['id']}/hands", hand, game["edit_token"])
    version = json.loads(raw)["state"]["version"]
    couples = [{"name": f"Couple {i + 1}", "players": [f"A{i}", f"B{i}"]} for i in range(COUPLES)]
    status, raw = client.request("POST", "/api/v1/parties", {"name": "Hall", "games": 25, "couples": couples})
    party = json.loads(raw)

    def poll_of(path: str) -> str:
        _, body, _ = client.exchange("GET", path, None, {"X-Forwarded-For": client.address})
        return re.search(rb'hx-get="([^"]+)"', body).group(1).decode().replace("&amp;", "&")

    board = poll_of(f"/parties/{party['id']}/board")
    card = poll_of(f"/parties/{party['id']}/couples/7")
    sheet = f"/games/{game['id']}/poll/{game['view_token']}"
    return {
        "game sheet poll, unchanged (304)": (f"{sheet}?since={version}", 304),
        "game API read, unchanged (304)": (f"/api/v1/games/{game['id']}?since={version}", 304),
        "party board poll, unchanged (304)": (board, 304),
        "couple's card poll, unchanged (304)": (card, 304),
        "game sheet poll, changed (200)": (f"{sheet}?since=0", 200),
    }


def in_process(env: dict, cases: dict[str, tuple[str, int]], repeat: int, limits: bool) -> dict[str, float]:
    """Call the app (WSGI) in this process for each case; return the median in ms."""
    os.environ.update(env)
    os.environ["SCOREKEEPER_RATE_LIMITS"] = "on" if limits else "off"
    sys.path.insert(0, str(ROOT))
    from scorekeeper import create_app

    app = create_app()
    print(f"\nIn process (the WSGI call alone, same database), rate limits {'on' if limits else 'off'}, {repeat} each:")
    medians = {}
    for label, (path, expected) in cases.items():
        environ = htmx_environ(path)
        times = []
        for i in range(repeat + repeat // 10):
            statuses: list[str] = []
            environ["HTTP_X_FORWARDED_FOR"] = next_address()  # as many phones: counted, never refused
            start = time.perf_counter()
            body = app(dict(environ), lambda status, headers, exc_info=None, seen=statuses: seen.append(status))
            b"".join(body)
            if hasattr(body, "close"):
                body.close()
            elapsed = (time.perf_counter() - start) * 1000
            if i >= repeat // 10:  # the first tenth warms up
                times.append(elapsed)
            assert statuses[0].startswith(str(expected)), (label, statuses)
        medians[label] = show(label, times)
    return medians


def over_http(port: int, cases: dict[str, tuple[str, int]], repeat: int) -> dict[str, float]:
    """Ask gunicorn for each case, one request after another; return the median in ms."""
    client = Client(port, "192.0.2.2")
    print(f"\nOver HTTP (gunicorn on 127.0.0.1, one client, one kept-alive connection), {repeat} each:")
    medians = {}
    for label, (path, expected) in cases.items():
        times = []
        for _ in range(repeat):
            client.address = next_address()  # as many phones: counted, never refused
            start = time.perf_counter()
            status, _ = client.request("GET", path)
            times.append((time.perf_counter() - start) * 1000)
            assert status == expected, (label, status)
        medians[label] = show(label, times)
    return medians


def show(label: str, times: list[float]) -> float:
    return measure_show(label, times, width=38, digits=3)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3000)
    server_options(parser)
    args = parser.parse_args()
    workdir = Path(tempfile.mkdtemp(prefix="scorekeeper-poll."))
    load_at_start = round(os.getloadavg()[0], 1)
    server, port = start_server(args.workers, args.threads, workdir, args.database_url)
    try:
        print(
            f"gunicorn on 127.0.0.1:{port}, {'PostgreSQL' if args.database_url else 'SQLite'}; load average "
            + " ".join(f"{x:.1f}" for x in os.getloadavg())
        )
        cases = setup(port)
        http = over_http(port, cases, args.repeat)
        env = app_env(workdir, args.database_url)
        on = in_process(env, cases, args.repeat, limits=True)
        off = in_process(env, cases, args.repeat, limits=False)
        unchanged = [label for label in cases if "unchanged" in label]
        worst = max(on[label] for label in unchanged)
        verdict = "met" if worst <= AIM_MS else "NOT met"
        print(
            f"\nUnchanged polls in process with the limits on: at most {worst:.3f} ms (p50), the aim "
            f"{AIM_MS} ms {verdict} (limits off: at most {max(off[k] for k in unchanged):.3f} ms; the two runs "
            "differ by the limits' count and by the machine's noise). "
            f"A changed poll (the sheet) costs {on['game sheet poll, changed (200)'] / worst:.0f}x the dearest unchanged one."
        )
        # Each poll's key in docs/figures/poll.json.
        keys = dict(zip(cases, ("sheet", "game_api", "board", "card", "sheet_changed"), strict=True))
        figures.write(
            "poll-postgresql" if args.database_url else "poll",
            {
                "database": "PostgreSQL" if args.database_url else "SQLite",
                "repeat": args.repeat,
                "load_at_start": load_at_start,
                "aim_ms": AIM_MS,
                "polls": {
                    keys[label]: {
                        "limits_on_ms": round(on[label], 3),
                        "limits_off_ms": round(off[label], 3),
                        "over_http_ms": round(http[label], 2),
                    }
                    for label in cases
                },
                "unchanged_most_ms": round(worst, 3),
                "unchanged_least_ms": round(min(on[label] for label in unchanged), 3),
                "aim_met": worst <= AIM_MS,
            },
        )
    finally:
        stop(server, workdir)


if __name__ == "__main__":
    main()
