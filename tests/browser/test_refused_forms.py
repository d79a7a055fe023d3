"""A phone whose cookies are cleared is told, on the sheet, to allow cookies; nothing is saved."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests._support.sheet import start_partners_game, tap

pytestmark = pytest.mark.browser


def test_cookies_gone_the_banner_says_to_allow_them(page: Page):
    start_partners_game(page)
    expect(page.locator("h1")).to_have_text("Ann & Cal v Bob & Dee")
    page.context.clear_cookies()

    tap(page, "bidder-0")
    page.locator("#bid-group label:has(input[value='20'])").click()
    page.locator("#took_points-group label:has(input[value='30'])").click()
    page.get_by_role("button", name="Save hand 1").click()

    banner = page.locator("#request-error")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("did not send back the site's cookie")
    expect(banner).to_contain_text("Allow cookies for this site")
    expect(page.locator("#hand-1")).to_have_count(0)
