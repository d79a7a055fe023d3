"""The tables part of the JSON API: a group's roster, its games, their statistics and ratings, export and import.

A table is private to its links: every request names the table's edit token (to
change it) or view token (to read it) as ``Authorization: Bearer <token>``.

Each route declares its path, query, body and answers as the models below: they read the request, write the answer
and give the document its part.
"""

from __future__ import annotations

from datetime import UTC, date
from fractions import Fraction
from typing import Annotated, Any, Self

from flask import Response, make_response, request
from flask_openapi3.types import ResponseDict
from pydantic import ConfigDict, Field

from scorekeeper.api import shapes
from scorekeeper.api.base import BadInput, bp, door, input_error, made_at, page_link, reply, routes
from scorekeeper.api.schema import NOT_AN_OBJECT, Answer, AnswerPart, Asked, Name, Part, Read, enum, error_body, read_as
from scorekeeper.platform import bodies
from scorekeeper.stats import BID_ORDER, Figures, PersonFigures
from scorekeeper.store import games as game_store
from scorekeeper.store import ratings
from scorekeeper.store import tables as store
from scorekeeper.store.models import Table as TableRow
from scorekeeper.store.models import TablePerson
from scorekeeper.words import api as said
from scorekeeper.words import refusal

MAX_PLAYERS_GIVEN = 64
SECURITY_SCHEMES = {
    "tableToken": shapes.bearer("The table's edit_token (reads and changes) or view_token (reads only).")
}


def private(response: Response) -> Response:
    """*response*, a read of a table, which is for its token's holder only: kept by no shared cache, and asked again
    each time."""
    response.headers["Cache-Control"] = "private, no-cache"
    return response


# -- What a request sends -----------------------------------------------------------------------------


def _players(value: Any) -> list[Any]:
    if not isinstance(value, list) or len(value) > MAX_PLAYERS_GIVEN:
        raise BadInput(said.table_players(), "players")
    return value


_PERSON_REF = Annotated[str, Field(json_schema_extra={"pattern": "^p[1-9][0-9]{0,5}$"})]
_ROSTER_NAME = read_as(Name)


class TablePath(Asked):
    table_id: str = Field(description="The table's id, as returned when it was created (anything else is 404).")


class PersonPath(TablePath):
    person_id: str = Field(description="A roster entry's id: `p1`, `p2`...")


class DeleteQuery(Asked):
    games: Annotated[Any, read_as(Annotated[str, enum(["true", "false"])])] = None
    """`true` deletes the table's games too."""


_DAY = Annotated[Any, read_as(Annotated[str, Field(json_schema_extra={"format": "date"})])]


class Season(Asked):
    from_: _DAY = Field(None, alias="from")
    to: _DAY = None


class NewTable(Read):
    name: Annotated[Any, _ROSTER_NAME]
    players: Annotated[list[Any], read_as(Annotated[list[Name], Field(max_length=MAX_PLAYERS_GIVEN)], _players)] = []


class PersonInput(Read):
    name: Annotated[Any, _ROSTER_NAME]


class MergeInput(Read):
    into: Annotated[Any, read_as(_PERSON_REF), Field(description="The roster entry that stays.")]


class AddGameInput(Read):
    game: Annotated[Any, read_as(str)]
    token: Annotated[Any, read_as(str)]


class _ExportPerson(Part):
    id: _PERSON_REF
    name: Name


class _ExportGame(Part):
    model_config = ConfigDict(json_schema_extra={"required": ["sides"]})


class TableExport(Read):
    format: Annotated[Any, read_as(Annotated[str, enum([store.EXPORT_FORMAT])])]
    version: Annotated[Any, read_as(Annotated[int, enum([store.EXPORT_VERSION])])] = None
    name: Annotated[Any, _ROSTER_NAME]
    players: Annotated[Any, read_as(list[_ExportPerson])] = None
    games: Annotated[
        Any,
        read_as(list[_ExportGame]),
        Field(
            description="Each game as `GET /api/v1/tables/{id}/export.json` gives it: rules, sides, "
            "first_dealer, start_scores, started, finished_at, every hand as entered, and `people` (the "
            "roster ids on each side)."
        ),
    ]


# -- What the routes answer ---------------------------------------------------------------------------


