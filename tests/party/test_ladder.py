"""The season ladder: from random seasons (late couples, corrections, substitutes), it is a plain recount."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.party import AddCouple, Couple, Gone, PartySetup, Start, replay
from scorekeeper.party.ladder import (
    Chair,
    LadderError,
    LadderRules,
    Scoring,
    TieBreak,
    evening_result,
    jackpot,
    ladder,
)
from tests._support.party import recount

POOL = 14


def random_evening(rng: random.Random):
    """Play one evening; return its state and who sat in which chair from which game."""
    games = rng.randint(2, 6)
    setup = PartySetup("Legion", games=games)
    members = rng.sample(range(POOL), rng.randrange(4, POOL + 1) // 2 * 2)
    first = rng.randint(2, len(members) // 2)
    chairs: list[Chair] = []
    state = replay(setup, ())

    def add(couple_members, from_game=1):
        nonlocal state
        index = len(state.couples)
        state = state.apply(AddCouple(Couple(f"C{index}")))
        for slot, m in enumerate(couple_members):
            chairs.append(Chair(index, slot, m, 1))

    pairs = [members[i : i + 2] for i in range(0, len(members), 2)]
    for pair in pairs[:first]:
        add(pair)
    late = pairs[first:]
    state = state.apply(Start())
    spare = [m for m in range(POOL) if m not in members]
    while not state.finished:
        if late and rng.random() < 0.4 and state.game < games:
            add(late.pop())
        if spare and rng.random() < 0.2 and state.game < games:
            # A substitute takes a chair from the next game.
            couple = rng.randrange(len(state.couples))
            chairs.append(Chair(couple, rng.randrange(2), spare.pop(), state.game + 1))
        if rng.random() < 0.25 and state.game < games and len(state.couples) > 1:
            # A member already seated tonight also takes a chair of another couple: two chairs, one evening.
            sitter = rng.choice(chairs)
            couple = rng.choice([c for c in range(len(state.couples)) if c != sitter.couple])
            chairs.append(Chair(couple, rng.randrange(2), sitter.member, state.game + 1))
        if rng.random() < 0.05 and len(state.present(state.game)) > 2:
            gone = rng.choice(state.present(state.game))
            state = state.apply(Gone(gone))
        for table in state.missing():
            state = state.apply(state.result_entry(state.game, table.number, table.seats[rng.randrange(2)]))
        if state.complete_games >= 2 and rng.random() < 0.3:
            # A corrected earlier result: every later game is worked out again.
            game = rng.randint(1, state.complete_games - 1)
            table = rng.choice(state.seating_of(game).tables)
            loser = table.seats[1 - state.results[game - 1][table.number]]
            state = state.apply(state.result_entry(game, table.number, loser, correct=True))
    return state, chairs


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    evenings=st.integers(1, 6),
    scoring=st.sampled_from(list(Scoring)),
    best_of=st.one_of(st.none(), st.integers(1, 4)),
    minimum=st.integers(0, 4),
    points=st.lists(st.integers(0, 12), min_size=1, max_size=8),
)
def test_the_ladder_is_a_recount_of_the_evenings(seed, evenings, scoring, best_of, minimum, points):
    rng = random.Random(seed)
    season = [random_evening(rng) for _ in range(evenings)]
    rules = LadderRules(scoring, tuple(points), best_of, minimum, (TieBreak.WINS, TieBreak.BEST))
    lines = ladder([evening_result(str(n), s, c) for n, (s, c) in enumerate(season)], rules)
    expected = recount(season, rules)
    assert {line.member: (line.total, line.attended, line.wins, line.best) for line in lines} == expected
    ranked = [line for line in lines if line.position is not None]
    # Ranked exactly from the minimum attendance, and best-N counts no more than N evenings.
    assert {line.member for line in ranked} == {m for m, t in expected.items() if t[1] >= minimum}
    for line in lines:
        assert len(line.counted) == (line.attended if best_of is None else min(best_of, line.attended))
    # Positions follow the totals, then games won, then the best evening; the level share a position.
    keys = [(-line.total, -line.wins, -line.best) for line in ranked]
    assert keys == sorted(keys)
    for n, line in enumerate(ranked):
        if n and keys[n] == keys[n - 1]:
            assert line.position == ranked[n - 1].position
        else:
            assert line.position == n + 1


def test_best_of_and_minimum_exactly():
    from scorekeeper.party.ladder import EveningResult, MemberEvening

    nights = [
        EveningResult("1", (MemberEvening(1, 0, 1, 5), MemberEvening(2, 1, 2, 3))),
        EveningResult("2", (MemberEvening(1, 0, 3, 1), MemberEvening(2, 1, 1, 6))),
        EveningResult("3", (MemberEvening(1, 0, 1, 4),)),
    ]
    rules = LadderRules(Scoring.PLACES, (8, 7, 6), best_of=2, minimum=3)
    lines = ladder(nights, rules)
    assert [(x.member, x.position, x.total) for x in lines] == [(1, 1, 16), (2, None, 15)]
    merged = ladder(nights, LadderRules(Scoring.WINS, minimum=0), merged={2: 1})
    assert [(x.member, x.total, x.attended) for x in merged] == [(1, 5 + 6 + 4, 3)]


def test_a_tie_on_everything_shares_the_position():
    from scorekeeper.party.ladder import EveningResult, MemberEvening

    nights = [EveningResult("1", (MemberEvening(1, 0, 1, 5), MemberEvening(2, 0, 1, 5), MemberEvening(3, 1, 2, 2)))]
    assert [x.position for x in ladder(nights, LadderRules())] == [1, 1, 3]


@pytest.mark.parametrize(
    ("scoring", "kept"),
    [
        # Points by place: the chair of the couple placed first (8 points), though it won fewer games.
        (Scoring.PLACES, (8, 2)),
        # Games won: the chair where the member won 3 games, though that couple placed lower.
        (Scoring.WINS, (3, 3)),
    ],
)
def test_a_member_in_two_chairs_keeps_the_chair_that_scores_more(scoring, kept):
    from scorekeeper.party.ladder import EveningResult, MemberEvening

    night = EveningResult("1", (MemberEvening(7, 0, 1, 2, 1), MemberEvening(7, 3, 2, 3, 4)))
    (line,) = ladder([night], LadderRules(scoring))
    assert (line.total, line.wins) == kept


def test_two_chairs_scoring_the_same_keep_the_one_with_more_games_won_then_the_earlier():
    from scorekeeper.party.ladder import EveningResult, MemberEvening, kept_chair

    rules = LadderRules(Scoring.PLACES)
    # Both couples placed first: the chair with more games won counts.
    assert kept_chair((MemberEvening(7, 0, 1, 2, 1), MemberEvening(7, 3, 1, 4, 5)), rules).couple == 3
    # Level on games won too: the chair taken first.
    assert kept_chair((MemberEvening(7, 3, 1, 2, 5), MemberEvening(7, 0, 1, 2, 1)), rules).couple == 0
    (line,) = ladder([EveningResult("1", (MemberEvening(7, 0, 1, 2, 1), MemberEvening(7, 3, 1, 4, 5)))], rules)
    assert line.wins == 4


def test_the_jackpot_carries_over_until_won():
    lines = jackpot([(500, False), (500, False), (500, True), (500, False)])
    assert [(x.pot, x.carried) for x in lines] == [(500, 500), (1000, 1000), (1500, 0), (500, 500)]


def test_ladder_settings_refused():
    with pytest.raises(LadderError):
        LadderRules(best_of=0)
    with pytest.raises(LadderError):
        LadderRules(place_points=())
