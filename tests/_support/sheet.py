"""The score sheet on a phone, tapped as a thumb taps it: hands entered, taps counted, boxes in view."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests._support.live_api import api

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


def broken(page: Page) -> list[str]:
    return page.evaluate(BROKEN)


class Thumb:
    """Taps on the page, counted."""

    def __init__(self, page: Page):
        self.page = page
        self.count = 0

    def tap(self, selector: str) -> None:
        self.page.locator(selector).first.tap()
        self.count += 1

    def save(self) -> int:
        """Tap Save, wait for the new sheet; return the hand number saved."""
        n = int(self.page.locator("#hand-form input[name=n]").input_value())
        with self.page.expect_response(lambda r: r.url.endswith("/hands") and r.request.method == "POST"):
            self.tap(".button-save")
        expect(self.page.locator(f"#latest-hand-{n}")).to_be_visible()
        settled(self.page)
        return n


def settled(page: Page) -> None:
    """Wait until the page has brought the top of the score sheet to the top of the screen."""
    expect(page.locator("#bidder-group legend")).to_be_in_viewport(ratio=1)
    expect(page.locator("#sheet .scorebar")).to_be_in_viewport(ratio=1)


def tap_paper_hand(thumb: Thumb, bidder: int, bid: int, points: int) -> int:
    thumb.tap(f"label[for=bidder-{bidder}]")
    thumb.tap(f"#bid-group label:has(input[value='{bid}'])")
    thumb.tap(f"#took_points-group label:has(input[value='{points}'])")
    return thumb.save()


def set_by_a_point(live_server, game_id: str, token: str, n: int) -> None:
    """Hand *n* through the API: each side in turn bids 30 and is set by a point, so the game runs long, deep in
    the hole."""
    bidder = (n - 1) % 2
    hand = {"n": n, "bidder": bidder, "bid": 30, "points": [25, 5] if bidder == 0 else [5, 25]}
    api(live_server, "POST", f"/api/v1/games/{game_id}/hands", hand, token)


SIDES = [{"name": "Ann & Cathy", "players": ["Ann", "Cathy"]}, {"name": "Bob & Dan", "players": ["Bob", "Dan"]}]


TAPS = ("#bidder-group label.choice", "#bid-group label.choice", "#took_points-group label.choice", ".button-save")


# Each element's box, and whether it lies wholly inside the viewport and below the sticky score bar.
BOXES = """
(selectors) => {
  const bar = document.querySelector('#sheet .scorebar').getBoundingClientRect();
  const out = [];
  for (const sel of selectors) {
    // A choice the rules rule out for this hand is not drawn (display: none): it is no tap, and no problem.
    const found = [...document.querySelectorAll(sel)].filter((el) => el.checkVisibility());
    if (!found.length) out.push(sel + ': missing');
    for (const el of found) {
      const r = el.getBoundingClientRect();
      const name = sel + ' "' + el.textContent.trim().slice(0, 20) + '"';
      const covered = !el.closest('.scorebar') && r.top < bar.bottom - 0.5;
      if (r.height === 0 || r.top < -0.5 || r.bottom > innerHeight + 0.5 || r.left < -0.5 || r.right > innerWidth + 0.5 || covered) {
        out.push(name + ' at ' + Math.round(r.top) + '..' + Math.round(r.bottom) + (covered ? ' under the score bar' : ''));
      }
    }
  }
  return out;
}
"""


THREE = [{"name": name, "players": [name]} for name in ("Ann", "Bob", "Cal")]


# Three sides by points: who bid, the bid, each side's points (the last is worked out when left blank), Save.
THREE_TAPS = ("#bidder-group label.choice", "#bid-group label.choice", "#points-group label.choice", ".button-save")


def tap_three_sides(thumb: Thumb, bidder: int, bid: int, points: tuple[int, int]) -> int:
    thumb.tap(f"label[for=bidder-{bidder}]")
    thumb.tap(f"#bid-group label:has(input[value='{bid}'])")
    for side, value in enumerate(points):
        thumb.tap(f"#points-{side}-group label:has(input[value='{value}'])")
    return thumb.save()


def tap(page: Page, input_id: str) -> None:
    page.locator(f"label[for='{input_id}']").click()


def start_partners_game(page: Page) -> None:
    """Start the default game: Ann, Bob, Cal and Dee as partners (Ann & Cal against Bob & Dee)."""
    page.goto("/games/new")
    for seat, name in enumerate(["Ann", "Bob", "Cal", "Dee"]):
        page.fill(f"#players-{seat}", name)
    page.get_by_role("button", name="Start the game").click()
