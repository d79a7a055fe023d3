"""A table brought back from its export: read whole before anything is written, within its caps, and made once.

Whatever the document holds, the answer is either 201 with a table whose statistics are those of its games
replayed, or a 4xx with not one row stored, in any table of the database.
"""

from __future__ import annotations

import copy
import json
import re

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select

from scorekeeper.platform.extensions import db
from scorekeeper.rules import replay
from scorekeeper.stats import GameRecord, summarize, table_stats
from scorekeeper.store import games as game_store
from scorekeeper.store import tables as store
from tests._support.examples import examples
from tests._support.race import all_at_once, call
from tests._support.tables import NAMES, export, exported_game, rows


def refused_and_nothing_stored(app, client, document, status=422, **headers):
    before = rows(app)
    response = client.post("/api/v1/tables/import", json=document, headers=headers)
    assert response.status_code == status, response.get_json()
    assert response.get_json()["error"]["message"]
    assert rows(app) == before
    return response.get_json()["error"]


def statistics_are_a_replay(app, table_id: str) -> None:
    """The table's stored statistics equal those of its games' hands replayed through the engine now."""
    with app.app_context():
        table = store.load_table(table_id)
        history, kept = store.season_stats(table)
        replayed = {}
        for row in history:
            game = game_store.load_game(row.game_id)
            state = replay(game_store.setup_for(game), [game_store.entry_for(h) for h in game.hands])
            assert list(row.scores) == list(state.scores) and row.winner == state.winner
            replayed[row.game_id] = summarize(state)
        records = [
            GameRecord(
                r.game_id, r.played.date(), tuple(tuple(f"p{n}" for n in s) for _, s in r.sides), replayed[r.game_id]
            )
            for r in sorted(history, key=lambda r: r.played)
        ]
        assert kept == table_stats(records)
        db.session.remove()


def test_a_season_comes_back_whole_and_its_statistics_are_its_hands(app, client):
    response = client.post("/api/v1/tables/import", json=export(games=5))
    assert response.status_code == 201, response.get_json()
    made = response.get_json()
    assert len(made["state"]["games"]) == 5 and [p["name"] for p in made["state"]["players"]] == NAMES
    assert made["state"]["games"][0]["scores"] == [30, 30]
    statistics_are_a_replay(app, made["id"])


@pytest.mark.parametrize("moment", ["0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-14:00"])
@pytest.mark.parametrize("part", ["started", "finished_at"])
def test_a_date_at_the_edge_of_the_calendar_is_refused_and_nothing_is_stored(app, client, moment, part):
    document = export()
    document["games"][2][part] = moment
    error = refused_and_nothing_stored(app, client, document)
    assert error["field"] == f"games[2].{part}"
    assert "Game 3" in error["message"] and moment in error["message"]


@pytest.mark.parametrize(
    ("moment", "words"),
    [
        ("1949-12-31T23:59:59Z", "between 1950 and today"),
        ("2999-01-01T00:00:00Z", "between 1950 and today"),
        ("yesterday", "ISO 8601"),
        ("2026-02-30T19:00:00Z", "ISO 8601"),
        ("2026-01-06T19:00:00+25:00", "ISO 8601"),
    ],
)
def test_a_date_no_game_was_played_on_is_refused(app, client, moment, words):
    document = export()
    document["games"][0]["started"] = moment
    assert words in refused_and_nothing_stored(app, client, document)["message"]


def test_a_game_that_finishes_before_it_starts_is_refused(app, client):
    document = export()
    document["games"][1]["finished_at"] = "2025-01-01T00:00:00Z"
    assert refused_and_nothing_stored(app, client, document)["field"] == "games[1].finished_at"


@pytest.mark.parametrize("numbers", [[2, 1], [1, 1], [1, 3], [0, 1], [1, "2"], [1, True]])
def test_hands_are_numbered_one_two_three_in_order(app, client, numbers):
    document = export()
    for hand, n in zip(document["games"][1]["hands"], numbers, strict=True):
        hand["n"] = n
    error = refused_and_nothing_stored(app, client, document)
    assert error["field"].startswith("games[1].hands[") and "in order" in error["message"]


@pytest.mark.parametrize(("key", "value"), [("scores", [30, 35]), ("scores", [30]), ("winner", 0), ("winner", False)])
def test_scores_or_a_winner_the_hands_do_not_make_are_refused(app, client, key, value):
    document = export()
    document["games"][0][key] = value
    error = refused_and_nothing_stored(app, client, document)
    assert error["field"] == f"games[0].{key}" and "Game 1" in error["message"]


def test_a_bad_game_at_the_end_stores_not_even_the_first_ones(app, client):
    document = export(games=40)
    document["games"][-1]["hands"][1]["bid"] = 10
    assert refused_and_nothing_stored(app, client, document)["field"] == "games[39]"


