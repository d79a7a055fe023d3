"""A game's refusals over the API are said in the request's language, as a club's, a table's and a card party's
are: a French request gets a French sentence with the same code and field as in English, and nothing is recorded."""

from __future__ import annotations

import pytest

from tests._support.app import SIDES

FR = {"Accept-Language": "fr"}
HAND = {"bidder": 0, "bid": 20, "tricks": [3, 2], "high": 0}


@pytest.fixture
def game(client):
    made = client.post("/api/v1/games", json={"sides": SIDES}).get_json()
    return (
        made["id"],
        {"Authorization": f"Bearer {made['edit_token']}"},
        {"Authorization": f"Bearer {made['view_token']}"},
    )


@pytest.mark.parametrize(
    ("ask", "english", "french"),
    [
        (
            lambda c, gid, edit, view, lang: c.get("/api/v1/games/nosuchgame1", headers=lang),
            "There is no game with that id",
            "Il n’y a pas de partie avec cet identifiant",
        ),
        (
            lambda c, gid, edit, view, lang: c.post(f"/api/v1/games/{gid}/hands", json={**HAND, "n": 1}, headers=lang),
            "Recording needs the game's edit token: Authorization: Bearer <edit_token>",
            "Pour inscrire une donne, il faut le jeton de modification de la partie\u00a0: "
            "Authorization: Bearer <edit_token>",
        ),
        (
            lambda c, gid, edit, view, lang: c.post(
                f"/api/v1/games/{gid}/hands", json={**HAND, "n": 1}, headers={"Authorization": "Bearer x", **lang}
            ),
            "That token does not belong to this game",
            "Ce jeton n’est pas celui de cette partie",
        ),
        (
            lambda c, gid, edit, view, lang: c.post(
                f"/api/v1/games/{gid}/hands", json={**HAND, "n": 1}, headers={**view, **lang}
            ),
            "That is the token of the link that only shows the score; it cannot change it",
            "C’est le jeton du lien qui montre seulement le pointage\u202f; il ne peut pas le modifier",
        ),
        (
            lambda c, gid, edit, view, lang: c.get(f"/api/v1/games/{gid}?since=1&since=2", headers=lang),
            "Give since once",
            "Donnez since une seule fois",
        ),
        (
            lambda c, gid, edit, view, lang: c.put(
                f"/api/v1/games/{gid}/hands/1", json={**HAND, "n": 2, "version": 1}, headers={**edit, **lang}
            ),
            "The address names hand 1 but the body says hand 2",
            "L’adresse nomme la donne 1, mais le corps dit la donne 2",
        ),
        (
            lambda c, gid, edit, view, lang: c.put(f"/api/v1/games/{gid}/hands/1", json=HAND, headers={**edit, **lang}),
            'Say which version of the game this edit was made from: "version" in the body, '
            "or an If-Match header with the game's ETag",
            "Dites de quelle version de la partie part ce changement\u00a0: «\u202fversion\u202f» dans le corps, "
            "ou un en-tête If-Match avec l’ETag de la partie",
        ),
        (
            lambda c, gid, edit, view, lang: c.put(
                f"/api/v1/games/{gid}/hands/1", json=HAND, headers={**edit, "If-Match": '"old"', **lang}
            ),
            "The game changed since that ETag (another phone changed it): read it again and retry",
            "La partie a changé depuis cet ETag (un autre téléphone l’a changée)\u00a0: relisez-la et réessayez",
        ),
    ],
)
def test_a_game_refusal_is_said_in_the_request_language(client, game, ask, english, french):
    game_id, edit, view = game
    client.post(f"/api/v1/games/{game_id}/hands", json={**HAND, "n": 1}, headers=edit)
    before = client.get(f"/api/v1/games/{game_id}").get_json()
    en = ask(client, game_id, edit, view, {}).get_json()["error"]
    fr_answer = ask(client, game_id, edit, view, FR)
    assert fr_answer.headers["Content-Language"] == "fr"
    fr = fr_answer.get_json()["error"]
    assert (en["message"], fr["message"]) == (english, french)
    assert (en["code"], en["field"]) == (fr["code"], fr["field"])
    assert client.get(f"/api/v1/games/{game_id}").get_json() == before


def test_a_since_that_is_no_version_says_why_in_french(client, game):
    game_id, _edit, _view = game
    english = client.get(f"/api/v1/games/{game_id}?since=-1").get_json()["error"]["message"]
    french = client.get(f"/api/v1/games/{game_id}?since=-1", headers=FR).get_json()["error"]["message"]
    assert english.endswith(": the version the caller already has")
    assert french.endswith("\u00a0: la version que vous avez déjà")
    assert "since" in french and "0" in french