class RosterEntry(AnswerPart):
    id: str
    name: str


class TableSide(AnswerPart):
    name: str
    players: list[str]


class TableGame(AnswerPart):
    id: str
    started: str = Field(json_schema_extra={"format": "date-time"})
    rules: str = Field(description="The preset, or `custom`.")
    sides: list[TableSide]
    scores: list[int]
    winner: int | None
    finished: bool
    hands: int = 0


class Table(Answer):
    """The table: its roster, and its games newest first."""

    id: str
    name: str
    version: int = 0
    players: list[RosterEntry]
    games: list[TableGame] = Field(description="Newest first.")

    @classmethod
    def of(cls, table: TableRow) -> Table:
        games = [
            TableGame(
                **shapes.picked(row, "rules", "scores", "winner", "finished", "hands"),
                id=row.game_id,
                started=row.played.astimezone(UTC).isoformat().replace("+00:00", "Z"),
                sides=[TableSide(name=name, players=[f"p{n}" for n in people]) for name, people in row.sides],
            )
            for row in store.history(table)
        ]
        players = [RosterEntry(id=p.public_id, name=p.name) for p in table.people]
        return cls(id=table.id, name=table.name, version=table.version, players=players, games=games)


class TableLinks(AnswerPart):
    edit: str | None = Field(json_schema_extra={"format": "uri-reference"})
    view: str | None = Field(json_schema_extra={"format": "uri-reference"})


class CreatedTable(Answer):
    id: str
    edit_token: str = Field(description="Send as `Authorization: Bearer` to change the table.")
    view_token: str = Field(description="Reads the table; it can never change it.")
    links: TableLinks
    state: Table


class TableAnswer(Answer):
    state: Table


class AddedPlayer(Answer):
    player: str
    state: Table


class KeptGame(AnswerPart):
    id: str
    why: str = enum(["view-only", "card-party"])


class DeletedTable(Answer):
    """Deleted; some of its games stayed (their ids, and why)."""

    deleted_games: list[str]
    kept_games: list[KeptGame]


class BidCount(AnswerPart):
    bid: int
    made: int


_RATE = float | None


class Counts(AnswerPart):
    games: int
    won: int
    win_rate: _RATE
    hands: int = Field(description="Hands played (the side not benched).")
    hands_bid: int = Field(description="Hands the side bid, bagged ones included.")
    bids_made: int
    bids_set: int = Field(description="bids_made + bids_set = hands_bid.")
    by_bid: dict[str, BidCount] = Field(
        description="Per bid, keyed as the bid is written (" + ", ".join(f"`{label}`" for label in BID_ORDER) + ")."
    )
    average_bid: _RATE = Field(description="What the bids needed, on average (a 30 for 60 counts 30).")
    points: int = Field(description="Sum of the side's score changes.")
    points_per_hand: _RATE
    sets_inflicted: int = Field(description="Hands another side bid and was set, this side defending.")
    bagged: int = Field(description="Hands bid because the side was bagged.")
    out_as_bidder: int = Field(description="Games won by bidding and making it at the target.")
    won_from_green: int | None = Field(
        description="Games won having stood on the green at some moment before the winning hand, the start scores "
        "included; only games played with the green count, and null (not applicable) without any."
    )

    @classmethod
    def of(cls, f: Figures, **who: Any) -> Self:
        """The figures *f*, for the player or the pair *who* names."""
        counts = f.counts()
        return cls(
            **{name: counts[name] for name in _ADDED_UP},
            win_rate=_rate(f.win_rate),
            by_bid={label: BidCount(bid=b, made=m) for label, b, m in f.bids()},
            average_bid=_rate(f.average_bid),
            points_per_hand=_rate(f.points_per_hand),
            won_from_green=f.from_green,
            **who,
        )


# The counts written as the figures add them up.
_ADDED_UP = "games won hands hands_bid bids_made bids_set points sets_inflicted bagged out_as_bidder".split()


def _rate(value: Fraction | None) -> float | None:
    return None if value is None else round(float(value), 4)


class PersonCounts(Counts):
    player: str
    name: str
    longest_streak: int = 0
    current_streak: int = 0
    best_partner: str | None = None


class PairCounts(Counts):
    players: list[str]


