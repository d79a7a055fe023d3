"""Security headers on every response, and error pages in the app's own words."""

from __future__ import annotations

import hmac
import unicodedata
from typing import Any, cast
from urllib.parse import quote, urlsplit

from flask import Flask, Response, current_app, jsonify, make_response, render_template, request
from flask.json.provider import DefaultJSONProvider
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException, InternalServerError

from scorekeeper.platform.i18n import gettext as _
from scorekeeper.platform.i18n import lazy_gettext as _l
from scorekeeper.platform.i18n import ngettext

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "worker-src 'self'",
        "manifest-src 'self'",
        "frame-ancestors 'none'",
        "base-uri 'self'",
        "form-action 'self'",
    ]
)

SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "Referrer-Policy": "same-origin",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
}

# Sent on answers to HTTPS requests (directly, or through a proxy that said so): tokens travel in URLs.
HSTS = "max-age=31536000"

CSRF_MESSAGE = _l("This page was open too long — reload and try again.")
CSRF_COOKIE_MESSAGE = _l(
    "Nothing was saved: this browser did not send back the site's cookie, which proves the form came from "
    "this page. Allow cookies for this site (private browsing or a blocker can stop them), then reload and try again."
)
CSRF_REFERRER_MESSAGE = _l(
    "Nothing was saved: this browser did not say which page the form came from. Allow this site to send it "
    "(a privacy setting or add-on can stop it), then reload and try again."
)
# Flask-WTF's reason for a refusal -> what the player is told to do. Any other reason (no token,
# a token that expired or belongs to another visit) is fixed by reloading the page.
OTHER_SITE = "The request came from another site."
CSRF_OTHER_SITE_MESSAGE = _l(
    "Nothing was saved: that form was sent from another website, not from this score sheet. "
    "Open the sheet here and try again."
)
CSRF_MESSAGES = {
    "The CSRF session token is missing.": CSRF_COOKIE_MESSAGE,
    "The referrer header is missing.": CSRF_REFERRER_MESSAGE,
    OTHER_SITE: CSRF_OTHER_SITE_MESSAGE,
}

# (title, message) per status code; anything else falls back to Werkzeug's name.
ERROR_TEXT = {
    400: (_l("That didn't work"), _l("Something in that request didn't make sense. Go back and try again.")),
    401: (_l("Not allowed"), _l("This needs the link that was shared to record hands.")),
    403: (_l("Not allowed"), _l("This link can only show the score sheet, not change it.")),
    404: (_l("Not here"), _l("There is no page at this address. The link may be mistyped, or the game was deleted.")),
    405: (_l("That didn't work"), _l("This page can't be used that way. Go back and try again.")),
    413: (_l("Too much"), _l("That was more than a score sheet needs. Shorten it and try again.")),
    429: (
        _l("Slow down"),
        _l("Too many requests from this connection in a short time. Nothing was saved; wait a minute and try again."),
    ),
    500: (_l("Something broke"), _l("Something went wrong on our side and nothing was saved. Try again in a moment.")),
}

# The API's own words where the page's would point at buttons and links it does not have.
API_ERROR_TEXT = {
    400: _l("The request could not be read. Send a JSON object as the API document describes."),
    404: _l("There is nothing at this address, or the game was deleted. The API is described at /api/v1/openapi.json."),
    405: _l("This address does not take that method; the Allow header lists the ones it takes."),
}


def too_many_message(retry_after: str | None) -> str:
    """Say in words that a rate limit was reached and when to try again."""
    try:
        seconds = int(retry_after) if retry_after is not None else None
    except ValueError:
        seconds = None
    if seconds is None:
        return str(
            _("Too many requests from this connection in a short time. Nothing was saved; wait a minute and try again.")
        )
    return str(
        ngettext(
            "Too many requests from this connection in a short time. Nothing was saved; wait %(num)d second and try again.",
            "Too many requests from this connection in a short time. Nothing was saved; wait %(num)d seconds and try again.",
            seconds,
        )
    )


class SafeJSONProvider(DefaultJSONProvider):
    """Flask's JSON, except that a body nested too deep to read is bad input, not a server error.

    ``json.loads`` raises RecursionError on ``"[" * 50000``; turned into a ValueError,
    ``get_json(silent=True)`` gives None and the body is answered 400 like any other
    unreadable one.
    """

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        try:
            return super().loads(s, **kwargs)
        except RecursionError:
            raise ValueError("JSON nested too deep") from None


def wants_json() -> bool:
    """Say whether the current request belongs to the JSON API."""
    return request.path == "/api" or request.path.startswith("/api/")


# An API error's ``code`` by its status, when no engine refusal names a more precise one (README, API).
API_ERROR_CODES = {
    400: "unreadable",
    401: "token-needed",
    403: "token-refused",
    404: "not-found",
    405: "method-not-allowed",
    409: "conflict",
    412: "version-changed",
    413: "too-large",
    415: "not-json",
    422: "refused",
    429: "too-many-requests",
    500: "server-error",
}


