"""The shapes the clubs', tables' and card parties' parts of the API share: the door that reads what a request names
and checks its token, the readers of a name, a date and a flag, an import's header and checks, an export's answer, the
answers their document lists alike, and the rating a table's people and a club's members are answered with."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any, Generic, TypeVar

from flask import Response, make_response
from flask_openapi3.types import ResponseDict
from pydantic import Field, PlainValidator

from scorekeeper.api.base import BadInput, bearer_token, check_size, idempotency_key
from scorekeeper.api.schema import NO_EDIT_TOKEN, NOT_AN_OBJECT, AnswerPart, Asked, Name, error_body, read_as
from scorekeeper.party import MAX_NAME, Problem
from scorekeeper.platform.security import token_matches
from scorekeeper.stats.ratings import SETTLED_GAMES, Skill
from scorekeeper.store.games import Access
from scorekeeper.words import api as said
from scorekeeper.words.party import SENTENCES

R = TypeVar("R")


def bearer(description: str) -> dict[str, Any]:
    """A security scheme of the document: a token sent as ``Authorization: Bearer <token>``."""
    return {"type": "http", "scheme": "bearer", "description": description}


def missing(what: str) -> dict[str, Any]:
    """The answer to a request naming no *what* there is (404)."""
    return error_body(f"No {what} with that id.")


def locked(what: str, no_token: dict[str, Any] = NO_EDIT_TOKEN, *, either: bool = False) -> ResponseDict:
    """The answers to a request for *what* without its token (401), with another (403: not its edit token, or with
    *either*, neither of its tokens), or naming none (404)."""
    wrong = f"neither of this {what}'s tokens" if either else f"not this {what}'s edit token"
    return {401: no_token, 403: error_body(f"The token is {wrong}."), 404: missing(what)}


def changes(refusals: ResponseDict, refused: str, answers: ResponseDict, *, object_only: bool = True) -> ResponseDict:
    """The answers to a change made with a token: its *answers*, the *refusals* of its token (``locked``), with
    *object_only* a body that is not an object (400), and *refused*, when it cannot be made (422)."""
    read: ResponseDict = {400: NOT_AN_OBJECT} if object_only else {}
    return {**read, **refusals, 422: error_body(refused), **answers}


@dataclass(frozen=True)
class Door(Generic[R]):
    """What a request names, read and opened with the request's token: refused if it is not there (404), without a
    token (401) or with a token that does not open it (403; a view token where a change needs the edit token)."""

    load: Callable[[str], R | None]
    access: Callable[[R, str], Access]
    missing: Callable[[], BadInput]
    no_token: Callable[[], str]
    wrong_token: Callable[[], str]
    view_token: Callable[[], str] = lambda: ""
    token_first: bool = False  # a request without a token is refused before the row is read

    def row(self, row_id: str) -> R:
        """What the request names, whoever asks (404 when it is not there)."""
        found = self.load(row_id)
        if found is None:
            raise self.missing()
        return found

    def opens(self, given: str, key: str) -> Callable[[dict[str, Any]], dict[str, Any]]:
        """The check ``base.door`` makes of a change to what the address names by *key*, if the request carries its
        edit token: the view is given it as *given*."""
        return lambda values: {given: self(values[key])}

    def __call__(self, row_id: str, *, edit: bool = True) -> R:
        token = bearer_token()
        if token is None and self.token_first:
            raise BadInput(self.no_token(), "authorization", 401)
        found = self.row(row_id)
        if token is None:
            raise BadInput(self.no_token(), "authorization", 401)
        access = self.access(found, token)
        if access is Access.NONE:
            raise BadInput(self.wrong_token(), "authorization", 403)
        if edit and access is not Access.EDIT:
            raise BadInput(self.view_token(), "authorization", 403)
        return found


def picked(thing: object, *names: str) -> dict[str, Any]:
    """The fields *names* of the engine's or the store's *thing*, for an answer whose fields have the same names."""
    return {name: getattr(thing, name) for name in names}


def edit_token(token: str, kept: str) -> Access:
    """What *token* opens of a row whose only token is *kept*, the director's."""
    return Access.EDIT if token_matches(token, kept) else Access.NONE


