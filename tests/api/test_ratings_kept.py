"""Ratings are stored as results are written: after every change of a result (a game won, a hand undone or
corrected, a game deleted, a merge, an import, an evening's result or its correction) the stored ratings are
those of the games as they stand, and equal the ratings of every game replayed from nothing; a read of a
table whose ratings were never stored answers the same and writes nothing."""

from __future__ import annotations

import random
from datetime import date

import pytest
from sqlalchemy import func, select

from scorekeeper.platform.extensions import db
from scorekeeper.stats.ratings import Match, ranks_by_score, rate
from scorekeeper.store import clubs as club_store
from scorekeeper.store import games as game_store
from scorekeeper.store import parties as party_store
from scorekeeper.store import ratings
from scorekeeper.store.models import RatingPoint, RatingRun

ROSTER = ["Ann", "Bob", "Cy", "Di", "Eve", "Fay"]


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def table(client):
    response = client.post("/api/v1/tables", json={"name": "Friday table", "players": ROSTER})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def play(client, table, seated, winner):
    """A game of two partnerships from the roster (names), the side *winner* bidding 30 and taking every point."""
    sides = [{"name": " & ".join(pair), "players": list(pair)} for pair in seated]
    game = client.post(
        "/api/v1/games", json={"table": table["id"], "sides": sides}, headers=bearer(table["edit_token"])
    ).get_json()
    n = 1
    while True:
        points = [30, 0] if winner == 0 else [0, 30]
        answer = client.post(
            f"/api/v1/games/{game['id']}/hands",
            json={"n": n, "bidder": winner, "bid": 30, "points": points},
            headers=bearer(game["edit_token"]),
        )
        assert answer.status_code == 201, answer.get_json()
        state = answer.get_json()["state"]
        if state["winner"] is not None:
            return game, n, state
        n += 1


def recount(played):
    """The ratings of the games played, rated from nothing in the order played: (seated, winner, scores)."""
    matches = []
    for at, (seated, winner, scores) in enumerate(played):
        teams = tuple(tuple(f"p{ROSTER.index(name) + 1}" for name in pair) for pair in seated)
        matches.append(Match(at, teams, ranks_by_score(scores, winner)))
    return {p: (s.mu, s.sigma, s.games) for p, s in rate(matches).skills.items()}


def kept_table(app, table_id):
    with app.app_context():
        book = ratings.stored_table(table_id)
        assert book is not None, "the stored ratings are not those of the games as they stand"
        return {p: (s.mu, s.sigma, s.games) for p, s in book.skills.items()}


def rows(app):
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(RatingPoint)), db.session.scalar(
            select(func.count()).select_from(RatingRun)
        )


def shown(client, table):
    answer = client.get(f"/api/v1/tables/{table['id']}/ratings", headers=bearer(table["view_token"]))
    assert answer.status_code == 200
    return {p["name"]: (p["rating"], p["games"]) for p in answer.get_json()["players"]}


def random_games(seed, count):
    rng = random.Random(seed)
    games = []
    for _ in range(count):
        four = rng.sample(ROSTER, 4)
        games.append(((tuple(four[:2]), tuple(four[2:])), rng.randrange(2)))
    return games


@pytest.mark.parametrize("seed", [1, 2])
def test_each_game_won_stores_the_ratings_of_every_game_replayed(app, client, table, seed):
    played = []
    for seated, winner in random_games(seed, 6):
        _game, _n, state = play(client, table, seated, winner)
        played.append((seated, winner, state["scores"]))
        assert kept_table(app, table["id"]) == recount(played)
    figures = shown(client, table)
    assert sum(games for _rating, games in figures.values()) == 4 * len(played)


