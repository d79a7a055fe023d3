"""Properties of the ratings: one game at a time or all at once give the same book, a corrected game rates
again only from itself on, and the figure shown follows the rule book's formula."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.stats.ratings import Match, ranks_by_score, rate, shown

PEOPLE = [f"p{n}" for n in range(1, 9)]
FAST = settings(max_examples=30, deadline=None)


@st.composite
def matches(draw, min_size=1, max_size=40):
    """Games of two partnerships (or three players alone) drawn from eight people, each with a winner."""
    found = []
    for at in range(draw(st.integers(min_size, max_size))):
        people = draw(st.permutations(PEOPLE))
        if draw(st.booleans()):
            teams = ((people[0], people[1]), (people[2], people[3]))
        else:
            teams = ((people[0],), (people[1],), (people[2],))
        scores = draw(st.lists(st.integers(-60, 150), min_size=len(teams), max_size=len(teams)))
        winner = draw(st.integers(0, len(teams) - 1))
        found.append(Match(("game", at, draw(st.integers(0, 3))), teams, ranks_by_score(scores, winner)))
    return found


@FAST
@given(matches())
def test_one_game_at_a_time_gives_what_all_at_once_gives(games):
    book = None
    for n in range(1, len(games) + 1):
        book = rate(games[:n], book)
        assert book.rated == 1
    assert book.skills == rate(games).skills
    assert book.trail == rate(games).trail


@FAST
@given(matches(min_size=2), st.data())
def test_a_corrected_game_is_rated_again_from_itself_on(games, data):
    book = rate(games)
    at = data.draw(st.integers(0, len(games) - 1))
    old = games[at]
    corrected = Match(("corrected", at), old.teams, tuple(reversed(old.ranks)))
    changed = [*games[:at], corrected, *games[at + 1 :]]
    again = rate(changed, book)
    assert again.rated == len(games) - at
    assert again.skills == rate(changed).skills
    # The book it started from is as it was.
    assert book.skills == rate(games).skills


def test_a_newcomer_shows_1000_and_the_figure_is_never_below_0():
    assert shown(25, 25 / 3) == 1000
    assert shown(0, 20) == 0
    assert shown(30, 1) == round(1000 + 40 * 27)


def test_the_winner_ranks_first_then_by_score_ties_sharing():
    assert ranks_by_score([50, 120], 1) == (2, 1)
    assert ranks_by_score([60, 60, 125], 2) == (2, 2, 1)
    assert ranks_by_score([130, 125, 40], 1) == (2, 1, 3)


def test_partners_move_together_and_a_winner_rises():
    book = rate([Match("g1", (("a", "b"), ("c", "d")), (1, 2))])
    assert book.skills["a"] == book.skills["b"] and book.skills["a"].mu > 25 > book.skills["c"].mu
    assert book.skills["a"].settling and book.skills["a"].games == 1
