"""Imports sent again: an ``Idempotency-Key`` makes a resend answer with what the first one made.

A phone in a hall with poor signal that gave up waiting and sends its import
again must find the table (or club) its first try made, never a second copy.
The key is kept in the database, beside what it made and in the same
transaction, so it holds across workers, and of two sends at the same moment
the unique constraint lets one through; the other answers with what that one
made.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Generic, TypeVar

from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError

from scorekeeper.platform.extensions import db
from scorekeeper.store.models import Resend, utcnow
from scorekeeper.store.outcomes import Said, StoreRefused

KEY_MAX = 64
KEPT_FOR = timedelta(hours=24)

T = TypeVar("T")


class ResendError(StoreRefused):
    """An Idempotency-Key that cannot be used: too long, or already used for another document."""

    field = "Idempotency-Key"


@dataclass(frozen=True, slots=True)
class Made(Generic[T]):
    """What an import made, and whether this request made it (False: a resend, answered with the first one's)."""

    what: T
    first: bool


def fingerprint(body: bytes) -> str:
    """The SHA-256 of the document as sent."""
    return hashlib.sha256(body).hexdigest()


def form_key(key: str, body: bytes) -> str | None:
    """The key of a page's form for the file it sent: the same form sending the same file again is a resend,
    another file chosen in the same form is a new import, never a refusal."""
    return check_key(f"{key[: KEY_MAX - 33]}-{fingerprint(body)[:32]}") if key else None


def check_key(key: object) -> str | None:
    """The key as given (None when there is none); ResendError for one that cannot be a key."""
    if key is None or key == "":
        return None
    if not isinstance(key, str) or len(key) > KEY_MAX or not key.isprintable() or not key.isascii():
        raise ResendError(Said.KEY_TOO_LONG, details={"n": KEY_MAX})
    return key


def _earlier(kind: str, key: str, sent: str, load: Callable[[str], T | None]) -> tuple[T | None, int | None]:
    """What an earlier send of this key made and still stands, or None, and the id of the key's row when what
    it made is gone since; ResendError for another document."""
    found = db.session.scalars(
        select(Resend).where(Resend.kind == kind, Resend.key == key, Resend.created_at > utcnow() - KEPT_FOR)
    ).one_or_none()
    if found is None:
        return None, None
    if found.fingerprint != sent:
        raise ResendError(Said.KEY_USED)
    made = load(found.made_id)
    return made, None if made is not None else found.id


def earlier(kind: str, key: str | None, body: bytes, load: Callable[[str], T | None]) -> T | None:
    """What an earlier send of *body* with *key* made, when it still stands: a resend is answered before its
    document is even read. ResendError for a key already used for another document."""
    if key is None:
        return None
    return _earlier(kind, key, fingerprint(body), load)[0]


def once(
    kind: str,
    key: str | None,
    body: bytes,
    make: Callable[[], tuple[T, str]],
    load: Callable[[str], T | None],
) -> Made[T]:
    """Make what *make* makes (it returns it and its id, uncommitted), once per key, and commit.

    With *key*, a send that an earlier one already made (within 24 hours) answers with that
    one's, read by *load*; what *make* raises leaves nothing stored.
    """
    if key is None:
        made, _made_id = make()
        db.session.commit()
        return Made(made, True)
    sent = fingerprint(body)
    before, gone = _earlier(kind, key, sent, load)
    if before is not None:
        return Made(before, False)
    try:
        # Keys past their day go, and so does this key's own row when what it made was deleted since (that
        # row only: one that a send at the same moment has just taken stays, and this send then finds it).
        db.session.execute(delete(Resend).where(Resend.created_at <= utcnow() - KEPT_FOR))
        if gone is not None:
            db.session.execute(delete(Resend).where(Resend.id == gone))
        # The key is taken first: a send at the same moment waits on it, then finds it taken.
        taken = Resend(kind=kind, key=key, fingerprint=sent, made_id="")
        db.session.add(taken)
        db.session.flush()
        made, made_id = make()
        taken.made_id = made_id
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        before, _gone = _earlier(kind, key, sent, load)
        if before is None:
            raise
        return Made(before, False)
    except BaseException:
        db.session.rollback()
        raise
    return Made(made, True)
