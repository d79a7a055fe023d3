"""No visible word escapes the catalog: every page, fragment and form error, rendered in a pseudo-language.

The pseudo-language (``tests/_support/pseudo.py``) is a catalog and nothing else, added beside the
app's own through ``SCOREKEEPER_EXTRA_TRANSLATIONS``: that it is offered and used proves a third
language needs no code. Every GET route is opened in it (with every token a player may hold, as
in ``tests/web/test_reads_only_read.py``), and refused forms are posted; every visible text node
and every announced attribute must then be made of translated messages, the names of the
table's sides and players, numbers and signs. An English word left anywhere fails the test with
the page and the text.
"""

from __future__ import annotations

import re

import pytest

from tests._support import pseudo
from tests._support.app import make_app, read_csrf_token
from tests._support.crawl import get_urls
from tests._support.pseudo import Texts, names_of


def english_left(page: str, names: set[str]) -> list[str]:
    """The texts of *page* with letters not from the catalog and not a name."""
    parser = Texts()
    parser.feed(page)
    left = []
    for text in parser.found:
        rest = pseudo.without_brackets(text.split("=", 1)[1] if text.startswith("@") else text)
        rest = re.sub(r"https?://\S+", " ", rest)  # a printed link
        for name in sorted(names, key=len, reverse=True):
            rest = rest.replace(name, " ")
        words = [w for w in re.findall(r"[A-Za-z]+", rest) if not _initials(w, names)]
        if words:
            left.append(text)
    return left


def _initials(word: str, names: set[str]) -> bool:
    """A short form of a name: initials ("A", "AC") or a first name's start."""
    initials = {name[0] for name in names if name}
    return len(word) <= 3 and word.isupper() and set(word) <= initials


@pytest.fixture
def app(tmp_path, request, monkeypatch):
    """The app with the pseudo-language's catalog beside the French one, in an instance folder of its own."""
    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(tmp_path / "instance"))
    extra = pseudo.write_catalog(tmp_path / "pseudo")
    yield from make_app(tmp_path, request, SCOREKEEPER_EXTRA_TRANSLATIONS=str(extra))


def post_urls(app, values) -> list[str]:
    """Every form address of the pages (not the API), built with the crawl's values."""
    adapter = app.url_map.bind("localhost")
    urls = []
    for rule in app.url_map.iter_rules():
        if (
            "POST" not in (rule.methods or ())
            or rule.rule.startswith("/api/")
            or rule.endpoint == "main.choose_language"
        ):
            continue
        arguments = {name: values[name][0] for name in rule.arguments if name in values}
        if len(arguments) == len(rule.arguments):
            urls.append(adapter.build(rule.endpoint, arguments))
    return urls


def test_the_pseudo_language_is_offered_from_its_catalog_alone(client):
    page = client.get("/", headers={"Accept-Language": pseudo.CODE}).get_data(as_text=True)
    assert f'<html lang="{pseudo.CODE}">' in page
    assert pseudo.OPEN in page


def test_every_page_is_made_of_catalog_messages(client, app, everything):
    client.get("/")  # the fixture's own messages (said in English, when it wrote) are shown once, here
    client.set_cookie("lang", pseudo.CODE)
    names = names_of(client, everything)
    escaped: dict[str, list[str]] = {}  # each English text, with the pages it is on
    for url in get_urls(app, everything):
        response = client.get(url)
        # A redirect's own body (Werkzeug's "Redirecting...") is never shown: the browser follows it.
        if response.mimetype != "text/html" or response.status_code >= 500 or response.status_code in (301, 302, 303):
            continue
        for text in english_left(response.get_data(as_text=True), names):
            escaped.setdefault(text, []).append(url)
    # Every form of the pages sent empty: each refusal, in words, is a message of the catalog too.
    token = read_csrf_token(client.get("/games/new").get_data(as_text=True))
    for url in post_urls(app, everything):
        response = client.post(url, data={"csrf_token": token}, headers={"Origin": "http://localhost"})
        if response.mimetype != "text/html" or response.status_code >= 500 or response.status_code in (301, 302, 303):
            continue
        for text in english_left(response.get_data(as_text=True), names):
            escaped.setdefault(text, []).append("POST " + url)
    report = "\n".join(f"{text!r}  on {urls[0]} (+{len(urls) - 1})" for text, urls in sorted(escaped.items()))
    assert not escaped, f"{len(escaped)} texts not from the catalog:\n{report}"


def test_the_checker_finds_an_english_word():
    assert english_left("<p>⟦Ĥåñð⟧ recorded</p>", set()) == ["⟦Ĥåñð⟧ recorded"]
    assert english_left('<p title="Save">⟦Šåṽé⟧</p>', set()) == ["@title=Save"]
    assert english_left("<p>⟦Ĥåñð 3⟧ Ann &amp; Cathy A&amp;C 25</p>", {"Ann", "Cathy"}) == []
    assert english_left("<script>var x = 'English';</script>", set()) == []
