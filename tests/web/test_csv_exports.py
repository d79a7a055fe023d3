"""Every CSV the app sends keeps a name from running as a spreadsheet formula, whichever page sends it.

The CSV routes are found in the app's own routes: a CSV added later fails here until it is reached and checked.
"""

from __future__ import annotations

import csv
import io

import pytest
from flask import url_for

from scorekeeper.web.downloads import FORMULA_START, csv_text

EVIL = ['=HYPERLINK("http://evil.example","x")', "@SUM(1+1)", "+cmd|' /C calc'!A0", "-2+3+cmd"]


@pytest.fixture
def everything_named_badly(client):
    """A game, a table holding it, and a club's evening played out, every name a formula."""
    sides = [{"name": EVIL[0], "players": [EVIL[1], EVIL[2]]}, {"name": EVIL[3], "players": ["Ann", "Bob"]}]
    game = client.post("/api/v1/games", json={"rules": "new-england", "sides": sides}).get_json()
    hand = {"n": 1, "bidder": 0, "bid": 20, "points": [20, 10]}
    assert client.post(f"/api/v1/games/{game['id']}/hands", json=hand, headers=bearer(game["edit_token"])).status_code
    table = client.post("/api/v1/tables", json={"name": EVIL[0], "players": []}).get_json()
    added = client.post(
        f"/api/v1/tables/{table['id']}/games",
        json={"game": game["id"], "token": game["edit_token"]},
        headers=bearer(table["edit_token"]),
    )
    assert added.status_code == 201
    club = client.post("/api/v1/clubs", json={"name": EVIL[1]}).get_json()
    for name in EVIL:
        member = client.post(
            f"/api/v1/clubs/{club['id']}/members", json={"name": name}, headers=bearer(club["edit_token"])
        )
        assert member.status_code == 201
    evening = client.post(
        f"/api/v1/clubs/{club['id']}/evenings",
        json={"date": "2026-11-27", "games": 1, "couples": [[1, 2], [3, 4]], "start": True, "name": EVIL[2]},
        headers=bearer(club["edit_token"]),
    ).get_json()
    party_id = evening["party_id"]
    seats = client.get(f"/api/v1/parties/{party_id}").get_json()["seating"][0]["couples"]
    result = client.post(
        f"/api/v1/parties/{party_id}/results",
        json={"game": 1, "table": 1, "winner": seats[0]},
        headers=bearer(evening["edit_token"]),
    )
    assert result.status_code == 201
    return {
        "game_id": game["id"],
        "table_id": table["id"],
        "token": table["view_token"],
        "club_id": club["id"],
        "party_id": party_id,
    }


def bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def csv_routes(app) -> list[str]:
    return sorted({rule.endpoint for rule in app.url_map.iter_rules() if ".csv" in rule.rule})


def test_every_csv_route_keeps_formulas_as_text(app, client, everything_named_badly):
    routes = csv_routes(app)
    # Games (one game of a table), tables, card parties and clubs.
    assert {"tables.export_csv", "tables.game_csv", "parties.results_csv", "clubs.ladder_csv"} <= set(routes)
    assert "clubs.evenings_csv" in routes
    for endpoint in routes:
        rule = next(r for r in app.url_map.iter_rules() if r.endpoint == endpoint)
        missing = rule.arguments - set(everything_named_badly)
        assert not missing, f"{endpoint}: give this test a way to reach it ({missing})"
        with app.test_request_context():
            path = url_for(endpoint, **{k: everything_named_badly[k] for k in rule.arguments})
        answer = client.get(path)
        assert answer.status_code == 200, (endpoint, answer.status_code)
        assert answer.mimetype == "text/csv", endpoint
        cells = [c for row in csv.reader(io.StringIO(answer.get_data(as_text=True))) for c in row]
        raw = [c for c in cells if c.startswith(FORMULA_START)]
        assert raw == [], (endpoint, raw)
        # The names are there, written as text.
        assert any(c.lstrip("'") in EVIL or any(e in c for e in EVIL) for c in cells), endpoint
        assert any(c.startswith("'") for c in cells), endpoint


@pytest.mark.parametrize("text", [*EVIL, "\tTab", "\rReturn"])
def test_the_writer_writes_a_formula_as_text(text):
    row = next(csv.reader(io.StringIO(csv_text(None, [[text, -20, 0, ""]]))))
    assert row == ["'" + text, "-20", "0", ""]


def test_the_writer_leaves_other_text_and_empty_cells_alone():
    assert csv_text(["name", "score"], [["Ann = Bob", -5], ["", 3]]) == "name,score\r\nAnn = Bob,-5\r\n,3\r\n"
