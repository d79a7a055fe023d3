"""The ratings part of the JSON API: a table's people (with one of its tokens) and a club's members (public)."""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify

from scorekeeper.api.base import bp
from scorekeeper.api.clubs import _club, _season_name
from scorekeeper.api.tables import _private, table_for
from scorekeeper.stats.ratings import Skill
from scorekeeper.store import parties as party_store
from scorekeeper.store import ratings as store


def _rated(name: str, skill: Skill) -> dict[str, Any]:
    return {
        "name": name,
        "rating": skill.rating,
        "settling": skill.settling,
        "games": skill.games,
        "mu": round(skill.mu, 1),
        "sigma": round(skill.sigma, 1),
    }


@bp.get("/tables/<string(minlength=8):table_id>/ratings")
def tables_ratings(table_id: str) -> Response:
    """The ratings of the table's people from all its finished games, highest first."""
    table = table_for(table_id, edit=False)
    book = store.table_ratings(table)
    names = {p.public_id: p.name for p in table.people}
    players = [{"player": pid, **_rated(names.get(pid, pid), skill)} for pid, skill in book.ordered()]
    return _private({"players": players})


@bp.get("/clubs/<club_id>/ratings")
def club_ratings(club_id: str) -> Response:
    """The ratings of the club's members from every game of the season's evenings, highest first."""
    club = _club(club_id)
    season = _season_name(club)
    book = store.club_ratings(club, season, party_store.load)
    names = {m.number: m.name for m in club.members}
    players = [{"member": int(number), **_rated(names.get(int(number), ""), skill)} for number, skill in book.ordered()]
    return jsonify({"season": season, "players": players})
