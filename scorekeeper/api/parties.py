"""The card parties part of the JSON API: start an evening, report results, read the evening.

Writes need ``Authorization: Bearer <edit_token>`` (the director's). Reading an
evening needs only its id, like the hall board.

Each route declares its path, query, body and answers as the models below: they read the request (as the evening's
forms read it), write the answer and give the document its part.
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Callable
from typing import Annotated, Any

from flask import Response, make_response, request, url_for
from flask_openapi3.types import ResponseDict
from pydantic import Field, PlainValidator, WithJsonSchema, model_validator
from pydantic.json_schema import SkipJsonSchema

from scorekeeper import party as engine
from scorekeeper.api.base import BadInput, bearer_token, bp, door, error, reply, routes
from scorekeeper.api.schema import (
    NOT_AN_OBJECT,
    Answer,
    AnswerPart,
    Asked,
    Closed,
    Name,
    Part,
    Read,
    enum,
    error_body,
    read_as,
)
from scorekeeper.api.shapes import DATE, Door, bearer, changes, edit_token, flag, locked, missing, named, picked, text
from scorekeeper.platform.links import answer_link
from scorekeeper.platform.numbers import NumberError, parse_int
from scorekeeper.rules import LOWEST_TARGET
from scorekeeper.store import parties as store
from scorekeeper.store.outcomes import Outcome
from scorekeeper.words import api as said
from scorekeeper.words import party as words

SECURITY_SCHEMES = {"partyEditToken": bearer("The `edit_token` returned when the party was created.")}

# -- Reading what a request gives, as the evening's forms read it ------------------------------------


def whole(name: str, lo: int, hi: int) -> Callable[[Any], int]:
    """The reader of a whole number from *lo* to *hi* (``parse_int``: 3.0 is read as 3); null is left out."""

    def read(value: Any) -> int:
        if value is None:
            raise BadInput(said.give_number(name), name)
        try:
            return words.whole(value, name, lo, hi)
        except NumberError as err:
            raise BadInput(str(err), name) from None

    return read


def players(value: Any) -> tuple[str, ...]:
    """A couple's players: two names at most."""
    if not isinstance(value, list) or len(value) > 2:
        raise BadInput(words.SENTENCES[engine.Problem.TWO_PLAYERS](), "players")
    return tuple(text(p, said.give_name("players"), "players") for p in value)


def _couples(value: object) -> list[engine.Couple]:
    if not isinstance(value, list) or not 2 <= len(value) <= engine.MAX_COUPLES:
        raise BadInput(said.couples_count(engine.MAX_COUPLES), "couples")
    couples = []
    for item in value:
        if isinstance(item, str):
            couples.append(engine.Couple(text(item, said.couple_name(), "couples")))
            continue
        if not isinstance(item, dict) or set(item) - {"name", "players"}:
            raise BadInput(said.couple_shape(), "couples")
        couples.append(
            engine.Couple(text(item.get("name"), said.couple_name(), "couples"), players(item.get("players", [])))
        )
    return couples


def _kind(value: Any) -> engine.GameKind:
    try:
        return engine.GameKind(value)
    except ValueError:
        raise BadInput(said.game_kind(), "kind") from None


def _cookie_jar(value: Any) -> int:
    if value is None or value is False or (type(value) is int and value == 0):
        return 0
    return whole("cookie_jar", 1, engine.MAX_GAMES)(value)


def _play_to(value: Any) -> int | None:
    return None if value is None else whole("play_to", 5, 200)(value)


# -- What a request sends -----------------------------------------------------------------------------

_PLAYERS = read_as(Annotated[list[Name], Field(max_length=2)], players)


class _Couple(Part):
    name: Name
    players: Annotated[list[Name], Field(max_length=2)] = []


def _count(name: str, lo: int, hi: int, default: int | None = None) -> PlainValidator:
    """A whole number from *lo* to *hi*; a setting with a *default* shows its highest value in the document too."""
    shown = Field(
        ge=lo, le=None if default is None else hi, json_schema_extra=None if default is None else {"default": default}
    )
    return read_as(Annotated[int, shown], whole(name, lo, hi))


def _switch(name: str, default: bool) -> PlainValidator:
    return read_as(Annotated[bool, Field(json_schema_extra={"default": default})], flag(name))