def test_a_corrected_winning_hand_rates_again_from_its_game_on(app, client, table):
    played, games = [], []
    for seated, winner in random_games(3, 4):
        game, n, state = play(client, table, seated, winner)
        played.append((seated, winner, state["scores"]))
        games.append((game, n, state["version"]))
    with app.app_context():
        first_before = db.session.execute(
            select(RatingPoint.person, RatingPoint.mu).where(RatingPoint.step == 0).order_by(RatingPoint.person)
        ).all()
    # The second game's last hand is written again: the other side takes the points, and the game goes on.
    game, n, version = games[1]
    seated, winner, _scores = played[1]
    answer = client.put(
        f"/api/v1/games/{game['id']}/hands/{n}",
        json={"n": n, "version": version, "bidder": winner, "bid": 30, "points": [0, 30] if winner == 0 else [30, 0]},
        headers=bearer(game["edit_token"]),
    )
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["state"]["winner"] is None
    del played[1]
    assert kept_table(app, table["id"]) == recount(played)
    with app.app_context():
        first_after = db.session.execute(
            select(RatingPoint.person, RatingPoint.mu).where(RatingPoint.step == 0).order_by(RatingPoint.person)
        ).all()
    assert first_after == first_before


def test_an_undone_winning_hand_takes_its_game_out_of_the_ratings(app, client, table):
    played = []
    for seated, winner in random_games(4, 3):
        game, n, state = play(client, table, seated, winner)
        played.append((seated, winner, state["scores"]))
    answer = client.delete(f"/api/v1/games/{game['id']}/hands/last?n={n}", headers=bearer(game["edit_token"]))
    assert answer.status_code == 200, answer.get_json()
    assert kept_table(app, table["id"]) == recount(played[:-1])


def test_a_merge_of_two_roster_entries_rates_their_games_as_one_persons(app, client, table):
    played = []
    for seated, winner in [((("Ann", "Bob"), ("Cy", "Di")), 0), ((("Eve", "Cy"), ("Fay", "Di")), 1)]:
        _game, _n, state = play(client, table, seated, winner)
        played.append((seated, winner, state["scores"]))
    answer = client.post(
        f"/api/v1/tables/{table['id']}/players/p5/merge", json={"into": "p1"}, headers=bearer(table["edit_token"])
    )
    assert answer.status_code == 200, answer.get_json()
    merged = [(tuple(tuple("Ann" if p == "Eve" else p for p in pair) for pair in s), w, sc) for s, w, sc in played]
    assert kept_table(app, table["id"]) == recount(merged)
    assert shown(client, table)["Ann"][1] == 2


def test_an_import_stores_what_its_games_rated_one_by_one_stored(app, client, table):
    for seated, winner in random_games(5, 4):
        play(client, table, seated, winner)
    exported = client.get(f"/api/v1/tables/{table['id']}/export.json", headers=bearer(table["view_token"]))
    assert exported.status_code == 200
    answer = client.post("/api/v1/tables/import", json=exported.get_json())
    assert answer.status_code == 201, answer.get_json()
    assert kept_table(app, answer.get_json()["id"]) == kept_table(app, table["id"])


def test_a_table_whose_ratings_were_never_stored_is_read_the_same_and_nothing_is_written(app, client, table):
    played = []
    for seated, winner in random_games(6, 3):
        _game, _n, state = play(client, table, seated, winner)
        played.append((seated, winner, state["scores"]))
    figures = shown(client, table)
    with app.app_context():  # as a table with results from before the ratings were stored
        ratings.forget(ratings.table_scope(table["id"]))
        db.session.commit()
    assert rows(app) == (0, 0)
    assert shown(client, table) == figures
    assert rows(app) == (0, 0)


def test_a_deleted_game_leaves_the_ratings(app, client, table):
    played = []
    for seated, winner in random_games(7, 3):
        game, _n, state = play(client, table, seated, winner)
        played.append((seated, winner, state["scores"]))
    with app.app_context():
        game_store.delete_game(game_store.load_game(game["id"]))
    assert kept_table(app, table["id"]) == recount(played[:-1])


# -- A club's season ---------------------------------------------------------------------------------


def club_with_evening(client, members=8, games=2):
    club = client.post("/api/v1/clubs", json={"name": "Legion"}).get_json()
    headers = bearer(club["edit_token"])
    for n in range(members):
        assert client.post(
            f"/api/v1/clubs/{club['id']}/members", json={"name": f"Player {n + 1}"}, headers=headers
        ).status_code in (200, 201)
    evening = client.post(
        f"/api/v1/clubs/{club['id']}/evenings",
        json={"date": "2026-11-27", "games": games, "couples": [[1, 2], [3, 4], [5, 6], [7, 8]], "start": True},
        headers=headers,
    ).get_json()
    return club, evening


