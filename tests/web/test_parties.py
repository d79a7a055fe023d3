"""The card party pages: director, table phone, couple phone, hall board, results; every refusal."""

from __future__ import annotations

import csv
import html
import io
import json
import re
import urllib.error
import urllib.parse
import urllib.request

import pytest
from sqlalchemy import func, select

from scorekeeper.platform.extensions import db
from scorekeeper.store.models import Party
from tests._support.parties import ids, new_party, play_game, post, start, state_of, table_path
from tests._support.race import all_at_once


@pytest.fixture
def director(client, csrf):
    """The director's page path of a new 8-couple, 5-game evening (not started)."""
    response = new_party(client, csrf)
    assert response.status_code == 303
    return response.headers["Location"]


# -- Creating -----------------------------------------------------------------------------


def test_the_new_party_page_has_every_setting(client):
    page = client.get("/parties/new").get_data(as_text=True)
    for label in (
        "Name of the evening",
        "Number of games",
        "One hand",
        "Play to a score",
        "Until the bell",
        "Prizes",
        "Cookie jar",
        "booby prize",
        "Couples, one per line",
    ):
        assert label in page


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"name": ""}, "Give the evening a name"),
        ({"games": "²"}, "The number of games must be a whole number"),
        ({"games": "61"}, "The number of games must be from 1 to 60"),
        ({"prizes": "eleven"}, "The number of prizes must be a whole number"),
        ({"cookie_jar": "8", "games": "5"}, "The cookie jar can hold from 0 to 5"),
        ({"kind": "play-to", "play_to": ""}, "The score to play to must be a whole number"),
    ],
)
def test_an_evening_that_cannot_run_is_refused_in_words(client, csrf, fields, message):
    response = new_party(client, csrf, **fields)
    assert response.status_code == 422
    assert message in response.get_data(as_text=True)
    with client.application.app_context():
        from scorekeeper.store.models import Party

        assert Party.query.count() == 0


def test_creating_without_the_csrf_token_saves_nothing(client):
    response = client.post("/parties/new", data={"name": "Hall", "games": "5", "prizes": "3", "cookie_jar": "0"})
    assert response.status_code == 400
    with client.application.app_context():
        from scorekeeper.store.models import Party

        assert Party.query.count() == 0


# -- The director -------------------------------------------------------------------------


def test_the_director_registers_starts_and_sees_missing_tables(client, app, director):
    page = client.get(director).get_data(as_text=True)
    assert "8 couples registered" in page and "4 tables" in page
    post(client, director + "/couples", director, {"name": "Late & Later"})
    page = start(client, director)
    assert "Game 1 of 5" in page
    assert "4</strong> of 4 tables still to report game 1" in page
    party_id, _ = ids(director)
    assert state_of(app, party_id).seating_of(1).sits_out == 8  # the ninth couple sits out game 1


def test_a_wrong_director_token_is_404(client, director):
    party_id, token = ids(director)
    assert client.get(f"/parties/{party_id}/{token[:-2]}xx").status_code == 404
    assert client.get("/parties/nope/nothing").status_code == 404


def test_marking_a_couple_gone(client, app, director):
    start(client, director)
    response = post(client, director + "/couples/3/gone", director)
    assert response.status_code == 303
    page = client.get(director).get_data(as_text=True)
    assert "Couple 3 are marked gone." in page
    party_id, _ = ids(director)
    assert state_of(app, party_id).couples[2].gone_from == 2
    again = post(client, director + "/couples/3/gone", director)
    assert "already marked gone" in client.get(again.headers["Location"]).get_data(as_text=True)


def test_a_director_change_without_csrf_changes_nothing(client, app, director):
    response = client.post(director + "/start", data={})
    assert response.status_code == 400
    assert not state_of(app, ids(director)[0]).started


