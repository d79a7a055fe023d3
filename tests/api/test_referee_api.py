"""The referee through the JSON API: the rule book's worked examples, every follow/renege option, bad input."""

from __future__ import annotations

import json

import pytest

from tests._support.api import refs

TRICKS = [  # The rule book's worked examples: trump, cards in play order, winner
    ("S", ["8S", "9S", "2S", "AH"], "AH"),
    ("H", ["KS", "QS", "10D", "KC"], "KS"),
    ("C", ["2H", "7D", "9S", "3D"], "2H"),
    ("D", ["10C", "2C", "AC"], "AC"),
    ("S", ["2D", "AD", "3D"], "3D"),
    ("D", ["KH", "2D"], "2D"),
]

LEGAL = [  # The rule book's worked examples: trump, lead, hand, rules, cards that may be played (None: any)
    ("H", "2H", ["JH", "KH", "3C", "4C", "7D"], "new-england", ["JH", "KH"]),
    ("H", "2H", ["JH", "3C", "4C", "7D", "8D"], "new-england", None),
    ("H", "5H", ["JH", "AH", "3C", "4C", "7D"], "new-england", ["JH", "AH"]),
    ("H", "5H", ["JH", "AH", "3H", "4C", "7D"], "new-england", ["JH", "AH", "3H"]),
    ("S", "JS", ["AH", "3C", "4D", "7D", "8C"], "new-england", ["AH"]),
    ("S", "6S", ["5S", "JS", "AH", "9D", "2H"], "new-england", None),
    ("C", "4D", ["7D", "2C", "KS"], "new-england", None),
    ("C", "4D", ["7D", "2C", "KS"], {"follow": "suit-or-trump"}, ["7D", "2C"]),
]


def post(client, path, body):
    return client.post(f"/api/v1/referee/{path}", data=json.dumps(body), content_type="application/json")


def test_rank_of_diamonds_matches_the_rule_book(client):
    response = client.get("/api/v1/referee/rank?trump=D&rules=new-england")
    assert response.status_code == 200
    data = response.get_json()
    assert data["trump"] == ["5D", "JD", "AH", "AD", "KD", "QD", "10D", "9D", "8D", "7D", "6D", "4D", "3D", "2D"]
    assert data["offsuit"]["H"] == ["KH", "QH", "JH", "10H", "9H", "8H", "7H", "6H", "5H", "4H", "3H", "2H"]
    assert data["offsuit"]["S"][:5] == ["KS", "QS", "JS", "AS", "2S"]
    assert set(data["offsuit"]) == {"S", "C", "H"}
    assert data["always_trump"] == "AH"


@pytest.mark.parametrize(
    ("trump", "expected"),
    [
        ("C", ["5C", "JC", "AH", "AC", "KC", "QC", "2C", "3C", "4C", "6C", "7C", "8C", "9C", "10C"]),
        ("hearts", ["5H", "JH", "AH", "KH", "QH", "10H", "9H", "8H", "7H", "6H", "4H", "3H", "2H"]),
    ],
)
def test_rank_of_other_trumps(client, trump, expected):
    assert client.get(f"/api/v1/referee/rank?trump={trump}").get_json()["trump"] == expected


def test_rank_with_joker_and_aces_high_as_a_json_rules_object(client):
    rules = json.dumps({"preset": "new-england", "joker": True, "offsuit_aces_high": True})
    data = client.get("/api/v1/referee/rank", query_string={"trump": "S", "rules": rules}).get_json()
    assert data["trump"][:4] == ["5S", "JS", "JK", "AH"]
    assert data["offsuit"]["D"][0] == "AD"


@pytest.mark.parametrize(("trump", "cards", "winner"), TRICKS)
def test_trick_winner_section_12(client, trump, cards, winner):
    response = post(client, "trick", {"trump": trump, "cards": cards, "rules": "new-england"})
    assert response.status_code == 200
    data = response.get_json()
    assert data["card"] == winner
    assert data["winner"] == cards.index(winner)
    assert winner[:-1] in data["explanation"]


def test_trick_accepts_lenient_cards_and_answers_in_api_form(client):
    data = post(client, "trick", {"trump": "♠", "cards": "8s 9♠ 2 s ah"}).get_json()
    assert (data["winner"], data["card"]) == (3, "AH")


@pytest.mark.parametrize(("trump", "lead", "hand", "rules", "may_play"), LEGAL)
def test_legal_plays_section_12(client, trump, lead, hand, rules, may_play):
    response = post(client, "legal", {"trump": trump, "trick": [lead], "hand": hand, "rules": rules})
    assert response.status_code == 200
    data = response.get_json()
    assert data["legal"] == (hand if may_play is None else may_play)
    assert data["explanation"]


def test_the_contract_example_with_play(client):
    data = post(
        client, "legal", {"trump": "H", "trick": ["2H"], "hand": ["JH", "KH", "3C", "4C", "7D"], "play": "3C"}
    ).get_json()
    assert data["legal"] == ["JH", "KH"]
    assert data["play_is_legal"] is False
    assert data["verdict"] == "renege"


