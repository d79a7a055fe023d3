"""Open to the internet: rate limits, bounds, pruning, conditional reads, preconditions, keys, HSTS, links, logs."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import urllib.request
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path

import flask_migrate
import pytest
from flask import template_rendered
from sqlalchemy import func, select, text, update

from scorekeeper import create_app
from scorekeeper.commands.gunicorn_conf import mask
from scorekeeper.platform.extensions import db
from scorekeeper.rules import HandEntry
from scorekeeper.rules import Side as RulesSide
from scorekeeper.store import games as services
from scorekeeper.store.models import Game, Hand, Party, PartyEntry, Player, Side, utcnow
from scorekeeper.web.sharing import views as sharing
from scorekeeper.words import refusal
from tests._support.app import SIDES
from tests._support.internet import auth, start
from tests._support.server import Server, environ_without_the_app

ROOT = Path(__file__).resolve().parents[2]
STRONG_KEY = "k4Jd9s0Qm2Lz8xVb7Nc1Rt5Yw3Pe6Hu-Xa8"


@pytest.fixture
def app_from_environment(tmp_path, monkeypatch):
    """Make an app as a server starts one: from its environment, with these variables set (and a fresh instance folder)."""

    def make(**environ: str):
        for name, value in {"SCOREKEEPER_INSTANCE_PATH": str(tmp_path), **environ}.items():
            monkeypatch.setenv(name, value)
        return create_app({"SECRET_KEY": STRONG_KEY, "RATELIMIT_ENABLED": False})

    return make


# -- Rate limits --------------------------------------------------------------------------------


def test_new_games_are_limited_per_client_with_a_429_in_words(limited):
    client = limited.test_client()
    assert [start(client).status_code for _ in range(3)] == [201, 201, 201]
    refused = start(client)
    assert refused.status_code == 429
    error = refused.get_json()["error"]
    assert "Too many requests" in error["message"] and "wait" in error["message"]
    assert 1 <= int(refused.headers["Retry-After"]) <= 60
    # Another address still may; nothing more was stored for the refused one.
    assert start(client, REMOTE_ADDR="192.0.2.7").status_code == 201
    with limited.app_context():
        assert db.session.scalar(select(func.count()).select_from(Game)) == 4


def test_writes_are_limited_and_the_refused_one_saves_nothing(limited):
    client = limited.test_client()
    game = start(client).get_json()
    url = f"/api/v1/games/{game['id']}/hands"
    statuses = []
    for n in range(1, 7):
        statuses.append(client.post(url, json={"n": n, "bidder": 1, "bid": 20, "points": [10, 20]}, headers=auth(game)))
    # Writes are counted per game: five hands go through, the sixth is refused.
    assert [r.status_code for r in statuses] == [201, 201, 201, 201, 201, 429]
    assert "Too many requests" in statuses[-1].get_json()["error"]["message"]
    assert 1 <= int(statuses[-1].headers["Retry-After"]) <= 60
    state = client.get(f"/api/v1/games/{game['id']}").get_json()
    assert len(state["hands"]) == 5


def test_polls_are_limited_and_the_page_explains_it(limited):
    client = limited.test_client()
    game = start(client).get_json()
    unchanged = f"/games/{game['id']}/poll/{game['view_token']}?since=1"
    # An unchanged poll is never refused, however often it comes.
    assert {client.get(unchanged, headers={"HX-Request": "true"}).status_code for _ in range(30)} == {304}
    path = f"/games/{game['id']}/poll/{game['view_token']}?since=0"
    answers = [client.get(path, headers={"HX-Request": "true"}).status_code for _ in range(7)]
    assert answers == [200] * 6 + [429]
    page = client.get(path, headers={"HX-Request": "true"})
    body = page.get_data(as_text=True)
    # htmx shows the page's .error-message in its banner (static/app.js).
    assert page.status_code == 429 and 'class="error-message"' in body
    assert "Too many requests from this connection" in body and "Nothing was saved" in body
    assert page.headers["Retry-After"]


def test_asking_again_and_again_for_the_whole_sheet_with_a_stale_since_is_cut_short(limited):
    client = limited.test_client()
    game = start(client).get_json()
    stale = f"/games/{game['id']}/poll/{game['view_token']}?since=0"
    # Rendered once, then sent from the copy kept for the version: within the polls a minute, then refused.
    assert [client.get(stale).status_code for _ in range(7)] == [200] * 6 + [429]
    # The API's reads count alike: a 200 carries the whole state.
    assert client.get(f"/api/v1/games/{game['id']}").status_code == 429
    # Another phone following the same game is not held back.
    other = client.get(stale, environ_base={"REMOTE_ADDR": "192.0.2.9"})
    assert other.status_code == 200


def test_a_refused_client_is_answered_at_once_until_its_window_opens(limited):
    client = limited.test_client()
    game = start(client).get_json()
    path = f"/api/v1/games/{game['id']}"
    # Each answer carries the whole state, read and written out for this request: two a minute.
    assert [client.get(path).status_code for _ in range(3)] == [200, 200, 429]
    # The shared counters are not asked again: this process already knows the answer and until when.
    limited.extensions["scorekeeper_limiter"].storage.reset()
    again = client.get(path)
    assert again.status_code == 429 and 1 <= int(again.headers["Retry-After"]) <= 60
    assert "wait" in again.get_json()["error"]["message"]
    assert client.get(path, environ_base={"REMOTE_ADDR": "192.0.2.10"}).status_code == 200


def test_behind_a_proxy_each_forwarded_client_has_its_own_limit(limited):
    limited.config["BEHIND_PROXY"] = True
    from werkzeug.middleware.proxy_fix import ProxyFix

    limited.wsgi_app = ProxyFix(limited.wsgi_app, x_for=1, x_proto=1, x_host=1, x_port=1)
    client = limited.test_client()
    one = {"X-Forwarded-For": "198.51.100.1"}
    assert [client.post("/api/v1/games", json={"sides": SIDES}, headers=one).status_code for _ in range(4)] == [
        201,
        201,
        201,
        429,
    ]
    other = client.post("/api/v1/games", json={"sides": SIDES}, headers={"X-Forwarded-For": "198.51.100.2"})
    assert other.status_code == 201


def test_forwarded_addresses_are_believed_only_from_a_trusted_proxy(limited):
    """Reached directly, a client that rotates X-Forwarded-For is still one address to the limits."""
    from scorekeeper.platform.proxies import TrustedProxyFix, trusted_networks

    limited.wsgi_app = TrustedProxyFix(limited.wsgi_app, trusted_networks("10.0.0.0/8"))
    client = limited.test_client()
    direct = {"REMOTE_ADDR": "203.0.113.9"}
    answers = [
        client.post(
            "/api/v1/games", json={"sides": SIDES}, headers={"X-Forwarded-For": f"198.51.100.{n}"}, environ_base=direct
        )
        for n in range(4)
    ]
    assert [answer.status_code for answer in answers] == [201, 201, 201, 429]
    # Through the trusted proxy, each forwarded client counts on its own.
    proxy = {"REMOTE_ADDR": "10.1.2.3"}
    fresh = client.post(
        "/api/v1/games", json={"sides": SIDES}, headers={"X-Forwarded-For": "198.51.100.77"}, environ_base=proxy
    )
    assert fresh.status_code == 201


@pytest.mark.parametrize(
    ("raw", "trusted"),
    [("", ["127.0.0.0/8", "::1/128"]), ("10.0.0.0/8, 192.0.2.7", ["10.0.0.0/8", "192.0.2.7/32"]), ("*", None)],
)
def test_the_trusted_proxies_setting_is_read(raw, trusted):
    from scorekeeper.platform.proxies import trusted_networks

    found = trusted_networks(raw)
    assert (None if found is None else [str(network) for network in found]) == trusted


def test_a_trusted_proxy_that_is_no_address_stops_the_server_with_one_line(app_from_environment):
    with pytest.raises(SystemExit, match="SCOREKEEPER_TRUSTED_PROXIES: 'the-router' is not an address"):
        app_from_environment(SCOREKEEPER_TRUSTED_PROXIES="10.0.0.0/8, the-router")


def test_limits_are_read_from_the_environment_and_refused_when_unreadable(app_from_environment):
    app = app_from_environment(SCOREKEEPER_LIMIT_WRITES="7 per hour")
    assert app.config["SCOREKEEPER_LIMIT_WRITES"] == "7 per hour"
    with pytest.raises(SystemExit, match="SCOREKEEPER_LIMIT_WRITES"):
        app_from_environment(SCOREKEEPER_LIMIT_WRITES="lots")


# -- Bounds and pruning -------------------------------------------------------------------------


def _fill(app, game_id: str, count: int) -> None:
    """Store *count* hands in which the bidder is set each time, so the game never ends."""
    with app.app_context():
        game = services.load_game(game_id)
        state = services.state_for(game)
        rows = []
        for n in range(1, count + 1):
            entry = HandEntry(bidder=n % 2, bid=20, points=(20, 10) if n % 2 else (10, 20))
            state = state.apply(entry)
            rows.append(Hand(game_id=game_id, n=n, **services._hand_values(entry, state.hands[-1])))
        db.session.add_all(rows)
        db.session.execute(
            update(Game)
            .where(Game.id == game_id)
            .values(version=Game.version + 1, hand_count=count, totals=list(state.scores))
        )
        db.session.commit()


def test_a_game_takes_at_most_500_hands(app, client):
    game = start(client).get_json()
    _fill(app, game["id"], services.MAX_HANDS)
    response = client.post(
        f"/api/v1/games/{game['id']}/hands",
        json={"n": 501, "bidder": 1, "bid": 20, "points": [10, 20]},
        headers=auth(game),
    )
    assert response.status_code == 422
    error = response.get_json()["error"]
    assert error["field"] == "game" and "at most 500 hands" in error["message"] and "rematch" in error["message"]
    assert len(client.get(f"/api/v1/games/{game['id']}").get_json()["hands"]) == 500


def untouched_for_8_days(app, model, *ids: str) -> None:
    """Set the rows of *model* with these ids as last changed 8 days ago."""
    with app.app_context():
        long_ago = utcnow() - timedelta(days=8)
        db.session.execute(update(model).where(model.id.in_(ids)).values(updated_at=long_ago))
        db.session.commit()


def test_prune_removes_only_old_games_without_hands(app, client):
    old_empty = start(client).get_json()
    old_with_hand = start(client).get_json()
    new_empty = start(client).get_json()
    hand = {"n": 1, "bidder": 1, "bid": 20, "points": [10, 20]}
    assert (
        client.post(f"/api/v1/games/{old_with_hand['id']}/hands", json=hand, headers=auth(old_with_hand)).status_code
        == 201
    )
    untouched_for_8_days(app, Game, old_empty["id"], old_with_hand["id"])
    runner = app.test_cli_runner()
    dry = runner.invoke(args=["prune", "--dry-run"])
    assert dry.exit_code == 0 and "1 game with no hand" in dry.output
    result = runner.invoke(args=["prune"])
    assert result.exit_code == 0, result.output
    assert "Removed 1 game with no hand, untouched for 7 days" in result.output
    assert client.get(f"/api/v1/games/{old_empty['id']}").status_code == 404
    assert client.get(f"/api/v1/games/{old_with_hand['id']}").status_code == 200
    assert client.get(f"/api/v1/games/{new_empty['id']}").status_code == 200
    with app.app_context():
        assert db.session.scalar(select(func.count()).where(Player.game_id == old_empty["id"])) == 0
        assert db.session.scalar(select(func.count()).where(Side.game_id == old_empty["id"])) == 0
    assert runner.invoke(args=["prune", "--days", "0"]).exit_code != 0


def test_prune_removes_only_old_card_parties_without_results(app, client):
    def party():
        body = {"name": "Hall", "games": 2, "couples": ["A", "B", "C", "D"]}
        return client.post("/api/v1/parties", json=body).get_json()

    old_unplayed, old_played, new_unplayed = party(), party(), party()
    headers = {"Authorization": f"Bearer {old_played['edit_token']}"}
    result = {"game": 1, "table": 1, "winner": 0}
    assert client.post(f"/api/v1/parties/{old_played['id']}/results", json=result, headers=headers).status_code == 201
    untouched_for_8_days(app, Party, old_unplayed["id"], old_played["id"])
    runner = app.test_cli_runner()
    dry = runner.invoke(args=["prune", "--dry-run"])
    assert dry.exit_code == 0 and "1 card party with no result, untouched for 7 days, would be removed" in dry.output
    removed = runner.invoke(args=["prune"])
    assert removed.exit_code == 0 and "Removed 1 card party with no result" in removed.output
    assert client.get(f"/api/v1/parties/{old_unplayed['id']}").status_code == 404
    assert client.get(f"/api/v1/parties/{old_played['id']}").status_code == 200
    assert client.get(f"/api/v1/parties/{new_unplayed['id']}").status_code == 200
    with app.app_context():
        assert db.session.scalar(select(func.count()).where(PartyEntry.party_id == old_unplayed["id"])) == 0


# -- Conditional reads, preconditions, required n -----------------------------------------------


def test_reads_answer_304_to_if_none_match_until_the_game_changes(client):
    game = start(client).get_json()
    url = f"/api/v1/games/{game['id']}"
    first = client.get(url)
    etag = first.headers["ETag"]
    same = client.get(url, headers={"If-None-Match": etag})
    assert same.status_code == 304 and same.data == b"" and same.headers["ETag"] == etag
    hand = {"n": 1, "bidder": 1, "bid": 20, "points": [10, 20]}
    client.post(f"{url}/hands", json=hand, headers=auth(game))
    changed = client.get(url, headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["ETag"] != etag
    assert client.get(url, headers={"If-None-Match": changed.headers["ETag"]}).status_code == 304


@pytest.mark.parametrize(
    "query", ["since=1&since=1", "since=²", "since=٣", "since=" + "9" * 5000, "since=", "since=%00"]
)
def test_a_since_that_is_not_one_whole_number_is_a_400(client, query):
    game = start(client).get_json()
    response = client.get(f"/api/v1/games/{game['id']}?{query}")
    assert response.status_code == 400
    assert response.get_json()["error"]["field"] == "since"


def test_recording_needs_n(client):
    game = start(client).get_json()
    url = f"/api/v1/games/{game['id']}/hands"
    response = client.post(url, json={"bidder": 1, "bid": 20, "points": [10, 20]}, headers=auth(game))
    assert response.status_code == 422
    assert response.get_json()["error"]["field"] == "n" and "next_n" in response.get_json()["error"]["message"]
    assert client.get(f"/api/v1/games/{game['id']}").get_json()["hands"] == []


def test_edits_carry_the_version_they_were_made_from(client):
    game = start(client).get_json()
    url = f"/api/v1/games/{game['id']}"
    client.post(f"{url}/hands", json={"n": 1, "bidder": 1, "bid": 20, "points": [10, 20]}, headers=auth(game))
    current = client.get(url)
    version, etag = current.get_json()["version"], current.headers["ETag"]
    edit = {"bidder": 1, "bid": 20, "points": [0, 30]}

    missing = client.put(f"{url}/hands/1", json=edit, headers=auth(game))
    assert missing.status_code == 428 and missing.get_json()["error"]["field"] == "version"
    stale = client.put(f"{url}/hands/1", json={**edit, "version": version - 1}, headers=auth(game))
    assert stale.status_code == 409 and "another phone" in stale.get_json()["error"]["message"]
    stale_tag = client.put(f"{url}/hands/1", json=edit, headers={**auth(game), "If-Match": f'"{game["id"]}-1"'})
    assert stale_tag.status_code == 412
    assert client.get(url).get_json()["hands"][0]["points"] == [10, 20]

    done = client.put(f"{url}/hands/1", json=edit, headers={**auth(game), "If-Match": etag})
    assert done.status_code == 200 and done.get_json()["state"]["hands"][0]["points"] == [0, 30]
    again = client.put(f"{url}/hands/1", json={**edit, "points": [30, 0], "version": version}, headers=auth(game))
    assert again.status_code == 409


def test_json_is_read_only_when_sent_as_json(client):
    body = '{"sides": [{"name": "Us", "players": ["A"]}, {"name": "Them", "players": ["B"]}]}'
    response = client.post("/api/v1/games", data=body, headers={"Content-Type": "text/plain"})
    assert response.status_code == 415
    assert "application/json" in response.get_json()["error"]["message"]


# -- Costs that do not grow with abuse ----------------------------------------------------------


@contextmanager
def templates_rendered(app):
    """The names of the templates *app* renders inside the block, in order."""
    rendered: list[str] = []

    def seen(sender, template, context, **extra):
        rendered.append(template.name)

    template_rendered.connect(seen, app)
    try:
        yield rendered
    finally:
        template_rendered.disconnect(seen, app)


def test_unchanged_polls_are_still_answered_after_the_database_server_drops_their_connections(app, client):
    # On a database server each thread keeps its own connection for the polls answered in front of the app; the
    # server may end it (a restart, an idle timeout). That poll is answered by the app, the next by a new one.
    if not app.config["SQLALCHEMY_DATABASE_URI"].startswith("postgresql"):
        pytest.skip("a database server's connections: the PostgreSQL run")
    game = start(client).get_json()
    path = f"/games/{game['id']}/poll/{game['view_token']}?since={game['state']['version']}"
    assert client.get(path).status_code == 304
    with app.app_context():
        others = "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
        others += "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        db.session.execute(text(others))
        db.session.commit()
    assert [client.get(path).status_code for _ in range(3)] == [304, 304, 304]
    with app.app_context():
        kept = "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
        kept += "AND state = 'idle' AND query LIKE 'SELECT games.version%'"  # a pooled one ends on its ROLLBACK
        assert db.session.execute(text(kept)).scalar() == 1  # the polls' own connection, opened again
    hand = {"n": 1, "bidder": 1, "bid": 20, "points": [10, 20]}
    assert client.post(f"/api/v1/games/{game['id']}/hands", json=hand, headers=auth(game)).status_code == 201
    assert client.get(path).status_code == 200  # and a change is seen at once


def test_stale_polls_render_the_read_only_sheet_once_per_version(app, client):
    game = start(client).get_json()
    path = f"/games/{game['id']}/poll/{game['view_token']}?since=0"
    with templates_rendered(app) as rendered:
        bodies = {client.get(path).get_data(as_text=True) for _ in range(5)}
        assert len(bodies) == 1 and "No hands yet" in bodies.pop()
        assert rendered.count("games/_sheet.html") == 1
        hand = {"n": 1, "bidder": 1, "bid": 20, "points": [10, 20]}
        client.post(f"/api/v1/games/{game['id']}/hands", json=hand, headers=auth(game))
        after = {client.get(path).get_data(as_text=True) for _ in range(5)}
        assert len(after) == 1 and 'id="hand-1"' in after.pop()
        assert rendered.count("games/_sheet.html") == 2


def test_stale_polls_of_the_sheet_that_records_render_once_and_carry_each_phones_own_form_token(app, client, csrf):
    game = start(client).get_json()
    hand = {"n": 1, "bidder": 1, "bid": 20, "points": [10, 20]}
    client.post(f"/api/v1/games/{game['id']}/hands", json=hand, headers=auth(game))
    path = f"/games/{game['id']}/poll/{game['edit_token']}?since=0"
    with templates_rendered(app) as rendered:
        phones = [app.test_client() for _ in range(3)]
        for phone in phones:  # each opens the sheet: a session of its own
            csrf(phone, game["links"]["edit"])
        rendered.clear()
        bodies = [phone.get(path).get_data(as_text=True) for phone in phones]
        assert rendered.count("games/_sheet.html") == 1
    for body in bodies:
        assert "Undo hand 1" in body and sharing._FORM_TOKEN not in body
    # Each phone's undo form carries a token its own session accepts.
    import re

    undo_token = re.search(r'name="csrf_token" value="([^"]+)"', bodies[2]).group(1)
    undone = phones[2].post(f"/games/{game['id']}/{game['edit_token']}/undo", data={"csrf_token": undo_token, "n": "1"})
    assert undone.status_code in (200, 303), undone.status_code
    assert client.get(f"/api/v1/games/{game['id']}").get_json()["hands"] == []


def test_the_home_page_shows_stored_totals_without_replaying(app, client):
    game = start(client).get_json()
    client.post(
        f"/api/v1/games/{game['id']}/hands",
        json={"n": 1, "bidder": 1, "bid": 20, "points": [10, 20]},
        headers=auth(game),
    )
    with app.app_context():
        stored = db.session.get(Game, game["id"])
        assert (stored.totals, stored.hand_count, stored.winner) == ([10, 20], 1, None)
        # Were the home page to replay the hands, it would show 10 and 20, not what is stored.
        db.session.execute(update(Game).where(Game.id == game["id"]).values(totals=[35, 65]))
        db.session.commit()
    client.get(game["links"]["edit"])
    body = client.get("/").get_data(as_text=True)
    assert '<span class="score">35</span>' in body and '<span class="score">65</span>' in body


# -- Names, links, keys, HSTS -------------------------------------------------------------------


@pytest.mark.parametrize("name", ["Us\u200b", "\u202eUs", "\ufeffThem", "U\u2028s", "U\u2066s"])
def test_names_refuse_invisible_and_direction_characters(app, client, name):
    sides = [{"name": name, "players": ["A"]}, {"name": "Them", "players": ["B"]}]
    response = client.post("/api/v1/games", json={"sides": sides})
    assert response.status_code == 422 and "invisible" in response.get_json()["error"]["message"]
    players = [{"name": "Us", "players": [name]}, {"name": "Them", "players": ["B"]}]
    assert client.post("/api/v1/games", json={"sides": players}).status_code == 422
    with app.app_context():
        with pytest.raises(ValueError, match="side-name-hidden") as refused:
            services.create_game("new-england", [RulesSide(name, ("A",)), RulesSide("Them", ("B",))])
        with app.test_request_context():
            assert "invisible" in refusal(refused.value)
        assert db.session.scalar(select(func.count()).select_from(Game)) == 0


def test_the_host_header_never_reaches_the_links(client):
    response = client.post("/api/v1/games", json={"sides": SIDES}, headers={"Host": "evil.example"})
    body = response.get_json()
    assert "evil.example" not in response.get_data(as_text=True)
    assert "evil.example" not in response.headers.get("Location", "")
    assert body["links"]["view"].startswith("/games/")


def test_links_use_the_configured_public_address(app_from_environment):
    app = app_from_environment(SCOREKEEPER_PUBLIC_URL="https://scores.example.org/")
    with app.app_context():
        flask_migrate.upgrade()
    response = app.test_client().post("/api/v1/games", json={"sides": SIDES}, headers={"Host": "evil.example"})
    assert response.get_json()["links"]["edit"].startswith("https://scores.example.org/games/")
    # The invite page, the QR codes of a game and a party's printed table cards and their QR codes too.
    client = app.test_client()
    game = response.get_json()
    evil = {"Host": "evil.example"}
    invite = client.get(f"/games/{game['id']}/{game['edit_token']}/invite", headers=evil).get_data(as_text=True)
    assert "https://scores.example.org/games/" in invite and "evil.example" not in invite
    party = client.post(
        "/api/v1/parties", json={"name": "Hall", "games": 2, "couples": ["A", "B", "C", "D"]}
    ).get_json()
    director = party["links"]["director"]
    assert director.startswith("https://scores.example.org/parties/")
    cards = client.get(director.removeprefix("https://scores.example.org") + "/cards", headers=evil)
    assert cards.status_code == 200
    assert "https://scores.example.org/parties/" in cards.get_data(as_text=True)
    assert "evil.example" not in cards.get_data(as_text=True)
    with pytest.raises(SystemExit, match="SCOREKEEPER_PUBLIC_URL"):
        app_from_environment(SCOREKEEPER_PUBLIC_URL="scores.example.org")


def test_allowed_hosts_refuse_any_other_host(app_from_environment):
    client = app_from_environment(SCOREKEEPER_ALLOWED_HOSTS="scores.example.org").test_client()
    assert client.get("/rules", headers={"Host": "evil.example"}).status_code == 400
    assert client.get("/rules", headers={"Host": "scores.example.org"}).status_code == 200


def test_hsts_only_on_answers_to_https(client, app_from_environment):
    assert "Strict-Transport-Security" not in client.get("/rules").headers
    secure = client.get("/rules", base_url="https://localhost")
    assert secure.headers["Strict-Transport-Security"] == "max-age=31536000"
    proxied = app_from_environment(SCOREKEEPER_BEHIND_PROXY="1").test_client()
    assert "Strict-Transport-Security" in proxied.get("/rules", headers={"X-Forwarded-Proto": "https"}).headers
    assert "Strict-Transport-Security" not in proxied.get("/rules", headers={"X-Forwarded-Proto": "http"}).headers


@pytest.mark.parametrize(
    ("environ", "variable"),
    [
        ({"SCOREKEEPER_ENV": "production"}, "SECRET_KEY"),
        ({"SCOREKEEPER_ENV": "production", "SECRET_KEY": "changemechangeme"}, "SECRET_KEY"),
        ({"SCOREKEEPER_ENV": "production", "SECRET_KEY": "x7" * 15}, "SECRET_KEY"),
        ({"SCOREKEEPER_ENV": "prod"}, "SCOREKEEPER_ENV"),
        ({"SCOREKEEPER_BEHIND_PROXY": "maybe"}, "SCOREKEEPER_BEHIND_PROXY"),
        ({"DATABASE_URL": "not a url"}, "DATABASE_URL"),
        ({"SCOREKEEPER_LIMIT_POLLS": "often"}, "SCOREKEEPER_LIMIT_POLLS"),
    ],
)
def test_a_configuration_error_is_one_line_naming_the_variable_and_exits_non_zero(tmp_path, environ, variable):
    env = environ_without_the_app(**{**environ, "SCOREKEEPER_INSTANCE_PATH": str(tmp_path)})
    flask = str(Path(sys.executable).parent / "flask")
    result = subprocess.run(
        [flask, "--app", "scorekeeper", "routes"], env=env, capture_output=True, text=True, timeout=60, cwd=ROOT
    )
    assert result.returncode != 0
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"Configuration error: {variable}:") and "Traceback" not in result.stderr


@pytest.mark.parametrize(("name", "value"), [("PORT", "²"), ("WEB_CONCURRENCY", "0"), ("GUNICORN_THREADS", "lots")])
def test_a_bad_gunicorn_setting_is_one_line_too(tmp_path, name, value):
    env = {**os.environ, "SCOREKEEPER_INSTANCE_PATH": str(tmp_path), name: value}
    gunicorn = str(Path(sys.executable).parent / "gunicorn")
    result = subprocess.run(
        [gunicorn, "-c", "python:scorekeeper.commands.gunicorn_conf", "scorekeeper:create_app()"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert result.returncode != 0
    assert result.stderr.strip().splitlines() == [result.stderr.strip()]
    assert result.stderr.startswith(f"Configuration error: {name}:")


# -- The access log --------------------------------------------------------------------------


def test_mask_hides_tokens_and_game_ids_in_queries():
    token = "SbhGhBRxMrP5IuwO6FKCDlVmkY0DRBrjlMAeetOKau4"
    assert mask(f"GET /games/x119vzes7niu/{token}/undo HTTP/1.1") == "GET /games/x119vzes7niu/…/undo HTTP/1.1"
    assert mask(f"/games/x119vzes7niu/view/{token}") == "/games/x119vzes7niu/view/…"
    assert mask(f"/games/x119vzes7niu/poll/{token}?since=3") == "/games/x119vzes7niu/poll/…?since=3"
    assert mask("/referee?game=x119vzes7niu&trump=S") == "/referee?game=…&trump=S"
    assert mask("/rules") == "/rules"
    # A table's link (16 characters) and the director's, in the request line and the Referer alike.
    assert (
        mask("GET /parties/Z9kRv0rb4CWn/tables/3/qM0Vd1-Ck3sR_8aB HTTP/1.1")
        == "GET /parties/Z9kRv0rb4CWn/tables/3/… HTTP/1.1"
    )
    assert (
        mask(f"http://hall:8045/parties/Z9kRv0rb4CWn/{token}/start") == "http://hall:8045/parties/Z9kRv0rb4CWn/…/start"
    )
    assert mask("/static/vendor/htmx-2.0.4.min.js") == "/static/vendor/htmx-2.0.4.min.js"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _server_env(tmp_path, port: int, **more: str) -> dict[str, str]:
    """The environment of one gunicorn worker on *port*: none of this shell's settings of the app, but *more*."""
    where = {"SCOREKEEPER_INSTANCE_PATH": str(tmp_path), "HOST": "127.0.0.1", "PORT": str(port)}
    return environ_without_the_app(**where, WEB_CONCURRENCY="1", **more)


