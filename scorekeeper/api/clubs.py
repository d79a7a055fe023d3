"""The clubs part of the JSON API: a club, its roster, its evenings and its season ladder.

Writes need ``Authorization: Bearer <edit_token>`` (the club director's). Reading
a club, its roster, evenings and ladder needs only its id, like its public page.
An evening is an ordinary card party: once created here, it is run through the
card parties' endpoints with the party's own edit token.
"""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify, make_response, request

from scorekeeper.api.base import BadInput, bearer_token, bp, check_size, idempotency_key, read_body, read_model
from scorekeeper.api.parties import setup_of
from scorekeeper.api.spec_clubs import (
    MAX_RULE_NUMBER,
    ClubChange,
    ClubMemberChange,
    NewClub,
    NewClubEvening,
    NewClubMember,
    whole,
)
from scorekeeper.party import PartyError
from scorekeeper.party.ladder import MAX_PLACE_POINTS, LadderError, LadderRules, Scoring, TieBreak
from scorekeeper.platform import bodies
from scorekeeper.platform.i18n import gettext as _
from scorekeeper.platform.links import answer_link
from scorekeeper.platform.security import token_matches
from scorekeeper.store import club_exports
from scorekeeper.store import clubs as store
from scorekeeper.store import parties as party_store
from scorekeeper.store.models import Club, ClubMember
from scorekeeper.words import refusal as ladder_words
from scorekeeper.words.party import ladder_refusal, problem


def _club(club_id: str) -> Club:
    club = store.get(club_id)
    if club is None:
        raise BadInput("There is no club with that id", "id", 404)
    return club


def _may_write(club: Club) -> None:
    token = bearer_token()
    if token is None:
        raise BadInput("Changing a club needs its edit token: Authorization: Bearer <edit_token>", "authorization", 401)
    if not token_matches(token, club.edit_token):
        raise BadInput("That token may not change this club", "authorization", 403)


def member_json(m: ClubMember) -> dict[str, Any]:
    return {"number": m.number, "name": m.name, "active": m.active, "merged_into": m.merged_into}


def club_json(club: Club) -> dict[str, Any]:
    return {
        "id": club.id,
        "version": club.version,
        "name": club.name,
        "currency": club.currency,
        "ladder_rules": store.settings_of(store.rules_of(club.settings)),
        "seasons": store.seasons(club.id),
        "members": [member_json(m) for m in club.members],
    }


def _season_name(club: Club) -> str:
    season = request.args.get("season")
    if season is not None and (not season or len(season) > store.MAX_SEASON):
        raise BadInput("Give a season as it is named, for example 2026-2027", "season")
    return season or store.current_season(club)


def _links(club: Club) -> dict[str, Any]:
    return {
        "director": answer_link("clubs.director", club_id=club.id, token=club.edit_token),
        "public": answer_link("clubs.public", club_id=club.id),
        "board": answer_link("clubs.board", club_id=club.id),
    }


@bp.route("/clubs", methods=["POST"])
def create_club() -> Response:
    new = read_model(NewClub)
    try:
        club = store.create(new.name, new.currency)
    except store.ClubError as err:
        raise BadInput(ladder_words(err), err.field) from None
    body = {"id": club.id, "edit_token": club.edit_token, "links": _links(club), "club": club_json(club)}
    return make_response(jsonify(body), 201)


@bp.route("/clubs/<string(minlength=8):club_id>", methods=["GET"])
def get_club(club_id: str) -> Response:
    return jsonify(club_json(_club(club_id)))


@bp.route("/clubs/<club_id>/members", methods=["GET"])
def club_members(club_id: str) -> Response:
    return jsonify({"members": [member_json(m) for m in _club(club_id).members]})


@bp.route("/clubs/<club_id>/members", methods=["POST"])
def add_club_member(club_id: str) -> Response:
    club = _club(club_id)
    _may_write(club)
    name = read_model(NewClubMember).name
    try:
        added = store.add_member(club, name)
    except store.ClubError as err:
        raise BadInput(ladder_words(err), err.field) from None
    return make_response(jsonify(member_json(added)), 201)


