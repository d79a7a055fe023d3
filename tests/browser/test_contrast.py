"""High contrast the two ways a phone gets it, in light and dark: one palette, whichever way.

Chosen beside the language (a cookie) or asked for by the phone (``prefers-contrast: more``, no choice
made), every element of the page is drawn in the same colours: text, background, borders, outline,
shadow and the contrast button's half-filled circle; and every colour of the palette the page holds is the
same, those only a rare moment draws (a focus ring, an error) too. A palette that drifted in one of the
two ways would show here as a colour that differs. And both differ from the ordinary colours, so that the comparison
is never between two pages that simply missed the palette. Normal contrast chosen on a phone that asks
for more shows exactly the ordinary colours: the choice wins over the phone's setting.
"""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page

from tests._support.live_api import api
from tests._support.referee import PAGES as REFEREE_PAGES
from tests._support.steps import SCHEMES, phone_of_its_own

SIDES = [{"name": "Ann & Cathy", "players": ["Ann", "Cathy"]}, {"name": "Bob & Dan", "players": ["Bob", "Dan"]}]

# Every colour of the page's palette as the page holds it (those only a rare moment draws too: a focus ring, an
# error's background), then every element's colours as drawn, in the page's order, named by tag, id and classes.
_COLOURS = """
() => {
  const names = new Set();
  const walk = (rules) => {
    for (const rule of rules) {
      if (rule.cssRules) walk(rule.cssRules);
      if (rule.style) for (const name of rule.style) if (name.startsWith('--')) names.add(name);
    }
  };
  for (const sheet of document.styleSheets) walk(sheet.cssRules);
  const root = getComputedStyle(document.documentElement);
  const palette = [...names].sort().map((name) => name + ': ' + root.getPropertyValue(name).trim());
  const drawn = ['color', 'backgroundColor', 'backgroundImage', 'borderTopColor', 'borderRightColor',
                 'borderBottomColor', 'borderLeftColor', 'outlineColor', 'boxShadow', 'accentColor'];
  return palette.concat([document.documentElement, ...document.body.querySelectorAll('*')].map((el) => {
    const style = getComputedStyle(el);
    return el.tagName + (el.id ? '#' + el.id : '') + '.' + el.getAttribute('class') + ' '
      + drawn.map((name) => style[name]).join(' | ');
  }));
}
"""


@pytest.fixture(scope="module")
def pages(live_server) -> dict[str, str]:
    """A sheet with a set hand, the referee with suits and chips, the quiz and the rule book."""
    game = api(live_server, "POST", "/api/v1/games", {"rules": "new-england", "sides": SIDES})
    hands = f"/api/v1/games/{game['id']}/hands"
    api(live_server, "POST", hands, {"n": 1, "bidder": 0, "bid": 20, "points": [10, 20]}, game["edit_token"])
    return {
        "home": "/",
        "sheet": urlsplit(game["links"]["edit"]).path,
        "referee": REFEREE_PAGES["referee with an answer"],
        "quiz": REFEREE_PAGES["quiz"],
        "rules": REFEREE_PAGES["rules"],
    }


@pytest.fixture(params=SCHEMES)
def phone(request, browser, browser_context_args):
    yield from phone_of_its_own(browser, browser_context_args, color_scheme=request.param)


def drawn(page: Page, cookie: str | None, asks: bool) -> list[str]:
    """The page drawn again with this contrast *cookie*, the phone asking for more contrast or not."""
    # One phone, the page drawn again: the quiz keeps its question until it is answered.
    page.context.clear_cookies(name="contrast")
    if cookie:
        page.context.add_cookies([{"name": "contrast", "value": cookie, "url": page.url}])
    page.emulate_media(contrast="more" if asks else "no-preference")
    page.reload()
    page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
    return page.evaluate(_COLOURS)


def differences(one: list[str], other: list[str]) -> list[str]:
    assert len(one) == len(other), f"{len(one)} elements against {len(other)}"
    return [f"{a}\n  against {b}" for a, b in zip(one, other, strict=True) if a != b]


@pytest.mark.parametrize("name", ["home", "sheet", "referee", "quiz", "rules"])
def test_the_phone_asking_for_more_contrast_sees_the_colours_of_the_choice(phone: Page, pages, name):
    phone.goto(pages[name])
    chosen = drawn(phone, cookie="more", asks=False)
    asked = drawn(phone, cookie=None, asks=True)
    ordinary = drawn(phone, cookie=None, asks=False)
    assert differences(chosen, asked) == []
    assert differences(chosen, ordinary) != []


@pytest.mark.parametrize("name", ["sheet", "referee"])
def test_normal_contrast_chosen_wins_over_the_phones_setting(phone: Page, pages, name):
    phone.goto(pages[name])
    assert differences(drawn(phone, cookie="normal", asks=True), drawn(phone, cookie=None, asks=False)) == []
