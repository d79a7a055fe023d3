"""Typography by rule: every French message and every French page, and the numbers in both languages.

One apostrophe (’); a narrow no-break space before ; ? ! and inside « »; a no-break space before :;
a true minus sign (−5); thousands grouped as each language's locale data says (1 000, 1,000).
"""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from scorekeeper.commands.translations import catalogs, typeset_catalog
from scorekeeper.platform.i18n import gettext, ngettext, number
from scorekeeper.platform.typography import MINUS, NARROW, NO_BREAK, typeset, typeset_french
from tests._support.crawl import get_urls
from tests._support.pseudo import Texts, names_of

FRENCH = next(po for po in catalogs() if po.parent.parent.name == "fr")


@pytest.mark.parametrize(
    ("written", "typeset_as"),
    [
        ("Donne 3 : qui a la mise ?", f"Donne 3{NO_BREAK}: qui a la mise{NARROW}?"),
        ("l'as de cœur ; le valet !", f"l’as de cœur{NARROW}; le valet{NARROW}!"),
        ("Quoi?", f"Quoi{NARROW}?"),
        ("« dans le trou »", f"«{NARROW}dans le trou{NARROW}»"),
        ("«dedans»", f"«{NARROW}dedans{NARROW}»"),
        ("réussie +60, dedans -60", f"réussie +60, dedans {MINUS}60"),
        ("de 0 à 1000 ; 25000 points", f"de 0 à 1{NARROW}000{NARROW}; 25{NARROW}000 points"),
        # Tags and entities are code, not text; so are a header, a date, a time, a year and a range.
        ("<a href=\"#set\" title='x'>Plus</a> ?", f"<a href=\"#set\" title='x'>Plus</a>{NARROW}?"),
        ("Ann &amp; Cy ; fin", f"Ann &amp; Cy{NARROW}; fin"),
        ("Authorization: Bearer <jeton>", "Authorization: Bearer <jeton>"),
        ("comme 2026-01-31 ou 2026-11-23T19:02:00Z", "comme 2026-01-31 ou 2026-11-23T19:02:00Z"),
        ("la saison 2026-2027, de 1 à 4 cartes", "la saison 2026-2027, de 1 à 4 cartes"),
    ],
)
def test_french_is_typeset_by_rule(written, typeset_as):
    assert typeset_french(written) == typeset_as
    assert typeset_french(typeset_as) == typeset_as  # typesetting twice changes nothing
    assert typeset("fr_CA", written) == typeset_as
    assert typeset("en", written) == written  # English has no such rules here


def test_every_french_message_is_typeset():
    with FRENCH.open("rb") as handle:
        catalog = read_po(handle, locale="fr")
    wrong = []
    for message in catalog:
        forms = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
        wrong += [(message.id, form) for form in forms if message.id and form and typeset_french(form) != form]
    report = "\n".join(f"{text!r} should be {typeset_french(text)!r}" for _id, text in wrong[:20])
    assert not wrong, f"{len(wrong)} French messages not typeset (translations update typesets them):\n{report}"


def test_updating_the_catalog_typesets_a_new_message(tmp_path):
    po = tmp_path / "fr" / "LC_MESSAGES" / "messages.po"
    po.parent.mkdir(parents=True)
    po.write_text(
        'msgid ""\nmsgstr ""\n"Language: fr\\n"\n"Content-Type: text/plain; charset=utf-8\\n"\n\n'
        'msgid "Set: %(side)s?"\nmsgstr "Dedans : %(side)s ?"\n\n'
        'msgid "%(num)d hand"\nmsgid_plural "%(num)d hands"\nmsgstr[0] "l\'équipe"\nmsgstr[1] "-5 !"\n',
        encoding="utf-8",
    )
    assert typeset_catalog(po) == 2
    text = po.read_text(encoding="utf-8")
    assert f'msgstr "Dedans{NO_BREAK}: %(side)s{NARROW}?"' in text
    assert 'msgstr[0] "l’équipe"' in text and f'msgstr[1] "{MINUS}5{NARROW}!"' in text
    assert typeset_catalog(po) == 0


def test_numbers_are_written_by_each_language(app):
    with app.test_request_context("/", headers={"Accept-Language": "fr"}):
        assert [number(n) for n in (5, -5, 1000, -12500, 2.5)] == [
            "5",
            f"{MINUS}5",
            f"1{NARROW}000",
            f"{MINUS}12{NARROW}500",
            "2,5",
        ]
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        assert [number(n) for n in (5, -5, 1000, -12500, 2.5)] == ["5", f"{MINUS}5", "1,000", f"{MINUS}12,500", "2.5"]


