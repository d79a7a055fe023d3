"""Database tables: the facts of games and card parties, as entered.

Scores, seating, wins and places are derived by replaying them through the
engines (``scorekeeper.rules``, ``scorekeeper.party``).
"""

from __future__ import annotations

import enum
import secrets
from datetime import UTC, date, datetime
from typing import Any, Protocol

from sqlalchemy import (
    JSON,
    Boolean,
    Date,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    TypeDecorator,
    UniqueConstraint,
    false,
)
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import Mapped, declared_attr, mapped_column, relationship

from scorekeeper.platform.extensions import Model
from scorekeeper.platform.security import token_matches
from scorekeeper.rules import NAME_MAX

PUBLIC_ID_BYTES = 9  # 12 characters in a URL
TOKEN_BYTES = 32  # 256 bits, 43 characters


def utcnow() -> datetime:
    """Return the current time in UTC."""
    return datetime.now(UTC)


def new_public_id() -> str:
    """Return a fresh public game id."""
    return secrets.token_urlsafe(PUBLIC_ID_BYTES)


def new_token() -> str:
    """Return a fresh secret token for a game link."""
    return secrets.token_urlsafe(TOKEN_BYTES)


class UTCDateTime(TypeDecorator[datetime]):
    """A timestamp stored as naive UTC and read back as an aware UTC datetime.

    SQLite keeps no time zone, PostgreSQL would convert; storing plain UTC makes
    both behave the same.
    """

    impl = DateTime
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            value = value.replace(tzinfo=UTC)
        return value.astimezone(UTC).replace(tzinfo=None)

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC)


def part_of(table: str, *, index: bool = False) -> Mapped[str]:
    """The id of the row of *table* that this row belongs to: deleting that row deletes this one."""
    return mapped_column(ForeignKey(f"{table}.id", ondelete="CASCADE"), index=index)


def parts(back_populates: str, order_by: str | None = None) -> Mapped[Any]:
    """The rows that belong to this one (each naming it as *back_populates*), deleted with it."""
    return relationship(back_populates=back_populates, order_by=order_by or False, cascade="all, delete-orphan")


class SharedByLinks:
    """What a game, a party, a club and a table each have: a public id and the secret of its edit link.

    Each change moves the version on (of two phones changing it at once, the second is told); the times say
    when it was made and last changed.
    """

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_public_id)
    edit_token: Mapped[str] = mapped_column(String(64), unique=True, default=new_token)
    version: Mapped[int] = mapped_column(Integer, default=1)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow, index=True)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.id} v{self.version}>"


class ShownByLink:
    """What a game and a table each have besides: the secret of the link that shows it without changing it."""

    view_token: Mapped[str] = mapped_column(String(64), unique=True, default=new_token)


class Access(enum.StrEnum):
    """What a link's token lets its holder do with a game or a table."""

    EDIT = "edit"
    VIEW = "view"
    NONE = "none"


class Linked(Protocol):
    """What has a link that can change it and one that only shows it: a game, its head (``store.games.GameHead``),
    a table."""

    @property
    def edit_token(self) -> str: ...

    @property
    def view_token(self) -> str: ...


def access(shared: Linked, token: object) -> Access:
    """Say what *token* opens: the game or table that can change (edit), the one that only shows (view), or nothing."""
    if token_matches(token, shared.edit_token):
        return Access.EDIT
    if token_matches(token, shared.view_token):
        return Access.VIEW
    return Access.NONE


