"""The referee page with plain GET forms (no script): the rule book's worked examples, house rules, taps, bad input, quiz."""

from __future__ import annotations

import html
import re

import pytest

from scorekeeper.rules import Side
from scorekeeper.store import games as services
from tests._support.referee import block, text_of

TRICKS = [  # The rule book's worked examples: trump, cards in play order, winner
    ("S", "8s 9s 2s ah", "A♥"),
    ("H", "ks qs 10d kc", "K♠"),
    ("C", "2h 7d 9s 3d", "2♥"),
    ("D", "10c 2c ac", "A♣"),
    ("S", "2d ad 3d", "3♦"),
    ("D", "kh 2d", "2♦"),
]

LEGAL = [  # The rule book's worked examples: trump, lead, hand, extra query, cards that may be played
    ("H", "2h", "jh kh 3c 4c 7d", {}, ["J♥", "K♥"]),
    ("H", "2h", "jh 3c 4c 7d 8d", {}, "any"),
    ("H", "5h", "jh ah 3c 4c 7d", {}, ["J♥", "A♥"]),
    ("H", "5h", "jh ah 3h 4c 7d", {}, ["J♥", "A♥", "3♥"]),
    ("S", "js", "ah 3c 4d 7d 8c", {}, ["A♥"]),
    ("S", "6s", "5s js ah 9d 2h", {}, "any"),
    ("C", "4d", "7d 2c ks", {}, "any"),
    ("C", "4d", "7d 2c ks", {"follow": "suit-or-trump"}, ["7♦", "2♣"]),
]


def field_error(page: str, form: str, name: str) -> str:
    match = re.search(rf'id="{form}-{name}-error"[^>]*>(.*?)</p>', page, re.S)
    assert match, f"no message beside {name}"
    return text_of(match.group(1))


def test_page_offers_the_three_questions(client):
    for tool, heading in (
        ("rank", "Which is higher?"),
        ("trick", "Who wins this trick?"),
        ("legal", "May I play this?"),
    ):
        response = client.get("/referee", query_string={"tool": tool})
        assert response.status_code == 200
        page = response.get_data(as_text=True)
        # One question per screen, the other two a tap away.
        assert heading in page and page.count('<section class="tool"') == 1
        assert 'aria-current="page">' in page.split('class="tool-tabs"', 1)[1].split("</nav>", 1)[0]
        # Its picker: a suit, then a rank: 13 ranks, no joker under the default rules.
        assert page.count('name="tap"') == 13
        assert page.count('type="radio" name="suit"') == 4
        assert 'value="JK"' not in page
        # The page carries no script of its own: htmx asks the server, which reads every card.
        assert "referee.js" not in page


def test_the_last_question_asked_opens_again(client):
    assert 'id="tool-legal"' in client.get("/referee").get_data(as_text=True)  # "May I play?" to begin with
    client.get("/referee", query_string={"tool": "rank"})
    assert 'id="tool-rank"' in client.get("/referee").get_data(as_text=True)
    client.get("/referee", query_string={"tool": "trick"})
    assert 'id="tool-trick"' in client.get("/referee").get_data(as_text=True)
    # A question asked for by its address wins over the one remembered.
    assert 'id="tool-legal"' in client.get("/referee?tool=legal").get_data(as_text=True)


def test_joker_is_offered_when_the_rules_use_it(client):
    page = client.get("/referee?joker=yes").get_data(as_text=True)
    assert page.count('name="tap" value="JK"') == 1


def test_rank_of_the_trumps_marks_the_ace_of_hearts(client):
    response = client.get("/referee", query_string={"tool": "rank", "trump": "D"})
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    order = block(page, "trump-order")
    assert order.startswith("5♦ J♦ A♥ always trump A♦ K♦ Q♦ 10♦ 9♦ 8♦ 7♦ 6♦ 4♦ 3♦ 2♦")
    assert "Red high, black low" in page
    assert "K♠ Q♠ J♠ A♠ 2♠ 3♠" in block(page, "order-S")
    assert 'href="/rules#rank"' in page


@pytest.mark.parametrize(
    ("pair", "led", "higher"),
    [
        ("ah ad", "", "A♥"),
        ("3d ad", "D", "3♦"),
        ("2c 10c", "C", "2♣"),
        ("2h 3c", "C", "3♣"),
    ],
)
def test_which_is_higher(client, pair, led, higher):
    page = client.get("/referee", query_string={"tool": "rank", "trump": "S", "pair": pair, "led": led}).get_data(
        as_text=True
    )
    assert block(page, "compare-answer").startswith(f"{higher} is higher")


