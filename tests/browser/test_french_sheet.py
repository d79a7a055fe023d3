"""A French hand as quick as an English one: 360 × 740, light and dark, not one scroll to Save.

The English measure (``test_no_scroll.py``) on a French phone: after saving hands 1, 12 and 40, after Undo and
after a change, every tap of the next hand, the score bar's totals and the confirmation are wholly on screen.
On every French page a player reads at the table, no word is broken across lines and no button runs to more
than 2 lines.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser._api import api
from tests.browser.steps import SCHEMES, phone_of_its_own
from tests.browser.test_no_scroll import _BOXES, SIDES, TAPS, THREE, THREE_TAPS, tap_three_sides
from tests.browser.test_sheet_phone import Thumb, set_by_a_point, tap_paper_hand

# Words cut across lines (a text node whose characters of one word sit on two lines), and button labels over 2 lines.
BROKEN = """
() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || !el.checkVisibility() || el.closest('script, style, [hidden], details:not([open]) > :not(summary)')) continue;
    // A printed address or token is no word: it may break anywhere.
    if (/^\\S*(\\/|\\S{25})\\S*$/.test(node.data.trim())) continue;
    for (const m of node.data.matchAll(/[^\\s\\u00a0\\u202f\\-–—/·]{2,}/g)) {
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const boxes = [...range.getClientRects()].filter((r) => r.width > 0);
      const tops = new Set(boxes.map((r) => Math.round(r.top)));
      if (tops.size > 1) out.push('word broken: ' + m[0]);
    }
  }
  // A button's label: each of its blocks (a name, a line of detail) may take 2 lines, no more.
  for (const b of document.querySelectorAll('button, a.button, .button, summary, label.choice')) {
    if (!b.checkVisibility() || b.closest('details:not([open]) > :not(summary)')) continue;
    const size = parseFloat(getComputedStyle(b).fontSize);
    // Each block is one label; after a <br> comes a choice's description, which is no label.
    const blocks = new Map();
    let breaks = 0;
    const texts = document.createTreeWalker(b, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
    for (let t = texts.nextNode(); t; t = texts.nextNode()) {
      if (t.nodeName === 'BR') breaks += 1;
      if (breaks || t.nodeType !== Node.TEXT_NODE || !t.data.trim() || !t.parentElement.checkVisibility()) continue;
      let block = t.parentElement;
      while (block !== b && getComputedStyle(block).display === 'inline') block = block.parentElement;
      if (!blocks.has(block)) blocks.set(block, new Map());
      const parts = blocks.get(block);
      if (!parts.has(breaks)) parts.set(breaks, []);
      range.selectNodeContents(t);
      parts.get(breaks).push(...[...range.getClientRects()].filter((r) => r.width > 1).map((r) => r.bottom));
    }
    for (const bottoms of [...blocks.values()].flatMap((parts) => [...parts.values()])) {
      bottoms.sort((x, y) => x - y);
      const lines = bottoms.filter((y, i) => i === 0 || y - bottoms[i - 1] > size / 2).length;
      if (lines > 2) out.push('over 2 lines: ' + b.textContent.trim().replace(/\\s+/g, ' ').slice(0, 60));
    }
  }
  return out;
}
"""


@pytest.fixture(params=SCHEMES)
def french_phone(request, browser, browser_context_args):
    yield from phone_of_its_own(browser, browser_context_args, color_scheme=request.param, locale="fr-CA")


def off_screen(page: Page, *extra: str) -> list[str]:
    expect(page.locator(".button-save")).to_be_in_viewport(ratio=1)
    return page.evaluate(_BOXES, [*TAPS, "#sheet .scorebar .total", "#play-message", *extra])


def broken(page: Page) -> list[str]:
    return page.evaluate(BROKEN)


def test_a_french_hand_needs_no_scroll_to_save_after_hands_1_12_and_40(french_phone: Page, live_server):
    page = french_phone
    game = api(live_server, "POST", "/api/v1/games", {"sides": SIDES})
    page.goto(game["links"]["edit"])
    assert page.locator("html").get_attribute("lang") == "fr"
    thumb = Thumb(page)
    for n in (1, 12, 40):
        for earlier in range(int(page.locator("#hand-form input[name=n]").input_value()), n):
            set_by_a_point(live_server, game["id"], game["edit_token"], earlier)
        if n > 1:
            page.reload()
        thumb.count = 0
        assert tap_paper_hand(thumb, 0, 20, 25) == n and thumb.count == 4
        expect(page.locator("#play-message")).to_have_text(f"Donne {n} enregistrée.")
        assert off_screen(page, f"#latest-hand-{n}") == [], f"after saving hand {n}"
        assert broken(page) == [], f"after saving hand {n}"
    # Deep in the hole, the totals are written with a true minus sign.
    assert "−" in page.locator("#sheet .scorebar").inner_text()

    page.locator(".undo-form button").tap()
    expect(page.locator("#play-message")).to_contain_text("Donne 40 retirée")
    expect(page.locator("#bidder-group legend")).to_be_in_viewport(ratio=1)
    assert off_screen(page) == [], "after undo"

    page.goto(game["links"]["edit"].split("#")[0] + "/hands/2/edit")
    page.locator("#took_points-group label:has(input[value='20'])").tap()
    page.locator("#hand-form .button-save").tap()
    expect(page.locator(".flash")).to_contain_text("Donne 2 modifiée")
    assert off_screen(page, "#latest-hand-2") == [], "after a change"
    assert broken(page) == []


def test_a_bagged_dealer_is_said_inside_the_bid_row(french_phone: Page, live_server):
    page = french_phone
    game = api(live_server, "POST", "/api/v1/games", {"sides": SIDES})
    page.goto(game["links"]["edit"])
    bagged = page.locator("#bid-group label.choice", has_text="Donneur forcé")
    expect(bagged).to_be_visible()
    first = page.locator("#bid-group label.choice").first
    assert abs(bagged.bounding_box()["y"] - first.bounding_box()["y"]) < 2, "Donneur forcé sits in the row of bids"
    assert broken(page) == []


def test_three_sides_by_points_in_french_need_no_scroll(french_phone: Page, live_server):
    page = french_phone
    game = api(live_server, "POST", "/api/v1/games", {"sides": THREE})
    page.goto(game["links"]["edit"])
    thumb = Thumb(page)
    for n in (1, 2, 3):
        thumb.count = 0
        assert tap_three_sides(thumb, (n - 1) % 3, 20, (20, 5)) == n and thumb.count == 5
        expect(page.locator("#play-message")).to_have_text(f"Donne {n} enregistrée.")
        expect(page.locator(".button-save")).to_be_in_viewport(ratio=1)
        boxes = [*THREE_TAPS, "#sheet .scorebar .total", "#play-message", f"#latest-hand-{n}"]
        assert page.evaluate(_BOXES, boxes) == [], f"after saving hand {n}"
        assert broken(page) == []
