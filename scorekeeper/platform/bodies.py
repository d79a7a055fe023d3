"""How large a request's body may be: small everywhere, larger for the few addresses that take a whole export.

The limit is set before anything reads the body (the CSRF check reads a form's
fields first), so a view marked ``takes_up_to`` is given its own limit from the
start of the request.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from flask import Flask, current_app, request

F = TypeVar("F", bound=Callable[..., object])
_LIMIT = "_scorekeeper_body_limit"


def takes_up_to(max_bytes: int) -> Callable[[F], F]:
    """Mark a view as taking a body of up to *max_bytes* (an export brought back)."""

    def mark(view: F) -> F:
        setattr(view, _LIMIT, max_bytes)
        return view

    return mark


def limit_of(endpoint: str | None) -> int | None:
    """The body limit of the view at *endpoint*, when it has its own."""
    view = current_app.view_functions.get(endpoint) if endpoint else None
    found = getattr(view, _LIMIT, None)
    return found if isinstance(found, int) else None


def _set_limit() -> None:
    found = limit_of(request.endpoint)
    if found is not None:
        request.max_content_length = found


def init_app(app: Flask) -> None:
    """Give the marked views their limit before any other check reads the body (call before ``csrf.init_app``)."""
    app.before_request(_set_limit)
