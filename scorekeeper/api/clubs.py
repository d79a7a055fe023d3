"""The clubs part of the JSON API: a club, its roster, its evenings, its season ladder and its members' ratings.

Writes need ``Authorization: Bearer <edit_token>`` (the club director's). Reading
a club, its roster, evenings and ladder needs only its id, like its public page.
An evening is an ordinary card party: once created here, it is run through the
card parties' endpoints with the party's own edit token.

Each route declares its path, query, body and answers as the models below: they read the request, write the answer
and give the document its part.
"""

from __future__ import annotations

import datetime
import typing
from collections.abc import Callable
from typing import Annotated, Any

from flask import Response, request
from flask_openapi3.types import ResponseDict
from pydantic import ConfigDict, Field, PlainValidator, ValidationInfo, model_validator
from pydantic.json_schema import SkipJsonSchema

from scorekeeper import words
from scorekeeper.api import shapes
from scorekeeper.api.base import BadInput, bearer_token, bp, door, input_error, made_at, reply, routes
from scorekeeper.api.parties import PartySettings, setup_of
from scorekeeper.api.schema import Answer, AnswerPart, Asked, Part, Read, Schema, enum, error_body, read_as
from scorekeeper.party import MAX_COUPLES, PartyError, Problem, ladder
from scorekeeper.platform import bodies
from scorekeeper.platform.links import answer_link
from scorekeeper.platform.numbers import NumberError, parse_int
from scorekeeper.store import club_exports, ratings
from scorekeeper.store import clubs as store
from scorekeeper.store import parties as party_store
from scorekeeper.store.clubs import CURRENCIES, MAX_SEASON
from scorekeeper.store.games import Access
from scorekeeper.store.models import Club as ClubRow
from scorekeeper.store.models import ClubMember as MemberRow
from scorekeeper.words import api as said
from scorekeeper.words import refusal as ladder_words
from scorekeeper.words.party import SENTENCES, ladder_refusal, problem

MAX_RULE_NUMBER = 1000
SECURITY_SCHEMES = {
    "clubEditToken": shapes.bearer(
        "The `edit_token` returned when the club was created (the director's link holds it too)."
    )
}

# -- Reading what a request gives ---------------------------------------------------------------------


def whole(field: str, lo: int, hi: int) -> Callable[[Any], int]:
    """The reader of a whole number from *lo* to *hi*, sent as a number (``parse_int``: 3.0 is read as 3)."""

    def read(value: Any) -> int:
        try:
            return parse_int(value if not isinstance(value, str) else None, lo=lo, hi=hi)
        except NumberError:
            raise BadInput(said.club_whole(field, lo, hi), field) from None

    return read


def _currency(value: Any) -> str:
    if value not in CURRENCIES:
        raise BadInput(said.club_currency(), "currency")
    return str(value)


def _season(value: Any) -> str | None:
    # The length as sent, as the published schema counts it (surrounding spaces included).
    if value is not None and (not isinstance(value, str) or len(value) > MAX_SEASON or not value.strip()):
        raise BadInput(said.season_name(given=True), "season")
    return value


def _couples(value: Any, info: ValidationInfo) -> list[tuple[int, ...]]:
    """Pairs of club numbers: two different members of the club's roster (the ``club`` of the reading's context)."""
    if not isinstance(value, list) or len(value) > MAX_COUPLES:
        raise BadInput(said.club_couples(pairs=True), "couples")
    numbers = []
    for pair in value:
        if not isinstance(pair, list) or len(pair) != 2:
            raise BadInput(said.club_couples(pairs=True), "couples")
        try:
            numbers.append(tuple(parse_int(n, lo=1, hi=10**6, what=words.club_number()) for n in pair))
        except NumberError as err:
            raise BadInput(str(err), "couples") from None
    club: ClubRow = (info.context or {})["club"]
    known = {m.number for m in club.members if m.merged_into is None}
    flat = [n for pair in numbers for n in pair]
    if len(set(flat)) != len(flat) or not set(flat) <= known or any(a == b for a, b in numbers):
        raise BadInput(said.club_couples(pairs=False), "couples")
    return numbers


# -- What a request sends -----------------------------------------------------------------------------

_CURRENCY = Annotated[str, enum(CURRENCIES)]
_SCORING = [str(way) for way in ladder.Scoring]
_TIE_BREAKS = [str(way) for way in ladder.TieBreak]


