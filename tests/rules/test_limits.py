"""The engine's named numbers agree with the rules they name."""

from __future__ import annotations

import pytest

from scorekeeper.rules import (
    GREEN_BELOW_TARGET,
    LOWEST_TARGET,
    MOST_HAND_POINTS,
    POINTS_PER_TRICK,
    PRESETS,
    TRICKS_IN_HAND,
    Rules,
    RulesError,
    point_choices,
    points_from_tricks,
    preset_for_target,
    took_no_high,
    took_some_tricks,
)


def test_a_hand_taken_whole_is_worth_the_most_points():
    assert points_from_tricks((TRICKS_IN_HAND, 0), 0, Rules()) == (MOST_HAND_POINTS, 0)
    assert max(point_choices(Rules())) == MOST_HAND_POINTS
    assert point_choices(Rules()) == tuple(range(0, MOST_HAND_POINTS + 1, POINTS_PER_TRICK))


def test_the_green_starts_that_far_below_the_target_when_left_empty():
    for target in (45, 120, 500):
        assert Rules(target=target).green_line == target - GREEN_BELOW_TARGET


def test_the_lowest_target_is_the_lowest_the_rules_accept():
    assert Rules(target=LOWEST_TARGET, on_the_green=False).target == LOWEST_TARGET
    with pytest.raises(RulesError):
        Rules(target=LOWEST_TARGET - 1, on_the_green=False)


@pytest.mark.parametrize(
    ("points", "no_high"), [((30, 0), False), ((15, 15), False), ((25, 0), True), ((10, 15), True), ((0, 0, 25), True)]
)
def test_points_short_of_a_whole_hand_took_no_high(points, no_high):
    assert took_no_high(points) is no_high


@pytest.mark.parametrize(("tricks", "some"), [(0, False), (1, True), (4, True), (5, False)])
def test_some_tricks_is_more_than_none_and_fewer_than_all(tricks, some):
    assert took_some_tricks(tricks) is some


@pytest.mark.parametrize(
    ("target", "preset"), [(5, "traditional"), (45, "traditional"), (46, "new-england"), (120, "new-england")]
)
def test_a_game_to_a_target_is_traditional_up_to_its_own_target(target, preset):
    assert preset_for_target(target) == preset
    # The preset named plays to that target (the party's table sheets start their games so).
    assert Rules.preset(preset).replace(target=target).target == target


def test_the_traditional_game_s_own_target_is_45():
    assert PRESETS["traditional"].target == 45
