"""What the areas' forms share: a button that changes something, carrying only its CSRF token."""

from __future__ import annotations

from flask_wtf import FlaskForm


class CsrfForm(FlaskForm):  # type: ignore[misc]  # Flask-WTF ships no type information
    """A button that changes a game, a table, a card party or a club: only the CSRF token."""
