"""The card party pages in French: what a French-speaking hall reads, from the new evening to the prize list.

Names of couples are never translated; dates follow the reader's language; the CSV's headers too.
"""

from __future__ import annotations

import csv
import io
import re

import pytest

from tests._support.parties import ids, new_party, play_game, post, start, state_of, table_path

NB = "\u00a0"
NNB = "\u202f"


@pytest.fixture
def french(client):
    client.set_cookie("lang", "fr")
    return client


@pytest.fixture
def director(french, csrf):
    response = new_party(french, csrf, couples=4, games="2")
    assert response.status_code == 303
    return response.headers["Location"]


def text(response) -> str:
    return response.get_data(as_text=True)


def test_the_new_evening_form_and_its_refusals_are_in_french(french, csrf):
    page = text(french.get("/parties/new"))
    assert '<html lang="fr"' in page
    for words in ("Une soirée de cartes", "Nom de la soirée", "Nombre de parties", "Une donne", "Jusqu’à la cloche"):
        assert words in page
    refused = new_party(french, csrf, name="", games="61")
    assert refused.status_code == 422
    body = text(refused)
    assert "Donnez un nom à la soirée" in body and "Le nombre de parties doit aller de 1 à 60" in body
    assert "must be" not in body
    refused = new_party(french, csrf, couples=0, cookie_jar="8", games="5")
    assert "Le pot à biscuits peut contenir de 0 à 5 numéros de partie" in text(refused)


def test_an_english_phone_and_a_french_phone_see_the_same_evening_each_in_its_language(french, client, app, director):
    page = text(french.get(director))
    assert "4 couples inscrits." in page and "Commencer la soirée" in page
    assert "vendredi 27 novembre 2026" in page and "2 parties · Une donne · 3 prix" in page
    english = text(app.test_client().get(director))
    assert "4 couples registered." in english and "Friday, November 27, 2026" in english


def test_the_director_runs_the_evening_in_french(french, app, director):
    party_id, _ = ids(director)
    asked = post(french, director + "/start", director)
    assert f"Commencer la soirée{NNB}?" in text(french.get(asked.headers["Location"]))
    page = start(french, director)
    assert "La soirée a commencé" in page and "Partie 1 sur 2" in page
    assert "<strong>2</strong> tables sur 2 doivent encore rendre le résultat de la partie 1." in page
    again = post(french, director + "/couples/2/gone", director)
    gone = text(french.get(again.headers["Location"]))
    assert f"Couple 2 sont marqués comme partis. Touchez «{NNB}Pas partis{NNB}»" in gone
    refused = post(french, director + "/couples/2/gone", director)
    assert "Couple 2 sont déjà marqués comme partis" in text(french.get(refused.headers["Location"]))
    post(french, director + "/couples/2/back", director)
    wrong = post(french, director + "/results", director, {"game": "1", "table": "9", "winner": "1"})
    assert "Il n’y a pas de table 9 à la partie 1" in text(french.get(wrong.headers["Location"]))


def test_a_table_phone_and_a_couple_phone_in_french(french, app, director):
    start(french, director)
    party_id, _ = ids(director)
    table = table_path(app, party_id, 1)
    page = text(french.get(table))
    assert "Table 1" in page and "Partie 1 sur 2" in page
    assert f"Qui a gagné la partie 1{NNB}? Touchez les gagnants." in page
    assert "Victoire" in page and "couple 1 · donne en premier" in page
    winner = state_of(app, party_id).seating_of(1).tables[0].seats[0]
    confirm = post(french, table + "/report", table, {"game": "1", "winner": str(winner)})
    assert f"<strong>Couple 1</strong> ont gagné la partie 1{NNB}?" in text(confirm)
    post(french, table + "/report", table, {"game": "1", "winner": str(winner), "confirm": "y"})
    page = text(french.get(table))
    assert "Enregistré" in page and "Ici, <strong>Couple 1</strong> ont gagné la partie 1." in page
    couple = text(french.get(f"/parties/{party_id}/couples/1"))
    assert "Vous avez gagné la partie 1." in couple and "<strong>1</strong> partie gagnée" in couple


def test_the_board_results_and_csv_in_french(french, app, director):
    start(french, director)
    party_id, _ = ids(director)
    board = text(french.get(f"/parties/{party_id}/board"))
    assert '<html lang="fr">' in board and f"Partie 1{NB}: allez à" in board and "Votre carte à poinçonner" in board
    for game in (1, 2):
        play_game(french, director, app, party_id, game)
    board = text(french.get(f"/parties/{party_id}/board"))
    assert "Résultats finaux" in board and "1er" in board and "égalité" in board
    assert re.search(r"Couple \d et Couple \d", board), "a list of couples is joined as French joins it"
    results = text(french.get(f"/parties/{party_id}/results"))
    assert "Tous les couples" in results and "Parties gagnées" in results
    rows = list(csv.reader(io.StringIO(text(french.get(f"/parties/{party_id}/results.csv")))))
    assert rows[0][:3] == ["partie", "table", "couple"]


def test_closing_and_settling_a_tie_in_french(french, app, director):
    start(french, director)
    party_id, _ = ids(director)
    for game in (1, 2):
        play_game(french, director, app, party_id, game)
    asked = post(french, director + "/close", director)
    assert "Toutes les parties sont rentrées." in text(french.get(asked.headers["Location"]))
    done = post(french, director + "/close", director, {"confirm": "y"})
    page = text(french.get(done.headers["Location"]))
    assert "La soirée est fermée." in page and "Rouvrir la soirée" in page and "Prix et égalités" in page
    tied = next(p for p in state_of(app, party_id).places() if p.tied)
    a, b = tied.couples
    cut = {"action": "cut", f"card-{a + 1}": "2H", f"card-{b + 1}": "ZZ"}
    refused = post(french, f"{director}/ties/{tied.place}", director, cut)
    assert f"«{NNB}ZZ{NNB}» n’est pas une carte" in text(french.get(refused.headers["Location"]))
    cut[f"card-{b + 1}"] = "9S"
    post(french, f"{director}/ties/{tied.place}", director, cut)
    page = text(french.get(director))
    assert f"<strong>Réglé (coupe){NB}:</strong> le prix va à Couple {a + 1}." in page


def test_phones_in_mixed_company_each_get_the_live_board_and_card_in_their_language(french, app, director):
    start(french, director)
    party_id, _ = ids(director)
    english = app.test_client()
    for path in (f"/parties/{party_id}/board/poll", f"/parties/{party_id}/couples/1/poll"):
        first = text(english.get(path + "?since=x"))
        second = text(french.get(path + "?since=x"))
        again = text(english.get(path + "?since=x"))
        assert "Game 1" in first and "Partie 1" in second and "Game 1" in again, path
        assert "Partie" not in first and "Game 1" not in second


def test_the_board_counts_the_tables_that_reported_not_the_tables(french, app, csrf):
    """The hall board says how many tables are in, in the plural that number asks for."""
    director = new_party(french, csrf, couples=8, games="3").headers["Location"]
    party_id = ids(director)[0]
    start(french, director)
    play_game(french, director, app, party_id, 1)
    seats = state_of(app, party_id).seating_of(2).tables
    for table, reported in ((0, "1 table sur 4 a rendu son résultat"), (1, "2 tables sur 4 ont rendu leur résultat")):
        winner = str(seats[table].seats[0] + 1)
        post(french, director + "/results", director, {"game": "2", "table": str(table + 1), "winner": winner})
        assert reported in text(french.get(f"/parties/{party_id}/board"))
