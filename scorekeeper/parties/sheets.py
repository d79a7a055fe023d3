"""A table that plays its game to a score keeps the game's full score sheet; the sheet's winner reports itself.

The sheet is an ordinary game of the score sheet pages, its sides the table's
two couples. Whenever the table's page, its poll or the director's page is
looked at, the sheets of the game being played that have a winner and no
result yet are reported, as that table would have done.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from flask import current_app
from sqlalchemy import select
from sqlalchemy.orm import selectinload

from .. import services
from ..extensions import db
from ..models import Game
from ..party import Entry, PartyError, PartyState, SheetKept
from ..rules import RulesError, SetupError, Side, preset_for_target
from . import store
from .store import PartyRow


def _players(state: PartyState, couple: int) -> tuple[str, str]:
    """The couple's two players: as registered, or read from its name ("Ann & Cy"), or numbered."""
    entry = state.couples[couple].couple
    if len(entry.players) == 2:
        return entry.players[0], entry.players[1]
    for joint in (" & ", " and ", "&", "+", "/"):
        left, found, right = entry.name.partition(joint)
        if found and left.strip() and right.strip():
            return left.strip()[:40], right.strip()[:40]
    return f"{entry.name[:36]} 1", f"{entry.name[:36]} 2"


def _rules(play_to: int) -> dict:
    return {"preset": preset_for_target(play_to), "target": play_to}


def start_sheet(row: PartyRow, state: PartyState, number: int) -> Game:
    """Create the score sheet for this table's game and note it in the party's log."""
    seating = state.seating
    if seating is None or not 1 <= number <= len(seating.tables) or state.finished:
        raise PartyError("There is no game at this table now", "table")
    if (state.game, number) in state.sheets:
        raise PartyError("This table already keeps a sheet for this game", "table", conflict=True)
    table = seating.tables[number - 1]
    sides = [Side(state.couples[c].name[:40], _players(state, c)) for c in table.seats]
    play_to = state.setup.play_to or 45
    try:
        game = services.create_game(_rules(play_to), sides, first_dealer=0)
    except (RulesError, SetupError):
        try:
            game = services.create_game({"preset": "new-england", "target": play_to}, sides, first_dealer=0)
        except (RulesError, SetupError) as err:
            raise PartyError(f"A score sheet cannot be kept for this game: {err}", "table") from None
    try:
        store.write(row.id, lambda s: [SheetKept(state.game, number, game.id, table.seats)], source=f"table {number}")
    except PartyError:
        services.delete_game(game)
        raise
    return game


def edit_token(game_id: str) -> str:
    return db.session.scalar(select(Game.edit_token).where(Game.id == game_id)) or ""


def _result_of(table: int, couple: int) -> Callable[[PartyState], list[Entry]]:
    """The party entry saying *couple* won at *table* in the current game."""

    def make(state: PartyState) -> list[Entry]:
        return [state.result_entry(state.game, table, couple)]

    return make


def report_finished(row: PartyRow, state: PartyState, tables: Iterable[int] | None) -> tuple[PartyRow, PartyState]:
    """Report the result of every sheet of the current game (or of *tables*) that has a winner; return the party again."""
    if not state.sheets or not state.started or state.finished:
        return row, state
    wanted = None if tables is None else set(tables)
    results = state.results[state.game - 1]
    pending = {
        sheet: (number, sides)
        for (game, number), (sheet, sides) in state.sheets.items()
        if game == state.game and number not in results and (wanted is None or number in wanted)
    }
    if not pending:
        return row, state
    games = db.session.scalars(
        select(Game)
        .where(Game.id.in_(list(pending)))
        .options(selectinload(Game.sides), selectinload(Game.players), selectinload(Game.hands))
    ).all()
    reported = False
    for game in games:
        try:
            winner = services.state_for(game).winner
        except ValueError:
            current_app.logger.exception("the sheet %s no longer replays", game.id)
            continue
        if winner is None or not 0 <= winner < 2:
            continue
        number, sides = pending[game.id]
        couple = sides[winner]
        try:
            store.write(row.id, _result_of(number, couple), source=f"sheet {number}")
        except PartyError:
            continue  # already in from a phone, or the game moved on
        reported = True
    if not reported:
        return row, state
    found = store.load(row.id)
    return found if found is not None else (row, state)