# -- Readers of what a request gives, in the API's words ------------------------------------------------


def text(value: object, missing: str, field: str) -> str:
    """A name sent as text; *missing* says what to give when there is none."""
    if not isinstance(value, str):
        raise BadInput(said.names_as_text(), field)
    # Measured as sent, as the published schema counts it (surrounding spaces included).
    if len(value) > MAX_NAME:
        raise BadInput(SENTENCES[Problem.NAME_TOO_LONG](limit=MAX_NAME), field)
    value = value.strip()
    if not value:
        raise BadInput(missing, field)
    if any(ord(ch) < 32 or 127 <= ord(ch) < 160 for ch in value):
        raise BadInput(said.name_on_one_line(), field)
    return value


def named(missing: Callable[[], str], field: str = "name") -> PlainValidator:
    """A name, described by the one name rule of the app: no control or invisible character, one visible at least."""
    return read_as(Name, lambda value: text(value, missing(), field))


def flag(name: str) -> Callable[[Any], bool]:
    """The reader of true or false."""

    def read(value: Any) -> bool:
        if not isinstance(value, bool):
            raise BadInput(said.true_or_false(name), name)
        return value

    return read


def read_date(value: object) -> datetime.date | None:
    if value is None:
        return None
    try:
        if not isinstance(value, str) or len(value) != 10:
            raise ValueError(value)
        return datetime.date.fromisoformat(value)
    except ValueError:
        raise BadInput(said.give_date(), "date") from None


DATE = read_as(Annotated[str, Field(json_schema_extra={"format": "date"})] | None, read_date)


# -- Exports and imports --------------------------------------------------------------------------------


class KeyHeader(Asked):
    idempotency_key: Annotated[Any, read_as(Annotated[str, Field(max_length=64)]), Field(alias="Idempotency-Key")] = (
        None
    )
    """Chosen by the client, one per document: a resend with the same key and the same document within 24 hours answers 200 with what the first send made, never a second copy (the same key with another document: 422)."""


def import_checks(max_bytes: int) -> str | None:
    """An import's key (422) and size (413), checked before its body is read: its key."""
    key = idempotency_key()
    check_size(max_bytes)
    return key


def exported(document: str | bytes) -> Response:
    """An export's answer: JSON, kept by no cache."""
    response = make_response(document)
    response.mimetype = "application/json"
    response.headers["Cache-Control"] = "no-store"
    return response


# -- Ratings, a table's people's and a club's members' -----------------------------------------------------------

RATINGS = (
    "A skill rating per person that knows partners (Weng–Lin, Plackett–Luce): partners are one team, the winner "
    "ranks first. `rating` is the conservative figure, max(0, round(1000 + 40 × (mu − 3 × sigma))): a newcomer "
    f"shows 1000. `settling` is true below {SETTLED_GAMES} rated games. Highest rating first."
)


# The order of the ratings' players.
BEST_FIRST = "Highest rating first."


class Rated(AnswerPart):
    name: str
    rating: int = Field(ge=0, description="The conservative figure shown to players.")
    settling: bool = Field(description=f"Fewer than {SETTLED_GAMES} rated games.")
    games: int = Field(ge=0, description="Games rated.")
    mu: float = Field(description="The model's mean, rounded to 0.1.")
    sigma: float = Field(description="The model's uncertainty, rounded to 0.1.")

    @classmethod
    def of(cls, name: str, skill: Skill, **who: Any) -> Any:
        return cls(
            name=name,
            **picked(skill, "rating", "settling", "games"),
            mu=round(skill.mu, 1),
            sigma=round(skill.sigma, 1),
            **who,
        )
