"""The card parties part of the JSON API: start an evening, report results, read the evening.

Writes need ``Authorization: Bearer <edit_token>`` (the director's). Reading an
evening needs only its id, like the hall board.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Annotated, Any

from flask import Response, jsonify, make_response, request, url_for
from flask_openapi3.models.tag import Tag
from flask_openapi3.request import validate_request
from flask_openapi3.types import ResponseDict
from pydantic import Field, WithJsonSchema

from scorekeeper.api.base import BadInput, bearer_token, bp, input_error, reply
from scorekeeper.api.base import error as api_error
from scorekeeper.api.schema import NO_EDIT_TOKEN, NOT_AN_OBJECT, NOT_JSON, Asked, Closed, error_body
from scorekeeper.api.spec_parties import (
    CreatedParty,
    LateCouple,
    LateCoupleAnswer,
    NewParty,
    Party,
    PartyAnswer,
    PartyLinks,
    PartyResult,
    PartySettings,
    ResultAnswer,
    _ResultIn,
)
from scorekeeper.party import (
    MAX_COUPLES,
    AddCouple,
    Couple,
    Entry,
    Gone,
    PartyError,
    PartySetup,
    PartyState,
    Returned,
)
from scorekeeper.platform.i18n import gettext as _
from scorekeeper.platform.links import answer_link
from scorekeeper.platform.numbers import NumberError, parse_int
from scorekeeper.platform.security import token_matches
from scorekeeper.store import parties as store
from scorekeeper.store.outcomes import Outcome
from scorekeeper.store.parties import PartyRow
from scorekeeper.words import party as words

# -- The evening as JSON -------------------------------------------------------------


def party_json(row: PartyRow, state: PartyState) -> Party:
    """The evening as its answer writes it."""
    standings = state.standings()
    seating = state.seating
    booby = state.booby()
    results = [
        {"game": g, "table": number, "winner": seating_.tables[number - 1].seats[seat]}
        for g, (seating_, by_table) in enumerate(zip(state.seatings, state.results, strict=True), start=1)
        for number, seat in sorted(by_table.items())
    ]
    state_of = {
        "id": row.id,
        "version": row.version,
        "name": row.name,
        "date": row.held_on.isoformat() if row.held_on else None,
        "game": state.game,
        "games": state.setup.games,
        "kind": str(state.setup.kind),
        "play_to": state.setup.play_to,
        "prizes": state.setup.prizes,
        "started": state.started,
        "closed": state.closed,
        "finished": state.finished,
        "couples": [
            {"name": c.name, "players": list(c.couple.players), "joined": c.joined, "gone_from": c.gone_from}
            for c in state.couples
        ],
        "seating": []
        if seating is None
        else [{"table": t.number, "couples": list(t.couples), "deals_first": t.deals_first} for t in seating.tables],
        "sits_out": None if seating is None else seating.sits_out,
        "missing": [t.number for t in state.missing()],
        "results": results,
        "wins": list(standings.wins),
        "punched": [list(p) for p in standings.punched],
        "places": [
            {"place": p.place, "couples": list(p.couples), "wins": p.wins, "tied": p.tied} for p in state.places()
        ],
        "ties": [
            {
                "place": tie.place,
                "couples": list(tie.couples),
                "settled": tie.settled,
                "how": str(tie.how),
                "winners": list(tie.winners),
                "in_contention": list(tie.in_contention),
            }
            for tie in state.ties.values()
        ],
        "booby": None if booby is None else {"couples": list(booby.couples), "wins": booby.wins},
        "cookie_jar": None
        if not state.setup.cookie_jar
        else {"numbers": list(state.cookie_numbers), "winners": list(state.cookie_winners())},
    }
    return Party.model_validate(state_of)


def links_json(party_id: str, edit_token: str) -> PartyLinks:
    """The director's page (it can change the evening: keep it private) and the hall board."""
    return PartyLinks(
        director=answer_link("parties.director", party_id=party_id, token=edit_token),
        board=answer_link("parties.board", party_id=party_id),
    )


# -- Reading requests -------------------------------------------------------------------


def setup_of(new: PartySettings) -> PartySetup:
    """The evening's settings a request gives, as the party engine takes them."""
    try:
        return PartySetup(
            name=new.name,
            games=new.games,
            kind=new.kind,
            play_to=new.play_to,
            prizes=new.prizes,
            cookie_jar=new.cookie_jar,
            booby=new.booby,
        )
    except PartyError as err:
        raise BadInput(words.problem(err), err.field) from None


def _may_write(row: PartyRow) -> None:
    token = bearer_token()
    if token is None:
        raise BadInput(
            _("Reporting needs the evening's edit token: Authorization: Bearer <edit_token>"), "authorization", 401
        )
    if not token_matches(token, row.edit_token):
        raise BadInput(_("That token may not change this evening"), "authorization", 403)


def _answer(exc: BadInput | PartyError) -> Response:
    if isinstance(exc, BadInput):
        return input_error(str(exc), exc.field, exc.status)
    return _refused(exc, 409 if exc.conflict else 422)