class HeadToHead(AnswerPart):
    pair: list[str]
    against: list[str]
    games: int
    won: int
    lost: int


class TableStats(Answer):
    model_config = ConfigDict(serialize_by_alias=True)

    from_: str | None = Field(None, alias="from", json_schema_extra={"format": "date"})
    to: str | None = Field(None, json_schema_extra={"format": "date"})
    games: int = 0
    players: list[PersonCounts]
    pairs: list[PairCounts]
    head_to_head: list[HeadToHead] = []


class RatedPlayer(shapes.Rated):
    player: str = Field(description="The roster id: `p1`, `p2`...")


class TableRatings(Answer):
    """The ratings."""

    players: list[RatedPlayer] = Field(description=shapes.BEST_FIRST)


# -- The table a request names ------------------------------------------------------------------------


@bp.errorhandler(store.TableError)
def _table_refused(exc: store.TableError) -> Response:
    """A change the table cannot take, refused in the store's words (the views' other refusals are BadInput)."""
    return input_error(refusal(exc), exc.field, exc.status)


# The table named, if the request's token opens it (for changing it, the edit token).
table_for = shapes.Door(
    store.load_table,
    store.access,
    lambda: BadInput(said.no_table(), "id", 404),
    said.table_token_needed,
    said.not_table_token,
    said.table_view_token,
    token_first=True,
)
_editor = table_for.opens("table", "table_id")


def _day(name: str) -> date | None:
    given = request.args.getlist(name)
    if not given:
        return None
    if len(given) > 1 or len(given[0]) != 10:
        raise BadInput(said.iso_date(name, once=True), name, 400)
    try:
        return date.fromisoformat(given[0])
    except ValueError:
        raise BadInput(said.iso_date(name, once=False), name, 400) from None


def _person_or_404(table: TableRow, person_id: str) -> TablePerson:
    found = store.person(table, person_id)
    if found is None:
        # 422, not 404: the table is there, the request names someone it does not hold.
        raise BadInput(said.not_on_roster(), "player", 422)
    return found


# -- Routes ---------------------------------------------------------------------------------------------

# A table's routes, each with its token but the two that make a table.
_TOKEN: list[dict[str, list[str]]] = [{"tableToken": []}]
_get, _delete = routes("tables", "get", "delete", security=_TOKEN)
# A change of the table's roster or games, behind the door that checks its edit token.
_post, _put = routes("tables", "post", "put", check=_editor, security=_TOKEN)
[_make] = routes("tables", "post")
_REFUSED = "The change cannot be made (`field` names what to fix), or nobody of that id is on the roster."
_BODY_ERRORS: ResponseDict = {400: NOT_AN_OBJECT, 422: error_body(_REFUSED)}


def auth(write: bool) -> ResponseDict:
    """The refusals of a request without the table's token (for a change, its edit token), or of a table not there."""
    return shapes.locked("table", error_body("No `Authorization: Bearer <token>` header."), either=not write)


def _change(answers: ResponseDict) -> ResponseDict:
    """The answers to a change of a table's roster or games with its edit token."""
    return shapes.changes(auth(True), _REFUSED, answers)


def _created(table: TableRow, status: int = 201) -> Response:
    links = TableLinks(
        edit=page_link("tables.table", table_id=table.id, token=table.edit_token),
        view=page_link("tables.table", table_id=table.id, token=table.view_token),
    )
    created = CreatedTable(**shapes.picked(table, "id", "edit_token", "view_token"), links=links, state=Table.of(table))
    return made_at(reply(created, status), "api.tables_read", table_id=table.id)


@_make(
    "/tables",
    operation_id="createTable",
    responses={201: CreatedTable, **_BODY_ERRORS},
)
@door()
def create_table(body: NewTable) -> Response:
    """Keep a table: a group that plays together, with its roster"""
    return _created(store.create_table(body.name, body.players))


def _import_checks(values: dict[str, Any]) -> dict[str, Any] | Response:
    """An import's key (422) and size (413) checked before its body is read, and a resend answered at once."""
    key = shapes.import_checks(store.IMPORT_MAX_BYTES)
    made_before = store.made_before(key, request.get_data())
    return {"key": key} if made_before is None else _created(made_before, 200)


_MB = store.IMPORT_MAX_BYTES // 2**20


