"""A table remembers: roster, starting a game from it, history, statistics, merge, export and import."""

from __future__ import annotations

import io
import json
import re

import pytest

from tests._support.app import read_csrf_token
from tests._support.tables import play_to_the_end

FOUR = ["Ann", "Bob", "Cy", "Di"]


def new_table(client, csrf, name="Tuesday table", players=FOUR):
    token = csrf(client, "/tables/new")
    response = client.post("/tables/new", data={"csrf_token": token, "name": name, "players": "\n".join(players)})
    assert response.status_code == 303, response.get_data(as_text=True)
    path = response.headers["Location"].split("#")[0]
    return path


def start_from_roster(client, table_path, ticked=("p1", "p2", "p3", "p4"), preset="new-england"):
    page = client.get(table_path).get_data(as_text=True)
    response = client.post(
        table_path + "/games",
        data={"csrf_token": read_csrf_token(page), "players": list(ticked), "preset": preset},
    )
    assert response.status_code == 303, response.get_data(as_text=True)
    match = re.search(r"/games/([^/]+)/([^/?#]+)", response.headers["Location"])
    return match.group(1), match.group(2)


def test_a_game_started_from_the_roster_is_in_the_history_and_the_statistics(client, csrf):
    table = new_table(client, csrf)
    page = client.get(table).get_data(as_text=True)
    assert "Tuesday table" in page and "Ann" in page and "Start the game" in page
    game_id, token = start_from_roster(client, table)
    sheet = client.get(f"/games/{game_id}/{token}").get_data(as_text=True)
    assert "Ann &amp; Cy" in sheet  # partners sit alternately in roster order
    play_to_the_end(client, game_id, token)
    history = client.get(table).get_data(as_text=True)
    assert f"/games/{game_id}/view/" in history and "won" in history
    stats = client.get(table + "/stats").get_data(as_text=True)
    ann = re.search(r'<tbody class="summary-person" id="summary-p1">(.*?)</tbody>', stats, re.S).group(1)
    cells = [re.sub(r"<[^>]+>|\s+", " ", c).split() for c in re.findall(r"<td[^>]*>(.*?)</td>", ann, re.S)]
    assert "Ann" in ann and cells[0] == ["1/1", "100%"] and cells[4] == ["4/4"]  # won 1 of 1, four 30s made of four


def test_new_names_join_the_roster_and_a_rematch_stays_in_the_table(client, csrf):
    table = new_table(client, csrf, players=["Ann", "Bob", "Cy"])
    page = client.get(table).get_data(as_text=True)
    response = client.post(
        table + "/games",
        data={
            "csrf_token": read_csrf_token(page),
            "players": ["p1", "p2", "p3"],
            "new_names": "Eve",
            "preset": "new-england",
        },
    )
    assert response.status_code == 303
    game_id, token = re.search(r"/games/([^/]+)/([^/?#]+)", response.headers["Location"]).groups()
    play_to_the_end(client, game_id, token)
    assert "Eve" in client.get(table).get_data(as_text=True)
    sheet = client.get(f"/games/{game_id}/{token}").get_data(as_text=True)
    assert "Keep this table" in sheet
    rematch = client.post(f"/games/{game_id}/{token}/rematch", data={"csrf_token": read_csrf_token(sheet)})
    new_id = re.search(r"/games/([^/]+)/", rematch.headers["Location"]).group(1)
    assert f"/games/{new_id}/view/" in client.get(table).get_data(as_text=True)


def test_the_view_link_shows_and_changes_nothing(client, csrf):
    table = new_table(client, csrf)
    page = client.get(table).get_data(as_text=True)
    view = re.search(r'href="http://localhost(/tables/[^"]+)"', page).group(1)
    shown = client.get(view)
    assert shown.status_code == 200 and "Ann" in shown.get_data(as_text=True)
    assert "Start the game" not in shown.get_data(as_text=True)
    token = read_csrf_token(shown.get_data(as_text=True))
    assert client.post(view + "/games", data={"csrf_token": token, "players": ["p1", "p2"]}).status_code == 404
    table_id = table.split("/")[2]
    assert client.get(f"/tables/{table_id}/not-a-token").status_code == 404
    assert client.get(f"/tables/{table_id}/not-a-token/stats").status_code == 404


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("?year=20x6", "four digits"),
        ("?player=p99", "nobody of that id"),
    ],
)
def test_a_history_filter_that_cannot_be_read_is_400(client, csrf, query, message):
    table = new_table(client, csrf)
    response = client.get(table + query)
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)


