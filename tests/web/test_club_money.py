"""A club's public link shows what the hall's notice board shows (results, prize winners, the ladder), never the
money: entry fees, prizes, what the club kept, the 50/50 and the jackpot are the director's.

The public reads are found in the app's own routes, so a page or answer added later is checked too.
"""

from __future__ import annotations

import json
import urllib.parse

import pytest
from flask import url_for

from tests._support.parties import post

# Amounts no page would show by chance, as the pages write them (English, French) and as the API does (cents).
AMOUNTS = {"entry_fee": "7.77", "cookie_jar": "3.33", "fifty_fifty": "123.45", "jackpot_added": "43.21"}
PRIZE = "55.55"
SHOWN = ["7.77", "7,77", "3.33", "3,33", "123.45", "123,45", "61.72", "61,72", "43.21", "43,21", "55.55", "55,55"]
CENTS = {777, 333, 12345, 6172, 4321, 5555}


@pytest.fixture
def season(client):
    """A club's evening played, with its money entered at the desk."""
    club = client.post("/api/v1/clubs", json={"name": "Fire Hall"}).get_json()
    director = {"Authorization": f"Bearer {club['edit_token']}"}
    for name in ("Mary", "Angus", "Flora", "John"):
        client.post(f"/api/v1/clubs/{club['id']}/members", json={"name": name}, headers=director)
    evening = client.post(
        f"/api/v1/clubs/{club['id']}/evenings",
        json={"date": "2026-11-27", "games": 1, "couples": [[1, 2], [3, 4]], "start": True},
        headers=director,
    ).get_json()
    party_id = evening["party_id"]
    seats = client.get(f"/api/v1/parties/{party_id}").get_json()["seating"][0]["couples"]
    client.post(
        f"/api/v1/parties/{party_id}/results",
        json={"game": 1, "table": 1, "winner": seats[0]},
        headers={"Authorization": f"Bearer {evening['edit_token']}"},
    )
    pots = urllib.parse.urlsplit(evening["links"]["desk"]).path + "/pots"
    saved = post(
        client,
        pots,
        pots,
        {**AMOUNTS, "prize": [PRIZE], "fifty_fifty_winner": "Flora", "jackpot_won": "y", "jackpot_winner": "John"},
    )
    assert saved.status_code == 303
    return {"club": club, "party_id": party_id, "pots": pots}


def public_reads(app) -> list[str]:
    """Every GET of a club that needs no token: its pages, CSVs and API reads."""
    found = []
    for rule in app.url_map.iter_rules():
        if "GET" not in (rule.methods or set()) or "club_id" not in rule.arguments or "token" in rule.arguments:
            continue
        if rule.endpoint.partition(".")[0] in ("clubs", "api"):
            found.append(rule.endpoint)
    return sorted(found)


# Reads whose address holds no token but which answer only the director's, sent as a Bearer header.
DIRECTOR_ONLY = {"api.export_club"}


def test_no_public_club_page_or_answer_shows_the_money(app, client, season):
    reads = public_reads(app)
    assert {"clubs.public", "clubs.board", "clubs.evening_sheet", "api.club_evenings", "api.get_club"} <= set(reads)
    values = {"club_id": season["club"]["id"], "party_id": season["party_id"]}
    for endpoint in reads:
        rule = next(r for r in app.url_map.iter_rules() if r.endpoint == endpoint)
        with app.test_request_context():
            path = url_for(endpoint, **{k: values[k] for k in rule.arguments})
        for language in ("en", "fr"):
            answer = client.get(path, headers={"Accept-Language": language})
            if endpoint in DIRECTOR_ONLY:  # its token comes in a header: without it, nothing at all
                assert answer.status_code == 401, (endpoint, answer.status_code)
                continue
            assert answer.status_code == 200, (endpoint, answer.status_code)
            text = answer.get_data(as_text=True)
            assert [a for a in SHOWN if a in text] == [], (endpoint, language)
            if answer.is_json:
                assert not _numbers(answer.get_json()) & CENTS, endpoint
                assert "pots" not in text, endpoint


def test_the_hall_sees_who_won_and_the_director_sees_the_money(client, season):
    club, party_id = season["club"], season["party_id"]
    hall = client.get(f"/clubs/{club['id']}/evenings/{party_id}").get_data(as_text=True)
    assert "Prize winners" in hall and "50/50 to Flora" in hall and "Jackpot won by John" in hall
    desk = client.get(season["pots"]).get_data(as_text=True)
    assert "CA$123.45" in desk and "CA$61.72" in desk and "CA$55.55" in desk
    director = {"Authorization": f"Bearer {club['edit_token']}"}
    read = client.get(f"/api/v1/clubs/{club['id']}/evenings", headers=director)
    assert read.get_json()["evenings"][0]["pots"]["fifty_fifty"] == 12345
    assert read.headers["Cache-Control"] == "private, no-store"
    wrong = client.get(f"/api/v1/clubs/{club['id']}/evenings", headers={"Authorization": "Bearer nope"})
    assert wrong.status_code == 403 and "pots" not in wrong.get_data(as_text=True)


def _numbers(value: object) -> set[int]:
    if isinstance(value, bool):
        return set()
    if isinstance(value, int):
        return {value}
    if isinstance(value, dict):
        return set().union(*(_numbers(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(_numbers(v) for v in value)) if value else set()
    return set()


def test_the_money_amounts_are_what_the_test_looks_for(season, client):
    """The amounts searched for are the ones the director's page shows: the test above can see them."""
    director = client.get(season["pots"]).get_data(as_text=True)
    assert [a for a in SHOWN if a in director and "," not in a] == [a for a in SHOWN if "," not in a]
    assert json.dumps(sorted(CENTS))
