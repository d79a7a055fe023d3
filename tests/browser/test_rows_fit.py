"""Four sides at 360 × 740: each side's row of points or tricks offers only what still fits beside the others
already tapped, whichever sides those are; without JavaScript, Save refuses a sum that cannot be, in words."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests._support.live_api import api

FOUR = [{"name": name, "players": [name]} for name in ("Ada", "Bea", "Cal", "Dot")]


def shown(page: Page, row: str) -> list[str]:
    """The numbers a row offers, as a player sees them."""
    return [
        label.inner_text().strip() for label in page.locator(f"#{row}-group label.choice").all() if label.is_visible()
    ]


def test_each_sides_points_row_offers_only_what_fits_beside_the_others(page: Page, live_server):
    game = api(live_server, "POST", "/api/v1/games", {"rules": "new-england", "sides": FOUR})
    page.goto(game["links"]["edit"])
    assert shown(page, "points-3") == ["0", "5", "10", "15", "20", "25", "30"]
    page.locator("#points-1-group label:has(input[value='10'])").tap()
    page.locator("#points-2-group label:has(input[value='10'])").tap()
    # 20 of the hand's 30 are taken by the second and third sides: the first and the last may have 10 at most.
    assert shown(page, "points-0") == ["0", "5", "10"]
    assert shown(page, "points-3") == ["0", "5", "10"]
    assert shown(page, "points-1") == ["0", "5", "10", "15", "20"]
    page.locator("#points-0-group label:has(input[value='5'])").tap()
    assert shown(page, "points-3") == ["0", "5"]
    assert shown(page, "points-2") == ["0", "5", "10", "15"]
    # A side tapped again with less gives the others back their room.
    page.locator("#points-1-group label:has(input[value='0'])").tap()
    assert shown(page, "points-3") == ["0", "5", "10", "15"]
    # What is offered is in view as it changes: the last side's row is on the screen, not below it.
    expect(page.locator("#points-3-group")).to_be_in_viewport()


def test_each_sides_tricks_row_offers_only_what_is_left(page: Page, live_server):
    game = api(live_server, "POST", "/api/v1/games", {"rules": "new-england", "sides": FOUR})
    page.goto(game["links"]["edit"].split("#")[0] + "?entry=tricks")
    page.locator("#side_tricks-2-group label:has(input[value='2'])").tap()
    page.locator("#side_tricks-3-group label:has(input[value='2'])").tap()
    assert shown(page, "side_tricks-0") == ["0", "1"]
    assert shown(page, "side_tricks-1") == ["0", "1"]
    page.locator("#side_tricks-0-group label:has(input[value='1'])").tap()
    assert shown(page, "side_tricks-1") == ["0"]


def test_after_a_refusal_the_rows_still_fit_what_is_shown(page: Page, live_server):
    # A hand refused by Save comes back with its taps: the rows are fitted to them at once.
    game = api(live_server, "POST", "/api/v1/games", {"rules": "new-england", "sides": FOUR})
    page.goto(game["links"]["edit"])
    page.locator("#points-1-group label:has(input[value='15'])").tap()
    page.locator("#points-2-group label:has(input[value='15'])").tap()
    page.locator(".button-save").tap()  # no bidder: refused
    expect(page.locator(".field-error").first).to_be_visible()
    assert shown(page, "points-3") == ["0"]


def test_without_javascript_a_sum_that_cannot_be_is_refused_in_words(no_script_page: Page, live_server):
    game = api(live_server, "POST", "/api/v1/games", {"rules": "new-england", "sides": FOUR})
    page = no_script_page
    page.goto(game["links"]["edit"])
    page.locator("label[for=bidder-0]").tap()
    page.locator("#bid-group label:has(input[value='20'])").tap()
    for side, value in ((1, 15), (2, 10), (3, 10)):
        page.locator(f"#points-{side}-group label:has(input[value='{value}'])").tap()
    # The style sheet alone narrows against the first side; a tap it rules out stays in sight, still tapped.
    page.locator("#points-0-group label:has(input[value='20'])").tap()
    assert shown(page, "points-1") == ["0", "5", "10", "15"]
    expect(page.locator("#points-1-group input[value='15']")).to_be_checked()
    page.locator("#points-1-group label:has(input[value='5'])").tap()
    page.locator(".button-save").tap()
    expect(page.locator("#points-error")).to_contain_text("The points add up to 45, but a hand is worth 30")
    assert api(live_server, "GET", f"/api/v1/games/{game['id']}")["hands"] == []
