"""Who deals first offers the seats with a player in them, and no empty "Seat 4" for three players."""

from __future__ import annotations

from playwright.sync_api import Page, expect


def test_three_players_are_offered_three_dealers(page: Page):
    page.goto("/games/new")
    dealers = page.locator("#first_dealer label.choice:visible")
    expect(dealers).to_have_text(["Seat 1", "Seat 2", "Seat 3", "Seat 4"])  # nothing written yet
    for seat, name in enumerate(["Ann", "Bob", "Cathy"]):
        page.fill(f"#players-{seat}", name)
    expect(dealers).to_have_text(["Ann", "Bob", "Cathy"])
    page.fill("#players-3", "Dan")
    expect(dealers).to_have_text(["Ann", "Bob", "Cathy", "Dan"])
    page.fill("#players-3", "")
    expect(dealers).to_have_text(["Ann", "Bob", "Cathy"])


def test_without_script_a_refused_form_offers_only_the_seats_written(no_script_page):
    page = no_script_page
    page.goto("/games/new")
    page.fill("#players-0", "Ann")
    page.fill("#players-1", "Bob")
    page.fill("#players-2", "Cathy")
    page.locator("label[for=first_dealer-3]").click()  # "Seat 4", offered before the names were known
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#new-game-error")).to_be_visible()
    expect(page.locator("#first_dealer label.choice:visible")).to_have_text(["Ann", "Bob", "Cathy"])
