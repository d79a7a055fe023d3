"""A club's refusals are said in the request's language, as every other part of the API says them: a French
request gets a French sentence, the same code and field as in English, and a blank name is asked for by name."""

from __future__ import annotations

import pytest

FR = {"Accept-Language": "fr"}


@pytest.fixture
def club(client):
    made = client.post("/api/v1/clubs", json={"name": "Legion Branch 12"}).get_json()
    token = {"Authorization": f"Bearer {made['edit_token']}"}
    client.post(f"/api/v1/clubs/{made['id']}/members", json={"name": "Mary"}, headers=token)
    return made["id"], token


@pytest.mark.parametrize(
    ("ask", "english", "french"),
    [
        (
            lambda c, club_id, token, lang: c.get("/api/v1/clubs/nosuchclub1", headers=lang),
            "There is no club with that id",
            "Il n’y a pas de club avec cet identifiant",
        ),
        (
            lambda c, club_id, token, lang: c.post(
                f"/api/v1/clubs/{club_id}/members", json={"name": "Z"}, headers=lang
            ),
            "Changing a club needs its edit token: Authorization: Bearer <edit_token>",
            "Pour modifier un club, il faut son jeton de modification\u00a0: Authorization: Bearer <edit_token>",
        ),
        (
            lambda c, club_id, token, lang: c.patch(
                f"/api/v1/clubs/{club_id}/members/1", json={"active": "yes"}, headers={**token, **lang}
            ),
            "Say true or false for active",
            "Indiquez true ou false pour active",
        ),
        (
            lambda c, club_id, token, lang: c.patch(
                f"/api/v1/clubs/{club_id}", json={"ladder_rules": {"scoring": "x"}}, headers={**token, **lang}
            ),
            'Say "places" or "wins" for scoring',
            'Indiquez "places" ou "wins" pour scoring',
        ),
        (
            lambda c, club_id, token, lang: c.patch(
                f"/api/v1/clubs/{club_id}/members/99", json={"name": "Q"}, headers={**token, **lang}
            ),
            "There is no member with that club number",
            "Aucun membre n’a ce numéro de membre",
        ),
    ],
)
def test_a_club_refusal_is_said_in_the_request_language(client, club, ask, english, french):
    club_id, token = club
    en = ask(client, club_id, token, {}).get_json()["error"]
    fr_answer = ask(client, club_id, token, FR)
    assert fr_answer.headers["Content-Language"] == "fr"
    fr = fr_answer.get_json()["error"]
    assert (en["message"], fr["message"]) == (english, french)
    assert (en["code"], en["field"]) == (fr["code"], fr["field"])


def test_a_blank_name_is_asked_for_in_words(client, club):
    club_id, token = club
    for path, asked in (
        ("/api/v1/clubs", "Give the club a name"),
        (f"/api/v1/clubs/{club_id}/members", "Give the member a name"),
    ):
        answer = client.post(path, json={"name": "   "}, headers=token)
        assert answer.status_code == 422
        assert answer.get_json()["error"] == {"code": "refused", "field": "name", "message": asked}
    french = client.post("/api/v1/clubs", json={"name": ""}, headers=FR).get_json()["error"]
    assert french["message"] == "Donnez un nom au club"


def test_an_evening_name_sent_as_null_is_refused_and_left_out_is_the_clubs(client, club):
    club_id, token = club
    path = f"/api/v1/clubs/{club_id}/evenings"
    refused = client.post(path, json={"name": None}, headers=token)
    assert refused.status_code == 422
    assert refused.get_json()["error"]["field"] == "name"
    made = client.post(path, json={}, headers=token).get_json()
    assert client.get(f"/api/v1/parties/{made['party_id']}").get_json()["name"] == "Legion Branch 12"