def api_error_code(status: int) -> str:
    """The code of an API error answer with *status*."""
    return API_ERROR_CODES.get(status, "server-error" if status >= 500 else "unreadable")


def error_response(status: int, message: str | None = None, field: str | None = None) -> Response:
    """Return the error page, or the JSON error for API paths, for *status*."""
    title, default_message = ERROR_TEXT.get(status, ERROR_TEXT[500 if status >= 500 else 400])
    if wants_json():
        message = message or API_ERROR_TEXT.get(status, default_message)
        error = {"message": str(message), "field": field, "code": api_error_code(status)}
        return make_response(jsonify({"error": error}), status)
    message = message or default_message
    try:
        body = render_template("errors/error.html", status=status, title=title, message=message)
    except Exception:  # The page itself failed: fall back to plain text rather than a bare 500.
        text = f"{title}\n\n{message}\n"
        return make_response(text, status, {"Content-Type": "text/plain; charset=utf-8"})
    return make_response(body, status)


def add_security_headers(response: Response) -> Response:
    """Set the security headers, leaving any a view chose itself."""
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    if request.is_secure:
        response.headers.setdefault("Strict-Transport-Security", HSTS)
    return response


def handle_csrf_error(error: CSRFError) -> Response:
    message = CSRF_MESSAGES.get(error.description or "", CSRF_MESSAGE)
    return error_response(400, message, "csrf_token")


def handle_http_error(error: HTTPException) -> HTTPException | Response:
    if error.code is None or error.code < 400:
        return error
    retry_after = retry_after_seconds() if error.code == 429 else None
    message = too_many_message(retry_after) if error.code == 429 else None
    return with_next_steps(error_response(error.code, message), error, retry_after)


def with_next_steps(response: Response, error: HTTPException, retry_after: str | None) -> Response:
    """*response* to *error* with the headers that tell a client what to do next: when to try again, and those of
    the error such as Allow (405)."""
    if retry_after:
        response.headers["Retry-After"] = retry_after
    for name, value in error.get_headers():
        if name.lower() in {"allow", "retry-after", "www-authenticate"}:
            response.headers[name] = value
    return response


def retry_after_seconds() -> str | None:
    """Seconds until the rate limit just reached lets requests through again, if known."""
    import time

    from flask import current_app, g

    if getattr(g, "retry_after", None):
        return cast(str, g.retry_after)  # set by the rate limiter (platform.limits) as text
    limiter = current_app.extensions.get("scorekeeper_limiter")
    current = getattr(limiter, "current_limit", None) if limiter is not None else None
    reset = getattr(current, "reset_at", None)
    if not reset:
        return None
    return str(max(1, int(reset - time.time())))


def handle_server_error(error: InternalServerError) -> Response:
    return error_response(500)


def check_origin() -> None:
    """Refuse a form sent from another site: its Origin, where the browser gives one, must be this site.

    The CSRF token already proves the form came from one of our pages; the Origin
    header closes the case of a page elsewhere that got hold of a token (Flask-WTF
    checks the Referer only over HTTPS, and a Referer can be forged where Origin
    cannot). The JSON API is not checked: it is authenticated by tokens, not cookies.
    """
    if request.method in ("GET", "HEAD", "OPTIONS", "TRACE") or wants_json():
        return
    origin = request.headers.get("Origin")
    if origin is None:
        return  # older browsers send none; the CSRF token still stands
    ours = {request.host.lower()}
    public = current_app.config.get("PUBLIC_URL")
    if public:
        ours.add(urlsplit(str(public)).netloc.lower())
    if urlsplit(origin).netloc.lower() not in ours:
        raise CSRFError(OTHER_SITE)


def init_app(app: Flask) -> None:
    """Register the headers and error handlers on *app*."""
    app.after_request(add_security_headers)
    app.before_request(check_origin)
    app.register_error_handler(CSRFError, handle_csrf_error)
    app.register_error_handler(InternalServerError, handle_server_error)
    app.register_error_handler(HTTPException, handle_http_error)


def token_matches(given: object, expected: str) -> bool:
    """Whether the token a link or request carries is *expected*, compared in constant time."""
    if not isinstance(given, str) or not expected or len(given) > 128:
        return False
    return hmac.compare_digest(given.encode("utf-8", "replace"), expected.encode())


def attachment(filename: str, fallback: str) -> str:
    """A Content-Disposition for a download named *filename* in any script (RFC 6266 and RFC 8187).

    Browsers that read ``filename*`` get the name as written (Łódź, 名前); the
    plain ``filename`` is its ASCII letters and digits, or *fallback*.
    """
    visible = "".join(ch if ch.isalnum() or ch in "-_. " else "-" for ch in filename).strip(" -.") or fallback
    spelled = "".join(ch for ch in unicodedata.normalize("NFKD", visible) if not unicodedata.combining(ch))
    plain = "".join(ch if ch.isascii() and (ch.isalnum() or ch in "-_.") else "-" for ch in spelled)
    plain = "-".join(part for part in plain.split("-") if part) or fallback
    return f"attachment; filename=\"{plain}\"; filename*=UTF-8''{quote(visible, safe='')}"
