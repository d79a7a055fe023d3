"""Every phone page in very large print and in high contrast.

Large print: 320 CSS px wide with the text at 200 % (a 200 % root font size, as the phone's largest text
setting gives): no sideways scrolling, no two lines of text on top of each other, nothing cut off, every
target still 44 × 44 px or more. A table of every hand may scroll sideways inside its own box (a data
table is the reflow rule's exception), the page itself never.

High contrast (chosen beside the language, light and dark): axe-core with the WCAG 2.2 AA rules and the
AAA contrast rule (7:1) finds nothing, and every control's edge stands 3:1 or more from what is behind it.
"""

from __future__ import annotations

import os
import re
import urllib.request
from urllib.parse import urlsplit

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from tests._support.a11y import small_tap_targets
from tests._support.live_api import api
from tests._support.referee import PAGES as REFEREE_PAGES
from tests._support.steps import SCHEMES, phone_of_its_own

SIDES = [{"name": "Ann & Cathy", "players": ["Ann", "Cathy"]}, {"name": "Bob & Dan", "players": ["Bob", "Dan"]}]
# Set through the page's style object: the pages' security policy refuses a style sheet written in the page.
LARGE = "document.documentElement.style.setProperty('font-size', '200%', 'important')"

# What does not fit: the page wider than the screen, text boxes on top of each other, text cut off.
_REFLOW = """
() => {
  const problems = [];
  const width = innerWidth;
  if (document.documentElement.scrollWidth > width + 1) {
    problems.push('page ' + document.documentElement.scrollWidth + ' px wide');
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.right > width + 1 && !el.closest('.table-wrap') && getComputedStyle(el).position !== 'fixed') problems.push('wider: ' + el.tagName + '.' + el.className + ' to ' + Math.round(r.right));
    }
  }
  const hidden = (el) => el.closest('.visually-hidden, [hidden], .skip-link, noscript, script, style, .table-wrap, datalist, option');
  const boxes = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const el = node.parentElement;
    if (!node.textContent.trim() || !el || hidden(el) || !el.checkVisibility({visibilityProperty: true})) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) {
      if (r.width < 1 || r.height < 1) continue;
      const name = node.textContent.trim().slice(0, 25);
      if (r.right > width + 1 || r.left < -1) problems.push('off the side: ' + name);
      boxes.push({r, name, el});
    }
    // Cut off: an element that hides what overflows it, holding more than it shows.
    for (let e = el; e && e !== document.body; e = e.parentElement) {
      const style = getComputedStyle(e);
      if (style.overflowX === 'hidden' || style.overflowY === 'hidden' || style.textOverflow === 'ellipsis') {
        if (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1) {
          problems.push('cut off: ' + node.textContent.trim().slice(0, 25));
        }
        break;
      }
    }
  }
  // Top to bottom (a stable sort: boxes at one height keep the page's order), so that each box is held only
  // against those that start above its bottom: the same pairs as every box against every other, without the
  // square of a long page's thousands of boxes.
  boxes.sort((p, q) => p.r.top - q.r.top);
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length && boxes[j].r.top < boxes[i].r.bottom - 4; j++) {
      const a = boxes[i].r, b = boxes[j].r;
      const dx = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const dy = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      const sticky = (e) => e.closest('.scorebar');
      // What a tap opens over the page on purpose (a hand's details, a word's meaning) is measured against itself.
      const over = (e) => e.closest('.hand-detail, .term-text');
      if (dx > 2 && dy > 4 && !!sticky(boxes[i].el) === !!sticky(boxes[j].el) && over(boxes[i].el) === over(boxes[j].el)) {
        problems.push('overlap: "' + boxes[i].name + '" and "' + boxes[j].name + '"');
      }
    }
  }
  return [...new Set(problems)];
}
"""

