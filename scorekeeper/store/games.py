"""Games in the database, through the rules engine: the one path pages and the API use.

The tables hold what the table said (who bid what, what each side took); every
score comes from replaying that log through ``scorekeeper.rules``. Each change
bumps ``Game.version`` with a conditional UPDATE, so when two phones change the
same game at once exactly one of them wins and the other is told why.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Connection, Table, bindparam, exists, insert, select
from sqlalchemy import inspect as sa_inspect
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.attributes import set_committed_value

from scorekeeper.platform.extensions import db
from scorekeeper.rules import (
    HAND_FIELDS,
    NAME_MAX,
    GameSetup,
    GameState,
    HandEntry,
    HandError,
    HandResult,
    Refusal,
    Rules,
    SetupError,
    Side,
    has_hidden_character,
    replay,
)
from scorekeeper.stats import GameSummary, summarize
from scorekeeper.store import log, parties, ratings
from scorekeeper.store.log import VersionCache
from scorekeeper.store.models import Access as Access  # what a link opens: one rule for games and tables
from scorekeeper.store.models import Game, Hand, Player, UndoneHand, new_public_id, new_token, utcnow
from scorekeeper.store.models import Side as SideRow
from scorekeeper.store.models import access as access
from scorekeeper.store.outcomes import Outcome as Outcome
from scorekeeper.store.outcomes import Recording as Recording
from scorekeeper.store.outcomes import Said as Said
from scorekeeper.store.outcomes import StoreRefused
from scorekeeper.store.prepared import Prepared

NAME_MAX_LENGTH = NAME_MAX
# A real game is under 100 hands; past this a sheet takes no more (start a rematch).
MAX_HANDS = 500
# Game ids are made by secrets.token_urlsafe; anything else cannot be a game
# (and some characters, such as NUL, PostgreSQL refuses outright).
GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


class GameConflict(StoreRefused):
    """The game changed on another phone between reading it and writing to it."""


class HandConflict(GameConflict):
    """Hand ``n`` is not the next hand any more: another phone got there first (``next``: the hand it is at)."""

    field = "n"

    def __init__(self, n: int, next_n: int | None = None, *, code: Said | None = None):
        if code is None:
            code = Said.NEXT_HAND_IS if next_n is not None else Said.HAND_TAKEN
        super().__init__(code, details={"n": n, **({"next": next_n} if next_n is not None else {})})
        self.n = n


class SameHand(HandConflict):
    """Hand ``n`` is on the sheet already, just as sent: a double tap, or a resend after a lost answer."""

    def __init__(self, n: int):
        super().__init__(n, code=Said.SAME_HAND)


class RulesFixed(GameConflict):
    """The rules cannot change: the game has hands, and every score depends on them."""

    field = "rules"

    def __init__(self) -> None:
        super().__init__(Said.RULES_FIXED)


class StaleGame(GameConflict):
    """The sheet someone acted on is out of date."""

    def __init__(self, code: Said = Said.CHANGED_ELSEWHERE, **details: object):
        super().__init__(code, details=details)


# -- Reading ---------------------------------------------------------------------


def load_game(game_id: str) -> Game | None:
    """Return the game (one query), or None.

    Its sides, players and hands are each read in one more query when first
    touched: a request whose version's state is already kept (``state_for``)
    reads none of them.
    """
    if not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id):
        return None
    return db.session.scalars(_GAME_QUERY, {"id": game_id}).one_or_none()


# Built once: every request that opens a game skips building the query and working out its cache key.
_GAME_QUERY = select(Game).where(Game.id == bindparam("id"))


# What a poll needs, built once: a compiled Core statement skips the ORM's work on the busiest request.
_GAMES = Game.__table__
_VERSION_QUERY = select(_GAMES.c.version, _GAMES.c.edit_token, _GAMES.c.view_token).where(
    _GAMES.c.id == bindparam("id")
)


def version_and_tokens(game_id: str) -> tuple[int, str, str] | None:
    """Return (version, edit token, view token) of a game in one light query, or None."""
    if not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id):
        return None
    row = db.session.connection().execute(_VERSION_QUERY, {"id": game_id}).one_or_none()
    return None if row is None else (row[0], row[1], row[2])


@dataclass(slots=True)
class GameHead:
    """A game's row without its log, with the state this process keeps for its version.

    What recording the next hand needs (``game_to_write``): one light read where the ORM would build the whole
    game, used only while the state of exactly that version is kept. Recording a hand moves it on, as it does
    the ORM's game, so the answer needs no second read.
    """

    id: str
    version: int
    edit_token: str
    view_token: str
    finished_at: datetime | None
    state: GameState


_HEAD_QUERY = select(
    _GAMES.c.version, _GAMES.c.edit_token, _GAMES.c.view_token, _GAMES.c.finished_at, _GAMES.c.hand_count
).where(_GAMES.c.id == bindparam("id"))


def game_to_write(game_id: str) -> Game | GameHead | None:
    """The game to record a hand in, or None: its head when this process keeps the state of the version it is at,
    else the whole game (``load_game``). Phones following a sheet keep its state current in every worker."""
    if not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id):
        return None
    row = db.session.connection().execute(_HEAD_QUERY, {"id": game_id}).one_or_none()
    if row is None:
        return None
    version, edit_token, view_token, finished_at, hand_count = row
    kept = _kept_state(game_id, version, hand_count)
    if kept is None:
        return load_game(game_id)
    return GameHead(game_id, version, edit_token, view_token, finished_at, kept)


def _kept_state(game_id: str, version: int, hand_count: int | None) -> GameState | None:
    """The state this process keeps for the game at *version*, if it has the row's number of hands.

    The hand count is written with the version, in one UPDATE: both come from the same read of the row.
    """
    kept = states().get((game_id, version), version)
    return kept if kept is not None and hand_count is not None and len(kept.hands) == hand_count else None


def setup_for(game: Game) -> GameSetup:
    """Return the engine's setup (rules, sides, seats) for a stored game."""
    sides = tuple(Side(side.name, tuple(player.name for player in game.players_of(side.index))) for side in game.sides)
    scores = tuple(game.start_scores) if game.start_scores is not None else None
    return GameSetup(Rules.from_dict(game.rules), sides, game.first_dealer, scores)


