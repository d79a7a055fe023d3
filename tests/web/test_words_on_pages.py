"""The engine's answers are said in the phone's language: who won and why on the sheet, a refused hand."""

from __future__ import annotations

from tests._support.app import SIDES


def won_game(client) -> tuple[str, str]:
    created = client.post("/api/v1/games", json={"sides": SIDES}).get_json()
    auth = {"Authorization": f"Bearer {created['edit_token']}"}
    url = f"/api/v1/games/{created['id']}/hands"
    # Them are set once, then Us bid 30 and take every trick until they go out.
    client.post(url, json={"n": 1, "bidder": 1, "bid": 25, "tricks": [3, 2], "high": 0}, headers=auth)
    for n in range(2, 8):
        answer = client.post(url, json={"n": n, "bidder": 0, "bid": 30, "tricks": [5, 0], "high": 0}, headers=auth)
        if answer.get_json()["state"]["winner"] is not None:
            break
    return created["id"], created["edit_token"]


def test_the_sheet_says_who_won_in_french_and_in_english(client):
    game_id, token = won_game(client)
    english = client.get(f"/games/{game_id}/{token}").get_data(as_text=True)
    french = client.get(f"/games/{game_id}/{token}", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert "Us bid 30 and made it: the bidder goes out with" in english
    assert "Us a misé 30 et a réussi\u00a0: le preneur sort avec" in french


def test_french_refusal_of_a_hand_after_the_win_names_the_side_as_typed(client):
    game_id, token = won_game(client)
    next_n = client.get(f"/api/v1/games/{game_id}").get_json()["next_n"]
    auth = {"Authorization": f"Bearer {token}", "Accept-Language": "fr"}
    hand = {"n": next_n, "bidder": 0, "bid": 20, "tricks": [3, 2], "high": 0}
    answer = client.post(f"/api/v1/games/{game_id}/hands", json=hand, headers=auth)
    assert answer.status_code == 422
    error = answer.get_json()["error"]
    assert error["code"] == "game-over"
    assert error["message"].startswith("La partie est finie\u00a0: Us a gagné.")
