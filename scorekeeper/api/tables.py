"""The tables part of the JSON API: a group's roster, its games, their statistics, export and import.

A table is private to its links: every request names the table's edit token (to
change it) or view token (to read it) as ``Authorization: Bearer <token>``.
"""

from __future__ import annotations

from datetime import UTC, date
from fractions import Fraction
from typing import Any

from flask import Response, jsonify, make_response, request

from scorekeeper.api.base import (
    BadInput,
    bearer_token,
    bp,
    check_size,
    idempotency_key,
    input_error,
    page_link,
    read_body,
    read_model,
)
from scorekeeper.api.spec_tables import AddGameInput, MergeInput, NewTable, PersonInput, TableExport
from scorekeeper.platform import bodies
from scorekeeper.platform.i18n import gettext as _
from scorekeeper.platform.links import answer_link
from scorekeeper.stats import Figures, PersonFigures
from scorekeeper.store import games as game_store
from scorekeeper.store import tables as store
from scorekeeper.store.models import Table, TablePerson
from scorekeeper.words import refusal


@bp.errorhandler(store.TableError)
def _table_refused(exc: store.TableError) -> Response:
    """A change the table cannot take, refused in the store's words (the views' other refusals are BadInput)."""
    return input_error(refusal(exc), exc.field, exc.status)


def table_for(table_id: str, *, edit: bool) -> Table:
    """The table named, if the request's token opens it (for changing it, the edit token)."""
    token = bearer_token()
    if token is None:
        raise BadInput(
            _("A table is read and changed with its token: Authorization: Bearer <token>"), "authorization", 401
        )
    table = store.load_table(table_id)
    if table is None:
        raise BadInput(_("There is no table with that id"), "id", 404)
    found = store.access(table, token)
    if found is game_store.Access.NONE:
        raise BadInput(_("That token does not belong to this table"), "authorization", 403)
    if edit and found is not game_store.Access.EDIT:
        raise BadInput(
            _("That is the token of the link that only shows the table; it cannot change it"), "authorization", 403
        )
    return table


def _links(table: Table) -> dict[str, str | None]:
    return {
        "edit": page_link("tables.table", table_id=table.id, token=table.edit_token),
        "view": page_link("tables.table", table_id=table.id, token=table.view_token),
    }


def table_json(table: Table) -> dict[str, Any]:
    """The documented ``<table>``: roster and games, newest first."""
    return {
        "id": table.id,
        "name": table.name,
        "version": table.version,
        "players": [{"id": p.public_id, "name": p.name} for p in table.people],
        "games": [
            {
                "id": row.game_id,
                "started": row.played.astimezone(UTC).isoformat().replace("+00:00", "Z"),
                "rules": row.rules,
                "sides": [{"name": name, "players": [f"p{n}" for n in people]} for name, people in row.sides],
                "scores": list(row.scores),
                "winner": row.winner,
                "finished": row.finished,
                "hands": row.hands,
            }
            for row in store.history(table)
        ],
    }


def _rate(value: Fraction | None) -> float | None:
    return None if value is None else round(float(value), 4)


def _figures(f: Figures) -> dict[str, Any]:
    counts = f.counts()
    return {
        "games": counts["games"],
        "won": counts["won"],
        "win_rate": _rate(f.win_rate),
        "hands": counts["hands"],
        "hands_bid": counts["hands_bid"],
        "bids_made": counts["bids_made"],
        "bids_set": counts["bids_set"],
        "by_bid": {label: {"bid": b, "made": m} for label, b, m in f.bids()},
        "average_bid": _rate(f.average_bid),
        "points": counts["points"],
        "points_per_hand": _rate(f.points_per_hand),
        "sets_inflicted": counts["sets_inflicted"],
        "bagged": counts["bagged"],
        "out_as_bidder": counts["out_as_bidder"],
        "won_from_green": f.from_green,
    }


def _person(pid: str, name: str, f: PersonFigures) -> dict[str, Any]:
    return {
        "player": pid,
        "name": name,
        **_figures(f),
        "longest_streak": f.longest_streak,
        "current_streak": f.current_streak,
        "best_partner": None if f.best_partner is None else next((p for p in f.best_partner if p != pid), None),
    }


def _day(name: str) -> date | None:
    given = request.args.getlist(name)
    if not given:
        return None
    if len(given) > 1 or len(given[0]) != 10:
        raise BadInput(_("Give %(name)s once, as an ISO date (2026-01-31)", name=name), name, 400)
    try:
        return date.fromisoformat(given[0])
    except ValueError:
        raise BadInput(_("Give %(name)s as an ISO date (2026-01-31)", name=name), name, 400) from None


@bp.route("/tables", methods=["POST"])
def create_table() -> Response:
    """Start a table with its roster."""
    new = read_model(NewTable)
    table = store.create_table(new.name, new.players)
    return _created(table)


def _created(table: Table, status: int = 201) -> Response:
    body = {
        "id": table.id,
        "edit_token": table.edit_token,
        "view_token": table.view_token,
        "links": _links(table),
        "state": table_json(table),
    }
    response = make_response(jsonify(body), status)
    response.headers["Location"] = answer_link("api.tables_read", table_id=table.id)
    response.headers["Cache-Control"] = "no-store"
    return response


def _private(body: dict[str, Any]) -> Response:
    """A read of the table: for its token's holder only, checked again each time."""
    response = jsonify(body)
    response.headers["Cache-Control"] = "private, no-cache"
    return response


