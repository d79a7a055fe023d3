"""The ratings part of the JSON API: a table's people (with one of its tokens) and a club's members (public)."""

from __future__ import annotations

from typing import Any

from flask import Response
from flask_openapi3.models.tag import Tag
from pydantic import Field

from scorekeeper.api.base import bp, reply
from scorekeeper.api.clubs import BAD_SEASON, NO_CLUB, ClubPath, SeasonQuery, _club, _season_name
from scorekeeper.api.schema import Answer, AnswerPart
from scorekeeper.api.tables import TablePath, auth, private, table_for
from scorekeeper.stats.ratings import SETTLED_GAMES, Skill
from scorekeeper.store import parties as party_store
from scorekeeper.store import ratings as store

_ABOUT = (
    "A skill rating per person that knows partners (Weng–Lin, Plackett–Luce): partners are one team, the winner "
    "ranks first. `rating` is the conservative figure, max(0, round(1000 + 40 × (mu − 3 × sigma))): a newcomer "
    f"shows 1000. `settling` is true below {SETTLED_GAMES} rated games. Highest rating first."
)


class _Rated(AnswerPart):
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
            rating=skill.rating,
            settling=skill.settling,
            games=skill.games,
            mu=round(skill.mu, 1),
            sigma=round(skill.sigma, 1),
            **who,
        )


class RatedPlayer(_Rated):
    player: str = Field(description="The roster id: `p1`, `p2`...")


class RatedMember(_Rated):
    member: int = Field(ge=1, description="The club number.")


class TableRatings(Answer):
    """The ratings."""

    players: list[RatedPlayer] = Field(description="Highest rating first.")


class ClubRatings(Answer):
    """The ratings."""

    season: str
    players: list[RatedMember] = Field(description="Highest rating first.")


@bp.get(
    "/tables/<string(minlength=8):table_id>/ratings",
    operation_id="getTableRatings",
    description=_ABOUT + " Games are taken in the order they were played; a corrected game rates again from itself on.",
    tags=[Tag(name="tables")],
    security=[{"tableToken": []}],
    responses={
        200: TableRatings,
        **auth(write=False),
    },
)
def tables_ratings(path: TablePath) -> Response:
    """The ratings of a table's people, from all its finished games"""
    table = table_for(path.table_id, edit=False)
    book = store.table_ratings(table)
    names = {p.public_id: p.name for p in table.people}
    players = [RatedPlayer.of(names.get(pid, pid), skill, player=pid) for pid, skill in book.ordered()]
    return private(reply(TableRatings(players=players)))


@bp.get(
    "/clubs/<club_id>/ratings",
    operation_id="getClubRatings",
    description=_ABOUT + " Each table of each game is a match between two couples, the members in their chairs at "
    "that game.",
    tags=[Tag(name="clubs")],
    responses={
        200: ClubRatings,
        404: NO_CLUB,
        422: BAD_SEASON,
    },
)
def club_ratings(path: ClubPath, query: SeasonQuery) -> Response:
    """The ratings of a club's members, from every game of a season's evenings"""
    club = _club(path.club_id)
    season = _season_name(club)
    book = store.club_ratings(club, season, party_store.load)
    names = {m.number: m.name for m in club.members}
    players = [
        RatedMember.of(names.get(int(number), ""), skill, member=int(number)) for number, skill in book.ordered()
    ]
    return reply(ClubRatings(season=season, players=players))
