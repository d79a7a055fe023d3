"""A write to a club or a table checks what it names and its token before reading its body, and reads the body as a
JSON object only: what a program sees is the first thing wrong, and nothing is stored."""

from __future__ import annotations

import json

import pytest

from tests._support.api import new_club

# A JSON string that holds an object: a JSON value, but not the object the request is.
AN_OBJECT_IN_A_STRING = json.dumps(json.dumps({"name": "Legion"}))


@pytest.mark.parametrize("path", ["/api/v1/clubs", "/api/v1/tables"])
def test_an_object_sent_inside_a_string_is_refused_and_makes_nothing(client, path):
    answer = client.post(path, data=AN_OBJECT_IN_A_STRING, content_type="application/json")
    assert answer.status_code == 400
    assert answer.get_json()["error"]["message"] == "The request body must be a JSON object"


def test_a_club_s_change_without_its_token_is_401_whatever_its_body(client):
    club, _headers = new_club(client, members=0)
    answer = client.patch(f"/api/v1/clubs/{club['id']}", data="{not json", content_type="application/json")
    assert answer.status_code == 401 and answer.get_json()["error"]["field"] == "authorization"
    assert client.get(f"/api/v1/clubs/{club['id']}").get_json()["name"] == "Fire Hall"


def test_a_table_s_change_with_its_view_token_is_403_whatever_its_body(client):
    table = client.post("/api/v1/tables", json={"name": "Tuesday", "players": ["Ann", "Bo"]}).get_json()
    answer = client.post(
        f"/api/v1/tables/{table['id']}/players",
        json={"colour": "red"},
        headers={"Authorization": f"Bearer {table['view_token']}"},
    )
    assert answer.status_code == 403 and answer.get_json()["error"]["field"] == "authorization"


def test_a_key_the_member_change_does_not_take_is_named_before_the_member_is_looked_for(client):
    club, headers = new_club(client, members=1)
    url = f"/api/v1/clubs/{club['id']}"
    answer = client.patch(f"{url}/members/9", json={"colour": "red"}, headers=headers)
    assert answer.status_code == 422 and answer.get_json()["error"]["field"] == "colour"
    answer = client.patch(f"{url}/members/9", json={"active": "no"}, headers=headers)
    assert answer.status_code == 404 and answer.get_json()["error"]["field"] == "number"
    assert client.get(f"{url}/members").get_json()["members"][0]["active"] is True


def test_an_evening_s_couples_are_read_against_the_club_s_roster(client):
    club, headers = new_club(client, members=2)
    answer = client.post(f"/api/v1/clubs/{club['id']}/evenings", json={"couples": [[1, 5]]}, headers=headers)
    assert answer.status_code == 422 and answer.get_json()["error"]["field"] == "couples"
    assert client.get(f"/api/v1/clubs/{club['id']}/evenings").get_json()["evenings"] == []
    answer = client.post(f"/api/v1/clubs/{club['id']}/evenings", json={"couples": [[1, 2]]}, headers=headers)
    assert answer.status_code == 201
