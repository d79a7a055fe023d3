"""The pages of the table in French at 360 × 740, light and dark: no word broken across lines, no button over 2 lines.

The referee, a weekly table's statistics, the club's registration desk, a card party's table phone and its
results and couples; the statistics table in English too (names are never split mid-word in either language). Each page also reads and
taps well (16 px text, 44 px targets, axe clean) and is no wider than the phone.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect

from tests._support.live_api import api
from tests._support.party_pages import finish_evening, first_table_link, french_evening
from tests._support.sheet import broken
from tests._support.steps import SCHEMES, assert_readable, phone_of_its_own, played_table

MEMBERS = ["Marie-Josée Arsenault", "Léonce Chiasson", "Évangéline Doucet", "Jean-Baptiste Thériault"]


@pytest.fixture(params=SCHEMES)
def scheme(request):
    return request.param


def phone(browser, browser_context_args, scheme: str, language: str = "fr"):
    locale = "fr-CA" if language == "fr" else "en-CA"
    return phone_of_its_own(
        browser,
        browser_context_args,
        color_scheme=scheme,
        locale=locale,
        extra_http_headers={"Accept-Language": language},
    )


def well_set(page: Page, language: str = "fr") -> None:
    """In the page's language, nothing broken, nothing wider than the phone, readable and tappable."""
    assert page.locator("html").get_attribute("lang") == language
    page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
    assert broken(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 360, "the page is wider than the phone"
    assert_readable(page)


def test_the_referee_in_french(browser, browser_context_args, live_server, scheme):
    for page in phone(browser, browser_context_args, scheme):
        page.goto("/referee")
        expect(page.locator("h1")).to_be_visible()
        well_set(page)
        page.goto("/referee/quiz")
        well_set(page)


@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_statistics_table_breaks_no_name(browser, browser_context_args, live_server, scheme, language):
    table = played_table(live_server)
    for page in phone(browser, browser_context_args, scheme, language):
        page.goto(table["links"]["edit"] + "/stats")
        expect(page.locator(".stats-table").first).to_be_visible()
        well_set(page, language)
        page.goto(table["links"]["edit"])
        well_set(page, language)


def test_the_registration_desk_in_french(browser, browser_context_args, live_server, scheme):
    club = api(live_server, "POST", "/api/v1/clubs", {"name": "Club de l’Âge d’or"})
    for name in MEMBERS:
        api(live_server, "POST", f"/api/v1/clubs/{club['id']}/members", {"name": name}, club["edit_token"])
    evening = api(
        live_server, "POST", f"/api/v1/clubs/{club['id']}/evenings", {"games": 5, "couples": []}, club["edit_token"]
    )
    for page in phone(browser, browser_context_args, scheme):
        page.goto(urlsplit(evening["links"]["desk"]).path)
        expect(page.get_by_text(MEMBERS[0])).to_be_visible()
        well_set(page)
        page.goto(urlsplit(club["links"]["director"]).path)
        well_set(page)


def test_the_party_table_phone_in_french(browser, browser_context_args, live_server, scheme):
    party = french_evening(live_server)
    for page in phone(browser, browser_context_args, scheme):
        page.goto(first_table_link(live_server, party))
        expect(page.locator("h1")).to_contain_text("Partie 1 sur 5")
        well_set(page)
        page.locator(".party-winner").first.click()
        expect(page.locator(".party-confirm-q")).to_contain_text(re.compile("ont gagné la partie 1"))
        well_set(page)


def test_the_party_results_and_couples_tables_in_french(browser, browser_context_args, live_server, scheme):
    party = french_evening(live_server, games=2)
    finish_evening(live_server, party)
    for page in phone(browser, browser_context_args, scheme):
        for path in ("results", "couples", "couples/1"):
            page.goto(f"/parties/{party['id']}/{path}")
            expect(page.locator("h1")).to_be_visible()
            well_set(page)


def test_home_new_game_and_rule_book_in_french(browser, browser_context_args, live_server, scheme):
    for page in phone(browser, browser_context_args, scheme):
        for path in ("/", "/games/new", "/rules"):
            page.goto(path)
            expect(page.locator("h1")).to_be_visible()
            assert broken(page) == [], path
            assert page.evaluate("document.documentElement.scrollWidth") <= 360, path