def test_verdicts_legal_and_legal_renege(client):
    hand = ["5S", "JS", "AH", "9D", "2H"]
    renege = post(client, "legal", {"trump": "S", "trick": ["6S"], "hand": hand, "play": "9D"}).get_json()
    assert (renege["verdict"], renege["play_is_legal"]) == ("legal-renege", True)
    assert renege["held_back"] == ["5S", "JS", "AH"]
    plain = post(client, "legal", {"trump": "S", "trick": ["6S"], "hand": hand, "play": "JS"}).get_json()
    assert plain["verdict"] == "legal"


def test_leading_any_card(client):
    data = post(client, "legal", {"trump": "D", "trick": [], "hand": ["2C", "KH"]}).get_json()
    assert data["legal"] == ["2C", "KH"]
    assert data["rule"] == "leading"


# -- Every follow and renege option of the rule book, both values -----------------------------------------

OPTION_CASES = [
    # (option, value, trump, trick, hand, may play)
    ("follow", "any", "C", ["4D"], ["7D", "2C", "KS"], ["7D", "2C", "KS"]),
    ("follow", "suit-or-trump", "C", ["4D"], ["7D", "2C", "KS"], ["7D", "2C"]),
    ("renegable", "five-jack-ace", "S", ["6S"], ["JS", "9D"], ["JS", "9D"]),
    ("renegable", "five", "S", ["6S"], ["JS", "9D"], ["JS"]),
    ("renegable", "none", "S", ["6S"], ["5S", "9D"], ["5S"]),
    ("renege_against", "lead", "S", ["2S", "JS"], ["AH", "9D"], ["AH", "9D"]),
    ("renege_against", "highest", "S", ["2S", "JS"], ["AH", "9D"], ["AH"]),
    ("ace_hearts_led_forces_hearts", False, "C", ["AH"], ["7H", "9D"], ["7H", "9D"]),
    ("ace_hearts_led_forces_hearts", True, "C", ["AH"], ["7H", "9D"], ["7H"]),
]


@pytest.mark.parametrize(
    ("option", "value", "trump", "trick", "hand", "may_play"),
    OPTION_CASES,
    ids=[f"{c[0]}={c[1]}" for c in OPTION_CASES],
)
def test_each_follow_and_renege_option(client, option, value, trump, trick, hand, may_play):
    body = {"trump": trump, "trick": trick, "hand": hand, "rules": {"preset": "new-england", option: value}}
    data = post(client, "legal", body).get_json()
    assert data["legal"] == may_play, data


def test_presets_list_every_preset_with_its_options(client):
    data = client.get("/api/v1/presets").get_json()
    assert list(data) == ["new-england", "nova-scotia", "auction-100", "one-ten", "traditional"] or set(data) == {
        "new-england",
        "nova-scotia",
        "auction-100",
        "one-ten",
        "traditional",
    }
    assert data["nova-scotia"]["follow"] == "suit-or-trump"
    assert data["traditional"]["target"] == 45


def test_compare_two_cards(client):
    data = client.get("/api/v1/referee/compare?trump=S&led=D&a=AD&b=3D").get_json()
    assert data["higher"] == "3D"


# -- Bad input -----------------------------------------------------------------------

BAD = [
    ("trick", {"trump": "S", "cards": ["8S", "8S"]}, "cards", "twice"),
    ("trick", {"trump": "S", "cards": ["5x"]}, "cards", "'5x' is not a card"),
    ("trick", {"cards": ["8S"]}, "trump", "trump"),
    ("trick", {"trump": "X", "cards": ["8S"]}, "trump", "not a suit"),
    ("trick", {"trump": "S", "cards": []}, "cards", "at least one card"),
    ("trick", {"trump": "S", "cards": ["JK", "2S"]}, "cards", "joker"),
    ("trick", {"trump": ["S"], "cards": ["8S"]}, "trump", "suit"),
    ("trick", {"trump": "S", "cards": [8, 9]}, "cards", "list of cards"),
    ("trick", {"trump": "S", "cards": {"a": 1}}, "cards", "list of cards"),
    ("trick", {"trump": "S", "cards": ["8S"], "rules": "bridge"}, "rules.preset", "no preset"),
    ("trick", {"trump": "S", "cards": ["8S"], "rules": 7}, "rules", "preset name"),
    ("trick", {"trump": "S", "cards": ["8S"], "rules": {"follow": "sometimes"}}, "rules.follow", "must be one of"),
    ("trick", {"trump": "S", "cards": ["8S"], "rules": {"wild_deuces": True}}, "rules.wild_deuces", "no house rule"),
    ("trick", {"trump": "S", "cards": ["8S"], "rules": {"preset": {"x": 1}}}, "rules.preset", "no preset"),
    ("legal", {"trump": "H", "trick": ["2H"], "hand": ["2H", "3C"]}, "hand", "both in your hand"),
    ("legal", {"trump": "H", "trick": ["2H"], "hand": []}, "hand", "empty"),
    ("legal", {"trump": "H", "trick": ["2H"]}, "hand", "hand"),
    ("legal", {"trump": "H", "trick": "2H", "hand": ["3C"], "play": "4C"}, "play", "not in the hand"),
    ("legal", {"trump": "H", "trick": [], "hand": ["3C"], "play": ["3C"]}, "play", "one card"),
    ("legal", {"trump": "H", "trick": None, "hand": ["3C"], "play": 3}, "play", "one card"),
    ("legal", {"trump": "H", "trick": 5, "hand": ["3C"]}, "trick", "list of cards"),
    # The engine's refusals, each on the field holding the card it names.
    ("legal", {"trump": "H", "trick": ["JK"], "hand": ["3C"]}, "trick", "joker is not played"),
    ("legal", {"trump": "H", "trick": ["2H"], "hand": ["3C", "JK"]}, "hand", "joker is not played"),
    ("legal", {"trump": "H", "trick": "2h", "hand": "3c 4c 5c 6c 7c 8c 9c 10c jc qc"}, "hand", "at most 5 cards"),
    ("trick", {"trump": "S", "cards": "2s 3s 4s 5s 6s 7s 8s 9s 10s"}, "cards", "at most 8 cards"),
    ("trick", {"trump": "S", "cards": "8s 10 s 10s"}, "cards", "10♠ is listed twice"),
]


