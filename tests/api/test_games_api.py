"""The games API: start a game, record, undo and change hands, and every refusal."""

from __future__ import annotations

import pytest

from tests._support.api import refs, resolved
from tests._support.app import SIDES


def auth(game, token=None):
    return {"Authorization": f"Bearer {token or game['edit_token']}"}


def hands_url(game):
    return f"/api/v1/games/{game['id']}/hands"


def test_create_game_answers_tokens_links_and_state(client):
    response = client.post("/api/v1/games", json={"sides": SIDES, "scores": [50, 95]})
    assert response.status_code == 201
    body = response.get_json()
    assert set(body) >= {"id", "edit_token", "links", "state"}
    assert len(body["edit_token"]) >= 22  # 128 bits or more
    # No public address configured: the links are paths, never built from the request's Host header.
    assert body["links"]["edit"] == f"/games/{body['id']}/{body['edit_token']}"
    assert body["links"]["view"] == f"/games/{body['id']}/view/{body['view_token']}"
    state = body["state"]
    assert state["id"] == body["id"]
    assert state["scores"] == [50, 95]
    assert state["winner"] is None
    assert state["sides"] == SIDES
    assert state["dealer"] == "Frank"
    assert state["hands"] == []
    assert state["rules"]["target"] == 120
    assert state["standing"] == [[], ["on-the-green"]]


def test_two_games_get_different_tokens(client):
    a = client.post("/api/v1/games", json={"sides": SIDES}).get_json()
    b = client.post("/api/v1/games", json={"sides": SIDES}).get_json()
    assert a["id"] != b["id"] and a["edit_token"] != b["edit_token"]


def test_record_hand_and_read_it_back(client, game):
    response = client.post(
        hands_url(game), json={"n": 1, "bidder": 1, "bid": 20, "bagged": False, "points": [10, 20]}, headers=auth(game)
    )
    assert response.status_code == 201
    hand = response.get_json()["state"]["hands"][0]
    assert {k: hand[k] for k in ("n", "dealer", "bidder", "bid", "points", "deltas", "scores")} == {
        "n": 1,
        "dealer": "Frank",
        "bidder": 1,
        "bid": 20,
        "points": [10, 20],
        "deltas": [10, 20],
        "scores": [10, 20],
    }

    state = client.get(f"/api/v1/games/{game['id']}").get_json()
    assert state["scores"] == [10, 20]
    assert state["dealer"] == "John"


def test_tricks_and_high_are_turned_into_points(client, game):
    response = client.post(
        hands_url(game), json={"n": 1, "bidder": 0, "bid": 25, "tricks": [4, 1], "high": 0}, headers=auth(game)
    )
    assert response.status_code == 201
    assert response.get_json()["state"]["scores"] == [25, 5]


def test_a_set_bidder_loses_the_bid(client, game):
    response = client.post(
        hands_url(game), json={"n": 1, "bidder": 0, "bid": 25, "points": [20, 10]}, headers=auth(game)
    )
    assert response.get_json()["state"]["scores"] == [-25, 10]
    assert response.get_json()["state"]["standing"][0] == ["in-the-hole"]


def test_same_hand_number_twice_records_once(client, game):
    hand = {"n": 1, "bidder": 1, "bid": 20, "points": [10, 20]}
    assert client.post(hands_url(game), json=hand, headers=auth(game)).status_code == 201
    again = client.post(hands_url(game), json=hand, headers=auth(game))
    assert again.status_code == 409
    assert again.get_json()["error"]["field"] == "n"
    assert "saved once" in again.get_json()["error"]["message"]
    other = client.post(hands_url(game), json={**hand, "bid": 25, "points": [0, 30]}, headers=auth(game))
    assert other.status_code == 409
    assert "another phone" in other.get_json()["error"]["message"]
    assert len(client.get(f"/api/v1/games/{game['id']}").get_json()["hands"]) == 1


