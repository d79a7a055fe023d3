"""The referee at the speed of the argument: each question asked by taps alone on a 360 × 740 phone,
in light and dark and in French, with the taps and scrolls counted.

A tap on something not wholly on screen counts as a scroll. The answer appears in its fixed place under the
picker, so no tap moves the page or the picker. Aims: "may I hold back the 5♥?" (trump, the lead, a hand of
four) in 8 taps, "which is higher?" in 4, "who won this trick?" (four cards) in 6, all without a scroll.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests._support.steps import Taps, in_view, phone_of_its_own

PHONES = {
    "light": {"color_scheme": "light"},
    "dark": {"color_scheme": "dark"},
    "french": {"color_scheme": "light", "locale": "fr-CA", "extra_http_headers": {"Accept-Language": "fr-CA,fr;q=0.9"}},
}


@pytest.fixture(params=list(PHONES))
def phone(browser, browser_context_args, live_server, request):
    for page in phone_of_its_own(browser, browser_context_args, **PHONES[request.param]):
        page.french = request.param == "french"
        yield page


def open_question(page: Page, tool: str) -> Taps:
    page.goto(f"/referee?tool={tool}")
    page.wait_for_load_state("load")
    return Taps(page)


def assert_settled(taps: Taps, most: int, answer: str) -> None:
    """Within *most* taps, no scroll, nothing moved, and the answer wholly on screen."""
    assert taps.taps <= most, f"{taps.taps} taps"
    assert taps.scrolls == 0
    assert taps.moved == []
    assert in_view(taps.page, answer) == []


def test_may_i_hold_back_the_five_of_hearts(phone: Page):
    taps = open_question(phone, "legal")
    taps.trump("H")
    taps.cards("4H")  # the lead goes into the trick...
    taps.cards("5H", "KC", "7C", "9D")  # ...and the next cards into the hand
    expect(phone.locator("#legal-trick-cards")).to_have_text("4♥")
    expect(phone.locator("#legal-hand-cards .play-card")).to_have_count(4)
    summary = phone.locator("#legal-answer .legal-summary")
    if phone.french:
        expect(summary).to_have_text("Vous pouvez jouer n’importe quelle carte.")
        expect(phone.locator("#legal-explanation")).to_contain_text("vous pouvez le garder (une renonce permise)")
    else:
        expect(summary).to_have_text("You may play any card.")
        expect(phone.locator("#legal-explanation")).to_contain_text("you may hold it back (a legal renege)")
    # The 5♥ is ringed as a card that may be held back.
    expect(phone.locator("#legal-play-5H")).to_have_class(re.compile(r"\bheld-back\b"))
    assert_settled(taps, 8, "#legal-answer")


def test_a_renege_verdict_on_one_card_of_the_hand(phone: Page):
    taps = open_question(phone, "legal")
    taps.trump("H")
    taps.cards("2H", "JH", "KH", "3C")
    taps.tap(phone.locator("#legal-play-3C"))
    expect(phone.locator("#verdict")).to_contain_text("Renonce — interdit" if phone.french else "Renege — not allowed")
    assert_settled(taps, 7, "#verdict-box")


def test_which_is_higher(phone: Page):
    taps = open_question(phone, "rank")
    taps.trump("H")
    taps.cards("JH", "AD")
    expect(phone.locator("#compare-answer")).to_contain_text("V♥" if phone.french else "J♥")
    assert_settled(taps, 4, "#rank-answer")


def test_who_won_this_trick(phone: Page):
    taps = open_question(phone, "trick")
    taps.trump("S")
    taps.cards("8S", "9S", "2S", "AH")
    expect(phone.locator("#trick-answer .verdict")).to_contain_text("A♥")
    expect(phone.locator("#trick-played-cards .is-winner")).to_have_text("A♥")
    assert_settled(taps, 6, "#trick-answer")


def test_without_script_the_renege_question_is_still_answered(no_script_page, live_server):
    """Plain forms: the trump and the picker's suit are radio buttons sent with the rank tapped."""
    page = no_script_page
    page.goto(live_server.url + "/referee?tool=legal")
    page.locator("#legal-form input[name=trump][value=H]").check(force=True)
    for suit, rank in (("H", "4"), ("H", "5"), ("C", "K"), ("C", "7"), ("D", "9")):
        page.locator(f"#legal-form input[name=suit][value={suit}]").check(force=True)
        with page.expect_navigation():
            page.locator(f"#legal-form button[name=tap][value='{rank}']").click()
    expect(page.locator("#legal-trick-cards")).to_have_text("4♥")
    expect(page.locator("#legal-answer .legal-summary")).to_have_text("You may play any card.")
    expect(page.locator("#legal-play-5H")).to_have_class(re.compile(r"\bheld-back\b"))
    assert "tap=" not in page.url
