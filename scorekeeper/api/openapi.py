"""The OpenAPI 3.1 document at /api/v1/openapi.json, as the library writes it from the routes' models, with the
answers every operation may get and each part's security scheme."""

from __future__ import annotations

import functools
from typing import Any

from flask import Response, jsonify
from flask_openapi3.models import APISpec
from flask_openapi3.models.components import Components
from flask_openapi3.models.info import Info
from flask_openapi3.models.server import Server

from scorekeeper.api import clubs, games, parties, tables
from scorekeeper.api.base import Error, bp
from scorekeeper.api.schema import NOT_JSON, error_body, in_place, schemas
from scorekeeper.platform.config import MAX_BODY_KB


@functools.cache
def document() -> dict[str, Any]:
    """Build the OpenAPI document from the routes' models, with the error answer's schema, which the library does
    not write (errors are answered by the app's hook), and the security schemes of the games, the card parties, the
    clubs and the tables."""
    written: dict[str, Any] = APISpec(
        openapi="3.1.0",
        info=Info(title=TITLE, version="1.0.0", description=ABOUT),
        servers=[Server(url="/")],
        paths=bp.paths,
        components=Components(schemas=bp.components_schemas),
    ).model_dump(mode="json", by_alias=True, exclude_unset=True, warnings=False)
    paths = written["paths"]
    _answers_every_operation_may_get(paths)
    schemes = {
        name: scheme for part in (games, parties, clubs, tables) for name, scheme in part.SECURITY_SCHEMES.items()
    }
    components = {**in_place(written["components"].get("schemas", {})), **schemas([Error])}
    return {
        **written,
        "paths": dict(sorted(paths.items())),
        "components": {"schemas": components, "securitySchemes": schemes},
    }


TITLE = "Forty-Fives score sheet and referee"
ABOUT = (
    "Settle card questions and keep the score of Forty-Fives games. "
    'Errors are {"error": {"message", "field", "code"}} with status 400 or 422. '
    "Every answer is language-neutral: codes (an error's code, note_codes, win_reason_code, the "
    "referee's reason, rule and verdict) stand beside each sentence, and the sentences (message, notes, "
    "win_reason, explanation) are in the language of the request's Accept-Language header (English by "
    "default, French with fr), named by the answer's Content-Language header."
)


URI_TOO_LONG = (
    "The address with its query is longer than the server reads (gunicorn's limit_request_line, 4,094 bytes); "
    "answered by gunicorn before the app, as a short HTML page."
)
# Games, card parties, clubs and tables are under the rate limits (creation, writes, reads); the referee is not.
LIMITED_PREFIXES = ("/api/v1/games", "/api/v1/parties", "/api/v1/clubs", "/api/v1/tables")


def _answers_every_operation_may_get(paths: dict[str, Any]) -> None:
    """Add the answers the app gives whatever the operation: 400 for a body it cannot read, 413 for a body too
    large, 415 for one not sent as JSON, 429 past a limit; and 414, which gunicorn in front of the app answers to an
    address too long to read."""
    for path, operations in paths.items():
        for operation in operations.values():
            responses = operation.setdefault("responses", {})
            responses.setdefault("414", {"description": URI_TOO_LONG})
            if "requestBody" in operation:
                responses.setdefault("400", error_body("The body is not a JSON object that can be read."))
                responses.setdefault("413", error_body(f"The body is larger than {MAX_BODY_KB} KB."))
                responses.setdefault("415", NOT_JSON)
            if path.startswith(LIMITED_PREFIXES):
                responses.setdefault("429", error_body("Too many requests in a short time; see `Retry-After`."))


@bp.get("/openapi.json", operation_id="openapi", responses={200: {"description": "The OpenAPI 3.1 document."}})
def openapi() -> Response:
    """This document"""
    return jsonify(document())
