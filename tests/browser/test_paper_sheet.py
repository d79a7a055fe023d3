"""The sheet as short as paper, held at 360 × 740 in light and dark.

One line a hand (at most 48 px) for two to four sides, even with long names; 40 hands within
3.2 screens; the short names in the columns, the whole names in the score bar, and no two
pieces of text drawn over each other in the score bar, the header or the rows.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests._support.live_api import api
from tests._support.steps import SCHEMES, phone_of_its_own

ROW_MAX_PX = 48
SCREEN_PX = 740

LONG = {
    2: ["Alexandra Montgomery & Cassandra Whitfield", "Bartholomew Jones & Dominic Fairweather"],
    3: ["Alexandra Montgomery", "Bartholomew Fairweather", "Cassandra Whitfield"],
    4: ["Alexandra Montgomery", "Bartholomew Fairweather", "Cassandra Whitfield", "Dominic Higginbottom"],
}
SHORT = {
    2: ["A&C", "B&D"],
    3: ["Alexandra", "Bartholomew", "Cassandra"],
    4: ["AM", "BF", "CW", "DH"],
}

# Every visible piece of text in the score bar, the header and the rows, as boxes of its own
# (a range around each text node), and the pairs among them that overlap by more than a pixel.
_OVERLAPS = """
(selectors) => {
  const boxes = [];
  for (const root of document.querySelectorAll(selectors)) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      const el = node.parentElement;
      if (!node.textContent.trim() || el.closest('.visually-hidden, .hand-detail, .term-text')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      // Text cut with an ellipsis is drawn only inside its element's box.
      const clip = getComputedStyle(el).overflow === 'hidden' ? el.getBoundingClientRect() : null;
      for (const raw of range.getClientRects()) {
        const r = clip ? {left: Math.max(raw.left, clip.left), right: Math.min(raw.right, clip.right), top: raw.top, bottom: raw.bottom} : raw;
        if (r.right - r.left > 0 && r.bottom - r.top > 0) boxes.push({text: node.textContent.trim(), r, el, node});
      }
    }
  }
  const found = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      if (boxes[i].node === boxes[j].node) continue;  // one text, cut with an ellipsis: two boxes
      const a = boxes[i].r, b = boxes[j].r;
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (w > 1 && h > 1) found.push(boxes[i].text + ' / ' + boxes[j].text);
    }
  }
  const clipped = [];
  for (const b of boxes) {
    if (b.r.right > document.documentElement.clientWidth + 0.5 || b.r.left < -0.5) clipped.push('off the edge: ' + b.text);
    // Text cut inside its own box (an ellipsis) is fine in the columns, never in the score bar.
    if (b.el.closest('.scorebar') && b.el.scrollWidth > b.el.clientWidth + 1 && getComputedStyle(b.el).overflow === 'hidden') clipped.push('cut: ' + b.text);
  }
  return found.concat(clipped);
}
"""


def played(live_server, names: list[str], hands: int) -> dict:
    """A game between sides named ``names`` with ``hands`` hands, some set, sides in and out of the hole."""
    k = len(names)
    sides = [{"name": name, "players": name.split(" & ")} for name in names]
    game = api(
        live_server, "POST", "/api/v1/games", {"sides": sides, "rules": {"preset": "new-england", "on_the_green": True}}
    )
    for n in range(1, hands + 1):
        points = [5] * k
        points[n % k] = 30 - 5 * (k - 1)
        bid = 30 if n % 3 else 15
        api(
            live_server,
            "POST",
            f"/api/v1/games/{game['id']}/hands",
            {"n": n, "bidder": n % k, "bid": bid, "points": points},
            game["edit_token"],
        )
    return game


@pytest.fixture(params=SCHEMES)
def phone(request, browser, browser_context_args):
    yield from phone_of_its_own(browser, browser_context_args, color_scheme=request.param)


def row_heights(page: Page) -> list[float]:
    return page.evaluate(
        "[...document.querySelectorAll('#log tbody tr[id^=hand-]')].map(r => r.getBoundingClientRect().height)"
    )


@pytest.mark.parametrize("sides", [2, 3, 4])
def test_one_line_a_hand_with_long_names_and_nothing_drawn_over_anything(phone: Page, live_server, sides):
    game = played(live_server, LONG[sides], 9)
    phone.goto(game["links"]["edit"])
    heights = row_heights(phone)
    assert len(heights) == 9 and max(heights) <= ROW_MAX_PX, heights
    # Short names in the columns and the rows, whole ones in the score bar.
    expect(phone.locator("#log thead .side-head")).to_have_text(SHORT[sides])
    expect(phone.locator("#hand-1 .bid-who")).to_have_text(SHORT[sides][1])
    expect(phone.locator("#sheet .bar-name")).to_have_text(LONG[sides])
    # The row is the paper's: "B&D 30 ✗" with the set bid circled, then every running total.
    set_row = phone.locator("#hand-1")
    expect(set_row.locator(".bid-num")).to_have_class("bid-num circled")
    expect(set_row.locator(".col-side .running")).to_have_count(sides)
    # No text over other text, none off the edge, no name cut in the score bar.
    problems = phone.evaluate(_OVERLAPS, "#sheet .scorebar, #log thead, #log tbody, table.latest")
    assert problems == []
    phone.locator("#log").scroll_into_view_if_needed()
    assert phone.evaluate(_OVERLAPS, "#log thead, #log tbody") == []


def test_the_details_of_a_hand_open_in_place_from_its_line(phone: Page, live_server):
    game = played(live_server, ["Ann & Cathy", "Bob & Dan"], 3)
    phone.goto(game["links"]["edit"])
    row = phone.locator("#hand-1")
    detail = row.locator(".hand-detail")
    expect(detail).to_be_hidden()
    row.locator("summary").tap()
    expect(detail).to_be_visible()
    expect(detail).to_contain_text("Bob & Dan 30")
    expect(detail).to_contain_text("✗ set")
    expect(detail).to_contain_text("dealt")
    expect(detail.locator(".delta.circled")).to_have_text("−30")
    box = detail.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360
    # The line itself keeps its height: the details lie over the lines below.
    assert max(row_heights(phone)) <= ROW_MAX_PX


def test_forty_hands_fit_in_about_three_screens(phone: Page, live_server):
    game = played(live_server, ["Ann & Cathy", "Bob & Dan"], 40)
    phone.goto(game["links"]["edit"])
    log = phone.locator("#log .sheet-table").bounding_box()
    assert log is not None
    heights = row_heights(phone)
    assert len(heights) == 40 and max(heights) <= ROW_MAX_PX
    assert log["height"] <= 3.2 * SCREEN_PX, log["height"] / SCREEN_PX
