"""Limits an honest hall never reaches: counted per game or party page and address; unchanged polls cost nothing.

The limits here are the small ones of the ``limited`` app (3 new games, 5 writes,
6 polls and 2 whole pages a minute), so that a whole hall's traffic from one
address is many times any one of them.
"""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

from flask import request_started
from sqlalchemy import select

from scorekeeper.platform.extensions import db
from scorekeeper.store import parties as store
from tests._support.app import read_csrf_token
from tests._support.internet import auth, start

HAND = {"bidder": 1, "bid": 20, "points": [10, 20]}


def _poll(game: dict, since: int, token: str = "view_token") -> str:
    return f"/games/{game['id']}/poll/{game[token]}?since={since}"


def test_two_games_followed_from_one_address_are_counted_apart(limited):
    client = limited.test_client()
    one, two = start(client).get_json(), start(client).get_json()
    # Unchanged polls are never counted; the sheet sent again is, per game.
    assert {client.get(_poll(one, 1)).status_code for _ in range(30)} == {304}
    assert [client.get(_poll(one, 0)).status_code for _ in range(7)] == [200] * 6 + [429]
    # The same address following another game is not held back.
    assert [client.get(_poll(two, 0)).status_code for _ in range(6)] == [200] * 6
    assert client.get(f"/api/v1/games/{one['id']}?since=0").status_code == 429
    assert client.get(f"/api/v1/games/{two['id']}?since=0").status_code == 429
    assert client.get(_poll(one, 1)).status_code == 304


def test_writes_to_two_games_from_one_address_are_counted_apart(limited):
    client = limited.test_client()
    one, two = start(client).get_json(), start(client).get_json()
    url = "/api/v1/games/{}/hands"
    first = [
        client.post(url.format(one["id"]), json={**HAND, "n": n}, headers=auth(one)).status_code for n in range(1, 7)
    ]
    second = [
        client.post(url.format(two["id"]), json={**HAND, "n": n}, headers=auth(two)).status_code for n in range(1, 6)
    ]
    assert first == [201] * 5 + [429]
    assert second == [201] * 5
    assert len(client.get(f"/api/v1/games/{one['id']}").get_json()["hands"]) == 5


def test_starting_card_parties_counts_with_new_games_per_address(limited):
    client = limited.test_client()
    couples = [{"name": f"Couple {i}", "players": [f"A{i}", f"B{i}"]} for i in range(4)]
    party = {"name": "Legion", "games": 5, "couples": couples}
    assert start(client).status_code == 201
    assert [client.post("/api/v1/parties", json=party).status_code for _ in range(3)] == [201, 201, 429]
    assert start(client).status_code == 429
    refused = client.post("/api/v1/parties", json=party)
    assert "Too many requests" in refused.get_json()["error"]["message"] and refused.headers["Retry-After"]
    # Another address may still start an evening.
    assert client.post("/api/v1/parties", json=party, environ_base={"REMOTE_ADDR": "192.0.2.44"}).status_code == 201


def _hx_get(body: str) -> str:
    return re.search(r'hx-get="([^"]+)"', body).group(1).replace("&amp;", "&")