def test_gunicorn_serves_production_with_tokens_masked_in_its_access_log(tmp_path):
    port = _free_port()
    env = _server_env(
        tmp_path,
        port,
        SECRET_KEY=STRONG_KEY,
        GUNICORN_THREADS="4",
        PATH=str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", ""),
    )
    procfile = (ROOT / "Procfile").read_text().strip().removeprefix("web: ")
    server = Server(["sh", "-c", procfile], env=env, cwd=ROOT)
    try:
        server.wait_until_listening()
        base = f"http://127.0.0.1:{port}"
        request = urllib.request.Request(
            base + "/api/v1/games",
            data=b'{"sides": [{"name": "Us", "players": ["A"]}, {"name": "Them", "players": ["B"]}]}',
            headers={"Content-Type": "application/json"},
        )
        import json

        game = json.load(urllib.request.urlopen(request, timeout=10))
        with urllib.request.urlopen(base + game["links"]["edit"], timeout=10) as page:
            assert page.status == 200
            # Production by default under the Procfile: the session cookie (the form's token) is Secure.
            cookies = page.headers.get_all("Set-Cookie") or []
            session = [cookie for cookie in cookies if cookie.startswith("session=")]
            assert session and all("Secure" in cookie for cookie in session), cookies
        urllib.request.urlopen(base + game["links"]["view"], timeout=10)
    finally:
        text = server.stop()
    assert f"GET /games/{game['id']}/… HTTP/1.1" in text
    assert f"GET /games/{game['id']}/view/… HTTP/1.1" in text
    assert game["edit_token"] not in text and game["view_token"] not in text