class PartySettings(Read):
    # In the order the evening's settings are read: what one game is first.
    kind: Annotated[
        engine.GameKind,
        read_as(
            Annotated[str, enum([str(kind) for kind in engine.GameKind], json_schema_extra={"default": "one-hand"})],
            _kind,
        ),
        Field(description="What one game is."),
    ] = engine.GameKind("one-hand")
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
    name: Annotated[str, named(words.SENTENCES[engine.Problem.PARTY_NAME_MISSING])]
    games: Annotated[int, _count("games", 1, engine.MAX_GAMES, 25)] = 25
    prizes: Annotated[int, _count("prizes", 0, engine.MAX_PRIZES, 3)] = 3
    booby: Annotated[bool, _switch("booby", False)] = False


class NewParty(PartySettings):
    couples: Annotated[
        list[engine.Couple],
        read_as(Annotated[list[Name | _Couple], Field(min_length=2, max_length=engine.MAX_COUPLES)], _couples),
    ]
    start: Annotated[bool, _switch("start", True), Field(description="Seat game 1 now.")] = True
    date: Annotated[datetime.date | None, DATE] = None


class PartyResult(Read):
    game: Annotated[int, _count("game", 1, engine.MAX_GAMES)]
    table: Annotated[int, _count("table", 1, engine.MAX_COUPLES)]
    winner: Annotated[
        int, _count("winner", 0, engine.MAX_COUPLES), Field(description="A couple index seated at that table.")
    ]
    correct: Annotated[bool, _switch("correct", False)] = False


class LateCouple(Read):
    name: Annotated[str, named(lambda: str(words.COUPLE_NAME_WANTED))]
    players: Annotated[tuple[str, ...], _PLAYERS] = ()


class PartyPath(Asked):
    party_id: str = Field(description="The party's id, as returned when it was created (anything else is 404).")


class CouplePath(PartyPath):
    index: Annotated[str, WithJsonSchema({"type": "integer", "minimum": 0})]
    """The couple's index in `couples`, counted from 0."""


class Preference(Asked):
    prefer: str | None = None
    """`return=minimal`: answer with this result and the party's version only (a large evening is a GET away) instead of the whole evening. Other preferences are ignored (RFC 7240)."""

    @model_validator(mode="before")
    @classmethod
    def _left_out_is_null(cls, data: Any) -> Any:
        # The request's headers, by their names as sent.
        return {"prefer": data.get("Prefer")} if isinstance(data, dict) else data


class Nothing(Closed):
    """An empty JSON object, `{}`: like every write of the API, it is sent as JSON."""


# -- What the routes answer ---------------------------------------------------------------------------

_INDEXES = list[Annotated[int, Field(ge=0)]]


class PartyLinks(AnswerPart):
    director: str = ""
    board: str = ""


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

    @classmethod
    def of(cls, row: store.PartyRow, state: engine.PartyState) -> Party:
        """The evening as its answer writes it."""
        standings, seating, booby, setup = state.standings(), state.seating, state.booby(), state.setup
        results = [
            {"game": g, "table": number, "winner": seating_.tables[number - 1].seats[seat]}
            for g, (seating_, by_table) in enumerate(zip(state.seatings, state.results, strict=True), start=1)
            for number, seat in sorted(by_table.items())
        ]
        tables = [] if seating is None else seating.tables
        return cls.model_validate(
            {
                "id": row.id,
                "version": row.version,
                "name": row.name,
                "date": row.held_on.isoformat() if row.held_on else None,
                **picked(state, "game", "started", "closed", "finished"),
                **picked(setup, "games", "play_to", "prizes"),
                "kind": str(setup.kind),
                "couples": [
                    {"name": c.name, "players": list(c.couple.players), "joined": c.joined, "gone_from": c.gone_from}
                    for c in state.couples
                ],
                "seating": [{"table": t.number, "couples": t.couples, "deals_first": t.deals_first} for t in tables],
                "sits_out": None if seating is None else seating.sits_out,
                "missing": [t.number for t in state.missing()],
                "results": results,
                "wins": list(standings.wins),
                "punched": [list(p) for p in standings.punched],
                "places": state.places(),
                "ties": [picked(tie, *_TIE) for tie in state.ties.values()],
                "booby": None if booby is None else picked(booby, "couples", "wins"),
                "cookie_jar": None
                if not setup.cookie_jar
                else {"numbers": list(state.cookie_numbers), "winners": list(state.cookie_winners())},
            },
            from_attributes=True,
        )


# What the answer says of a tie for a place.
_TIE = ("place", "couples", "settled", "how", "winners", "in_contention")