def _director_asks(club: Club) -> bool:
    """Whether the request carries the club's edit token (the director's): only then are money figures shown."""
    token = bearer_token()
    if token is None:
        return False
    if not token_matches(token, club.edit_token):
        raise BadInput(
            _("That token is not this club's director token: send none to read what the hall sees"),
            "authorization",
            403,
        )
    return True


def _pots(tally: store.Tally) -> dict[str, Any]:
    return {
        "entry_fee": tally.entry_fee,
        "players": tally.players,
        "fees": tally.fees,
        "prizes": list(tally.prizes),
        "cookie_jar": tally.cookie_jar,
        "fifty_fifty": tally.fifty_collected,
        "fifty_fifty_prize": tally.fifty_prize,
        "jackpot_before": tally.jackpot.before,
        "jackpot_added": tally.jackpot.added,
        "jackpot_won": tally.jackpot.won,
    }


@bp.route("/clubs/<club_id>/evenings", methods=["GET"])
def club_evenings(club_id: str) -> Response:
    """The season's evenings as the hall sees them; their money (``pots``) only with the director's token."""
    club = _club(club_id)
    director = _director_asks(club)
    worked = store.season(club, _season_name(club))
    evenings = []
    for evening, row, state in worked.evenings:
        shown: dict[str, Any] = {
            "party_id": row.id,
            "name": row.name,
            "date": row.held_on.isoformat() if row.held_on else None,
            "season": evening.season,
            "couples": len(state.couples),
            "started": state.started,
            "finished": state.finished,
            "wins": list(state.standings().wins),
        }
        if director:
            shown["pots"] = _pots(worked.tallies[row.id])
        evenings.append(shown)
    response = jsonify({"season": worked.season, "currency": club.currency, "evenings": evenings})
    if director:
        response.headers["Cache-Control"] = "private, no-store"
    return response


@bp.route("/clubs/<club_id>/evenings", methods=["POST"])
def create_club_evening(club_id: str) -> Response:
    club = _club(club_id)
    _may_write(club)
    evening = read_model(NewClubEvening, context={"club": club})
    # Left out, the evening takes the club's name.
    setup = setup_of(evening.model_copy(update={"name": club.name if evening.name is None else evening.name}))
    held_on, season, numbers, start = evening.date, evening.season, evening.couples, evening.start
    if start and len(numbers) < 2:
        raise BadInput("An evening starts with two couples or more", "couples")
    try:
        party = store.new_evening(club, setup, held_on=held_on, season=season)
        if numbers:
            store.register(club, party.id, numbers)
        if start:
            party_store.write(party.id, party_store.start_entries, source="api")
    except store.ClubError as err:
        raise BadInput(ladder_words(err), err.field) from None
    except PartyError as err:
        raise BadInput(problem(err), err.field) from None
    body = {
        "party_id": party.id,
        "edit_token": party.edit_token,
        "links": {
            "desk": answer_link("clubs.desk", club_id=club.id, token=club.edit_token, party_id=party.id),
            "director": answer_link("parties.director", party_id=party.id, token=party.edit_token),
            "results": answer_link("clubs.evening_sheet", club_id=club.id, party_id=party.id),
        },
    }
    return make_response(jsonify(body), 201)


@bp.route("/clubs/<club_id>/ladder", methods=["GET"])
def club_ladder(club_id: str) -> Response:
    club = _club(club_id)
    worked = store.season(club, _season_name(club))
    lines = [
        {
            "position": line.position,
            "number": line.member,
            "name": worked.names.get(line.member, ""),
            "total": line.total,
            "counted": list(line.counted),
            "scores": list(line.scores),
            "evenings": line.attended,
            "wins": line.wins,
            "best": line.best,
        }
        for line in worked.lines
    ]
    return jsonify(
        {
            "season": worked.season,
            "rules": store.settings_of(worked.rules),
            "evenings": len(worked.evenings),
            "lines": lines,
        }
    )


RULE_FIELDS = ("scoring", "place_points", "best_of", "minimum", "tie_breaks")


