"""Recording a hand through the API when the worker keeps the game's state: it reads the game's head (version,
links, when it finished) in one light statement, not the whole game. What the phone gets back, and what it may
not do, stay exactly as when the whole game is read; a change made by another worker is never overwritten.
"""

from __future__ import annotations

import threading

from sqlalchemy import event

from scorekeeper import create_app
from scorekeeper.platform.extensions import db
from tests._support.app import SIDES, app_config, dispose

# Side 0 bids 30 and makes it: 30 for it, nothing for the other; four of them win a game to 120.
MADE = {"bidder": 0, "bid": 30, "points": [30, 0]}
SET = {"bidder": 1, "bid": 20, "points": [20, 10]}  # side 1 bid 20 and took 10: set


def start(client) -> dict:
    response = client.post("/api/v1/games", json={"rules": "new-england", "sides": SIDES})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def send(client, game, n, hand, token=None):
    headers = {"Authorization": f"Bearer {token or game['edit_token']}"}
    return client.post(f"/api/v1/games/{game['id']}/hands", json={"n": n, **hand}, headers=headers)


def read(client, game) -> dict:
    return client.get(f"/api/v1/games/{game['id']}").get_json()


def test_each_answer_is_the_sheet_a_read_gives_up_to_the_winning_hand_and_after(client):
    game = start(client)
    hands = [SET, MADE, MADE, MADE, MADE, MADE]
    for n, hand in enumerate(hands, start=1):
        answer = send(client, game, n, hand)
        assert answer.status_code == 201, answer.get_json()
        assert answer.get_json()["state"] == read(client, game)
        if answer.get_json()["state"]["winner"] is not None:
            break
    won = answer.get_json()["state"]
    assert won["winner"] == 0 and won["finished"] is True
    assert won["version"] == n + 1 and won["next_n"] == n + 1
    late = send(client, game, n + 1, MADE)
    assert late.status_code == 422
    assert read(client, game)["version"] == won["version"]  # nothing stored


def test_a_hand_another_worker_recorded_is_never_written_over(app, client):
    other = create_app(app_config(app.config["SQLALCHEMY_DATABASE_URI"]))
    try:
        game = start(client)
        assert send(client, game, 1, MADE).status_code == 201  # this worker keeps the game after hand 1
        assert send(other.test_client(), game, 2, SET).status_code == 201  # the other records hand 2
        # This worker still holds the state after hand 1; the game is now past it.
        third = send(client, game, 3, MADE)
        assert third.status_code == 201, third.get_json()
        state = third.get_json()["state"]
        assert [hand["n"] for hand in state["hands"]] == [1, 2, 3]
        assert state["hands"][1]["deltas"] == [20, -20]  # hand 2 as the other worker recorded it: side 1 set
        assert state["scores"] == [30 + 20 + 30, -20]
        assert state == read(other.test_client(), game)
        # Hand 2 sent again, just as recorded: saved once. Another hand 2: refused, nothing changes.
        again = send(client, game, 2, SET)
        assert again.status_code == 409
        assert "already on the sheet, just as entered" in again.get_json()["error"]["message"]
        changed = send(client, game, 2, MADE)
        assert changed.status_code == 409
        assert "just recorded by another phone" in changed.get_json()["error"]["message"]
        assert read(client, game) == state
    finally:
        dispose(other)


def test_a_replaced_edit_link_stops_recording_at_once_where_the_game_is_kept(client, csrf):
    game = start(client)
    edit = f"/games/{game['id']}/{game['edit_token']}"
    replaced = client.post(f"{edit}/new-link", data={"csrf_token": csrf(client, edit)})
    assert replaced.status_code == 303
    new_token = replaced.headers["Location"].rsplit("/", 1)[1]
    assert client.get(replaced.headers["Location"]).status_code == 200  # this worker keeps the game's state now
    old = send(client, game, 1, MADE)
    assert old.status_code == 403
    view = send(client, game, 1, MADE, token=game["view_token"])
    assert view.status_code == 403 and "only shows the score" in view.get_json()["error"]["message"]
    assert read(client, game)["hands"] == []
    assert send(client, game, 1, MADE, token=new_token).status_code == 201


def test_recording_the_next_hand_takes_three_statements_where_the_game_is_kept(app, client):
    """The game's head read, the game moved to its next version, the hand added: nothing else is asked."""
    game = start(client)
    assert send(client, game, 1, MADE).status_code == 201
    seen: list[str] = []
    here = threading.get_ident()

    def count(_connection, _cursor, statement, *_args):
        if threading.get_ident() == here:  # not a PostgreSQL listener's own
            seen.append(statement)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", count)
    try:
        assert send(client, game, 2, SET).status_code == 201
    finally:
        event.remove(engine, "before_cursor_execute", count)
    kinds = [statement.split()[0].upper() for statement in seen]
    assert kinds == ["SELECT", "UPDATE", "INSERT"], seen