def test_the_director_enters_and_corrects_a_result(client, app, director):
    start(client, director)
    party_id, _ = ids(director)
    post(client, director + "/results", director, {"game": "1", "table": "2", "winner": "3"})
    assert state_of(app, party_id).winner(1, 2) == 2
    response = post(client, director + "/results", director, {"game": "1", "table": "2", "winner": "4"})
    assert "Send it as a correction" in client.get(response.headers["Location"]).get_data(as_text=True)
    assert state_of(app, party_id).winner(1, 2) == 2
    post(client, director + "/results", director, {"game": "1", "table": "2", "winner": "4", "correct": "y"})
    assert state_of(app, party_id).winner(1, 2) == 3
    response = post(client, director + "/results", director, {"game": "٣", "table": "2", "winner": "4"})
    assert "The game number must be a whole number" in client.get(response.headers["Location"]).get_data(as_text=True)


def test_table_cards_carry_each_tables_qr_code(client, app, director):
    start(client, director)
    party_id, _ = ids(director)
    page = client.get(director + "/cards").get_data(as_text=True)
    assert page.count('class="table-card"') == 4
    assert table_path(app, party_id, 3) in page
    qr = client.get(director + "/tables/3/qr.svg")
    assert qr.status_code == 200 and qr.content_type == "image/svg+xml" and b"<svg" in qr.data


# -- A table's phone ---------------------------------------------------------------------


def test_a_table_reports_in_two_taps_and_twice_is_recorded_once(client, app, director):
    start(client, director)
    party_id, _ = ids(director)
    table = table_path(app, party_id, 2)
    page = client.get(table).get_data(as_text=True)
    assert "Couple 3 won" in page and "Couple 4 won" in page and "deals first" in page
    token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page).group(1)
    first = client.post(table + "/report", data={"csrf_token": token, "game": "1", "winner": "3"})
    assert first.status_code == 200 and "won game 1?" in first.get_data(as_text=True)
    assert state_of(app, party_id).winner(1, 2) is None  # the first tap saves nothing
    second = client.post(table + "/report", data={"csrf_token": token, "game": "1", "winner": "3", "confirm": "y"})
    assert second.status_code == 303
    page = client.get(table).get_data(as_text=True)
    assert "Recorded: Couple 4 won game 1." in page
    # Where each couple goes is told at once, before the other tables are in.
    assert "<strong>Couple 4</strong>: go to table 3 and deal first." in page
    assert "<strong>Couple 3</strong>: stay here." in page
    couple = client.get(f"/parties/{party_id}/couples/4").get_data(as_text=True)
    assert "You won game 1." in couple and "Game 2: <strong>table 3</strong>, you deal first" in couple
    other_phone = client.post(table + "/report", data={"csrf_token": token, "game": "1", "winner": "3", "confirm": "y"})
    assert "already in" in client.get(other_phone.headers["Location"]).get_data(as_text=True)
    state = state_of(app, party_id)
    assert state.winner(1, 2) == 3 and sum(state.standings().wins) == 1


def test_a_table_link_works_only_for_its_own_table(client, app, director):
    start(client, director)
    party_id, _ = ids(director)
    two = table_path(app, party_id, 2)
    assert client.get(two.replace("/tables/2/", "/tables/3/")).status_code == 404


def test_a_table_cannot_report_a_couple_sitting_elsewhere(client, app, director):
    start(client, director)
    party_id, _ = ids(director)
    table = table_path(app, party_id, 1)
    response = post(client, table + "/report", table, {"game": "1", "winner": "5", "confirm": "y"})
    assert "does not sit at table 1" in client.get(response.headers["Location"]).get_data(as_text=True)
    assert sum(state_of(app, party_id).standings().wins) == 0


def poll_of(client, path):
    """The address the page polls (its hx-get), carrying what the page shows now."""
    page = client.get(path).get_data(as_text=True)
    return html.unescape(re.search(r'hx-get="([^"]+)"', page).group(1))