class CreatedParty(Answer):
    """The evening was created."""

    id: str
    edit_token: str = Field(description="Keep it: it is the only way to report results.")
    links: PartyLinks
    state: Party


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


# -- The evening a request names ------------------------------------------------------------------------


def setup_of(new: PartySettings) -> engine.PartySetup:
    """The evening's settings a request gives, as the party engine takes them."""
    try:
        return engine.PartySetup(
            **{field.name: getattr(new, field.name) for field in dataclasses.fields(engine.PartySetup)}
        )
    except engine.PartyError as err:
        raise BadInput(words.problem(err), err.field) from None


@bp.errorhandler(engine.PartyError)
def _party_refused(exc: engine.PartyError) -> Response:
    """A party engine's refusal raised while a request's model read it (a couple's name, say): said as any other."""
    return _refused(exc, 409 if exc.conflict else 422)


def _refused(exc: engine.PartyError, status: int, field: str | None = None) -> Response:
    """The party engine's refusal: its sentence in the request's language and its code, which never changes."""
    return error(words.problem(exc), field or exc.field, status, str(exc.problem))


def _no_party() -> BadInput:
    return BadInput(said.no_party(), "id", 404)


_PARTY = Door(
    store.load,
    lambda found, token: edit_token(token, found[0].edit_token),
    _no_party,
    said.party_token_needed,
    said.party_token_refused,
)


def _director(values: dict[str, Any]) -> dict[str, Any]:
    """A write to the evening named: its edit token is checked (404, 401, 403) before the body is read."""
    _PARTY(values["party_id"])
    return {}


def _write(party_id: str, make: Callable[[engine.PartyState], list[engine.Entry]]) -> engine.PartyState:
    """Write to the evening the entries *make* builds, checked by the engine; an evening deleted meanwhile is not
    there (404)."""
    try:
        return store.write(party_id, make, source="api")
    except LookupError:
        raise _no_party() from None


# -- Routes ------------------------------------------------------------------------------

_get, _post = routes("parties", "get", "post")
# A change of the evening, behind the door that checks its edit token.
[_change_post] = routes("parties", "post", check=_director, security=[{"partyEditToken": []}])
_LOCKED = locked("party")


@_post(
    "/parties",
    operation_id="createParty",
    description="Couples are numbered by their index in `couples`. Tables are couples ÷ 2; an odd couple sits out "
    "each game, in turn. Game 1 is seated at once unless `start` is false.",
    responses={
        201: CreatedParty,
        400: NOT_AN_OBJECT,
        413: error_body("The body is larger than an evening needs."),
        429: error_body("Too many evenings created from this address in a short time; see `Retry-After`."),
        422: error_body("The evening cannot be run as described; `field` names what to fix."),
    },
)
@door()
def create_party(body: NewParty) -> Response:
    """Start a card party"""
    party = store.create(setup_of(body), body.couples, held_on=body.date, start=body.start)
    row, state = _PARTY.row(party.id)
    # The director's page (it can change the evening: keep it private) and the hall board.
    links = PartyLinks(
        director=answer_link("parties.director", party_id=row.id, token=row.edit_token),
        board=answer_link("parties.board", party_id=row.id),
    )
    response = reply(CreatedParty(id=row.id, edit_token=row.edit_token, links=links, state=Party.of(row, state)), 201)
    response.headers["Location"] = url_for("api.get_party", party_id=row.id)
    return response


@_change_post(
    "/parties/<party_id>/results",
    operation_id="reportPartyResult",
    description="The same result twice is answered 409 and saved once; a different winner for a result already in "
    'is 409 unless sent with `"correct": true`, which works out every later game again.',
    responses=changes(
        _LOCKED,
        "No such game or table yet, or that couple does not sit there; `field` names it.",
        {201: ResultAnswer, 409: error_body("That result is already in, or another winner is in (send `correct`).")},
    ),
)
def report_result(path: PartyPath, header: Preference, body: PartyResult) -> Response:
    """Report which couple won a table in a game"""
    party_id, game, table, winner, correct = path.party_id, body.game, body.table, body.winner, body.correct
    reported = store.Reported(table, winner, correct)
    recording = store.record(party_id, bearer_token(), reported, game, source=f"api table {table}")  # the door
    if recording.outcome is Outcome.NOT_FOUND:
        raise _no_party()
    if recording.outcome is Outcome.NOT_ALLOWED:
        raise BadInput(said.party_token_refused(), "authorization", 403)
    if isinstance(recording.refusal, engine.PartyError):
        raise recording.refusal
    state = recording.standing
    if "return=minimal" in (header.prefer or "").replace(" ", "").lower().split(","):
        # A table's own answer: its result and the version, the whole evening a GET away (with its ETag).
        result = _ResultIn(game=game, table=table, winner=state.winner(game, table))
        response = reply(ResultAnswer(result=result, version=store.version_of(party_id)), 201)
        response.headers["Preference-Applied"] = "return=minimal"
        return response
    return reply(ResultAnswer(state=Party.of(*_PARTY.row(party_id))), 201)