def report(client, evening, game, table, winner=None):
    """Report the first couple of the table as the winner (or *winner*, correcting); answer with the couples."""
    party = f"/api/v1/parties/{evening['party_id']}"
    couples = client.get(party).get_json()["seating"][table - 1]["couples"]
    answer = client.post(
        f"{party}/results",
        json={"game": game, "table": table, "winner": couples[0] if winner is None else winner}
        | ({} if winner is None else {"correct": True}),
        headers=bearer(evening["edit_token"]),
    )
    assert answer.status_code in (200, 201), answer.get_json()
    return couples


def kept_season(app, club_id):
    with app.app_context():
        club = club_store.get(club_id)
        season = club_store.season_of(date(2026, 11, 27))
        book = ratings.stored_season(club_id, season)
        assert book is not None, "the stored ratings are not those of the evenings as they stand"
        again = rate(ratings.club_matches(club, season, party_store.load))
        return (
            {p: (s.mu, s.sigma, s.games) for p, s in book.skills.items()},
            {p: (s.mu, s.sigma, s.games) for p, s in again.skills.items()},
        )


def test_each_result_of_an_evening_stores_the_seasons_ratings(app, client):
    club, evening = club_with_evening(client)
    for game in (1, 2):
        for table in (1, 2):
            report(client, evening, game, table)
            stored, replayed = kept_season(app, club["id"])
            assert stored == replayed
    assert len(stored) == 8 and all(games == 2 for _mu, _sigma, games in stored.values())


def test_a_merge_of_two_members_is_rated_again(app, client):
    club, evening = club_with_evening(client)
    for table in (1, 2):
        report(client, evening, 1, table)
    with app.app_context():
        club_store.merge_member(club_store.get(club["id"]), 3, 1)
    stored, replayed = kept_season(app, club["id"])
    assert stored == replayed and "3" not in stored


def test_a_corrected_result_of_an_earlier_game_is_rated_again(app, client):
    club, evening = club_with_evening(client)
    first = report(client, evening, 1, 1)
    report(client, evening, 1, 2)
    for table in (1, 2):
        report(client, evening, 2, table)
    before, _replayed = kept_season(app, club["id"])
    report(client, evening, 1, 1, winner=first[1])
    stored, replayed = kept_season(app, club["id"])
    assert stored == replayed and stored != before


def test_a_member_added_after_the_results_leaves_the_stored_ratings_in_use(app, client):
    club, evening = club_with_evening(client)
    for table in (1, 2):
        report(client, evening, 1, table)
    before = client.get(f"/api/v1/clubs/{club['id']}/ratings?season=2026-2027").get_json()
    assert client.post(
        f"/api/v1/clubs/{club['id']}/members", json={"name": "Player 9"}, headers=bearer(club["edit_token"])
    ).status_code in (200, 201)
    with app.app_context():
        runs = db.session.execute(select(RatingRun.quick, RatingRun.stamp)).all()
    assert client.get(f"/api/v1/clubs/{club['id']}/ratings?season=2026-2027").get_json() == before
    with app.app_context():
        assert db.session.execute(select(RatingRun.quick, RatingRun.stamp)).all() == runs
    stored, replayed = kept_season(app, club["id"])
    assert stored == replayed


def test_the_rate_command_stores_what_was_never_stored(app, client, table):
    played = []
    for seated, winner in random_games(8, 3):
        _game, _n, state = play(client, table, seated, winner)
        played.append((seated, winner, state["scores"]))
    with app.app_context():
        ratings.forget(ratings.table_scope(table["id"]))
        db.session.commit()
        assert ratings.stored_table(table["id"]) is None
    result = app.test_cli_runner().invoke(args=["rate"])
    assert result.exit_code == 0 and "1 tables" in result.output, result.output
    assert kept_table(app, table["id"]) == recount(played)
