"""For every combination of house rules drawn: a refused hand changes nothing, an accepted one replays the same.

The options are drawn from the engine's own list of them (``OPTION_INFO``), so an option added later is
drawn too. Hands are drawn loosely, legal or not: the engine must take them or refuse them with a
``HandError`` naming the field, never fail another way.
"""

from __future__ import annotations

from hypothesis import HealthCheck, event, given, reject, settings
from hypothesis import strategies as st

from scorekeeper.rules import (
    OPTION_INFO,
    GameSetup,
    GameState,
    HandEntry,
    HandError,
    Rules,
    RulesError,
    Side,
    allowed_bids,
    replay,
)
from tests._support.rules import snapshot

_FREE_VALUES = {
    "target": (45, 110, 120),
    "lock_at": (None, 100, 105),
    "green_at": (None, 90),
    "elimination_at": (None, -80, -30),
}


@st.composite
def house_rules(draw):
    changes = {}
    for name, info in OPTION_INFO.items():
        values = info.choices if info.choices is not None else _FREE_VALUES[name]
        if draw(st.booleans()):  # leave about half the options at the preset's value
            changes[name] = draw(st.sampled_from(values))
    preset = draw(st.sampled_from(["new-england", "nova-scotia", "auction-100", "one-ten", "traditional"]))
    try:
        return Rules.from_dict({"preset": preset, **changes})
    except RulesError:
        reject()


@st.composite
def hands(draw, rules: Rules, sides: int):

    def mostly(good, odd):
        """Mostly a value that fits, now and then one that does not (or None)."""
        return draw(odd) if draw(st.integers(0, 5)) == 5 else draw(good)

    side = st.integers(0, sides - 1)
    odd_side = st.sampled_from([None, -1, sides, True])
    bids = st.sampled_from(allowed_bids(0, rules) or (None,))
    odd_bid = st.sampled_from([None, 35, "20", "lots", True])

    def seldom(strategy):
        """Mostly None (or False): a hand that asks every question at once is refused almost always."""
        return draw(strategy) if draw(st.integers(0, 4)) == 4 else None

    common = dict(
        bidder=mostly(side, odd_side) if rules.bidding else seldom(side),
        bid=mostly(bids, odd_bid),
        bagged=bool(seldom(st.booleans())),
        hold=bool(seldom(st.booleans())),
        partner=mostly(side, odd_side) if rules.call_for_partner else seldom(side),
        offsuit_set=seldom(side),
        tie_break_side=seldom(side),
    )
    if draw(st.booleans()):
        # Mostly five tricks shared out among the sides; sometimes any numbers at all.
        takers = draw(st.lists(st.integers(0, sides - 1), min_size=5, max_size=5))
        tricks = [takers.count(s) for s in range(sides)]
        if draw(st.integers(0, 9)) == 9:
            tricks = draw(st.lists(st.integers(0, 5), min_size=sides, max_size=sides))
        return HandEntry(tricks=tuple(tricks), high=mostly(side, odd_side), **common)
    fives = draw(st.lists(st.integers(0, sides - 1), min_size=5, max_size=6))
    points = [5 * fives.count(s) for s in range(sides)]
    return HandEntry(points=tuple(points), **common)


@st.composite
def games(draw):
    rules = draw(house_rules())
    if rules.call_for_partner:
        count = 5
    else:
        count = draw(st.sampled_from([2, 3, 4]))
    setup = GameSetup(rules, tuple(Side(f"S{i}", (f"P{i}",)) for i in range(count)))
    return setup, draw(st.lists(hands(rules, count), min_size=1, max_size=25))


@given(games())
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
def test_a_refused_hand_changes_nothing_and_an_accepted_one_replays_the_same(game):
    setup, entries = game
    state = GameState.start(setup)
    for entry in entries:
        before = snapshot(state)
        try:
            after = state.apply(entry)
        except HandError as refused:
            assert refused.field, f"refused without naming the field: {refused}"
            assert snapshot(state) == before
            assert snapshot(replay(setup, state.entries)) == before
            continue
        assert snapshot(replay(setup, after.entries)) == snapshot(after)
        state = after
    event(f"hands accepted: {min(len(state.hands), 5)}{'+' if len(state.hands) >= 5 else ''}")
