"""The card parties part of the JSON API: start an evening, report results, read the evening.

Writes need ``Authorization: Bearer <edit_token>`` (the director's). Reading an
evening needs only its id, like the hall board.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any

from flask import Response, jsonify, make_response, request, url_for

from scorekeeper.api.base import BadInput, bearer_token, bp, input_error, read_body
from scorekeeper.api.base import error as api_error
from scorekeeper.party import (
    MAX_COUPLES,
    MAX_GAMES,
    MAX_NAME,
    MAX_PRIZES,
    AddCouple,
    Couple,
    GameKind,
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
from scorekeeper.store.parties import PartyRow
from scorekeeper.words import party as words

PARTY_FIELDS = ("name", "date", "games", "kind", "play_to", "prizes", "booby", "cookie_jar", "couples", "start")
RESULT_FIELDS = ("game", "table", "winner", "correct")
COUPLE_FIELDS = ("name", "players")


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


def _int(data: dict[str, Any], name: str, missing: str, lo: int, hi: int, default: int | None = None) -> int:
    value = data.get(name, default)
    if value is None:
        raise BadInput(missing, name)
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    try:
        return words.whole(value, name, lo, hi)
    except NumberError as err:
        raise BadInput(str(err), name) from None


def _flag(data: dict[str, Any], name: str) -> bool:
    value = data.get(name, False)
    if not isinstance(value, bool):
        raise BadInput(_("Say true or false for %(field)s", field=name), name)
    return value


def _text(value: object, missing: str, field: str) -> str:
    """A name sent as text; *missing* says what to give when there is none."""
    if not isinstance(value, str):
        raise BadInput(_("Names are sent as text"), field)
    # Measured as sent, as the published schema counts it (surrounding spaces included).
    if len(value) > MAX_NAME:
        raise BadInput(_("Names may be at most %(max)d letters long", max=MAX_NAME), field)
    value = value.strip()
    if not value:
        raise BadInput(missing, field)
    if any(ord(ch) < 32 or 127 <= ord(ch) < 160 for ch in value):
        raise BadInput(_("Names are written on one line, without control characters"), field)
    return value


def _couples(value: object) -> list[Couple]:
    if not isinstance(value, list) or not 2 <= len(value) <= MAX_COUPLES:
        raise BadInput(_("Give from 2 to %(limit)d couples, each with a name", limit=MAX_COUPLES), "couples")
    couples = []
    for item in value:
        if isinstance(item, str):
            couples.append(Couple(_text(item, _("Give a name for every couple"), "couples")))
            continue
        if not isinstance(item, dict) or set(item) - {"name", "players"}:
            raise BadInput(_('Give each couple as {"name": ..., "players": [..., ...]}'), "couples")
        players = item.get("players", [])
        if not isinstance(players, list) or len(players) > 2:
            raise BadInput(_("A couple is two players"), "players")
        couples.append(
            Couple(
                _text(item.get("name"), _("Give a name for every couple"), "couples"),
                tuple(_text(p, _("Give every player's name"), "players") for p in players),
            )
        )
    return couples


def _date(value: object) -> date | None:
    if value is None:
        return None
    if not isinstance(value, str) or len(value) != 10:
        raise BadInput(_("Give the date as YYYY-MM-DD"), "date")
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise BadInput(_("Give the date as YYYY-MM-DD"), "date") from None


def _setup(data: dict[str, Any]) -> PartySetup:
    kind_text = data.get("kind", "one-hand")
    try:
        kind = GameKind(kind_text)
    except ValueError:
        raise BadInput(_('Say what one game is: "one-hand", "play-to" or "bell"'), "kind") from None
    cookie = data.get("cookie_jar")
    no_jar = cookie is None or cookie is False or (type(cookie) is int and cookie == 0)
    cookie_count = 0 if no_jar else _int(data, "cookie_jar", _("Give the cookie jar"), 1, MAX_GAMES)
    play_to = None if data.get("play_to") is None else _int(data, "play_to", _("Give the score to play to"), 5, 200)
    try:
        return PartySetup(
            name=_text(data.get("name"), _("Give the evening a name"), "name"),
            games=_int(data, "games", _("Give the number of games"), 1, MAX_GAMES, 25),
            kind=kind,
            play_to=play_to,
            prizes=_int(data, "prizes", _("Give the number of prizes"), 0, MAX_PRIZES, 3),
            cookie_jar=cookie_count,
            booby=_flag(data, "booby"),
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


def _party_to_change(party_id: str, fields: tuple[str, ...]) -> tuple[PartyState, dict[str, Any]]:
    """The evening named and the request's body, if the request carries the evening's edit token."""
    row, state = _loaded(party_id)
    _may_write(row)
    return state, read_body(fields)


# -- Routes ------------------------------------------------------------------------------


@bp.post("/parties")
def create_party() -> Response:
    """Start an evening: its settings and couples; game 1 is seated unless ``start`` is false."""
    try:
        data = read_body(PARTY_FIELDS)
        setup = _setup(data)
        couples = _couples(data.get("couples"))
        start = _flag(data, "start") if "start" in data else True
        party = store.create(setup, couples, held_on=_date(data.get("date")), start=start)
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
        data = _party_to_change(party_id, RESULT_FIELDS)[1]
        game = _int(data, "game", _("Give the game number"), 1, MAX_GAMES)
        table = _int(data, "table", _("Give the table number"), 1, MAX_COUPLES)
        winner = _int(data, "winner", _("Give the winner"), 0, MAX_COUPLES)
        correct = _flag(data, "correct")
        state = store.write(
            party_id, lambda s: [s.result_entry(game, table, winner, correct)], source=f"api table {table}"
        )
    except (BadInput, PartyError) as exc:
        return _answer(exc)
    except LookupError:
        return _answer(_no_party())
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
    """Register a late couple: it plays from the next game (RULES.md §14)."""
    try:
        data = _party_to_change(party_id, COUPLE_FIELDS)[1]
        players = data.get("players", [])
        if not isinstance(players, list) or len(players) > 2:
            raise BadInput(_("A couple is two players"), "players")
        couple = Couple(
            _text(data.get("name"), _("Give the couple a name"), "name"),
            tuple(_text(p, _("Give every player's name"), "players") for p in players),
        )
        try:
            state = store.write(party_id, lambda s: [AddCouple(couple)], source="api")
        except PartyError as err:
            # The evening is over, or its last game is being played: no couple can join (API.md: field couples).
            return _refused(err, 422, "couples")
    except (BadInput, PartyError) as exc:
        return _answer(exc)
    except LookupError:
        return _answer(_no_party())
    row, state = _loaded(party_id)
    return make_response(jsonify({"couple": len(state.couples) - 1, "state": party_json(row, state)}), 201)


def _couple_change(party_id: str, index: str, make: Callable[[int], Gone | Returned]) -> Response:
    """Mark a couple gone, or undo it: the same checks, one entry."""
    try:
        # The body is an empty JSON object: every write of the API is JSON.
        state = _party_to_change(party_id, ())[0]
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
        state = store.write(party_id, lambda s: [make(couple)], source="api")
    except (BadInput, PartyError) as exc:
        return _answer(exc)
    except LookupError:
        return _answer(_no_party())
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
