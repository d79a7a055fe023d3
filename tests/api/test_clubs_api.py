"""The clubs API: a club, its roster, an evening of roster couples run as a card party, the season ladder."""

from __future__ import annotations

import pytest

from tests._support.api import new_club


def test_a_season_through_the_api(client):
    club, headers = new_club(client)
    evening = client.post(
        f"/api/v1/clubs/{club['id']}/evenings",
        json={"date": "2026-11-27", "games": 2, "couples": [[1, 2], [3, 4]], "start": True},
        headers=headers,
    )
    assert evening.status_code == 201, evening.get_json()
    party = evening.get_json()
    party_headers = {"Authorization": f"Bearer {party['edit_token']}"}
    state = client.get(f"/api/v1/parties/{party['party_id']}").get_json()
    assert [c["name"] for c in state["couples"]] == ["Player 1 & Player 2", "Player 3 & Player 4"]
    # The evening runs through the card parties' own endpoints; the ladder follows.
    url = f"/api/v1/parties/{party['party_id']}/results"
    for game in (1, 2):
        seats = client.get(f"/api/v1/parties/{party['party_id']}").get_json()["seating"][0]["couples"]
        winner = 0 if 0 in seats else seats[0]
        assert (
            client.post(url, json={"game": game, "table": 1, "winner": winner}, headers=party_headers).status_code
            == 201
        )
    ladder = client.get(f"/api/v1/clubs/{club['id']}/ladder").get_json()
    assert ladder["season"] == "2026-2027" and ladder["rules"]["scoring"] == "places"
    assert [(line["position"], line["name"], line["total"]) for line in ladder["lines"][:2]] == [
        (1, "Player 1", 8),
        (1, "Player 2", 8),
    ]
    assert ladder["lines"][2]["total"] == 7
    evenings = client.get(f"/api/v1/clubs/{club['id']}/evenings").get_json()
    assert evenings["evenings"][0]["couples"] == 2 and evenings["currency"] == "CAD"


def test_writes_need_the_club_token_and_couples_are_roster_members(client):
    club, headers = new_club(client)
    url = f"/api/v1/clubs/{club['id']}/members"
    assert client.post(url, json={"name": "X"}).status_code == 401
    assert client.post(url, json={"name": "X"}, headers={"Authorization": "Bearer nope"}).status_code == 403
    bad = client.post(f"/api/v1/clubs/{club['id']}/evenings", json={"couples": [[1, 9]]}, headers=headers)
    assert bad.status_code == 422 and bad.get_json()["error"]["field"] == "couples"
    assert client.get("/api/v1/clubs/nosuch").status_code == 404
    members = client.get(url).get_json()["members"]
    assert [m["number"] for m in members] == [1, 2, 3, 4]


def test_the_openapi_document_describes_clubs(client):
    document = client.get("/api/v1/openapi.json").get_json()
    assert {"/api/v1/clubs", "/api/v1/clubs/{club_id}/ladder", "/api/v1/clubs/{club_id}/evenings"} <= set(
        document["paths"]
    )
    assert "429" in document["paths"]["/api/v1/clubs"]["post"]["responses"]
    assert {"Club", "ClubLadder", "NewClubEvening"} <= set(document["components"]["schemas"])


def test_the_roster_and_the_ladder_rules_change_through_the_api(client):
    club, headers = new_club(client)
    url = f"/api/v1/clubs/{club['id']}"
    changed = client.patch(url, json={"ladder_rules": {"scoring": "wins", "best_of": 10}}, headers=headers)
    assert changed.status_code == 200
    assert (
        changed.get_json()["ladder_rules"]["scoring"] == "wins" and changed.get_json()["ladder_rules"]["best_of"] == 10
    )
    refused = client.patch(url, json={"ladder_rules": {"place_points": []}}, headers=headers)
    assert refused.status_code == 422 and refused.get_json()["error"]["field"] == "place_points"
    renamed = client.patch(f"{url}/members/2", json={"name": "Angus J. MacNeil", "active": False}, headers=headers)
    assert renamed.get_json() == {"number": 2, "name": "Angus J. MacNeil", "active": False, "merged_into": None}
    merged = client.patch(f"{url}/members/4", json={"merged_into": 3}, headers=headers).get_json()
    assert merged["merged_into"] == 3 and merged["number"] == 4
    assert client.patch(f"{url}/members/99", json={"active": True}, headers=headers).status_code == 404
    assert client.patch(f"{url}/members/3", json={"merged_into": 3}, headers=headers).status_code == 422
    # A member added later gets the next number: 4 is never given again.
    added = client.post(f"{url}/members", json={"name": "Newcomer"}, headers=headers).get_json()
    assert added["number"] == 5


@pytest.mark.parametrize(
    "rules",
    [{"tie_breaks": [{}]}, {"scoring": {}}, {"scoring": ["wins"]}, {"tie_breaks": ["wins", "wins"]}, {"minimum": 1.5}],
)
def test_rules_of_the_wrong_shape_are_refused_with_a_reason(client, rules):
    club, headers = new_club(client, members=0)
    answer = client.patch(f"/api/v1/clubs/{club['id']}", json={"ladder_rules": rules}, headers=headers)
    assert answer.status_code == 422 and answer.get_json()["error"]["field"] in set(rules)


def test_an_evening_left_unnamed_takes_the_club_s_name_and_an_empty_name_is_refused(client):
    """As the published schema says: a name, when sent, has at least one letter (Schemathesis found "" taken)."""
    club, headers = new_club(client)
    url = f"/api/v1/clubs/{club['id']}/evenings"
    unnamed = client.post(url, json={}, headers=headers)
    assert unnamed.status_code == 201
    assert client.get(f"/api/v1/parties/{unnamed.get_json()['party_id']}").get_json()["name"] == "Fire Hall"
    for name in ("", "   "):
        refused = client.post(url, json={"name": name}, headers=headers)
        assert refused.status_code == 422 and refused.get_json()["error"]["field"] == "name"
    assert len(client.get(url).get_json()["evenings"]) == 1
