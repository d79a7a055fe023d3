"""Pages, fragments and JSON compressed by the app itself, as the browser asks (Brotli, else gzip).

The hall server and a bare gunicorn have no proxy in front to compress, so the app does it, with
Flask-Compress. Bodies under 500 bytes and answers without a body (304) are sent as they are.

A compressed answer's strong ETag gets the coding appended (``"game-x-5"`` -> ``"game-x-5:br"``),
as Flask-Compress does so that a cache never mixes the two representations up. A client then sends
that tag back in ``If-None-Match``; ``ConditionalTags`` puts each tag's bare form beside it before
the views read the header, so a view that compares with its own ``"game-x-5"`` still answers 304.

A page is sent ``Cache-Control: no-cache`` with an ETag of its content (``page_etag``), so a
browser coming back to an unchanged sheet is answered 304 with no body. The page's form token
changes on every render, so the tag is taken with the token left out and the session's own
secret and the half of the token's lifetime put in: a kept page's token is always still good.
"""

from __future__ import annotations

import hashlib
import re
import time
from collections.abc import Iterable
from typing import TYPE_CHECKING

from flask import Flask, Response, current_app, g, request, session

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment
    from werkzeug.wrappers import Response as BaseResponse

# Brotli for browsers (all of them send "br" over HTTPS, and over plain HTTP for the hall most
# send gzip only), gzip for the rest; zstd and deflate are left out as nothing here needs them.
ALGORITHMS = ["br", "gzip"]
MIN_SIZE = 500
# Level 5 of 11 for pages made per request: close to the best size for a fraction of the time.
BROTLI_LEVEL = 5
CODED_TAG = re.compile(r'(W/)?"([^"]*):(?:br|gzip|zstd|deflate)"')


class ConditionalTags:
    """WSGI middleware: in ``If-None-Match`` and ``If-Match``, add each coded tag's bare form beside it."""

    def __init__(self, app: WSGIApplication) -> None:
        self.app = app

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        for key in ("HTTP_IF_NONE_MATCH", "HTTP_IF_MATCH"):
            value = environ.get(key)
            if value and ":" in value:
                bare = [f'{weak or ""}"{tag}"' for weak, tag in CODED_TAG.findall(value)]
                if bare:
                    environ[key] = ", ".join([value, *bare])
        return self.app(environ, start_response)


def page_etag(response: Response) -> BaseResponse:
    """Give a whole page (HTML, 200, to a GET) an ETag of its content, and answer 304 when the browser has it."""
    if response.mimetype != "text/html":
        return response
    response.headers.setdefault("Cache-Control", "no-cache")
    if (
        request.method not in ("GET", "HEAD")
        or response.status_code != 200
        or response.is_streamed
        or "ETag" in response.headers
    ):
        return response
    body = response.get_data()
    field = current_app.config.get("WTF_CSRF_FIELD_NAME", "csrf_token")
    token = g.get(field)
    if token:
        body = body.replace(token.encode(), b"")
    lifetime = current_app.config.get("WTF_CSRF_TIME_LIMIT") or 3600
    sha = hashlib.sha256(body)
    sha.update(f"|{session.get(field, '')}|{int(time.time() // max(1, lifetime // 2))}".encode())
    response.set_etag(sha.hexdigest()[:20])
    return response.make_conditional(request)


def init_app(app: Flask) -> None:
    """Compress the app's answers as the client asks."""
    from flask_compress import Compress

    app.config.setdefault("COMPRESS_ALGORITHM", ALGORITHMS)
    app.config.setdefault("COMPRESS_MIN_SIZE", MIN_SIZE)
    app.config.setdefault("COMPRESS_BR_LEVEL", BROTLI_LEVEL)
    Compress(app)
    # Registered after Compress, so it runs before: the tag is taken of the page as rendered.
    app.after_request(page_etag)
    # Flask's documented way to add WSGI middleware; its typing declares wsgi_app a method, not an attribute.
    app.wsgi_app = ConditionalTags(app.wsgi_app)  # type: ignore[method-assign]