@pytest.mark.parametrize(("path", "body", "field", "words"), BAD, ids=[f"{b[0]}-{b[2]}-{i}" for i, b in enumerate(BAD)])
def test_bad_input_is_a_clear_422(client, path, body, field, words):
    response = post(client, path, body)
    assert response.status_code == 422
    error = response.get_json()["error"]
    assert error["field"] == field
    assert words.lower() in error["message"].lower()


@pytest.mark.parametrize("raw", ["", "not json", "[1, 2]", '"S"', "null", '{"trump": '])
def test_a_body_that_is_not_a_json_object_is_400(client, raw):
    for path in ("trick", "legal"):
        response = client.post(f"/api/v1/referee/{path}", data=raw, content_type="application/json")
        assert response.status_code == 400
        assert "JSON object" in response.get_json()["error"]["message"]


@pytest.mark.parametrize("query", ["", "trump=Z", "trump=S&rules=nope", "trump=S&rules={bad", "trump=S&rules=[1]"])
def test_rank_bad_query_is_422(client, query):
    response = client.get(f"/api/v1/referee/rank?{query}")
    assert response.status_code == 422
    assert response.get_json()["error"]["message"]


def test_unknown_address_and_wrong_method_answer_json(client):
    missing = client.get("/api/v1/referee/nothing")
    assert missing.status_code == 404
    assert missing.get_json()["error"]["message"]
    wrong = client.get("/api/v1/referee/trick")
    assert wrong.status_code == 405
    assert "POST" in wrong.headers["Allow"]
    assert wrong.get_json()["error"]["message"]


def test_too_large_a_body_is_413_json(client):
    response = client.post("/api/v1/referee/trick", data="[" + "1," * 50000 + "1]", content_type="application/json")
    assert response.status_code == 413
    assert response.get_json()["error"]["message"]


def test_api_needs_no_csrf_token(client):
    # The app's CSRF protection is on; a program's POST still gets its answer.
    assert client.application.config.get("WTF_CSRF_ENABLED", True) is not False
    assert post(client, "trick", {"trump": "S", "cards": ["8S"]}).status_code == 200


def test_openapi_document_describes_the_referee(client):
    response = client.get("/api/v1/openapi.json")
    assert response.status_code == 200
    document = json.loads(response.get_data(as_text=True))
    assert document["openapi"].startswith("3.1")
    for path, method in [
        ("/api/v1/referee/rank", "get"),
        ("/api/v1/referee/trick", "post"),
        ("/api/v1/referee/legal", "post"),
        ("/api/v1/presets", "get"),
    ]:
        assert method in document["paths"][path]
    # Every schema reference points at a schema the document holds.
    text = json.dumps(document)
    for name in {ref.split("/")[-1] for ref in refs(document)}:
        assert name in document["components"]["schemas"], name
    assert "#/components/schemas/" in text


WEIRD = [
    None,
    0,
    1.5,
    True,
    "",
    "x" * 500,
    [],
    [None],
    [["5H"]],
    {},
    {"preset": None},
    {"target": "120"},
    {"lock": "cap"},
    {"preset": "one-ten", "lock": "off"},
    "5H 5H",
    ["JK"],
    "AH ♥",
]


@pytest.mark.parametrize("field", ["trump", "cards", "trick", "hand", "play", "rules", "led"])
@pytest.mark.parametrize("path", ["trick", "legal"])
def test_no_json_value_makes_a_500(client, path, field):
    base = {"trump": "H", "cards": ["2H", "3C"], "trick": ["2H"], "hand": ["JH", "3C"], "play": "3C"}
    for value in WEIRD:
        response = post(client, path, base | {field: value})
        assert response.status_code in (200, 400, 422), (field, value, response.get_data(as_text=True))
        if response.status_code != 200:
            assert response.get_json()["error"]["message"]
