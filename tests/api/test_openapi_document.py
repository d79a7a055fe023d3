"""The OpenAPI document keeps what the JSON API promises (the manual's page on it), and its request schemas are those of the models that check them."""

from __future__ import annotations

import pytest

from tests._support.api import resolved

# Each operation the JSON API promises: its answers, and the fields of its request body and of its answer that it promises.
PROMISES = [
    ("get", "/api/v1/referee/rank", {"200", "422"}, set(), {"trump", "offsuit"}),
    (
        "post",
        "/api/v1/referee/trick",
        {"200", "400", "422"},
        {"trump", "cards", "rules"},
        {"winner", "card", "explanation"},
    ),
    (
        "post",
        "/api/v1/referee/legal",
        {"200", "400", "422"},
        {"trump", "trick", "hand", "play", "rules"},
        {"legal", "explanation", "play_is_legal"},
    ),
    ("get", "/api/v1/referee/compare", {"200", "422"}, set(), {"higher", "reason", "explanation"}),
    ("get", "/api/v1/presets", {"200"}, set(), set()),
    (
        "post",
        "/api/v1/games",
        {"201", "400", "422"},
        {"rules", "sides", "scores"},
        {"id", "edit_token", "links", "state"},
    ),
    (
        "post",
        "/api/v1/games/{game_id}/hands",
        {"201", "401", "403", "409", "422"},
        {"n", "bidder", "bid", "bagged", "points", "tricks", "high", "partner", "offsuit_set", "tie_break_side"},
        {"state"},
    ),
    ("delete", "/api/v1/games/{game_id}/hands/last", {"200", "401", "403", "409"}, set(), {"state"}),
    ("put", "/api/v1/games/{game_id}/hands/{n}", {"200", "401", "403", "409", "412", "428"}, {"version"}, {"state"}),
    (
        "get",
        "/api/v1/games/{game_id}",
        {"200", "304", "404"},
        set(),
        {"id", "rules", "sides", "scores", "winner", "standing", "dealer", "hands"},
    ),
    (
        "post",
        "/api/v1/parties",
        {"201", "400", "422"},
        {"name", "games", "prizes", "booby", "cookie_jar", "couples"},
        {"id", "edit_token", "links", "state"},
    ),
    ("post", "/api/v1/parties/{party_id}/results", {"201", "409"}, {"game", "table", "winner", "correct"}, set()),
    ("post", "/api/v1/parties/{party_id}/couples", {"201", "422"}, {"name", "players"}, {"couple", "state"}),
    ("post", "/api/v1/parties/{party_id}/couples/{index}/gone", {"200", "409"}, set(), {"state"}),
    (
        "get",
        "/api/v1/parties/{party_id}",
        {"200"},
        set(),
        {"id", "game", "games", "seating", "sits_out", "results", "wins", "punched", "places", "booby", "cookie_jar"},
    ),
]


@pytest.fixture
def document(client):
    return client.get("/api/v1/openapi.json").get_json()


def properties(document, schema):
    """The properties an object schema names, in whichever of its alternatives."""
    schema = resolved(document, schema)
    found = set(schema.get("properties", {}))
    for alternative in schema.get("anyOf", []) + schema.get("oneOf", []):
        found |= properties(document, alternative)
    return found


@pytest.mark.parametrize(
    ("method", "path", "answers", "sent", "answered"), [pytest.param(*p, id=f"{p[0]} {p[1]}") for p in PROMISES]
)
def test_every_operation_of_the_contract_is_described(document, method, path, answers, sent, answered):
    operation = document["paths"][path][method]
    assert answers <= set(operation["responses"]), sorted(operation["responses"])
    if sent:
        body = operation["requestBody"]["content"]["application/json"]["schema"]
        assert sent <= properties(document, body)
    success = next(code for code in sorted(operation["responses"]) if code.startswith("2"))
    if answered:
        schema = operation["responses"][success]["content"]["application/json"]["schema"]
        assert answered <= properties(document, schema)
    for code, response in operation["responses"].items():
        if code.startswith("4") and "content" in response:
            error = resolved(document, response["content"]["application/json"]["schema"])
            assert {"message", "field", "code"} <= set(resolved(document, error["properties"]["error"])["properties"])


