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
