"""Each hand's figures as stored with it (who dealt, made or set, points as scored, change, running score) are
what a replay of the game says, after every kind of change: a hand recorded, undone or changed, the rules changed
before the first hand, a table brought back from its export.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.platform.extensions import db
from scorekeeper.rules import PRESETS, HandEntry, HandError, Side, replay
from scorekeeper.store import games as services
from scorekeeper.store import tables as table_store
from scorekeeper.store.models import Game, Hand
from tests._support.examples import examples

FIGURES = ("dealer_seat", "made", "scored_points", "changes", "running_scores")
SIDES = [Side("Us", ("Frank", "Fred")), Side("Them", ("John", "Jim"))]
STEPS = st.lists(st.sampled_from(["record", "record", "record", "undo", "edit", "rules"]), min_size=1, max_size=30)


@pytest.fixture
def ctx(app):
    with app.app_context():
        yield app


def stored_and_replayed(game_id: str) -> tuple[list[dict], list[dict]]:
    """Each hand's figures as stored, and as a replay of the stored hands makes them."""
    db.session.expire_all()
    game = services.load_game(game_id)
    state = replay(services.setup_for(game), [services.entry_for(hand) for hand in game.hands])
    return [{f: getattr(hand, f) for f in FIGURES} for hand in game.hands], [
        services.hand_figures(r) for r in state.hands
    ]


def an_entry(rng: random.Random, state) -> HandEntry:
    """A hand for *state* (the rules may still refuse it: then nothing is stored)."""
    bidder = rng.randrange(2)
    took = rng.choice([0, 5, 10, 15, 20, 25, 30])
    points = (took, 30 - took) if bidder == 0 else (30 - took, took)
    allowed = state.allowed_bids(bidder)
    if not state.setup.rules.bidding or not allowed:
        return HandEntry(points=points)
    return HandEntry(bidder=bidder, bid=rng.choice(allowed), points=points)


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(preset=st.sampled_from(sorted(PRESETS)), steps=STEPS, seed=st.integers(0, 2**16))
def test_stored_figures_are_a_replay_after_every_change(ctx, preset, steps, seed):
    rng = random.Random(seed)
    game = services.create_game(preset, SIDES, first_dealer=seed % 4)
    game_id = game.id
    for step in steps:
        db.session.expire_all()
        game = services.load_game(game_id)
        state = services.state_for(game)
        try:
            if step == "record":
                services.record(game_id, game.edit_token, an_entry(rng, state), None, loaded=game)
            elif step == "undo" and game.hands:
                services.undo_last(game)
            elif step == "edit" and game.hands:
                n = rng.randrange(1, len(game.hands) + 1)
                before = replay(state.setup, state.entries[: n - 1])
                services.edit_hand(game, n, an_entry(rng, before))
            elif step == "rules":
                services.change_rules(game, rng.choice(sorted(PRESETS)))
        except (HandError, services.GameConflict):
            db.session.rollback()
        stored, replayed = stored_and_replayed(game_id)
        assert stored == replayed, step


def test_a_changed_hand_moves_every_later_running_score(ctx):
    game = services.create_game("new-england", SIDES)
    for entry in [HandEntry(bidder=0, bid=20, points=(20, 10)), HandEntry(bidder=1, bid=15, points=(10, 20))] * 2:
        services.record_hand(game, entry)
    db.session.expire_all()
    game = services.load_game(game.id)
    services.edit_hand(game, 1, HandEntry(bidder=0, bid=25, points=(20, 10)))  # now set: 25 off, not 20 on
    stored, replayed = stored_and_replayed(game.id)
    assert stored == replayed
    assert [h["running_scores"] for h in stored] == [[-25, 10], [-15, 30], [5, 40], [15, 60]]


@settings(max_examples=examples(15), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**16), games=st.integers(1, 4))
def test_a_table_brought_back_from_its_export_stores_the_replayed_figures(ctx, seed, games):
    rng = random.Random(seed)
    table = table_store.create_table("Friday", [])
    for i in range(games):
        game = services.create_game(rng.choice(sorted(PRESETS)), SIDES, first_dealer=i % 4)
        for _ in range(rng.randrange(8)):
            try:
                services.record_hand(game, an_entry(rng, services.state_for(game)))
            except HandError:
                pass
        db.session.expire_all()
        table_store.add_game(table, services.load_game(game.id))
    document = json.loads(table_store.export_table(table_store.load_table(table.id)))
    made = table_store.import_table(document).what
    ids = [link.game_id for link in made.games]
    assert len(ids) == games
    for game_id in ids:
        stored, replayed = stored_and_replayed(game_id)
        assert stored == replayed
        assert all(hand["running_scores"] is not None for hand in stored)


def test_a_hand_recorded_through_the_api_is_stored_with_its_running_score(app, client, game):
    answer = client.post(
        f"/api/v1/games/{game['id']}/hands",
        json={"n": 1, "bidder": 0, "bid": 20, "points": [25, 5]},
        headers={"Authorization": f"Bearer {game['edit_token']}"},
    )
    assert answer.status_code == 201, answer.get_json()
    with app.app_context():
        hand = db.session.scalars(db.select(Hand).where(Hand.game_id == game["id"])).one()
        assert (hand.made, hand.scored_points, hand.changes, hand.running_scores) == (True, [25, 5], [25, 5], [25, 5])
        assert db.session.get(Game, game["id"]).totals == hand.running_scores
