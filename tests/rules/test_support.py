"""The shared checks of the engine's tests can fail: a check that cannot is worse than none."""

from __future__ import annotations

import dataclasses

import pytest

from scorekeeper.rules import HandEntry, replay
from tests._support.rules import assert_deeply_frozen, assert_refused, two_sides

BAD = HandEntry(bidder=0, bid=10, points=(15, 15))


def played():
    return replay(two_sides(), [HandEntry(bidder=0, bid=15, points=(20, 10))])


def test_a_real_state_passes():
    assert_refused(played(), BAD, "bid", r"not a bid")


def test_a_state_holding_a_list_fails():
    state = dataclasses.replace(played(), scores=[20, 10])
    with pytest.raises(AssertionError, match=r"state\.scores is a list"):
        assert_deeply_frozen(state)


def test_a_mutable_object_inside_fails():
    @dataclasses.dataclass
    class Loose:
        n: int = 0

    state = dataclasses.replace(played(), entries=(Loose(),))
    with pytest.raises(AssertionError, match=r"can be changed"):
        assert_deeply_frozen(state)


def test_a_state_that_is_not_what_its_log_replays_to_fails():
    state = dataclasses.replace(played(), scores=(25, 10))
    with pytest.raises(AssertionError):
        assert_refused(state, BAD, "bid", r"not a bid")


def test_the_wrong_field_fails():
    with pytest.raises(AssertionError, match="field"):
        assert_refused(played(), BAD, "points", r"not a bid")
