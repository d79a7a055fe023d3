"""The OpenAPI 3.1 document at /api/v1/openapi.json, merged from each part's description."""

from __future__ import annotations

import importlib

from flask import jsonify

from scorekeeper.api import bp


def document() -> dict:
    """Build the OpenAPI document from every spec module this build has."""
    paths: dict = {
        "/api/v1/openapi.json": {
            "get": {
                "operationId": "openapi",
                "summary": "This document",
                "responses": {"200": {"description": "The OpenAPI 3.1 document."}},
            }
        },
    }
    schemas: dict = {}
    security_schemes: dict = {}
    for name in ("spec_referee", "spec_games", "spec_parties"):
        try:
            spec = importlib.import_module(f"{__package__}.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{__package__}.{name}":
                raise
            continue
        paths.update(getattr(spec, "PATHS", {}))
        schemas.update(getattr(spec, "SCHEMAS", {}))
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
def openapi():
    return jsonify(document())
