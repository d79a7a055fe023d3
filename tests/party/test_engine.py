"""The card party engine: movement, punch cards, places, ties, cookie jar, booby, replay."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.party import (
    AddCouple,
    Close,
    CookieDraw,
    Couple,
    Cut,
    Forfeit,
    GameKind,
    Gone,
    PartyError,
    PartySetup,
    PartyState,
    PlayOffWanted,
    PlayOffWon,
    Reopen,
    Settlement,
    Split,
    Start,
    booby_prize,
    cookie_jar_winners,
    draw_cookie_jar,
    places,
    replay,
)
from tests._support.party import SEEDS, couples, late_and_gone, play, played_with_late_and_gone, started

# -- Places: the Cape Breton worked example -------------------------------------------


def test_the_worked_example_18_18_16_15_15():
    """Two 18s contest first, the 16 is second on its own, the two 15s contest third."""
    found = places([18, 18, 16, 15, 15], prizes=3)
    assert [(p.place, p.couples, p.wins, p.tied) for p in found] == [
        (1, (0, 1), 18, True),
        (2, (2,), 16, False),
        (3, (3, 4), 15, True),
    ]


def test_places_stop_at_the_number_of_prizes():
    assert [p.wins for p in places([9, 8, 7, 6, 5], prizes=3)] == [9, 8, 7]
    assert places([9, 8], prizes=0) == ()


def test_booby_prize_goes_to_the_fewest_wins_and_shows_ties():
    booby = booby_prize([18, 4, 16, 4, 15], places([18, 4, 16, 4, 15], 3))
    assert booby is not None and booby.couples == (1, 3) and booby.wins == 4


def test_no_booby_prize_when_the_fewest_wins_already_hold_a_place():
    assert booby_prize([5, 5, 4], places([5, 5, 4], 3)) is None


# -- Ties ---------------------------------------------------------------------------


def closed_with_tie() -> tuple[PartySetup, list, PartyState]:
    """Four couples, two games, won by couples 0 and 3 both times: they tie for first place."""
    setup, entries, state = started(4, games=2)
    for _game in (1, 2):
        for table in list(state.missing()):
            winner = next(c for c in table.seats if c in (0, 3))
            entry = state.result_entry(state.game, table.number, winner)
            state = state.apply(entry)
            entries.append(entry)
    state = state.apply(Close())
    entries.append(Close())
    return setup, entries, state


def test_a_tie_is_open_after_closing():
    _, _, state = closed_with_tie()
    top = state.places()[0]
    assert top.tied
    assert state.ties[top.place].how is Settlement.OPEN


def test_split_needs_every_tied_couples_yes():
    _, _, state = closed_with_tie()
    tied = state.ties[1].couples
    with pytest.raises(PartyError, match="split-needs-all"):
        state = state.apply(Split(1, tied[:1]))
    assert state.ties[1].how is Settlement.OPEN
    state = state.apply(Split(1, tied))
    assert state.ties[1].how is Settlement.SPLIT and state.ties[1].winners == tied


def test_cut_low_card_wins_and_a_tied_cut_cuts_again():
    _, _, state = closed_with_tie()
    a, b = state.ties[1].couples
    state = state.apply(Cut(1, ((a, "7H"), (b, "7S"))))
    assert state.ties[1].how is Settlement.CUTTING and state.ties[1].in_contention == (a, b)
    state = state.apply(Cut(1, ((a, "KD"), (b, "AC"))))  # ace is low
    assert state.ties[1].how is Settlement.CUT and state.ties[1].winners == (b,)
    assert [len(c) for c in state.ties[1].cuts] == [2, 2]


def test_a_cut_names_each_couple_in_it_once():
    _, _, state = closed_with_tie()
    a, _ = state.ties[1].couples
    with pytest.raises(PartyError, match="cut-each-once"):
        state = state.apply(Cut(1, ((a, "2H"),)))


def test_once_a_play_off_is_wanted_the_others_play_off_or_forfeit():
    _, _, state = closed_with_tie()
    a, b = state.ties[1].couples
    state = state.apply(PlayOffWanted(1, a))
    with pytest.raises(PartyError, match="play-off-asked"):
        state = state.apply(Split(1, (a, b)))
    with pytest.raises(PartyError, match="play-off-asked"):
        state = state.apply(Cut(1, ((a, "2H"), (b, "3H"))))
    with pytest.raises(PartyError, match="asker-cannot-forfeit"):
        state = state.apply(Forfeit(1, a))
    state = state.apply(Forfeit(1, b))
    assert state.ties[1].how is Settlement.PLAYED_OFF and state.ties[1].winners == (a,)


def test_a_play_off_is_won_by_one_of_those_still_in_it():
    _, _, state = closed_with_tie()
    a, b = state.ties[1].couples
    with pytest.raises(PartyError, match="play-off-not-asked"):
        state = state.apply(PlayOffWon(1, b))
    state = state.apply(PlayOffWanted(1, a))
    state = state.apply(PlayOffWon(1, b))
    assert state.ties[1].winners == (b,)
    with pytest.raises(PartyError, match="tie-settled"):
        state = state.apply(PlayOffWon(1, a))


def test_ties_are_settled_only_once_closed_and_only_where_there_is_a_tie():
    setup, entries, state = started(4, games=2)
    with pytest.raises(PartyError, match="ties-after-close"):
        state = state.apply(Split(1, (0, 1)))
    _, _, closed = closed_with_tie()
    assert [(p.couples, p.wins) for p in closed.places()] == [((0, 3), 2), ((1, 2), 0)]
    with pytest.raises(PartyError, match=r"place-not-tied \(place=3\)"):
        closed = closed.apply(Split(3, (0, 1)))


# -- Movement -------------------------------------------------------------------------


def test_the_first_game_seats_couples_in_order_and_the_first_of_two_deals():
    _, _, state = started(8)
    seating = state.seating_of(1)
    assert [t.seats for t in seating.tables] == [(0, 1), (2, 3), (4, 5), (6, 7)]
    assert [t.deals_first for t in seating.tables] == [0, 2, 4, 6]
    assert seating.sits_out is None


def test_winners_move_on_losers_stay_and_winners_deal_first():
    _, entries, state = started(8)
    for number, winner in ((1, 1), (2, 2), (3, 5), (4, 6)):
        state = state.apply(state.result_entry(1, number, winner))
    tables = {t.number: t for t in state.seating_of(2).tables}
    # Winner at table t goes to t + 1, the last table's winner to table 1, and deals first there.
    assert tables[2].seats == (1, 3) and tables[3].seats == (2, 4)
    assert tables[4].seats == (5, 7) and tables[1].seats == (6, 0)
    assert state.game == 2


@given(st.integers(2, 41), SEEDS)
@settings(max_examples=60, deadline=None)
def test_movement_seats_every_couple_once_each_game(count, seed):
    setup, entries, state = started(count, games=12)
    state = play(state, entries, random.Random(seed))
    for seating in state.seatings:
        seated = seating.seated()
        assert len(seated) == len(set(seated)), "a couple seated twice at once"
        everyone = sorted(seated + ([seating.sits_out] if seating.sits_out is not None else []))
        assert everyone == list(range(count)), "not a permutation of the couples"
        assert len(seating.tables) == count // 2
        assert (seating.sits_out is None) == (count % 2 == 0)


@given(st.integers(2, 30), SEEDS)
@settings(max_examples=60, deadline=None)
def test_winners_deal_first_at_the_next_table(count, seed):
    setup, entries, state = started(count, games=6)
    state = play(state, entries, random.Random(seed))
    for game in range(1, 6):
        before, after = state.seating_of(game), state.seating_of(game + 1)
        size = len(before.tables)
        for table in before.tables:
            winner = state.winner(game, table.number)
            loser = next(c for c in table.seats if c != winner)
            arrived = after.tables[table.number % size]
            stayed = after.tables[table.number - 1]
            if winner != after.sits_out:
                assert arrived.seats[0] == winner and arrived.deals_first == winner
            if loser != after.sits_out:
                assert loser in stayed.seats


@given(st.integers(2, 30), st.integers(1, 25), SEEDS)
@settings(max_examples=60, deadline=None)
def test_total_wins_are_games_times_tables(count, games, seed):
    setup, entries, state = started(count, games=games)
    state = play(state, entries, random.Random(seed))
    standings = state.standings()
    assert state.finished
    assert sum(standings.wins) == games * (count // 2)
    assert all(len(p) == w for p, w in zip(standings.punched, standings.wins, strict=True))
    assert all(1 <= g <= games for p in standings.punched for g in p)


def test_an_odd_couple_sits_out_in_turn():
    setup, entries, state = started(5, games=10)
    state = play(state, entries, random.Random(1))
    assert [s.sits_out for s in state.seatings] == [4, 0, 1, 2, 3, 4, 0, 1, 2, 3]


# -- Replay and corrections -----------------------------------------------------------


@given(st.integers(2, 24), SEEDS)
@settings(max_examples=40, deadline=None)
def test_replaying_the_log_gives_the_same_evening(count, seed):
    setup, entries, state = started(count, games=8, cookie_jar=3)
    entries.append(CookieDraw(draw_cookie_jar(3, 8, seed)))
    state = state.apply(entries[-1])
    state = play(state, entries, random.Random(seed))
    again = replay(setup, entries)
    assert again.standings() == state.standings()
    assert again.seatings == state.seatings
    assert again.cookie_numbers == state.cookie_numbers
    assert again.places() == state.places()


def test_correcting_game_3_of_25_redoes_games_4_to_25():
    setup, entries, state = started(12)
    state = play(state, entries, random.Random(7))
    table = state.seating_of(3).tables[0]
    loser = next(c for c in table.seats if c != state.winner(3, 1))
    fixed = replay(setup, [*entries, state.result_entry(3, 1, loser, correct=True)])
    assert fixed.seatings[:3] == state.seatings[:3]
    assert fixed.seating_of(4) != state.seating_of(4)
    assert fixed.winner(3, 1) == loser
    assert sum(fixed.standings().wins) == 25 * 6
    # Every later result still stands, by the seat it was reported from.
    for game in range(4, 26):
        for number in range(1, 7):
            assert fixed.results[game - 1][number] == state.results[game - 1][number]
    # The correction changed who sat where from game 4 on, so the punch cards differ.
    assert fixed.standings().punched != state.standings().punched


def test_the_same_result_twice_is_refused_as_a_conflict():
    _, _, state = started(4)
    state = state.apply(state.result_entry(1, 1, 0))
    with pytest.raises(PartyError) as caught:
        state = state.apply(state.result_entry(1, 1, 0))
    assert caught.value.conflict
    with pytest.raises(PartyError, match="already-reported") as caught:
        state = state.apply(state.result_entry(1, 1, 1))
    assert caught.value.conflict
    state = state.apply(state.result_entry(1, 1, 1, correct=True))
    assert state.winner(1, 1) == 1
    assert sum(state.standings().wins) == 1


@pytest.mark.parametrize(
    ("game", "table", "winner", "message"),
    [
        (2, 1, 0, r"game-not-started \(game=2, current=1\)"),
        (26, 1, 0, r"no-such-game \(game=26, games=25\)"),
        (1, 3, 0, r"no-such-table \(table=3, game=1\)"),
        (1, 1, 2, r"not-at-table \(couple=3, table=1, game=1\)"),
    ],
)
def test_results_that_do_not_fit_are_refused(game, table, winner, message):
    _, _, state = started(4)
    with pytest.raises(PartyError, match=message):
        state = state.apply(state.result_entry(game, table, winner))
    assert state.standings().wins == (0, 0, 0, 0)


def test_late_arrivals_play_from_the_next_game_and_couples_gone_leave_a_seat():
    setup, entries, state = started(6, games=6)
    state = state.apply(AddCouple(Couple("Late & Later")))
    state = state.apply(AddCouple(Couple("Later still")))
    state = state.apply(Gone(0))
    state = play(state, [], random.Random(2), games=1)
    second = state.seating_of(2)
    # Seven couples now: three tables, the first late couple fills the seat left empty, the other sits out.
    assert len(second.tables) == 3
    assert 6 in second.seated() and second.sits_out == 7 and 0 not in second.seated()
    assert state.couples[0].gone_from == 2


def test_gone_may_not_leave_fewer_than_two_couples():
    _, _, state = started(2)
    with pytest.raises(PartyError, match="two-couples-playing"):
        state = state.apply(Gone(1))


# -- Cookie jar and settings ------------------------------------------------------------


def test_the_cookie_jar_draw_is_seeded_and_the_check_wants_every_number():
    assert draw_cookie_jar(8, 25, 42) == draw_cookie_jar(8, 25, 42)
    numbers = draw_cookie_jar(8, 25, 42)
    assert len(set(numbers)) == 8 and all(1 <= n <= 25 for n in numbers)
    assert cookie_jar_winners(numbers, [list(numbers), list(numbers)[:-1], list(range(1, 26))]) == (0, 2)


def test_a_cookie_jar_draw_of_the_wrong_size_is_refused():
    _, _, state = started(4, cookie_jar=8)
    with pytest.raises(PartyError, match=r"cookie-jar-count \(count=8\)"):
        state = state.apply(CookieDraw((1, 2, 3)))


@pytest.mark.parametrize(
    ("settings_", "field"),
    [
        ({"name": " "}, "name"),
        ({"games": 0}, "games"),
        ({"prizes": 11}, "prizes"),
        ({"cookie_jar": 26}, "cookie_jar"),
        ({"kind": GameKind.PLAY_TO}, "play_to"),
        ({"play_to": 45}, "play_to"),
    ],
)
def test_settings_that_make_no_evening_are_refused(settings_, field):
    values = {"name": "Hall", **settings_}
    with pytest.raises(PartyError) as caught:
        PartySetup(**values)
    assert caught.value.field == field


def test_starting_needs_two_couples_and_starts_once():
    state = replay(PartySetup("Hall"), couples(1))
    with pytest.raises(PartyError, match="two-couples-to-start"):
        state = state.apply(Start())
    state = state.apply(AddCouple(Couple("Second")))
    state = state.apply(Start())
    with pytest.raises(PartyError, match="already-started"):
        state = state.apply(Start())


def test_taking_entries_never_changes_the_evening_they_are_taken_from():
    """Like a game's state, an evening once handed out is never changed: apply gives a new one."""
    setup, entries, state = started(6, games=4)
    state = play(state, entries, random.Random(3), games=2)
    before = (state.standings(), state.seatings, state.results, state.entries, state.couples)
    other = play(state, [], random.Random(4))
    other = other.apply(Close())
    assert other.finished and other.closed and not state.finished and not state.closed
    assert (state.standings(), state.seatings, state.results, state.entries, state.couples) == before
    assert replay(setup, other.entries).standings() == other.standings()
    # A refused entry leaves it as it was too, and its parts cannot be changed from outside.
    with pytest.raises(PartyError):
        state.apply(Reopen())
    assert state.entries == before[3]
    with pytest.raises(TypeError):
        state.results[0][1] = 0  # type: ignore[index]
    with pytest.raises(AttributeError):
        state.couples.append(None)  # type: ignore[attr-defined]
    with pytest.raises(AttributeError):
        state.closed = True  # type: ignore[misc]


