"""Who sits out and who fills the gaps when couples come late or go home (the rules of the evening, docs/players/card-parties.md)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.party import AddCouple, Couple, Gone, Result
from tests._support.party import SEEDS, arrive_and_leave, late_and_gone, play, played_with_late_and_gone, started


def _winners_seat_0(state):
    """The evening after every table of the current game is reported won by the couple that dealt first."""
    for table in state.missing():
        state = state.apply(Result(state.game, table.number, 0, table.seats[0]))
    return state


def test_the_next_couple_in_turn_sits_out_when_couples_go_home():
    """Five couples; couple 3 goes home after game 1 and couple 1 after game 2: couple 0 sits out game 3, not 4."""
    setup, entries, state = started(5, games=6)
    assert state.seating.sits_out == 4
    state = state.apply(Gone(3))
    state = _winners_seat_0(state)
    assert state.seating.sits_out is None  # four couples: nobody sits out game 2
    state = state.apply(Gone(1))
    state = _winners_seat_0(state)
    assert state.game == 3
    assert state.seating.sits_out == 0
    assert sorted(state.seating.seated()) == [2, 4]
    state = _winners_seat_0(state)
    assert state.seating.sits_out == 2  # then the next couple present after 0


def test_the_couple_that_sat_out_takes_the_first_empty_seat_then_late_arrivals():
    """Game 1: couple 4 sits out. Couple 5 arrives: a third table opens, couple 4 deals first there."""
    setup, entries, state = started(5, games=4)
    state = state.apply(AddCouple(Couple("Late couple")))
    state = _winners_seat_0(state)
    table = state.seating.tables[2]
    assert table.seats == (4, 5)
    assert state.seating.sits_out is None


def test_couples_of_a_closed_table_fill_the_gaps_after_the_others():
    """Six couples; couple 0 goes home: table 3 closes, couple 5 sits out in turn, couple 2 takes couple 0's seat."""
    setup, entries, state = started(6, games=4)
    state = state.apply(Gone(0))
    state = _winners_seat_0(state)
    seating = state.seating
    assert [t.seats for t in seating.tables] == [(4, 1), (2, 3)]
    assert seating.sits_out == 5


def _named_by_the_rule(present: list[int], last_out: int | None) -> int | None:
    """The rules of the evening read on their own: who sits out a game with these couples present."""
    if len(present) % 2 == 0:
        return None
    if last_out is None:
        return max(present)
    later = [c for c in sorted(present) if c > last_out]
    return later[0] if later else min(present)


@given(st.integers(2, 14), st.integers(4, 16), late_and_gone(max_size=12), SEEDS)
@settings(max_examples=120, deadline=None)
def test_over_random_evenings_sitting_out_is_fair_and_goes_by_the_rule(count, games, changes, seed):
    """Late and gone couples: every present couple is seated or sits out, the one out is the one the rules of the evening name,
    and couples there all evening sit out as often as each other, give or take one game."""
    state = played_with_late_and_gone(count, games, changes, seed)
    assert state.finished

    last_out = None
    for seating in state.seatings:
        present = state.present(seating.game)
        seated = seating.seated()
        assert len(seated) == len(set(seated))
        assert sorted(seated + ([seating.sits_out] if seating.sits_out is not None else [])) == sorted(present)
        assert seating.sits_out == _named_by_the_rule(present, last_out), f"game {seating.game}"
        if seating.sits_out is not None:
            last_out = seating.sits_out

    all_evening = [c.index for c in state.couples if all(c.plays(g) for g in range(1, games + 1))]
    outs = Counter(s.sits_out for s in state.seatings if s.sits_out is not None)
    counts = [outs[c] for c in all_evening]
    if counts:
        assert max(counts) - min(counts) <= 1, dict(outs)


@given(st.integers(3, 14), late_and_gone(max_size=10), SEEDS)
@settings(max_examples=80, deadline=None)
def test_where_a_couple_is_told_to_go_next_is_where_it_sits_with_late_and_gone_couples(count, changes, seed):
    """A couple's card says its next table as soon as its own table reports, unless that is not known yet."""
    setup, entries, state = started(count, games=6)
    rng = random.Random(seed)
    for game in range(1, 6):
        state = arrive_and_leave(state, changes[(game - 1) :: 6])
        told: dict[int, int | None] = {}
        for table in state.missing():
            state = state.apply(state.result_entry(state.game, table.number, table.seats[rng.randrange(2)]))
            if not state.missing():
                break
            for couple in table.seats:
                told[couple] = state.heading_to(couple)
        state = play(state, entries, rng, games=game)
        following = state.seating_of(game + 1)
        for couple, table_number in told.items():
            if table_number is None:
                continue
            seated = following.table_of(couple)
            assert (0 if seated is None else seated.number) == table_number, (game, couple)
