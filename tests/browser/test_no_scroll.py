"""An ordinary hand without one scroll, at 360 × 740 in light and dark.

After Save (at hands 1, 12 and 40), after Undo and after a change, every tap of the next hand
(who won the bid, the bid or "Bagged", the points, Save) is wholly on screen, below the score
bar that stays on top, together with the new totals and the confirmation.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests._support.live_api import api
from tests._support.sheet import (
    BOXES,
    SIDES,
    TAPS,
    THREE,
    THREE_TAPS,
    Thumb,
    set_by_a_point,
    tap_paper_hand,
    tap_three_sides,
)
from tests._support.steps import SCHEMES, phone_of_its_own


@pytest.fixture(params=SCHEMES)
def phone(request, browser, browser_context_args):
    yield from phone_of_its_own(browser, browser_context_args, color_scheme=request.param)


def off_screen(page: Page, *extra: str) -> list[str]:
    """What is not wholly on screen, once the page has come to rest with Save in view."""
    expect(page.locator(".button-save")).to_be_in_viewport(ratio=1)
    return page.evaluate(BOXES, [*TAPS, "#sheet .scorebar .total", "#play-message", *extra])


def test_after_save_undo_and_a_change_the_next_hand_is_all_on_screen(phone: Page, live_server):
    game = api(live_server, "POST", "/api/v1/games", {"sides": SIDES})
    phone.goto(game["links"]["edit"])
    thumb = Thumb(phone)
    for n in (1, 12, 40):
        for earlier in range(int(phone.locator("#hand-form input[name=n]").input_value()), n):
            set_by_a_point(live_server, game["id"], game["edit_token"], earlier)
        if n > 1:
            phone.reload()
        thumb.count = 0
        assert tap_paper_hand(thumb, 0, 20, 25) == n and thumb.count == 4
        expect(phone.locator("#play-message")).to_have_text(f"Hand {n} recorded.")
        assert off_screen(phone, f"#latest-hand-{n}") == [], f"after saving hand {n}"
        assert phone.evaluate("scrollY") > 0 or n == 1  # the page moved to the sheet, not the other way

    phone.locator(".undo-form button").tap()
    expect(phone.locator("#play-message")).to_contain_text("Hand 40 removed")
    expect(phone.locator("#bidder-group legend")).to_be_in_viewport(ratio=1)
    assert off_screen(phone) == [], "after undo"

    phone.goto(game["links"]["edit"].split("#")[0] + "/hands/2/edit")
    phone.locator("#took_points-group label:has(input[value='20'])").tap()
    phone.get_by_role("button", name="Save the change to hand 2").tap()
    expect(phone.locator(".flash")).to_contain_text("Hand 2 changed")
    assert off_screen(phone, "#latest-hand-2") == [], "after a change"


def test_three_sides_by_points_the_next_hand_is_all_on_screen(phone: Page, live_server):
    game = api(live_server, "POST", "/api/v1/games", {"sides": THREE})
    phone.goto(game["links"]["edit"])
    thumb = Thumb(phone)
    for n in (1, 2, 3):
        thumb.count = 0
        assert tap_three_sides(thumb, (n - 1) % 3, 20, (20, 5)) == n and thumb.count == 5
        expect(phone.locator("#play-message")).to_have_text(f"Hand {n} recorded.")
        problems = phone.evaluate(BOXES, [*THREE_TAPS, "#sheet .scorebar .total", "#play-message", f"#latest-hand-{n}"])
        assert problems == [], f"after saving hand {n}"

    phone.locator(".undo-form button").tap()
    expect(phone.locator("#play-message")).to_contain_text("Hand 3 removed")
    expect(phone.locator("#bidder-group legend")).to_be_in_viewport(ratio=1)
    expect(phone.locator(".button-save")).to_be_in_viewport(ratio=1)
    assert phone.evaluate(BOXES, [*THREE_TAPS, "#sheet .scorebar .total", "#play-message"]) == [], "after undo"

    phone.goto(game["links"]["edit"].split("#")[0] + "/hands/2/edit")
    phone.locator("#points-0-group label:has(input[value='15'])").tap()
    phone.locator("#points-1-group label:has(input[value='10'])").tap()
    phone.get_by_role("button", name="Save the change to hand 2").tap()
    expect(phone.locator(".flash")).to_contain_text("Hand 2 changed")
    expect(phone.locator(".button-save")).to_be_in_viewport(ratio=1)
    assert phone.evaluate(BOXES, [*THREE_TAPS, "#sheet .scorebar .total", "#play-message", "#latest-hand-2"]) == [], (
        "after a change"
    )
