"""Helpers for the party engine tests: a party of n couples, played to the end with chosen winners."""

from __future__ import annotations

import random

from scorekeeper.party import AddCouple, Couple, Entry, PartySetup, PartyState, Start, replay


def couples(count: int) -> list[Entry]:
    return [AddCouple(Couple(f"Couple {i + 1}", (f"A{i}", f"B{i}"))) for i in range(count)]


def started(count: int, games: int = 25, **settings: object) -> tuple[PartySetup, list[Entry], PartyState]:
    setup = PartySetup("Legion, Friday", games=games, **settings)  # type: ignore[arg-type]
    entries = [*couples(count), Start()]
    return setup, entries, replay(setup, entries)


def play(state: PartyState, entries: list[Entry], rng: random.Random, games: int | None = None) -> None:
    """Report a random winner at every table until *games* games are in (or the evening is over)."""
    stop = state.setup.games if games is None else games
    while not state.finished and state.complete_games < stop:
        for table in state.missing():
            entry = state.result_entry(state.game, table.number, table.seats[rng.randrange(2)])
            state.apply(entry)
            entries.append(entry)
