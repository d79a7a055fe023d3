"""The sheet offers what the rules allow, at 360 × 740: once the bidder is tapped, only the bids its side may make
at its score show; once the first side's tricks are tapped, the next side's row shows only what is left.

A three-side hand by tricks is entered with at most one scroll (a tap on something not wholly on screen counts
as one).
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests._support.live_api import api
from tests._support.sheet import settled

TWO = [{"name": "Us", "players": ["Ann", "Bo"]}, {"name": "Them", "players": ["Cy", "Di"]}]
THREE = [{"name": n, "players": [n]} for n in ("Ada", "Bea", "Cal")]


def shown_bids(page: Page) -> list[str]:
    return [
        label.inner_text().strip() for label in page.locator("#bid-group label.bid-choice").all() if label.is_visible()
    ]


def test_at_115_in_nova_scotia_the_bidders_row_starts_at_20(page: Page, live_server):
    game = api(live_server, "POST", "/api/v1/games", {"rules": "nova-scotia", "sides": TWO, "scores": [115, 40]})
    page.goto(game["links"]["edit"])
    page.locator("label[for=bidder-0]").tap()
    assert shown_bids(page)[0] == "20" and "15" not in shown_bids(page)
    page.locator("label[for=bidder-1]").tap()
    assert shown_bids(page)[0] == "15"


def test_a_three_side_hand_by_tricks_with_one_scroll_at_most(page: Page, live_server):
    game = api(live_server, "POST", "/api/v1/games", {"rules": "new-england", "sides": THREE})
    page.goto(game["links"]["edit"].split("#")[0] + "?entry=tricks")
    for n in (1, 2):
        # The first hand is entered as the page opens; the second as every later hand, after a Save.
        scrolls = 0
        for selector in (
            f"label[for=bidder-{n}]",
            "#bid-group label:has(input[value='20'])",
            "#side_tricks-0-group label:has(input[value='3'])",
            "#side_tricks-1-group label:has(input[value='1'])",
            "#high-group label:has(input[value='0'])",
            ".button-save",
        ):
            target = page.locator(selector).first
            box = target.bounding_box()
            if box is None or box["y"] < 0 or box["y"] + box["height"] > 740:
                scrolls += 1
            target.tap()
            if "side_tricks-0" in selector:
                # Three tricks taken: the next side may have taken 0, 1 or 2 of the last two.
                shown = page.locator("#side_tricks-1-group label.choice").all()
                assert [label.inner_text().strip() for label in shown if label.is_visible()] == ["0", "1", "2"]
        expect(page.locator(f"#latest-hand-{n}")).to_be_visible()
        settled(page)
    print(f"three sides by tricks, the next hand: {scrolls} scroll(s)")
    assert scrolls <= 1


def test_a_nova_scotia_hand_by_tricks_with_one_scroll_at_most(page: Page, live_server):
    game = api(live_server, "POST", "/api/v1/games", {"rules": "nova-scotia", "sides": TWO, "scores": [100, 40]})
    page.goto(game["links"]["edit"].split("#")[0] + "?entry=tricks")
    for n in (1, 2):
        scrolls = 0
        for selector in (
            f"label[for=bidder-{n - 1}]",
            "#bid-group label:has(input[value='20'])",
            "#took-group label:has(input[value^='3'])",
            ".button-save",
        ):
            target = page.locator(selector).first
            box = target.bounding_box()
            if box is None or box["y"] < 0 or box["y"] + box["height"] > 740:
                scrolls += 1
            target.tap()
        expect(page.locator(f"#latest-hand-{n}")).to_be_visible()
        settled(page)
    print(f"Nova Scotia by tricks, the next hand: {scrolls} scroll(s)")
    assert scrolls <= 1
