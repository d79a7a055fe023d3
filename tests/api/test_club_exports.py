"""A club's season kept off the laptop: its export brings it back exactly, as a new club with links of its own."""

from __future__ import annotations

import json

import pytest

from scorekeeper.platform.extensions import db
from scorekeeper.store import clubs as club_store
from scorekeeper.store import parties as party_store
from scorekeeper.store import party_sheets
from tests._support.api import new_club
from tests._support.tables import rows


def play_evening(client, club, headers, day, couples, first=None, **settings):
    made = client.post(
        f"/api/v1/clubs/{club['id']}/evenings",
        json={"date": day, "games": 2, "couples": couples, "start": True, **settings},
        headers=headers,
    )
    assert made.status_code == 201, made.get_json()
    party = made.get_json()
    party_headers = {"Authorization": f"Bearer {party['edit_token']}"}
    if first is not None:
        first(party)
    for game in (1, 2):
        seating = client.get(f"/api/v1/parties/{party['party_id']}").get_json()["seating"]
        for table, seated in enumerate(seating, start=1):
            answer = client.post(
                f"/api/v1/parties/{party['party_id']}/results",
                json={"game": game, "table": table, "winner": seated["couples"][0]},
                headers=party_headers,
            )
            assert answer.status_code == 201, answer.get_json()
    return party


@pytest.fixture
def season(app, client):
    """A club with a season behind it: six members (one renamed, one inactive, one merged), changed ladder rules,
    two evenings played with their pots, a substitute, and a table's kept score sheet with a hand on it."""
    club, headers = new_club(client, members=6)
    url = f"/api/v1/clubs/{club['id']}"
    assert (
        client.patch(url, json={"ladder_rules": {"scoring": "wins", "best_of": 10}}, headers=headers).status_code == 200
    )
    kept = {}

    def keep_a_sheet(party):
        with app.app_context():
            row, state = party_store.load(party["party_id"])
            sheet = party_sheets.start_sheet(row, state, 1)
            kept.update(id=sheet.id, token=sheet.edit_token)
            db.session.remove()

    first = play_evening(client, club, headers, "2026-10-02", [[1, 2], [3, 4]])
    play_evening(
        client, club, headers, "2026-10-09", [[1, 3], [2, 4], [5, 6]], keep_a_sheet, kind="play-to", play_to=45
    )
    sheet_id, sheet_token = kept["id"], kept["token"]
    with app.app_context():
        found = club_store.get(club["id"])
        club_store.set_pots(
            found, first["party_id"], {"entry_fee": 500, "players": 4, "fifty_fifty": 2000, "prizes": [1000, 500]}
        )
        found = club_store.get(club["id"])
        club_store.rename_member(found, 2, "Player Two")
        found = club_store.get(club["id"])
        club_store.merge_member(found, 6, 5)
        found = club_store.get(club["id"])
        club_store.set_active(found, 4, False)
        db.session.remove()
    hand = client.post(
        f"/api/v1/games/{sheet_id}/hands",
        json={"n": 1, "points": [20, 10]},
        headers={"Authorization": f"Bearer {sheet_token}"},
    )
    assert hand.status_code == 201, hand.get_json()
    return club, headers


def export(client, club, headers):
    response = client.get(f"/api/v1/clubs/{club['id']}/export.json", headers=headers)
    assert response.status_code == 200 and response.headers["Cache-Control"] == "no-store"
    return response.get_json()


def without_ids(document):
    """The export with what a new club has of its own (its sheets' ids) left out."""
    document = json.loads(json.dumps(document))
    for evening in document["evenings"]:
        for sheet in evening["sheets"]:
            sheet.pop("id")
        for entry in evening["log"]:
            entry["data"].pop("sheet", None)
    return document


def test_the_export_brings_the_club_back_exactly(client, season):
    club, headers = season
    exported = export(client, club, headers)
    assert [m["number"] for m in exported["members"]] == [1, 2, 3, 4, 5, 6]
    assert len(exported["evenings"]) == 2 and len(exported["evenings"][1]["sheets"]) == 1
    made = client.post("/api/v1/clubs/import", json=exported)
    assert made.status_code == 201, made.get_json()
    copy = made.get_json()
    assert copy["id"] != club["id"] and copy["edit_token"] != club["edit_token"]
    again = export(client, copy, {"Authorization": f"Bearer {copy['edit_token']}"})
    assert without_ids(again) == without_ids(exported)
    for path in ("", "/members", "/evenings", "/ladder", "/ladder?season=2026-2027"):
        first = client.get(f"/api/v1/clubs/{club['id']}{path}").get_json()
        second = client.get(f"/api/v1/clubs/{copy['id']}{path}").get_json()
        for read in (first, second):
            read.pop("id", None)
            read.pop("version", None)
            for evening in read["evenings"] if isinstance(read.get("evenings"), list) else []:
                evening.pop("party_id", None)
                evening.pop("links", None)
        assert first == second, path
    sheet = again["evenings"][1]["sheets"][0]
    assert sheet["scores"] == [20, 10] and len(sheet["hands"]) == 1


