"""Save and the phone's own refresh never fight.

The sheet asks every 3 s whether the game changed. A refresh asked before a Save and answered
during it (or just after it) carries the sheet as it was before the Save was shown: it is
dropped, never swapped over the Save's answer, and the page stays on the new row, the
confirmation and the next hand's question. The race is forced, not hoped for: the refresh is
held by the test until the Save is on its way, then let through at the chosen moment.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, Route, expect

from tests._support.a11y import in_viewport
from tests._support.app import SIDES
from tests._support.live_api import api

# Set on the page: how many refresh answers it has handled, and the score bar it shows (by identity).
_WATCH = """
window.__pollsHandled = 0;
document.addEventListener("htmx:afterRequest", (event) => {
  if (event.detail.elt && event.detail.elt.matches && event.detail.elt.matches("[data-live-poll]")) {
    window.__pollsHandled += 1;
  }
});
"""
_MARK_BAR = "() => { document.querySelector('#sheet .scorebar').dataset.seen = 'before'; }"
_BAR_SEEN = "() => document.querySelector('#sheet .scorebar').dataset.seen || null"


def hold_first(held: dict[str, Route], name: str, route: Route) -> None:
    """Hold the first request of its kind; let any later one through."""
    if name in held:
        route.continue_()
    else:
        held[name] = route


def caught(page: Page, held: dict[str, Route], name: str) -> Route:
    """Wait until the route handler has caught the request ``name`` (handlers run while Playwright is called)."""
    for _ in range(2000):
        if name in held:
            return held[name]
        page.evaluate("new Promise((done) => requestAnimationFrame(done))")
    raise AssertionError(f"no {name} request was made")


@pytest.mark.parametrize("answer_lands", ["during the save", "after the save"])
def test_a_refresh_answered_around_a_save_is_dropped_and_the_save_stays_in_view(page: Page, live_server, answer_lands):
    game = api(live_server, "POST", "/api/v1/games", {"sides": SIDES})
    held: dict[str, Route] = {}
    page.add_init_script(_WATCH)
    page.goto(game["links"]["edit"])
    expect(page.locator("#hand-form")).to_be_visible()

    # Hold the next refresh where it is, unanswered.
    page.route("**/poll/**", lambda route: hold_first(held, "poll", route))
    caught(page, held, "poll")

    # Tap a hand; hold its Save on the way too.
    page.route("**/hands", lambda route: hold_first(held, "save", route))
    page.locator("label[for=bidder-0]").tap()
    page.locator("#bid-group label:has(input[value='20'])").tap()
    page.locator("#took_points-group label:has(input[value='25'])").tap()
    with page.expect_request(lambda r: r.url.endswith("/hands") and r.method == "POST"):
        page.locator(".button-save").tap()
    save = caught(page, held, "save")
    saved = save.fetch()  # the server records the hand now; the phone does not know yet
    assert saved.status in (200, 303)

    poll = held["poll"]
    before = page.evaluate("window.__pollsHandled")
    if answer_lands == "during the save":
        page.evaluate(_MARK_BAR)
        poll.fulfill(response=poll.fetch())  # the sheet as it is after the Save, asked from before
        page.wait_for_function(f"() => window.__pollsHandled > {before}")
        # Dropped: the page still shows what it showed, the Save's answer still to come.
        assert page.evaluate(_BAR_SEEN) == "before"
        save.fulfill(response=saved)
    else:
        save.fulfill(response=saved)
        expect(page.locator("#play-message")).to_have_text("Hand 1 recorded.")
        page.evaluate(_MARK_BAR)
        poll.fulfill(response=poll.fetch())
        page.wait_for_function(f"() => window.__pollsHandled > {before}")
        assert page.evaluate(_BAR_SEEN) == "before"

    # What the scorekeeper needs is in view: the bar, the new row, the confirmation, the next question.
    expect(page.locator("#play-message")).to_have_text("Hand 1 recorded.")
    expect(page.locator("#latest-hand-1")).to_be_in_viewport()
    expect(page.locator("#bidder-group legend")).to_be_in_viewport(ratio=1)
    for selector in ("#sheet .scorebar", "#latest-hand-1", "#play-message", "#bidder-group legend"):
        assert in_viewport(page, selector), f"{selector} is off screen"
    expect(page.locator("#sheet .scorebar .total")).to_have_text(["25", "5"])
    expect(page.locator("#hand-form input[name=n]")).to_have_value("2")
