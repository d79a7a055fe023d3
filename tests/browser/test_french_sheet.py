"""A French hand as quick as an English one: 360 × 740, light and dark, not one scroll to Save.

The English measure (``test_no_scroll.py``) on a French phone: after saving hands 1, 12 and 40, after Undo and
after a change, every tap of the next hand, the score bar's totals and the confirmation are wholly on screen.
On every French page a player reads at the table, no word is broken across lines and no button runs to more
than 2 lines.
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
    broken,
    set_by_a_point,
    tap_paper_hand,
    tap_three_sides,
)
from tests._support.steps import SCHEMES, phone_of_its_own


@pytest.fixture(params=SCHEMES)
def french_phone(request, browser, browser_context_args):
    yield from phone_of_its_own(browser, browser_context_args, color_scheme=request.param, locale="fr-CA")


def off_screen(page: Page, *extra: str) -> list[str]:
    expect(page.locator(".button-save")).to_be_in_viewport(ratio=1)
    return page.evaluate(BOXES, [*TAPS, "#sheet .scorebar .total", "#play-message", *extra])


def test_a_french_hand_needs_no_scroll_to_save_after_hands_1_12_and_40(french_phone: Page, live_server):
    page = french_phone
    game = api(live_server, "POST", "/api/v1/games", {"sides": SIDES})
    page.goto(game["links"]["edit"])
    assert page.locator("html").get_attribute("lang") == "fr"
    thumb = Thumb(page)
    for n in (1, 12, 40):
        for earlier in range(int(page.locator("#hand-form input[name=n]").input_value()), n):
            set_by_a_point(live_server, game["id"], game["edit_token"], earlier)
        if n > 1:
            page.reload()
        thumb.count = 0
        assert tap_paper_hand(thumb, 0, 20, 25) == n and thumb.count == 4
        expect(page.locator("#play-message")).to_have_text(f"Donne {n} enregistrée.")
        assert off_screen(page, f"#latest-hand-{n}") == [], f"after saving hand {n}"
        assert broken(page) == [], f"after saving hand {n}"
    # Deep in the hole, the totals are written with a true minus sign.
    assert "−" in page.locator("#sheet .scorebar").inner_text()

    page.locator(".undo-form button").tap()
    expect(page.locator("#play-message")).to_contain_text("Donne 40 retirée")
    expect(page.locator("#bidder-group legend")).to_be_in_viewport(ratio=1)
    assert off_screen(page) == [], "after undo"

    page.goto(game["links"]["edit"].split("#")[0] + "/hands/2/edit")
    page.locator("#took_points-group label:has(input[value='20'])").tap()
    page.locator("#hand-form .button-save").tap()
    expect(page.locator(".flash")).to_contain_text("Donne 2 modifiée")
    assert off_screen(page, "#latest-hand-2") == [], "after a change"
    assert broken(page) == []


def test_a_bagged_dealer_is_said_inside_the_bid_row(french_phone: Page, live_server):
    page = french_phone
    game = api(live_server, "POST", "/api/v1/games", {"sides": SIDES})
    page.goto(game["links"]["edit"])
    bagged = page.locator("#bid-group label.choice", has_text="Donneur forcé")
    expect(bagged).to_be_visible()
    first = page.locator("#bid-group label.choice").first
    assert abs(bagged.bounding_box()["y"] - first.bounding_box()["y"]) < 2, "Donneur forcé sits in the row of bids"
    assert broken(page) == []


def test_three_sides_by_points_in_french_need_no_scroll(french_phone: Page, live_server):
    page = french_phone
    game = api(live_server, "POST", "/api/v1/games", {"sides": THREE})
    page.goto(game["links"]["edit"])
    thumb = Thumb(page)
    for n in (1, 2, 3):
        thumb.count = 0
        assert tap_three_sides(thumb, (n - 1) % 3, 20, (20, 5)) == n and thumb.count == 5
        expect(page.locator("#play-message")).to_have_text(f"Donne {n} enregistrée.")
        expect(page.locator(".button-save")).to_be_in_viewport(ratio=1)
        boxes = [*THREE_TAPS, "#sheet .scorebar .total", "#play-message", f"#latest-hand-{n}"]
        assert page.evaluate(BOXES, boxes) == [], f"after saving hand {n}"
        assert broken(page) == []
