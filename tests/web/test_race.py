"""Many phones tapping at once, against a real server and whatever database the fixtures use."""

from __future__ import annotations

import json
import queue
import threading
import urllib.error
import urllib.request

from tests._support.race import all_at_once, call

CLIENTS = 12


def test_a_dozen_phones_record_the_same_hand_once(live_server, live_game):
    url = f"{live_server.url}/api/v1/games/{live_game['id']}/hands"
    for n in (1, 2, 3):
        hand = {"n": n, "bidder": n % 2, "bid": 20, "points": [20, 10] if n % 2 == 0 else [10, 20]}
        results = all_at_once(CLIENTS, lambda hand=hand: call("POST", url, hand, live_game["edit_token"]))
        statuses = sorted(status for status, _ in results)
        problems = [body for status, body in results if status not in (201, 409)]
        assert problems == [], problems
        assert statuses == [201] + [409] * (CLIENTS - 1), statuses
        for status, body in results:
            assert "database is locked" not in json.dumps(body), body
            if status == 409:
                assert body["error"]["field"] == "n"

    status, state = call("GET", f"{live_server.url}/api/v1/games/{live_game['id']}")
    assert status == 200
    assert [hand["n"] for hand in state["hands"]] == [1, 2, 3]
    assert state["version"] == 4


def test_phones_recording_without_a_number_are_refused_and_nothing_is_saved(live_server, live_game):
    url = f"{live_server.url}/api/v1/games/{live_game['id']}/hands"
    hand = {"bidder": 1, "bid": 15, "points": [10, 20]}
    results = all_at_once(6, lambda: call("POST", url, hand, live_game["edit_token"]))
    assert {status for status, _ in results} == {422}, results
    assert all(body["error"]["field"] == "n" for _, body in results)
    status, state = call("GET", f"{live_server.url}/api/v1/games/{live_game['id']}")
    assert state["hands"] == [] and state["version"] == 1


def test_two_phones_editing_the_same_hand_from_the_same_version_change_it_once(live_server, live_game):
    url = f"{live_server.url}/api/v1/games/{live_game['id']}/hands"
    status, _ = call("POST", url, {"n": 1, "bidder": 1, "bid": 20, "points": [10, 20]}, live_game["edit_token"])
    assert status == 201
    variants = [
        {"bidder": 1, "bid": 20, "points": [10, 20]},
        {"bidder": 1, "bid": 20, "points": [0, 30]},
        {"bidder": 0, "bid": 25, "points": [30, 0]},
        {"bidder": 0, "bid": 20, "points": [25, 5]},
    ]
    for _ in range(10):
        status, state = call("GET", f"{live_server.url}/api/v1/games/{live_game['id']}")
        current = {key: state["hands"][0][key] for key in ("bidder", "bid", "points")}
        edits = queue.SimpleQueue()
        for variant in [v for v in variants if v != current][:2]:
            edits.put({**variant, "version": state["version"]})
        results = all_at_once(2, lambda edits=edits: call("PUT", f"{url}/1", edits.get(), live_game["edit_token"]))
        assert sorted(status for status, _ in results) == [200, 409], results
        after = call("GET", f"{live_server.url}/api/v1/games/{live_game['id']}")[1]
        assert after["version"] == state["version"] + 1
        winner = next(body for status, body in results if status == 200)
        assert after["hands"][0]["points"] == winner["state"]["hands"][0]["points"]


def test_two_phones_undo_the_same_hand_once(live_server, live_game):
    base = f"{live_server.url}/api/v1/games/{live_game['id']}/hands"
    for n in (1, 2):
        status, _ = call("POST", base, {"n": n, "bidder": 1, "bid": 20, "points": [10, 20]}, live_game["edit_token"])
        assert status == 201
    results = all_at_once(8, lambda: call("DELETE", f"{base}/last?n=2", None, live_game["edit_token"]))
    statuses = sorted(status for status, _ in results)
    assert statuses == [200] + [409] * 7, results
    status, state = call("GET", f"{live_server.url}/api/v1/games/{live_game['id']}")
    assert [hand["n"] for hand in state["hands"]] == [1]


def test_viewers_polling_during_recording_never_see_an_error(live_server, live_game):
    poll = f"{live_server.url}/games/{live_game['id']}/poll/{live_game['view_token']}?since=1"
    hands = f"{live_server.url}/api/v1/games/{live_game['id']}/hands"
    errors: list = []

    def viewer():
        for _ in range(5):
            try:
                with urllib.request.urlopen(poll, timeout=30) as response:
                    if response.status not in (200, 304):
                        errors.append(response.status)
            except urllib.error.HTTPError as err:
                if err.code != 304:
                    errors.append(err.code)

    def recorder():
        for n in range(1, 4):
            status, body = call(
                "POST", hands, {"n": n, "bidder": 1, "bid": 20, "points": [10, 20]}, live_game["edit_token"]
            )
            if status not in (201, 409):
                errors.append((status, body))

    threads = [threading.Thread(target=viewer) for _ in range(8)] + [threading.Thread(target=recorder)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert [thread.name for thread in threads if thread.is_alive()] == [], "every phone's requests came back"
    assert errors == []
