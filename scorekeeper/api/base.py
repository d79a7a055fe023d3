"""What every part of the JSON API shares: its blueprint, its error answers, its JSON body reader and links."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, make_response, request
from werkzeug.exceptions import HTTPException, InternalServerError

from scorekeeper.platform.extensions import csrf
from scorekeeper.platform.security import retry_after_seconds, too_many_message

bp = Blueprint("api", __name__, url_prefix="/api/v1")
# Programs authenticate with tokens, not browser cookies: no CSRF form token here.
csrf.exempt(bp)

MESSAGES = {
    400: "The request could not be read: send a JSON object.",
    401: "This needs the game's edit token: send 'Authorization: Bearer <edit_token>'.",
    403: "That token may not change this game.",
    404: "There is nothing at this address. The API's addresses are listed at /api/v1/openapi.json.",
    405: "This address does not answer that method. See /api/v1/openapi.json.",
    409: "Someone else changed this first.",
    412: "The game changed since the version this request was made from. Read it again and retry.",
    413: "That request is too large.",
    415: "Send the request as JSON (Content-Type: application/json).",
    500: "Something went wrong on our side and nothing was saved. Try again in a moment.",
}


def error(message: str, field: str | None = None, status: int = 422) -> Response:
    """Return the JSON error response ``{"error": {"message", "field"}}`` with *status*."""
    return make_response(jsonify({"error": {"message": message, "field": field}}), status)


@bp.before_request
def _json_only() -> Response | None:
    """A body is read only as JSON, and only when it says so (no cross-site text/plain POSTs)."""
    if request.method in {"POST", "PUT", "PATCH"} and not request.is_json:
        return error(MESSAGES[415], None, 415)
    return None


@bp.errorhandler(HTTPException)
def _http_error(exc: HTTPException) -> Response:
    status = exc.code or 500
    retry_after = retry_after_seconds() if status == 429 else None
    if status == 429:
        message = too_many_message(retry_after)
    else:
        message = MESSAGES.get(status, exc.description or MESSAGES[500 if status >= 500 else 400])
    response = error(message, None, status)
    if retry_after:
        response.headers["Retry-After"] = retry_after
    for name, value in exc.get_headers():
        if name.lower() in {"allow", "retry-after", "www-authenticate"}:
            response.headers[name] = value
    return response


class BadInput(ValueError):
    """A request the API cannot use: the message in a player's words, ``field`` names the part to fix."""

    def __init__(self, message: str, field: str | None = None, status: int = 422):
        super().__init__(message)
        self.field = field
        self.status = status


@bp.errorhandler(BadInput)
def _bad_input(exc: BadInput) -> Response:
    response = error(str(exc), exc.field, exc.status)
    if exc.status == 401:
        response.headers["WWW-Authenticate"] = 'Bearer realm="scorekeeper"'
    return response


def read_body(allowed: tuple[str, ...]) -> dict[str, Any]:
    """Return the request's JSON object, refusing anything else."""
    if not request.is_json:
        raise BadInput("Send the body as JSON, with Content-Type: application/json", None, 415)
    data = request.get_json(silent=True)
    if data is None:
        raise BadInput("Send a JSON object as the request body (this one could not be read)", None, 400)
    if not isinstance(data, dict):
        raise BadInput("The request body must be a JSON object", None, 400)
    for key in data:
        if key not in allowed:
            raise BadInput(f"'{str(key)[:40]}' is not something this request understands", str(key)[:40])
    return data


@bp.errorhandler(InternalServerError)
def _server_error(exc: InternalServerError) -> Response:
    return error(MESSAGES[500], None, 500)