def test_a_hand_number_ahead_of_the_sheet_is_refused(client, game):
    response = client.post(
        hands_url(game), json={"n": 3, "bidder": 1, "bid": 20, "points": [10, 20]}, headers=auth(game)
    )
    assert response.status_code == 409
    assert "next hand is hand 1" in response.get_json()["error"]["message"]


def test_undo_last_hand(client, game):
    client.post(hands_url(game), json={"n": 1, "bidder": 1, "bid": 20, "points": [10, 20]}, headers=auth(game))
    response = client.delete(f"{hands_url(game)}/last", headers=auth(game))
    assert response.status_code == 200
    assert response.get_json()["state"]["hands"] == []
    nothing = client.delete(f"{hands_url(game)}/last", headers=auth(game))
    assert nothing.status_code == 422
    assert "no hand to undo" in nothing.get_json()["error"]["message"]


def test_undo_names_the_hand_meant(client, game):
    client.post(hands_url(game), json={"n": 1, "bidder": 1, "bid": 20, "points": [10, 20]}, headers=auth(game))
    client.post(hands_url(game), json={"n": 2, "bidder": 0, "bid": 20, "points": [20, 10]}, headers=auth(game))
    stale = client.delete(f"{hands_url(game)}/last?n=1", headers=auth(game))
    assert stale.status_code == 409
    assert client.delete(f"{hands_url(game)}/last?n=2", headers=auth(game)).status_code == 200


def test_edit_hand_recomputes_later_hands(client, game):
    client.post(hands_url(game), json={"n": 1, "bidder": 1, "bid": 20, "points": [10, 20]}, headers=auth(game))
    client.post(hands_url(game), json={"n": 2, "bidder": 0, "bid": 20, "points": [20, 10]}, headers=auth(game))
    response = client.put(
        f"{hands_url(game)}/1", json={"bidder": 1, "bid": 20, "points": [0, 30], "version": 3}, headers=auth(game)
    )
    assert response.status_code == 200
    state = response.get_json()["state"]
    assert [h["scores"] for h in state["hands"]] == [[0, 30], [20, 40]]


def test_edit_a_hand_that_does_not_exist(client, game):
    body = {"bidder": 1, "bid": 20, "points": [0, 30], "version": 1}
    response = client.put(f"{hands_url(game)}/4", json=body, headers=auth(game))
    assert response.status_code == 422
    assert response.get_json()["error"] == {"message": "There is no hand 4 to change.", "field": "n", "code": "refused"}


def test_reads_carry_a_version_and_answer_304_when_unchanged(client, game):
    state = client.get(f"/api/v1/games/{game['id']}").get_json()
    same = client.get(f"/api/v1/games/{game['id']}?since={state['version']}")
    assert same.status_code == 304 and same.data == b""
    client.post(hands_url(game), json={"n": 1, "bidder": 1, "bid": 20, "points": [10, 20]}, headers=auth(game))
    changed = client.get(f"/api/v1/games/{game['id']}?since={state['version']}")
    assert changed.status_code == 200 and changed.get_json()["version"] == state["version"] + 1


# -- Refusals -----------------------------------------------------------------------------------


def test_write_without_token_is_401(client, game):
    response = client.post(hands_url(game), json={"n": 1, "bidder": 1, "bid": 20, "points": [10, 20]})
    assert response.status_code == 401
    assert response.headers["WWW-Authenticate"].startswith("Bearer")
    assert response.get_json()["error"]["field"] == "authorization"


@pytest.mark.parametrize("header", ["Bearer nonsense", "Basic dXM6cHc=", "Bearer "])
def test_write_with_a_wrong_token_is_refused(client, game, header):
    response = client.post(
        hands_url(game), json={"n": 1, "bidder": 1, "bid": 20, "points": [10, 20]}, headers={"Authorization": header}
    )
    assert response.status_code in (401, 403)
    assert client.get(f"/api/v1/games/{game['id']}").get_json()["hands"] == []


