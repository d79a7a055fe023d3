"""The card parties' models: the request bodies, read as the evening's forms read them, and the answers, which the
routes (``parties.py``) write out and the document describes."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Annotated, Any

from pydantic import Field, PlainValidator
from pydantic.json_schema import SkipJsonSchema

from scorekeeper.api.base import BadInput
from scorekeeper.api.schema import Answer, AnswerPart, Part, Read, enum, read_as
from scorekeeper.api.schema import Name as _NAME
from scorekeeper.party import MAX_COUPLES, MAX_GAMES, MAX_NAME, MAX_PRIZES, Couple, GameKind, Problem
from scorekeeper.platform.i18n import gettext as _
from scorekeeper.platform.numbers import NumberError
from scorekeeper.rules import LOWEST_TARGET
from scorekeeper.words import api as said
from scorekeeper.words import party as words

# -- Reading what a request gives, as the evening's forms read it ------------------------------------


def whole(name: str, missing: Callable[[], str], lo: int, hi: int) -> Callable[[Any], int]:
    """The reader of a whole number from *lo* to *hi* (``parse_int``: 3.0 is read as 3); null is *missing*."""

    def read(value: Any) -> int:
        if value is None:
            raise BadInput(missing(), name)
        try:
            return words.whole(value, name, lo, hi)
        except NumberError as err:
            raise BadInput(str(err), name) from None

    return read


def flag(name: str) -> Callable[[Any], bool]:
    """The reader of true or false."""

    def read(value: Any) -> bool:
        if not isinstance(value, bool):
            raise BadInput(said.true_or_false(name), name)
        return value

    return read


def text(value: object, missing: str, field: str) -> str:
    """A name sent as text; *missing* says what to give when there is none."""
    if not isinstance(value, str):
        raise BadInput(_("Names are sent as text"), field)
    # Measured as sent, as the published schema counts it (surrounding spaces included).
    if len(value) > MAX_NAME:
        raise BadInput(words.SENTENCES[Problem.NAME_TOO_LONG](limit=MAX_NAME), field)
    value = value.strip()
    if not value:
        raise BadInput(missing, field)
    if any(ord(ch) < 32 or 127 <= ord(ch) < 160 for ch in value):
        raise BadInput(_("Names are written on one line, without control characters"), field)
    return value


def players(value: Any) -> tuple[str, ...]:
    """A couple's players: two names at most."""
    if not isinstance(value, list) or len(value) > 2:
        raise BadInput(words.SENTENCES[Problem.TWO_PLAYERS](), "players")
    return tuple(text(p, said.give_name("players"), "players") for p in value)


def _couples(value: object) -> list[Couple]:
    if not isinstance(value, list) or not 2 <= len(value) <= MAX_COUPLES:
        raise BadInput(_("Give from 2 to %(limit)d couples, each with a name", limit=MAX_COUPLES), "couples")
    couples = []
    for item in value:
        if isinstance(item, str):
            couples.append(Couple(text(item, _("Give a name for every couple"), "couples")))
            continue
        if not isinstance(item, dict) or set(item) - {"name", "players"}:
            raise BadInput(_('Give each couple as {"name": ..., "players": [..., ...]}'), "couples")
        item_players = item.get("players", [])
        if not isinstance(item_players, list) or len(item_players) > 2:
            raise BadInput(words.SENTENCES[Problem.TWO_PLAYERS](), "players")
        couples.append(
            Couple(text(item.get("name"), _("Give a name for every couple"), "couples"), players(item_players))
        )
    return couples


def read_date(value: object) -> datetime.date | None:
    if value is None:
        return None
    if not isinstance(value, str) or len(value) != 10:
        raise BadInput(_("Give the date as YYYY-MM-DD"), "date")
    try:
        return datetime.date.fromisoformat(value)
    except ValueError:
        raise BadInput(_("Give the date as YYYY-MM-DD"), "date") from None


def _kind(value: Any) -> GameKind:
    try:
        return GameKind(value)
    except ValueError:
        raise BadInput(_('Say what one game is: "one-hand", "play-to" or "bell"'), "kind") from None


def _cookie_jar(value: Any) -> int:
    if value is None or value is False or (type(value) is int and value == 0):
        return 0
    return whole("cookie_jar", lambda: _("Give the cookie jar"), 1, MAX_GAMES)(value)


def _play_to(value: Any) -> int | None:
    return None if value is None else whole("play_to", lambda: _("Give the score to play to"), 5, 200)(value)


# -- The models of the document's schemas -------------------------------------------------------------


def _name(missing: Callable[[], str], field: str) -> PlainValidator:
    """A name, described by the one name rule of the app: no control or invisible character, one visible at least."""
    return read_as(_NAME, lambda value: text(value, missing(), field))


_PLAYERS = read_as(Annotated[list[_NAME], Field(max_length=2)], players)


class _Couple(Part):
    name: _NAME
    players: Annotated[list[_NAME], Field(max_length=2)] = []


