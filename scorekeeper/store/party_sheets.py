"""A table that plays its game to a score keeps the game's full score sheet; the sheet's winner reports itself.

The sheet is an ordinary game of the score sheet pages, its sides the table's
two couples. The hand that wins it also writes the table's result into the
party's log, in the same transaction (``parties.sheet_won``, called by the
games service): reading a page never writes.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from scorekeeper.party import PartyError, PartyState, Problem, SheetKept
from scorekeeper.platform.extensions import db
from scorekeeper.rules import RulesError, SetupError, Side, preset_for_target
from scorekeeper.store import games as services
from scorekeeper.store import parties as store
from scorekeeper.store.models import Game
from scorekeeper.store.parties import PartyRow


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


def _rules(play_to: int) -> dict[str, Any]:
    return {"preset": preset_for_target(play_to), "target": play_to}


def start_sheet(row: PartyRow, state: PartyState, number: int) -> Game:
    """Create the score sheet for this table's game and note it in the party's log."""
    seating = state.seating
    if seating is None or not 1 <= number <= len(seating.tables) or state.finished:
        raise PartyError(Problem.NO_GAME_AT_TABLE, "table")
    if (state.game, number) in state.sheets:
        raise PartyError(Problem.SHEET_ALREADY, "table", conflict=True, table=number, game=state.game)
    table = seating.tables[number - 1]
    sides = [Side(state.couples[c].name[:40], _players(state, c)) for c in table.seats]
    play_to = state.setup.play_to or 45
    try:
        game = services.create_game(_rules(play_to), sides, first_dealer=0)
    except (RulesError, SetupError):
        try:
            game = services.create_game({"preset": "new-england", "target": play_to}, sides, first_dealer=0)
        except (RulesError, SetupError) as err:
            raise PartyError(Problem.SHEET_REFUSED, "table", reason=str(err)) from None
    try:
        store.write(row.id, lambda s: [SheetKept(state.game, number, game.id, table.seats)], source=f"table {number}")
    except PartyError:
        services.delete_game(game)
        raise
    return game


def edit_token(game_id: str) -> str:
    return db.session.scalar(select(Game.edit_token).where(Game.id == game_id)) or ""