@_make(
    "/tables/import",
    operation_id="importTable",
    description="A new table with the same roster, games, hands, scores and statistics. The whole document is read "
    "and every game replayed through the rules engine before anything is written: a game that cannot be read or "
    "replayed, a date out of range (a game is played between 1950 and today), hands not numbered 1, 2, 3… in order, "
    "or `scores` and `winner` that are not what the hands make refuse the whole import (422, `field` names the "
    f"part), and nothing is stored. Caps: {_MB} MB of JSON (413 past it), {store.MAX_GAMES} games and {store.IMPORT_MAX_HANDS} "
    "hands in all (422 past them).",
    responses={
        201: CreatedTable,
        200: CreatedTable,
        **_BODY_ERRORS,
        413: error_body(f"The body is larger than {_MB} MB; nothing is stored."),
    },
)
@door(_import_checks)
@bodies.takes_up_to(store.IMPORT_MAX_BYTES)
def import_table(header: shapes.KeyHeader, body: TableExport, key: str | None) -> Response:
    """Bring back a table from its export"""
    made = store.import_table(request.get_json(), key, request.get_data())
    return _created(made.what, 201 if made.first else 200)


@_get(
    "/tables/<string(minlength=8):table_id>",
    operation_id="getTable",
    description="Private to the table's links: send its edit or view token.",
    responses={200: Table, **auth(False)},
)
def tables_read(path: TablePath) -> Response:
    """A table's roster and games, newest first"""
    return private(reply(Table.of(table_for(path.table_id, edit=False))))


@_get(
    "/tables/<string(minlength=8):table_id>/stats",
    operation_id="getTableStats",
    description="Counted from the rules engine's replay of each game, kept per game version. `from` and `to` (ISO "
    "dates, both included) make a season; left out, every game counts.",
    responses={
        200: TableStats,
        400: error_body("`from` or `to` is not an ISO date."),
        422: error_body("`from` is after `to`."),
        **auth(False),
    },
)
def tables_stats(path: TablePath, query: Season) -> Response:
    """Statistics per player, per pair and pair against pair"""
    since, until = _day("from"), _day("to")
    if since and until and since > until:
        raise BadInput(said.season_backwards(), "from", 422)
    table = table_for(path.table_id, edit=False)
    stats = store.season_stats(table, since, until)[1]
    names = {p.public_id: p.name for p in table.people}
    answer = TableStats(
        **{"from": since.isoformat() if since else None},
        to=until.isoformat() if until else None,
        games=stats.games,
        players=[_person(pid, names.get(pid, pid), f) for pid, f in stats.people.items()],
        pairs=[PairCounts.of(f, players=list(pair)) for pair, f in stats.pairs.items()],
        head_to_head=[HeadToHead.model_validate(h, from_attributes=True) for h in stats.head_to_head],
    )
    return private(reply(answer))


def _person(pid: str, name: str, f: PersonFigures) -> PersonCounts:
    best = f.best_partner
    return PersonCounts.of(
        f,
        player=pid,
        name=name,
        longest_streak=f.longest_streak,
        current_streak=f.current_streak,
        best_partner=None if best is None else next((p for p in best if p != pid), None),
    )


@_get(
    "/tables/<string(minlength=8):table_id>/export.json",
    operation_id="exportTable",
    responses={
        200: {
            "description": "The export.",
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/TableExport"}}},
        },
        **auth(False),
    },
)
def tables_export(path: TablePath) -> Response:
    """Every game of the table with every hand as recorded"""
    return shapes.exported(store.export_table(table_for(path.table_id, edit=False)))


@_post(
    "/tables/<string(minlength=8):table_id>/players",
    operation_id="addTablePlayer",
    description="A name already on the roster (whatever its case) is that entry.",
    responses=_change({201: AddedPlayer}),
)
def tables_add_player(path: TablePath, body: PersonInput, table: TableRow) -> Response:
    """Add someone to the roster"""
    person = store.add_people(table, [body.name])[0]
    return reply(AddedPlayer(player=person.public_id, state=Table.of(table)), 201)