# The edge of every control against what is behind it: its border if it has one, else its own background.
_EDGES = """
() => {
  function rgba(text) {
    const m = text.match(/rgba?\\(([^)]+)\\)/);
    if (!m) return null;
    const p = m[1].split(',').map(Number);
    return p.length > 3 && p[3] < 0.5 ? null : [p[0], p[1], p[2]];
  }
  function lum(c) {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
  }
  function behind(el) {
    for (let e = el.parentElement; e; e = e.parentElement) {
      const c = rgba(getComputedStyle(e).backgroundColor);
      if (c) return c;
    }
    return rgba(getComputedStyle(document.documentElement).backgroundColor) || [255, 255, 255];
  }
  const ratio = (a, b) => { const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
  const found = [];
  const controls = document.querySelectorAll('main .button, main button, main input:not([type=hidden]):not([type=radio]):not([type=checkbox]), main select, main textarea, main label.choice');
  for (const el of controls) {
    if (!el.checkVisibility({visibilityProperty: true}) || el.closest('.visually-hidden')) continue;
    const style = getComputedStyle(el);
    const back = behind(el);
    const border = parseFloat(style.borderTopWidth) >= 1 && style.borderTopStyle !== 'none' ? rgba(style.borderTopColor) : null;
    const fill = rgba(style.backgroundColor);
    const best = Math.max(border ? ratio(border, back) : 1, fill ? ratio(fill, back) : 1);
    if (best < 3) found.push(Math.round(best * 100) / 100 + ': ' + el.tagName + ' ' + (el.textContent || el.name || '').trim().slice(0, 30));
  }
  return found;
}
"""


@pytest.fixture(scope="module")
def game(live_server):
    """A game of a few hands: a set, a side in the hole, one on the green."""
    game = api(live_server, "POST", "/api/v1/games", {"rules": "new-england", "sides": SIDES, "scores": [80, -10]})
    hands = f"/api/v1/games/{game['id']}/hands"
    api(live_server, "POST", hands, {"n": 1, "bidder": 0, "bid": 20, "points": [20, 10]}, game["edit_token"])
    api(live_server, "POST", hands, {"n": 2, "bidder": 1, "bid": 25, "points": [15, 15]}, game["edit_token"])
    return game


@pytest.fixture(scope="module")
def evening(live_server):
    couples = [{"name": f"Couple {i}", "players": [f"A{i}", f"B{i}"]} for i in range(1, 7)]
    party = api(live_server, "POST", "/api/v1/parties", {"name": "Legion", "games": 5, "couples": couples})
    seat = party["state"]["seating"][0]
    api(
        live_server,
        "POST",
        f"/api/v1/parties/{party['id']}/results",
        {"game": 1, "table": seat["table"], "winner": seat["deals_first"]},
        party["edit_token"],
    )
    return party


def phone_pages(live_server, game, party) -> dict[str, str]:
    """Every phone page the page-measuring tests look at: the game's, the card party's and the referee's."""
    director = urlsplit(party["links"]["director"]).path
    with urllib.request.urlopen(live_server.url + director + "/cards", timeout=30) as response:
        cards = response.read().decode()
    table = urlsplit(re.search(r'class="table-card-link">([^<]+)<', cards).group(1)).path
    edit = urlsplit(game["links"]["edit"]).path
    return {
        "home": "/",
        "new game": "/games/new",
        "sheet (keeping)": edit,
        "sheet (watching)": urlsplit(game["links"]["view"]).path,
        "invite": f"/games/{game['id']}/{game['edit_token']}/invite",
        "keep score elsewhere": f"/games/{game['id']}/{game['edit_token']}/keep",
        "change a hand": f"/games/{game['id']}/{game['edit_token']}/hands/1/edit",
        "party: new": "/parties/new",
        "party: director": director,
        "party: table": table,
        "party: couples": f"/parties/{party['id']}/couples",
        "party: couple": f"/parties/{party['id']}/couples/2",
        "party: results": f"/parties/{party['id']}/results",
        "party: cards": director + "/cards",
        **{f"referee: {name}": path for name, path in REFEREE_PAGES.items()},
    }


