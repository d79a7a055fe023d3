"""A table's figures through the API, reading by reading: bid names, the green from the start scores, best
partners, went out as bidder, and the ratings of a table and of a club."""

from __future__ import annotations

import pytest

from tests._support.api import resolved

PAIRS = [{"name": "Ann & Cy", "players": ["Ann", "Cy"]}, {"name": "Bob & Di", "players": ["Bob", "Di"]}]
SWAPPED = [{"name": "Ann & Bob", "players": ["Ann", "Bob"]}, {"name": "Cy & Di", "players": ["Cy", "Di"]}]


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def table(client):
    response = client.post("/api/v1/tables", json={"name": "Tuesday table", "players": ["Ann", "Bob", "Cy", "Di"]})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def start(client, table, sides=PAIRS, **more):
    response = client.post(
        "/api/v1/games", json={"table": table["id"], "sides": sides, **more}, headers=bearer(table["edit_token"])
    )
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def hand(client, game, n, **entry):
    response = client.post(
        f"/api/v1/games/{game['id']}/hands", json={"n": n, **entry}, headers=bearer(game["edit_token"])
    )
    assert response.status_code == 201, response.get_json()
    return response.get_json()["state"]


def win(client, game, bidder=0, first=1):
    """The bidder's side bids 30 and takes every point until it goes out."""
    n = first
    while True:
        points = [30, 0] if bidder == 0 else [0, 30]
        state = hand(client, game, n, bidder=bidder, bid=30, points=points)
        if state["winner"] is not None:
            return state
        n += 1


def stats(client, table):
    body = client.get(f"/api/v1/tables/{table['id']}/stats", headers=bearer(table["view_token"])).get_json()
    return {p["name"]: p for p in body["players"]}


def test_by_bid_is_keyed_by_the_bid_names_of_the_document(client, table):
    game = start(client, table, rules={"preset": "new-england", "thirty_for_sixty": "double"})
    hand(client, game, 1, bidder=0, bid="30-for-60", points=[30, 0])
    hand(client, game, 2, bidder=1, bid=20, points=[10, 20])
    document = client.get("/api/v1/openapi.json").get_json()
    bid = resolved(document, document["components"]["schemas"]["HandInput"]["properties"]["bid"])
    names = {str(v) for choice in bid["oneOf"] for v in choice.get("enum", [])}
    ann, bob = stats(client, table)["Ann"], stats(client, table)["Bob"]
    assert set(ann["by_bid"]) == {"30-for-60"} and set(bob["by_bid"]) == {"20"}
    assert set(ann["by_bid"]) | set(bob["by_bid"]) <= names
    assert ann["by_bid"]["30-for-60"] == {"bid": 1, "made": 1}


def test_a_game_carried_on_from_paper_on_the_green_and_won_on_its_first_hand_counts(client, table):
    carried = start(client, table, scores=[95, 0])
    assert win(client, carried)["winner"] == 0
    assert stats(client, table)["Ann"]["won_from_green"] == 1


def test_the_same_win_reached_hand_by_hand_counts_the_same(client, table):
    game = start(client, table, scores=[70, 0])
    hand(client, game, 1, bidder=0, bid=25, points=[25, 5])
    assert win(client, game, first=2)["winner"] == 0
    assert stats(client, table)["Ann"]["won_from_green"] == 1


def test_a_win_that_never_stood_on_the_green_before_its_last_hand_is_not_from_the_green(client, table):
    game = start(client, table, scores=[0, 95])
    hand(client, game, 1, bidder=0, bid=30, points=[30, 0])  # 30 against 95
    hand(client, game, 2, bidder=0, bid=30, points=[30, 0])  # 60
    assert win(client, game, first=3)["winner"] == 0  # 90 (on the green), then out
    figures = stats(client, table)
    assert figures["Ann"]["won_from_green"] == 1 and figures["Bob"]["won_from_green"] == 0
    # Out from 85 in one hand (85 → 115 → out needs two): a side below the green before its winning hand.
    jump = start(client, table, scores=[85, 0], rules={"preset": "new-england", "target": 115, "green_at": 90})
    assert hand(client, jump, 1, bidder=0, bid=30, points=[30, 0])["winner"] == 0
    assert stats(client, table)["Ann"]["won_from_green"] == 1  # the first game only
    jump = start(client, table, scores=[90, 0], rules={"preset": "new-england", "target": 115, "green_at": 90})
    assert hand(client, jump, 1, bidder=0, bid=30, points=[30, 0])["winner"] == 0
    assert stats(client, table)["Ann"]["won_from_green"] == 2