@pytest.mark.parametrize(("language", "opening"), [("en", "Game 2 of the export is refused: "), ("fr", "La partie 2 ")])
def test_a_game_the_rules_refuse_is_refused_in_words_not_in_code(app, client, language, opening):
    document = export(games=3)
    document["games"][1]["hands"][1]["bid"] = 10
    error = refused_and_nothing_stored(app, client, document, **{"Accept-Language": language})
    said = error["message"].split(":", 1)[1].strip()
    assert error["message"].startswith(opening) and error["field"] == "games[1]"
    assert "=" not in said and not re.match(r"[a-z]+(-[a-z]+)+\b", said), said  # a sentence, not the engine's code


# -- The caps ------------------------------------------------------------------------


def test_more_games_than_the_cap_is_a_422_naming_it(app, client):
    document = export(games=1)
    document["games"] = document["games"] * (store.MAX_GAMES + 1)
    error = refused_and_nothing_stored(app, client, document)
    assert error["field"] == "games" and f"{store.MAX_GAMES:,}" in error["message"]


def test_more_hands_than_the_cap_is_a_422_naming_it(app, client):
    document = export(games=1)
    per_game = store.IMPORT_MAX_HANDS // 100 + 1
    document["games"] = [dict(document["games"][0], hands=[{}] * per_game) for _ in range(100)]
    error = refused_and_nothing_stored(app, client, document)
    assert error["field"] == "games" and f"{store.IMPORT_MAX_HANDS:,}" in error["message"]


def test_a_body_past_the_cap_is_a_413_saying_the_cap(app, client):
    document = export(games=1)
    document["padding"] = "x" * store.IMPORT_MAX_BYTES
    error = refused_and_nothing_stored(app, client, document, status=413)
    assert "8 MB" in error["message"]


def test_a_body_past_the_old_form_limit_is_taken(app, client):
    document = export(games=400)
    assert len(json.dumps(document)) > 64 * 1024
    response = client.post("/api/v1/tables/import", json=document)
    assert response.status_code == 201 and len(response.get_json()["state"]["games"]) == 400


# -- Sent again --------------------------------------------------------------------


def test_a_resend_with_the_same_key_answers_the_first_table(app, client):
    document = export()
    first = client.post("/api/v1/tables/import", json=document, headers={"Idempotency-Key": "season-2026"})
    assert first.status_code == 201
    counted = rows(app)
    again = client.post("/api/v1/tables/import", json=document, headers={"Idempotency-Key": "season-2026"})
    assert again.status_code == 200
    assert again.get_json()["id"] == first.get_json()["id"]
    assert again.get_json()["edit_token"] == first.get_json()["edit_token"]
    assert rows(app) == counted
    other = client.post("/api/v1/tables/import", json=document, headers={"Idempotency-Key": "season-2027"})
    assert other.status_code == 201 and other.get_json()["id"] != first.get_json()["id"]


def test_without_a_key_each_send_makes_a_table(app, client):
    document = export()
    ids = {client.post("/api/v1/tables/import", json=document).get_json()["id"] for _ in range(2)}
    assert len(ids) == 2


def test_the_same_key_with_another_document_is_refused(app, client):
    client.post("/api/v1/tables/import", json=export(games=2), headers={"Idempotency-Key": "k1"})
    error = refused_and_nothing_stored(app, client, export(games=3), **{"Idempotency-Key": "k1"})
    assert error["field"] == "Idempotency-Key" and "another import" in error["message"]


@pytest.mark.parametrize("key", ["k" * 65, "clé"])
def test_a_key_that_cannot_be_one_is_refused(app, client, key):
    headers = {"Idempotency-Key": key.encode("utf-8").decode("latin-1")}
    assert refused_and_nothing_stored(app, client, export(), **headers)["field"] == "Idempotency-Key"


def test_a_refused_import_does_not_use_up_its_key(app, client):
    bad = export()
    bad["games"][0]["scores"] = [1, 2]
    refused_and_nothing_stored(app, client, bad, **{"Idempotency-Key": "try"})
    response = client.post("/api/v1/tables/import", json=export(), headers={"Idempotency-Key": "try"})
    assert response.status_code == 201


def test_a_key_whose_table_was_deleted_makes_it_again(app, client):
    document = export()
    first = client.post("/api/v1/tables/import", json=document, headers={"Idempotency-Key": "k"}).get_json()
    gone = client.delete(f"/api/v1/tables/{first['id']}", headers={"Authorization": f"Bearer {first['edit_token']}"})
    assert gone.status_code == 204
    again = client.post("/api/v1/tables/import", json=document, headers={"Idempotency-Key": "k"})
    assert again.status_code == 201 and again.get_json()["id"] != first["id"]