def entry_for(hand: Hand) -> HandEntry:
    """Return the engine's entry for a stored hand."""
    return HandEntry.from_dict({name: getattr(hand, name) for name in HAND_FIELDS})


def states() -> VersionCache[GameState]:
    """The states of recently used games, per game and version, in this process.

    The hands stay the source of truth: a state is only kept for the version it
    was worked out from, and a version changes with every change of the game.
    So polls and reads of an unchanged game never replay it twice. Keyed by (game,
    version), so a phone still holding the version before a change finds the state
    it read, and is told which hand it missed.
    """
    return log.cache("game_states")


def state_for(game: Game) -> GameState:
    """Return the game's current state: replayed from its hand log, or kept from the last replay of this version."""
    cached = _kept_state(game.id, game.version, game.hand_count)
    if cached is not None:
        return cached
    state = replay(setup_for(game), [entry_for(hand) for hand in game.hands])
    # Keep it only when the row and the hands were read alike (a writer may commit between the two reads).
    if len(game.hands) == game.hand_count and (game.totals is None or list(state.scores) == list(game.totals)):
        states().put((game.id, game.version), game.version, state)
    return state


# -- Writing ---------------------------------------------------------------------


def create_game(
    rules: Rules | Mapping[str, Any] | str | None,
    sides: Sequence[Side],
    first_dealer: int = 0,
    scores: Sequence[int] | None = None,
    *,
    created_at: datetime | None = None,
) -> Game:
    """Store a new game; raise SetupError (or RulesError) and store nothing if it cannot be played.

    *created_at* is for a game brought back from an export: the day it was played.
    """
    rules = Rules.from_dict(rules)
    sides = tuple(_clean_side(side) for side in sides)
    setup = GameSetup(rules, sides, first_dealer, tuple(scores) if scores is not None else None)
    start = GameState.start(setup)
    game = Game(
        rules=rules.to_dict(),
        first_dealer=setup.first_dealer,
        start_scores=list(setup.scores) if setup.scores is not None else None,
        version=1,
        **_totals(start),
    )
    if created_at is not None:
        game.created_at = game.updated_at = created_at
    game.sides = [SideRow(index=i, name=side.name) for i, side in enumerate(setup.sides)]
    game.players = [
        Player(seat=seat, name=place.player, side_index=place.side) for seat, place in enumerate(setup.seats)
    ]
    db.session.add(game)
    db.session.commit()
    return game


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """A game played elsewhere and replayed already: its setup, its hands as entered, the state they make."""

    setup: GameSetup
    entries: tuple[HandEntry, ...]
    state: GameState
    started: datetime | None = None
    finished: datetime | None = None