def test_the_view_token_can_never_write(client, game):
    view = game["view_token"]
    hand = {"bidder": 1, "bid": 20, "points": [10, 20]}
    responses = [
        client.post(hands_url(game), json=hand, headers=auth(game, view)),
        client.delete(f"{hands_url(game)}/last", headers=auth(game, view)),
        client.put(f"{hands_url(game)}/1", json=hand, headers=auth(game, view)),
    ]
    assert [r.status_code for r in responses] == [403, 403, 403]
    assert "only shows the score" in responses[0].get_json()["error"]["message"]
    assert client.get(f"/api/v1/games/{game['id']}").get_json()["hands"] == []


def test_another_games_token_cannot_write(client, game):
    other = client.post("/api/v1/games", json={"sides": SIDES}).get_json()
    response = client.post(
        hands_url(game), json={"n": 1, "bidder": 1, "bid": 20, "points": [10, 20]}, headers=auth(other)
    )
    assert response.status_code == 403


def test_unknown_game_is_a_json_404(client):
    for response in (
        client.get("/api/v1/games/nope"),
        client.get("/api/v1/games/%00"),
        client.post("/api/v1/games/nope/hands", json={}, headers={"Authorization": "Bearer x"}),
    ):
        assert response.status_code == 404
        assert "message" in response.get_json()["error"]


@pytest.mark.parametrize(
    ("hand", "status", "field", "words"),
    [
        ({"bidder": 1, "bid": 20}, 422, "points", "points or the tricks"),
        ({"bidder": 1, "bid": 20, "points": [10, 20], "tricks": [2, 3]}, 422, "points", "not both"),
        ({"bidder": 1, "bid": 35, "points": [10, 20]}, 422, "bid", "not a bid"),
        ({"bidder": 1, "bid": [20], "points": [10, 20]}, 422, "bid", "Give the bid"),
        ({"bidder": "them", "bid": 20, "points": [10, 20]}, 422, "bidder", "side number"),
        ({"bidder": 5, "bid": 20, "points": [10, 20]}, 422, "bidder", "not a side"),
        ({"bidder": 1, "bid": 20, "points": [10, 15]}, 422, "points", "add up to 25"),
        ({"bidder": 1, "bid": 20, "points": ["10", "20"]}, 422, "points", "whole numbers"),
        ({"bidder": 1, "bid": 20, "points": [10, 20], "bagged": "yes"}, 422, "bagged", "true or false"),
        ({"bidder": 1, "bid": 20, "points": [10, 20], "bagged": True}, 422, "bagged", "dealer"),
        ({"bidder": 1, "bid": 20, "tricks": [2, 3]}, 422, "high", "high"),
        ({"bidder": 1, "bid": 20, "points": [10, 20], "n": "1"}, 422, "n", "whole number"),
        ({"bidder": 1, "bid": 20, "points": [10, 20], "colour": "red"}, 422, "colour", "not something"),
    ],
)
def test_bad_hands_are_refused_in_words_and_save_nothing(client, game, hand, status, field, words):
    response = client.post(hands_url(game), json={"n": 1, **hand}, headers=auth(game))
    assert response.status_code == status, response.get_json()
    error = response.get_json()["error"]
    assert error["field"] == field
    assert words in error["message"]
    assert client.get(f"/api/v1/games/{game['id']}").get_json()["version"] == game["state"]["version"]


# The last: a JSON string that holds a hand is not the hand.
AS_TEXT = b'"{\\"n\\": 1, \\"bidder\\": 1, \\"bid\\": 20, \\"points\\": [10, 20]}"'


@pytest.mark.parametrize("body", [b"not json", b"[1, 2]", b"null", b'"hand"', b"{", AS_TEXT])
def test_a_body_that_is_not_an_object_is_a_400(client, game, body):
    response = client.post(hands_url(game), data=body, headers={**auth(game), "Content-Type": "application/json"})
    assert response.status_code == 400
    assert response.get_json()["error"]["message"]


