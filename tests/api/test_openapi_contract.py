"""The OpenAPI document is written from the routes themselves: it names every operation the API contract promises,
and exactly the operations the app answers (no route left out of it, none in it that the app does not serve)."""

from __future__ import annotations

import re

# The operations the API contract promises, as (method, path) with the document's path parameters.
CONTRACT = {
    ("get", "/api/v1/referee/rank"),
    ("post", "/api/v1/referee/trick"),
    ("post", "/api/v1/referee/legal"),
    ("get", "/api/v1/presets"),
    ("post", "/api/v1/games"),
    ("post", "/api/v1/games/{game_id}/hands"),
    ("delete", "/api/v1/games/{game_id}/hands/last"),
    ("put", "/api/v1/games/{game_id}/hands/{n}"),
    ("get", "/api/v1/games/{game_id}"),
    ("post", "/api/v1/parties"),
    ("post", "/api/v1/parties/{party_id}/results"),
    ("post", "/api/v1/parties/{party_id}/couples"),
    ("post", "/api/v1/parties/{party_id}/couples/{index}/gone"),
    ("get", "/api/v1/parties/{party_id}"),
    ("post", "/api/v1/tables"),
    ("get", "/api/v1/tables/{table_id}"),
    ("get", "/api/v1/tables/{table_id}/stats"),
    ("get", "/api/v1/tables/{table_id}/export.json"),
    ("get", "/api/v1/tables/{table_id}/ratings"),
    ("get", "/api/v1/clubs/{club_id}/ratings"),
    ("get", "/api/v1/clubs/{club_id}/export.json"),
}
METHODS = {"get", "post", "put", "patch", "delete"}


def described(client) -> set[tuple[str, str]]:
    document = client.get("/api/v1/openapi.json").get_json()
    return {(method, path) for path, item in document["paths"].items() for method in item if method in METHODS}


def served(app) -> set[tuple[str, str]]:
    """Every operation the app's API routes answer, written as the document writes paths."""
    found = set()
    for rule in app.url_map.iter_rules():
        if rule.rule.startswith("/api/v1/"):
            path = re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"{\1}", rule.rule)
            found |= {(method.lower(), path) for method in rule.methods or () if method.lower() in METHODS}
    return found


def test_the_document_names_every_operation_the_contract_promises(client):
    assert CONTRACT - described(client) == set()


def test_the_document_names_exactly_the_operations_the_app_serves(app, client):
    document = described(client)
    routes = served(app)
    assert routes - document == set(), "routes the document leaves out"
    assert document - routes == set(), "operations the document names that no route serves"


def test_the_document_of_a_route_comes_from_its_models(client):
    # The referee's questions and answers are the routes' own models, written by the library: the query parameters
    # of a GET come from its query model, the body of a POST from its body model.
    document = client.get("/api/v1/openapi.json").get_json()
    compare = document["paths"]["/api/v1/referee/compare"]["get"]
    assert {p["name"] for p in compare["parameters"] if p["in"] == "query"} == {"rules", "trump", "led", "a", "b"}
    trick = document["paths"]["/api/v1/referee/trick"]["post"]
    assert trick["requestBody"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/TrickQuestion"
    }
    assert trick["responses"]["200"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/TrickAnswer"
    }


def test_an_answer_that_differs_from_its_document_is_caught(app, client):
    # The check every API test runs on each answer: an answer of the wrong shape, or a status the operation does
    # not document, is named; the answer as given passes.
    from flask import jsonify

    from scorekeeper.api.openapi import document
    from tests._support.openapi import answer_mismatch

    with app.app_context():
        written = document()
    rule = "/api/v1/referee/trick"
    given = client.post(rule, json={"trump": "S", "cards": ["8S", "AH"]})
    assert given.status_code == 200
    with app.test_request_context():
        assert answer_mismatch(written, "POST", rule, given) is None
        wrong = jsonify({**given.get_json(), "winner": "the second card"})
        assert "is not of type" in (answer_mismatch(written, "POST", rule, wrong) or "")
        missing = jsonify({key: value for key, value in given.get_json().items() if key != "card"})
        assert '"card" is a required property' in (answer_mismatch(written, "POST", rule, missing) or "")
        teapot = jsonify({"error": {"message": "?", "field": None, "code": "x"}})
        teapot.status_code = 418
        assert "418" in (answer_mismatch(written, "POST", rule, teapot) or "")