def add_played(played: Sequence[PlayedGame]) -> list[str]:
    """Add games brought back from an export, in a few statements whatever their number; return their ids.

    Each game's totals and statistics are worked out once from its replayed state. Nothing is
    committed: the caller writes the rest of what comes with them in the same transaction.
    """
    now = utcnow()
    games: list[dict[str, Any]] = []
    sides: list[dict[str, Any]] = []
    players: list[dict[str, Any]] = []
    hands: list[dict[str, Any]] = []
    for one in played:
        game_id = new_public_id()
        started = one.started or now
        stopped_early = one.finished is not None and one.state.winner is None
        finished_at = one.finished if one.finished is not None else (now if one.state.winner is not None else None)
        games.append(
            {
                "id": game_id,
                "edit_token": new_token(),
                "view_token": new_token(),
                # What recording each hand again would have made: one version a hand (and one for stopping early).
                "version": 1 + len(one.entries) + stopped_early,
                "created_at": started,
                "updated_at": started,
                "rules": one.setup.rules.to_dict(),
                "first_dealer": one.setup.first_dealer,
                "start_scores": list(one.setup.scores) if one.setup.scores is not None else None,
                "finished_at": finished_at,
                **_totals(one.state),
            }
        )
        sides.extend({"game_id": game_id, "index": i, "name": side.name} for i, side in enumerate(one.setup.sides))
        players.extend(
            {"game_id": game_id, "seat": seat, "name": place.player, "side_index": place.side}
            for seat, place in enumerate(one.setup.seats)
        )
        hands.extend(
            {"game_id": game_id, "n": n, "recorded_at": now, "updated_at": now, **_hand_values(entry, result)}
            for n, (entry, result) in enumerate(zip(one.entries, one.state.hands, strict=True), start=1)
        )
    connection = db.session.connection()
    for rows, table in ((games, _GAMES), (sides, SideRow.__table__), (players, Player.__table__)):
        if rows:
            connection.execute(insert(cast(Table, table)), rows)
    if hands:
        connection.execute(_HAND_INSERT, hands)
    return [game["id"] for game in games]


def change_rules(
    game: Game, rules: Rules | Mapping[str, Any] | str, *, expected_version: int | None = None
) -> GameState:
    """Play a game not yet begun under other rules; return its new state.

    The rules are fixed once the first hand is recorded (every score depends on
    them), so a game with hands raises RulesFixed. Rules the table cannot play
    with (a call for a partner without four players...) raise SetupError.
    Nothing changes on a refusal.
    """
    _check_version(game, expected_version)
    if game.hands:
        raise RulesFixed()
    rules = Rules.from_dict(rules)
    setup = dataclasses.replace(setup_for(game), rules=rules)
    state = GameState.start(setup)
    _bump(game, StaleGame, rules=rules.to_dict(), **_totals(state))
    db.session.commit()
    _rated(game.id)
    db.session.refresh(game)
    return state


