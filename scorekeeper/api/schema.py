"""Small builders shared by the parts of the OpenAPI document."""

from __future__ import annotations

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