def _rules(club: Club, value: object) -> LadderRules:
    if not isinstance(value, dict) or set(value) - set(RULE_FIELDS):
        raise BadInput(f"Give the ladder's rules as an object of {', '.join(RULE_FIELDS)}", "ladder_rules")
    now = store.settings_of(store.rules_of(club.settings))
    merged = {**now, **value}
    if not isinstance(merged["scoring"], str) or merged["scoring"] not in set(Scoring):
        raise BadInput('Say "places" or "wins" for scoring', "scoring")
    points = merged["place_points"]
    if not isinstance(points, list) or not 1 <= len(points) <= MAX_PLACE_POINTS:
        raise BadInput(f"Give points for 1 to {MAX_PLACE_POINTS} places", "place_points")
    breaks = merged["tie_breaks"]
    if (
        not isinstance(breaks, list)
        or any(not isinstance(t, str) or t not in set(TieBreak) for t in breaks)
        or len(set(breaks)) != len(breaks)
    ):
        raise BadInput('Give each tie-break once, of "wins", "best" and "attended"', "tie_breaks")
    best = merged["best_of"]
    try:
        return LadderRules(
            scoring=Scoring(merged["scoring"]),
            place_points=tuple(whole("place_points", 0, MAX_RULE_NUMBER)(p) for p in points),
            best_of=None if best is None else whole("best_of", 1, MAX_RULE_NUMBER)(best),
            minimum=whole("minimum", 0, MAX_RULE_NUMBER)(merged["minimum"]),
            tie_breaks=tuple(TieBreak(t) for t in breaks),
        )
    except LadderError as err:
        raise BadInput(ladder_refusal(err), err.field) from None


@bp.route("/clubs/<string(minlength=8):club_id>", methods=["PATCH"])
def change_club(club_id: str) -> Response:
    club = _club(club_id)
    _may_write(club)
    data = read_body()
    change = read_model(ClubChange, data)
    rules = _rules(club, change.ladder_rules) if "ladder_rules" in data else None
    try:
        store.update(club, name=change.name, currency=change.currency, rules=rules)
    except store.ClubError as err:
        raise BadInput(ladder_words(err), err.field) from None
    return jsonify(club_json(club))


@bp.route("/clubs/<club_id>/members/<int:number>", methods=["PATCH"])
def change_club_member(club_id: str, number: int) -> Response:
    club = _club(club_id)
    _may_write(club)
    data = read_body(tuple(ClubMemberChange.model_fields))
    found = store.member(club, number)
    if found is None:
        raise BadInput("There is no member with that club number", "number", 404)
    change = read_model(ClubMemberChange, data)
    try:
        if change.name is not None:
            store.rename_member(club, number, change.name)
        if change.active is not None:
            store.set_active(club, number, change.active)
        if change.merged_into is not None:
            store.merge_member(club, number, change.merged_into)
    except store.ClubError as err:
        raise BadInput(ladder_words(err), err.field) from None
    return jsonify(member_json(found))


@bp.route("/clubs/<club_id>/export.json", methods=["GET"])
def export_club(club_id: str) -> Response:
    """The whole club, with its director's token: members, evenings with their logs, ladder rules, pots."""
    club = _club(club_id)
    _may_write(club)
    response = make_response(club_exports.export_club(club))
    response.mimetype = "application/json"
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.route("/clubs/import", methods=["POST"])
@bodies.takes_up_to(club_exports.IMPORT_MAX_BYTES)
def import_club() -> Response:
    """A new club from a club's export, with links of its own; a resend with the same Idempotency-Key answers 200."""
    key = idempotency_key()
    check_size(club_exports.IMPORT_MAX_BYTES)
    exported = read_body()
    try:
        made = club_exports.import_club(exported, key, request.get_data())
    except store.ClubError as err:
        raise BadInput(ladder_words(err), err.field) from None
    club = made.what
    body = {"id": club.id, "edit_token": club.edit_token, "links": _links(club), "club": club_json(club)}
    response = make_response(jsonify(body), 201 if made.first else 200)
    response.headers["Location"] = answer_link("api.get_club", club_id=club.id)
    response.headers["Cache-Control"] = "no-store"
    return response
