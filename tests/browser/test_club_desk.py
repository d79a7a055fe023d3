"""The registration desk with a queue, on one phone: 40 people arrive in random order (15 couples, 10 alone),
each found by the first letters of their name, registered and paired, and the evening starts.

The aim is counted, not timed: at most 60 taps and at most 5 scrolls, light and dark, in English and French.
A scroll is counted whenever what the director taps next is not wholly on screen.
"""

from __future__ import annotations

import random
import re
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from tests._support.live_api import api
from tests._support.steps import phone_of_its_own

pytestmark = pytest.mark.browser

MAX_TAPS = 60
MAX_SCROLLS = 5
FIRST = ["Mary", "Angus", "Flora", "John", "Sadie", "Dan", "Effie", "Neil", "Peggy", "Joe", "Annie", "Rod", "Élise"]
LAST = ["MacNeil", "Gillis", "Beaton", "Rankin", "Walsh", "Thériault", "LeBlanc"]
WORDS = {
    "en": {
        "open": "Open the registration desk",
        "couple": "Register the two as a couple",
        "random": "Pair those who came alone at random",
        "registered": "registered as couple",
        "paired": "5 couples paired at random",
        "start": "Start the evening",
        "yes": re.compile(r"Yes, start: seat game 1"),
        "started": "The evening has started: game 1 is seated.",
    },
    "fr": {
        "open": "Ouvrir la table d’inscription",
        "couple": "Inscrire les deux comme couple",
        "random": "Jumeler au hasard ceux qui sont venus seuls",
        "registered": "inscrits comme couple",
        "paired": "5 couples formés au hasard",
        "start": "Commencer la soirée",
        "yes": re.compile(r"Oui, commencer\s:\splacer la partie 1"),
        "started": re.compile(r"La soirée a commencé\s:\sla partie 1 est placée\."),
    },
}


def plain(text: str) -> str:
    """What a director types: lower case, no accents."""
    return text.lower().replace("é", "e")


@pytest.fixture(scope="module")
def regulars():
    rng = random.Random(34)
    names = [f"{first} {last}" for first in FIRST for last in LAST]
    rng.shuffle(names)
    return names[:60]


@pytest.fixture
def club(live_server, regulars):
    """A club with 60 regulars on its roster (40 of whom come tonight)."""
    created = api(live_server, "POST", "/api/v1/clubs", {"name": "Legion Branch 12"})
    for name in regulars:
        api(live_server, "POST", f"/api/v1/clubs/{created['id']}/members", {"name": name}, created["edit_token"])
    return created


@pytest.fixture(params=[("light", "en"), ("dark", "fr")], ids=["light-en", "dark-fr"])
def phone(request, browser, browser_context_args):
    scheme, language = request.param
    for page in phone_of_its_own(browser, browser_context_args, color_scheme=scheme, locale=language):
        page.context.set_extra_http_headers({"Accept-Language": language})
        yield page, WORDS[language]


def test_forty_arrive_in_random_order_and_are_registered_in_60_taps_and_5_scrolls(phone, club, regulars):
    page, words = phone
    taps = scrolls = 0

    def tap(locator) -> None:
        nonlocal taps, scrolls
        locator.wait_for()
        box = locator.bounding_box()
        if box is None or box["y"] < 0 or box["y"] + box["height"] > 740:
            scrolls += 1
        taps += 1
        locator.tap()

    def arrive(name: str) -> None:
        """Type the first letters of the first and last name in the find box (no tap: it has the keyboard)."""
        first, last = name.split(" ", 1)
        find = page.locator("#desk-find")
        expect(find).to_be_focused()
        page.keyboard.type(f"{plain(first)[:3]} {plain(last)[:3]}")
        match = page.locator("#desk-list li:not([hidden])")
        expect(match).to_have_count(1)
        expect(match).to_contain_text(name)
        tap(match.locator("label"))

    rng = random.Random(2026)
    tonight = rng.sample(regulars, 40)
    queue = [tuple(tonight[i : i + 2]) for i in range(0, 30, 2)] + [(name,) for name in tonight[30:]]
    rng.shuffle(queue)

    page.goto(urlsplit(club["links"]["director"]).path)
    tap(page.get_by_role("button", name=words["open"]))
    page.wait_for_url(re.compile(r"/evenings/"))
    couples = 0
    for group in queue:
        for name in group:
            arrive(name)
        if len(group) == 2:
            couples += 1
            tap(page.get_by_role("button", name=words["couple"]))
            page.locator(".flash-ok").filter(has_text=f"{words['registered']} {couples}.").wait_for()
    # Those who came alone waited, ticked, on top: paired at random once everyone is in.
    expect(page.locator("#desk-ticked input:checked")).to_have_count(10)
    tap(page.get_by_role("button", name=words["random"]))
    page.locator(".flash-ok").filter(has_text=words["paired"]).wait_for()
    assert page.locator(".club-couples > li").count() == 20
    # The 20 regulars who stayed home are still on the list, unticked.
    assert page.locator("#desk-list input").count() == 20
    tap(page.get_by_role("button", name=words["start"]))
    tap(page.get_by_role("button", name=words["yes"]))
    page.get_by_text(words["started"]).wait_for()
    assert "/parties/" in page.url
    print(f"desk, 40 arrivals in random order: {taps} taps, {scrolls} scrolls")
    assert taps <= MAX_TAPS and scrolls <= MAX_SCROLLS, (taps, scrolls)


def test_a_newcomer_is_added_from_the_find_box_and_comes_ticked(phone, club):
    page, _words = phone
    page.goto(urlsplit(club["links"]["director"]).path)
    page.locator("#ev-date").wait_for()
    page.locator("form[action$='/evenings'] button[type=submit]").click()
    page.wait_for_url(re.compile(r"/evenings/"))
    page.locator("#desk-find").fill("Zoé Aucoin")
    expect(page.locator("#desk-list li:not([hidden])")).to_have_count(0)
    add = page.locator("#desk-add")
    expect(add).to_contain_text("Zoé Aucoin")
    add.tap()
    ticked = page.locator("#desk-ticked li")
    expect(ticked).to_have_count(1)
    expect(ticked).to_contain_text("61 Zoé Aucoin")
    expect(ticked.locator("input")).to_be_checked()
    expect(page.locator("#desk-find")).to_be_focused()