class ClubPath(Asked):
    club_id: str = Field(description="The club's id, as returned when it was created (anything else is 404).")


class MemberPath(ClubPath):
    number: int = Field(ge=1, description="The member's club number.")

    @model_validator(mode="after")
    def _on_the_roster(self, info: ValidationInfo) -> MemberPath:
        if store.member((info.context or {})["club"], self.number) is None:
            raise BadInput(said.no_member(), "number", 404)
        return self


class SeasonQuery(Asked):
    season: Annotated[Any, read_as(Annotated[str, Field(min_length=1, max_length=MAX_SEASON)])] = None
    """The season, as named on its evenings (`2026-2027`: July to June); the latest one when left out."""


class NewClub(Read):
    currency: Annotated[
        str, read_as(Annotated[str, enum(CURRENCIES, json_schema_extra={"default": "CAD"})], _currency)
    ] = "CAD"
    name: Annotated[str, shapes.named(said.club_name)]


class LadderRulesChange(Part):
    model_config = ConfigDict(extra="forbid")

    scoring: str = enum(_SCORING, default="")
    place_points: Annotated[
        list[Annotated[int, Field(ge=0, le=MAX_RULE_NUMBER)]], Field(min_length=1, max_length=ladder.MAX_PLACE_POINTS)
    ] = []
    """Points for first place, second place and so on."""
    best_of: Annotated[int, Field(ge=1, le=MAX_RULE_NUMBER)] | None = None
    """Only the best this many evenings count; null: all of them."""
    minimum: int = Field(0, ge=0, le=MAX_RULE_NUMBER, description="Evenings attended to be ranked.")
    tie_breaks: list[Annotated[str, enum(_TIE_BREAKS)]] = Field([], json_schema_extra={"uniqueItems": True})
    """In order: more games won in the season, the better best evening, more evenings attended."""


class ClubChange(Read):
    name: Annotated[str | None, shapes.named(said.club_name)] = None
    currency: Annotated[str | None, read_as(_CURRENCY, _currency)] = None
    # Read against the club's rules now: what is left out stays as it is.
    ladder_rules: Annotated[Any, read_as(LadderRulesChange)] = None


class ClubMemberChange(Read):
    name: Annotated[str | None, shapes.named(said.member_name)] = None
    active: Annotated[bool | None, read_as(bool, shapes.flag("active"))] = None
    merged_into: Annotated[
        int | None, read_as(Annotated[int, Field(ge=1, le=10**6)], whole("merged_into", 1, 10**6))
    ] = None


class NewClubMember(Read):
    name: Annotated[str, shapes.named(said.member_name)]


class _Dated(Read):
    date: Annotated[datetime.date | None, shapes.DATE] = None


class NewClubEvening(PartySettings, _Dated):
    # The evening's settings as a card party's, read after its date; its name is the club's when left out (a name
    # sent is text, as the document says: null is refused).
    name: Annotated[
        str | None,
        shapes.named(SENTENCES[Problem.PARTY_NAME_MISSING]),
        Field(description="The club's name when left out."),
    ] = None  # type: ignore[assignment]
    season: Annotated[str | None, read_as(Annotated[str, Field(min_length=1, max_length=MAX_SEASON)], _season)] = None
    couples: Annotated[
        list[tuple[int, ...]],
        PlainValidator(
            _couples,
            json_schema_input_type=Annotated[
                list[Annotated[list[Annotated[int, Field(ge=1)]], Field(min_length=2, max_length=2)]],
                Field(max_length=MAX_COUPLES),
            ],
        ),
        Field(description="Each couple as the club numbers of its two players."),
    ] = []
    start: Annotated[
        bool,
        read_as(Annotated[bool, Field(json_schema_extra={"default": False})], shapes.flag("start")),
        Field(description="Seat game 1 at once (two couples or more)."),
    ] = False


class ClubExport(Schema):
    """A club's export, as `GET …/export.json` gives it."""

    model_config = ConfigDict(extra="allow")


# -- What the routes answer ---------------------------------------------------------------------------


class LadderRules(AnswerPart):
    scoring: str = enum(_SCORING)
    place_points: list[Annotated[int, Field(ge=0)]]
    best_of: Annotated[int, Field(ge=1)] | None
    minimum: int = Field(ge=0)
    tie_breaks: list[Annotated[str, enum(_TIE_BREAKS)]]

    @classmethod
    def of(cls, rules: ladder.LadderRules) -> LadderRules:
        return cls.model_validate(store.settings_of(rules))