def test_won_from_the_green_is_not_applicable_without_a_game_played_with_the_green(client, table):
    game = start(client, table, rules={"preset": "new-england", "on_the_green": False}, scores=[95, 0])
    win(client, game)
    figures = stats(client, table)
    assert figures["Ann"]["won_from_green"] is None and figures["Bob"]["won_from_green"] is None
    green = start(client, table)
    win(client, green, bidder=1)  # 30, 60, 90 (on the green), out
    figures = stats(client, table)
    assert figures["Ann"]["won_from_green"] == 0 and figures["Bob"]["won_from_green"] == 1


def test_a_best_partner_needs_three_games_together(client, table):
    for _ in range(2):
        win(client, start(client, table))
    assert stats(client, table)["Ann"]["best_partner"] is None
    win(client, start(client, table, SWAPPED))
    win(client, start(client, table, SWAPPED))
    # Two games with Bob, both won, is not enough; three with Cy is.
    win(client, start(client, table), bidder=1)
    figures = stats(client, table)
    assert figures["Ann"]["best_partner"] == "p3" and figures["Cy"]["best_partner"] == "p1"
    assert figures["Bob"]["best_partner"] == "p4"


FIVE = [{"name": n, "players": [n]} for n in ("Ann", "Bob", "Cy", "Di", "Ed")]


def test_went_out_as_bidder_is_the_called_partners_when_the_partner_went_out(client):
    made = client.post("/api/v1/tables", json={"name": "Five", "players": ["Ann", "Bob", "Cy", "Di", "Ed"]}).get_json()
    game = start(
        client, made, FIVE, rules={"preset": "new-england", "call_for_partner": True}, scores=[0, 100, 0, 0, 0]
    )
    state = hand(client, game, 1, bidder=0, bid=30, partner=1, points=[15, 15, 0, 0, 0])
    assert state["winner"] == 1, state.get("win_reason")
    figures = stats(client, made)
    assert figures["Bob"]["out_as_bidder"] == 1 and figures["Ann"]["out_as_bidder"] == 0
    # The called partner's side did not bid the hand.
    assert figures["Bob"]["hands_bid"] == 0 and figures["Ann"]["hands_bid"] == 1


def ratings(client, table):
    response = client.get(f"/api/v1/tables/{table['id']}/ratings", headers=bearer(table["view_token"]))
    assert response.status_code == 200, response.get_json()
    return response.get_json()["players"]


def test_a_new_table_rates_nobody_and_the_winners_rise_above_1000_in_time(client, table):
    assert ratings(client, table) == []
    for _ in range(12):
        win(client, start(client, table))
    rated = {p["name"]: p for p in ratings(client, table)}
    assert [p["name"] for p in ratings(client, table)][:2] in (["Ann", "Cy"], ["Cy", "Ann"])
    assert rated["Ann"]["games"] == 12 and rated["Ann"]["settling"] is False
    assert rated["Ann"]["rating"] > 1000 > rated["Bob"]["rating"] >= 0


def test_after_one_game_everyone_is_settling(client, table):
    win(client, start(client, table))
    rated = {p["name"]: p for p in ratings(client, table)}
    assert all(p["settling"] and p["games"] == 1 for p in rated.values())
    assert rated["Ann"]["mu"] > 25 > rated["Bob"]["mu"]


def test_a_game_not_finished_is_not_rated(client, table):
    game = start(client, table)
    hand(client, game, 1, bidder=0, bid=30, points=[30, 0])
    assert ratings(client, table) == []


def test_a_corrected_hand_rates_again(client, table):
    game = start(client, table, scores=[100, 100])
    assert hand(client, game, 1, bidder=0, bid=30, points=[30, 0])["winner"] == 0
    win(client, start(client, table))
    before = {p["name"]: p for p in ratings(client, table)}
    assert before["Ann"]["rating"] > before["Bob"]["rating"]
    version = client.get(f"/api/v1/games/{game['id']}").get_json()["version"]
    edited = client.put(
        f"/api/v1/games/{game['id']}/hands/1",
        json={"version": version, "bidder": 1, "bid": 30, "points": [0, 30]},
        headers=bearer(game["edit_token"]),
    )
    assert edited.status_code == 200, edited.get_json()
    after = {p["name"]: p for p in ratings(client, table)}
    # One game each now: Ann lost the first, Bob won it.
    assert after["Ann"]["rating"] < before["Ann"]["rating"] and after["Bob"]["rating"] > before["Bob"]["rating"]
    assert after["Ann"]["games"] == 2