def record(
    game_id: str,
    token: object,
    entry: HandEntry,
    n: int | None,
    *,
    seen: int | None = None,
    loaded: Game | GameHead | None = None,
) -> Recording[GameState]:
    """Record a hand for any channel (the sheet page, htmx, the offline queue, the API, a party table's sheet).

    The door checks the key: *token* must be the game's edit token, else nothing is written and the outcome
    says what the token opens. Nothing is raised for what a table can cause: a refusal, a duplicate or a
    conflict comes back as the outcome, with the game as it now stands. *seen* is the game's version on the
    sender's sheet when the hand was entered: if this very hand was undone on another phone since then, it is
    not brought back. *loaded* is the game this request already read (saves reading it again).
    """
    game = loaded if loaded is not None and loaded.id == game_id else game_to_write(game_id)
    if game is None:
        return Recording(Outcome.NOT_FOUND, n, None, "id", access=Access.NONE)
    opens = access(game, token)
    if opens is not Access.EDIT:
        return Recording(Outcome.NOT_ALLOWED, n, None, "token", access=opens)
    if seen is not None and n is not None and _undone_since(game.id, n, seen, entry):
        return Recording(Outcome.UNDONE, n, _current(game), "n")
    try:
        state = record_hand(game, entry, n)
    except SameHand as err:
        return Recording(Outcome.DUPLICATE, err.n, _current(game), "n")
    except HandConflict as err:
        now = _current(game)
        return Recording(Outcome.CONFLICT, err.n, now, "n", next_n=now.next_n)
    except HandError as err:
        return Recording(Outcome.REFUSED, n, _current(game), err.field, err)
    return Recording(Outcome.RECORDED, state.hands[-1].n, state)


def _undone_since(game_id: str, n: int, seen: int, entry: HandEntry) -> bool:
    """Whether hand *n*, just as *entry*, was undone after the game's version *seen*."""
    undone = db.session.scalars(
        select(UndoneHand.entry).where(UndoneHand.game_id == game_id, UndoneHand.n == n, UndoneHand.version > seen)
    ).all()
    return any(_entry_or_none(found) == entry for found in undone)


def _entry_or_none(data: object) -> HandEntry | None:
    try:
        return HandEntry.from_dict(data) if isinstance(data, dict) else None
    except HandError:
        return None


def _current(game: Game | GameHead) -> GameState:
    """The game as it stands now, read again when a refused write left this copy behind (or it is only the head)."""
    if isinstance(game, GameHead):
        fresh = load_game(game.id)
        return state_for(fresh) if fresh is not None else game.state
    fresh = load_game(game.id) if sa_inspect(game).expired else game
    return state_for(fresh if fresh is not None else game)


# Hands' rows, one Core INSERT built once: the ORM's unit of work has nothing to track for a row this request will
# not read again, and the statement's cache key is worked out once, not per hand.
_HANDS = cast(Table, Hand.__table__)
_HAND_INSERT = insert(_HANDS)
# The next hand's row, every column given (none left to a default), compiled once per database (``store/prepared``).
_NEXT_HAND = Prepared(
    insert(_HANDS)
    .values(
        {column.name: bindparam(column.name, type_=column.type) for column in _HANDS.columns if column.name != "id"}
    )
    .inline()
)