def test_a_huge_body_is_a_413(client, game):
    body = b'{"bidder": 1, "bid": 20, "points": [10, 20], "x": "' + b"a" * 200_000 + b'"}'
    response = client.post(hands_url(game), data=body, headers={**auth(game), "Content-Type": "application/json"})
    assert response.status_code == 413
    assert "too large" in response.get_json()["error"]["message"]


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        ({}, "sides", "Give the sides"),
        ({"sides": "Us and Them"}, "sides", "2 to 8 sides"),
        ({"sides": [SIDES[0]]}, "sides", "2 to 8 sides"),
        ({"sides": [{"name": "Us", "players": ["A"]}, {"name": "Us", "players": ["B"]}]}, "sides", "same name"),
        ({"sides": [{"name": "Us", "players": "Frank"}, SIDES[1]]}, "players", "list of names"),
        ({"sides": [{"name": 7, "players": ["A", "B"]}, SIDES[1]]}, "sides", "as text"),
        ({"sides": [{"name": "x" * 81, "players": ["A", "B"]}, SIDES[1]]}, "sides", "at most 80"),
        ({"sides": [{"name": "Us\x00", "players": ["A", "B"]}, SIDES[1]]}, "sides", "control or invisible characters"),
        ({"sides": [{"name": "Us", "players": ["A\nB", "C"]}, SIDES[1]]}, "players", "one line"),
        ({"sides": SIDES, "rules": "whist"}, "preset", "whist"),
        ({"sides": SIDES, "rules": {"target": "lots"}}, "target", "whole number of points"),
        ({"sides": SIDES, "rules": {"trumps": "always"}}, "trumps", "trumps"),
        ({"sides": SIDES, "rules": 45}, "rules", "preset name"),
        ({"sides": SIDES, "scores": [0, 7]}, "scores", "multiple of 5"),
        ({"sides": SIDES, "scores": [0, 120]}, "scores", "already over"),
    ],
)
def test_bad_games_are_refused_in_words(client, body, field, words):
    response = client.post("/api/v1/games", json=body)
    assert response.status_code == 422, response.get_json()
    error = response.get_json()["error"]
    assert error["field"] == field
    assert words.lower() in error["message"].lower()


def test_the_openapi_document_describes_the_games_api(client, game):
    response = client.get("/api/v1/openapi.json")
    assert response.status_code == 200
    spec = response.get_json()
    paths = spec["paths"]
    for path, method in [
        ("/games", "post"),
        ("/games/{game_id}", "get"),
        ("/games/{game_id}/hands", "post"),
        ("/games/{game_id}/hands/last", "delete"),
        ("/games/{game_id}/hands/{n}", "put"),
    ]:
        assert method in paths.get("/api/v1" + path, {}), path
        operation = paths["/api/v1" + path][method]
        for requirement in operation.get("security", []):
            for name in requirement:
                assert name in spec["components"]["securitySchemes"], name
    schemas = spec["components"]["schemas"]
    for ref in refs(spec):
        assert ref.startswith("#/components/schemas/") and ref.rsplit("/", 1)[1] in schemas, ref
    # What the API answers has every field the document says it must.
    state = client.get(f"/api/v1/games/{game['id']}").get_json()
    assert set(schemas["GameState"]["required"]) <= set(state)
    assert set(schemas["GameState"]["properties"]) == set(state)
    client.post(hands_url(game), json={"n": 1, "bidder": 1, "bid": 20, "points": [10, 20]}, headers=auth(game))
    hand = client.get(f"/api/v1/games/{game['id']}").get_json()["hands"][0]
    assert set(schemas["HandRow"]["properties"]) == set(hand)
    assert set(schemas["HandInput"]["properties"]) == {
        "n",
        "bidder",
        "bid",
        "bagged",
        "hold",
        "points",
        "tricks",
        "high",
        "partner",
        "offsuit_set",
        "tie_break_side",
    }


def test_a_game_finished_early_on_the_sheet_takes_no_hand_through_the_api(app, client, game):
    from scorekeeper.store import games as services

    with app.app_context():
        services.finish_game(services.load_game(game["id"]))
    response = client.post(
        hands_url(game), json={"n": 1, "bidder": 1, "bid": 20, "points": [10, 20]}, headers=auth(game)
    )
    assert response.status_code == 422
    error = response.get_json()["error"]
    assert error["field"] == "game" and "finished early" in error["message"]
    assert client.get(f"/api/v1/games/{game['id']}").get_json()["hands"] == []


