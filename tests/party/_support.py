"""Helpers for the party engine tests: a party of n couples, played to the end with chosen winners."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from scorekeeper.party import AddCouple, Couple, Entry, Gone, PartyError, PartySetup, PartyState, Start, replay


def couples(count: int) -> list[Entry]:
    return [AddCouple(Couple(f"Couple {i + 1}", (f"A{i}", f"B{i}"))) for i in range(count)]


def started(count: int, games: int = 25, **settings: object) -> tuple[PartySetup, list[Entry], PartyState]:
    setup = PartySetup("Legion, Friday", games=games, **settings)  # type: ignore[arg-type]
    entries = [*couples(count), Start()]
    return setup, entries, replay(setup, entries)


def play(state: PartyState, entries: list[Entry], rng: random.Random, games: int | None = None) -> PartyState:
    """The evening after a random winner is reported at every table until *games* games are in (or it is over)."""
    stop = state.setup.games if games is None else games
    while not state.finished and state.complete_games < stop:
        for table in state.missing():
            entry = state.result_entry(state.game, table.number, table.seats[rng.randrange(2)])
            state = state.apply(entry)
            entries.append(entry)
    return state


# A hypothesis strategy: the seed of the random.Random that reports the results of an evening.
SEEDS = st.integers(0, 2**32 - 1)


def late_and_gone(max_size: int):
    """A hypothesis strategy: up to *max_size* changes, each a couple arriving ("late") or one leaving ("gone")."""
    return st.lists(st.tuples(st.sampled_from(["late", "gone"]), st.integers(0, 40)), max_size=max_size)


def arrive_and_leave(state: PartyState, changes: list[tuple[str, int]], numbered: bool = False) -> PartyState:
    """The evening after each change between two games: a couple arriving late ("Late", or "Late <n>" when *numbered*), or the
    couple *who* (modulo the couples) gone; a change the party refuses
    (already gone, too late, or fewer than two would be left) changes nothing."""
    for what, who in changes:
        try:
            if what == "late":
                state = state.apply(AddCouple(Couple(f"Late {len(state.couples)}" if numbered else "Late")))
            else:
                state = state.apply(Gone(who % len(state.couples)))
        except PartyError:
            pass
    return state


def played_with_late_and_gone(count: int, games: int, changes: list[tuple[str, int]], seed: int) -> PartyState:
    """An evening of *count* couples played to its end with random winners; before game g the changes
    ``changes[g - 1 :: games]`` are made (couples arriving as "Late <n>", or leaving)."""
    _setup, entries, state = started(count, games=games)
    rng = random.Random(seed)
    for game in range(1, games + 1):
        state = arrive_and_leave(state, changes[(game - 1) :: games], numbered=True)
        state = play(state, entries, rng, games=game)
    return state
