"""Small builders shared by the parts of the OpenAPI document."""

from __future__ import annotations

REF = "#/components/schemas/"


def ref(name: str) -> dict:
    """A reference to a schema of the document's components."""
    return {"$ref": REF + name}


def json_body(schema: dict, description: str) -> dict:
    """A JSON request or response body with *schema*."""
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def error_body(description: str) -> dict:
    """An error answer: ``{"error": {"message", "field"}}``."""
    return json_body(ref("Error"), description)