def test_a_whole_hall_behind_one_address_polls_and_reports_without_a_429(limited):
    """24 couples at 12 tables, every phone on one address: far past any one limit, never refused.

    Each page is polled as often as the limit allows (its phones together): three rounds, with every
    table reporting between the second and the third.
    """
    director = limited.test_client()
    couples = [{"name": f"Couple {i + 1}", "players": [f"A{i}", f"B{i}"]} for i in range(24)]
    party = director.post("/api/v1/parties", json={"name": "Legion", "games": 3, "couples": couples}).get_json()
    party_id = party["id"]
    with limited.app_context():
        row = store.party_row(party_id)
        tables = [f"/parties/{party_id}/tables/{n}/{store.table_token(row, n)}" for n in range(1, 13)]
    seating = party["state"]["seating"]
    statuses: list[int] = []

    # Each table's phone, two phones per couple and two boards open their pages.
    phones = []
    for number, link in enumerate(tables, start=1):
        phone = limited.test_client()
        page = phone.get(link).get_data(as_text=True)
        phones.append((phone, _hx_get(page), number, read_csrf_token(page)))
    for n in list(range(1, 25)) * 2:
        phone = limited.test_client()
        phones.append(
            (phone, _hx_get(phone.get(f"/parties/{party_id}/couples/{n}").get_data(as_text=True)), None, None)
        )
    for _ in range(2):
        phone = limited.test_client()
        phones.append((phone, _hx_get(phone.get(f"/parties/{party_id}/board").get_data(as_text=True)), None, None))

    def poll_round() -> None:
        for i, (phone, poll, number, csrf) in enumerate(phones):
            response = phone.get(poll, headers={"HX-Request": "true"})
            statuses.append(response.status_code)
            if response.status_code == 200:
                phones[i] = (phone, _hx_get(response.get_data(as_text=True)), number, csrf)

    for _ in range(2):
        poll_round()
    # Every table reports its winner in two taps, all within the same minute.
    for phone, _poll_url, number, csrf in phones[:12]:
        winner = str(seating[number - 1]["couples"][0])
        link = tables[number - 1]
        for confirm in ("", "y"):
            data = {"csrf_token": csrf, "game": "1", "winner": winner, "confirm": confirm}
            statuses.append(phone.post(link + "/report", data=data).status_code)
    poll_round()

    assert 429 not in statuses, [(i, s) for i, s in enumerate(statuses) if s == 429]
    assert len(statuses) > 200  # many times each limit, all from one address
    assert statuses.count(200) >= 12 + 48 + 2  # every phone was sent its changed page
    state = director.get(f"/api/v1/parties/{party_id}").get_json()
    assert len(state["results"]) == 12 and state["game"] == 2

    # One client on that same address hammering one table's poll is refused; the tables beside it are not.
    hammer = limited.test_client()
    stale = phones[0][1].split("?")[0] + "?since=stale"
    answers = [hammer.get(stale).status_code for _ in range(8)]
    assert answers[0] == 200 and answers[-1] == 429
    assert phones[1][0].get(phones[1][1]).status_code == 304


def _everything(app) -> tuple:
    """Every row of every table, and the shared limit counters (file), as they stand."""
    with app.app_context():
        rows = tuple(tuple(db.session.execute(select(table)).all()) for table in db.metadata.sorted_tables)
    counters = Path(app.config["RATELIMIT_STORAGE_URI"].partition("://")[2])
    with sqlite3.connect(counters) as connection:
        hits = tuple(connection.execute("SELECT key, count FROM hits ORDER BY key").fetchall())
    return rows, hits


def test_an_unchanged_poll_is_answered_before_the_app_sets_no_cookie_and_writes_nothing(limited):
    client = limited.test_client()
    game = start(client).get_json()
    client.post(f"/api/v1/games/{game['id']}/hands", json={**HAND, "n": 1}, headers=auth(game))
    client.get(game["links"]["edit"])  # the sheet, as a phone opens it: its session cookie is set
    assert client.get_cookie("session") is not None
    couples = [{"name": f"Couple {i}", "players": [f"A{i}", f"B{i}"]} for i in range(4)]
    party = client.post("/api/v1/parties", json={"name": "Legion", "games": 5, "couples": couples}).get_json()
    board = _hx_get(client.get(f"/parties/{party['id']}/board").get_data(as_text=True))
    card = _hx_get(client.get(f"/parties/{party['id']}/couples/2/poll?since=x").get_data(as_text=True))
    etag = client.get(f"/api/v1/parties/{party['id']}").headers["ETag"]
    unchanged = [
        (_poll(game, 2, "edit_token"), {}),
        (_poll(game, 2), {}),
        (f"/api/v1/games/{game['id']}?since=2", {}),
        (f"/api/v1/games/{game['id']}", {"If-None-Match": f'"{game["id"]}-2"'}),
        (board, {}),
        (card, {}),
        (f"/api/v1/parties/{party['id']}", {"If-None-Match": etag}),
    ]
    entered = []

    def seen(sender, **extra):
        entered.append(1)

    before = _everything(limited)
    request_started.connect(seen, limited)
    try:
        for path, headers in unchanged:
            response = client.get(path, headers={"HX-Request": "true", **headers})
            assert response.status_code == 304 and response.data == b"", path
            assert "Set-Cookie" not in response.headers, path
            assert response.headers["Cache-Control"] == "no-cache"
            assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert entered == []  # answered in front of the app: no session, no view, no template
        assert _everything(limited) == before
        # A poll of a changed game is the app's, as before.
        changed = client.get(_poll(game, 1), headers={"HX-Request": "true"})
        assert changed.status_code == 200 and 'id="hand-1"' in changed.get_data(as_text=True)
        assert entered == [1]
    finally:
        request_started.disconnect(seen, limited)


