"""The card party in French on a phone, and the hall board on a phone and on a 1080p screen.

The table's phone at 360 × 740 in French, light and dark: 16 px text, 44 px taps, nothing
overlapping, axe clean, and the two taps of a result in French. The board adapts: a phone
gets one column at 16 px and up; a hall screen gets 24 px and up, the prize list's "tied"
tags included.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests._support.a11y import smallest_text
from tests._support.live_api import api
from tests._support.party_pages import finish_evening, first_table_link, french_evening
from tests._support.steps import HALL_SCREEN, assert_readable, page_in

# Every visible text node's boxes (as far as an ellipsis lets them show), and the pairs of different
# texts that overlap by more than a pixel, or text drawn past the page's edge.
OVERLAPS = """
() => {
  const boxes = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const el = node.parentElement;
    if (!node.textContent.trim() || !el || el.closest('.visually-hidden, .skip-link, script, style, noscript')) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none') continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    // Text cut with an ellipsis is drawn only inside the box that cuts it.
    let cutter = el;
    while (cutter && getComputedStyle(cutter).overflow !== 'hidden') cutter = cutter.parentElement;
    const clip = cutter ? cutter.getBoundingClientRect() : null;
    for (const raw of range.getClientRects()) {
      const r = clip ? {left: Math.max(raw.left, clip.left), right: Math.min(raw.right, clip.right), top: raw.top, bottom: raw.bottom} : raw;
      if (r.right - r.left > 0 && r.bottom - r.top > 0) boxes.push({text: node.textContent.trim().slice(0, 30), r, node});
    }
  }
  const found = [];
  for (let i = 0; i < boxes.length; i++) {
    const a = boxes[i].r;
    if (a.right > document.documentElement.clientWidth + 0.5 || a.left < -0.5) found.push('off the edge: ' + boxes[i].text);
    for (let j = i + 1; j < boxes.length; j++) {
      if (boxes[i].node === boxes[j].node) continue;
      const b = boxes[j].r;
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (w > 1 && h > 1) found.push(boxes[i].text + ' / ' + boxes[j].text);
    }
  }
  return found;
}
"""


def _french(browser, browser_context_args, scheme: str):
    return browser.new_context(
        **browser_context_args, color_scheme=scheme, locale="fr-CA", extra_http_headers={"Accept-Language": "fr"}
    )


def _assert_phone_ready(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 360, "the page is wider than the phone"
    assert page.evaluate(OVERLAPS) == []
    assert_readable(page)


def _french_hall(browser):
    return browser.new_context(viewport=HALL_SCREEN, extra_http_headers={"Accept-Language": "fr"})


def _assert_hall_ready(page) -> None:
    assert smallest_text(page, 24) == []
    assert page.evaluate(OVERLAPS) == []
    assert page.evaluate("document.documentElement.scrollHeight") <= 1080, "the board does not fit the screen"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_french_table_phone_reports_in_two_taps(browser, browser_context_args, live_server, scheme):
    party = french_evening(live_server)
    with page_in(_french(browser, browser_context_args, scheme)) as page:
        page.goto(first_table_link(live_server, party))
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        expect(page.locator("h1")).to_contain_text("Partie 1 sur 5")
        expect(page.get_by_text("Qui a gagné la partie 1\u00a0? Touchez les gagnants.")).to_be_visible()
        _assert_phone_ready(page)

        page.locator(".party-winner").first.click()
        expect(page.locator(".party-confirm-q")).to_contain_text("Gaudet & Arsenault ont gagné la partie 1\u00a0?")
        _assert_phone_ready(page)
        page.get_by_role("button", name="Oui, l’enregistrer").click()
        expect(page.locator(".party-done")).to_contain_text("Ici, Gaudet & Arsenault ont gagné la partie 1.")
        expect(page.locator(".party-going")).to_contain_text("Gaudet & Arsenault\u00a0: à la table 2")
        _assert_phone_ready(page)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("moment", ["playing", "finished"])
def test_the_board_on_a_phone_is_one_readable_column(browser, browser_context_args, live_server, scheme, moment):
    party = french_evening(live_server, games=2)
    if moment == "finished":
        finish_evening(live_server, party)
    with page_in(_french(browser, browser_context_args, scheme)) as page:
        page.goto(f"{live_server.url}/parties/{party['id']}/board")
        if moment == "finished":
            expect(page.locator(".board-game")).to_have_text("Résultats finaux")
            expect(page.locator(".badge-tie").first).to_have_text("égalité")
        else:
            expect(page.locator(".board-game")).to_contain_text("Partie 1 sur 2")
            expect(page.locator(".board-seats li").first).to_contain_text("Gaudet & Arsenault")
            # One column: each couple's line is as wide as the list.
            widths = page.locator(".board-seats li").evaluate_all(
                "els => els.map((e) => e.getBoundingClientRect().left)"
            )
            assert len(set(round(w) for w in widths)) == 1, widths
        _assert_phone_ready(page)


@pytest.mark.parametrize("moment", ["playing", "finished"])
def test_the_board_on_a_hall_screen_is_24_px_and_up(browser, live_server, moment):
    party = french_evening(live_server, games=2)
    if moment == "finished":
        finish_evening(live_server, party)
    with page_in(_french_hall(browser)) as page:
        page.goto(f"{live_server.url}/parties/{party['id']}/board")
        if moment == "finished":
            expect(page.locator(".badge-tie").first).to_have_text("égalité")
        _assert_hall_ready(page)


@pytest.mark.parametrize("screen", ["phone", "hall"])
def test_a_big_hall_board_by_couple_number_is_readable_on_both_screens(
    browser, browser_context_args, live_server, screen
):
    couples = [{"name": f"Couple {i}"} for i in range(1, 71)]
    party = api(live_server, "POST", "/api/v1/parties", {"name": "Grande salle", "games": 3, "couples": couples})
    if screen == "phone":
        context = _french(browser, browser_context_args, "dark")
    else:
        context = _french_hall(browser)
    with page_in(context) as page:
        page.goto(f"{live_server.url}/parties/{party['id']}/board")
        expect(page.locator(".board-seats li")).to_have_count(70)
        expect(page.locator(".board-key")).to_contain_text("votre numéro est sur votre carte à poinçonner")
        if screen == "phone":
            _assert_phone_ready(page)
        else:
            _assert_hall_ready(page)
