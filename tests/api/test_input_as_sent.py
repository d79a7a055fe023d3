"""Inputs read as they are sent and as the published schema describes them: club numbers, seasons and names."""

from __future__ import annotations

import pytest


@pytest.fixture
def club(client):
    club = client.post("/api/v1/clubs", json={"name": "Legion"}).get_json()
    auth = {"Authorization": f"Bearer {club['edit_token']}"}
    for name in ("Mary", "Angus", "Flora", "John"):
        assert client.post(f"/api/v1/clubs/{club['id']}/members", json={"name": name}, headers=auth).status_code == 201
    return club["id"], auth


@pytest.mark.parametrize(
    "couples",
    [[[41245914, 320.0]], [[1, 2.5]], [[1, "two"]], [[1, True]], [[1, -3]], [[1, 10**20]], [[1, None]]],
)
def test_a_couple_that_is_not_two_club_numbers_is_refused_in_words(client, club, couples):
    club_id, auth = club
    answer = client.post(f"/api/v1/clubs/{club_id}/evenings", json={"couples": couples}, headers=auth)
    assert answer.status_code == 422
    assert answer.get_json()["error"]["field"] == "couples"
    assert "club number" in answer.get_json()["error"]["message"]


def test_a_season_longer_than_the_schema_allows_is_refused_even_if_its_spaces_are_trimmed(client, club):
    club_id, auth = club
    season = "\x1f2026" + " " * 40
    answer = client.post(f"/api/v1/clubs/{club_id}/evenings", json={"season": season}, headers=auth)
    assert answer.status_code == 422 and answer.get_json()["error"]["field"] == "season"


@pytest.mark.parametrize("path", ["/api/v1/tables", "/api/v1/clubs", "/api/v1/parties"])
def test_a_name_longer_than_the_schema_allows_is_refused_even_if_its_spaces_are_trimmed(client, path):
    body = {"name": " " + "x" * 80, "couples": ["A", "B"]} if path.endswith("parties") else {"name": " " + "x" * 80}
    answer = client.post(path, json=body)
    assert answer.status_code == 422, answer.get_json()
    assert answer.get_json()["error"]["field"] == "name"


def test_every_operation_documents_the_414_gunicorn_gives_an_address_too_long(client):
    document = client.get("/api/v1/openapi.json").get_json()
    operations = [op for ops in document["paths"].values() for op in ops.values()]
    assert operations and all("414" in op["responses"] for op in operations)
