"""On PostgreSQL, a worker hears of every change and answers unchanged polls without asking the database."""

from __future__ import annotations

import threading

import psycopg
import pytest
from sqlalchemy import create_engine, text

from scorekeeper.platform.extensions import db
from scorekeeper.store.heard import CHANNEL, HEARD
from tests._support.app import SIDES

pytestmark = pytest.mark.usefixtures("_on_postgresql")

# The connections the polls keep to ask for a game's version (and the link's secrets).
POLLS_OWN = "query LIKE 'SELECT games.version%'"


@pytest.fixture
def _on_postgresql(app):
    if not app.config["SQLALCHEMY_DATABASE_URI"].startswith("postgresql"):
        pytest.skip("announcements of changes: the PostgreSQL run")


def start(client):
    return client.post("/api/v1/games", json={"sides": SIDES}).get_json()


def poll_path(game, version=None):
    return f"/games/{game['id']}/poll/{game['view_token']}?since={version or game['state']['version']}"


def listening(app, client, game):
    """The app's listener, once it listens (the first poll starts it)."""
    assert client.get(poll_path(game)).status_code == 304
    heard = app.extensions[HEARD]
    with heard.heard:
        assert heard.heard.wait_for(lambda: heard.listening, timeout=15)
    return heard


def sql(app, statement):
    with app.app_context():
        found = db.session.execute(text(statement)).scalar()
        db.session.commit()
    return found


def test_an_unchanged_poll_is_answered_from_what_the_worker_heard_with_no_round_trip(app, client):
    game = start(client)
    listening(app, client, game)
    assert client.get(poll_path(game)).status_code == 304  # read once more, and kept
    # The polls' own connection ends: a poll that asked the database would have to open another.
    sql(app, f"SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE {POLLS_OWN}")
    assert [client.get(poll_path(game)).status_code for _ in range(5)] == [304] * 5
    assert sql(app, f"SELECT count(*) FROM pg_stat_activity WHERE {POLLS_OWN}") == 0


def test_a_change_made_by_another_worker_is_heard_and_the_next_poll_gets_the_sheet(app, client):
    game = start(client)
    heard = listening(app, client, game)
    assert client.get(poll_path(game)).status_code == 304
    # Another worker (its own connection, outside this app) records a hand: the version moves on.
    hand = {"n": 1, "bidder": 1, "bid": 20, "points": [10, 20]}
    elsewhere = create_engine(app.config["SQLALCHEMY_DATABASE_URI"])
    before = heard.announcements
    try:
        with elsewhere.begin() as connection:
            connection.execute(text("UPDATE games SET version = version + 1 WHERE id = :id"), {"id": game["id"]})
    finally:
        elsewhere.dispose()
    with heard.heard:
        assert heard.heard.wait_for(lambda: heard.announcements > before, timeout=15)
    answer = client.get(poll_path(game))
    assert answer.status_code == 200
    # And one this worker makes itself is seen at once, before its announcement comes back.
    version = game["state"]["version"] + 1
    assert client.get(poll_path(game, version)).status_code == 304
    headers = {"Authorization": f"Bearer {game['edit_token']}"}
    assert client.post(f"/api/v1/games/{game['id']}/hands", json=hand, headers=headers).status_code == 201
    assert client.get(poll_path(game, version)).status_code == 200


def test_a_row_read_before_an_announcement_is_not_kept(app, client):
    game = start(client)
    heard = listening(app, client, game)
    key = ("game", game["id"])
    mark = heard.mark(key)
    heard.announce(key)  # the game changed while the poll was reading it
    heard.keep(key, mark, (1, "old", "old"))
    assert heard.row(key) is None
    heard.keep(key, heard.mark(key), (2, "new", "new"))
    assert heard.row(key) == (2, "new", "new")


def test_a_listener_cut_off_forgets_what_it_kept_and_polls_ask_the_database_until_it_listens_again(app, client):
    game = start(client)
    heard = listening(app, client, game)
    assert client.get(poll_path(game)).status_code == 304
    assert heard.row(("game", game["id"])) is not None
    starts = heard.starts
    sql(
        app,
        "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = 'scorekeeper-heard'",
    )
    with heard.heard:
        assert heard.heard.wait_for(lambda: heard.starts > starts, timeout=30)
    assert heard.row(("game", game["id"])) is None
    hand = {"n": 1, "bidder": 1, "bid": 20, "points": [10, 20]}
    headers = {"Authorization": f"Bearer {game['edit_token']}"}
    assert client.post(f"/api/v1/games/{game['id']}/hands", json=hand, headers=headers).status_code == 201
    assert client.get(poll_path(game)).status_code == 200


def test_an_announcement_made_while_the_listener_runs_a_query_is_still_heard(app):
    # The listener checks itself with a query between its waits: what arrives meanwhile must not be lost.
    url = app.config["SQLALCHEMY_DATABASE_URI"].replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(url, autocommit=True) as listener, psycopg.connect(url, autocommit=True) as writer:
        listener.execute(f"LISTEN {CHANNEL}")
        announce = threading.Timer(0.2, lambda: writer.execute("SELECT pg_notify(%s, 'game:meanwhile')", (CHANNEL,)))
        announce.start()
        listener.execute("SELECT pg_sleep(0.6)")
        announce.join()
        assert [notice.payload for notice in listener.notifies(timeout=2.0, stop_after=1)] == ["game:meanwhile"]