class Game(SharedByLinks, ShownByLink, Model):
    """One game: its rules, seating and how to reach it."""

    __tablename__ = "games"

    rules: Mapped[dict[str, Any]] = mapped_column(JSON)
    first_dealer: Mapped[int] = mapped_column(Integer, default=0)
    start_scores: Mapped[list[int] | None] = mapped_column(JSON(none_as_null=True), nullable=True)
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    # Derived from the hand log and stored with every change of it, so the home page
    # lists games without replaying them. The hands stay the source of truth.
    totals: Mapped[list[int] | None] = mapped_column(JSON(none_as_null=True), nullable=True)
    hand_count: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    winner: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # Each side's statistics (``scorekeeper.stats.GameSummary``), written with the totals, so a
    # table's statistics add up hundreds of games without replaying one. Read only by those statistics
    # (deferred: loading a game to record a hand leaves it in the database).
    summary: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True), nullable=True, deferred=True)

    sides: Mapped[list[Side]] = parts("game", "Side.index")
    players: Mapped[list[Player]] = parts("game", "Player.seat")
    hands: Mapped[list[Hand]] = parts("game", "Hand.n")

    def players_of(self, side_index: int) -> list[Player]:
        """Return the players of one side, in seat order."""
        return [p for p in self.players if p.side_index == side_index]


class GamePart:
    """What a side, a player and a hand each are: a row of one game (its ``sides``, ``players`` or ``hands``)."""

    __tablename__: str
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[str] = part_of("games")

    @declared_attr
    def game(cls) -> Mapped[Game]:
        return relationship(back_populates=cls.__tablename__)


class Side(GamePart, Model):
    """A side: a partnership, or one player in cut-throat."""

    __tablename__ = "sides"
    __table_args__ = (UniqueConstraint("game_id", "index"),)

    index: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(NAME_MAX))


class Player(GamePart, Model):
    """A player at a seat, numbered clockwise from 0."""

    __tablename__ = "players"
    __table_args__ = (UniqueConstraint("game_id", "seat"),)

    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(NAME_MAX))
    side_index: Mapped[int] = mapped_column(Integer)


class Hand(GamePart, Model):
    """One hand as it was entered at the table."""

    __tablename__ = "hands"
    __table_args__ = (UniqueConstraint("game_id", "n"),)

    n: Mapped[int] = mapped_column(Integer)
    bidder: Mapped[int | None] = mapped_column(Integer, nullable=True)
    bid: Mapped[str | None] = mapped_column(String(16), nullable=True)
    bagged: Mapped[bool] = mapped_column(Boolean, default=False)
    hold: Mapped[bool] = mapped_column(Boolean, default=False)
    tricks: Mapped[list[int] | None] = mapped_column(JSON(none_as_null=True), nullable=True)
    high: Mapped[int | None] = mapped_column(Integer, nullable=True)
    points: Mapped[list[int] | None] = mapped_column(JSON(none_as_null=True), nullable=True)
    partner: Mapped[int | None] = mapped_column(Integer, nullable=True)
    offsuit_set: Mapped[int | None] = mapped_column(Integer, nullable=True)
    tie_break_side: Mapped[int | None] = mapped_column(Integer, nullable=True)
    edited: Mapped[bool] = mapped_column(Boolean, default=False)
    # What the engine made of the hand, written with it (``store.games.hand_figures``) and again whenever an
    # earlier hand changes: the exports read them instead of replaying the game. None: not worked out yet.
    dealer_seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    made: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    scored_points: Mapped[list[int] | None] = mapped_column(JSON(none_as_null=True), nullable=True)
    changes: Mapped[list[int] | None] = mapped_column(JSON(none_as_null=True), nullable=True)
    running_scores: Mapped[list[int] | None] = mapped_column(JSON(none_as_null=True), nullable=True)
    recorded_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)

    def __repr__(self) -> str:
        return f"<Hand {self.game_id}#{self.n}>"


class UndoneHand(Model):
    """A hand taken off the sheet by Undo: what it was, and the game's version once it was gone.

    Kept so that a copy of that very hand sent again later (a phone that kept it
    with no signal, a page opened before the undo) is told it was undone rather
    than brought back.
    """

    __tablename__ = "undone_hands"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[str] = part_of("games", index=True)
    n: Mapped[int] = mapped_column(Integer)
    version: Mapped[int] = mapped_column(Integer)
    entry: Mapped[dict[str, Any]] = mapped_column(JSON)
    undone_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)

    def __repr__(self) -> str:
        return f"<UndoneHand {self.game_id}#{self.n} v{self.version}>"