@pytest.mark.parametrize(("trump", "cards", "winner"), TRICKS)
def test_trick_winner_section_12(client, trump, cards, winner):
    response = client.get("/referee", query_string={"tool": "trick", "trump": trump, "cards": cards})
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    answer = block(page, "trick-answer")
    assert answer.startswith(f"{winner} wins the trick")
    assert 'href="/rules#trick"' in page


@pytest.mark.parametrize(("trump", "lead", "hand", "extra", "may_play"), LEGAL)
def test_legal_plays_section_12(client, trump, lead, hand, extra, may_play):
    query = {"tool": "legal", "trump": trump, "trick": lead, "hand": hand} | extra
    response = client.get("/referee", query_string=query)
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    summary = block(page, "legal-answer")
    if may_play == "any":
        assert "You may play any card." in summary
    else:
        assert ("You may play: " + " ".join(may_play) + " ") in summary + " "
    # Each card of the hand is marked playable or not.
    hand = re.findall(r'class="play-card (may-play|may-not)[^"]*"[^>]*>([^<]+)</button>', page)
    playable = [name for mark, name in hand if mark == "may-play"]
    expected = [name for _mark, name in hand] if may_play == "any" else may_play
    assert playable == expected
    assert re.search(r'href="/rules#(follow|renege)"', page)


@pytest.mark.parametrize(
    ("play", "words"),
    [
        ("3C", "Renege — not allowed"),
        ("JH", "Legal"),
    ],
)
def test_verdict_on_one_card(client, play, words):
    query = {"tool": "legal", "trump": "H", "trick": "2h", "hand": "jh kh 3c 4c 7d", "play": play}
    page = client.get("/referee", query_string=query).get_data(as_text=True)
    verdict = block(page, "verdict")
    assert words in verdict.split(".")[0]


def test_legal_renege_is_named_and_held_back_cards_marked(client):
    query = {"tool": "legal", "trump": "S", "trick": "6s", "hand": "5s js ah 9d 2h", "play": "9D"}
    page = client.get("/referee", query_string=query).get_data(as_text=True)
    assert "Legal renege" in block(page, "verdict")
    assert page.count("may hold back") == 3
    assert 'href="/rules#renege"' in page


@pytest.mark.parametrize(
    ("query", "form", "field", "words"),
    [
        ({"tool": "trick", "trump": "S", "cards": "8s 8s"}, "trick-form", "cards", "twice"),
        ({"tool": "trick", "trump": "S", "cards": "8s 5x"}, "trick-form", "cards", "'5x' is not a card"),
        ({"tool": "trick", "cards": "8s 9s"}, "trick-form", "trump", "Pick the trump suit"),
        ({"tool": "trick", "trump": "S", "cards": "", "ask": "1"}, "trick-form", "cards", "at least one card"),
        ({"tool": "trick", "trump": "S", "cards": "2s 3s 4s 5s 6s 7s 8s 9s 10s"}, "trick-form", "cards", "at most 8"),
        ({"tool": "trick", "trump": "S", "cards": "jk 2s"}, "trick-form", "cards", "joker is not played"),
        ({"tool": "legal", "trump": "H", "trick": "2h", "hand": "2h 3c"}, "legal-form", "hand", "both in your hand"),
        (
            {"tool": "legal", "trump": "H", "trick": "2h", "hand": "", "ask": "1"},
            "legal-form",
            "hand",
            "The hand is empty",
        ),
        ({"tool": "legal", "trump": "H", "trick": "jk", "hand": "3c"}, "legal-form", "trick", "joker is not played"),
        ({"tool": "legal", "trump": "H", "trick": "2h", "hand": "3c jk"}, "legal-form", "hand", "joker is not played"),
        ({"tool": "rank", "trump": "S", "pair": "ah ah"}, "rank-form", "pair", "twice"),
        ({"tool": "trick", "cards": "8s", "tap": "K"}, "trick-form", "suit", "Pick the suit of the card"),
        ({"tool": "legal", "trump": "H", "trick": "zz", "hand": "3c"}, "legal-form", "trick", "'zz' is not a card"),
        (
            {"tool": "legal", "trump": "H", "trick": "2h", "hand": "3c", "play": "4c"},
            "legal-form",
            "play",
            "4♣ is not in the hand",
        ),
        ({"tool": "rank", "trump": "Q"}, "rank-form", "trump", "not a suit"),
        ({"tool": "rank", "trump": "S", "pair": "ah", "ask": "1"}, "rank-form", "pair", "exactly two cards"),
        ({"preset": "bridge"}, "rules-form", "preset", "no preset called"),
        ({"joker": "maybe"}, "rules-form", "joker", "yes or no"),
        ({"follow": "sometimes"}, "rules-form", "follow", "must be one of"),
        ({"game": "no-such-game"}, "rules-form", "game", "no game at that link"),
    ],
)
def test_bad_input_gets_a_message_beside_the_field(client, query, form, field, words):
    response = client.get("/referee", query_string=query)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert words in field_error(page, form, field)
    assert "Settle the argument" in page  # the page itself, not an error page


