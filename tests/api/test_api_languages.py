"""The API is language-neutral: the same codes in every language, the sentences in the Accept-Language."""

from __future__ import annotations

from tests._support.app import SIDES

FR = {"Accept-Language": "fr"}


def test_referee_answers_carry_the_same_codes_and_french_sentences(client):
    body = {"trump": "H", "trick": ["2H"], "hand": ["JH", "KH", "3C"], "play": "3C"}
    english = client.post("/api/v1/referee/legal", json=body)
    french = client.post("/api/v1/referee/legal", json=body, headers=FR)
    assert english.headers["Content-Language"] == "en"
    assert french.headers["Content-Language"] == "fr"
    en, fr = english.get_json(), french.get_json()
    for code in ("legal", "held_back", "rule", "verdict", "play", "measured_against"):
        assert en[code] == fr[code]
    assert en["verdict"] == "renege"
    assert en["verdict_explanation"].startswith("No: 3♣ may not be played here")
    assert fr["verdict_explanation"].startswith("Non\u00a0: 3♣ ne peut pas être joué ici")
    assert "V♥" in fr["explanation"] and "R♥" in fr["explanation"]


def test_the_rank_question_gives_its_reason_code(client):
    answer = client.get("/api/v1/referee/compare?trump=S&a=AH&b=KC", headers=FR).get_json()
    assert answer["reason"] == answer["reason_code"] == "trump-beats-non-trump"
    assert "toujours atout" in answer["explanation"]


def test_a_refusal_has_its_code_in_every_language(client):
    body = {"trump": "S", "cards": ["8S", "zz"]}
    english = client.post("/api/v1/referee/trick", json=body).get_json()["error"]
    french = client.post("/api/v1/referee/trick", json=body, headers=FR).get_json()["error"]
    assert english["code"] == french["code"] == "not-a-card"
    assert english["field"] == french["field"] == "cards"
    assert english["message"] == "'zz' is not a card: write it like 5H, 10♦, JC or AS"
    assert "n’est pas une carte" in french["message"]


def test_an_unknown_address_says_so_with_a_code(client):
    answer = client.get("/api/v1/nothing-here", headers=FR)
    assert answer.status_code == 404
    assert answer.get_json()["error"]["code"] == "not-found"
    assert answer.headers["Content-Language"] == "fr"


def test_a_game_won_says_why_in_french_with_the_same_code(client):
    created = client.post("/api/v1/games", json={"sides": SIDES}).get_json()
    auth = {"Authorization": f"Bearer {created['edit_token']}"}
    url = f"/api/v1/games/{created['id']}/hands"
    hand = {"bidder": 0, "bid": 30, "tricks": [5, 0], "high": 0}
    state = None
    for n in range(1, 7):
        response = client.post(url, json={**hand, "n": n}, headers=auth)
        if response.status_code != 201:
            break
        state = response.get_json()["state"]
    assert state is not None and state["winner"] == 0
    read = client.get(f"/api/v1/games/{created['id']}", headers=FR).get_json()
    english = client.get(f"/api/v1/games/{created['id']}").get_json()
    assert read["win_reason_code"] == english["win_reason_code"] == "bidder-goes-out"
    side = SIDES[0]["name"]
    assert english["win_reason"].startswith(f"{side} bid 30 and made it")
    assert read["win_reason"].startswith(f"{side} a misé 30 et a réussi")
    assert [n["code"] for h in read["hands"] for n in h["note_codes"]] == [
        n["code"] for h in english["hands"] for n in h["note_codes"]
    ]


def test_a_refused_hand_names_its_code(client):
    created = client.post("/api/v1/games", json={"sides": SIDES}).get_json()
    auth = {"Authorization": f"Bearer {created['edit_token']}"}
    url = f"/api/v1/games/{created['id']}/hands"
    answer = client.post(url, json={"n": 1, "bidder": 0, "bid": "slam", "tricks": [5, 0], "high": 0}, headers=auth)
    assert answer.status_code == 422
    assert answer.get_json()["error"]["code"]


def test_the_openapi_document_says_how_languages_work(client):
    document = client.get("/api/v1/openapi.json").get_json()
    assert "Accept-Language" in document["info"]["description"]
    error = document["components"]["schemas"]["Error"]["properties"]["error"]["properties"]
    assert "not-a-card" in error["code"]["enum"]
    assert document["components"]["schemas"]["CompareAnswer"]["properties"]["reason"]["enum"]


def test_a_field_no_model_words_is_still_refused_in_the_asking_language(app):
    # A model's refusals word each of its fields; one they miss is refused in the catalog's words, not pydantic's.
    from pydantic import BaseModel, ConfigDict

    from scorekeeper.api.base import BadInput, read_model

    class Odd(BaseModel):
        model_config = ConfigDict(strict=True, extra="forbid")
        count: int

    for language, said in (
        ("en", "'count' has a value this request cannot take"),
        ("fr", "«\u202fcount\u202f» a une valeur"),
    ):
        with app.test_request_context("/api/v1/games", headers={"Accept-Language": language}):
            try:
                read_model(Odd, {"count": "three"})
            except BadInput as refused:
                assert str(refused).startswith(said) and refused.field == "count" and refused.status == 422
            else:
                raise AssertionError("a count of 'three' was taken")