class ClubMember(Answer):
    number: int = Field(ge=1, description="The club number: the member's for good.")
    name: str
    active: bool
    merged_into: int | None = Field(description="The number whose evenings these count as.")

    @classmethod
    def of(cls, member: MemberRow) -> ClubMember:
        return cls.model_validate(member, from_attributes=True)


class ClubMembers(Answer):
    members: list[ClubMember]


class Club(Answer):
    id: str
    version: int
    name: str
    currency: str
    ladder_rules: LadderRules
    seasons: list[str]
    members: list[ClubMember]

    @classmethod
    def of(cls, club: ClubRow) -> Club:
        return cls(
            **shapes.picked(club, "id", "version", "name", "currency"),
            ladder_rules=LadderRules.of(store.rules_of(club.settings)),
            seasons=store.seasons(club.id),
            members=[ClubMember.of(m) for m in club.members],
        )


class ClubLinks(AnswerPart):
    director: str = ""
    public: str = ""
    board: str = ""


class CreatedClub(Answer):
    id: str
    edit_token: str = Field(description="Keep it: it is the director's link and token.")
    links: ClubLinks
    club: Club

    @classmethod
    def of(cls, club: ClubRow) -> CreatedClub:
        links = ClubLinks(
            director=answer_link("clubs.director", club_id=club.id, token=club.edit_token),
            public=answer_link("clubs.public", club_id=club.id),
            board=answer_link("clubs.board", club_id=club.id),
        )
        return cls(id=club.id, edit_token=club.edit_token, links=links, club=Club.of(club))


class EveningLinks(AnswerPart):
    desk: str = ""
    director: str = ""
    results: str = ""


class CreatedClubEvening(Answer):
    party_id: str
    edit_token: str = Field(description="The evening's director token (card parties).")
    links: EveningLinks


class Pots(AnswerPart):
    entry_fee: int = 0
    players: int = 0
    fees: int = 0
    prizes: list[int] = []
    cookie_jar: int = 0
    fifty_fifty: int = 0
    fifty_fifty_prize: int = 0
    jackpot_before: int = 0
    jackpot_added: int = 0
    jackpot_won: bool = False

    @classmethod
    def of(cls, tally: store.Tally) -> Pots:
        return cls(
            **shapes.picked(tally, "entry_fee", "players", "fees", "prizes", "cookie_jar"),
            fifty_fifty=tally.fifty_collected,
            fifty_fifty_prize=tally.fifty_prize,
            jackpot_before=tally.jackpot.before,
            jackpot_added=tally.jackpot.added,
            jackpot_won=tally.jackpot.won,
        )


class ClubEvening(AnswerPart):
    party_id: str
    name: str
    date: str | None
    season: str
    couples: int
    started: bool
    finished: bool
    wins: list[int]
    pots: Pots | SkipJsonSchema[None] = None
    """Amounts in cents, for the director's token only; `fifty_fifty_prize` is half of what was collected."""


class ClubEvenings(Answer):
    season: str
    currency: str
    evenings: list[ClubEvening]


class LadderLine(AnswerPart):
    position: int | None
    number: int
    name: str
    total: int
    counted: list[int] = []
    scores: list[int] = []
    evenings: int
    wins: int
    best: int = 0


class ClubLadder(Answer):
    season: str
    rules: LadderRules
    evenings: int
    lines: list[LadderLine]


class RatedMember(shapes.Rated):
    member: int = Field(ge=1, description="The club number.")


class ClubRatings(Answer):
    """The ratings."""

    season: str
    players: list[RatedMember] = Field(description=shapes.BEST_FIRST)


# -- The club a request names -------------------------------------------------------------------------


_CLUB = shapes.Door(
    store.get,
    lambda club, token: shapes.edit_token(token, club.edit_token),
    lambda: BadInput(said.no_club(), "id", 404),
    said.club_token_needed,
    said.club_token_refused,
)
_director = _CLUB.opens("club", "club_id")


def _director_asks(club: ClubRow) -> bool:
    """Whether the request carries the club's edit token (the director's): only then are money figures shown."""
    token = bearer_token()
    if token is not None and shapes.edit_token(token, club.edit_token) is Access.NONE:
        raise BadInput(said.club_director_token(), "authorization", 403)
    return token is not None


def _season_name(club: ClubRow) -> str:
    season = request.args.get("season")
    if season is not None and (not season or len(season) > store.MAX_SEASON):
        raise BadInput(said.season_name(given=False), "season")
    return season or store.current_season(club)


