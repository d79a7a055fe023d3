"""What the areas' forms share: a button that changes something (only its CSRF token), one that asks first."""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import StringField


class CsrfForm(FlaskForm):  # type: ignore[misc]  # Flask-WTF ships no type information
    """A button that changes a game, a table, a card party or a club: only the CSRF token."""


class ConfirmedForm(CsrfForm):
    """A change that asks first: the second tap sends ``confirm`` as yes."""

    confirm = StringField()

    @property
    def said_yes(self) -> bool:
        return bool(self.confirm.data == "y")


def first_problem(form: FlaskForm) -> str | None:
    """The first thing a form refused, in the order of its fields (a flashed message says one thing at a time)."""
    for field in form:
        if field.errors:
            return str(field.errors[0])
    return None
