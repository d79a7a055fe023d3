"""The draw limits by table size (the rule book, /rules#draw-limits)."""

from __future__ import annotations

import pytest

from scorekeeper.rules.draw import HAND_SIZE, KITTY_SIZE, DrawError, draw_limit, draw_limits
from scorekeeper.words import refusal

# 004: keep at least 1 card with up to 5 players, 2 with 6, 3 with 7, 4 with 8.
# 001: 6 players throw away at most 3, 5 or fewer at most 4.
KEEP = {2: 1, 3: 1, 4: 1, 5: 1, 6: 2, 7: 3, 8: 4}


@pytest.mark.parametrize(("players", "keep"), sorted(KEEP.items()))
def test_keep_at_least(players, keep):
    limit = draw_limit(players)
    assert (limit.players, limit.keep, limit.change) == (players, keep, HAND_SIZE - keep)


def test_six_players_throw_away_at_most_three_and_five_at_most_four():
    assert draw_limit(6).change == 3
    assert draw_limit(5).change == 4


def test_every_table_size_in_order():
    assert [(limit.players, limit.keep) for limit in draw_limits()] == sorted(KEEP.items())


@pytest.mark.parametrize("players", [limit.players for limit in draw_limits()])
def test_the_pack_covers_the_largest_draw(players):
    """After the deal and the kitty, the pack holds enough cards for everyone's biggest draw."""
    left_in_pack = 52 - players * HAND_SIZE - KITTY_SIZE
    assert players * draw_limit(players).change <= left_in_pack


def test_the_bidder_keeps_at_most_a_hand():
    assert all(limit.bidder_keeps == HAND_SIZE for limit in draw_limits())


@pytest.mark.parametrize("players", [0, 1, 9, -3, True, 2.0, "4"])
def test_a_table_size_outside_the_game_is_refused(players):
    with pytest.raises(DrawError) as caught:
        draw_limit(players)
    assert "2 to 8 players" in refusal(caught.value)
