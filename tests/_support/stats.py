"""Random games played to their end, for the statistics tests."""

from __future__ import annotations

from hypothesis import strategies as st

from scorekeeper.rules import GameSetup, HandEntry, HandError, Rules, Side, points_from_tricks, replay

ROSTER = ["p1", "p2", "p3", "p4", "p5", "p6"]


RULES = [Rules(), Rules.preset("nova-scotia"), Rules(thirty_for_sixty="double", slam=True)]


@st.composite
def played_games(draw):
    """Who sat on each side, and the game's state after each hand, from the first deal until someone wins."""
    rules = draw(st.sampled_from(RULES))
    people = draw(st.permutations(ROSTER))
    if draw(st.booleans()):
        seated: tuple[tuple[str, ...], ...] = ((people[0], people[2]), (people[1], people[3]))
    else:
        seated = ((people[0],), (people[1],), (people[2],))
    setup = GameSetup(rules, tuple(Side("/".join(s), s) for s in seated), first_dealer=0)
    state = replay(setup, ())
    states = [state]
    for played in range(300):
        if state.over:
            break
        active = list(state.active_sides)
        if played >= 30:
            # Long enough at random: the leader bids its lowest and takes every trick until it goes out.
            bidder = max(active, key=lambda s: state.scores[s])
            takers = [bidder] * 5
            bid = state.allowed_bids(bidder)[0]
        else:
            bidder = draw(st.sampled_from(active))
            bid = draw(st.sampled_from(state.allowed_bids(bidder)))
            takers = draw(st.lists(st.sampled_from(active), min_size=5, max_size=5))
        counts = tuple(takers.count(i) for i in range(len(seated)))
        high = draw(st.sampled_from([i for i, c in enumerate(counts) if c]))
        points = tuple(points_from_tricks(counts, high, rules))
        try:
            state = state.apply(HandEntry(bidder=bidder, bid=bid, points=points))
        except HandError:
            continue  # a question this hand would need (tie-break, off-suit set): deal again
        states.append(state)
    return seated, states