def test_house_rule_changes_the_answer(client):
    base = {"tool": "legal", "trump": "S", "trick": "2s js", "hand": "ah 9d"}
    lead = client.get("/referee", query_string=base).get_data(as_text=True)
    highest = client.get("/referee", query_string=base | {"renege_against": "highest"}).get_data(as_text=True)
    assert "You may play any card." in block(lead, "legal-answer")
    assert "You may play: A♥" in block(highest, "legal-answer")
    # The house rule travels with the next question.
    assert '<input type="hidden" name="renege_against" value="highest">' in highest


def test_preset_changes_the_answer(client):
    query = {"tool": "legal", "trump": "C", "trick": "4d", "hand": "7d 2c ks", "preset": "nova-scotia"}
    page = client.get("/referee", query_string=query).get_data(as_text=True)
    assert "You may play: 7♦ 2♣" in block(page, "legal-answer")
    assert "Nova Scotia 120" in page


def test_a_games_own_rules(app, client):
    with app.app_context():
        game = services.create_game("nova-scotia", [Side("Us", ("Ann", "Bo")), Side("Them", ("Cy", "Di"))])
        game_id = game.id
    query = {"game": game_id, "tool": "legal", "trump": "C", "trick": "4d", "hand": "7d 2c ks"}
    response = client.get("/referee", query_string=query)
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "this game's rules (Us v Them)" in text_of(page)
    assert "You may play: 7♦ 2♣" in block(page, "legal-answer")


def landing(response) -> str:
    """Follow the redirect a tap answers with (so a reload does not tap again) and return that page."""
    assert response.status_code == 303
    location = response.headers["Location"]
    assert "tap=" not in location and "clear=" not in location
    return location


def test_picking_without_script_builds_the_fields(client):
    # Hearts, then the king: K♥ joins the hand, written as the page writes cards.
    query = {"tool": "legal", "trump": "H", "trick": "2h", "hand": "jh", "into": "hand", "suit": "H", "tap": "K"}
    location = landing(client.get("/referee", query_string=query))
    assert "tool=legal" in location
    page = client.get(location).get_data(as_text=True)
    assert 'name="hand" value="J♥ K♥"' in page and 'name="trick" value="2♥"' in page
    # The suit stays picked for the next card, and the question is answered at once.
    assert 'name="suit" value="H" checked' in page
    assert "You may play any card." in block(page, "legal-answer")
    # Picking a card already in the other field moves it.
    query = {"tool": "legal", "trump": "H", "trick": "2h", "hand": "jh kh", "into": "trick", "suit": "H", "tap": "K"}
    page = client.get(landing(client.get("/referee", query_string=query))).get_data(as_text=True)
    assert 'name="hand" value="J♥"' in page and 'name="trick" value="2♥ K♥"' in page
    # The next card picked still goes into the trick.
    assert 'name="into" value="trick" checked' in page
    # Picking it again takes it out; ten is "10".
    query = {"tool": "trick", "trump": "S", "cards": "8s 10 d", "suit": "D", "tap": "10"}
    page = client.get(landing(client.get("/referee", query_string=query))).get_data(as_text=True)
    assert 'name="cards" value="8♠"' in page


