"""The card party's phone pages at 360 px, light and dark: text 16 px or more, WCAG AA contrast, taps 44 px."""

from __future__ import annotations

import re
import urllib.request
from urllib.parse import urlsplit

import pytest

from tests._support.live_api import api
from tests._support.steps import HALL_SCREEN, page_in

# For every element holding text: its size, and the contrast of its colour with the background behind it.
MEASURE = """
() => {
  function rgba(text) {
    const m = text.match(/rgba?\\(([^)]+)\\)/);
    if (!m) return [0, 0, 0, 0];
    const p = m[1].split(',').map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  }
  function lum(c) {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
  }
  function background(el) {
    for (let e = el; e; e = e.parentElement) {
      const c = rgba(getComputedStyle(e).backgroundColor);
      if (c[3] > 0.5) return c;
    }
    return rgba(getComputedStyle(document.documentElement).backgroundColor);
  }
  const found = [];
  for (const el of document.querySelectorAll('body *')) {
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own) continue;
    const box = el.getBoundingClientRect();
    if (!box.width || !box.height) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || el.closest('.visually-hidden, .skip-link, noscript')) continue;
    const a = lum(rgba(style.color)), b = lum(background(el));
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    found.push({text: el.textContent.trim().slice(0, 40), size, ratio: Math.round(ratio * 100) / 100, need: large ? 3 : 4.5});
  }
  return found;
}
"""

TAPPABLE = "main a.button, main button, main input:not([type=hidden], [type=checkbox], [type=radio]), main label.choice, .party-couple a"


@pytest.fixture(scope="module")
def evening(live_server):
    """A 6-couple evening after one game, with the cookie jar and booby prize."""
    couples = [{"name": f"Couple {i}", "players": [f"A{i}", f"B{i}"]} for i in range(1, 7)]
    party = api(
        live_server,
        "POST",
        "/api/v1/parties",
        {"name": "Legion", "games": 5, "booby": True, "cookie_jar": 2, "couples": couples},
    )
    for seat in party["state"]["seating"]:
        api(
            live_server,
            "POST",
            f"/api/v1/parties/{party['id']}/results",
            {"game": 1, "table": seat["table"], "winner": seat["deals_first"]},
            party["edit_token"],
        )
    return party


def pages(live_server, party):
    director = urlsplit(party["links"]["director"]).path
    with urllib.request.urlopen(live_server.url + director + "/cards", timeout=30) as response:
        cards = response.read().decode()
    table = urlsplit(re.search(r'class="table-card-link">([^<]+)<', cards).group(1)).path
    return {
        "table": table,
        "new": "/parties/new",
        "director": director,
        "couples": f"/parties/{party['id']}/couples",
        "couple": f"/parties/{party['id']}/couples/2",
        "results": f"/parties/{party['id']}/results",
        "cards": director + "/cards",
        "confirm": director + "/confirm/close",
    }


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("name", ["new", "director", "table", "couples", "couple", "results", "cards", "confirm"])
def test_party_pages_are_readable_on_a_phone(browser, browser_context_args, live_server, evening, scheme, name):
    with page_in(browser.new_context(**browser_context_args, color_scheme=scheme)) as page:
        path = pages(live_server, evening)[name]
        page.goto(live_server.url + path)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360, "the page is wider than the phone"
        small = [t for t in page.evaluate(MEASURE) if t["size"] < 16]
        assert not small, small
        faint = [t for t in page.evaluate(MEASURE) if t["ratio"] < t["need"]]
        assert not faint, faint
        for control in page.locator(TAPPABLE).all():
            if not control.is_visible():
                continue
            box = control.bounding_box()
            assert box["height"] >= 44 and box["width"] >= 44, (control.inner_text()[:30], box)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_hall_board_has_contrast_on_a_1080p_screen(browser, live_server, evening, scheme):
    with page_in(browser.new_context(viewport=HALL_SCREEN, color_scheme=scheme)) as page:
        page.goto(f"{live_server.url}/parties/{evening['id']}/board")
        measured = page.evaluate(MEASURE)
        assert measured
        faint = [t for t in measured if t["ratio"] < t["need"]]
        assert not faint, faint
        # Read from across the hall: nothing under 24 px on a 1080p screen.
        assert min(t["size"] for t in measured) >= 24, [t for t in measured if t["size"] < 24]
        assert page.evaluate("document.documentElement.scrollHeight") <= 1080, "the board does not fit the screen"