def test_a_wrong_link_or_since_is_still_answered_by_the_app(limited):
    client = limited.test_client()
    game = start(client).get_json()
    assert client.get(f"/games/{game['id']}/poll/{'x' * 43}?since=1").status_code == 404
    assert client.get(f"/games/{game['id']}/poll/{game['view_token']}?since=1&since=1").status_code == 400
    assert client.get(f"/api/v1/games/{game['id']}?since=%C2%B2").status_code == 400
    assert client.get("/api/v1/games/nosuchgame?since=1").status_code == 404


def test_a_party_poll_is_rendered_once_per_change_however_many_phones_ask(app):
    from flask import template_rendered

    client = app.test_client()
    couples = [{"name": f"Couple {i}", "players": [f"A{i}", f"B{i}"]} for i in range(8)]
    party = client.post("/api/v1/parties", json={"name": "Legion", "games": 5, "couples": couples}).get_json()
    rendered = []

    def seen(sender, template, context, **extra):
        rendered.append(template.name)

    pages = [f"/parties/{party['id']}/board/poll?since=old", f"/parties/{party['id']}/couples/3/poll?since=old"]
    template_rendered.connect(seen, app)
    try:
        bodies = [app.test_client().get(page).get_data(as_text=True) for page in pages for _ in range(5)]
        assert rendered.count("parties/_board.html") == 1 and rendered.count("parties/_couple.html") == 1
        assert len(set(bodies[:5])) == 1 and len(set(bodies[5:])) == 1
        table = party["state"]["seating"][0]
        result = {"game": 1, "table": 1, "winner": table["couples"][0]}
        headers = {"Authorization": f"Bearer {party['edit_token']}"}
        assert client.post(f"/api/v1/parties/{party['id']}/results", json=result, headers=headers).status_code == 201
        after = [app.test_client().get(pages[0]).get_data(as_text=True) for _ in range(5)]
        assert rendered.count("parties/_board.html") == 2 and len(set(after)) == 1 and after[0] != bodies[0]
    finally:
        template_rendered.disconnect(seen, app)


