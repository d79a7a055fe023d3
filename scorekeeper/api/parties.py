"""The card parties part of the JSON API: start an evening, report results, read the evening.

Writes need ``Authorization: Bearer <edit_token>`` (the director's). Reading an
evening needs only its id, like the hall board.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Response, jsonify, make_response, request, url_for

from scorekeeper.api.base import BadInput, bearer_token, bp, input_error, read_body, read_model
from scorekeeper.api.base import error as api_error
from scorekeeper.api.spec_parties import LateCouple, NewParty, PartyResult, PartySettings
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


def party_json(row: PartyRow, state: PartyState) -> dict[str, Any]:
    """Return the documented state of an evening."""
    standings = state.standings()
    seating = state.seating
    booby = state.booby()
    results = [
        {"game": g, "table": number, "winner": seating_.tables[number - 1].seats[seat]}
        for g, (seating_, by_table) in enumerate(zip(state.seatings, state.results, strict=True), start=1)
        for number, seat in sorted(by_table.items())
    ]
    return {
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


def links_json(party_id: str, edit_token: str) -> dict[str, Any]:
    """The director's page (it can change the evening: keep it private) and the hall board."""
    return {
        "director": answer_link("parties.director", party_id=party_id, token=edit_token),
        "board": answer_link("parties.board", party_id=party_id),
    }


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


@bp.post("/parties")
def create_party() -> Response:
    """Start an evening: its settings and couples; game 1 is seated unless ``start`` is false."""
    try:
        new = read_model(NewParty)
        party = store.create(setup_of(new), new.couples, held_on=new.date, start=new.start)
    except (BadInput, PartyError) as exc:
        return _answer(exc)
    row, state = _loaded(party.id)
    body = {
        "id": row.id,
        "edit_token": row.edit_token,
        "links": links_json(row.id, row.edit_token),
        "state": party_json(row, state),
    }
    response = make_response(jsonify(body), 201)
    response.headers["Location"] = url_for("api.get_party", party_id=row.id)
    return response


@bp.post("/parties/<party_id>/results")
def report_result(party_id: str) -> Response:
    """Report which couple won a table in a game (``correct``: replace a result already in)."""
    try:
        _party_to_change(party_id)  # said before the body is read; the door checks the token again as it writes
        result = read_model(PartyResult)
    except (BadInput, PartyError) as exc:
        return _answer(exc)
    game, table, winner = result.game, result.table, result.winner
    reported = store.Reported(table, winner, result.correct)
    recording = store.record(party_id, bearer_token(), reported, game, source=f"api table {table}")
    if recording.outcome is Outcome.NOT_FOUND:
        return _answer(_no_party())
    if recording.outcome is Outcome.NOT_ALLOWED:
        return _answer(BadInput(_("That token may not change this evening"), "authorization", 403))
    if isinstance(recording.refusal, PartyError):
        return _answer(recording.refusal)
    state = recording.standing
    if "return=minimal" in request.headers.get("Prefer", "").replace(" ", "").lower().split(","):
        # A table's own answer: its result and the version, the whole evening a GET away (with its ETag).
        version = store.version_of(party_id)
        body = {"result": {"game": game, "table": table, "winner": state.winner(game, table)}, "version": version}
        response = make_response(jsonify(body), 201)
        response.headers["Preference-Applied"] = "return=minimal"
        return response
    row, state = _loaded(party_id)
    return make_response(jsonify({"state": party_json(row, state)}), 201)


@bp.get("/parties/<party_id>")
def get_party(party_id: str) -> Response:
    """The evening as it stands."""
    try:
        row, state = _loaded(party_id)
    except BadInput as exc:
        return _answer(exc)
    etag = f"party-{row.version}"
    if etag in request.if_none_match:
        response = make_response("", 304)
    else:
        response = jsonify(party_json(row, state))
    response.headers["Cache-Control"] = "no-cache"
    response.headers["ETag"] = f'"{etag}"'
    return response


@bp.post("/parties/<party_id>/couples")
def add_couple(party_id: str) -> Response:
    """Register a late couple: it plays from the next game (the rules of the evening, docs/players/card-parties.md)."""
    try:
        _party_to_change(party_id)
        late = read_model(LateCouple)
        couple = Couple(late.name, late.players)
        try:
            state = _write(party_id, lambda s: [AddCouple(couple)])
        except PartyError as err:
            # The evening is over, or its last game is being played: no couple can join (the field is couples).
            return _refused(err, 422, "couples")
    except (BadInput, PartyError) as exc:
        return _answer(exc)
    row, state = _loaded(party_id)
    return make_response(jsonify({"couple": len(state.couples) - 1, "state": party_json(row, state)}), 201)


def _couple_change(party_id: str, index: str, make: Callable[[int], Gone | Returned]) -> Response:
    """Mark a couple gone, or undo it: the same checks, one entry."""
    try:
        # The body is an empty JSON object: every write of the API is JSON.
        state = _party_to_change(party_id)
        read_body(())
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
        state = _write(party_id, lambda s: [make(couple)])
    except (BadInput, PartyError) as exc:
        return _answer(exc)
    row, state = _loaded(party_id)
    return jsonify({"state": party_json(row, state)})


@bp.post("/parties/<party_id>/couples/<index>/gone")
def couple_gone(party_id: str, index: str) -> Response:
    """Mark a couple gone home: it plays no game after the one being played."""
    return _couple_change(party_id, index, Gone)


@bp.post("/parties/<party_id>/couples/<index>/back")
def couple_back(party_id: str, index: str) -> Response:
    """Undo a couple's going home, while the game it would miss is not seated yet."""
    return _couple_change(party_id, index, Returned)