# -- Card parties: an evening's settings and its log -------------------------------


class Party(SharedByLinks, Model):
    """One evening: its settings and the secrets of its links."""

    __tablename__ = "parties"

    # The secret from which each table's link and the couples' links are made.
    hall_token: Mapped[str] = mapped_column(String(64), unique=True, default=new_token)
    name: Mapped[str] = mapped_column(String(NAME_MAX))
    held_on: Mapped[date | None] = mapped_column(Date, nullable=True)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)

    entries: Mapped[list[PartyEntry]] = parts("party", "PartyEntry.n")


class PartyEntry(Model):
    """One entry of a party's log (a couple registered, a result, a tie settled...), as entered."""

    __tablename__ = "party_entries"
    __table_args__ = (UniqueConstraint("party_id", "n"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    party_id: Mapped[str] = part_of("parties")
    n: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(24))
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    # Who sent it: "director", "table 3", "api".
    source: Mapped[str] = mapped_column(String(24), default="director")
    recorded_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)

    party: Mapped[Party] = relationship(back_populates="entries")

    def __repr__(self) -> str:
        return f"<PartyEntry {self.party_id}#{self.n} {self.kind}>"


# -- Clubs: a roster of members with club numbers, and the club's evenings -------------


class OnARoster:
    """What a club member and a person of a table each are: one name on a roster, known there by a number
    that stays theirs."""

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    number: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(NAME_MAX))


class Club(SharedByLinks, Model):
    """A club that runs card parties: its roster, its evenings and its ladder's rules."""

    __tablename__ = "clubs"

    name: Mapped[str] = mapped_column(String(NAME_MAX))
    currency: Mapped[str] = mapped_column(String(3), default="CAD")
    # The ladder's rules and the pots' usual amounts (see scorekeeper.store.clubs).
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)

    members: Mapped[list[ClubMember]] = parts("club", "ClubMember.number")


class ClubMember(OnARoster, Model):
    """A player on a club's roster: the club number stays theirs, renamed, merged or inactive."""

    __tablename__ = "club_members"
    __table_args__ = (UniqueConstraint("club_id", "number"),)

    club_id: Mapped[str] = part_of("clubs", index=True)
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    # The club number this member was merged into (the same person entered twice).
    merged_into: Mapped[int | None] = mapped_column(Integer, nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)

    club: Mapped[Club] = relationship(back_populates="members")


