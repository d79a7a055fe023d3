"""The rule book in English and in French: the game on one screen, the table's questions, and every word of its own
in the page's language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file

from tests._support.rulebook import Page

ROOT = Path(__file__).resolve().parents[2]
FRENCH = {"Accept-Language": "fr"}


def visible_words(markup: str) -> str:
    """The page's text, without scripts, styles or code (API names), spaces evened out."""
    markup = re.sub(r"<(script|style|code)\b.*?</\1>", " ", markup, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", markup)
    for entity, char in (("&#39;", "'"), ("&quot;", '"'), ("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">")):
        text = text.replace(entity, char)
    return " ".join(text.replace("\u00a0", " ").replace("\u202f", " ").split())


@pytest.fixture
def english(client) -> Page:
    return Page(client.get("/rules").get_data(as_text=True))


@pytest.fixture
def french_markup(client) -> str:
    response = client.get("/rules", headers=FRENCH)
    assert response.status_code == 200
    return response.get_data(as_text=True)


@pytest.fixture
def french(french_markup) -> Page:
    return Page(french_markup)


def test_the_game_on_one_screen_comes_first_with_links_down(english):
    assert english.ids.index("overview") < english.ids.index("contents")
    summary = english.text_of("overview")
    for said in (
        "Five cards each (three, then two)",
        "15, 20, 25, 30 or pass",
        "bagged at 15",
        "names trump and takes the kitty",
        "The 5, the jack, the A♥, then ace, king, queen",
        "30 a hand",
        "First to 120",
        "on the green",
    ):
        assert said in summary


def test_the_summary_links_to_each_part(client):
    markup = client.get("/rules").get_data(as_text=True)
    summary = markup[markup.index('<section id="overview"') : markup.index("</section>", markup.index('id="overview"'))]
    links = set(re.findall(r'href="#([\w-]+)"', summary))
    assert {"deal", "bidding", "draw", "rank", "follow", "renege", "scoring", "winning", "at-the-table"} <= links


def test_at_the_table_answers_the_table_questions(english):
    answers = english.text_of("at-the-table")
    for said in (
        "The same dealer gathers every card and deals again, and nothing is scored",  # a misdeal
        "Whoever dealt the last hand cuts for the next dealer",  # who cuts
        "The deal passes one seat to the left after every hand",  # the deal passing left
        "Only with four and a flip",  # four and a flip
        "four face down and turns the fifth face up",
        "Three at most, unless you won the bid",  # one-ten's draw of 3
        "On the second trick",  # the called card
        "You may not keep it back past the second trick",
    ):
        assert said in answers
    assert "At the table" in english.text_of("contents")


def test_the_french_page_says_it_in_french(french, french_markup):
    assert '<html lang="fr">' in french_markup
    summary = french.text_of("overview")
    for said in ("Le jeu en un écran", "Cinq cartes chacun", "veuve", "forcé à 15", "l’as de cœur", "30 par donne"):
        assert said in summary
    answers = french.text_of("at-the-table")
    for said in (
        "maldonne",
        "Qui coupe",
        "La donne passe d’une place vers la gauche",
        "quatre et une retournée",
        "À la deuxième levée",
        "Trois au plus",
        "renoncer",
    ):
        assert said in answers
    words = visible_words(french_markup)
    for said in ("atout", "levée", "« dans le trou »", "« sur le vert »", "donneur forcé", "la haute", "renonce"):
        assert said in words
    assert "Rules of Forty-Fives" not in words and "Règles du quarante-cinq" in words


def test_the_search_speaks_the_page_language(client, french_markup):
    english = client.get("/rules").get_data(as_text=True)
    assert 'data-none="Nothing in the rule book mentions “{query}”. Try another word."' in english
    assert 'data-many="{count} passages mention “{query}”."' in english
    assert "Rien dans le livre des règles ne parle de" in french_markup
    assert 'data-many="{count} passages parlent de' in french_markup
    assert 'placeholder="renonce, donneur forcé, 30 pour 60…"' in french_markup


def rule_book_sentences() -> list[str]:
    """Runs of five words or more from every string the rule book marks for translation: its templates, its view,
    and the options' and presets' words it shows (``words/options.py``)."""
    found = []
    sources = [("jinja2", p) for p in sorted((ROOT / "templates" / "rulebook").glob("*.html"))]
    sources.append(("python", ROOT / "scorekeeper" / "web" / "rulebook" / "views.py"))
    sources.append(("python", ROOT / "scorekeeper" / "words" / "options.py"))
    for method, path in sources:
        for found_message in extract_from_file(method, str(path), keywords={"_": None, "_l": None, "gettext": None}):
            message = found_message[1]
            text = message if isinstance(message, str) else message[0]
            for run in re.split(r"<[^>]+>|%\(\w+\)s", text):
                run = " ".join(run.split())
                if len(run.split()) >= 5:
                    found.append(run)
    return found


def test_no_sentence_of_the_rule_book_is_left_in_english_on_the_french_page(french_markup, client):
    sentences = rule_book_sentences()
    assert len(sentences) > 250
    english = visible_words(client.get("/rules").get_data(as_text=True))
    french = visible_words(french_markup)
    # Most are read on the English page (the hints beside the forms' fields are not), and none on the French one.
    assert sum(s in english for s in sentences) > 250
    assert [s for s in sentences if s in french] == []
