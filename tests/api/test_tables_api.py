"""The tables API: a roster, games started in it, statistics, export and import, and its tokens."""

from __future__ import annotations

import pytest

from tests._support.tables import play_to_the_end


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def table(client):
    response = client.post("/api/v1/tables", json={"name": "Tuesday table", "players": ["Ann", "Bob", "Cy", "Di"]})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def start(client, table, sides):
    response = client.post(
        "/api/v1/games", json={"table": table["id"], "sides": sides}, headers=bearer(table["edit_token"])
    )
    assert response.status_code == 201, response.get_json()
    return response.get_json()


PAIRS = [{"name": "Ann & Cy", "players": ["Ann", "Cy"]}, {"name": "Bob & Di", "players": ["Bob", "Di"]}]


def test_a_table_plays_and_counts(client, table):
    assert [p["id"] for p in table["state"]["players"]] == ["p1", "p2", "p3", "p4"]
    game = start(client, table, PAIRS)
    play_to_the_end(client, game["id"], game["edit_token"])
    read = client.get(f"/api/v1/tables/{table['id']}", headers=bearer(table["view_token"])).get_json()
    assert read["games"][0]["sides"][0]["players"] == ["p1", "p3"]
    assert read["games"][0]["winner"] == 0 and read["games"][0]["finished"] is True
    stats = client.get(f"/api/v1/tables/{table['id']}/stats", headers=bearer(table["view_token"])).get_json()
    ann = next(p for p in stats["players"] if p["player"] == "p1")
    assert ann["games"] == 1 and ann["won"] == 1
    assert ann["bids_made"] + ann["bids_set"] == ann["hands_bid"] == ann["by_bid"]["30"]["bid"]
    assert ann["best_partner"] is None  # one game together is not enough to call anyone a best partner
    bob = next(p for p in stats["players"] if p["player"] == "p2")
    assert bob["won"] == 0 and bob["hands_bid"] == 0
    assert {"players": ["p1", "p3"]}.items() <= stats["pairs"][0].items()
    assert stats["head_to_head"][0]["games"] == 1


def test_a_new_name_joins_the_roster(client, table):
    start(client, table, [{"name": "A", "players": ["Ann", "Eve"]}, {"name": "B", "players": ["bob", "Di"]}])
    read = client.get(f"/api/v1/tables/{table['id']}", headers=bearer(table["edit_token"])).get_json()
    assert [p["name"] for p in read["players"]] == ["Ann", "Bob", "Cy", "Di", "Eve"]


@pytest.mark.parametrize(
    ("headers", "status"),
    [({}, 401), ({"Authorization": "Bearer nope"}, 403)],
)
def test_a_table_is_read_only_with_its_token(client, table, headers, status):
    assert client.get(f"/api/v1/tables/{table['id']}", headers=headers).status_code == status
    assert client.get(f"/api/v1/tables/{table['id']}/stats", headers=headers).status_code == status


def test_the_view_token_cannot_change_the_table(client, table):
    view = bearer(table["view_token"])
    response = client.post(f"/api/v1/tables/{table['id']}/players", json={"name": "Eve"}, headers=view)
    assert response.status_code == 403 and response.get_json()["error"]["field"] == "authorization"
    response = client.post("/api/v1/games", json={"table": table["id"], "sides": PAIRS}, headers=view)
    assert response.status_code == 403


def test_rename_and_merge(client, table):
    edit = bearer(table["edit_token"])
    client.post(f"/api/v1/tables/{table['id']}/players", json={"name": "Anne"}, headers=edit)
    game = start(client, table, [{"name": "A", "players": ["Anne", "Cy"]}, {"name": "B", "players": ["Bob", "Di"]}])
    play_to_the_end(client, game["id"], game["edit_token"])
    refused = client.post(f"/api/v1/tables/{table['id']}/players/p5/merge", json={"into": "p3"}, headers=edit)
    assert refused.status_code == 422 and refused.get_json()["error"]["field"] == "into"
    merged = client.post(f"/api/v1/tables/{table['id']}/players/p5/merge", json={"into": "p1"}, headers=edit)
    assert merged.status_code == 200
    renamed = client.put(f"/api/v1/tables/{table['id']}/players/p1", json={"name": "Annie"}, headers=edit)
    assert renamed.status_code == 200
    stats = client.get(f"/api/v1/tables/{table['id']}/stats", headers=edit).get_json()
    annie = next(p for p in stats["players"] if p["player"] == "p1")
    assert annie["name"] == "Annie" and annie["won"] == 1
    assert all(p["player"] != "p5" for p in stats["players"])


