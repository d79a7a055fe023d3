"""A club's stored season: the ladder the app shows is a recount of the stored evenings, however they went.

Random seasons go through the writing service as the desk and the director's page write them (couples
registered at the desk, late couples, substitutes, corrected results, a merged member), and the club's ladder
is compared with the plain recount the party engine tests use (tests/_support/party.py), after every evening and after a correction.
"""

from __future__ import annotations

import random
from datetime import date, timedelta

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.party import PartySetup
from scorekeeper.party.ladder import LadderRules, Scoring
from scorekeeper.store import clubs
from scorekeeper.store import parties as party_store
from tests._support.party import recount

ROSTER = 12


def play(club, party_id, rng):
    """Start the evening and play it out: random winners, late couples, substitutes, corrections."""
    state = party_store.write(party_id, party_store.start_entries)
    while not state.finished:
        seated = clubs.seated_numbers(clubs.chairs_of(party_id))
        free = [n for n in range(1, ROSTER + 1) if n not in seated]
        if len(free) >= 2 and rng.random() < 0.3 and state.game < state.setup.games:
            clubs.register(club, party_id, [tuple(rng.sample(free, 2))])
            free = [n for n in range(1, ROSTER + 1) if n not in clubs.seated_numbers(clubs.chairs_of(party_id))]
        if free and rng.random() < 0.3 and state.game < state.setup.games:
            clubs.substitute(club, party_id, rng.randrange(len(state.couples)), rng.randrange(2), rng.choice(free))
        state = party_store.write(
            party_id, lambda s: [s.result_entry(s.game, t.number, t.seats[rng.randrange(2)]) for t in s.missing()]
        )
        if state.complete_games >= 1 and rng.random() < 0.3:
            game = rng.randint(1, state.complete_games)
            table = state.seating_of(game).tables[0]
            loser = table.seats[1 - state.results[game - 1][1]]
            state = party_store.write(party_id, lambda s, g=game, x=loser: [s.result_entry(g, 1, x, correct=True)])


def expected(club, rules):
    """The recount from what is stored: each evening replayed, with its chairs, merged numbers as the kept ones."""
    merged = {m.number: m.merged_into for m in club.members if m.merged_into is not None}
    season = []
    for _evening, row in clubs.evenings(club.id, "2026-2027"):
        _row, state = party_store.load(row.id)
        chairs = [
            type(c)(c.couple, c.slot, merged.get(c.member, c.member), c.from_game) for c in clubs.chairs_of(row.id)
        ]
        season.append((state, chairs))
    return recount(season, rules)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32), evenings=st.integers(1, 3), scoring=st.sampled_from(list(Scoring)))
def test_the_stored_ladder_is_a_recount_of_the_stored_evenings(app, seed, evenings, scoring):
    rng = random.Random(seed)
    with app.app_context():
        club = clubs.create("Parish Hall")
        for n in range(ROSTER):
            clubs.add_member(club, f"Player {n + 1}")
        rules = LadderRules(scoring, (5, 3, 1), best_of=rng.choice([None, 2]), minimum=rng.randint(0, 2))
        clubs.update(club, rules=rules)
        for n in range(evenings):
            party = clubs.new_evening(
                club, PartySetup("Card party", games=rng.randint(2, 4)), held_on=date(2026, 10, 2) + timedelta(7 * n)
            )
            numbers = rng.sample(range(1, ROSTER + 1), 4)
            clubs.register(club, party.id, [(numbers[0], numbers[1]), (numbers[2], numbers[3])])
            play(club, party.id, rng)
            worked = clubs.season(club, "2026-2027")
            got = {line.member: (line.total, line.attended, line.wins, line.best) for line in worked.lines}
            assert got == expected(club, rules)
        # A member merged into another: their evenings count as one player's, where they never sat together.
        clubs.merge_member(club, 2, 1)
        worked = clubs.season(club, "2026-2027")
        assert 2 not in {line.member for line in worked.lines}
        together = any(
            {1, 2} <= {c.member for c in clubs.chairs_of(row.id)} for _e, row in clubs.evenings(club.id, "2026-2027")
        )
        if not together:
            got = {line.member: (line.total, line.attended, line.wins, line.best) for line in worked.lines}
            assert got == expected(club, rules)