def test_the_table_poll_answers_304_until_its_table_changes(client, app, director):
    start(client, director)
    party_id, _ = ids(director)
    table = table_path(app, party_id, 1)
    poll = poll_of(client, table)
    assert client.get(poll).status_code == 304
    # Another table's result changes nothing on this table's phone.
    post(client, director + "/results", director, {"game": "1", "table": "2", "winner": "3"})
    assert client.get(poll).status_code == 304
    post(client, director + "/results", director, {"game": "1", "table": "1", "winner": "1"})
    changed = client.get(poll)
    assert changed.status_code == 200 and "won game 1 here" in changed.get_data(as_text=True)
    assert 'id="table-live"' in changed.get_data(as_text=True)


def test_a_couples_phone_is_sent_the_card_again_only_when_it_changes(client, app, director):
    start(client, director)
    party_id, _ = ids(director)
    poll = poll_of(client, f"/parties/{party_id}/couples/1")
    post(client, director + "/results", director, {"game": "1", "table": "2", "winner": "3"})
    assert client.get(poll).status_code == 304
    post(client, director + "/results", director, {"game": "1", "table": "1", "winner": "1"})
    changed = client.get(poll)
    assert changed.status_code == 200 and changed.get_data(as_text=True).count("is-punched") == 1


# -- A couple's phone, the board, results -----------------------------------------------------


def test_a_couples_punch_card_and_next_seat(client, app, director):
    start(client, director)
    party_id, _ = ids(director)
    page = client.get(f"/parties/{party_id}/couples/1").get_data(as_text=True)
    assert "table 1</strong>, you deal first" in page
    play_game(client, director, app, party_id, 1)
    page = client.get(f"/parties/{party_id}/couples/1").get_data(as_text=True)
    assert page.count("is-punched") == 1 and "<strong>1</strong> game won" in page
    assert "table 2</strong>, you deal first" in page
    assert client.get(f"/parties/{party_id}/couples/99").status_code == 404
    assert "Couple 8" in client.get(f"/parties/{party_id}/couples").get_data(as_text=True)


def test_the_board_shows_the_game_where_to_go_and_leaders_and_follows_live(client, app, director):
    party_id, _ = ids(director)
    board = client.get(f"/parties/{party_id}/board").get_data(as_text=True)
    assert "Starting soon" in board
    start(client, director)
    play_game(client, director, app, party_id, 1)
    board = client.get(f"/parties/{party_id}/board").get_data(as_text=True)
    assert "Game <strong>2</strong> of 5" in board and "Leaders" in board and "T2" in board
    poll = poll_of(client, f"/parties/{party_id}/board")
    assert client.get(poll).status_code == 304
    post(
        client,
        director + "/results",
        director,
        {"game": "2", "table": "1", "winner": str(state_of(app, party_id).seating_of(2).tables[0].seats[0] + 1)},
    )
    changed = client.get(poll)
    assert changed.status_code == 200 and "1 table in, of 4" in changed.get_data(as_text=True)


def test_the_end_of_the_evening_prize_list_ties_and_settling(client, app, director):
    party_id, _ = closed_two_couple_tie(client, app, director)
    state = state_of(app, party_id)
    tied = next(p for p in state.places() if p.tied)
    board = client.get(f"/parties/{party_id}/board").get_data(as_text=True)
    assert "Prizes" in board and "tied" in board
    only_one = {f"agree-{tied.couples[0] + 1}": "y", "action": "split"}
    response = post(client, f"{director}/ties/{tied.place}", director, only_one)
    assert "every tied couple agrees" in client.get(response.headers["Location"]).get_data(as_text=True)
    everyone = {"action": "split", **{f"agree-{c + 1}": "y" for c in tied.couples}}
    post(client, f"{director}/ties/{tied.place}", director, everyone)
    assert state_of(app, party_id).ties[tied.place].how == "split"
    assert "split" in client.get(f"/parties/{party_id}/results").get_data(as_text=True)


def test_the_results_sheet_and_csv_hold_every_game(client, app, director):
    start(client, director)
    party_id, _ = ids(director)
    play_game(client, director, app, party_id, 1)
    sheet = client.get(f"/parties/{party_id}/results").get_data(as_text=True)
    assert "after 1 game" in sheet
    response = client.get(f"/parties/{party_id}/results.csv")
    assert response.content_type.startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.get_data(as_text=True))))
    assert rows[0][:2] == ["game", "table"]
    assert len(rows) == 1 + 4 + 4  # game 1 (reported) and game 2 (seated, not yet reported)
    assert rows[1][:2] == ["1", "1"] and rows[1][-2] == "1"
    assert rows[5][-1] == ""


