"""The OpenAPI 3.1 document at /api/v1/openapi.json, merged from each part's description."""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify

from scorekeeper.api import spec_games, spec_parties, spec_referee
from scorekeeper.api.base import bp


def document() -> dict[str, Any]:
    """Build the OpenAPI document from the referee's, the games' and the card parties' descriptions."""
    paths: dict[str, Any] = {
        "/api/v1/openapi.json": {
            "get": {
                "operationId": "openapi",
                "summary": "This document",
                "responses": {"200": {"description": "The OpenAPI 3.1 document."}},
            }
        },
    }
    schemas: dict[str, Any] = {}
    security_schemes: dict[str, Any] = {}
    for spec in (spec_referee, spec_games, spec_parties):
        paths.update(spec.PATHS)
        schemas.update(spec.SCHEMAS)
        security_schemes.update(getattr(spec, "SECURITY_SCHEMES", {}))
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Forty-Fives score sheet and referee",
            "version": "1.0.0",
            "description": "Settle card questions and keep the score of Forty-Fives games. "
            'Errors are {"error": {"message", "field"}} with status 400 or 422.',
        },
        "servers": [{"url": "/"}],
        "paths": dict(sorted(paths.items())),
        "components": {"schemas": schemas, "securitySchemes": security_schemes},
    }


@bp.get("/openapi.json")
def openapi() -> Response:
    return jsonify(document())