@pytest.mark.parametrize(("headers", "status"), [({}, 401), ({"Authorization": "Bearer nope"}, 403)])
def test_a_tables_ratings_are_read_with_its_token(client, table, headers, status):
    assert client.get(f"/api/v1/tables/{table['id']}/ratings", headers=headers).status_code == status


def test_an_unknown_club_has_no_ratings(client):
    assert client.get("/api/v1/clubs/nope-nope-nope/ratings").status_code == 404


def test_a_clubs_ratings_count_every_game_of_its_evenings_and_follow_a_corrected_result(client):
    from tests._support.api import new_club

    club, headers = new_club(client, members=8)
    evening = client.post(
        f"/api/v1/clubs/{club['id']}/evenings",
        json={"date": "2026-11-27", "games": 2, "couples": [[1, 2], [3, 4], [5, 6], [7, 8]], "start": True},
        headers=headers,
    ).get_json()
    party = f"/api/v1/parties/{evening['party_id']}"
    party_headers = {"Authorization": f"Bearer {evening['edit_token']}"}
    assert client.get(f"/api/v1/clubs/{club['id']}/ratings").get_json()["players"] == []
    for game in (1, 2):
        for table in (1, 2):
            first = client.get(party).get_json()["seating"][table - 1]["couples"][0]
            answer = client.post(
                f"{party}/results", json={"game": game, "table": table, "winner": first}, headers=party_headers
            )
            assert answer.status_code == 201, answer.get_json()
    body = client.get(f"/api/v1/clubs/{club['id']}/ratings?season=2026-2027").get_json()
    assert body["season"] == "2026-2027" and len(body["players"]) == 8
    assert all(p["games"] == 2 and p["settling"] for p in body["players"])
    rated = {p["member"]: p for p in body["players"]}
    # Couple 1 (members 1 and 2) dealt first at table 1 and won there, then again wherever it went.
    assert rated[1]["rating"] == rated[2]["rating"] == body["players"][0]["rating"]
    assert rated[1]["name"] == "Player 1"
    refused = client.get(f"/api/v1/clubs/{club['id']}/ratings?season=")
    assert refused.status_code == 422


def test_the_document_describes_both_ratings(client):
    document = client.get("/api/v1/openapi.json").get_json()
    table = document["paths"]["/api/v1/tables/{table_id}/ratings"]["get"]
    club = document["paths"]["/api/v1/clubs/{club_id}/ratings"]["get"]
    assert {"200", "401", "403", "404"} <= set(table["responses"]) and {"200", "404", "422"} <= set(club["responses"])
    schemas = document["components"]["schemas"]
    rated = schemas["TableRatings"]["properties"]["players"]["items"]
    assert {"player", "name", "rating", "settling", "games", "mu", "sigma"} <= set(rated["properties"])
    member = schemas["ClubRatings"]["properties"]["players"]["items"]
    assert {"member", "name", "rating", "settling"} <= set(member["properties"])


def test_a_summary_kept_in_an_older_shape_is_worked_out_again_from_its_game(app, client, table):
    from sqlalchemy import update

    from scorekeeper.platform.extensions import db
    from scorekeeper.store.models import Game

    game = start(client, table, rules={"preset": "new-england", "thirty_for_sixty": "double"}, scores=[95, 0])
    hand(client, game, 1, bidder=0, bid="30-for-60", points=[30, 0])
    old = {  # as stored before: the bid as the sheet writes it, and the green read from the hand before the last
        "hands": 1,
        "winner": 0,
        "sides": [
            {
                "hands": 1,
                "bid": 1,
                "made": 1,
                "set": 0,
                "by_bid": {"30 for 60": [1, 1]},
                "bid_total": 30,
                "points": 60,
                "sets_inflicted": 0,
                "bagged": 0,
                "out_as_bidder": True,
                "won_from_green": False,
            },
            {
                "hands": 1,
                "bid": 0,
                "made": 0,
                "set": 0,
                "by_bid": {},
                "bid_total": 0,
                "points": 0,
                "sets_inflicted": 0,
                "bagged": 0,
                "out_as_bidder": False,
                "won_from_green": False,
            },
        ],
    }
    with app.app_context():
        db.session.execute(update(Game).where(Game.id == game["id"]).values(summary=old))
        db.session.commit()
    for name in ("game_summaries", "table_stats"):
        app.extensions.pop(name, None)
    ann = stats(client, table)["Ann"]
    assert set(ann["by_bid"]) == {"30-for-60"} and ann["won_from_green"] == 1