def test_the_picker_starts_on_the_trump_suit_and_offers_the_joker(client):
    query = {"tool": "trick", "trump": "C", "cards": "", "tap": "3"}
    page = client.get(landing(client.get("/referee", query_string=query))).get_data(as_text=True)
    assert 'name="cards" value="3♣"' in page
    query = {"tool": "trick", "trump": "C", "cards": "3c", "tap": "JK", "joker": "yes"}
    page = client.get(landing(client.get("/referee", query_string=query))).get_data(as_text=True)
    assert 'name="cards" value="3♣ Joker"' in page
    # The house rule travels along.
    assert '<input type="hidden" name="joker" value="yes">' in page


def test_emptying_a_field(client):
    query = {"tool": "legal", "trump": "H", "trick": "2h", "hand": "jh kh", "clear": "hand"}
    page = client.get(landing(client.get("/referee", query_string=query))).get_data(as_text=True)
    assert 'name="hand" value=""' in page and 'name="trick" value="2♥"' in page


def test_htmx_gets_only_the_section_and_a_clean_address(client):
    headers = {"HX-Request": "true", "HX-Target": "tool-trick"}
    query = {"tool": "trick", "trump": "S", "cards": "8s", "suit": "H", "tap": "A"}
    response = client.get("/referee", query_string=query, headers=headers)
    assert response.status_code == 200
    body = response.get_data(as_text=True)
    assert body.lstrip().startswith('<section class="tool" id="tool-trick"')
    assert "<html" not in body and 'name="cards" value="8♠ A♥"' in body
    assert "tap=" not in response.headers["HX-Replace-Url"]
    # Asking the question swaps in the answer the same way.
    response = client.get("/referee", query_string={"tool": "trick", "trump": "S", "cards": "8s ah"}, headers=headers)
    assert "A♥ wins the trick" in text_of(response.get_data(as_text=True))


@pytest.mark.parametrize(
    ("typed", "shown"),
    [("jh kh 3c", "J♥ K♥ 3♣"), ("10 d, Tc", "10♦ 10♣"), ("AH;5♦️", "A♥ 5♦"), ("joker 2s", "Joker 2♠")],
)
def test_typed_cards_come_back_as_symbols(client, typed, shown):
    query = {"tool": "trick", "trump": "S", "cards": typed, "joker": "yes"}
    page = client.get("/referee", query_string=query).get_data(as_text=True)
    assert f'name="cards" value="{shown}"' in page


def test_a_wrong_card_is_kept_as_typed(client):
    page = client.get("/referee", query_string={"tool": "trick", "trump": "S", "cards": "8s 5x"}).get_data(as_text=True)
    assert 'name="cards" value="8s 5x"' in page