def test_one_gunicorn_worker_keeps_answering_beside_30_slow_clients(tmp_path):
    port = _free_port()
    # 32 threads, as the hall server runs, where phones reach gunicorn directly.
    env = _server_env(tmp_path, port, GUNICORN_THREADS="32")
    bin_dir = Path(sys.executable).parent
    subprocess.run(
        [str(bin_dir / "flask"), "--app", "scorekeeper", "db", "upgrade"],
        env=env,
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    server = Server(
        [
            str(bin_dir / "gunicorn"),
            "-c",
            "python:scorekeeper.commands.gunicorn_conf",
            "--access-logfile",
            "/dev/null",
            "scorekeeper:create_app()",
        ],
        env=env,
        cwd=ROOT,
    )
    slow: list[socket.socket] = []
    try:
        server.wait_until_listening()
        base = f"http://127.0.0.1:{port}"
        for _ in range(30):
            connection = socket.create_connection(("127.0.0.1", port), timeout=5)
            connection.sendall(b"GET /rules HTTP/1.1\r\nHost: x\r\n")  # and never the blank line
            slow.append(connection)
        # Each round the slow clients send one more header line, paced by the answer to the check.
        for round_ in range(3):
            for connection in slow:
                connection.sendall(f"X-Slow-{round_}: 1\r\n".encode())
            with urllib.request.urlopen(base + "/healthz", timeout=10) as answer:
                assert answer.status == 200
    finally:
        for connection in slow:
            connection.close()
        server.stop()