def test_ten_phones_resending_at_once_make_one_table(live_server):
    document = export(games=30)
    url = f"{live_server.url}/api/v1/tables/import"

    def send():
        import urllib.request

        request = urllib.request.Request(url, data=json.dumps(document).encode(), method="POST")
        request.add_header("Content-Type", "application/json")
        request.add_header("Idempotency-Key", "hall-laptop-1")
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as err:
            return err.code, err.read().decode()

    def held():
        with live_server.app.app_context():
            from scorekeeper.store.models import Table

            found = (
                db.session.scalar(select(func.count()).select_from(Table)),
                db.session.scalar(select(func.count()).select_from(game_store.Game)),
            )
            db.session.remove()
            return found

    tables, games = held()
    results = all_at_once(10, send)
    statuses = sorted(status for status, _ in results)
    assert statuses == [200] * 9 + [201], results
    assert len({body["id"] for _, body in results}) == 1
    assert held() == (tables + 1, games + 30)
    status, _body = call("GET", f"{live_server.url}/api/v1/tables/{results[0][1]['id']}")
    assert status == 401


# -- Any document --------------------------------------------------------------------

NASTY = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 40),
    st.sampled_from([10**20, -(10**20), 1.5, "", "x", "p99", "p1", [], {}, [30, 30], [0, 0, 0]]),
    st.sampled_from(["0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-14:00", "2026-01-06T19:00:00Z"]),
    st.text(max_size=8),
)


def paths(value, at=()):
    """Every place in a JSON value: each key of each object and each item of each list."""
    yield at
    if isinstance(value, dict):
        for key, child in value.items():
            yield from paths(child, (*at, key))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            yield from paths(child, (*at, i))


@st.composite
def mutated(draw):
    document = export(games=3, hands=3)
    for _ in range(draw(st.integers(1, 3))):
        places = [p for p in paths(document) if p]
        place = draw(st.sampled_from(places))
        parent = document
        for step in place[:-1]:
            parent = parent[step]
        how = draw(st.sampled_from(["replace", "drop", "swap", "double"]))
        last = place[-1]
        if how == "replace":
            parent[last] = draw(NASTY)
        elif how == "drop":
            del parent[last]
        elif how == "double" and isinstance(parent, list):
            parent.insert(last, copy.deepcopy(parent[last]))
        elif how == "swap" and isinstance(parent, list) and len(parent) > 1:
            other = draw(st.integers(0, len(parent) - 1))
            parent[last], parent[other] = parent[other], parent[last]
    return document


@settings(max_examples=examples(80), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(document=mutated())
def test_any_change_to_an_export_is_a_true_table_or_nothing_at_all(app, client, document):
    before = rows(app)
    response = client.post("/api/v1/tables/import", json=document)
    event(f"answered {response.status_code}")
    if response.status_code == 201:
        statistics_are_a_replay(app, response.get_json()["id"])
        return
    assert 400 <= response.status_code < 500, (response.status_code, response.get_data(as_text=True))
    assert response.get_json()["error"]["message"]
    assert rows(app) == before


def test_the_api_document_states_the_caps_and_the_key(client):
    document = client.get("/api/v1/openapi.json").get_json()
    for path in ("/api/v1/tables/import", "/api/v1/clubs/import"):
        operation = document["paths"][path]["post"]
        assert {"200", "201", "413", "422"} <= set(operation["responses"]), path
        assert [p["name"] for p in operation["parameters"]] == ["Idempotency-Key"]
        assert "8 MB" in operation["description"]
    assert (
        f"{store.MAX_GAMES} games and {store.IMPORT_MAX_HANDS} hands"
        in (document["paths"]["/api/v1/tables/import"]["post"]["description"])
    )
    assert "/api/v1/clubs/{club_id}/export.json" in document["paths"]


def test_a_seasons_export_writes_each_game_as_the_games_own_export_does(app, client, table_of_three_kinds):
    with app.app_context():
        table = store.load_table(table_of_three_kinds)
        rows_ = store.history(table)
        texts = store.game_texts(rows_)
        assert len(texts) == 3
        for row in rows_:
            assert json.loads(texts[row.game_id]) == store.export_game(game_store.load_game(row.game_id))
        db.session.remove()


@pytest.fixture
def table_of_three_kinds(client):
    """A table of three games: one of eight hands, one cut-throat with no hand, one from start scores stopped early."""
    document = export(games=1, hands=8)
    won = document["games"][0]
    cut = exported_game(1, hands=0)
    cut["sides"] = [{"name": n, "players": [n]} for n in ("Ann", "Bob", "Cy")]
    cut["people"] = [["p1"], ["p2"], ["p3"]]
    cut["scores"] = [0, 0, 0]
    early = exported_game(2, hands=3)
    early["start_scores"] = [40, -20]
    early.pop("scores")
    early.pop("winner")
    early["finished_at"] = "2026-01-07T23:00:00Z"
    document["games"] = [won, cut, early]
    made = client.post("/api/v1/tables/import", json=document)
    assert made.status_code == 201, made.get_json()
    return made.get_json()["id"]