def test_the_web_layer_uses_no_private_engine_helper():
    """Only scorekeeper/rules may reach into its own private helpers (``_split_tokens`` and the like)."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "scorekeeper"
    private = []
    for path in root.rglob("*.py"):
        if "rules" in path.relative_to(root).parts[:1]:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and "rules" in (node.module or "").split("."):
                private += [f"{path.name}: {a.name}" for a in node.names if a.name.startswith("_")]
    assert private == []


def test_quiz_question_answer_and_score(client):
    page = client.get("/referee/quiz").get_data(as_text=True)
    assert "Score: 0 right out of 0" in text_of(page)
    trump = re.search(r'id="quiz-q">.*?(\w+) are trump', page, re.S).group(1)
    picks = re.findall(r'name="pick" value="([^"]+)"', page)
    assert 2 <= len(picks) <= 4
    token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    answer = client.post("/api/v1/referee/trick", json={"trump": trump, "cards": picks}).get_json()["card"]
    result = client.post("/referee/quiz", data={"csrf_token": token, "pick": answer}).get_data(as_text=True)
    assert "Right!" in result
    assert "Score: 1 right out of 1" in text_of(result)
    # The same answer sent again does not count twice.
    again = client.post("/referee/quiz", data={"csrf_token": token, "pick": answer}).get_data(as_text=True)
    assert "Score: 1 right out of 1" in text_of(again)
    # A wrong pick on the next question counts as asked, not right.
    page = client.get("/referee/quiz").get_data(as_text=True)
    trump = re.search(r'id="quiz-q">.*?(\w+) are trump', page, re.S).group(1)
    picks = re.findall(r'name="pick" value="([^"]+)"', page)
    winner = client.post("/api/v1/referee/trick", json={"trump": trump, "cards": picks}).get_json()["card"]
    wrong = next(p for p in picks if p != winner)
    result = client.post("/referee/quiz", data={"csrf_token": token, "pick": wrong}).get_data(as_text=True)
    assert "Not this time" in result
    assert "Score: 1 right out of 2" in text_of(result)


def test_quiz_refuses_a_card_not_shown_and_needs_csrf(client):
    page = client.get("/referee/quiz").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    picks = re.findall(r'name="pick" value="([^"]+)"', page)
    other = next(c for c in ("2S", "3S", "4S", "5S", "6S") if c not in picks)
    response = client.post("/referee/quiz", data={"csrf_token": token, "pick": other})
    assert response.status_code == 422
    assert "Tap one of the cards shown" in response.get_data(as_text=True)
    assert client.post("/referee/quiz", data={"pick": picks[0]}).status_code == 400


def test_the_tabs_carry_the_trump_and_the_house_rules(client):
    body = client.get("/referee", query_string={"tool": "legal", "trump": "D", "joker": "yes"}).get_data(as_text=True)
    nav = body.split('<nav class="tool-tabs"', 1)[1].split("</nav>", 1)[0]
    for tool in ("rank", "trick", "legal"):
        link = re.search(rf'href="([^"]*)" id="tab-{tool}"', nav)
        assert link, tool
        href = html.unescape(link.group(1))
        assert f"tool={tool}" in href and "trump=D" in href and "joker=yes" in href


def test_the_lead_goes_into_the_trick_and_the_next_card_into_the_hand(client):
    query = {"tool": "legal", "trump": "H", "into": "trick", "tap": "4"}
    location = landing(client.get("/referee", query_string=query))
    page = client.get(location).get_data(as_text=True)
    assert 'name="trick" value="4♥"' in page and 'name="into" value="hand" checked' in page
    # A second card for the trick is asked for by tapping the trick's slot: it stays there.
    query = {"tool": "legal", "trump": "H", "trick": "4h", "into": "trick", "tap": "9"}
    page = client.get(landing(client.get("/referee", query_string=query))).get_data(as_text=True)
    assert 'name="trick" value="4♥ 9♥"' in page and 'name="into" value="trick" checked' in page


def test_a_third_card_to_compare_is_measured_against_the_last(client):
    query = {"tool": "rank", "trump": "H", "pair": "jh ad", "suit": "C", "tap": "5"}
    page = client.get(landing(client.get("/referee", query_string=query))).get_data(as_text=True)
    assert 'name="pair" value="A♦ 5♣"' in page


def test_house_rule_choices_are_in_player_words(client):
    page = client.get("/referee", query_string={"follow": "suit-or-trump"}).get_data(as_text=True)
    assert '<option value="suit-or-trump" selected>follow suit or trump</option>' in page
    assert '<option value="five-jack-ace" selected>the 5, the jack and the A♥</option>' in page
    assert ">suit-or-trump<" not in page and ">five-jack-ace<" not in page


def test_the_sheet_opens_the_referee_with_the_games_rules_and_the_hands_trump(client, game):
    sheet = client.get(game["links"]["edit"]).get_data(as_text=True)
    links = dict(re.findall(r'class="button referee-trump [^"]*" href="([^"]*)" aria-label="([^"]*)"', sheet)[:4])
    assert sorted(links.values()) == sorted(f"Ask the referee, {suit} trump" for suit in SUIT_WORDS)
    clubs = html.unescape(next(href for href, name in links.items() if "clubs" in name))
    page = client.get(clubs).get_data(as_text=True)
    # The trump is set, the game's own rules followed, and both carried to the other questions.
    assert 'name="trump" value="C" checked' in page
    assert "this game&#39;s rules" in page or "this game's rules" in page
    nav = html.unescape(page.split('<nav class="tool-tabs"', 1)[1].split("</nav>", 1)[0])
    assert f"game={game['id']}" in nav and "trump=C" in nav


SUIT_WORDS = ("spades", "clubs", "hearts", "diamonds")


def test_one_card_of_two_picked_waits_for_the_second_without_a_refusal(client):
    response = client.get("/referee", query_string={"tool": "rank", "trump": "S", "pair": "ah"})
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert 'class="field-error"' not in page and 'id="compare-answer"' not in page
    assert 'id="trump-order"' in page  # the trump's order is there to read meanwhile
