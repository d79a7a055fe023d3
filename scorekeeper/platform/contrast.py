"""The contrast a phone chose beside its language: high, normal, or (no choice) the phone's own setting.

Kept in a cookie like the language, so it holds without JavaScript; with no choice made, the style
sheet follows ``prefers-contrast: more``. The cookie is only ever one of ``CHOICES``.
"""

from __future__ import annotations

from flask import Flask, request

CONTRAST_COOKIE = "contrast"
CHOICES = ("more", "normal")


def contrast() -> str | None:
    """The contrast this phone chose (``more`` or ``normal``), or None to follow the phone's setting."""
    chosen = request.cookies.get(CONTRAST_COOKIE, "")
    return chosen if chosen in CHOICES else None


def init_app(app: Flask) -> None:
    """Offer the choice to every template as ``contrast()``."""
    app.jinja_env.globals["contrast"] = contrast