def test_the_home_page_leads_to_a_new_card_party(client):
    page = client.get("/").get_data(as_text=True)
    assert 'href="/parties/new"' in page


def test_a_late_couple_s_table_gets_its_card_at_once(client, app, director):
    start(client, director)
    post(client, director + "/couples", director, {"name": "Late one"})
    post(client, director + "/couples", director, {"name": "Late two"})
    page = client.get(director + "/cards").get_data(as_text=True)
    assert page.count('class="table-card"') == 5


def test_the_directors_page_follows_the_tables(client, app, director):
    start(client, director)
    party_id, _ = ids(director)
    poll = poll_of(client, director)
    assert client.get(poll).status_code == 304
    table = table_path(app, party_id, 3)
    post(client, table + "/report", table, {"game": "1", "winner": "4", "confirm": "y"})
    changed = client.get(poll).get_data(as_text=True)
    assert "3</strong> of 4 tables still to report game 1" in changed
    assert "Table 3</li>" not in changed and "Table 1</li>" in changed


def test_what_one_game_is_shows_on_the_directors_page(client, csrf):
    response = new_party(client, csrf, kind="play-to", play_to="45", cookie_jar="3", booby="y")
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "5 games · Play to 45 · 3 prizes · cookie jar of 3 · booby prize" in page
    bell = new_party(client, csrf, kind="bell")
    assert "Until the bell" in client.get(bell.headers["Location"]).get_data(as_text=True)


def closed_two_couple_tie(client, app, director):
    """Play five games where the couple dealing first always wins, close, return the tied first place."""
    start(client, director)
    party_id, _ = ids(director)
    for game in range(1, 6):
        play_game(client, director, app, party_id, game)
    post(client, director + "/close", director, {"confirm": "y"})
    state = state_of(app, party_id)
    return party_id, state.places()[0]


def test_a_tie_settled_by_play_off_and_forfeit_on_the_directors_page(client, app, director):
    party_id, first = closed_two_couple_tie(client, app, director)
    assert first.tied
    wants, *others = first.couples
    tie = f"{director}/ties/{first.place}"
    post(client, tie, director, {"action": "play-off", "couple": str(wants + 1)})
    page = client.get(director).get_data(as_text=True)
    assert "the others play off or forfeit" in page
    refused = post(client, tie, director, {"action": "split", **{f"agree-{c + 1}": "y" for c in first.couples}})
    assert "play off or forfeit" in client.get(refused.headers["Location"]).get_data(as_text=True)
    for couple in others:
        post(client, tie, director, {"action": "forfeit", "couple": str(couple + 1)})
    settled = state_of(app, party_id).ties[first.place]
    assert settled.settled and settled.winners == (wants,)
    board = client.get(f"/parties/{party_id}/board").get_data(as_text=True)
    assert f"won by Couple {wants + 1}" in board


def test_a_tie_settled_by_cutting_the_deck_cuts_again_when_level(client, app, director):
    party_id, first = closed_two_couple_tie(client, app, director)
    tie = f"{director}/ties/{first.place}"
    level = {"action": "cut", **{f"card-{c + 1}": "9H" for c in first.couples}}
    post(client, tie, director, level)
    page = client.get(director).get_data(as_text=True)
    assert "Level on the lowest card: cut again" in page
    cards = dict(zip(first.couples, ["KS", "AD", "QH", "JC"]))
    post(client, tie, director, {"action": "cut", **{f"card-{c + 1}": card for c, card in cards.items()}})
    settled = state_of(app, party_id).ties[first.place]
    assert settled.how == "cut" and settled.winners == (first.couples[1],)  # the ace is low
    bad = post(client, tie, director, {"action": "cut", "card-1": "XX"})
    assert "already settled" in client.get(bad.headers["Location"]).get_data(as_text=True)


