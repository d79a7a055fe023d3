"""Helpers for the party engine tests: a party of n couples, played to the end with chosen winners."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from scorekeeper.party import AddCouple, Couple, Entry, Gone, PartyError, PartySetup, PartyState, Start, replay
from scorekeeper.party.ladder import (
    LadderRules,
    Scoring,
)


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


def recount(evenings, rules: LadderRules):
    """The ladder counted the long way: game by game, who sat in the winning chair; of a member's two chairs in
    one evening, the one scoring more, then winning more, then taken first."""
    scores: dict[int, list[int]] = {}
    season_wins: dict[int, int] = {}
    for state, chairs in evenings:
        wins = [0] * len(state.couples)
        chair_wins: dict[tuple[int, int, int], int] = {}  # (member, couple, slot): games won in that chair
        seated = set()
        for g, seating in enumerate(state.seatings, start=1):
            seated.update(seating.seated())
            for table in seating.tables:
                winner = state.winner(g, table.number)
                if winner is None:
                    continue
                wins[winner] += 1
                for slot in (0, 1):
                    sitting = [c for c in chairs if c.couple == winner and c.slot == slot and c.from_game <= g]
                    if sitting:
                        who = max(sitting, key=lambda c: c.from_game).member
                        chair_wins[who, winner, slot] = chair_wins.get((who, winner, slot), 0) + 1
        levels = sorted({wins[c] for c in seated}, reverse=True)
        options: dict[int, list[tuple[int, int, int, int]]] = {}
        for chair in chairs:
            if chair.couple not in seated:
                continue
            place = levels.index(wins[chair.couple]) + 1
            won = chair_wins.get((chair.member, chair.couple, chair.slot), 0)
            if rules.scoring is Scoring.WINS:
                score = won
            else:
                score = rules.place_points[place - 1] if place <= len(rules.place_points) else 0
            first = min(
                c.from_game for c in chairs if (c.member, c.couple, c.slot) == (chair.member, chair.couple, chair.slot)
            )
            options.setdefault(chair.member, []).append((score, won, -first, -chair.couple))
        for m, chairs_of_m in options.items():
            score, won, _first, _couple = max(chairs_of_m)
            scores.setdefault(m, []).append(score)
            season_wins[m] = season_wins.get(m, 0) + won
    totals = {}
    for m, ss in scores.items():
        best = sorted(ss, reverse=True)
        counted = best if rules.best_of is None else best[: rules.best_of]
        totals[m] = (sum(counted), len(ss), season_wins[m], best[0])
    return totals
