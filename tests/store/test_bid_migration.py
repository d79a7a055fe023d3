"""The migration that stores a hand's bid as the engine writes it keeps every hand's bid, both ways."""

from datetime import UTC, datetime

import flask_migrate
import pytest
from sqlalchemy import MetaData, text

from scorekeeper import create_app
from scorekeeper.platform.extensions import db
from scorekeeper.store.games import entry_for
from scorekeeper.store.models import Hand
from tests._support.app import SIDES, app_config, dispose, postgres_url

BEFORE = "69616089bea6"  # the head before the bid was stored as the engine writes it
BID_AS_ENGINE_WRITES_IT = "a3c5e7f9b1d2"

HANDS = [(1, 0, "20", [20, 10]), (2, 1, "30-for-60", [0, 30]), (3, 0, None, [15, 15])]


@pytest.fixture
def app_before(tmp_path, request):
    """An app on a database the migrations built up to the head before the bid's change (PostgreSQL too)."""
    uri = postgres_url()
    if uri is not None:
        request.getfixturevalue("_postgres_schema")
    else:
        uri = f"sqlite:///{tmp_path / 'before.sqlite3'}"
    app = create_app(app_config(uri))
    with app.app_context():
        existing = MetaData()
        existing.reflect(db.engine)
        existing.drop_all(db.engine)
        db.session.execute(text("DROP TABLE IF EXISTS alembic_version"))
        db.session.commit()
        flask_migrate.upgrade(revision=BEFORE)
    yield app
    with app.app_context():  # leave the database at the head, as the rest of the suite expects it
        flask_migrate.upgrade()
    dispose(app)


def test_hands_recorded_before_keep_their_bid_and_read_back_as_the_engine_wrote_it(app_before):
    app = app_before
    game = app.test_client().post("/api/v1/games", json={"rules": "new-england", "sides": SIDES}).get_json()
    now = datetime.now(UTC).replace(tzinfo=None)
    with app.app_context():
        for n, bidder, bid, points in HANDS:
            db.session.execute(
                text(
                    "INSERT INTO hands (game_id, n, bidder, bid, bagged, hold, points, edited, recorded_at, updated_at)"
                    " VALUES (:game, :n, :bidder, :bid, false, false, :points, false, :now, :now)"
                ),
                {"game": game["id"], "n": n, "bidder": bidder, "bid": bid, "points": str(points), "now": now},
            )
        db.session.commit()

        flask_migrate.upgrade(revision=BID_AS_ENGINE_WRITES_IT)
        db.session.remove()
        hands = db.session.scalars(db.select(Hand).where(Hand.game_id == game["id"]).order_by(Hand.n)).all()
        assert [hand.bid for hand in hands] == [20, "30-for-60", None]
        assert [entry_for(hand).bid for hand in hands] == [20, "30-for-60", None]
        assert [entry_for(hand).points for hand in hands] == [(20, 10), (0, 30), (15, 15)]
        db.session.remove()

        flask_migrate.downgrade(revision=BEFORE)
        stored = db.session.execute(
            text("SELECT bid FROM hands WHERE game_id = :game ORDER BY n"), {"game": game["id"]}
        ).scalars()
        assert list(stored) == ["20", "30-for-60", None]
        db.session.remove()


def test_a_hand_recorded_now_stores_its_bid_as_a_number(app, client, game):
    sheet = {"Authorization": f"Bearer {game['edit_token']}"}
    answer = client.post(
        f"/api/v1/games/{game['id']}/hands", json={"n": 1, "bidder": 0, "bid": 20, "points": [20, 10]}, headers=sheet
    )
    assert answer.status_code == 201, answer.get_json()
    with app.app_context():
        (bid,) = db.session.execute(text("SELECT bid FROM hands")).one()
    assert bid == 20  # a number, not the text "20"
    assert client.get(f"/api/v1/games/{game['id']}").get_json()["hands"][0]["bid"] == 20
