"""Whatever a program sends, the games API answers in JSON and never with a 5xx."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests._support.app import SIDES, start_game
from tests._support.examples import examples

# The app and its client serve every example (a function-scoped fixture); each example starts its own game.
FUZZ = settings(
    max_examples=examples(120),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=-2, max_value=40),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=30),
    st.sampled_from(["20", "30-for-60", "slam", "30 for 60", "", "new-england", "nova-scotia", "S", "10D"]),
)
json_values = st.recursive(
    scalars,
    lambda children: st.lists(children, max_size=6) | st.dictionaries(st.text(max_size=10), children, max_size=5),
    max_leaves=20,
)
small_lists = st.lists(st.one_of(st.integers(-5, 35), scalars), max_size=9)

HAND_KEYS = ["n", "bidder", "bid", "bagged", "hold", "tricks", "high", "points", "partner"]
hand_bodies = st.fixed_dictionaries(
    {},
    optional={
        "n": st.one_of(st.integers(-3, 8), scalars),
        "bidder": st.one_of(st.integers(-1, 3), scalars),
        "bid": st.one_of(st.sampled_from([15, 20, 25, 30, "30-for-60", "slam"]), scalars),
        "bagged": scalars,
        "hold": scalars,
        "tricks": st.one_of(st.lists(st.integers(-1, 6), min_size=1, max_size=3), small_lists, scalars),
        "high": st.one_of(st.integers(-1, 3), scalars),
        "points": st.one_of(
            st.lists(st.sampled_from([0, 5, 10, 15, 20, 25, 30]), min_size=2, max_size=3), small_lists, scalars
        ),
        "partner": st.one_of(st.integers(-1, 3), scalars),
    },
)
side_bodies = st.one_of(
    json_values,
    st.lists(
        st.fixed_dictionaries(
            {},
            optional={
                "name": st.one_of(st.text(max_size=90), scalars),
                "players": st.one_of(st.lists(st.text(max_size=12), max_size=5), json_values),
            },
        ),
        max_size=9,
    ),
)
rule_bodies = st.one_of(
    json_values,
    st.dictionaries(
        st.sampled_from(
            [
                "preset",
                "target",
                "bidding",
                "lock",
                "lock_at",
                "green_at",
                "joker",
                "slam",
                "thirty_for_sixty",
                "elimination_at",
                "call_for_partner",
                "follow",
                "nonsense",
            ]
        ),
        scalars,
        max_size=4,
    ),
)
game_bodies = st.one_of(
    json_values,
    st.fixed_dictionaries(
        {},
        optional={
            "sides": side_bodies,
            "rules": rule_bodies,
            "scores": st.one_of(small_lists, scalars),
            "first_dealer": scalars,
        },
    ),
)


def check(response):
    assert response.status_code < 500, response.get_data(as_text=True)
    if response.status_code >= 400:
        error = response.get_json()["error"]
        assert isinstance(error["message"], str) and error["message"]
    return response


@FUZZ
@given(body=st.one_of(hand_bodies, json_values))
def test_recording_random_hands_never_breaks(client, body):
    game = start_game(client)
    url = f"/api/v1/games/{game['id']}/hands"
    auth = {"Authorization": f"Bearer {game['edit_token']}"}
    response = check(client.post(url, json=body, headers=auth))
    if response.status_code == 201:
        # Whatever was accepted reads back and can be changed and undone.
        n = response.get_json()["state"]["hands"][-1]["n"]
        check(client.put(f"{url}/{n}", json=body, headers=auth))
        check(client.get(f"/api/v1/games/{game['id']}"))
        check(client.delete(f"{url}/last", headers=auth))
    else:
        check(client.put(f"{url}/1", json=body, headers=auth))


@FUZZ
@given(body=game_bodies)
def test_starting_random_games_never_breaks(client, body):
    response = check(client.post("/api/v1/games", json=body))
    if response.status_code == 201:
        game = response.get_json()
        check(client.get(f"/api/v1/games/{game['id']}"))


@FUZZ
@given(
    rules=st.one_of(rule_bodies, st.fixed_dictionaries({"rules": rule_bodies})),
    finished=st.one_of(json_values, st.fixed_dictionaries({"finished": scalars})),
)
def test_random_rules_and_finishing_never_break(client, rules, finished):
    game = start_game(client)
    auth = {"Authorization": f"Bearer {game['edit_token']}"}
    check(client.put(f"/api/v1/games/{game['id']}/rules", json=rules, headers=auth))
    check(client.put(f"/api/v1/games/{game['id']}/finished", json=finished, headers=auth))
    check(client.get(f"/api/v1/games/{game['id']}"))


@FUZZ
@given(
    raw=st.one_of(st.binary(max_size=200), st.text(max_size=200).map(str.encode)),
    content_type=st.sampled_from(["application/json", "text/plain", "application/x-www-form-urlencoded", ""]),
)
def test_raw_bytes_never_break(client, raw, content_type):
    game = start_game(client)
    headers = {"Authorization": f"Bearer {game['edit_token']}"}
    if content_type:
        headers["Content-Type"] = content_type
    check(client.post(f"/api/v1/games/{game['id']}/hands", data=raw, headers=headers))
    check(client.post("/api/v1/games", data=raw, headers=headers))


@FUZZ
@given(header=st.text(max_size=80), game_id=st.text(max_size=80))
def test_random_tokens_and_ids_never_break(client, header, game_id):
    game = start_game(client)
    body = {"bidder": 1, "bid": 20, "points": [10, 20]}
    try:
        headers = {"Authorization": header}
        response = check(client.post(f"/api/v1/games/{game['id']}/hands", json=body, headers=headers))
    except ValueError:  # a header value the HTTP client itself refuses to send
        response = None
    if response is not None:
        assert response.status_code in (401, 403)
    from urllib.parse import quote

    check(client.get(f"/api/v1/games/{quote(game_id, safe='')}"))
    page = client.get(f"/games/{quote(game_id, safe='')}/poll/{quote(header, safe='') or 'x'}?since=1")
    assert page.status_code in (308, 404, 405), page.status_code  # 308: an empty id leaves a double slash


def test_numbers_beyond_any_hand_are_refused_not_crashed(client, game):
    url = f"/api/v1/games/{game['id']}/hands"
    auth = {"Authorization": f"Bearer {game['edit_token']}"}
    raw = json.dumps({"bidder": 10**400, "bid": 1e309, "points": [10**30, -(10**30)], "n": 10**50})
    response = check(client.post(url, data=raw, headers={**auth, "Content-Type": "application/json"}))
    assert response.status_code == 422


# -- The values that broke things: every query field and JSON endpoint, all 4xx, nothing saved --

BAD_TEXT = ["²", "٣", "9" * 5000, "", "\x00"]
DEEP = b"[" * 50_000


def _version(client, game) -> int:
    return client.get(f"/api/v1/games/{game['id']}").get_json()["version"]


@pytest.mark.parametrize("value", BAD_TEXT)
def test_bad_numbers_in_every_query_field_are_4xx_and_save_nothing(client, game, value):
    from urllib.parse import quote

    q = quote(value, safe="")
    auth = {"Authorization": f"Bearer {game['edit_token']}"}
    record = {"n": 1, "bidder": 1, "bid": 20, "points": [10, 20]}
    assert client.post(f"/api/v1/games/{game['id']}/hands", json=record, headers=auth).status_code == 201
    before = _version(client, game)
    answers = {
        "api since": client.get(f"/api/v1/games/{game['id']}?since={q}"),
        "poll since": client.get(f"/games/{game['id']}/poll/{game['view_token']}?since={q}"),
        "undo n": client.delete(f"/api/v1/games/{game['id']}/hands/last?n={q}", headers=auth),
        "rank trump": client.get(f"/api/v1/referee/rank?trump={q}"),
        "rank rules": client.get(f"/api/v1/referee/rank?trump=S&rules={q}"),
        "compare a": client.get(f"/api/v1/referee/compare?trump=S&a={q}&b=2S"),
        "compare b": client.get(f"/api/v1/referee/compare?trump=S&a=AS&b={q}"),
        "compare led": client.get(f"/api/v1/referee/compare?trump=S&a=AS&b=2S&led={q}"),
        "compare trump": client.get(f"/api/v1/referee/compare?trump={q}&a=AS&b=2S"),
    }
    for name, response in answers.items():
        assert 400 <= response.status_code < 500, (name, response.status_code)
    assert _version(client, game) == before


@pytest.mark.parametrize("value", BAD_TEXT)
def test_bad_numbers_in_every_json_number_field_are_4xx_and_save_nothing(client, game, value):
    auth = {"Authorization": f"Bearer {game['edit_token']}"}
    hand = {"n": 1, "bidder": 1, "bid": 20, "points": [10, 20]}
    url = f"/api/v1/games/{game['id']}"
    before = _version(client, game)
    bodies = [
        ("POST", f"{url}/hands", {**hand, "n": value}),
        ("POST", f"{url}/hands", {**hand, "bidder": value}),
        ("POST", f"{url}/hands", {**hand, "bid": value}),
        ("POST", f"{url}/hands", {**hand, "points": [value, 20]}),
        ("POST", f"{url}/hands", {"n": 1, "bidder": 1, "bid": 20, "tricks": [value, 3], "high": 1}),
        ("POST", f"{url}/hands", {"n": 1, "bidder": 1, "bid": 20, "tricks": [2, 3], "high": value}),
        ("POST", f"{url}/hands", {**hand, "partner": value}),
        ("PUT", f"{url}/hands/1", {**hand, "version": value}),
        ("PUT", f"{url}/rules", {"rules": {"preset": "new-england", "target": value}}),
        ("PUT", f"{url}/finished", {"finished": value}),
    ]
    for method, path, body in bodies:
        response = client.open(path, method=method, json=body, headers=auth)
        assert 400 <= response.status_code < 500, (method, path, body, response.status_code)
    assert _version(client, game) == before
    games = [
        {"sides": SIDES, "first_dealer": value},
        {"sides": SIDES, "scores": [value, 0]},
        {"sides": SIDES, "rules": {"preset": "new-england", "target": value}},
    ]
    for body in games:
        response = client.post("/api/v1/games", json=body)
        assert 400 <= response.status_code < 500, (body, response.status_code)
    for path, body in [
        ("/api/v1/referee/trick", {"trump": "S", "cards": [value, "2S"]}),
        ("/api/v1/referee/legal", {"trump": "S", "trick": ["2S"], "hand": ["AS"], "play": value}),
    ]:
        assert 400 <= client.post(path, json=body).status_code < 500, (path, body)


def test_a_body_nested_50000_deep_is_a_400_on_every_json_endpoint(app, client, game):
    auth = {"Authorization": f"Bearer {game['edit_token']}", "Content-Type": "application/json"}
    url = f"/api/v1/games/{game['id']}"
    endpoints = [
        ("POST", "/api/v1/games"),
        ("POST", f"{url}/hands"),
        ("PUT", f"{url}/hands/1"),
        ("PUT", f"{url}/rules"),
        ("PUT", f"{url}/finished"),
        ("POST", "/api/v1/referee/trick"),
        ("POST", "/api/v1/referee/legal"),
        ("POST", "/api/v1/parties"),
    ]
    party = client.post(
        "/api/v1/parties",
        json={
            "name": "Legion",
            "games": 5,
            "couples": [{"name": f"C{i}", "players": [f"A{i}", f"B{i}"]} for i in range(4)],
        },
    ).get_json()
    party_auth = {**auth, "Authorization": f"Bearer {party['edit_token']}"}
    endpoints.append(("POST", f"/api/v1/parties/{party['id']}/results"))
    endpoints.append(("POST", f"/api/v1/parties/{party['id']}/couples"))
    endpoints.append(("POST", f"/api/v1/parties/{party['id']}/couples/0/gone"))
    endpoints.append(("POST", f"/api/v1/parties/{party['id']}/couples/0/back"))
    club = client.post("/api/v1/clubs", json={"name": "Legion"}).get_json()
    club_auth = {**auth, "Authorization": f"Bearer {club['edit_token']}"}
    client.post(f"/api/v1/clubs/{club['id']}/members", json={"name": "Mary"}, headers=club_auth)
    endpoints.append(("POST", "/api/v1/clubs"))
    endpoints.append(("PATCH", f"/api/v1/clubs/{club['id']}"))
    endpoints.append(("POST", f"/api/v1/clubs/{club['id']}/members"))
    endpoints.append(("PATCH", f"/api/v1/clubs/{club['id']}/members/1"))
    endpoints.append(("POST", f"/api/v1/clubs/{club['id']}/evenings"))
    endpoints.append(("POST", "/api/v1/clubs/import"))
    table = client.post("/api/v1/tables", json={"name": "Tuesday", "players": ["Ann", "Bob"]}).get_json()
    table_auth = {**auth, "Authorization": f"Bearer {table['edit_token']}"}
    tables = f"/api/v1/tables/{table['id']}"
    endpoints += [("POST", "/api/v1/tables"), ("POST", "/api/v1/tables/import"), ("POST", f"{tables}/players")]
    endpoints += [("PUT", f"{tables}/players/p1"), ("POST", f"{tables}/players/p1/merge"), ("POST", f"{tables}/games")]
    json_endpoints = {
        (sorted(rule.methods - {"HEAD", "OPTIONS"})[0], rule.rule)
        for rule in app.url_map.iter_rules()
        if rule.endpoint.startswith("api.") and rule.methods & {"POST", "PUT", "PATCH"}
    }
    assert len(json_endpoints) == len(endpoints), json_endpoints  # a new JSON endpoint joins this list
    for method, path in endpoints:
        headers = party_auth if path.startswith("/api/v1/parties/") else table_auth if path.startswith(tables) else auth
        headers = club_auth if path.startswith("/api/v1/clubs/") else headers
        response = client.open(path, method=method, data=DEEP, headers=headers)
        assert response.status_code == 400, (path, response.status_code)
        assert response.get_json()["error"]["message"]
    assert _version(client, game) == game["state"]["version"]
    from scorekeeper.platform.extensions import db
    from scorekeeper.store.models import Game

    with app.app_context():
        assert db.session.query(Game).count() == 1
