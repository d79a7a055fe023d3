"""Checking an answer of the JSON API against what the OpenAPI document says of its path, method and status."""

from __future__ import annotations

import re
from typing import Any

import jsonschema_rs
from flask import Response

# Answers given before or beside the operation itself, whatever the path: they are not the route's to describe.
BESIDE_THE_ROUTE = {"405", "500"}


# Each answer's validator, made once for the whole run (every app of the tests writes the same document).
_VALIDATORS: dict[tuple[str, str, str], Any] = {}


def documented_path(rule: str) -> str:
    """A Flask rule as the document writes its path: ``<string(minlength=8):table_id>`` -> ``{table_id}``."""
    return re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"{\1}", rule)


def answer_mismatch(written: dict[str, Any], method: str, rule: str, response: Response) -> str | None:
    """What is wrong with *response* as the document *written* describes it, or None when it is as described."""
    path = documented_path(rule)
    operation = written["paths"].get(path, {}).get(method.lower())
    if operation is None:
        return f"{method} {path} is not in the document"
    status = str(response.status_code)
    described = operation["responses"].get(status)
    if described is None:
        return None if status in BESIDE_THE_ROUTE else f"{method} {path} answered {status}, which it does not document"
    schema = described.get("content", {}).get("application/json", {}).get("schema")
    if schema is None or not response.is_json or not response.get_data():
        return None
    key = (method, path, status)
    if key not in _VALIDATORS:
        _VALIDATORS[key] = jsonschema_rs.Draft202012Validator(
            without_patterns({**schema, "components": written["components"]})
        )
    validator = _VALIDATORS[key]
    errors = [error.message for error in validator.iter_errors(response.get_json())]
    return f"{method} {path} {status}: {errors[:3]}" if errors else None


def without_patterns(node: Any) -> Any:
    """*node* without its ``pattern`` keywords: they describe what a request may send (a name's characters, a card as
    typed), in a regex dialect the validator here does not read; an answer is checked on everything else."""
    if isinstance(node, dict):
        return {key: without_patterns(value) for key, value in node.items() if key != "pattern"}
    if isinstance(node, list):
        return [without_patterns(item) for item in node]
    return node
