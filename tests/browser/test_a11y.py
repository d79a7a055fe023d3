"""Home, new game, the sheet (keeping and watching) and the invite page, read as a 75-year-old would:
axe-core finds nothing serious, no text is under 16 px and no tap target under 44 × 44 px, light and dark."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests._support.a11y import axe_problems, smallest_targets, smallest_text
from tests._support.app import SIDES
from tests._support.live_api import api
from tests._support.steps import SCHEMES, open_readable, phone_of_its_own


@pytest.fixture(scope="module")
def played(live_server):
    """A game with a few hands: one side on the green, the other in the hole."""
    game = api(live_server, "POST", "/api/v1/games", {"sides": SIDES, "scores": [80, -10]})
    hands = f"/api/v1/games/{game['id']}/hands"
    api(live_server, "POST", hands, {"n": 1, "bidder": 0, "bid": 20, "points": [20, 10]}, game["edit_token"])
    api(live_server, "POST", hands, {"n": 2, "bidder": 1, "bid": 25, "points": [15, 15]}, game["edit_token"])
    return game


def pages(live_server, game) -> dict[str, str]:
    return {
        "home": "/",
        "new game": "/games/new",
        "sheet (keeping)": game["links"]["edit"],
        "sheet (watching)": game["links"]["view"],
        "invite": f"/games/{game['id']}/{game['edit_token']}/invite",
        "keep score elsewhere": f"/games/{game['id']}/{game['edit_token']}/keep",
        "change a hand": f"/games/{game['id']}/{game['edit_token']}/hands/1/edit",
    }


@pytest.fixture(params=SCHEMES)
def scheme_page(request, browser, browser_context_args):
    yield from phone_of_its_own(browser, browser_context_args, color_scheme=request.param)


@pytest.mark.parametrize(
    "name",
    ["home", "new game", "sheet (keeping)", "sheet (watching)", "invite", "keep score elsewhere", "change a hand"],
)
def test_readable_and_tappable_with_nothing_serious_for_axe(scheme_page: Page, live_server, played, name):
    url = pages(live_server, played)[name]
    if name == "home":
        scheme_page.goto(played["links"]["edit"])  # so the home page lists a game kept on this phone
    # Every explanation open too: what a tap shows must read as well as the rest.
    open_readable(scheme_page, url)


def test_the_checks_catch_small_grey_text_and_a_small_button(page: Page, live_server):
    page.goto("/")
    page.evaluate(
        """() => {
        const p = document.createElement('p');
        p.textContent = 'may not';
        p.style.fontSize = '11px';
        p.style.color = '#bbb';
        const b = document.createElement('button');
        b.textContent = 'x';
        b.style.minHeight = '0'; b.style.minWidth = '0'; b.style.padding = '0'; b.style.height = '20px';
        document.querySelector('main').append(p, b);
    }"""
    )
    assert smallest_text(page) == ["11px: may not"]
    assert any(t.startswith("BUTTON") or "BUTTON: x" in t for t in smallest_targets(page))
    assert any(v.startswith("color-contrast") for v in axe_problems(page))