@bp.errorhandler(PartyError)
def _party_refused(exc: PartyError) -> Response:
    """A party engine's refusal raised while a request's model read it (a couple's name, say): said as any other."""
    return _answer(exc)


def _refused(exc: PartyError, status: int, field: str | None = None) -> Response:
    """The party engine's refusal: its sentence in the request's language and its code, which never changes."""
    response = api_error(words.problem(exc), field or exc.field, status)
    body = response.get_json()
    body["error"]["code"] = str(exc.problem)
    response.set_data(jsonify(body).get_data())
    return response


def _loaded(party_id: str) -> tuple[PartyRow, PartyState]:
    found = store.load(party_id)
    if found is None:
        raise _no_party()
    return found


def _no_party() -> BadInput:
    return BadInput(_("There is no card party with that id"), "id", 404)


def _party_to_change(party_id: str) -> PartyState:
    """The evening named, if the request carries the evening's edit token."""
    row, state = _loaded(party_id)
    _may_write(row)
    return state


def _write(party_id: str, make: Callable[[PartyState], list[Entry]], source: str = "api") -> PartyState:
    """Write to the evening the entries *make* builds, checked by the engine; an evening deleted meanwhile is not
    there (404)."""
    try:
        return store.write(party_id, make, source=source)
    except LookupError:
        raise _no_party() from None


# -- Routes ------------------------------------------------------------------------------

_TAGS = [Tag(name="parties")]
_EDIT: list[dict[str, list[str]]] = [{"partyEditToken": []}]
_NO_PARTY = error_body("No party with that id.")
_AUTH: ResponseDict = {
    401: NO_EDIT_TOKEN,
    403: error_body("The token is not this party's edit token."),
}


class PartyPath(Asked):
    party_id: str = Field(description="The party's id, as returned when it was created (anything else is 404).")


class CouplePath(PartyPath):
    index: Annotated[str, WithJsonSchema({"type": "integer", "minimum": 0})]
    """The couple's index in `couples`, counted from 0."""


class Preference(Asked):
    prefer: str | None = None
    """`return=minimal`: answer with this result and the party's version only (a large evening is a GET away) instead of the whole evening. Other preferences are ignored (RFC 7240)."""


class Nothing(Closed):
    """An empty JSON object, `{}`: like every write of the API, it is sent as JSON."""


def director_only(view: Callable[..., Response]) -> Callable[..., Response]:
    """A write to the evening named: its edit token is checked (404, 401, 403) before the library reads the body."""
    checked: Callable[..., Response] = validate_request()(view)  # type: ignore[no-untyped-call]

    @functools.wraps(checked)
    def door(**values: Any) -> Response:
        try:
            _party_to_change(values["party_id"])
        except BadInput as exc:
            return _answer(exc)
        return checked(**values)

    return door


@bp.post(
    "/parties",
    operation_id="createParty",
    tags=_TAGS,
    description="Couples are numbered by their index in `couples`. Tables are couples ÷ 2; an odd couple sits out "
    "each game, in turn. Game 1 is seated at once unless `start` is false.",
    responses={
        201: CreatedParty,
        400: NOT_AN_OBJECT,
        413: error_body("The body is larger than an evening needs."),
        429: error_body("Too many evenings created from this address in a short time; see `Retry-After`."),
        415: NOT_JSON,
        422: error_body("The evening cannot be run as described; `field` names what to fix."),
    },
)
def create_party(body: NewParty) -> Response:
    """Start a card party"""
    try:
        party = store.create(setup_of(body), body.couples, held_on=body.date, start=body.start)
    except (BadInput, PartyError) as exc:
        return _answer(exc)
    row, state = _loaded(party.id)
    links = links_json(row.id, row.edit_token)
    response = reply(CreatedParty(id=row.id, edit_token=row.edit_token, links=links, state=party_json(row, state)), 201)
    response.headers["Location"] = url_for("api.get_party", party_id=row.id)
    return response


@bp.post(
    "/parties/<party_id>/results",
    operation_id="reportPartyResult",
    tags=_TAGS,
    security=_EDIT,
    description="The same result twice is answered 409 and saved once; a different winner for a result already in "
    'is 409 unless sent with `"correct": true`, which works out every later game again.',
    responses={
        201: ResultAnswer,
        400: NOT_AN_OBJECT,
        **_AUTH,
        404: _NO_PARTY,
        409: error_body("That result is already in, or another winner is in (send `correct`)."),
        415: NOT_JSON,
        422: error_body("No such game or table yet, or that couple does not sit there; `field` names it."),
    },
)
@director_only
def report_result(path: PartyPath, header: Preference, body: PartyResult) -> Response:
    """Report which couple won a table in a game"""
    party_id, game, table, winner, correct = path.party_id, body.game, body.table, body.winner, body.correct
    reported = store.Reported(table, winner, correct)
    recording = store.record(party_id, bearer_token(), reported, game, source=f"api table {table}")  # the door
    if recording.outcome is Outcome.NOT_FOUND:
        return _answer(_no_party())
    if recording.outcome is Outcome.NOT_ALLOWED:
        return _answer(BadInput(_("That token may not change this evening"), "authorization", 403))
    if isinstance(recording.refusal, PartyError):
        return _answer(recording.refusal)
    state = recording.standing
    if "return=minimal" in (header.prefer or "").replace(" ", "").lower().split(","):
        # A table's own answer: its result and the version, the whole evening a GET away (with its ETag).
        result = _ResultIn(game=game, table=table, winner=state.winner(game, table))
        response = reply(ResultAnswer(result=result, version=store.version_of(party_id)), 201)
        response.headers["Preference-Applied"] = "return=minimal"
        return response
    row, state = _loaded(party_id)
    return reply(ResultAnswer(state=party_json(row, state)), 201)


