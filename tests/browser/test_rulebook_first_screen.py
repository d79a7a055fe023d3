"""The rule book at the table, on a 360 × 740 phone in light, dark and French: the ten arguments heard most
and every chapter are on the first screen, a short answer is one tap away with the way to the full rule, and
no target anywhere on the page is under 44 × 44 px, its term links in running text included."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests._support.a11y import small_tap_targets
from tests._support.steps import in_view, open_every_explanation, phone_of_its_own

PHONES = {
    "light": {"color_scheme": "light"},
    "dark": {"color_scheme": "dark"},
    "french": {"color_scheme": "light", "locale": "fr-CA", "extra_http_headers": {"Accept-Language": "fr-CA,fr;q=0.9"}},
}


@pytest.fixture(params=list(PHONES))
def phone(browser, browser_context_args, live_server, request):
    yield from phone_of_its_own(browser, browser_context_args, **PHONES[request.param])


def test_the_short_answers_and_every_chapter_on_the_first_screen(phone: Page):
    phone.goto("/rules")
    phone.wait_for_load_state("load")
    assert phone.locator(".rb-quick-item").count() == 10
    assert in_view(phone, *(f".rb-quick-item:nth-of-type({n}) summary" for n in range(1, 11))) == []
    chapters = phone.locator(".rb-jump-list a")
    assert chapters.count() == 18
    assert in_view(phone, *(f".rb-jump-list li:nth-child({n}) a" for n in range(1, 19))) == []
    # Each a button of its own: no two overlap.
    boxes = [chapters.nth(n).bounding_box() for n in range(18)] + [
        phone.locator(".rb-quick-item summary").nth(n).bounding_box() for n in range(10)
    ]
    overlapping = [
        (i, j)
        for i, a in enumerate(boxes)
        for j, b in enumerate(boxes[:i])
        if a["x"] < b["x"] + b["width"] - 1
        and b["x"] < a["x"] + a["width"] - 1
        and a["y"] < b["y"] + b["height"] - 1
        and b["y"] < a["y"] + a["height"] - 1
    ]
    assert overlapping == []
    # Each chapter in two taps from anywhere: the menu's Rules, then its name.
    phone.locator(".rb-jump-list a[href='#renege']").tap()
    expect(phone.locator("#renege h2")).to_be_in_viewport()


def test_a_short_answer_opens_in_place_with_the_way_to_the_full_rule(phone: Page):
    phone.goto("/rules")
    phone.locator("#quick-renege summary").tap()
    expect(phone.locator("#quick-renege p")).to_be_in_viewport(ratio=1)
    phone.locator("#quick-renege a.rb-full").tap()
    expect(phone.locator("#renege h2")).to_be_in_viewport()


def test_no_target_under_44_px_on_the_rule_book(phone: Page):
    phone.goto("/rules")
    phone.wait_for_load_state("load")
    open_every_explanation(phone)
    assert small_tap_targets(phone) == []