@given(st.integers(4, 21), SEEDS)
@settings(max_examples=40, deadline=None)
def test_where_a_couple_goes_next_is_known_as_soon_as_its_table_reports(count, seed):
    """Winners on, losers stay: whatever the other tables report, the couple ends up where it was told."""
    setup, entries, state = started(count, games=3)
    rng = random.Random(seed)
    first = state.missing()[0]
    state = state.apply(state.result_entry(1, first.number, first.seats[rng.randrange(2)]))
    told = {c: state.heading_to(c) for c in first.seats}
    assert all(t is not None for t in told.values())
    state = play(state, entries, rng, games=1)
    for couple, table in told.items():
        seated = state.seating_of(2).table_of(couple)
        assert (0 if seated is None else seated.number) == table


@given(st.integers(2, 20), late_and_gone(max_size=8), SEEDS)
@settings(max_examples=80, deadline=None)
def test_late_and_gone_couples_keep_every_game_a_proper_seating(count, changes, seed):
    """Couples arriving and leaving between games: each game still seats every couple there exactly once."""
    state = played_with_late_and_gone(count, 8, changes, seed)
    for seating in state.seatings:
        present = sorted(state.present(seating.game))
        seated = seating.seated()
        assert len(seated) == len(set(seated))
        assert sorted(seated + ([seating.sits_out] if seating.sits_out is not None else [])) == present
        assert len(seating.tables) == len(present) // 2
    assert sum(state.standings().wins) == sum(len(s.tables) for s in state.seatings)