def record_hand(game: Game | GameHead, entry: HandEntry, n: int | None = None) -> GameState:
    """Record the next hand and return the new state.

    ``n`` is the number the recording phone thinks this hand has; if another
    phone took that number first, HandConflict is raised and nothing is saved.
    A hand the rules refuse raises HandError and nothing is saved.
    """
    state = game.state if isinstance(game, GameHead) else state_for(game)
    expected = state.next_n
    if game.finished_at is not None and state.winner is None:
        raise HandError(Said.FINISHED_EARLY, "game")
    if n is not None:
        _check_number(n)
        if n < expected:
            if entry == _stored_entry(game, n):
                raise SameHand(n)
            raise HandConflict(n)
        if n > expected:
            raise HandConflict(n, expected)
    if len(state.hands) >= MAX_HANDS:
        raise HandError(Said.SHEET_FULL, "game", details={"most": MAX_HANDS})
    _check_entry(entry)
    new_state = state.apply(entry)
    summary = summarize(new_state, summaries_kept().get(game.id, game.version))
    # One moment for the whole change: the hand's times, the game's last change, and its end if this hand won it.
    now = utcnow()
    game_id, finished_at, totals = game.id, _finished_at(game, new_state, now=now), _totals(new_state, summary)
    connection = db.session.connection()
    version = _bump(
        game, lambda: HandConflict(expected), connection=connection, now=now, finished_at=finished_at, **totals
    )
    evening = None
    try:
        row = {"game_id": game_id, "n": expected, "edited": False, "recorded_at": now, "updated_at": now}
        _NEXT_HAND.run(connection, row | _hand_values(entry, new_state.hands[-1]))
        if new_state.winner is not None:
            # A card party's table keeping this sheet: its result goes in with the winning hand.
            evening = parties.sheet_won(game_id, new_state.winner)
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        raise HandConflict(expected) from None
    if new_state.winner is not None:
        _rated(game_id, evening)
    # What this request just wrote is what the row now holds: the answer needs no second read of it.
    if isinstance(game, GameHead):
        game.version, game.finished_at, game.state = version, finished_at, new_state
    else:
        for name, value in {"id": game_id, "version": version, "finished_at": finished_at, **totals}.items():
            set_committed_value(game, name, value)
    states().put((game_id, version), version, new_state)
    summaries_kept().put(game_id, version, summary)
    return new_state


def _stored_entry(game: Game | GameHead, n: int) -> HandEntry | None:
    """Hand *n* as the sheet holds it (read from the database when *game* is only the head), or None."""
    full = game if isinstance(game, Game) else load_game(game.id)
    return entry_for(full.hands[n - 1]) if full is not None and n <= len(full.hands) else None


def undo_last(game: Game, expected_n: int | None = None, *, expected_version: int | None = None) -> GameState:
    """Remove the last hand and return the state before it.

    ``expected_n`` is the number of the hand the phone means to undo; if the
    last hand is now another one, StaleGame is raised and nothing changes.
    """
    _check_version(game, expected_version)
    if not game.hands:
        raise HandError(Said.NO_HAND_TO_UNDO, "n")
    last = game.hands[-1]
    if expected_n is not None:
        _check_number(expected_n)
        if expected_n > last.n:
            raise StaleGame(Said.ALREADY_UNDONE, n=expected_n)
        if expected_n < last.n:
            raise StaleGame(Said.NO_LONGER_LAST, last=last.n, n=expected_n)
    new_state = replay(setup_for(game), [entry_for(hand) for hand in game.hands[:-1]])
    version = _bump(
        game, StaleGame, finished_at=_finished_at(game, new_state, _stopped_early(game)), **_totals(new_state)
    )
    db.session.add(UndoneHand(game_id=game.id, n=last.n, version=version, entry=entry_for(last).to_dict()))
    db.session.delete(last)
    db.session.commit()
    states().put((game.id, version), version, new_state)
    _rated(game.id)
    return new_state


