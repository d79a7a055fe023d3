"""The no-signal browser steps: the service worker's copy of a page, and hands saved while offline."""

from __future__ import annotations

import time

from playwright.sync_api import Page

from tests._support.live_api import api
from tests._support.steps import SIGNAL_PROBE


def eventually(page: Page, script: str, what: str, timeout_s: float = 15) -> None:
    """Wait until *script* (evaluated in the page) is true; the page's CSP rules out wait_for_function."""
    deadline = time.monotonic() + timeout_s
    while not page.evaluate(script):
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        page.wait_for_timeout(200)


# The phone's copy of the page it shows: kept per address and language (templates/offline/sw.js).
KEPT_COPY = "location.pathname + '?lang=' + document.documentElement.lang"


def open_with_worker(page: Page, url: str) -> None:
    """Open *url* and wait until the service worker controls the page and keeps a copy of it."""
    page.goto(url)
    eventually(page, "navigator.serviceWorker.controller !== null", "the service worker to control the page")
    eventually(page, f"caches.match({KEPT_COPY}).then((found) => !!found)", "a copy of the page")


def cut_signal(page: Page) -> None:
    """Cut the phone's signal, and wait until the phone itself knows it.

    The browser's offline mode reaches the page and its network a moment after the call returns; a tap in that
    moment would still go out (and a reply cut mid-way looks like a dropped signal). So wait until the page says
    it is offline and a request to the server fails, as it does in a hall whose Wi-Fi has gone.
    """
    page.context.set_offline(True)
    eventually(
        page,
        f"navigator.onLine === false && fetch('{SIGNAL_PROBE}', {{cache: 'no-store'}}).then(() => false, () => true)",
        "the phone to have no signal",
    )


def tap_hand(page: Page, *, bidder: int, bid: int, tricks: int, high: int | None = None) -> None:
    """Tap a hand as on paper: the bidding side's points (5 a trick, 5 for the high)."""
    page.locator(f"label[for='bidder-{bidder}']").click()
    page.locator(f"#bid-group label:has(input[value='{bid}'])").click()
    points = 5 * tricks + (5 if high == bidder else 0)
    page.locator(f"#took_points-group label:has(input[value='{points}'])").click()


def recorded(live_server, live_game) -> list[dict]:
    return api(live_server, "GET", f"/api/v1/games/{live_game['id']}")["hands"]
