"""The card parties part of the JSON API, as the manual's JSON API page sets it out."""

from __future__ import annotations

import pytest

COUPLES = [{"name": f"Couple {i + 1}", "players": [f"A{i}", f"B{i}"]} for i in range(8)]


def create(client, **extra):
    body = {"name": "Legion, Friday", "games": 5, "prizes": 3, "booby": True, "cookie_jar": 2, "couples": COUPLES}
    body.update(extra)
    return client.post("/api/v1/parties", json=body)


@pytest.fixture
def party(client):
    response = create(client)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def report(client, party, token=None, **body):
    headers = {"Authorization": f"Bearer {token or party['edit_token']}"}
    return client.post(f"/api/v1/parties/{party['id']}/results", json=body, headers=headers)


def test_creating_a_party_seats_game_1_and_gives_the_links(client, party):
    state = party["state"]
    assert party["links"]["director"].endswith(f"/parties/{party['id']}/{party['edit_token']}")
    assert party["links"]["board"].endswith(f"/parties/{party['id']}/board")
    assert state["game"] == 1 and state["games"] == 5 and not state["finished"]
    assert state["seating"] == [
        {"table": 1, "couples": [0, 1], "deals_first": 0},
        {"table": 2, "couples": [2, 3], "deals_first": 2},
        {"table": 3, "couples": [4, 5], "deals_first": 4},
        {"table": 4, "couples": [6, 7], "deals_first": 6},
    ]
    assert state["wins"] == [0] * 8 and state["punched"] == [[]] * 8
    assert len(state["cookie_jar"]["numbers"]) == 2 and state["cookie_jar"]["winners"] == []
    assert client.get(f"/api/v1/parties/{party['id']}").get_json()["seating"] == state["seating"]


def test_a_result_moves_the_winner_on_once_every_table_is_in(client, party):
    for table, winner in ((1, 1), (2, 2), (3, 5), (4, 6)):
        response = report(client, party, game=1, table=table, winner=winner)
        assert response.status_code == 201
    state = response.get_json()["state"]
    assert state["game"] == 2
    assert {"table": 1, "couples": [0, 6], "deals_first": 6} in state["seating"]
    assert {"table": 2, "couples": [1, 3], "deals_first": 1} in state["seating"]
    assert state["results"][0] == {"game": 1, "table": 1, "winner": 1}
    assert state["wins"] == [0, 1, 1, 0, 0, 1, 1, 0]
    assert state["punched"][5] == [1]


def test_the_same_result_twice_is_409_and_saved_once(client, party):
    assert report(client, party, game=1, table=1, winner=0).status_code == 201
    again = report(client, party, game=1, table=1, winner=0)
    assert again.status_code == 409
    assert again.get_json()["error"]["field"] == "winner"
    state = client.get(f"/api/v1/parties/{party['id']}").get_json()
    assert state["results"] == [{"game": 1, "table": 1, "winner": 0}]
    assert sum(state["wins"]) == 1


def test_a_different_winner_needs_correct(client, party):
    report(client, party, game=1, table=1, winner=0)
    refused = report(client, party, game=1, table=1, winner=1)
    assert refused.status_code == 409
    assert "correction" in refused.get_json()["error"]["message"]
    fixed = report(client, party, game=1, table=1, winner=1, correct=True)
    assert fixed.status_code == 201
    assert fixed.get_json()["state"]["wins"][:2] == [0, 1]


def test_a_whole_evening_ends_with_places_booby_and_cookie_jar(client, party):
    state = party["state"]
    for game in range(1, 6):
        for seat in state["seating"]:
            winner = (
                seat["deals_first"]
                if seat["table"] % 2
                else [c for c in seat["couples"] if c != seat["deals_first"]][0]
            )
            response = report(client, party, game=game, table=seat["table"], winner=winner)
            assert response.status_code == 201, response.get_json()
        state = response.get_json()["state"]
    assert state["finished"]
    assert sum(state["wins"]) == 5 * 4
    places = state["places"]
    assert [p["place"] for p in places] == list(range(1, len(places) + 1))
    assert all(p["tied"] == (len(p["couples"]) > 1) for p in places)
    assert [p["wins"] for p in places] == sorted({w for w in state["wins"]}, reverse=True)[:3]
    fewest = min(state["wins"])
    if fewest in [p["wins"] for p in places]:
        assert state["booby"] is None  # the fewest wins already hold a prize place
    else:
        assert state["booby"] == {"couples": [c for c, w in enumerate(state["wins"]) if w == fewest], "wins": fewest}
    jar = set(state["cookie_jar"]["numbers"])
    assert state["cookie_jar"]["winners"] == [c for c, games in enumerate(state["punched"]) if jar <= set(games)]


@pytest.mark.parametrize(
    ("body", "status", "field"),
    [
        ({"game": 2, "table": 1, "winner": 0}, 422, "game"),
        ({"game": 1, "table": 9, "winner": 0}, 422, "table"),
        ({"game": 1, "table": 1, "winner": 5}, 422, "winner"),
        ({"game": "²", "table": 1, "winner": 0}, 422, "game"),
        ({"game": 1, "table": 1}, 422, "winner"),
        ({"game": 1, "table": 1, "winner": 0, "correct": "yes"}, 422, "correct"),
        ({"game": 1, "table": 1, "winner": 0, "tablet": 2}, 422, "tablet"),
        ({"game": 1, "table": 1, "winner": True}, 422, "winner"),
    ],
)
def test_results_that_do_not_fit_are_refused_and_change_nothing(client, party, body, status, field):
    headers = {"Authorization": f"Bearer {party['edit_token']}"}
    response = client.post(f"/api/v1/parties/{party['id']}/results", json=body, headers=headers)
    assert response.status_code == status
    assert response.get_json()["error"]["field"] == field
    assert response.get_json()["error"]["message"]
    assert client.get(f"/api/v1/parties/{party['id']}").get_json()["results"] == []


