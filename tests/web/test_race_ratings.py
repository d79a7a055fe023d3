"""Eight games of one table won at the same moment, against a real server: no answer is a 5xx, the ratings read
after are those of every game replayed, and the next result stores them as they stand."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

from scorekeeper.stats.ratings import Match, ranks_by_score, rate, shown
from scorekeeper.store import ratings

PEOPLE = ["Ann", "Bob", "Cy", "Di", "Eve", "Fay", "Gus", "Hal"]
GAMES = 8


def call(method: str, url: str, body: dict | None = None, token: str | None = None) -> tuple[int, dict | str]:
    request = urllib.request.Request(url, data=json.dumps(body).encode() if body else None, method=method)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            status, raw = response.status, response.read()
    except urllib.error.HTTPError as err:
        status, raw = err.code, err.read()
    try:
        return status, json.loads(raw)
    except ValueError:
        return status, raw.decode("utf-8", "replace")


def seated(g: int) -> list[list[str]]:
    four = [PEOPLE[(g + k) % 8] for k in (0, 3, 5, 6)]
    return [four[:2], four[2:]]


def test_eight_games_of_a_table_won_at_once(live_server):
    base = f"{live_server.url}/api/v1"
    status, table = call("POST", f"{base}/tables", {"name": "Tuesday", "players": PEOPLE})
    assert status == 201
    games = []
    for g in range(GAMES):
        sides = [{"name": " & ".join(pair), "players": pair} for pair in seated(g)]
        status, game = call("POST", f"{base}/games", {"table": table["id"], "sides": sides}, table["edit_token"])
        assert status == 201, game
        for n in (1, 2, 3):
            hand = {"n": n, "bidder": g % 2, "bid": 30, "points": [30, 0] if g % 2 == 0 else [0, 30]}
            assert call("POST", f"{base}/games/{game['id']}/hands", hand, game["edit_token"])[0] == 201
        games.append(game)
    gate = threading.Barrier(GAMES)

    def win(g: int) -> tuple[int, dict | str]:
        hand = {"n": 4, "bidder": g % 2, "bid": 30, "points": [30, 0] if g % 2 == 0 else [0, 30]}
        gate.wait(timeout=60)
        return call("POST", f"{base}/games/{games[g]['id']}/hands", hand, games[g]["edit_token"])

    with ThreadPoolExecutor(max_workers=GAMES) as pool:
        results = list(pool.map(win, range(GAMES)))
    assert [status for status, _body in results] == [201] * GAMES, results
    matches = [
        Match(
            g,
            tuple(tuple(f"p{PEOPLE.index(p) + 1}" for p in pair) for pair in seated(g)),
            ranks_by_score(body["state"]["scores"], body["state"]["winner"]),
        )
        for g, (_status, body) in enumerate(results)
    ]
    replayed = {p: (s.rating, s.games) for p, s in rate(matches).skills.items()}
    status, answer = call("GET", f"{base}/tables/{table['id']}/ratings", token=table["view_token"])
    assert status == 200
    assert {p["player"]: (p["rating"], p["games"]) for p in answer["players"]} == replayed
    with live_server.app.app_context():
        ratings.table_written(table["id"])  # as the next result of the table would
        book = ratings.stored_table(table["id"])
        assert book is not None
        assert {p: (shown(s.mu, s.sigma), s.games) for p, s in book.skills.items()} == replayed