@bp.errorhandler(store.ClubError)
def _club_refused(exc: store.ClubError) -> Response:
    """A change the club cannot take, refused in its words (the views' other refusals are BadInput)."""
    return input_error(ladder_words(exc), exc.field, 422)


# -- Routes ---------------------------------------------------------------------------------------------

_WRITE: list[dict[str, list[str]]] = [{"clubEditToken": []}]
_get, _post = routes("clubs", "get", "post")
# A change of the club, behind the door that checks the director's token.
_change_post, _change_patch = routes("clubs", "post", "patch", check=_director, security=_WRITE)
NO_CLUB = shapes.missing("club")
BAD_SEASON = error_body("The season is not a season's name.")
_LOCKED = shapes.locked("club")


def _change(answers: ResponseDict, refused: str) -> ResponseDict:
    return shapes.changes(_LOCKED, refused, answers, object_only=False)


@_post(
    "/clubs",
    operation_id="createClub",
    responses={
        201: CreatedClub,
        422: error_body("No name, or a name the app does not take; `field` names it."),
    },
)
@door()
def create_club(body: NewClub) -> Response:
    """Start a club that runs card parties"""
    club = store.create(body.name, body.currency)
    return reply(CreatedClub.of(club), 201)


@_get(
    "/clubs/<string(minlength=8):club_id>",
    operation_id="getClub",
    responses={200: Club, 404: NO_CLUB},
)
def get_club(path: ClubPath) -> Response:
    """A club: its roster, its ladder's rules and its seasons"""
    return reply(Club.of(_CLUB.row(path.club_id)))


@_get(
    "/clubs/<club_id>/members",
    operation_id="getClubMembers",
    description="A club number is never given twice: a member renamed, marked inactive or merged into another keeps it.",
    responses={200: ClubMembers, 404: NO_CLUB},
)
def club_members(path: ClubPath) -> Response:
    """The club's roster, by club number"""
    return reply(ClubMembers(members=[ClubMember.of(m) for m in _CLUB.row(path.club_id).members]))


@_change_post(
    "/clubs/<club_id>/members",
    operation_id="addClubMember",
    responses=_change({201: ClubMember}, "No name, or a name the app does not take, or the roster is full."),
)
def add_club_member(club: ClubRow, path: ClubPath, body: NewClubMember) -> Response:
    """Add a member to the roster: the next club number is theirs"""
    return reply(ClubMember.of(store.add_member(club, body.name)), 201)


@_get(
    "/clubs/<club_id>/evenings",
    operation_id="getClubEvenings",
    security=[{}, *_WRITE],
    description="What the hall's notice board shows needs only the club's id. The money (`pots`: entry fees, prizes, "
    "the 50/50, the jackpot) is in the answer only with the director's token as `Authorization: Bearer "
    "<edit_token>`; another token is refused (403). The jackpot carries over from evening to evening of the season "
    "until it is won.",
    responses={
        200: ClubEvenings,
        403: error_body("A token that is not the club's director token."),
        404: NO_CLUB,
        422: BAD_SEASON,
    },
)
def club_evenings(path: ClubPath, query: SeasonQuery) -> Response:
    """The evenings of a season: couples, wins, and for the director the money (in cents)"""
    club = _CLUB.row(path.club_id)
    director = _director_asks(club)
    worked = store.season(club, _season_name(club))
    evenings = [
        ClubEvening(
            party_id=row.id,
            name=row.name,
            date=row.held_on.isoformat() if row.held_on else None,
            season=evening.season,
            couples=len(state.couples),
            started=state.started,
            finished=state.finished,
            wins=list(state.standings().wins),
            **({"pots": Pots.of(worked.tallies[row.id])} if director else {}),
        )
        for evening, row, state in worked.evenings
    ]
    response = reply(ClubEvenings(season=worked.season, currency=club.currency, evenings=evenings))
    if director:
        response.headers["Cache-Control"] = "private, no-store"
    return response