def test_the_export_needs_the_directors_token(client, season):
    club, _headers = season
    assert client.get(f"/api/v1/clubs/{club['id']}/export.json").status_code == 401
    wrong = client.get(f"/api/v1/clubs/{club['id']}/export.json", headers={"Authorization": "Bearer nope"})
    assert wrong.status_code == 403


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d["members"].append(dict(d["members"][0])), "members[6]"),
        (lambda d: d["members"][0].update(merged_into=99), "members"),
        (lambda d: d["evenings"][0]["log"][2].update(n=7), "evenings[0].log[2]"),
        (lambda d: d["evenings"][0]["log"][-1]["data"].update(winner=9), "evenings[0]"),
        (lambda d: d["evenings"][0]["chairs"][0].update(number=77), "evenings[0].chairs"),
        (lambda d: d["evenings"][0]["pots"].update(entry_fee=-5), "evenings[0]"),
        (lambda d: d["evenings"][1]["sheets"][0]["hands"][0].update(bid=10), "evenings[1].sheets[0]"),
        (lambda d: d["evenings"][1].update(created="9999-12-31T23:59:59-14:00"), "evenings[1].created"),
        (lambda d: d["ladder_rules"].update(scoring="most-cookies"), "ladder_rules"),
        (lambda d: d.update(format="forty-fives-table"), "format"),
    ],
)
def test_an_export_that_was_changed_is_refused_whole(app, client, season, change, field):
    club, headers = season
    document = export(client, club, headers)
    change(document)
    before = rows(app)
    response = client.post("/api/v1/clubs/import", json=document)
    assert response.status_code == 422, response.get_json()
    assert response.get_json()["error"]["field"] == field
    assert rows(app) == before


def test_a_refused_evening_says_why_in_the_readers_words(app, client, season):
    club, headers = season
    document = export(client, club, headers)
    document["evenings"][0]["pots"]["entry_fee"] = -5
    response = client.post("/api/v1/clubs/import", json=document)
    assert response.status_code == 422
    assert response.get_json()["error"]["message"] == (
        "Evening 1 of the export is refused: Amounts are whole cents from 0 up."
    )


def test_a_resend_with_the_same_key_answers_the_first_club(app, client, season):
    club, headers = season
    document = export(client, club, headers)
    first = client.post("/api/v1/clubs/import", json=document, headers={"Idempotency-Key": "winter"})
    counted = rows(app)
    again = client.post("/api/v1/clubs/import", json=document, headers={"Idempotency-Key": "winter"})
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.get_json()["id"] == first.get_json()["id"]
    assert rows(app) == counted


def test_the_directors_page_links_to_the_same_file(client, season):
    club, headers = season
    page = client.get(f"/clubs/{club['id']}/{club['edit_token']}").get_data(as_text=True)
    link = f"/clubs/{club['id']}/{club['edit_token']}/export.json"
    assert f'href="{link}"' in page and "Keep the whole club in a file (JSON)" in page
    file = client.get(link)
    assert file.status_code == 200 and "attachment" in file.headers["Content-Disposition"]
    assert file.get_json() == export(client, club, headers)
    assert client.get(f"/clubs/{club['id']}/not-the-token/export.json").status_code == 404


def test_the_club_comes_back_from_the_page_once_however_often_the_form_is_sent(app, client, season):
    import io
    import re

    from tests._support.app import read_csrf_token

    club, headers = season
    assert 'href="/clubs/import"' in client.get("/clubs/new").get_data(as_text=True)
    file = json.dumps(export(client, club, headers)).encode()
    page = client.get("/clubs/import").get_data(as_text=True)
    form = {"csrf_token": read_csrf_token(page), "resend_key": re.search(r'name="resend_key" value="([^"]+)"', page)[1]}
    sent = [client.post("/clubs/import", data={**form, "export": (io.BytesIO(file), "club.json")}) for _ in range(2)]
    assert [r.status_code for r in sent] == [303, 303]
    assert sent[0].headers["Location"] == sent[1].headers["Location"] != f"/clubs/{club['id']}/{club['edit_token']}"
    director = client.get(sent[0].headers["Location"]).get_data(as_text=True)
    assert "The club is brought back, with every member, evening and pot." in director and "Player Two" in director
    before = rows(app)
    broken = file.replace(b'"forty-fives-club"', b'"something-else"')
    refused = client.post("/clubs/import", data={**form, "export": (io.BytesIO(broken), "club.json")})
    assert refused.status_code == 422 and "not a club" in refused.get_data(as_text=True)
    assert rows(app) == before