def test_a_number_said_in_another_language_is_written_in_it(app):
    """Numbers and the language's code are worked out once per language: a sentence said in another language (the
    no-signal page in the phone's language) writes its numbers in that one, and leaves the request in its own."""
    from flask_babel import force_locale

    from scorekeeper.platform.i18n import current_language

    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        assert (number(-12500), current_language()) == (f"{MINUS}12,500", "en")
        with force_locale("fr"):
            assert (number(-12500), current_language()) == (f"{MINUS}12{NARROW}500", "fr")
        assert (number(-12500), current_language()) == (f"{MINUS}12,500", "en")


def test_numbers_put_into_sentences_are_written_by_each_language(app):
    from flask import render_template_string

    template = '{{ ngettext("%(num)d hand", "%(num)d hands", n) }} · {{ _("Hand %(n)s recorded.", n=n) }}'
    with app.test_request_context("/", headers={"Accept-Language": "fr"}):
        assert ngettext("%(num)d hand", "%(num)d hands", 1200) == f"1{NARROW}200 donnes"
        assert gettext("Hand %(n)s recorded.", n=-5) == f"Donne {MINUS}5 enregistrée."
        assert render_template_string(template, n=1200) == f"1{NARROW}200 donnes · Donne 1{NARROW}200 enregistrée."
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        assert ngettext("%(num)d hand", "%(num)d hands", 1200) == "1,200 hands"
        assert render_template_string(template, n=-3) == f"{MINUS}3 hands · Hand {MINUS}3 recorded."


# What French typography forbids in a page's visible text (names aside): each with what it should be.
FORBIDDEN = (
    (re.compile(r"'"), "an apostrophe ' (write ’)"),
    (re.compile(rf"[ {NO_BREAK}][;?!]"), "a space before ; ? ! that is not the narrow no-break one"),
    (re.compile(rf"[ {NARROW}]:"), "a space before : that is not the no-break one"),
    (re.compile(rf"«[^{NARROW}]|[^{NARROW}]»"), "« » without the narrow no-break space inside"),
    (re.compile(r"(?<![\w\-])-\d"), "a hyphen for a minus sign (write −)"),
    (re.compile(r"(?<![\w\-:/.,])\d{5,}|(?<![\w\-:/.,])(?!19\d\d|20\d\d)\d{4}(?![\w\-:/])"), "1000 for 1 000"),
)


def typography_wrong(page: str, names: set[str]) -> list[str]:
    parser = Texts()
    parser.feed(page)
    wrong = []
    for text in parser.found:
        rest = text.split("=", 1)[1] if text.startswith("@") else text
        rest = re.sub(r"https?://\S+|/\S+", " ", rest)  # a printed link or address
        for name in sorted(names, key=len, reverse=True):
            rest = rest.replace(name, "·")
        wrong += [f"{why}: {text!r}" for pattern, why in FORBIDDEN if pattern.search(rest)]
    return wrong


def test_the_checker_finds_each_fault():
    assert typography_wrong("<p>l'as</p><p>Qui ?</p><p>Donne :</p><p>«x»</p><p>-5</p><p>1000</p>", set()) != []
    assert len(typography_wrong("<p>l'as</p><p>Qui ?</p><p>Donne :</p><p>«x»</p><p>-5</p><p>1000</p>", set())) == 6
    page = f"<p>l’as{NARROW}; Qui{NARROW}? Donne{NO_BREAK}: «{NARROW}x{NARROW}» {MINUS}5 1{NARROW}000 O'Neil 2026</p>"
    assert typography_wrong(page, {"O'Neil"}) == []


def test_every_french_page_is_typeset(client, app, everything):
    # A game in the hole: its scores are shown below zero, with the minus sign.
    game = client.post(
        "/api/v1/games",
        json={"sides": [{"name": "Ann & Cy", "players": ["Ann", "Cy"]}, {"name": "Bo & Di", "players": ["Bo", "Di"]}]},
    ).get_json()
    hand = {"n": 1, "bidder": 0, "bid": 25, "tricks": [2, 3], "high": 1}
    headers = {"Authorization": f"Bearer {game['edit_token']}"}
    assert client.post(f"/api/v1/games/{game['id']}/hands", json=hand, headers=headers).status_code == 201
    client.get("/")
    client.set_cookie("lang", "fr")
    names = names_of(client, everything) | {"Ann & Cy", "Ann", "Cy", "Bo & Di", "Bo", "Di"}
    urls = [*get_urls(app, everything), game["links"]["edit"].split("#")[0]]
    seen_minus = False
    wrong: dict[str, list[str]] = {}
    for url in urls:
        response = client.get(url)
        if response.mimetype != "text/html" or response.status_code >= 500:
            continue
        page = response.get_data(as_text=True)
        seen_minus = seen_minus or f"{MINUS}25" in page
        for fault in typography_wrong(page, names):
            wrong.setdefault(fault, []).append(url)
    report = "\n".join(f"{fault}  on {urls[0]} (+{len(urls) - 1})" for fault, urls in sorted(wrong.items()))
    assert not wrong, f"{len(wrong)} texts badly typeset:\n{report}"
    assert seen_minus, "the game in the hole shows −25"
