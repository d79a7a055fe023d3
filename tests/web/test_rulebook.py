"""The rule book at /rules: every section a link can point at, tables that match the engine, our own words."""

from __future__ import annotations

import re

import pytest
from flask import url_for

from scorekeeper.rules import OPTION_INFO, PRESETS
from scorekeeper.rules.draw import draw_limits
from scorekeeper.words import option_label
from tests._support.rulebook import Page
from tests._support.rules import OPTION_NAMES, PRESET_NAMES

# Sections the referee and the score sheet link to.
ANCHORS = [
    "cards",
    "deal",
    "rank",
    "trick",
    "follow",
    "renege",
    "points",
    "high",
    "bidding",
    "bagged",
    "hold",
    "scoring",
    "set",
    "winning",
    "bidder-goes-out",
    "on-the-green",
    "locks",
    "forty-five-rule",
    "elimination",
    "traditional",
    "presets",
    "options",
    "draw",
    "lingo",
    "ties",
    "in-the-hole",
]

# Sentences from the texts the game was written up from; the page must say these things its own way.
SOURCE_SENTENCES = [
    "If both teams are 90 points or higher",
    "have the privilege of reneging when a lower trump is led",
    "The Full rank in off suit is as follows",
    "This is the trickiest part of all Auction Forty-Fives rules",
    "who has the option of saying",
    "Cards cannot be reneged on cards that are led which are higher",
    "A card sleeps when it never gets dealt in the round",
    "When you play trying to get only 5 points at a time",
    "The kitty cannot be dealt first",
    "this can be done in any order, provided that no more than 3 cards are dealt at a time",
    "A player cannot progress beyond 105 unless he is the bidder",
    "Any player whose score hits exactly",
    "Winning teams rotate around the room",
    "The only time in which a player may choose not to follow suit",
    "I have a problem with this solution",
]


@pytest.fixture
def rules_page(client) -> Page:
    response = client.get("/rules")
    assert response.status_code == 200
    return Page(response.get_data(as_text=True))