@_change_post(
    "/clubs/<club_id>/evenings",
    operation_id="createClubEvening",
    description="The evening is an ordinary card party, not started: run it with the card parties' endpoints and the "
    "`edit_token` answered here. Each couple is two club numbers.",
    responses=_change(
        {201: CreatedClubEvening}, "The evening cannot be run as described, or a couple is not two roster members."
    ),
)
def create_club_evening(club: ClubRow, path: ClubPath, body: NewClubEvening) -> Response:
    """Open a card party of the club, with couples of roster members"""
    # Left out, the evening takes the club's name.
    setup = setup_of(body.model_copy(update={"name": club.name if body.name is None else body.name}))
    numbers, start = body.couples, body.start
    if start and len(numbers) < 2:
        raise BadInput(said.evening_couples(), "couples")
    try:
        party = store.new_evening(club, setup, held_on=body.date, season=body.season)
        if numbers:
            store.register(club, party.id, numbers)
        if start:
            party_store.write(party.id, party_store.start_entries, source="api")
    except PartyError as err:
        raise BadInput(problem(err), err.field) from None
    links = EveningLinks(
        desk=answer_link("clubs.desk", club_id=club.id, token=club.edit_token, party_id=party.id),
        director=answer_link("parties.director", party_id=party.id, token=party.edit_token),
        results=answer_link("clubs.evening_sheet", club_id=club.id, party_id=party.id),
    )
    return reply(CreatedClubEvening(party_id=party.id, edit_token=party.edit_token, links=links), 201)


@_get(
    "/clubs/<club_id>/ladder",
    operation_id="getClubLadder",
    description="Worked out from the evenings' logs: a corrected result moves it. Members below the minimum "
    "attendance have a null `position` and come last.",
    responses={200: ClubLadder, 404: NO_CLUB, 422: BAD_SEASON},
)
def club_ladder(path: ClubPath, query: SeasonQuery) -> Response:
    """The season's ladder, by the club's rules"""
    club = _CLUB.row(path.club_id)
    worked = store.season(club, _season_name(club))
    # Validated at once from the engine's figures, not one model per line: the same answer, a third quicker to make.
    lines = [
        {
            **shapes.picked(line, "position", "total", "counted", "scores", "wins", "best"),
            "number": line.member,
            "name": worked.names.get(line.member, ""),
            "evenings": line.attended,
        }
        for line in worked.lines
    ]
    rules = LadderRules.of(worked.rules)
    return reply(
        ClubLadder.model_validate(dict(season=worked.season, rules=rules, evenings=len(worked.evenings), lines=lines))
    )


RULE_FIELDS = ("scoring", "place_points", "best_of", "minimum", "tie_breaks")


def _rules(club: ClubRow, value: object) -> ladder.LadderRules:
    if not isinstance(value, dict) or set(value) - set(RULE_FIELDS):
        raise BadInput(said.ladder_rules(", ".join(RULE_FIELDS)), "ladder_rules")
    now = store.settings_of(store.rules_of(club.settings))
    merged = {**now, **value}
    if not isinstance(merged["scoring"], str) or merged["scoring"] not in set(ladder.Scoring):
        raise BadInput(said.ladder_scoring(), "scoring")
    points = merged["place_points"]
    if not isinstance(points, list) or not 1 <= len(points) <= ladder.MAX_PLACE_POINTS:
        raise BadInput(said.ladder_points(ladder.MAX_PLACE_POINTS), "place_points")
    breaks = merged["tie_breaks"]
    if (
        not isinstance(breaks, list)
        or any(not isinstance(t, str) or t not in set(ladder.TieBreak) for t in breaks)
        or len(set(breaks)) != len(breaks)
    ):
        raise BadInput(said.ladder_tie_breaks(), "tie_breaks")
    best = merged["best_of"]
    try:
        return ladder.LadderRules(
            scoring=ladder.Scoring(merged["scoring"]),
            place_points=tuple(whole("place_points", 0, MAX_RULE_NUMBER)(p) for p in points),
            best_of=None if best is None else whole("best_of", 1, MAX_RULE_NUMBER)(best),
            minimum=whole("minimum", 0, MAX_RULE_NUMBER)(merged["minimum"]),
            tie_breaks=tuple(ladder.TieBreak(t) for t in breaks),
        )
    except ladder.LadderError as err:
        raise BadInput(ladder_refusal(err), err.field) from None


@_change_patch(
    "/clubs/<string(minlength=8):club_id>",
    operation_id="changeClub",
    description="`ladder_rules` may give some of the rules: the others stay as they are. The ladder is worked out "
    "again at once.",
    responses=_change({200: Club}, "A name or a rule the club cannot have; `field` names it."),
)
def change_club(club: ClubRow, path: ClubPath, body: ClubChange) -> Response:
    """Rename the club, change its currency or its ladder's rules"""
    rules = _rules(club, body.ladder_rules) if "ladder_rules" in body.model_fields_set else None
    store.update(club, name=body.name, currency=body.currency, rules=rules)
    return reply(Club.of(club))