def _count(name: str, missing: Callable[[], str], lo: int, hi: int, default: int | None = None) -> PlainValidator:
    """A whole number from *lo* to *hi*; a setting with a *default* shows its highest value in the document too."""
    shown = Field(
        ge=lo, le=None if default is None else hi, json_schema_extra=None if default is None else {"default": default}
    )
    return read_as(Annotated[int, shown], whole(name, missing, lo, hi))


def _switch(name: str, default: bool) -> PlainValidator:
    return read_as(Annotated[bool, Field(json_schema_extra={"default": default})], flag(name))


class PartySettings(Read):
    # In the order the evening's settings are read: what one game is first.
    kind: Annotated[
        GameKind,
        read_as(
            Annotated[str, enum([str(kind) for kind in GameKind], json_schema_extra={"default": "one-hand"})], _kind
        ),
        Field(description="What one game is."),
    ] = GameKind("one-hand")
    cookie_jar: Annotated[
        int,
        read_as(int | bool | None, _cookie_jar),
        Field(description="How many game numbers are drawn for the cookie jar; 0, false or null for none."),
    ] = 0
    play_to: Annotated[
        int | None,
        read_as(Annotated[int, Field(ge=LOWEST_TARGET, le=200)] | None, _play_to),
        Field(description="With play-to."),
    ] = None
    name: Annotated[str, _name(words.SENTENCES[Problem.PARTY_NAME_MISSING], "name")]
    games: Annotated[int, _count("games", lambda: _("Give the number of games"), 1, MAX_GAMES, 25)] = 25
    prizes: Annotated[int, _count("prizes", lambda: _("Give the number of prizes"), 0, MAX_PRIZES, 3)] = 3
    booby: Annotated[bool, _switch("booby", False)] = False


class NewParty(PartySettings):
    couples: Annotated[
        list[Couple],
        read_as(Annotated[list[_NAME | _Couple], Field(min_length=2, max_length=MAX_COUPLES)], _couples),
    ]
    start: Annotated[bool, _switch("start", True), Field(description="Seat game 1 now.")] = True
    date: Annotated[
        datetime.date | None, read_as(Annotated[str, Field(json_schema_extra={"format": "date"})] | None, read_date)
    ] = None


class PartyResult(Read):
    game: Annotated[int, _count("game", lambda: _("Give the game number"), 1, MAX_GAMES)]
    table: Annotated[int, _count("table", lambda: _("Give the table number"), 1, MAX_COUPLES)]
    winner: Annotated[
        int,
        _count("winner", lambda: _("Give the winner"), 0, MAX_COUPLES),
        Field(description="A couple index seated at that table."),
    ]
    correct: Annotated[bool, _switch("correct", False)] = False


class LateCouple(Read):
    name: Annotated[str, _name(lambda: str(words.COUPLE_NAME_WANTED), "name")]
    players: Annotated[tuple[str, ...], _PLAYERS] = ()


class PartyLinks(AnswerPart):
    director: str = ""
    board: str = ""


class CreatedParty(Answer):
    """The evening was created."""

    id: str
    edit_token: str = Field(description="Keep it: it is the only way to report results.")
    links: PartyLinks
    state: Party


_INDEXES = list[Annotated[int, Field(ge=0)]]


class SeatedTable(AnswerPart):
    table: int = 0
    couples: _INDEXES = []
    deals_first: int = 0


class Result(AnswerPart):
    game: int = 0
    table: int = 0
    winner: int = 0


class Place(AnswerPart):
    place: int = 0
    couples: _INDEXES = []
    wins: int = 0
    tied: bool = False


class Party(Answer):
    """Seating of the game being played, results, wins, punch cards, places."""

    id: str
    version: int = 0
    name: str = ""
    game: int = Field(description="The game being played (0 before the start).")
    games: int
    started: bool = False
    closed: bool = False
    finished: bool
    couples: list[dict[str, Any]] = []
    seating: list[SeatedTable]
    sits_out: int | None = None
    """The couple sitting out the game being played (the card party's rules of the evening), or null."""
    missing: list[int] = Field([], description="Tables still to report.")
    results: list[Result]
    wins: list[int]
    punched: list[_INDEXES]
    places: list[Place] = Field(description="Dense ranking by wins (18, 18, 16 → places 1, 1, 2) for the prize places.")
    ties: list[dict[str, Any]] = []
    booby: dict[str, Any] | None
    cookie_jar: dict[str, Any] | None = None


class PartyAnswer(Answer):
    """The evening after the change."""

    state: Party


class LateCoupleAnswer(Answer):
    """The couple is registered."""

    couple: int
    state: Party


class _ResultIn(AnswerPart):
    game: int
    table: int
    winner: int | None


class ResultAnswer(Answer):
    """The result is in: the whole evening, or with `Prefer: return=minimal` this result and the party's version."""

    state: Party | SkipJsonSchema[None] = None
    result: _ResultIn | SkipJsonSchema[None] = None
    version: int | SkipJsonSchema[None] = None


SECURITY_SCHEMES: dict[str, Any] = {
    "partyEditToken": {
        "type": "http",
        "scheme": "bearer",
        "description": "The `edit_token` returned when the party was created.",
    }
}