class ClubEvening(Model):
    """A card party that is one of a club's evenings, with its season and its pots (amounts in cents)."""

    __tablename__ = "club_evenings"

    party_id: Mapped[str] = mapped_column(ForeignKey("parties.id", ondelete="CASCADE"), primary_key=True)
    club_id: Mapped[str] = part_of("clubs", index=True)
    season: Mapped[str] = mapped_column(String(32))
    pots: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class ClubChair(Model):
    """A club member in one of an evening couple's two chairs, from a game on (a substitute from a later one)."""

    __tablename__ = "club_chairs"
    __table_args__ = (UniqueConstraint("party_id", "couple", "slot", "from_game"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    party_id: Mapped[str] = mapped_column(ForeignKey("club_evenings.party_id", ondelete="CASCADE"), index=True)
    couple: Mapped[int] = mapped_column(Integer)
    slot: Mapped[int] = mapped_column(Integer)
    number: Mapped[int] = mapped_column(Integer)  # the member's club number
    from_game: Mapped[int] = mapped_column(Integer, default=1)


class ClubSeat(Model):
    """The one couple a club member plays for on an evening: the key makes a second one impossible.

    Written with the member's chairs (``ClubChair``): at the desk, by a substitute, and taken off with a couple
    registered by mistake.
    """

    __tablename__ = "club_seats"

    party_id: Mapped[str] = mapped_column(
        ForeignKey("club_evenings.party_id", ondelete="CASCADE"), primary_key=True, autoincrement=False
    )
    number: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)  # the member's club number
    couple: Mapped[int] = mapped_column(Integer)


# -- Tables: a group that plays together, its roster and its games -----------------


class Table(SharedByLinks, ShownByLink, Model):
    """A group of people who play together week after week: its name, roster and links."""

    __tablename__ = "card_tables"

    name: Mapped[str] = mapped_column(String(NAME_MAX))

    people: Mapped[list[TablePerson]] = parts("table", "TablePerson.number")
    games: Mapped[list[TableGame]] = parts("table")


class TablePerson(OnARoster, Model):
    """One person of a table's roster, numbered from 1 in the order they joined (``p1``, ``p2``...)."""

    __tablename__ = "table_people"
    __table_args__ = (UniqueConstraint("table_id", "number"),)

    table_id: Mapped[str] = part_of("card_tables", index=True)

    table: Mapped[Table] = relationship(back_populates="people")

    @property
    def public_id(self) -> str:
        return f"p{self.number}"


class TableMerge(Model):
    """Two roster entries made one person, kept so the merge can be taken back: who left the roster, into whom,
    and the seats of the table's games that were theirs (game link, side, place on the side)."""

    __tablename__ = "table_merges"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[str] = part_of("card_tables", index=True)
    gone_number: Mapped[int] = mapped_column(Integer)
    gone_name: Mapped[str] = mapped_column(String(NAME_MAX))
    into_number: Mapped[int] = mapped_column(Integer)
    seats: Mapped[list[list[int]]] = mapped_column(JSON)
    merged_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class TableGame(Model):
    """A game of a table, and who of the roster sat on each side (person numbers, side by side)."""

    __tablename__ = "table_games"
    __table_args__ = (UniqueConstraint("table_id", "game_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[str] = part_of("card_tables", index=True)
    game_id: Mapped[str] = part_of("games", index=True)
    sides: Mapped[list[list[int]]] = mapped_column(JSON)
    added_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    # Whether the table's edit link holds the game's edit rights too: started from the table, kept from the
    # game's edit link, brought back by an import or added with the game's edit link. Deleting the table with
    # its games deletes only these; a game added with its view link before that needed the edit link stays.
    editable: Mapped[bool] = mapped_column(Boolean, default=True, server_default=false())

    table: Mapped[Table] = relationship(back_populates="games")
    game: Mapped[Game] = relationship()


# -- Imports sent again: what an Idempotency-Key made the first time -------------------


class Resend(Model):
    """The key a client gave an import, and what that import made: a resend with the key answers with it."""

    __tablename__ = "import_keys"
    __table_args__ = (UniqueConstraint("kind", "key"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))  # what was imported: "table", "club"
    key: Mapped[str] = mapped_column(String(64))
    # The SHA-256 of the document sent: the same key with another document is refused, never answered.
    fingerprint: Mapped[str] = mapped_column(String(64))
    made_id: Mapped[str] = mapped_column(String(32))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow, index=True)


# -- Ratings: kept as the results that made them were written ----------------------------


class RatingRun(Model):
    """The ratings of a table (``table:<id>``) or a club's season (``club:<id>:<season>``) as last written.

    *keys* name the steps rated, in order (a table's finished games, a club's evenings), each by what the
    rating reads of it; *stamp* is what a read compares with the games as they stand, and *quick* the same
    told by versions alone (a club's and its evenings'), read first; *skills* everyone's after the last step
    (person: mean, uncertainty, games), what a read of the ratings alone needs.
    """

    __tablename__ = "rating_runs"

    scope: Mapped[str] = mapped_column(String(80), primary_key=True)
    stamp: Mapped[str] = mapped_column(String(64))
    quick: Mapped[str] = mapped_column(String(64), default="")
    keys: Mapped[list[str]] = mapped_column(JSON)
    skills: Mapped[dict[str, list[float]]] = mapped_column(JSON, default=dict)


class RatingPoint(Model):
    """A person's skill after a step of a run that rated them: mean, uncertainty and games rated so far."""

    __tablename__ = "rating_points"

    scope: Mapped[str] = mapped_column(String(80), primary_key=True)
    step: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    person: Mapped[str] = mapped_column(String(32), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
