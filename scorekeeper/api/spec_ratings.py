"""The ratings part of the API's description: a table's and a club's ratings (merged into /api/v1/openapi.json)."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from scorekeeper.api.schema import Part, Schema, parameter
from scorekeeper.api.schema import error_body as _error
from scorekeeper.api.schema import json_body as _json
from scorekeeper.api.schema import ref as _ref
from scorekeeper.stats.ratings import SETTLED_GAMES

_ABOUT = (
    "A skill rating per person that knows partners (Weng–Lin, Plackett–Luce): partners are one team, the winner "
    "ranks first. `rating` is the conservative figure, max(0, round(1000 + 40 × (mu − 3 × sigma))): a newcomer "
    f"shows 1000. `settling` is true below {SETTLED_GAMES} rated games. Highest rating first."
)

PATHS: dict[str, Any] = {
    "/api/v1/tables/{table_id}/ratings": {
        "get": {
            "operationId": "getTableRatings",
            "summary": "The ratings of a table's people, from all its finished games",
            "description": _ABOUT + " Games are taken in the order they were played; a corrected game rates again "
            "from itself on.",
            "tags": ["tables"],
            "security": [{"tableToken": []}],
            "parameters": [
                parameter(
                    "table_id",
                    "path",
                    {"type": "string"},
                    "The table's id, as returned when it was created (anything else is 404).",
                )
            ],
            "responses": {
                "200": _json(_ref("TableRatings"), "The ratings."),
                "401": _error("No `Authorization: Bearer <token>` header."),
                "403": _error("The token is neither of this table's tokens."),
                "404": _error("No table with that id."),
            },
        }
    },
    "/api/v1/clubs/{club_id}/ratings": {
        "get": {
            "operationId": "getClubRatings",
            "summary": "The ratings of a club's members, from every game of a season's evenings",
            "description": _ABOUT + " Each table of each game is a match between two couples, the members in "
            "their chairs at that game.",
            "tags": ["clubs"],
            "parameters": [
                parameter(
                    "club_id",
                    "path",
                    {"type": "string"},
                    "The club's id, as returned when it was created (anything else is 404).",
                ),
                parameter(
                    "season",
                    "query",
                    {"type": "string", "minLength": 1, "maxLength": 32},
                    "The season, as named on its evenings (`2026-2027`: July to June); the latest one when left out.",
                ),
            ],
            "responses": {
                "200": _json(_ref("ClubRatings"), "The ratings."),
                "404": _error("No club with that id."),
                "422": _error("The season is not a season's name."),
            },
        }
    },
}


class _Rated(Part):
    name: str
    rating: int = Field(ge=0, description="The conservative figure shown to players.")
    settling: bool = Field(description=f"Fewer than {SETTLED_GAMES} rated games.")
    games: int = Field(ge=0, description="Games rated.")
    mu: float = Field(description="The model's mean, rounded to 0.1.")
    sigma: float = Field(description="The model's uncertainty, rounded to 0.1.")


class RatedPlayer(_Rated):
    player: str = Field(description="The roster id: `p1`, `p2`...")


class RatedMember(_Rated):
    member: int = Field(ge=1, description="The club number.")


class TableRatings(Schema):
    players: list[RatedPlayer] = Field(description="Highest rating first.")


class ClubRatings(Schema):
    season: str
    players: list[RatedMember] = Field(description="Highest rating first.")


MODELS = (TableRatings, ClubRatings)