def test_a_table_keeping_the_score_sheet_has_its_winner_reported_with_the_winning_hand(client, app, csrf):
    couples = "Ann & Cy\nBo & Di\nEd & Flo\nGus & Hal"
    created = new_party(client, csrf, name="Hall", held_on=None, games="3", kind="play-to", prizes="1", couples=couples)
    director_path = created.headers["Location"]
    start(client, director_path)
    party_id, _ = ids(director_path)
    table = table_path(app, party_id, 1)
    assert "Keep the score sheet of this game (to 45)" in client.get(table).get_data(as_text=True)
    opened = post(client, table + "/sheet", table)
    assert opened.status_code == 303 and "/games/" in opened.headers["Location"]
    _, _, game_id, edit_token = opened.headers["Location"].split("/")
    sheet = client.get(f"/api/v1/games/{game_id}").get_json()
    assert [s["name"] for s in sheet["sides"]] == ["Ann & Cy", "Bo & Di"]
    assert sheet["sides"][0]["players"] == ["Ann", "Cy"] and sheet["rules"]["target"] == 45
    # The same tap again opens the same sheet.
    again = post(client, table + "/sheet", table)
    assert again.headers["Location"] == opened.headers["Location"]
    assert "Open this game's score sheet" in client.get(table).get_data(as_text=True)
    headers = {"Authorization": f"Bearer {edit_token}"}
    n = 1
    while client.get(f"/api/v1/games/{game_id}").get_json()["winner"] is None:
        answer = client.post(f"/api/v1/games/{game_id}/hands", json={"n": n, "points": [0, 30]}, headers=headers)
        assert answer.status_code == 201, answer.get_json()
        n += 1
    # The winning hand wrote the table's result with it: nobody had to open a page.
    assert state_of(app, party_id).winner(1, 1) == 1
    page = client.get(table).get_data(as_text=True)
    assert "<strong>Bo &amp; Di</strong> won game 1 here." in page


def test_a_score_sheet_only_goes_with_games_played_to_a_score(client, app, director):
    start(client, director)
    party_id, _ = ids(director)
    table = table_path(app, party_id, 1)
    assert "Keep the score sheet" not in client.get(table).get_data(as_text=True)
    refused = post(client, table + "/sheet", table)
    assert "played to a score" in client.get(refused.headers["Location"]).get_data(as_text=True)


def test_a_dozen_phones_sending_results_at_once_record_each_once(live_server):
    """Against a real server: the same result from 12 phones at once, then 4 tables reporting together."""
    couples = [f"Couple {i}" for i in range(1, 9)]
    status, party = call("POST", f"{live_server.url}/api/v1/parties", {"name": "Hall", "games": 3, "couples": couples})
    assert status == 201, party
    url = f"{live_server.url}/api/v1/parties/{party['id']}/results"
    same = {"game": 1, "table": 1, "winner": 0}
    results = all_at_once(12, lambda: call("POST", url, same, party["edit_token"]))
    assert sorted(status for status, _ in results) == [201] + [409] * 11, results
    seating = party["state"]["seating"]
    bodies = [{"game": 1, "table": s["table"], "winner": s["deals_first"]} for s in seating[1:]]
    results = all_at_once(3, lambda: call("POST", url, bodies.pop(), party["edit_token"]))
    assert [status for status, _ in results] == [201, 201, 201], results
    _, state = call("GET", f"{live_server.url}/api/v1/parties/{party['id']}")
    assert len(state["results"]) == 4 and sum(state["wins"]) == 4 and state["game"] == 2