@bp.get(
    "/parties/<party_id>",
    operation_id="getParty",
    tags=_TAGS,
    responses={200: Party, 304: {"description": "Unchanged since the `ETag` sent as `If-None-Match`."}, 404: _NO_PARTY},
)
def get_party(path: PartyPath) -> Response:
    """The evening as it stands"""
    try:
        row, state = _loaded(path.party_id)
    except BadInput as exc:
        return _answer(exc)
    etag = f"party-{row.version}"
    response = make_response("", 304) if etag in request.if_none_match else reply(party_json(row, state))
    response.headers["Cache-Control"] = "no-cache"
    response.headers["ETag"] = f'"{etag}"'
    return response


@bp.post(
    "/parties/<party_id>/couples",
    operation_id="addLateCouple",
    tags=_TAGS,
    security=_EDIT,
    description="The couple plays from the next game (the card party's rules of the evening): it fills an empty seat "
    "after the couple that sat out, in number order with other late arrivals. Its index (counted from 0) is "
    "`couple` in the answer.",
    responses={
        201: LateCoupleAnswer,
        400: NOT_AN_OBJECT,
        **_AUTH,
        404: _NO_PARTY,
        415: NOT_JSON,
        422: error_body(
            "No name, a name too long, or (field `couples`) the last game is being played or the evening is over."
        ),
    },
)
@director_only
def add_couple(path: PartyPath, body: LateCouple) -> Response:
    """Register a late couple"""
    couple = Couple(body.name, body.players)
    try:
        try:
            _write(path.party_id, lambda s: [AddCouple(couple)])
        except PartyError as err:
            # The evening is over, or its last game is being played: no couple can join (the field is couples).
            return _refused(err, 422, "couples")
    except BadInput as exc:
        return _answer(exc)
    row, state = _loaded(path.party_id)
    return reply(LateCoupleAnswer(couple=len(state.couples) - 1, state=party_json(row, state)), 201)


def _couple_change(party_id: str, index: str, make: Callable[[int], Gone | Returned]) -> Response:
    """Mark a couple gone, or undo it: the same checks, one entry."""
    try:
        _row, state = _loaded(party_id)
        try:
            couple = parse_int(index, lo=0, hi=MAX_COUPLES, what="The couple")
        except NumberError:
            raise BadInput(_("The couple is its number, counted from 0"), "couple", 404) from None
        if couple >= len(state.couples):
            raise BadInput(
                _("There is no couple %(couple)d: the evening has %(count)d", couple=couple, count=len(state.couples)),
                "couple",
                404,
            )
        _write(party_id, lambda s: [make(couple)])
    except (BadInput, PartyError) as exc:
        return _answer(exc)
    row, state = _loaded(party_id)
    return reply(PartyAnswer(state=party_json(row, state)))


def _couple_answers(done: str, conflict: str, refused: str) -> ResponseDict:
    return {
        200: PartyAnswer,
        **_AUTH,
        404: error_body("No party with that id, or no couple with that index."),
        415: NOT_JSON,
        409: error_body(conflict),
        422: error_body(refused),
    }


@bp.post(
    "/parties/<party_id>/couples/<index>/gone",
    operation_id="coupleGone",
    tags=_TAGS,
    security=_EDIT,
    description="The couple plays no game after the one being played; its seat is filled as the rules of the evening "
    "say.",
    responses=_couple_answers(
        "The couple is marked gone.",
        "The couple is already marked gone.",
        "Fewer than two couples would be left playing, or the evening is over.",
    ),
)
@director_only
def couple_gone(path: CouplePath, body: Nothing) -> Response:
    """Mark a couple gone home"""
    return _couple_change(path.party_id, path.index, Gone)


@bp.post(
    "/parties/<party_id>/couples/<index>/back",
    operation_id="coupleBack",
    tags=_TAGS,
    security=_EDIT,
    description="The couple plays on, as if never marked gone. Only until the game it would miss is seated (before "
    "that game, or before the start); after that, register it again as a late couple.",
    responses=_couple_answers(
        "The couple is no longer marked gone.",
        "The couple is not marked gone (`code` `not-gone`).",
        "The game the couple would miss is already seated (`code` `gone-seated`), or the evening is over.",
    ),
)
@director_only
def couple_back(path: CouplePath, body: Nothing) -> Response:
    """Undo marking a couple gone home"""
    return _couple_change(path.party_id, path.index, Returned)
