"""The handicap prize: within ±3, from the 3rd evening, and it never changes an evening's places or the ladder."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.party.handicap import couple_handicap, handicap_prize, player_handicaps
from scorekeeper.party.ladder import EveningResult, LadderRules, MemberEvening, dense_places, ladder

MEMBERS = list(range(1, 13))


@st.composite
def seasons(draw):
    """Evenings of six couples of the twelve members, each couple's games won from 0 to 20."""
    evenings = []
    for n in range(draw(st.integers(1, 14))):
        people = draw(st.permutations(MEMBERS))
        wins = draw(st.lists(st.integers(0, 20), min_size=6, max_size=6))
        places = dense_places(wins, range(6))
        lines = [MemberEvening(people[2 * c + k], c, places[c], wins[c]) for c in range(6) for k in (0, 1)]
        evenings.append(EveningResult(f"e{n}", tuple(sorted(lines, key=lambda line: line.member))))
    return evenings


@settings(max_examples=60, deadline=None)
@given(seasons())
def test_a_handicap_is_a_half_game_within_three_and_comes_with_the_third_evening(evenings):
    found = player_handicaps(evenings)
    attended = {m: sum(1 for e in evenings for line in e.members if line.member == m) for m in MEMBERS}
    assert set(found) == {m for m, n in attended.items() if n >= 3}
    for h in found.values():
        assert -3 <= h <= 3 and (h * 2).denominator == 1
    for a in MEMBERS:
        for b in MEMBERS:
            assert -3 <= couple_handicap([a, b], found) <= 3


@settings(max_examples=60, deadline=None)
@given(seasons(), st.data())
def test_the_handicap_prize_never_changes_the_places_or_the_ladder(evenings, data):
    before = ladder(evenings, LadderRules())
    last = evenings[-1]
    wins = {line.couple: line.wins for line in last.members}
    places = {line.couple: line.place for line in last.members}
    handicaps = {c: data.draw(st.sampled_from([Fraction(n, 4) for n in range(-12, 13)])) for c in wins}
    prize = handicap_prize(wins, handicaps)
    assert ladder(evenings, LadderRules()) == before
    assert {line.couple: line.place for line in last.members} == places
    assert sorted(line.couple for line in prize) == sorted(wins)
    totals = [line.total for line in prize]
    assert totals == sorted(totals, reverse=True)
    for a in prize:
        for b in prize:
            assert (a.place == b.place) == (a.total == b.total)


def test_a_weak_player_gets_games_and_a_strong_one_gives_them():
    evenings = [
        EveningResult(f"e{n}", (MemberEvening(1, 0, 1, 14), MemberEvening(2, 1, 2, 6), MemberEvening(3, 2, 2, 10)))
        for n in range(3)
    ]
    found = player_handicaps(evenings)
    assert found == {1: Fraction(-3), 2: Fraction(3), 3: Fraction(0)}  # field 10: −4 held at −3, +4 held at +3
    assert player_handicaps(evenings[:2]) == {}
    assert couple_handicap([1, 2], found) == 0 and couple_handicap([2, 9], found) == Fraction(3, 2)
    prize = handicap_prize({0: 14, 1: 12}, {0: Fraction(-3), 1: Fraction(3, 2)})
    assert [(line.place, line.couple, line.total) for line in prize] == [(1, 1, Fraction(27, 2)), (2, 0, 11)]
