"""A French card party set up through the API for the browser tests, and its table cards read."""

from __future__ import annotations

import re

from tests._support.live_api import api

COUPLES = ["Gaudet & Arsenault", "Cormier & LeBlanc", "Boudreau & Poirier", "Doucet & Richard", "Thibodeau & Comeau"]


def french_evening(live_server, games: int = 5) -> dict:
    couples = [{"name": name, "players": name.split(" & ")} for name in COUPLES[:4]]
    return api(
        live_server, "POST", "/api/v1/parties", {"name": "Salle paroissiale", "games": games, "couples": couples}
    )


def finish_evening(live_server, party: dict) -> dict:
    """Every table won by the couple that deals first, to the end: with 4 couples and 2 games, two ties."""
    while True:
        state = api(live_server, "GET", f"/api/v1/parties/{party['id']}")
        if state["finished"]:
            return state
        for seat in state["seating"]:
            if seat["table"] in state["missing"]:
                body = {"game": state["game"], "table": seat["table"], "winner": seat["deals_first"]}
                api(live_server, "POST", f"/api/v1/parties/{party['id']}/results", body, party["edit_token"])


def first_table_link(live_server, party: dict) -> str:
    page = api_page(live_server, re.sub(r"^https?://[^/]+", "", party["links"]["director"]) + "/cards")
    return re.search(r'class="table-card-link">([^<]+)<', page).group(1)


def api_page(live_server, path: str) -> str:
    import urllib.request

    with urllib.request.urlopen(live_server.url + path, timeout=30) as response:
        return response.read().decode()