@pytest.mark.parametrize(
    ("query", "message"),
    [("?from=2026-13-01", "year-month-day"), ("?from=2026-05-01&to=2026-01-01", "swap the two dates")],
)
def test_a_season_that_cannot_be_read_is_400(client, csrf, query, message):
    table = new_table(client, csrf)
    response = client.get(table + "/stats" + query)
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)


def test_a_table_without_a_name_is_refused_and_nothing_is_saved(client, csrf):
    token = csrf(client, "/tables/new")
    response = client.post("/tables/new", data={"csrf_token": token, "name": "  ", "players": "Ann"})
    assert response.status_code == 422
    assert "Give the table a name" in response.get_data(as_text=True)
    assert "Your tables" not in client.get("/").get_data(as_text=True)


def test_the_home_page_lists_the_tables_this_phone_opened(client, csrf):
    new_table(client, csrf, name="Legion hall")
    home = client.get("/").get_data(as_text=True)
    assert "Your tables on this phone" in home and "Legion hall" in home
    other = client.application.test_client()
    assert "Legion hall" not in other.get("/").get_data(as_text=True)


def test_rename_and_merge_follow_every_statistic(client, csrf):
    table = new_table(client, csrf, players=["Ann", "Bob", "Cy", "Di", "Anne"])
    game_id, token = start_from_roster(client, table)
    play_to_the_end(client, game_id, token)
    page = client.get(table).get_data(as_text=True)
    csrf_token = read_csrf_token(page)
    # Ann and Bob played the same game: two people, the merge is refused.
    refused = client.post(table + "/people/p2/merge", data={"csrf_token": csrf_token, "into": "p1"})
    assert refused.status_code == 422 and "played in the same game" in refused.get_data(as_text=True)
    # "Anne" was typed for Ann: asked first (nothing changes), then merged, Ann keeps her win.
    asked = client.post(table + "/people/p5/merge", data={"csrf_token": csrf_token, "into": "p1"})
    assert asked.status_code == 200 and "Yes, merge Anne into Ann" in asked.get_data(as_text=True)
    assert "Anne" in client.get(table).get_data(as_text=True).split('id="roster"')[1].split("</ul>")[0]
    merged = client.post(table + "/people/p5/merge", data={"csrf_token": csrf_token, "into": "p1", "confirm": "y"})
    assert merged.status_code == 303
    renamed = client.post(table + "/people/p1/rename", data={"csrf_token": csrf_token, "name": "Annie"})
    assert renamed.status_code == 303
    stats = client.get(table + "/stats").get_data(as_text=True)
    assert re.search(r'<th scope="row">Annie.*?</th>\s*<td>1</td>', stats, re.S)
    taken = client.post(table + "/people/p2/rename", data={"csrf_token": csrf_token, "name": "annie"})
    assert taken.status_code == 422 and "merge the two instead" in taken.get_data(as_text=True)


def test_a_merge_undone_gives_the_person_back_with_their_games(client, csrf):
    table = new_table(client, csrf, players=["Ann", "Bob", "Cy", "Di", "Anne"])
    game_id, token = start_from_roster(client, table, ticked=("p5", "p2", "p3", "p4"))
    play_to_the_end(client, game_id, token)
    csrf_token = read_csrf_token(client.get(table).get_data(as_text=True))
    client.post(table + "/people/p5/merge", data={"csrf_token": csrf_token, "into": "p1", "confirm": "y"})
    stats = client.get(table + "/stats").get_data(as_text=True)
    # Anne's game is Ann's: the pair that played it is Cy & Ann.
    assert re.search(r'<th scope="row">(Cy &amp; Ann|Ann &amp; Cy)</th>', stats)
    page = client.get(table).get_data(as_text=True)
    undo = re.search(r'action="([^"]+/merges/\d+/undo)"', page).group(1)
    assert client.post(undo, data={"csrf_token": csrf_token}).status_code == 303
    stats = client.get(table + "/stats").get_data(as_text=True)
    assert '<th scope="row">Cy &amp; Anne</th>' in stats
    assert not re.search(r'<th scope="row">(Cy &amp; Ann|Ann &amp; Cy)</th>', stats)
    # Undone twice: the second is refused, nothing changes.
    again = client.post(undo, data={"csrf_token": csrf_token})
    assert again.status_code == 409 and "already taken back" in again.get_data(as_text=True)