@_get(
    "/parties/<party_id>",
    operation_id="getParty",
    responses={
        200: Party,
        304: {"description": "Unchanged since the `ETag` sent as `If-None-Match`."},
        404: missing("party"),
    },
)
@door()
def get_party(path: PartyPath) -> Response:
    """The evening as it stands"""
    row, state = _PARTY.row(path.party_id)
    etag = f"party-{row.version}"
    response = make_response("", 304) if etag in request.if_none_match else reply(Party.of(row, state))
    response.headers["Cache-Control"] = "no-cache"
    response.headers["ETag"] = f'"{etag}"'
    return response


@_change_post(
    "/parties/<party_id>/couples",
    operation_id="addLateCouple",
    description="The couple plays from the next game (the card party's rules of the evening): it fills an empty seat "
    "after the couple that sat out, in number order with other late arrivals. Its index (counted from 0) is "
    "`couple` in the answer.",
    responses=changes(
        _LOCKED,
        "No name, a name too long, or (field `couples`) the last game is being played or the evening is over.",
        {201: LateCoupleAnswer},
    ),
)
def add_couple(path: PartyPath, body: LateCouple) -> Response:
    """Register a late couple"""
    couple = engine.Couple(body.name, body.players)
    try:
        _write(path.party_id, lambda s: [engine.AddCouple(couple)])
    except engine.PartyError as err:
        # The evening is over, or its last game is being played: no couple can join (the field is couples).
        return _refused(err, 422, "couples")
    row, state = _PARTY.row(path.party_id)
    return reply(LateCoupleAnswer(couple=len(state.couples) - 1, state=Party.of(row, state)), 201)


def _couple_change(path: CouplePath, make: Callable[[int], engine.Gone | engine.Returned]) -> Response:
    """Mark a couple gone, or undo it: the same checks, one entry."""
    _row, state = _PARTY.row(path.party_id)
    try:
        couple = parse_int(path.index, lo=0, hi=engine.MAX_COUPLES, what="The couple")
    except NumberError:
        raise BadInput(said.couple_index(), "couple", 404) from None
    if couple >= len(state.couples):
        raise BadInput(said.no_couple(couple, len(state.couples)), "couple", 404)
    _write(path.party_id, lambda s: [make(couple)])
    return reply(PartyAnswer(state=Party.of(*_PARTY.row(path.party_id))))


def _couple_answers(conflict: str, refused: str) -> ResponseDict:
    no_couple = error_body("No party with that id, or no couple with that index.")
    return changes(_LOCKED, refused, {200: PartyAnswer, 404: no_couple, 409: error_body(conflict)}, object_only=False)


@_change_post(
    "/parties/<party_id>/couples/<index>/gone",
    operation_id="coupleGone",
    description="The couple plays no game after the one being played; its seat is filled as the rules of the evening "
    "say.",
    responses=_couple_answers(
        "The couple is already marked gone.", "Fewer than two couples would be left playing, or the evening is over."
    ),
)
def couple_gone(path: CouplePath, body: Nothing) -> Response:
    """Mark a couple gone home"""
    return _couple_change(path, engine.Gone)


@_change_post(
    "/parties/<party_id>/couples/<index>/back",
    operation_id="coupleBack",
    description="The couple plays on, as if never marked gone. Only until the game it would miss is seated (before "
    "that game, or before the start); after that, register it again as a late couple.",
    responses=_couple_answers(
        "The couple is not marked gone (`code` `not-gone`).",
        "The game the couple would miss is already seated (`code` `gone-seated`), or the evening is over.",
    ),
)
def couple_back(path: CouplePath, body: Nothing) -> Response:
    """Undo marking a couple gone home"""
    return _couple_change(path, engine.Returned)
