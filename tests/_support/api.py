"""Small functions shared by the API tests."""

from __future__ import annotations

from collections.abc import Iterator


def refs(node) -> Iterator[str]:
    """Every ``$ref`` of an OpenAPI document (or of any part of it), depth first."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref":
                yield value
            else:
                yield from refs(value)
    elif isinstance(node, list):
        for item in node:
            yield from refs(item)


def resolved(document, schema):
    """*schema* with its reference to a component replaced by the component (one level, as often as it takes)."""
    while "$ref" in schema:
        schema = {**document["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]], **schema}
        del schema["$ref"]
    return schema


def new_club(client, members=4):
    created = client.post("/api/v1/clubs", json={"name": "Fire Hall"})
    assert created.status_code == 201
    club = created.get_json()
    headers = {"Authorization": f"Bearer {club['edit_token']}"}
    for n in range(members):
        answer = client.post(f"/api/v1/clubs/{club['id']}/members", json={"name": f"Player {n + 1}"}, headers=headers)
        assert answer.status_code == 201 and answer.get_json()["number"] == n + 1
    return club, headers
