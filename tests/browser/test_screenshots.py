"""The pictures of the sheet in the manual and the README, taken as a phone shows it (360 × 740), light and dark.

Every run takes them (into a temporary folder); to refresh the committed PNGs after changing the pages:
``UPDATE_SCREENSHOTS=1 .venv/bin/pytest tests/browser/test_screenshots.py``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests._support.steps import SCHEMES, phone_of_its_own

DOCS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
MAX_BYTES = 120_000


@pytest.fixture(params=SCHEMES)
def phone(request, browser, browser_context_args, tmp_path):
    for page in phone_of_its_own(browser, browser_context_args, device_scale_factor=1, color_scheme=request.param):
        page.scheme = request.param
        page.shots = DOCS if os.environ.get("UPDATE_SCREENSHOTS") else tmp_path
        yield page


def shoot(page: Page, name: str) -> None:
    page.shots.mkdir(parents=True, exist_ok=True)
    path = page.shots / f"{name}-{page.scheme}.png"
    page.screenshot(path=path)
    assert 0 < path.stat().st_size < MAX_BYTES, f"{path.name} is {path.stat().st_size} bytes"


def test_pictures_of_a_game_for_the_readme(phone: Page, live_server):
    phone.goto("/games/new")
    for seat, name in enumerate(["Ann", "Bob", "Cathy", "Dan"]):
        phone.fill(f"#players-{seat}", name)
    phone.locator("label[for=first_dealer-1]").click()
    shoot(phone, "new-game")
    phone.get_by_role("button", name="Start the game").click()
    for bidder, bid, points in [(0, 20, 25), (0, 30, 30), (1, 25, 15)]:
        phone.locator(f"label[for=bidder-{bidder}]").click()
        phone.locator(f"#bid-group label:has(input[value='{bid}'])").click()
        phone.locator(f"#took_points-group label:has(input[value='{points}'])").click()
        n = phone.locator("#hand-form input[name=n]").input_value()
        phone.locator(".button-save").click()
        expect(phone.locator(f"#latest-hand-{n}")).to_be_in_viewport()
    expect(phone.locator("#bidder-group legend")).to_be_in_viewport(ratio=1)
    shoot(phone, "sheet-after-save")
    # A hand's line, tapped, opens its details; a word of the table in them, its meaning.
    phone.locator("#latest-hand-3 .col-bid > details > summary").click()
    phone.locator("#latest-hand-3 .mark-set summary").click()
    expect(phone.locator("#latest-hand-3 .mark-set .term-text")).to_be_visible()
    shoot(phone, "term")
    phone.get_by_role("link", name="Invite the table").click()
    expect(phone.get_by_role("img", name="QR code of the link to watch the score")).to_be_visible()
    shoot(phone, "invite")
