"""Small builders shared by the parts of the OpenAPI document."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

REF = "#/components/schemas/"


def ref(name: str) -> dict[str, Any]:
    """A reference to a schema of the document's components."""
    return {"$ref": REF + name}


def json_body(schema: dict[str, Any], description: str) -> dict[str, Any]:
    """A JSON request or response body with *schema*."""
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def error_body(description: str) -> dict[str, Any]:
    """An error answer: ``{"error": {"message", "field"}}``."""
    return json_body(ref("Error"), description)


def json_request(schema: dict[str, Any], description: str | None = None) -> dict[str, Any]:
    """An operation's required JSON request body with *schema*."""
    body: dict[str, Any] = {"required": True, "content": {"application/json": {"schema": schema}}}
    if description is not None:
        body["description"] = description
    return body


def parameter(
    name: str, where: str, schema: dict[str, Any], description: str | None = None, *, required: bool | None = None
) -> dict[str, Any]:
    """An operation's parameter *where* ("path", "query" or "header"): one in the path is always required."""
    found: dict[str, Any] = {"name": name, "in": where, "required": where == "path" if required is None else required}
    if description is not None:
        found["description"] = description
    found["schema"] = schema
    return found


def error_schema(required: list[str], message: str, field: str, codes: Sequence[str]) -> dict[str, Any]:
    """The schema of an error answer, ``{"error": {"message", "field", "code"}}``, with its fields' descriptions."""
    return {
        "type": "object",
        "required": ["error"],
        "properties": {
            "error": {
                "type": "object",
                "required": required,
                "properties": {
                    "message": {"type": "string", "description": message},
                    "field": {"type": ["string", "null"], "description": field},
                    "code": {
                        "type": "string",
                        "enum": list(codes),
                        "description": "What is wrong, as a code that does not change with the language.",
                    },
                },
            }
        },
    }


def closed_object(required: list[str], properties: dict[str, Any]) -> dict[str, Any]:
    """A JSON object a request sends: the *properties* named (the *required* ones at least), no others."""
    return {"type": "object", "required": required, "additionalProperties": False, "properties": properties}