NAMES = [
    "home",
    "new game",
    "sheet (keeping)",
    "sheet (watching)",
    "invite",
    "keep score elsewhere",
    "change a hand",
    "party: new",
    "party: director",
    "party: table",
    "party: couples",
    "party: couple",
    "party: results",
    "party: cards",
    *(f"referee: {name}" for name in REFEREE_PAGES),
]


@pytest.fixture
def narrow(browser, browser_context_args):
    yield from phone_of_its_own(browser, browser_context_args, viewport={"width": 320, "height": 740})


def reflow_problems(page: Page) -> list[str]:
    page.evaluate(LARGE)
    page.wait_for_function("parseFloat(getComputedStyle(document.documentElement).fontSize) >= 32")
    # Every fold open too, what a tap shows must fit as well; not a word's meaning, which opens over the page
    # on purpose, one at a time.
    page.evaluate("document.querySelectorAll('details:not(.term)').forEach((d) => { d.open = true; })")
    # A link inside a line of running text is the one exception to 44 × 44 px (WCAG 2.5.8), as on the rule book.
    small = small_tap_targets(page, except_running_text=True)
    return page.evaluate(_REFLOW) + [f"small target: {t}" for t in small]


@pytest.mark.parametrize("name", NAMES)
def test_200_percent_text_at_320_px_without_scrolling_sideways(narrow: Page, live_server, game, evening, name):
    narrow.goto(phone_pages(live_server, game, evening)[name])
    problems = reflow_problems(narrow)
    if os.environ.get("SHOOT"):
        narrow.screenshot(path=f"/tmp/large-{name}.png", full_page=True)
    assert problems == [], "\n".join(problems)


def test_the_reflow_check_catches_a_wide_line_and_overlapping_text(narrow: Page, live_server):
    narrow.goto("/")
    narrow.evaluate(
        """() => {
        const wide = document.createElement('p');
        wide.textContent = 'x'.repeat(80);
        wide.style.whiteSpace = 'nowrap';
        const over = document.createElement('p');
        over.textContent = 'on top';
        over.style.marginTop = '-3em';
        document.querySelector('main').append(wide, over);
    }"""
    )
    problems = reflow_problems(narrow)
    assert any(p.startswith("page ") for p in problems), problems
    assert any(p.startswith("overlap") for p in problems), problems


def test_a_hand_is_recorded_at_200_percent_without_turning_the_phone(narrow: Page, live_server):
    new = api(live_server, "POST", "/api/v1/games", {"rules": "new-england", "sides": SIDES})
    narrow.goto(new["links"]["edit"])
    narrow.evaluate(LARGE)
    narrow.locator("label[for=bidder-0]").tap()
    narrow.locator("#bid-group label:has(input[value='20'])").tap()
    narrow.locator("#took_points-group label:has(input[value='25'])").tap()
    narrow.get_by_role("button", name="Save hand 1").tap()
    expect(narrow.locator("#play-message")).to_have_text("Hand 1 recorded.")
    assert reflow_problems(narrow) == []
    # After Save the page comes to rest on the new totals; at 200 % the next hand's first question is one
    # swipe below them (at ordinary size, none: tests/browser/test_no_scroll.py).
    expect(narrow.locator("#sheet .scorebar")).to_be_in_viewport()
    narrow.mouse.wheel(0, 600)
    expect(narrow.locator("#bidder-group legend")).to_be_in_viewport()
    expect(narrow.locator("label[for=bidder-0]")).to_be_in_viewport()


# -- High contrast -----------------------------------------------------------------------------


@pytest.fixture(params=SCHEMES)
def high_contrast(request, browser, browser_context_args, live_server):
    for page in phone_of_its_own(browser, browser_context_args, color_scheme=request.param):
        page.goto("/")
        page.get_by_role("button", name="High contrast").tap()
        expect(page.locator("html")).to_have_attribute("data-contrast", "more")
        expect(page.get_by_role("button", name="Normal contrast")).to_be_visible()
        yield page