def test_the_rules_change_before_the_first_hand_and_not_after(client, game):
    url = f"/api/v1/games/{game['id']}/rules"
    response = client.put(url, json={"rules": {"preset": "nova-scotia", "target": 100}}, headers=auth(game))
    assert response.status_code == 200, response.get_json()
    rules = response.get_json()["state"]["rules"]
    assert rules["target"] == 100 and rules["min_bid_from_100"] is True
    assert client.get(f"/api/v1/games/{game['id']}").get_json()["rules"] == rules
    # Refusals change nothing: a bad option, the view token, no token.
    bad = client.put(url, json={"rules": {"preset": "nova-scotia", "trumps_wild": True}}, headers=auth(game))
    assert bad.status_code == 422 and bad.get_json()["error"]["field"] == "trumps_wild"
    assert client.put(url, json={"rules": "one-ten"}, headers=auth(game, game["view_token"])).status_code == 403
    assert client.put(url, json={"rules": "one-ten"}).status_code == 401
    assert client.put(url, json={}, headers=auth(game)).get_json()["error"]["field"] == "rules"
    # After the first hand the rules are fixed.
    client.post(hands_url(game), json={"n": 1, "bidder": 1, "bid": 20, "points": [10, 20]}, headers=auth(game))
    fixed = client.put(url, json={"rules": "one-ten"}, headers=auth(game))
    assert fixed.status_code == 409
    assert fixed.get_json()["error"]["field"] == "rules"
    assert "fixed once the first hand" in fixed.get_json()["error"]["message"]
    assert client.get(f"/api/v1/games/{game['id']}").get_json()["rules"] == rules


def test_finishing_early_and_playing_on(client, game):
    url = f"/api/v1/games/{game['id']}/finished"
    assert client.get(f"/api/v1/games/{game['id']}").get_json()["finished"] is False
    done = client.put(url, json={"finished": True}, headers=auth(game))
    assert done.status_code == 200 and done.get_json()["state"]["finished"] is True
    refused = client.post(
        hands_url(game), json={"n": 1, "bidder": 1, "bid": 20, "points": [10, 20]}, headers=auth(game)
    )
    assert refused.status_code == 422 and refused.get_json()["error"]["field"] == "game"
    assert client.put(url, json={"finished": "yes"}, headers=auth(game)).status_code == 422
    again = client.put(url, json={"finished": False}, headers=auth(game))
    assert again.status_code == 200 and again.get_json()["state"]["finished"] is False
    assert (
        client.post(
            hands_url(game), json={"n": 1, "bidder": 1, "bid": 20, "points": [10, 20]}, headers=auth(game)
        ).status_code
        == 201
    )


def test_a_won_game_cannot_be_opened_again(client):
    game = client.post("/api/v1/games", json={"sides": SIDES, "scores": [110, 50]}).get_json()
    won = client.post(
        hands_url(game), json={"n": 1, "bidder": 0, "bid": 20, "points": [25, 5]}, headers=auth(game)
    ).get_json()["state"]
    assert won["winner"] == 0 and won["finished"] is True
    refused = client.put(f"/api/v1/games/{game['id']}/finished", json={"finished": False}, headers=auth(game))
    assert refused.status_code == 422
    assert refused.get_json()["error"]["field"] == "finished"
    assert "Undo the winning hand" in refused.get_json()["error"]["message"]
    assert client.get(f"/api/v1/games/{game['id']}").get_json()["finished"] is True