@pytest.fixture
def words(client) -> str:
    """The visible words of the page, spaces and case evened out."""
    markup = client.get("/rules").get_data(as_text=True)
    markup = re.sub(r"<(script|style)\b.*?</\1>", " ", markup, flags=re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", markup).replace("&#39;", "'").split()).lower()


def test_rules_page_answers_at_its_address(app, client):
    with app.test_request_context():
        assert url_for("rulebook.index") == "/rules"
    response = client.get("/rules")
    assert response.status_code == 200
    assert response.mimetype == "text/html"
    body = response.get_data(as_text=True)
    assert "<title>Rules of Forty-Fives</title>" in body
    # Its stylesheet: app.css joined to rulebook.css, under a name holding a hash of its content.
    href = re.search(r'<link rel="stylesheet" href="(/static/rulebook\.bundle\.[0-9a-f]{12}\.css)">', body).group(1)
    with client.get(href) as stylesheet:
        assert stylesheet.status_code == 200
        assert ".rulebook section{" in stylesheet.get_data(as_text=True)


def test_every_linked_section_is_there(rules_page):
    anchors = ANCHORS + [f"preset-{name}" for name in PRESET_NAMES] + [f"option-{name}" for name in OPTION_NAMES]
    assert [a for a in anchors if a not in rules_page.ids] == []
    assert [a for a in anchors if not rules_page.text_of(a)] == []


def test_ids_are_unique_and_every_contents_link_lands(rules_page):
    duplicates = sorted({i for i in rules_page.ids if rules_page.ids.count(i) > 1})
    assert duplicates == []
    targets = [a["href"][1:] for tag, a in rules_page.tags if tag == "a" and a.get("href", "").startswith("#")]
    assert len(targets) > 40
    assert sorted(set(targets) - set(rules_page.ids)) == []


PRESET_SHOWN = {
    "new-england": ("New England auction", "Merrimack Valley, Massachusetts and southern New Hampshire"),
    "nova-scotia": ("Nova Scotia 120", "Nova Scotia and the rest of Atlantic Canada"),
    "auction-100": ("Auction with the 100 lock", "Atlantic Canada and New England halls"),
    "one-ten": ("One-hundred and ten", "Ireland and New Zealand"),
    "traditional": ("Traditional Forty-Fives", "the older game from Ireland"),
}


def test_each_preset_is_shown_with_its_name_title_and_where_it_is_played(rules_page):
    assert list(PRESETS) == PRESET_NAMES == list(PRESET_SHOWN)
    for name in PRESET_NAMES:
        section = rules_page.text_of(f"preset-{name}")
        title, where = PRESET_SHOWN[name]
        assert name in section
        assert title in section
        assert where in section


@pytest.mark.parametrize(
    "preset, shown",
    [
        ("one-ten", ["Points to win 110", "Lock cap", "Lock at 105", "first trick whoever the bidder chooses"]),
        ("auction-100", ["Lock freeze", "Lock at 100", "On the green no"]),
        ("nova-scotia", ["off-suit lead follow suit or trump", "Dealer may hold yes", "the player left of the bidder"]),
        ("traditional", ["Points to win 45", "Bidding no", "held back the 5 only"]),
        ("new-england", ["Green from 90", "first trick the bidder", "off-suit lead any card"]),
    ],
)
def test_preset_option_tables_show_the_engine_settings(rules_page, preset, shown):
    section = rules_page.text_of(f"preset-{preset}")
    for text in shown:
        assert text in section, f"{text!r} missing from the {preset} table"


def test_each_option_is_named_explained_and_has_an_example(rules_page):
    assert set(OPTION_INFO) <= set(OPTION_NAMES)
    for name in OPTION_NAMES:
        section = rules_page.text_of(f"option-{name}")
        assert f"House-rule setting, for programs using the API: {name} =" in section
        title = rules_page.text_of(f"option-{name}-title")
        assert "usually" in title
        assert option_label(name) in title  # the form's name for it, in English outside a request
        assert "Example:" in section, f"option {name} has no example"


def without_setting_notes(markup: str) -> str:
    return re.sub(r'<p class="rb-setting">.*?</p>', " ", markup, flags=re.S)


def test_option_names_only_in_the_setting_notes(client):
    """Players read words; the names programs use stay in one small note per option and preset."""
    markup = client.get("/rules").get_data(as_text=True)
    body = markup.split('<article class="rulebook">', 1)[1]
    assert body.count('class="rb-setting"') == len(OPTION_NAMES) + len(PRESET_NAMES)
    text = re.sub(r"<[^>]+>", " ", without_setting_notes(body))
    assert [name for name in OPTION_NAMES if "_" in name and name in text] == []
    assert [name for name in PRESET_NAMES if "-" in name and name in text] == []
    assert "<code" not in without_setting_notes(body)


@pytest.mark.parametrize(
    ("anchor", "said"),
    [
        ("thirty-for-sixty", "judged on the five tricks alone"),
        ("thirty-for-sixty", "a plain 30 cannot be bid"),
        ("sixty-for-120", "score 120, fall short and lose 120"),
        ("set-without-trump", "scores 30"),
        ("no-high", "worth 25"),
        ("tie-break", "last trick wins"),
        ("tie-break", "first to get there"),
        ("elimination", "the last side left wins"),
        ("option-thirty_for_sixty", "= off | double | all-tricks | bell"),
        ("option-tie_break", "= play-on | last-trick | first-out"),
        ("option-high_bonus", "every hand is worth 25"),
    ],
)
def test_the_newer_house_rules_are_explained(rules_page, anchor, said):
    assert said.lower() in rules_page.text_of(anchor).lower()


def test_an_option_the_engine_adds_without_words_is_refused_by_the_page_not_shown_in_code(client, monkeypatch):
    """Every option's words live in ``words/options.py``: one the engine adds without them fails loudly."""
    from scorekeeper.rules import OptionInfo

    monkeypatch.setitem(OPTION_INFO, "wild_deuces", OptionInfo("wild_deuces", (True, False)))
    client.application.testing = True
    client.application.config["PROPAGATE_EXCEPTIONS"] = True
    with pytest.raises(KeyError, match="wild_deuces"):
        client.get("/rules")


def test_contents_and_a_search_box_for_the_script(rules_page, client):
    """Without the script the contents list is plain links; the search box shows only with it."""
    markup = client.get("/rules").get_data(as_text=True)
    assert re.search(r'<div class="rb-search" data-rb-search hidden>', markup)
    assert re.search(r'<script src="/static/rulebook\.[0-9a-f]{12}\.js" defer>', markup)
    entries = re.findall(r'<ol class="rb-toc-list">(.*?)</ol>', markup, re.S)[0]
    targets = re.findall(r'href="#([^"]+)"', entries)
    assert len(targets) >= 15 and set(targets) <= set(rules_page.ids)


@pytest.mark.parametrize(
    "anchor, order",
    [
        ("rank-trump-diamonds", "5♦ J♦ A♥ A♦ K♦ Q♦ 10♦ 9♦ 8♦ 7♦ 6♦ 4♦ 3♦ 2♦"),
        ("rank-trump-clubs", "5♣ J♣ A♥ A♣ K♣ Q♣ 2♣ 3♣ 4♣ 6♣ 7♣ 8♣ 9♣ 10♣"),
        ("rank-trump-hearts", "5♥ J♥ A♥ K♥ Q♥ 10♥ 9♥ 8♥ 7♥ 6♥ 4♥ 3♥ 2♥"),
        ("rank-trump-spades", "5♠ J♠ A♥ A♠ K♠ Q♠ 2♠ 3♠ 4♠ 6♠ 7♠ 8♠ 9♠ 10♠"),
        ("rank-offsuit-hearts", "K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ 5♥ 4♥ 3♥ 2♥"),
        ("rank-offsuit-diamonds", "K♦ Q♦ J♦ 10♦ 9♦ 8♦ 7♦ 6♦ 5♦ 4♦ 3♦ 2♦ A♦"),
        ("rank-offsuit-clubs", "K♣ Q♣ J♣ A♣ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣"),
        ("rank-offsuit-spades", "K♠ Q♠ J♠ A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠"),
        ("rank-joker-diamonds", "5♦ J♦ Joker A♥ A♦ K♦ Q♦ 10♦ 9♦ 8♦ 7♦ 6♦ 4♦ 3♦ 2♦"),
        ("rank-aces-high-diamonds", "A♦ K♦ Q♦ J♦ 10♦ 9♦ 8♦ 7♦ 6♦ 5♦ 4♦ 3♦ 2♦"),
        ("rank-aces-high-clubs", "A♣ K♣ Q♣ J♣ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣"),
    ],
)
def test_rank_tables_list_the_cards_highest_first(rules_page, anchor, order):
    assert rules_page.cards_in(anchor) == order.split()


# The worked examples of each section, as the rule book answers them.
WORKED_EXAMPLES = {
    "renege": [
        "In the trick 2♥ Your hand J♥ K♥ 3♣ 4♣ 7♦ You may play J♥ K♥",
        "In the trick 2♥ Your hand J♥ 3♣ 4♣ 7♦ 8♦ You may play any card",
        "In the trick 5♥ Your hand J♥ A♥ 3♣ 4♣ 7♦ You may play J♥ A♥",
        "In the trick 5♥ Your hand J♥ A♥ 3♥ 4♣ 7♦ You may play J♥ A♥ 3♥",
        "In the trick J♠ Your hand A♥ 3♣ 4♦ 7♦ 8♣ You may play A♥",
        "In the trick 6♠ Your hand 5♠ J♠ A♥ 9♦ 2♥ You may play any card",
        "In the trick 6♠ J♠ Your hand 5♠ A♥ 9♦ You may play any card",
        "Your hand 5♠ A♥ 9♦ House rule A held trump is measured against : the highest trump so far You may play 5♠ A♥",
        "Your hand 7♦ 2♣ K♠ House rule Following an off-suit lead : follow suit or trump You may play 7♦ 2♣",
        "Your hand K♥ 9♦ 3♣ House rule A♥ led calls for hearts : yes You may play K♥",
    ],
    "trick": [
        "Trump ♠ Played 8♠ 9♠ 2♠ A♥ Winner A♥",
        "Trump ♥ Played K♠ Q♠ 10♦ K♣ Winner K♠",
        "Trump ♣ Played 2♥ 7♦ 9♠ 3♦ Winner 2♥",
        "Trump ♦ Played 10♣ 2♣ A♣ Winner A♣",
        "Trump ♠ Played 2♦ A♦ 3♦ Winner 3♦",
        "Trump ♦ Played K♥ 2♦ Winner 2♦",
    ],
    "scoring": [
        "Before 0 – 0 The hand Side A bids 15, takes 10 After −15 – 20",
        "Before −15 – 20 The hand Side B bids 20, takes 15 After 0 – 0",
        "Before 115 – 95 The hand Side B bids 25, takes 25 After 120 – 120",
        "Before 115 – 30 The hand Side A is bagged at 15, takes 15 After 130 – 45",
        "Before 110 – 100 The hand Side B bids 15, takes 15 After 125 – 115 Play goes on",
    ],
}


@pytest.mark.parametrize("section", list(WORKED_EXAMPLES))
def test_worked_examples_give_the_rule_book_answers(rules_page, section):
    text = rules_page.text_of(section)
    assert [example for example in WORKED_EXAMPLES[section] if example not in text] == []


def test_a_negative_score_is_circled(client):
    assert '<span class="circled">−15</span>' in client.get("/rules").get_data(as_text=True)


def test_draw_limits_by_table_size(rules_page):
    text = rules_page.text_of("draw-limits")
    for players, keep, throw in [(2, 1, 4), (5, 1, 4), (6, 2, 3), (7, 3, 2), (8, 4, 1)]:
        assert f"{players} {keep} {throw}" in text
    # One table, drawn from the engine.
    assert all(f"{limit.players} {limit.keep} {limit.change}" in text for limit in draw_limits())


def test_table_talk_explains_the_lingo(rules_page):
    terms = ["bagged", "set", "shoot", "sleep", "nickel out", "bang out", "push bid", "renege", "on the green"]
    assert [t for t in terms if t not in rules_page.text_of("lingo")] == []


def test_the_three_side_tie_and_how_the_app_settles_it(rules_page):
    text = rules_page.text_of("ties")
    assert "Overtime" in text
    assert "What this score sheet does" in text


def test_page_is_in_its_own_words(words):
    assert "bidder goes out" in words
    copied = [s for s in SOURCE_SENTENCES if " ".join(s.lower().split()) in words]
    assert copied == []


def test_no_inline_script_or_style(client):
    body = client.get("/rules").get_data(as_text=True)
    assert "style=" not in body
    assert "<style" not in body
    parsed = Page(body)
    for tag, attrs in parsed.tags:
        assert not any(name.startswith("on") for name in attrs), f"inline handler on <{tag}>"
        if tag == "script" and attrs.get("type") != "application/json":  # the page's words: data, never run
            assert attrs.get("src"), "inline <script>"
