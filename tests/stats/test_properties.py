"""Properties of a table's statistics over random games played to the end, checked with Hypothesis."""

from __future__ import annotations

from datetime import date, timedelta

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.stats import GameRecord, GameSummary, combine, summarize, table_stats
from tests._support.stats import played_games

TABLES = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def finished_games(draw):
    """A game of two partnerships (or three players alone) played hand by hand until someone wins."""
    seated, states = draw(played_games())
    return seated, summarize(states[-1])


@st.composite
def tables(draw):
    games = draw(st.lists(finished_games(), min_size=1, max_size=6))
    start = date(2026, 1, 1)
    return [
        GameRecord(f"g{i}", start + timedelta(days=7 * i), seated, summary) for i, (seated, summary) in enumerate(games)
    ]


@TABLES
@given(tables())
def test_wins_add_up_to_the_winners_of_each_game(records):
    stats = table_stats(records)
    winners = sum(len(r.sides[r.summary.winner]) for r in records if r.summary.winner is not None)
    assert sum(p.won for p in stats.people.values()) == winners
    assert sum(p.games for p in stats.people.values()) == sum(sum(len(s) for s in r.sides) for r in records)


@TABLES
@given(tables())
def test_points_per_hand_times_hands_is_the_points_scored(records):
    stats = table_stats(records)
    for person, figures in stats.people.items():
        scored = sum(r.summary.sides[s].points for r in records for s, seated in enumerate(r.sides) if person in seated)
        assert figures.points == scored
        if figures.hands:
            assert figures.points_per_hand * figures.hands == scored


@TABLES
@given(tables())
def test_made_and_set_add_up_to_the_hands_bid(records):
    stats = table_stats(records)
    for figures in [*stats.people.values(), *stats.pairs.values()]:
        assert figures.bids_made + figures.bids_set == figures.hands_bid
        assert sum(b for _label, b, _m in figures.bids()) == figures.hands_bid
        assert sum(m for _label, _b, m in figures.bids()) == figures.bids_made
        assert all(0 <= m <= b for _label, b, m in figures.bids())


@TABLES
@given(tables(), st.data())
def test_a_merge_gives_the_two_entries_combined(records, data):
    stats = table_stats(records)
    together = {p for r in records for side in r.sides for p in side if len(side)}
    # Two entries merge only when they never sat in the same game (the store refuses the rest).
    candidates = [
        (a, b)
        for a in sorted(stats.people)
        for b in sorted(stats.people)
        if a < b
        and not any(a in {x for s in r.sides for x in s} and b in {x for s in r.sides for x in s} for r in records)
    ]
    assert together
    if not candidates:
        return
    a, b = data.draw(st.sampled_from(candidates))
    merged = [
        GameRecord(r.game, r.played, tuple(tuple(a if p == b else p for p in side) for side in r.sides), r.summary)
        for r in records
    ]
    after = table_stats(merged)
    assert b not in after.people
    assert after.people[a].counts() == combine(stats.people[a], stats.people[b])
    assert len(after.people[a].results) == len(stats.people[a].results) + len(stats.people[b].results)


@TABLES
@given(finished_games())
def test_a_summary_survives_its_codec_and_sees_the_winner(game):
    _seated, summary = game
    assert GameSummary.from_dict(summary.to_dict()) == summary
    assert summary.winner is not None
    for s, side in enumerate(summary.sides):
        if s != summary.winner:
            assert not side.out_as_bidder and not side.won_from_green
        if side.out_as_bidder:
            assert side.made >= 1


@TABLES
@given(played_games())
def test_a_summary_carried_on_hand_by_hand_is_the_summary_of_the_whole_game(game):
    # Recording a hand carries on the summary of the game before it instead of summing up every hand again.
    _seated, states = game
    carried = summarize(states[0])
    for state in states[1:]:
        carried = summarize(state, carried)
        assert carried == summarize(state)
    assert carried.winner is not None