def test_the_state_of_a_game_and_a_hand_row_keep_their_fields(document):
    state = resolved(document, {"$ref": "#/components/schemas/GameState"})
    standing = state["properties"]["standing"]["items"]["items"]
    assert set(standing["enum"]) == {"on-the-green", "locked", "in-the-hole", "must-bid-out", "eliminated", "out"}
    row = resolved(document, state["properties"]["hands"]["items"])
    assert {"n", "dealer", "bidder", "bid", "points", "deltas", "scores", "notes", "note_codes"} <= set(
        row["properties"]
    )
    assert set(row["required"]) == {"n", "dealer", "bidder", "bid", "points", "deltas", "scores"}


def test_a_request_body_is_closed_where_the_api_refuses_other_keys(document, client):
    components = document["components"]["schemas"]
    for name in (
        "NewGame",
        "HandInput",
        "HandEdit",
        "RulesInput",
        "FinishedInput",
        "NewParty",
        "PartyResult",
        "NewClub",
    ):
        assert components[name]["additionalProperties"] is False, name
    # And the API does refuse them, naming the key.
    answer = client.post("/api/v1/games", json={"sides": [], "colour": "red"})
    assert answer.status_code == 422 and answer.get_json()["error"]["field"] == "colour"


def allows_null(document, schema):
    """Whether *schema* lets a value be null, as JSON Schema reads it."""
    schema = resolved(document, schema)
    kinds = schema.get("type", [])
    if kinds == "null" or (isinstance(kinds, list) and "null" in kinds):
        return True
    return any(allows_null(document, alternative) for alternative in schema.get("anyOf", []) + schema.get("oneOf", []))


NEW_GAME = {"sides": [{"name": "Us", "players": ["Ann", "Cy"]}, {"name": "Them", "players": ["Bo", "Di"]}]}
# A body each creating operation takes, to send again with one field null.
GOOD_BODIES = [
    ("/api/v1/games", NEW_GAME),
    ("/api/v1/parties", {"name": "Hall", "couples": ["Ann & Cy", "Bo & Di"]}),
    ("/api/v1/clubs", {"name": "Legion"}),
    ("/api/v1/tables", {"name": "Tuesday", "players": ["Ann", "Bo", "Cy", "Di"]}),
]


@pytest.mark.parametrize(("path", "body"), GOOD_BODIES, ids=[path for path, _ in GOOD_BODIES])
def test_a_null_field_is_taken_exactly_where_the_document_says_it_may_be_null(document, client, path, body):
    schema = resolved(document, document["paths"][path]["post"]["requestBody"]["content"]["application/json"]["schema"])
    assert client.post(path, json=body).status_code == 201
    wrong = []
    for field, described in schema["properties"].items():
        answer = client.post(path, json={**body, field: None})
        taken = answer.status_code == 201
        if taken and not allows_null(document, described):
            wrong.append(f"{field}: null is taken but the document refuses it")
        if answer.status_code not in {201, 400, 422}:
            wrong.append(f"{field}: null is answered {answer.status_code}")
    assert wrong == []


def test_a_hand_with_a_null_field_is_recorded_only_where_the_document_says_it_may_be_null(document, client):
    operation = document["paths"]["/api/v1/games/{game_id}/hands"]["post"]
    schema = resolved(document, operation["requestBody"]["content"]["application/json"]["schema"])
    hand = {"n": 1, "bidder": 0, "bid": 25, "tricks": [4, 1], "high": 0}
    wrong = []
    for field, described in schema["properties"].items():
        game = client.post("/api/v1/games", json=NEW_GAME).get_json()
        answer = client.post(
            f"/api/v1/games/{game['id']}/hands",
            json={**hand, field: None},
            headers={"Authorization": f"Bearer {game['edit_token']}"},
        )
        if answer.status_code == 201 and not allows_null(document, described):
            wrong.append(f"{field}: null is taken but the document refuses it")
        if answer.status_code not in {201, 400, 422}:
            wrong.append(f"{field}: null is answered {answer.status_code}")
    assert wrong == []