def edit_hand(game: Game, n: int, entry: HandEntry, *, expected_version: int | None = None) -> GameState:
    """Replace hand ``n`` and recompute every later hand; return the new state.

    If the changed hand, or any hand after it, no longer stands (a bid now
    below a side's minimum, a hand after the game was already won...), the
    HandError is raised and nothing changes.
    """
    _check_version(game, expected_version)
    _check_number(n)
    if not 1 <= n <= len(game.hands):
        raise HandError(Said.NO_SUCH_HAND, "n", details={"n": n})
    _check_entry(entry)
    hand = game.hands[n - 1]
    if entry == entry_for(hand):
        return state_for(game)
    entries = [entry_for(h) for h in game.hands]
    entries[n - 1] = entry
    new_state = replay(setup_for(game), entries)
    version = _bump(
        game, StaleGame, finished_at=_finished_at(game, new_state, _stopped_early(game)), **_totals(new_state)
    )
    for name, value in _hand_values(entry, new_state.hands[n - 1]).items():
        setattr(hand, name, value)
    _refigure(game.hands, new_state, n)  # every later hand's running score moves with it
    hand.edited = True
    hand.updated_at = utcnow()
    evening = parties.sheet_won(game.id, new_state.winner) if new_state.winner is not None else None
    db.session.commit()
    states().put((game.id, version), version, new_state)
    _rated(game.id, evening)
    return new_state


def _rated(game_id: str, evening: str | None = None) -> None:
    """Store the ratings a change of this game's result moves: its tables', and its card party's club season."""
    ratings.game_written(game_id)
    if evening is not None:
        ratings.evening_written(evening, parties.load)


def replace_edit_token(game_id: str, version: int) -> str | None:
    """Give the game a new edit token (the old edit link stops working); None if it changed since *version*."""
    fresh = new_token()
    if not log.advance(Game, game_id, version, edit_token=fresh):
        db.session.rollback()
        return None
    db.session.commit()
    return fresh


def delete_game(game: Game, *, commit: bool = True) -> None:
    """Delete a game and all its hands; a card party table's score sheet stays with its evening (HandError).

    Without *commit*, the deletion joins the caller's transaction (a table deleted with its games, all at once).
    """
    if parties.party_of_sheet(game.id) is not None:
        raise HandError(Said.PARTY_SHEET_KEPT, "game")
    tables = ratings.tables_of(game.id)
    db.session.delete(game)
    if commit:
        db.session.commit()
        for table_id in tables:
            ratings.table_written(table_id)


def finish_game(game: Game, finished: bool = True) -> None:
    """Mark a game finished early (no more hands), or open it again.

    A game that was won stays finished: HandError says to undo the winning hand.
    """
    if not finished and game.finished_at is not None and state_for(game).winner is not None:
        raise HandError(Said.WON_UNDO_TO_PLAY_ON, "finished")
    if finished == (game.finished_at is not None):
        return
    _bump(game, StaleGame, finished_at=utcnow() if finished else None)
    db.session.commit()
    db.session.refresh(game)


def rematch(game: Game) -> Game:
    """Start a new game with the same sides, players and rules; the first deal moves one seat on."""
    setup = setup_for(game)
    first_dealer = (game.first_dealer + 1) % len(setup.seats)
    return create_game(setup.rules, setup.sides, first_dealer=first_dealer)


# -- Helpers ---------------------------------------------------------------------


def _clean_side(side: Side) -> Side:
    """Trim names and refuse ones that cannot be stored or shown."""
    name, players = _clean_name(side[0], "sides"), side[1]
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise SetupError(Said.PLAYERS_AS_LIST, "players")
    return Side(name, tuple(_clean_name(player, "players") for player in players))


def _clean_name(name: Any, field: str) -> Any:
    """*name* trimmed, if it is text; refused (a side's, or a player's) if too long or holding a hidden character."""
    if not isinstance(name, str):
        return name  # the engine says what it needs instead
    name = name.strip()
    side = field == "sides"
    if len(name) > NAME_MAX_LENGTH:
        code = Refusal.SIDE_NAME_LONG if side else Refusal.PLAYER_NAME_LONG
        raise SetupError(code, field, details={"most": NAME_MAX_LENGTH})
    if has_hidden_character(name):
        raise SetupError(Said.SIDE_NAME_HIDDEN if side else Said.PLAYER_NAME_HIDDEN, field)
    return name


def _check_number(n: object) -> None:
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise HandError(Said.HAND_NUMBER, "n")


