"""The glossary decides: no French message uses a word the glossary replaced, nor agrees with a side's name.

The words come from the glossary's own table (docs/glossary-fr.md, column "Never on screen"), so a new
entry there is held here from then on, and the next message written cannot bring *chuter* back.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = ROOT / "docs" / "glossary-fr.md"
FRENCH = ROOT / "scorekeeper" / "translations" / "fr" / "LC_MESSAGES" / "messages.po"

# Where a replaced word may still be read, by English message: the rule book names the synonyms of a
# word of the table once, so a player who knows them from a book finds them.
ALLOWED = {
    # The rule book's list of the table's words: "set" is dedans, and the books say chuter.
    "set, shot, shoot": {"chut*"},
    # The rule book's paragraph on being set, which names the book word beside the table's.
    "A bidder who doesn't make the bid is set (or shot) and goes back by the bid. Setting the bidder, or "
    'shooting them, is what the other sides play for. <a href="#set">More</a>.': {"chut*"},
}

# A side's name followed by a participle or pronoun that would have to agree with it.
SIDE = r"%\((?:side|bidder|winner)\)s"
AGREEING = re.compile(
    rf"{SIDE}(?:\s*:\s*|\s+est\s+|\s+)(?:\w+é(?:e|s|es)?\b)|{SIDE}[^.;?!]*?:\s*(?:elle|il)\s", re.IGNORECASE
)


def never_on_screen() -> dict[str, re.Pattern[str]]:
    """Each replaced word of the glossary's table, as written there, and the pattern that finds it."""
    header, *rows = [line for line in GLOSSARY.read_text(encoding="utf-8").splitlines() if line.startswith("| ")]
    column = [cell.strip() for cell in header.strip("|").split("|")].index("Never on screen")
    words = {}
    for row in rows:
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        for word in re.findall(r"`([^`]+)`", cells[column]) if len(cells) > column else []:
            body = re.escape(word).replace(r"\*", r"\w*").replace(r"\ ", r"\s+").replace("’", "['’]")
            start = r"\b" if word[0].isalnum() else ""
            end = "" if word.endswith("*") or not word[-1].isalnum() else r"\b"
            words[word] = re.compile(start + body + end, re.IGNORECASE)
    return words


def french_messages() -> list[tuple[str, str]]:
    with FRENCH.open("rb") as handle:
        catalog = read_po(handle, locale="fr")
    found = []
    for message in catalog:
        if not message.id:
            continue
        english = message.id if isinstance(message.id, str) else message.id[0]
        forms = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
        found += [(english, form) for form in forms if form]
    return found


def replaced_words(messages: list[tuple[str, str]]) -> list[str]:
    words = never_on_screen()
    return [
        f"{word!r} in {french!r}"
        for english, french in messages
        for word, pattern in words.items()
        if pattern.search(french) and word not in ALLOWED.get(english, ())
    ]


def test_the_glossary_lists_the_replaced_words():
    words = never_on_screen()
    for word in ("chut*", "carte* de pointage", "50/50", "rang", "blocage*", "échang*", "garder une table", "tardive"):
        assert word in words


def test_no_french_message_uses_a_replaced_word():
    wrong = replaced_words(french_messages())
    assert not wrong, f"{len(wrong)} French messages use a word the glossary replaced:\n" + "\n".join(wrong)


@pytest.mark.parametrize(
    ("french", "caught"),
    [
        ("%(side)s : chuté, %(points)s", True),
        ("Le preneur a chuté.", True),
        ("Votre carte de pointage", True),
        ("Cartes de pointage", True),
        ("Gagnant du 50/50", True),
        ("Apprendre les rangs", True),
        ("Les blocages, et la règle du 105", True),
        ("quelques-unes de plus pendant l’échange", True),
        ("Garder une table", True),
        ("Quelque chose s’est brisé", True),
        ("<kbd>J</kbd> (valet)", True),
        ("%(side)s : dedans, %(points)s", False),
        ("Carte à poinçonner", False),
        ("la levée qui change tout", False),
        ("les atouts gardés", False),
    ],
)
def test_the_check_finds_a_replaced_word(french, caught):
    assert bool(replaced_words([("x", french)])) is caught


def test_a_side_s_name_never_takes_agreement():
    wrong = [f"{english!r}: {french!r}" for english, french in french_messages() if AGREEING.search(french)]
    assert not wrong, "a side's name may be of any gender and number:\n" + "\n".join(wrong)


@pytest.mark.parametrize(
    ("french", "caught"),
    [
        ("%(side)s : tombé sur 45, retour à 0", True),
        ("%(side)s est forcée à %(bid)s", True),
        ("%(side)s avait la mise : elle ne peut pas", True),
        ("%(side)s : dedans, %(points)s", False),
        ("%(side)s a gagné !", False),
        ("%(side)s a atteint 120 en premier et gagne.", False),
    ],
)
def test_the_check_finds_agreement(french, caught):
    assert bool(AGREEING.search(french)) is caught
