"""The row each person has at the top of the statistics equals their detailed figures, and both agree with a
recount made here from the hands of the replayed games."""

from __future__ import annotations

from datetime import date, timedelta

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.stats import THIRTIES, GameRecord, summarize, table_stats
from scorekeeper.stats.ratings import Match, ranks_by_score, rate
from scorekeeper.stats.summary import summary_rows
from tests._support.stats import played_games

TABLES = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def recount(games):
    """Per person, counted from each hand: games, won, bid, made, set, 30s bid and made, sets inflicted."""
    found = {}
    for seated, states in games:
        last = states[-1]
        for s, people in enumerate(seated):
            for person in people:
                mine = found.setdefault(
                    person, dict.fromkeys(("games", "won", "bid", "made", "set", "b30", "m30", "inflicted"), 0)
                )
                mine["games"] += 1
                mine["won"] += int(last.winner == s)
                for hand in last.hands:
                    if hand.bidder is None or hand.made is None:
                        continue
                    key = str(hand.bid)
                    if hand.bidder == s:
                        mine["bid"] += 1
                        mine["made" if hand.made else "set"] += 1
                        if key in THIRTIES:
                            mine["b30"] += 1
                            mine["m30"] += int(hand.made)
                    elif not hand.made and hand.partner != s:
                        mine["inflicted"] += 1
    return found


@TABLES
@given(st.lists(played_games(), min_size=1, max_size=6))
def test_the_summary_row_is_the_detailed_figures_and_a_recount_of_the_hands(games):
    records = [
        GameRecord(f"g{i}", date(2026, 1, 1) + timedelta(days=i), seated, summarize(states[-1]))
        for i, (seated, states) in enumerate(games)
    ]
    stats = table_stats(records)
    book = rate(
        [
            Match(r.game, r.sides, ranks_by_score(list(states[-1].scores), states[-1].winner))
            for r, (_seated, states) in zip(records, games)
            if states[-1].winner is not None
        ]
    )
    rows = {row.person: row for row in summary_rows(stats, book.skills)}
    counted = recount(games)
    assert set(rows) == set(counted) == set(stats.people)
    for person, row in rows.items():
        f, c = stats.people[person], counted[person]
        assert (row.games, row.won, row.hands_bid, row.bids_made, row.bids_set) == (
            f.games,
            f.won,
            f.hands_bid,
            f.bids_made,
            f.bids_set,
        )
        assert (row.games, row.won, row.hands_bid, row.bids_made, row.bids_set) == (
            c["games"],
            c["won"],
            c["bid"],
            c["made"],
            c["set"],
        )
        assert (row.thirties_bid, row.thirties_made, row.sets_inflicted) == (c["b30"], c["m30"], c["inflicted"])
        assert row.win_rate == f.win_rate and row.set_rate == f.set_rate
        assert row.rating == book.skills.get(person)
        if row.best_partner is not None:
            pair = tuple(sorted((person, row.best_partner)))
            assert stats.pairs[pair].games >= 3