def test_thirty_tables_reporting_at_once_are_each_recorded_at_the_first_try(live_server):
    """The end of a game in a big hall: every table reports within the same second, and none is turned away."""
    couples = [f"Couple {i}" for i in range(1, 61)]
    status, party = call(
        "POST", f"{live_server.url}/api/v1/parties", {"name": "Big hall", "games": 3, "couples": couples}
    )
    assert status == 201, party
    url = f"{live_server.url}/api/v1/parties/{party['id']}/results"
    bodies = [{"game": 1, "table": s["table"], "winner": s["deals_first"]} for s in party["state"]["seating"]]
    assert len(bodies) == 30
    results = all_at_once(30, lambda: call("POST", url, bodies.pop(), party["edit_token"]))
    assert [status for status, _ in results] == [201] * 30, [body for status, body in results if status != 201]
    _, state = call("GET", f"{live_server.url}/api/v1/parties/{party['id']}")
    assert len(state["results"]) == 30 and sum(state["wins"]) == 30 and state["game"] == 2


def call(method: str, url: str, body: dict | None = None, token: str | None = None) -> tuple[int, dict]:
    request = urllib.request.Request(url, data=json.dumps(body).encode() if body is not None else None, method=method)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read())


@pytest.mark.parametrize("hidden", ["\x00", "\x07", "\u200b", "\u202e", "\ufeff"])
def test_every_party_name_refuses_invisible_and_control_characters_and_saves_nothing(client, app, csrf, hidden):
    """The evening's name, a couple's name in the list, a late couple: all under the one name rule."""
    for fields, box in (
        ({"name": f"Legion{hidden}"}, "name"),
        ({"couple_lines": f"Ann{hidden} & Cy\nBo & Di"}, "couples"),
    ):
        lines = fields.pop("couple_lines", None)
        if lines is not None:
            fields["couples"] = lines
            form = {"csrf_token": csrf(client, "/parties/new"), "name": "Legion", "games": "5", "kind": "one-hand"}
            refused = client.post("/parties/new", data={**form, "prizes": "3", "cookie_jar": "0", **fields})
        else:
            refused = new_party(client, csrf, **fields)
        assert refused.status_code == 422, fields
        body = refused.get_data(as_text=True)
        assert re.search(rf'id="{box}-error" role="alert">[^<]*no invisible characters', body), box
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Party)) == 0
    api = client.post("/api/v1/parties", json={"name": "Hall", "games": 2, "couples": [f"A{hidden}", "B"]})
    assert api.status_code in (400, 422) and api.get_json()["error"]["field"] in ("couples", "name")
    director = new_party(client, csrf).headers["Location"]
    late = post(client, director + "/couples", director, {"name": f"Late{hidden} pair"})
    assert "no invisible characters" in client.get(late.headers.get("Location", director)).get_data(as_text=True) or (
        late.status_code == 422 and "no invisible characters" in late.get_data(as_text=True)
    )
    assert f"Late{hidden} pair" not in client.get(director).get_data(as_text=True)


@pytest.mark.parametrize(
    ("name", "plain"), [("Łódź", "odz-results.csv"), ("名前", "results.csv"), ("Légion ٣", "Legion-results.csv")]
)
def test_the_results_download_keeps_a_name_in_any_script(client, csrf, name, plain):
    director = new_party(client, csrf, name=name).headers["Location"]
    party_id, _ = ids(director)
    response = client.get(f"/parties/{party_id}/results.csv")
    assert response.status_code == 200
    header = response.headers["Content-Disposition"]
    header.encode("ascii")  # a header gunicorn and every browser can carry
    assert f'filename="{plain}"' in header
    encoded = header.split("filename*=UTF-8''", 1)[1]
    assert urllib.parse.unquote(encoded) == f"{name} results.csv"


def test_a_tables_kept_score_sheet_cannot_be_deleted_from_its_phone(client, app, csrf):
    director = new_party(client, csrf, couples=4, kind="play-to", play_to="120").headers["Location"]
    start(client, director)
    party_id, _ = ids(director)
    table = table_path(app, party_id, 1)
    sheet = post(client, table + "/sheet", table).headers["Location"]
    refused = post(client, sheet + "/delete", sheet + "/delete", {"confirm": "y"})
    assert refused.status_code == 409
    assert "stays with the evening" in refused.get_data(as_text=True)
    assert client.get(sheet).status_code == 200
    assert "Open this game's score sheet" in client.get(table).get_data(as_text=True)
