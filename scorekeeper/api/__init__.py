"""The JSON API under /api/v1: answers for programs, in JSON only.

Every error is ``{"error": {"message": ..., "field": ...}}`` with a 4xx status;
the message names the problem in a player's words.
"""

from __future__ import annotations

import importlib

from flask import Blueprint, jsonify, make_response, request
from werkzeug.exceptions import HTTPException, InternalServerError

from ..extensions import csrf
from ..security import retry_after_seconds, too_many_message

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


def error(message: str, field: str | None = None, status: int = 422):
    """Return the JSON error response ``{"error": {"message", "field"}}`` with *status*."""
    return make_response(jsonify({"error": {"message": message, "field": field}}), status)


@bp.before_request
def _json_only():
    """A body is read only as JSON, and only when it says so (no cross-site text/plain POSTs)."""
    if request.method in {"POST", "PUT", "PATCH"} and not request.is_json:
        return error(MESSAGES[415], None, 415)
    return None


@bp.errorhandler(HTTPException)
def _http_error(exc: HTTPException):
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


@bp.errorhandler(InternalServerError)
def _server_error(exc: InternalServerError):
    return error(MESSAGES[500], None, 500)


# The modules below add their routes to ``bp``; a part this build lacks is simply absent.
for _name in ("referee", "games", "parties", "openapi"):
    try:
        importlib.import_module(f"{__name__}.{_name}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{__name__}.{_name}":
            raise