def test_reporting_needs_the_edit_token(client, party):
    path = f"/api/v1/parties/{party['id']}/results"
    body = {"game": 1, "table": 1, "winner": 0}
    assert client.post(path, json=body).status_code == 401
    assert client.post(path, json=body, headers={"Authorization": "Bearer nope"}).status_code == 403
    assert client.get(f"/api/v1/parties/{party['id']}").get_json()["results"] == []


def test_json_only(client, party):
    headers = {"Authorization": f"Bearer {party['edit_token']}", "Content-Type": "text/plain"}
    response = client.post(f"/api/v1/parties/{party['id']}/results", data='{"game": 1}', headers=headers)
    assert response.status_code == 415
    response = client.post("/api/v1/parties", data="[1, 2]", content_type="application/json")
    assert response.status_code == 400


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"name": ""}, "name"),
        ({"games": 0}, "games"),
        ({"games": "25x"}, "games"),
        ({"prizes": 99}, "prizes"),
        ({"couples": [{"name": "Alone"}]}, "couples"),
        ({"couples": [{"name": "A", "players": ["1", "2", "3"]}, {"name": "B"}]}, "players"),
        ({"cookie_jar": 9}, "cookie_jar"),
        ({"kind": "darts"}, "kind"),
        ({"kind": "play-to"}, "play_to"),
        ({"date": "Friday"}, "date"),
        ({"booby": "yes"}, "booby"),
    ],
)
def test_an_evening_that_cannot_run_is_refused(client, change, field):
    response = create(client, **change)
    assert response.status_code == 422, response.get_json()
    assert response.get_json()["error"]["field"] == field


def test_only_a_name_and_couples_are_needed(client):
    response = client.post("/api/v1/parties", json={"name": "Hall", "couples": ["Ann & Cy", "Bo & Di", "Ed & Flo"]})
    assert response.status_code == 201, response.get_json()
    state = response.get_json()["state"]
    assert state["games"] == 25 and state["cookie_jar"] is None and state["booby"] is None
    assert state["seating"] == [{"table": 1, "couples": [0, 1], "deals_first": 0}] and state["sits_out"] == 2


def test_a_party_not_started_has_no_seating_yet(client):
    response = create(client, start=False)
    state = response.get_json()["state"]
    assert state["game"] == 0 and state["seating"] == [] and not state["started"]
    refused = report(client, response.get_json(), game=1, table=1, winner=0)
    assert refused.status_code == 422


def test_an_unknown_party_is_404(client):
    assert client.get("/api/v1/parties/nothing-here").status_code == 404
    response = client.post("/api/v1/parties/nothing-here/results", json={}, headers={"Authorization": "Bearer x"})
    assert response.status_code == 404


def test_the_openapi_document_describes_parties_and_keeps_the_rest(client):
    document = client.get("/api/v1/openapi.json").get_json()
    assert {"/api/v1/parties", "/api/v1/parties/{party_id}", "/api/v1/parties/{party_id}/results"} <= set(
        document["paths"]
    )
    assert "/api/v1/games" in document["paths"]
    assert {"Party", "NewParty", "PartyResult", "Error"} <= set(document["components"]["schemas"])


def test_reading_an_unchanged_party_again_answers_304(client, party):
    first = client.get(f"/api/v1/parties/{party['id']}")
    etag = first.headers["ETag"]
    assert client.get(f"/api/v1/parties/{party['id']}", headers={"If-None-Match": etag}).status_code == 304
    report(client, party, game=1, table=1, winner=0)
    changed = client.get(f"/api/v1/parties/{party['id']}", headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.get_json()["results"] == [{"game": 1, "table": 1, "winner": 0}]


def test_a_table_may_ask_for_its_own_result_only_and_read_the_evening_when_it_changed(client, party):
    headers = {"Authorization": f"Bearer {party['edit_token']}", "Prefer": "return=minimal"}
    url = f"/api/v1/parties/{party['id']}/results"
    response = client.post(url, json={"game": 1, "table": 2, "winner": 3}, headers=headers)
    assert response.status_code == 201
    assert response.headers["Preference-Applied"] == "return=minimal"
    body = response.get_json()
    assert body["result"] == {"game": 1, "table": 2, "winner": 3} and "state" not in body
    evening = client.get(f"/api/v1/parties/{party['id']}")
    assert evening.headers["ETag"] == f'"party-{body["version"]}"'
    assert {"game": 1, "table": 2, "winner": 3} in evening.get_json()["results"]
    # Without the preference the answer is the whole evening, as before.
    full = report(client, party, game=1, table=1, winner=0)
    assert full.status_code == 201 and full.get_json()["state"]["wins"][0] == 1


def test_the_openapi_document_lists_the_answers_every_operation_may_get(client):
    paths = client.get("/api/v1/openapi.json").get_json()["paths"]
    for path, operations in paths.items():
        for method, operation in operations.items():
            if "requestBody" in operation:
                assert "413" in operation["responses"], (method, path)
            if path.startswith(("/api/v1/games", "/api/v1/parties")):
                assert "429" in operation["responses"], (method, path)
    # And the app does answer 413 to a party described at more length than an evening needs.
    huge = {"name": "Hall", "games": 2, "couples": ["A" * 40] * 2000}
    response = client.post("/api/v1/parties", json=huge)
    assert response.status_code == 413 and "too large" in response.get_json()["error"]["message"]
