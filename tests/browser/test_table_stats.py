"""A weekly table of eight opens its statistics on a 360 × 740 phone, light and dark, in English and French:
everyone's answers (won, made, set, their 30s, sets inflicted, best partner, rating) within the first screen and a
half, no word cut across two lines, text of 16 px and targets of 44 px, nothing axe-core calls serious; a tap on a
name opens that person's details."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page

from tests._support.live_api import api, play_to_the_end
from tests._support.steps import SCHEMES, assert_readable, phone_of_its_own

EIGHT = ["Catherine", "Bernadette", "Marguerite", "Jean-Guy", "Ann", "Bob", "Évangéline", "Cy"]
SCREEN = {"width": 360, "height": 740}

# Every word of the summary drawn on one line: a word whose box breaks in two is named.
_BROKEN_WORDS = """
(selector) => {
  const root = document.querySelector(selector);
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const broken = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent;
    const re = /\\S+/g;
    let m;
    while ((m = re.exec(text))) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (lines.size > 1) broken.push(m[0]);
    }
  }
  return broken;
}
"""


def eight_at_a_table(live_server) -> dict:
    """A table of eight: twelve games of changing partners, each played to the end, a set in every game."""
    table = api(live_server, "POST", "/api/v1/tables", {"name": "Tuesday at the Legion", "players": EIGHT})
    for g in range(12):
        four = [EIGHT[(g + k) % 8] for k in (0, 2, 4, 6)] if g % 2 else [EIGHT[(g + k) % 8] for k in range(4)]
        sides = [
            {"name": f"{four[0]} & {four[1]}", "players": [four[0], four[1]]},
            {"name": f"{four[2]} & {four[3]}", "players": [four[2], four[3]]},
        ]
        bidder = g % 2
        play_to_the_end(live_server, table, sides, bidder)
    return table


@pytest.fixture(scope="module")
def table(live_server):
    return eight_at_a_table(live_server)


@pytest.fixture(params=[(scheme, locale) for locale in ("en-CA", "fr-CA") for scheme in SCHEMES], ids=str)
def phone(request, browser, browser_context_args):
    scheme, locale = request.param
    yield from phone_of_its_own(
        browser, browser_context_args, color_scheme=scheme, locale=locale, viewport=SCREEN, timezone_id="UTC"
    )


def test_everyones_answers_are_within_a_screen_and_a_half_unbroken_and_readable(phone: Page, table):
    phone.goto(table["links"]["view"] + "/stats?from=2000-01-01&to=2100-12-31")
    people = phone.locator(".summary-person")
    assert people.count() == 8
    bottom = phone.evaluate("document.querySelector('.summary-table').getBoundingClientRect().bottom + scrollY")
    assert bottom <= 1.5 * SCREEN["height"], bottom
    assert phone.evaluate(_BROKEN_WORDS, ".summary-table") == []
    assert phone.evaluate("document.documentElement.scrollWidth <= innerWidth")
    # Every row says a rating, and who gets set most can be read off the Set column.
    ratings = phone.locator(".summary-person .rating").all_inner_texts()
    assert len(ratings) == 8 and all(any(ch.isdigit() for ch in text) for text in ratings)
    assert_readable(phone)


def test_the_summary_agrees_with_the_api_and_a_tap_opens_a_persons_details(phone: Page, live_server, table):
    stats = api(live_server, "GET", f"/api/v1/tables/{table['id']}/stats", token=table["view_token"])
    ratings = api(live_server, "GET", f"/api/v1/tables/{table['id']}/ratings", token=table["view_token"])
    phone.goto(table["links"]["view"] + "/stats?from=2000-01-01&to=2100-12-31")
    rows = phone.locator(".summary-person")
    shown = [rows.nth(i).locator(".who").inner_text() for i in range(rows.count())]
    assert shown == [p["name"] for p in ratings["players"]]  # the best rated first
    for player in stats["players"]:
        row = phone.locator(f"#summary-{player['player']}")
        cells = row.locator("td .count")
        assert cells.nth(0).inner_text() == f"{player['won']}/{player['games']}"
        assert cells.nth(1).inner_text() == str(player["bids_made"])
        assert cells.nth(2).inner_text() == str(player["bids_set"])
        assert cells.nth(3).inner_text() == str(
            next(r["rating"] for r in ratings["players"] if r["player"] == player["player"])
        )
        assert cells.nth(5).inner_text() == str(player["sets_inflicted"])
    first = ratings["players"][0]
    phone.locator(f"#summary-{first['player']} .who").click()
    details = phone.locator(f"#person-{first['player']}")
    box = details.bounding_box()
    assert box is not None and -1 <= box["y"] < SCREEN["height"] / 2
    # The rating as the page's language writes a number (1,252 or 1 252).
    written = re.sub(r"(?<=\d)[,\u202f\xa0](?=\d)", "", details.locator(".rating-line").inner_text())
    assert str(first["rating"]) in written


def test_the_points_picture_carries_its_numbers(phone: Page, table):
    phone.goto(table["links"]["view"] + "/stats?from=2000-01-01&to=2100-12-31")
    chart = phone.locator(".line-chart svg")
    ends = [t.text_content() for t in chart.locator("text.end").all()]
    totals = [t.text_content() for t in phone.locator(".line-chart + details tbody tr").last.locator("td").all()]
    assert ends == totals and len(ends) == 2
    assert "120" in chart.locator("text.target-label").text_content()
    assert chart.locator("text.tick").count() >= 3
    sizes = phone.evaluate(
        "[...document.querySelectorAll('.line-chart svg text')].map((t) => t.getBoundingClientRect().height)"
    )
    assert min(sizes) >= 16