def _check_entry(entry: object) -> None:
    if not isinstance(entry, HandEntry):
        raise TypeError(f"expected a HandEntry, got {type(entry).__name__}")


def _check_version(game: Game, expected_version: int | None) -> None:
    if expected_version is not None and expected_version != game.version:
        raise StaleGame()


def _stopped_early(game: Game) -> bool:
    """Whether the game was finished by hand, before anyone won."""
    return game.finished_at is not None and state_for(game).winner is None


def _finished_at(
    game: Game | GameHead, state: GameState, stopped_early: bool = False, *, now: datetime | None = None
) -> datetime | None:
    """When the game ended after this change: at its winning hand, or when it was stopped by hand.

    Undoing or correcting a hand of a game stopped early leaves it stopped; undoing
    the hand that won a game opens it again.
    """
    if state.winner is None and not stopped_early:
        return None
    return game.finished_at or now or utcnow()


def _totals(state: GameState, summary: GameSummary | None = None) -> dict[str, Any]:
    """The stored totals of a game in *state*: what the home page shows, and its tables' statistics add up, without
    a replay. *summary* is the game's statistics in *state*, when already worked out."""
    return {
        "totals": list(state.scores),
        "hand_count": len(state.hands),
        "winner": state.winner,
        "summary": (summary or summarize(state)).to_dict(),
    }


def summaries_kept() -> VersionCache[GameSummary]:
    return log.cache("game_summaries")


def _bump(
    game: Game | GameHead,
    conflict: Callable[[], GameConflict],
    *,
    connection: Connection | None = None,
    now: datetime | None = None,
    **values: Any,
) -> int:
    """Move the game to its next version, or raise *conflict* if someone else already did.

    Of two writers that read the same version one moves the row and the other
    moves none (``log.advance``), so only one of them writes.
    """
    old = game.version
    if not log.advance(Game, game.id, old, connection=connection, now=now, **values):
        db.session.rollback()
        raise conflict()  # made only when it happens: its sentence is translated then
    return old + 1


def _hand_values(entry: HandEntry, result: HandResult) -> dict[str, Any]:
    """Return the columns of a Hand row for an entry the engine accepted: the entry as entered, the bid as the engine read it.

    Points are kept as the engine completed them; the high only where tricks were given.
    """
    values = entry.to_dict()
    values["bid"] = result.bid
    values["points"] = list(result.points) if entry.points is not None else None
    values["high"] = entry.high if entry.tricks is not None else None
    values.update(hand_figures(result))
    return values


def hand_figures(result: HandResult) -> dict[str, Any]:
    """What the engine made of a hand, stored with it: who dealt, made or set, the points as scored, each side's
    change and running score. Written with every hand and again when an earlier hand changes, so a table's
    exports read them instead of replaying its games."""
    return {
        "dealer_seat": result.dealer_seat,
        "made": result.made,
        "scored_points": list(result.points),
        "changes": list(result.deltas),
        "running_scores": list(result.scores),
    }


def _refigure(hands: Sequence[Hand], state: GameState, start: int) -> None:
    """Write again the figures of the hands from *start* (0-based) on, where the new *state* made them otherwise."""
    for hand, result in zip(hands[start:], state.hands[start:], strict=True):
        for name, value in hand_figures(result).items():
            if getattr(hand, name) != value:
                setattr(hand, name, value)


# -- Housekeeping ------------------------------------------------------------------

PRUNE_AFTER_DAYS = 7


def prune_games(days: int = PRUNE_AFTER_DAYS, *, dry_run: bool = False) -> int:
    """Remove games that never got a hand and were untouched for *days* days; return how many.

    A game with even one hand is never removed, however old.
    """
    cutoff = log.untouched_since(days)
    empty_and_old = (Game.updated_at < cutoff) & ~exists(select(Hand.id).where(Hand.game_id == Game.id))
    return log.prune(Game, empty_and_old, ((Player, Player.game_id), (SideRow, SideRow.game_id)), dry_run=dry_run)