def _state(table: Table, status: int = 200) -> Response:
    """The answer to a change: the table after it."""
    return make_response(jsonify({"state": table_json(table)}), status)


@bp.route("/tables/<string(minlength=8):table_id>", methods=["GET"])
def tables_read(table_id: str) -> Response:
    table = table_for(table_id, edit=False)
    return _private(table_json(table))


@bp.route("/tables/<string(minlength=8):table_id>/stats", methods=["GET"])
def tables_stats(table_id: str) -> Response:
    """The statistics of the table's games between ``from`` and ``to`` (ISO dates, both optional)."""
    since, until = _day("from"), _day("to")
    if since and until and since > until:
        raise BadInput(_("The season ends before it starts: from must not be after to"), "from", 422)
    table = table_for(table_id, edit=False)
    stats = store.season_stats(table, since, until)[1]
    names = {p.public_id: p.name for p in table.people}
    body = {
        "from": since.isoformat() if since else None,
        "to": until.isoformat() if until else None,
        "games": stats.games,
        "players": [_person(pid, names.get(pid, pid), f) for pid, f in stats.people.items()],
        "pairs": [{"players": list(pair), **_figures(f)} for pair, f in stats.pairs.items()],
        "head_to_head": [
            {"pair": list(h.pair), "against": list(h.against), "games": h.games, "won": h.won, "lost": h.lost}
            for h in stats.head_to_head
        ],
    }
    return _private(body)


@bp.route("/tables/<string(minlength=8):table_id>/export.json", methods=["GET"])
def tables_export(table_id: str) -> Response:
    table = table_for(table_id, edit=False)
    response = make_response(store.export_table(table))
    response.mimetype = "application/json"
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.route("/tables/import", methods=["POST"])
@bodies.takes_up_to(store.IMPORT_MAX_BYTES)
def import_table() -> Response:
    """A new table from an export: the same roster, games, hands, scores and statistics.

    With an ``Idempotency-Key``, a resend answers 200 with the table the first send made.
    """
    key = idempotency_key()
    check_size(store.IMPORT_MAX_BYTES)
    made_before = store.made_before(key, request.get_data())
    if made_before is not None:
        return _created(made_before, 200)
    exported = read_body()
    read_model(TableExport, exported)
    made = store.import_table(exported, key, request.get_data())
    return _created(made.what, 201 if made.first else 200)


@bp.route("/tables/<string(minlength=8):table_id>/players", methods=["POST"])
def tables_add_player(table_id: str) -> Response:
    table = table_for(table_id, edit=True)
    person = store.add_people(table, [read_model(PersonInput).name])[0]
    return make_response(jsonify({"player": person.public_id, "state": table_json(table)}), 201)


def _person_or_404(table: Table, person_id: str) -> TablePerson:
    found = store.person(table, person_id)
    if found is None:
        # 422, not 404: the table is there, the request names someone it does not hold.
        raise BadInput(_("There is nobody of that id on this table's roster"), "player", 422)
    return found


@bp.route("/tables/<string(minlength=8):table_id>/players/<person_id>", methods=["PUT"])
def tables_rename_player(table_id: str, person_id: str) -> Response:
    table = table_for(table_id, edit=True)
    who = _person_or_404(table, person_id)
    store.rename(table, who, read_model(PersonInput).name)
    return _state(table)


@bp.route("/tables/<string(minlength=8):table_id>/players/<person_id>/merge", methods=["POST"])
def tables_merge_players(table_id: str, person_id: str) -> Response:
    """Merge a roster entry into another (the same person typed twice)."""
    table = table_for(table_id, edit=True)
    gone = _person_or_404(table, person_id)
    into = store.person(table, read_model(MergeInput).into)
    if into is None:
        raise BadInput(_("Give into, the id of the roster entry to keep (p1, p2...)"), "into")
    store.merge(table, gone, into)
    return _state(table)


@bp.route("/tables/<string(minlength=8):table_id>/games", methods=["POST"])
def tables_add_game(table_id: str) -> Response:
    """Add a game played before the table existed: its id and its edit token (a view token only shows it)."""
    table = table_for(table_id, edit=True)
    given = read_model(AddGameInput)
    game = game_store.load_game(given.game) if isinstance(given.game, str) else None
    found = game_store.Access.NONE if game is None else game_store.access(game, given.token)
    if found is game_store.Access.VIEW:
        raise BadInput(
            _("That is the game's view token: it only shows the game. Add it with its edit token"), "token", 403
        )
    if game is None or found is not game_store.Access.EDIT:
        raise BadInput(_("Give the id of a game and its edit token"), "game")
    store.add_game(table, game)
    return _state(table, 201)


@bp.route("/tables/<string(minlength=8):table_id>", methods=["DELETE"])
def tables_delete(table_id: str) -> Response:
    """Delete the table and its roster; its games too only with ``?games=true``."""
    table = table_for(table_id, edit=True)
    given = request.args.get("games", "false")
    if given not in ("true", "false"):
        raise BadInput(_("games is true or false"), "games", 400)
    done = store.delete_table(table, with_games=given == "true")
    if not done.kept:
        return make_response("", 204)
    # Some games were to go and stay: say which, and why.
    body = {
        "deleted_games": list(done.games),
        "kept_games": [{"id": game_id, "why": str(why)} for game_id, why in done.kept],
    }
    return make_response(jsonify(body), 200)
