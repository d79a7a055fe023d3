"""The JSON API as the browser tests call it, to set a game or a party up before the phones open it."""

from __future__ import annotations

import json
import urllib.request


def api(live_server, method: str, path: str, body: dict | None = None, token: str | None = None) -> dict:
    """Send one API request to the live server and return its JSON answer."""
    request = urllib.request.Request(
        live_server.url + path, method=method, data=json.dumps(body).encode() if body is not None else None
    )
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def play_to_the_end(live_server, table, sides, bidder) -> dict:
    """Start a game of *table* with *sides* and play it out: hand 1 split, then *bidder* makes 30 until it wins."""
    game = api(live_server, "POST", "/api/v1/games", {"table": table["id"], "sides": sides}, table["edit_token"])
    hands = f"/api/v1/games/{game['id']}/hands"
    api(live_server, "POST", hands, {"n": 1, "bidder": 1 - bidder, "bid": 30, "points": [15, 15]}, game["edit_token"])
    n = 2
    while True:
        points = [30, 0] if bidder == 0 else [0, 30]
        body = {"n": n, "bidder": bidder, "bid": 30, "points": points}
        answer = api(live_server, "POST", hands, body, game["edit_token"])
        if answer["state"]["winner"] is not None:
            return game
        n += 1