def test_notes_and_the_win_reason_come_with_codes_beside_their_sentences(client, game):
    headers = {"Authorization": f"Bearer {game['edit_token']}"}
    url = f"/api/v1/games/{game['id']}/hands"
    # Us bid 30 and take two tricks: set, 30 down.
    answer = client.post(url, json={"n": 1, "bidder": 0, "bid": 30, "tricks": [2, 3], "high": 1}, headers=headers)
    hand = answer.get_json()["state"]["hands"][0]
    assert hand["note_codes"] == [{"code": "set", "side": 0}]
    assert len(hand["notes"]) == 1 and "set" in hand["notes"][0]
    state = answer.get_json()["state"]
    assert state["win_reason_code"] is None and state["win_reason"] is None
    n = 2
    while state["winner"] is None:
        hand = {"n": n, "bidder": 1, "bid": 30, "tricks": [0, 5], "high": 1}
        state = client.post(url, json=hand, headers=headers).get_json()["state"]
        n += 1
    assert state["winner"] == 1
    assert state["win_reason_code"] == "bidder-goes-out"
    assert state["win_reason"]


def test_a_since_that_is_no_version_is_refused_even_with_a_matching_etag(client, game):
    url = f"/api/v1/games/{game['id']}"
    refused = client.get(url + "?since=-4.3e-254", headers={"If-None-Match": "*"})
    assert refused.status_code == 400
    assert client.get(url + "?since=1", headers={"If-None-Match": "*"}).status_code == 304


def test_a_since_beyond_any_version_is_refused_even_with_a_matching_etag(client, game):
    url = f"/api/v1/games/{game['id']}?since=301820975146988152175984640"
    assert client.get(url, headers={"If-None-Match": "*"}).status_code == 400


def test_every_answer_carries_the_sheet_as_it_stands_in_the_asking_language(client):
    # The rows of hands already sent are reused from one answer to the next: an edit, an undo or another language
    # must never bring back a row as it was.
    game = client.post("/api/v1/games", json={"sides": SIDES}).get_json()
    url = f"/api/v1/games/{game['id']}"

    def read(language="en"):
        return client.get(url, headers={"Accept-Language": language}).get_json()

    states = []
    for n, bidder in ((1, 0), (2, 1), (3, 0)):
        hand = {"n": n, "bidder": bidder, "bid": 20, "points": [10, 20] if bidder == 0 else [20, 10]}
        states.append(client.post(hands_url(game), json=hand, headers=auth(game)).get_json()["state"])
        assert states[-1] == read()
    assert [h["n"] for h in states[-1]["hands"]] == [1, 2, 3]
    assert states[-1]["hands"][:2] == states[-2]["hands"]
    french = read("fr")
    assert french["hands"][0]["notes"] != states[-1]["hands"][0]["notes"]  # each language its own rows
    edit = {"bidder": 1, "bid": 25, "points": [0, 30], "version": states[-1]["version"]}
    edited = client.put(f"{hands_url(game)}/2", json=edit, headers=auth(game)).get_json()["state"]
    assert edited["hands"][1]["bid"] == 25 and edited["hands"][1]["points"] == [0, 30]
    assert edited == read()
    undone = client.delete(f"{hands_url(game)}/last", headers=auth(game)).get_json()["state"]
    assert [h["n"] for h in undone["hands"]] == [1, 2] and undone == read()
    assert read("fr")["hands"][1]["bid"] == 25


def test_a_game_is_answered_with_exactly_the_fields_its_document_names(client, game):
    """Each answer is written through its model: no field the document leaves out, none it names left out."""
    document = client.get("/api/v1/openapi.json").get_json()
    described = document["components"]["schemas"]
    recorded = client.post(
        hands_url(game), json={"n": 1, "bidder": 1, "bid": 20, "points": [10, 20]}, headers=auth(game)
    )
    assert recorded.status_code == 201
    for state in (recorded.get_json()["state"], client.get(f"/api/v1/games/{game['id']}").get_json()):
        assert set(state) == set(described["GameState"]["properties"])
        row = resolved(document, described["GameState"]["properties"]["hands"]["items"])
        assert set(state["hands"][0]) == set(row["properties"])
        assert set(state["draw"]) == set(described["GameState"]["properties"]["draw"]["properties"])
    assert set(game) == set(described["CreatedGame"]["properties"])