def test_writes_are_counted_in_a_shared_redis_when_one_is_named(tmp_path):
    """Several machines share their counts through Redis (skipped without redis-server and the redis extra)."""
    import shutil
    import socket
    import subprocess
    import time

    import flask_migrate
    import pytest

    from scorekeeper import create_app
    from tests._support.app import app_config, dispose, postgres_url

    server = shutil.which("redis-server")
    if server is None or postgres_url() is not None:
        pytest.skip("needs redis-server (apt-get install redis-server), on the SQLite run")
    pytest.importorskip("redis")
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    redis = subprocess.Popen(
        [server, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.05)
        machines = []
        for _ in range(2):  # two machines, one database, one Redis
            machine = create_app(
                app_config(
                    f"sqlite:///{tmp_path / 'scorekeeper.sqlite3'}",
                    RATELIMIT_ENABLED=True,
                    RATELIMIT_SWALLOW_ERRORS=False,
                    RATELIMIT_STORAGE_URI=f"redis://127.0.0.1:{port}/0",
                    SCOREKEEPER_LIMIT_WRITES="5 per minute",
                )
            )
            machines.append(machine)
        with machines[0].app_context():
            flask_migrate.upgrade()
        one, two = (machine.test_client() for machine in machines)
        game = start(one).get_json()
        url = f"/api/v1/games/{game['id']}/hands"
        answers = [
            (one if n % 2 else two).post(url, json={**HAND, "n": n}, headers=auth(game)).status_code
            for n in range(1, 7)
        ]
        assert answers == [201] * 5 + [429]
    finally:
        redis.terminate()
        redis.wait(timeout=10)
        for machine in machines:
            dispose(machine)


def test_behind_a_proxy_the_poll_counts_see_each_phone_s_own_address(tmp_path, request):
    """Behind the proxy the app is told of (SCOREKEEPER_BEHIND_PROXY), phones following one game are counted apart.

    Forty phones, each its own forwarded address, asking for the sheet again are far past one address's 6 polls
    a minute together, yet none is refused; one phone going on alone is.
    """
    from tests._support.app import make_app, rate_limited

    proxied = make_app(tmp_path, request, BEHIND_PROXY=True, **rate_limited(tmp_path))
    app = next(proxied)
    try:
        client = app.test_client()
        game = start(client).get_json()
        since = game["state"]["version"]
        phones = [{"X-Forwarded-For": f"198.51.100.{i}"} for i in range(1, 41)]
        statuses = {client.get(_poll(game, since - 1), headers=phone).status_code for phone in phones for _ in range(3)}
        assert statuses == {200}
        alone = [client.get(_poll(game, since - 1), headers=phones[0]).status_code for _ in range(4)]
        assert alone == [200] * 3 + [429]
    finally:
        next(proxied, None)


HALL = 150


def test_a_hall_of_phones_behind_one_router_following_one_sheet_is_never_refused(tmp_path, request):
    """150 phones on one address follow one game while its hands are recorded: the limits as shipped refuse none.

    Each phone asks every 3 s: 304s, which are never counted; after each hand each phone is sent the sheet once,
    rendered for the first and sent from the copy kept for that version to the others.
    """
    from scorekeeper.platform.config import DEFAULT_RATE_LIMITS
    from tests._support.app import make_app, rate_limited

    hall = make_app(tmp_path, request, **rate_limited(tmp_path, **DEFAULT_RATE_LIMITS))
    app = next(hall)
    try:
        client = app.test_client()
        game = start(client).get_json()
        seen = [game["state"]["version"]] * HALL
        statuses: list[int] = []
        for n in range(1, 4):
            for _ in range(3):  # a few polls of nothing new
                statuses += [client.get(_poll(game, seen[p])).status_code for p in range(HALL)]
            hand = client.post(f"/api/v1/games/{game['id']}/hands", json={**HAND, "n": n}, headers=auth(game))
            assert hand.status_code == 201
            for p in range(HALL):
                answer = client.get(_poll(game, seen[p]))
                statuses.append(answer.status_code)
                if answer.status_code == 200:
                    found = re.search(r"data-since=\"(\d+)\"", answer.get_data(as_text=True))
                    seen[p] = int(found.group(1)) if found else seen[p]
        assert 429 not in statuses, (statuses.index(429), statuses.count(200), statuses.count(304), seen[:3])
        assert statuses.count(200) == 3 * HALL and statuses.count(304) == 9 * HALL
        assert seen == [4] * HALL  # every phone has the sheet after the third hand
        # The stale ``since`` of one client asking without a pause is still held back, from another address.
        hammer = [
            client.get(_poll(game, 1), environ_base={"REMOTE_ADDR": "192.0.2.77"}).status_code for _ in range(700)
        ]
        assert hammer.count(200) == 600 and hammer[-1] == 429
    finally:
        next(hall, None)
