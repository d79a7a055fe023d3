"""The referee in French on a 360 × 740 phone, light and dark: a renege argument settled in the table's words.

The cards read V♥ D♠ R♣, the answers and verdict are French sentences and land in view; no text is under
16 px, every tap target is 44 × 44 px or more, and axe-core finds nothing serious.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests._support.steps import SCHEMES, assert_lands_in_view, assert_readable, lay_out_a_renege, phone_of_its_own

NBSP = "\u00a0"


@pytest.fixture(params=SCHEMES)
def french_page(browser, browser_context_args, live_server, request):
    yield from phone_of_its_own(
        browser,
        browser_context_args,
        color_scheme=request.param,
        locale="fr-CA",
        extra_http_headers={"Accept-Language": "fr-CA,fr;q=0.9"},
    )


def test_a_renege_argument_settled_in_french(french_page):
    page = french_page
    response = page.goto("/referee")
    assert response is not None and response.status == 200
    assert page.locator("html").get_attribute("lang") == "fr"

    legal = lay_out_a_renege(page, ("H", "J", "K"), ("C", "3"))
    expect(page.locator("h1")).to_have_text("Régler la dispute")
    # The rank buttons print the French letters: V for the jack, R for the king.
    expect(legal.locator("button[name=tap][value='J']")).to_have_text("V")
    expect(legal.locator("button[name=tap][value='K']")).to_have_text("R")
    expect(page.locator("#legal-hand")).to_have_value("V♥ R♥ 3♣")
    expect(page.locator("#legal-answer .legal-summary")).to_have_text(f"Vous pouvez jouer{NBSP}: V♥ R♥")
    assert_lands_in_view(page, "#legal-answer .legal-summary")

    page.locator("#legal-play-3C").tap()
    expect(page.locator("#verdict")).to_contain_text("Renonce — interdit")
    expect(page.locator("#verdict-box .explanation")).to_contain_text(f"Non{NBSP}: 3♣ ne peut pas être joué ici")
    expect(page.locator("#verdict-box .explanation")).to_contain_text("le 2♥ entamé")
    assert_lands_in_view(page, "#verdict", "#verdict-box .explanation")

    assert_readable(page)


def test_the_quiz_in_french(french_page):
    page = french_page
    page.goto("/referee/quiz")
    expect(page.locator("h1")).to_have_text("Apprendre l’ordre des cartes")
    page.locator(".quiz-cards button").first.tap()
    page.locator("#quiz-feedback").wait_for()
    expect(page.locator("#quiz-feedback .explanation")).to_contain_text("gagne")
    assert_readable(page)