@_change_patch(
    "/clubs/<club_id>/members/<int:number>",
    operation_id="changeClubMember",
    description="The club number stays the member's. A merged member's evenings count as the kept member's on the "
    "ladder. Merges of one club are made one after the other: of two crossing merges sent at once (1 into 5, 5 into "
    "1), the second is refused, so one member stays. The director's page can undo a merge.",
    responses=_change(
        {200: ClubMember, 404: error_body("No club with that id, or no member with that number.")},
        "A name the app does not take, a merge into the same or a merged member, or a merge of a member already merged.",
    ),
)
def change_club_member(club: ClubRow, path: MemberPath, body: ClubMemberChange) -> Response:
    """Rename a member, mark them active or inactive, or merge them into another number"""
    number = path.number
    if body.name is not None:
        store.rename_member(club, number, body.name)
    if body.active is not None:
        store.set_active(club, number, body.active)
    if body.merged_into is not None:
        store.merge_member(club, number, body.merged_into)
    return reply(ClubMember.of(typing.cast(MemberRow, store.member(club, number))))


@_get(
    "/clubs/<club_id>/export.json",
    operation_id="exportClub",
    security=_WRITE,
    description="With the director's (edit) token. `format` is `forty-fives-club`, `version` 1: the club's `name`, "
    "`currency` and `ladder_rules`; `members`, each with its club `number`, `name`, `active`, `merged_into` and "
    "`joined`; `evenings`, each with `name`, `held_on`, `season`, `settings`, `pots` (cents), `created`, its whole "
    "`log` as recorded (`n`, `kind`, `data`, `source`, `recorded_at`), its `chairs` (who sat in each couple, from "
    "which game) and the score `sheets` its tables kept (each as a table's export writes a game).",
    responses={
        200: {"description": "The club's export.", "content": {"application/json": {"schema": {"type": "object"}}}},
        **_LOCKED,
    },
)
def export_club(path: ClubPath) -> Response:
    """The whole club, to keep off the machine it is run on"""
    return shapes.exported(club_exports.export_club(_CLUB(path.club_id)))


_MB = club_exports.IMPORT_MAX_BYTES // 2**20


@_post(
    "/clubs/import",
    operation_id="importClub",
    description="A new club, with links of its own, holding the same members with their numbers, evenings with their "
    "logs, chairs, pots and sheets, and ladder rules. Everything is read and each evening replayed before anything "
    "is written: a part that cannot be read refuses the whole import (422, `field` names it) and nothing is stored. "
    f"At most {_MB} MB (413 past it). An `Idempotency-Key` makes a resend answer 200 with the club the first send "
    "made.",
    responses={
        201: CreatedClub,
        200: CreatedClub,
        413: error_body(f"The body is larger than {_MB} MB; nothing is stored."),
        422: error_body("A part of the export cannot be brought back; `field` names it."),
    },
)
@door(lambda values: {"key": shapes.import_checks(club_exports.IMPORT_MAX_BYTES)})
@bodies.takes_up_to(club_exports.IMPORT_MAX_BYTES)
def import_club(header: shapes.KeyHeader, body: ClubExport, key: str | None) -> Response:
    """Bring back a club from its export"""
    made = club_exports.import_club(request.get_json(), key, request.get_data())
    club = made.what
    return made_at(reply(CreatedClub.of(club), 201 if made.first else 200), "api.get_club", club_id=club.id)


@_get(
    "/clubs/<club_id>/ratings",
    operation_id="getClubRatings",
    description=shapes.RATINGS
    + " Each table of each game is a match between two couples, the members in their chairs at "
    "that game.",
    responses={200: ClubRatings, 404: NO_CLUB, 422: BAD_SEASON},
)
def club_ratings(path: ClubPath, query: SeasonQuery) -> Response:
    """The ratings of a club's members, from every game of a season's evenings"""
    club = _CLUB.row(path.club_id)
    season = _season_name(club)
    book = ratings.club_ratings(club, season, party_store.load)
    names = {m.number: m.name for m in club.members}
    players = [
        RatedMember.of(names.get(int(number), ""), skill, member=int(number)) for number, skill in book.ordered()
    ]
    return reply(ClubRatings(season=season, players=players))