def test_the_export_imports_back_exactly(client, table):
    first = start(client, table, PAIRS)
    play_to_the_end(client, first["id"], first["edit_token"])
    second = start(client, table, [{"name": "X", "players": ["Ann", "Bob"]}, {"name": "Y", "players": ["Cy", "Di"]}])
    play_to_the_end(client, second["id"], second["edit_token"], bidder=1)
    exported = client.get(f"/api/v1/tables/{table['id']}/export.json", headers=bearer(table["view_token"])).get_json()
    created = client.post("/api/v1/tables/import", json=exported)
    assert created.status_code == 201, created.get_json()
    copy = created.get_json()
    again = client.get(f"/api/v1/tables/{copy['id']}/export.json", headers=bearer(copy["view_token"])).get_json()
    strip = lambda doc: [{k: v for k, v in g.items() if k != "id"} for g in doc["games"]]  # noqa: E731
    assert strip(again) == strip(exported) and again["players"] == exported["players"]
    stats = [
        client.get(f"/api/v1/tables/{t['id']}/stats", headers=bearer(t["view_token"])).get_json() for t in (table, copy)
    ]
    assert stats[0] == stats[1]


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("/api/v1/tables", {"name": ""}, "name"),
        ("/api/v1/tables", {"name": "T", "players": "Ann"}, "players"),
        ("/api/v1/tables", {"name": "T", "players": ["Ann\u200b"]}, "players"),
        ("/api/v1/tables", {"name": "T", "colour": "red"}, "colour"),
        ("/api/v1/tables/import", {"format": "other", "name": "T", "games": []}, "format"),
        ("/api/v1/tables/import", {"format": "forty-fives-table", "name": "T", "games": [1]}, "games[0]"),
    ],
)
def test_bad_input_is_a_clear_422(client, path, body, field):
    response = client.post(path, json=body)
    assert response.status_code == 422
    assert response.get_json()["error"]["field"] == field


def test_an_import_with_a_hand_the_rules_refuse_stores_nothing(client, table):
    game = start(client, table, PAIRS)
    play_to_the_end(client, game["id"], game["edit_token"])
    exported = client.get(f"/api/v1/tables/{table['id']}/export.json", headers=bearer(table["edit_token"])).get_json()
    exported["games"][0]["hands"][0]["bid"] = 10
    response = client.post("/api/v1/tables/import", json=exported)
    assert response.status_code == 422 and response.get_json()["error"]["field"] == "games[0]"


@pytest.mark.parametrize(
    ("query", "status"), [("?from=2026-02-30", 400), ("?from=yesterday", 400), ("?from=2026-05-01&to=2026-01-01", 422)]
)
def test_a_season_that_cannot_be_read_is_refused(client, table, query, status):
    response = client.get(f"/api/v1/tables/{table['id']}/stats{query}", headers=bearer(table["view_token"]))
    assert response.status_code == status
    assert response.get_json()["error"]["field"] == "from"


def test_deleting_a_table_keeps_its_games_unless_asked(client, table):
    game = start(client, table, PAIRS)
    edit = bearer(table["edit_token"])
    assert client.delete(f"/api/v1/tables/{table['id']}", headers=edit).status_code == 204
    assert client.get(f"/api/v1/tables/{table['id']}", headers=edit).status_code == 404
    assert client.get(f"/api/v1/games/{game['id']}").status_code == 200


def test_the_openapi_document_describes_tables(client):
    document = client.get("/api/v1/openapi.json").get_json()
    for path in ("/api/v1/tables", "/api/v1/tables/{table_id}/stats", "/api/v1/tables/import"):
        assert path in document["paths"]
    assert "table" in document["components"]["schemas"]["NewGame"]["properties"]
    assert "tableToken" in document["components"]["securitySchemes"]
    stats = document["components"]["schemas"]["TableStats"]["properties"]["players"]["items"]["required"]
    assert {"hands_bid", "bids_made", "bids_set", "by_bid"} <= set(stats)
