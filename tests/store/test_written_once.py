"""The two writes of a recorded hand (the game's version moved, the hand added), run as statements compiled once per
database: what they store is what the engine made, read back as any other row, on SQLite and PostgreSQL alike."""

from __future__ import annotations

from datetime import UTC

import pytest
from sqlalchemy import bindparam, select

from scorekeeper.platform.extensions import db
from scorekeeper.rules import HandEntry, Side
from scorekeeper.store import games as services
from scorekeeper.store import log
from scorekeeper.store.models import Game, Hand
from scorekeeper.store.prepared import Prepared
from tests._support.app import SIDES

US_THEM = [Side(side["name"], tuple(side["players"])) for side in SIDES]


@pytest.fixture
def ctx(app):
    with app.app_context():
        yield app


def _fresh(game_id: str) -> Game:
    db.session.expire_all()
    found = services.load_game(game_id)
    assert found is not None
    return found


def test_a_recorded_hand_is_stored_as_the_engine_made_it(ctx):
    game = services.create_game("new-england", US_THEM)
    set_hand = HandEntry(bidder=0, bid=20, tricks=(1, 4), high=1)  # side 0 bid 20, took 5: set
    made = HandEntry(bidder=1, bid=30, points=(0, 30))
    first = services.record_hand(game, set_hand, n=1)
    state = services.record_hand(_fresh(game.id), made, n=2)
    game = _fresh(game.id)
    assert game.version == 3 and game.hand_count == 2
    assert game.totals == list(state.scores) == [-20, first.scores[1] + 30]
    assert game.winner is None and game.finished_at is None
    assert game.summary is not None and game.summary["hands"] == 2
    one, two = game.hands
    assert (one.bidder, one.bid, one.tricks, one.high, one.points) == (0, 20, [1, 4], 1, None)
    assert (one.scored_points, one.changes, one.running_scores) == ([5, 25], [-20, 25], [-20, 25])
    assert one.made is False and one.dealer_seat == first.hands[0].dealer_seat
    assert (two.bid, two.points, two.tricks, two.high, two.made) == (30, [0, 30], None, None, True)
    assert two.running_scores == list(state.scores) and two.edited is False and two.bagged is False
    # One moment: the hand's own times and the game's last change.
    assert two.recorded_at == two.updated_at == game.updated_at
    assert two.recorded_at.tzinfo is UTC
    assert services.entry_for(one) == set_hand and services.entry_for(two) == made


def test_a_winning_hand_stores_when_the_game_finished_and_who_won(ctx):
    game = services.create_game("new-england", US_THEM)
    for n in range(1, 5):  # side 0 bids 30 and makes it: 30 a hand, 120 wins
        services.record_hand(_fresh(game.id), HandEntry(bidder=0, bid=30, points=(30, 0)), n=n)
    game = _fresh(game.id)
    assert game.winner == 0 and game.finished_at is not None and game.finished_at.tzinfo is UTC
    assert game.finished_at == game.hands[-1].recorded_at


def test_the_version_moves_only_from_the_version_read(ctx):
    game = services.create_game("new-england", US_THEM)
    assert log.advance(Game, game.id, 1, hand_count=0)
    assert not log.advance(Game, game.id, 1, hand_count=0)  # another writer moved it first: nothing changes
    assert log.advance(Game, game.id, None)  # unchecked: from wherever it is
    db.session.commit()
    assert _fresh(game.id).version == 3


def test_every_value_is_bound_as_its_column_takes_it(ctx):
    """A value a statement carries itself (the 1 of ``version + 1``) and those given by name, each converted by its
    column's type (JSON, a time): the row reads back as the ORM wrote it."""
    game = services.create_game("new-england", US_THEM)
    games = Game.__table__
    moved = Prepared(
        games.update()
        .where(games.c.id == bindparam("key"))
        .values(version=games.c.version + 5, totals=bindparam("totals", type_=games.c.totals.type))
    )
    assert moved.run(db.session.connection(), {"key": game.id, "totals": [7, -7]}).rowcount == 1
    assert moved.run(db.session.connection(), {"key": "no-such-game", "totals": None}).rowcount == 0
    db.session.commit()
    game = _fresh(game.id)
    assert (game.version, game.totals) == (6, [7, -7])


def test_a_statement_whose_text_follows_its_values_is_not_prepared(ctx):
    some = select(Hand.id).where(Hand.game_id.in_(bindparam("ids", expanding=True)))
    with pytest.raises(ValueError):
        Prepared(some).run(db.session.connection(), {"ids": ["a", "b"]})


def test_a_write_leaving_a_column_to_its_default_is_not_prepared(ctx):
    """A default worked out at each write (a hand's ``recorded_at``) would be written once, at compiling: refused."""
    hands = Hand.__table__
    some = hands.insert().values(game_id=bindparam("game_id"), n=bindparam("n"))
    with pytest.raises(ValueError):
        Prepared(some).run(db.session.connection(), {"game_id": "a", "n": 1})
