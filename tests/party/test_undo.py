"""Undoing a director's change: reopening a closed evening, a couple gone home after all."""

from __future__ import annotations

import pytest

from scorekeeper.party import (
    Close,
    Gone,
    PartyError,
    PartySetup,
    PlayOffWanted,
    Problem,
    Reopen,
    Returned,
    Split,
    Start,
    replay,
)
from tests._support.party import couples, started


def test_a_closed_evening_reopens_and_takes_results_again():
    setup, entries, state = started(4, games=5)
    state = state.apply(state.result_entry(1, 1, state.seating_of(1).tables[0].seats[0]))
    state = state.apply(Close())
    with pytest.raises(PartyError) as caught:
        state = state.apply(state.result_entry(1, 2, state.seating_of(1).tables[1].seats[0]))
    assert caught.value.problem is Problem.CLOSED_NO_RESULTS
    assert state.reopenable
    state = state.apply(Reopen())
    assert not state.closed and not state.finished and state.ties == {}
    state = state.apply(state.result_entry(1, 2, state.seating_of(1).tables[1].seats[0]))
    assert state.game == 2
    # The log replays to the same evening.
    again = replay(setup, state.entries)
    assert (again.closed, again.game, again.standings()) == (False, 2, state.standings())


def test_an_evening_not_closed_cannot_be_reopened():
    _, _, state = started(4)
    with pytest.raises(PartyError) as caught:
        state = state.apply(Reopen())
    assert caught.value.problem is Problem.NOT_CLOSED and caught.value.conflict


def _tied_and_closed():
    _, entries, state = started(4, games=2)
    for _game in (1, 2):
        for table in list(state.missing()):
            state = state.apply(
                state.result_entry(state.game, table.number, next(c for c in table.seats if c in (0, 3)))
            )
    state = state.apply(Close())
    return state


def test_once_a_tie_is_worked_on_the_evening_stays_closed():
    state = _tied_and_closed()
    assert state.ties[1].couples == (0, 3)
    state = state.apply(PlayOffWanted(1, 0))
    assert not state.reopenable
    with pytest.raises(PartyError) as caught:
        state = state.apply(Reopen())
    assert caught.value.problem is Problem.PRIZES_BEING_SETTLED
    assert state.closed


def test_reopened_and_closed_again_the_ties_start_afresh():
    state = _tied_and_closed()
    state = state.apply(Reopen())
    state = state.apply(Close())
    assert state.reopenable
    state = state.apply(Split(1, (0, 3)))
    assert not state.reopenable


def test_a_couple_gone_comes_back_until_the_next_game_is_seated():
    _, _, state = started(6, games=5)
    state = state.apply(Gone(2))
    assert state.couples[2].gone_from == 2 and state.may_return(2)
    state = state.apply(Returned(2))
    assert state.couples[2].gone_from is None and not state.may_return(2)
    with pytest.raises(PartyError) as caught:
        state = state.apply(Returned(2))
    assert caught.value.problem is Problem.NOT_GONE and caught.value.details == {"name": "Couple 3"}
    state = state.apply(Gone(2))
    for table in list(state.missing()):
        state = state.apply(state.result_entry(1, table.number, table.seats[0]))
    assert 2 not in state.seating_of(2).seated()
    assert not state.may_return(2)
    with pytest.raises(PartyError) as caught:
        state = state.apply(Returned(2))
    assert caught.value.problem is Problem.GONE_SEATED and caught.value.details == {"name": "Couple 3", "game": 2}


def test_a_couple_back_before_the_start_plays_game_one():
    state = replay(PartySetup("Hall"), couples(4))
    state = state.apply(Gone(3))
    state = state.apply(Returned(3))
    state = state.apply(Start())
    assert 3 in state.seating_of(1).seated()
