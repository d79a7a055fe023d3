"""Links that leave the phone: in QR codes, on printed table cards, in the invite page and the API's answers."""

from __future__ import annotations

from typing import Any

from flask import current_app, url_for


def printed_link(endpoint: str, **values: Any) -> str:
    """An absolute link for a QR code, a printed card or a link to share.

    It starts with SCOREKEEPER_PUBLIC_URL when that is set (the address every
    phone uses, whatever this request came in by); otherwise with the address
    this request used, which is the one the phones at this table or hall reach.
    """
    base = current_app.config.get("PUBLIC_URL")
    if base:
        return str(base) + url_for(endpoint, **values)
    return url_for(endpoint, **values, _external=True)


def answer_link(endpoint: str, **values: Any) -> str:
    """A link in an API answer, never built from an untrusted ``Host`` header.

    With SCOREKEEPER_PUBLIC_URL set, the link starts with it; with
    SCOREKEEPER_ALLOWED_HOSTS set (Flask refuses any other Host) it is absolute
    from the request; otherwise it is the path alone, to be read against the
    address the client itself used.
    """
    if current_app.config.get("PUBLIC_URL") or current_app.config.get("TRUSTED_HOSTS"):
        return printed_link(endpoint, **values)
    return url_for(endpoint, **values)
