"""What the areas' forms share: a button that changes something (only its CSRF token), one that asks first, the
check of a box for a whole number, and the reading of an import page's file."""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable
from typing import Any, TypeVar

from flask import flash, request
from flask_wtf import FlaskForm
from wtforms import StringField
from wtforms.validators import ValidationError

from scorekeeper.platform.numbers import NumberError, parse_int
from scorekeeper.store import resends
from scorekeeper.words import refusal
from scorekeeper.words.forms import file_too_large, page_too_old


class CsrfForm(FlaskForm):
    """A button that changes a game, a table, a card party or a club: only the CSRF token."""


class ImportForm(CsrfForm):
    """A file brought back on an import page: the key that makes a second send of the same form make one thing."""

    resend_key = StringField(default="")


class ReadField(StringField):
    """A box whose text its form's ``validate_<field>`` hook reads into a value (a number, cents, a date)."""

    number: Any = None
    cents: int = 0
    date: Any = None
    points: tuple[int, ...] = ()
    numbers: list[int] = []  # noqa: RUF012  # set per field by its hook
    amounts: list[int] = []  # noqa: RUF012  # set per field by its hook


class ConfirmedForm(CsrfForm):
    """A change that asks first: the second tap sends ``confirm`` as yes."""

    confirm = StringField()

    @property
    def said_yes(self) -> bool:
        return bool(self.confirm.data == "y")


def whole(lo: int, hi: int, what: object) -> Callable[[FlaskForm, Any], None]:
    """A field's check: its text read as a whole number from *lo* to *hi* into its ``number`` (``parse_int``), or a
    refusal beside it in the reader's words (*what*, a lazy sentence, is said when the form is read)."""

    def check(form: FlaskForm, field: Any) -> None:
        try:
            field.number = parse_int(field.data or "", lo=lo, hi=hi, what=str(what))
        except NumberError as err:
            raise ValidationError(str(err)) from None

    return check


def button_fresh() -> bool:
    """Whether a button's form came back with a live CSRF token; if not, the next page says the page was open too
    long (flashed), and nothing is changed."""
    return form_read(CsrfForm())


def first_problem(form: FlaskForm) -> str | None:
    """The first thing a form refused, in the order of its fields (a flashed message says one thing at a time); a
    CSRF token that ran out is no field of the player's, and its page says so in its own words."""
    for field in form:
        if field.errors and field.type != "CSRFTokenField":
            return str(field.errors[0])
    return None


def form_read(form: FlaskForm) -> bool:
    """Whether *form* reads well; if not, its first problem is flashed for the next page, and nothing changes (with
    no field at fault, its CSRF token ran out: the page was open too long)."""
    if form.validate():
        return True
    flash(first_problem(form) or page_too_old(), "error")
    return False


T = TypeVar("T")


def flashed(change: Callable[[], T], done: str | Callable[[T], str], *refused: type[Exception]) -> T | None:
    """Make *change* and flash *done* (or what it says of the change made); a refusal of a kind in *refused* is
    flashed instead, in the reader's words, and gives None."""
    try:
        made = change()
    except refused as err:
        flash(refusal(err), "error")
        return None
    flash(done if isinstance(done, str) else done(made), "ok")
    return made


def sent_file(limit: int, choose: str) -> tuple[bytes, None, int] | tuple[None, str, int]:
    """The file an import page's form sent (``export``), up to *limit* bytes; else what is wrong, and the status:
    the page open too long (400), no file chosen (*choose*, 422), a file past *limit* (413)."""
    upload = request.files.get("export")
    if not CsrfForm().validate_on_submit():
        return None, page_too_old(), 400
    if upload is None or not upload.filename:
        return None, choose, 422
    sent = upload.read(limit + 1)
    if len(sent) > limit:
        return None, file_too_large(limit // 2**20), 413
    return sent, None, 200


def imported(
    limit: int, choose: str, not_ours: str, bring_back: Callable[[Any, str | None, bytes], T], *refused: type[Exception]
) -> tuple[T | None, str | None, int, str]:
    """What an import page's form brought back with *bring_back* (the export read, the key of this send, the file),
    else what is wrong and the status (``sent_file``'s; a refusal of a kind in *refused*, or *not_ours* for a file
    that is no export, 422); and the key the page sends with it, so that sending it twice brings back one thing."""
    if request.method != "POST":
        return None, None, 200, secrets.token_urlsafe(16)
    key = ImportForm().resend_key.data or ""
    sent, problem, status = sent_file(limit, choose)
    if sent is None:
        return None, problem, status, key
    try:
        return bring_back(json.loads(sent.decode("utf-8")), resends.form_key(key, sent), sent), None, 200, key
    except (ValueError, UnicodeDecodeError) as err:
        known = isinstance(err, (*refused, resends.ResendError))
        return None, refusal(err) if known else not_ours, 422, key