@_put(
    "/tables/<string(minlength=8):table_id>/players/<person_id>",
    operation_id="renameTablePlayer",
    description="A name another entry has is refused (422): merge the two instead.",
    responses=_change({200: TableAnswer}),
)
def tables_rename_player(path: PersonPath, body: PersonInput, table: TableRow) -> Response:
    """Rename someone of the roster; every statistic follows"""
    store.rename(table, _person_or_404(table, path.person_id), body.name)
    return reply(TableAnswer(state=Table.of(table)))


@_post(
    "/tables/<string(minlength=8):table_id>/players/<person_id>/merge",
    operation_id="mergeTablePlayers",
    description="The entry's games become `into`'s and it leaves the roster. Two entries that sat in the same game are "
    "two people: refused (422). Merges of one table are made one after the other: of two crossing merges sent at "
    "once (p1 into p5, p5 into p1), the second finds its entry gone and is refused (409), so one person stays. The "
    "table's page can undo a merge.",
    responses=_change({200: TableAnswer, 409: error_body("An entry of the two was merged meanwhile.")}),
)
def tables_merge_players(path: PersonPath, body: MergeInput, table: TableRow) -> Response:
    """Merge a roster entry into another: the same person typed twice"""
    gone = _person_or_404(table, path.person_id)
    into = store.person(table, body.into)
    if into is None:
        raise BadInput(said.give_into(), "into")
    store.merge(table, gone, into)
    return reply(TableAnswer(state=Table.of(table)))


@_post(
    "/tables/<string(minlength=8):table_id>/games",
    operation_id="addTableGame",
    description="The game's id and its edit token: a view token only shows the game, and is refused (403), since a "
    "table may later be deleted with its games. Its players join the roster by name. To start a new game of the "
    "table, `POST /api/v1/games` with `table`.",
    responses=_change({201: TableAnswer, 409: error_body("The game is in the table already.")}),
)
def tables_add_game(path: TablePath, body: AddGameInput, table: TableRow) -> Response:
    """Add a game played before the table existed"""
    game = game_store.load_game(body.game) if isinstance(body.game, str) else None
    found = game_store.Access.NONE if game is None else game_store.access(game, body.token)
    if found is game_store.Access.VIEW:
        raise BadInput(said.game_view_token(), "token", 403)
    if game is None or found is not game_store.Access.EDIT:
        raise BadInput(said.give_game(), "game")
    store.add_game(table, game)
    return reply(TableAnswer(state=Table.of(table)), 201)


@_delete(
    "/tables/<string(minlength=8):table_id>",
    operation_id="deleteTable",
    description="Its games' score sheets stay, each reachable by its own links, unless `games=true`. Even then, only "
    "the games whose edit rights the table holds are deleted (started from it, kept, imported, or added with their "
    "edit token); a game added with its view token before that was asked for, or a card party's sheet, stays: the "
    "answer is then 200 and names them.",
    responses={
        204: {"description": "Deleted, and every game asked for with it."},
        200: DeletedTable,
        400: error_body("`games` is neither true nor false."),
        **auth(True),
    },
)
def tables_delete(path: TablePath, query: DeleteQuery) -> Response:
    """Delete a table and its roster"""
    table = table_for(path.table_id, edit=True)
    given = request.args.get("games", "false")
    if given not in ("true", "false"):
        raise BadInput(said.games_true_or_false(), "games", 400)
    done = store.delete_table(table, with_games=given == "true")
    if not done.kept:
        return make_response("", 204)
    # Some games were to go and stay: say which, and why.
    kept = [KeptGame(id=game_id, why=str(why)) for game_id, why in done.kept]
    return reply(DeletedTable(deleted_games=list(done.games), kept_games=kept))


@_get(
    "/tables/<string(minlength=8):table_id>/ratings",
    operation_id="getTableRatings",
    description=shapes.RATINGS
    + " Games are taken in the order they were played; a corrected game rates again from itself on.",
    responses={200: TableRatings, **auth(write=False)},
)
def tables_ratings(path: TablePath) -> Response:
    """The ratings of a table's people, from all its finished games"""
    table = table_for(path.table_id, edit=False)
    book = ratings.table_ratings(table)
    names = {p.public_id: p.name for p in table.people}
    players = [RatedPlayer.of(names.get(pid, pid), skill, player=pid) for pid, skill in book.ordered()]
    return private(reply(TableRatings(players=players)))