AXE_AAA = {
    "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa", "wcag2aaa"]},
    # Every violation whole; what passed is not gathered node by node (on the rule book, thousands).
    "resultTypes": ["violations"],
    # The 4.5:1 rule measures the same text as the 7:1 rule beside it, and all it would catch fails 7:1 too.
    "rules": {"color-contrast": {"enabled": False}},
}


def contrast_problems(page: Page) -> list[str]:
    page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
    results = Axe().run(page, options=AXE_AAA)
    found = [
        f"{v['id']}: {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
        for v in results.response["violations"]
        if v["id"].startswith("color-contrast") or v["impact"] in ("serious", "critical")
    ]
    return found + [f"control edge {e}" for e in page.evaluate(_EDGES)]


@pytest.mark.parametrize("name", NAMES)
def test_high_contrast_text_7_to_1_and_control_edges_3_to_1(high_contrast: Page, live_server, game, evening, name):
    high_contrast.goto(phone_pages(live_server, game, evening)[name])
    assert contrast_problems(high_contrast) == []


def test_the_phone_asking_for_more_contrast_gets_it_without_choosing(browser, browser_context_args, live_server):
    for page in phone_of_its_own(browser, browser_context_args, contrast="more"):
        page.goto("/games/new")
        assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(255, 255, 255)"
        assert contrast_problems(page) == []
        # Normal contrast chosen on the page wins over the phone's setting.
        page.get_by_role("button", name="High contrast").tap()
        page.get_by_role("button", name="Normal contrast").tap()
        expect(page.locator("html")).to_have_attribute("data-contrast", "normal")
        assert page.evaluate("getComputedStyle(document.body).backgroundColor") != "rgb(255, 255, 255)"


def test_the_contrast_check_catches_grey_on_white(high_contrast: Page, live_server):
    high_contrast.goto("/")
    high_contrast.evaluate(
        """() => {
        const p = document.createElement('p');
        p.textContent = 'AA but not AAA';
        p.style.color = '#767676';
        p.style.background = '#ffffff';
        const b = document.createElement('button');
        b.textContent = 'faint edge';
        b.style.border = '2px solid ' + getComputedStyle(document.body).backgroundColor;  // no edge at all
        b.style.background = 'transparent';
        document.querySelector('main').append(p, b);
    }"""
    )
    problems = contrast_problems(high_contrast)
    assert any(p.startswith("color-contrast-enhanced") for p in problems), problems
    assert any("faint edge" in p for p in problems), problems


@pytest.mark.parametrize("language", ["en-CA", "fr-CA"])
def test_the_contrast_choice_sits_in_the_headers_one_row(browser, browser_context_args, live_server, language):
    # The choice takes no height: every page's first screen starts where it did without it.
    headers = {"Accept-Language": language[:2]}
    for page in phone_of_its_own(browser, browser_context_args, locale=language, extra_http_headers=headers):
        for path in ("/", "/referee", "/rules"):
            page.goto(path)
            header = page.locator(".site-header").bounding_box()
            choice = page.locator(".contrast-choice").bounding_box()
            assert header is not None and choice is not None
            assert header["height"] <= 49, f"{path}: the header is {header['height']} px tall"
            assert choice["width"] >= 44 and choice["height"] >= 44
            assert choice["x"] + choice["width"] <= 360
        # Remembered on the next page.
        name = "High contrast" if language == "en-CA" else "Contraste élevé"
        page.get_by_role("button", name=name).tap()
        expect(page.locator("html")).to_have_attribute("data-contrast", "more")
        page.goto("/referee")
        expect(page.locator("html")).to_have_attribute("data-contrast", "more")
        assert page.locator(".site-header").bounding_box()["height"] <= 49