def test_the_json_export_comes_back_as_the_same_table(client, csrf):
    table = new_table(client, csrf, players=["Ann", "Bob", "Cy", "Di", "Eve"])
    first, token = start_from_roster(client, table)
    play_to_the_end(client, first, token)
    second, token2 = start_from_roster(client, table, ticked=("p1", "p2", "p5", "p4"))
    play_to_the_end(client, second, token2, bidder=1)
    client.post(
        table + "/people/p3/rename",
        data={"csrf_token": read_csrf_token(client.get(table).get_data(as_text=True)), "name": "Cyril"},
    )
    exported = client.get(table + "/export.json")
    assert exported.status_code == 200 and exported.mimetype == "application/json"
    document = exported.get_json()
    page = client.get("/tables/import").get_data(as_text=True)
    response = client.post(
        "/tables/import",
        data={"csrf_token": read_csrf_token(page), "export": (io.BytesIO(json.dumps(document).encode()), "t.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 303, response.get_data(as_text=True)
    copy = response.headers["Location"].split("#")[0]
    assert "brought back" in client.get(copy).get_data(as_text=True)
    again = client.get(copy + "/export.json").get_json()
    for one, other in zip(document["games"], again["games"], strict=True):
        for key in ("started", "rules", "sides", "first_dealer", "scores", "winner", "hands", "people", "finished_at"):
            assert one[key] == other[key], key
    assert again["players"] == document["players"] and again["name"] == document["name"]
    original = client.get(table + "/stats").get_data(as_text=True)
    brought_back = client.get(copy + "/stats").get_data(as_text=True)
    strip = lambda page: re.sub(r'href="[^"]*"|action="[^"]*"|value="[^"]*"|content="[^"]*"', "", page)  # noqa: E731
    assert strip(original) == strip(brought_back)


def test_an_import_that_cannot_be_read_is_refused_with_nothing_saved(client, csrf):
    page = client.get("/tables/import").get_data(as_text=True)
    bad = {"format": "forty-fives-table", "name": "X", "players": [], "games": [{"sides": "no"}]}
    response = client.post(
        "/tables/import",
        data={"csrf_token": read_csrf_token(page), "export": (io.BytesIO(json.dumps(bad).encode()), "t.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 422 and "Game 1 of the export cannot be read" in response.get_data(as_text=True)
    assert "Your tables" not in client.get("/").get_data(as_text=True)


def test_csv_of_a_game_and_of_the_table(client, csrf):
    table = new_table(client, csrf)
    game_id, token = start_from_roster(client, table)
    state = play_to_the_end(client, game_id, token)
    one = client.get(f"{table}/games/{game_id}.csv")
    assert one.status_code == 200 and one.mimetype == "text/csv"
    lines = one.get_data(as_text=True).strip().splitlines()
    assert lines[0].startswith("game,started,rules,hand,dealer,side")
    assert len(lines) == 1 + 2 * len(state["hands"])
    whole = client.get(table + "/export.csv").get_data(as_text=True)
    assert whole.strip().splitlines()[1:] == lines[1:]


def test_deleting_a_table_keeps_the_games_sheets(client, csrf):
    table = new_table(client, csrf)
    game_id, token = start_from_roster(client, table)
    page = client.get(table + "/delete").get_data(as_text=True)
    response = client.post(table + "/delete", data={"csrf_token": read_csrf_token(page), "confirm": "y"})
    assert response.status_code == 303
    assert client.get(table).status_code == 404
    assert client.get(f"/games/{game_id}/{token}").status_code == 200


def test_keep_this_table_from_a_finished_game(client, csrf, game):
    play_to_the_end(client, game["id"], game["edit_token"])
    path = f"/tables/keep/{game['id']}/{game['edit_token']}"
    page = client.get(path).get_data(as_text=True)
    response = client.post(path, data={"csrf_token": read_csrf_token(page), "name": "Frank's kitchen"})
    assert response.status_code == 303
    table = client.get(response.headers["Location"].split("#")[0]).get_data(as_text=True)
    assert "Frank&#39;s kitchen" in table and "Fred" in table and f"/games/{game['id']}/view/" in table
    assert client.get(f"/tables/keep/{game['id']}/{game['view_token']}").status_code == 404


def test_a_game_played_before_joins_by_its_link(client, csrf, game):
    table = new_table(client, csrf)
    page = client.get(table).get_data(as_text=True)
    watch = f"http://localhost/games/{game['id']}/view/{game['view_token']}"
    refused = client.post(table + "/add-game", data={"csrf_token": read_csrf_token(page), "link": watch})
    assert refused.status_code == 403
    assert "link to watch it: it cannot add the game" in refused.get_data(as_text=True)
    assert f"/games/{game['id']}/" not in client.get(table).get_data(as_text=True)
    link = f"http://localhost/games/{game['id']}/{game['edit_token']}"
    response = client.post(table + "/add-game", data={"csrf_token": read_csrf_token(page), "link": link})
    assert response.status_code == 303
    shown = client.get(table).get_data(as_text=True)
    assert "Frank" in shown and f"/games/{game['id']}/view/" in shown
    twice = client.post(table + "/add-game", data={"csrf_token": read_csrf_token(page), "link": link})
    assert twice.status_code == 409
    wrong = client.post(
        table + "/add-game", data={"csrf_token": read_csrf_token(page), "link": "http://x/games/nope/abc"}
    )
    assert wrong.status_code == 422


def test_the_statistics_page_speaks_french(client, csrf):
    table = new_table(client, csrf)
    game_id, token = start_from_roster(client, table)
    play_to_the_end(client, game_id, token)
    page = client.get(table + "/stats", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert "Ont mis dedans" in page and "Meilleur partenaire" in page and "Who" not in page


BAD_NAMES = {"NUL": "Ann\x00", "5,000 letters": "A" * 5000, "zero-width space": "An\u200bn", "blank": "   "}


@pytest.mark.parametrize("bad", BAD_NAMES.values(), ids=BAD_NAMES.keys())
def test_every_table_form_refuses_a_bad_name_with_a_4xx_and_saves_nothing(client, csrf, bad):
    table = new_table(client, csrf)
    token = read_csrf_token(client.get(table).get_data(as_text=True))
    new = client.post("/tables/new", data={"csrf_token": token, "name": bad, "players": "Ann"})
    assert new.status_code == 422
    with_player = client.post("/tables/new", data={"csrf_token": token, "name": "Ok", "players": bad + "x"})
    assert with_player.status_code == (422 if bad.strip() else 303)
    renamed = client.post(table + "/people/p1/rename", data={"csrf_token": token, "name": bad})
    assert renamed.status_code == 422
    started = client.post(
        table + "/games",
        data={"csrf_token": token, "players": ["p1", "p2"], "new_names": bad + ",x", "preset": "new-england"},
    )
    assert started.status_code == (422 if bad.strip() else 303)
    assert "Ann" in client.get(table).get_data(as_text=True)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"players": ["p1", "p99"]}, "Tick people of the roster only"),
        ({"players": ["p1"]}, "Tick at least two players"),
        ({"players": ["p1", "p2"], "preset": "no-such-rules"}, "Choose the rules from the list"),
        ({"players": ["p1", "p2"], "way": "\x00"}, "Choose partners or each for themselves"),
        ({"players": ["p1", "p2", "p3", "p4"], "new_names": ",".join("n" + str(i) for i in range(9))}, "at most 8"),
    ],
)
def test_a_game_the_roster_cannot_start_is_refused(client, csrf, data, message):
    table = new_table(client, csrf)
    token = read_csrf_token(client.get(table).get_data(as_text=True))
    response = client.post(table + "/games", data={"csrf_token": token, "preset": "new-england", **data})
    assert response.status_code == 422
    assert message in response.get_data(as_text=True)
    assert "No games yet" in client.get(table).get_data(as_text=True)
