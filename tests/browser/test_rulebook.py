"""The rule book on a phone-sized Chromium: find a topic with the search box, or without the script by contents."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect


def shown_sections(page) -> list[str]:
    return page.locator(".rulebook > section[id]:visible").evaluate_all("els => els.map(e => e.id)")


def test_search_filters_the_sections(page, page_problems, live_server):
    page.goto("/rules")
    everything = shown_sections(page)
    assert len(everything) >= 15
    search = page.get_by_label("Find a topic")
    expect(search).to_be_visible()

    search.fill("bagged")
    found = shown_sections(page)
    assert "bidding" in found and "lingo" in found
    assert "rank" not in found and "trick" not in found
    expect(page.locator("#rb-search-status")).to_contain_text("passages mention “bagged”")
    # The contents list follows the search.
    expect(page.locator(".rb-toc-list a[href='#bidding']")).to_be_visible()
    expect(page.locator(".rb-toc-list a[href='#rank']")).to_be_hidden()
    # Inside a section, only the parts that mention it stay: the bidding section keeps "Bagged", not "Slam".
    expect(page.locator("#bagged")).to_be_visible()
    expect(page.locator("#hold")).to_be_hidden()

    # Every word must be there; case and accents do not matter.
    search.fill("LAST side LEFT")
    assert "winning" in shown_sections(page)
    expect(page.locator("#elimination")).to_be_visible()
    expect(page.locator("#locks")).to_be_hidden()

    search.fill("xylophone")
    assert shown_sections(page) == []
    expect(page.locator("#rb-search-status")).to_contain_text("Nothing in the rule book mentions “xylophone”")

    # A house rule folded to one line opens when the search finds it, and folds again after.
    search.fill("bell")
    expect(page.locator("#option-thirty_for_sixty")).to_be_visible()
    expect(page.locator("#option-joker-title")).to_be_hidden()

    search.fill("")
    assert shown_sections(page) == everything
    expect(page.locator("#option-thirty_for_sixty")).to_be_hidden()
    assert page_problems.all() == []


def test_a_house_rule_named_in_the_text_opens_at_its_link(page, page_problems, live_server):
    page.goto("/rules")
    expect(page.locator("#option-joker")).to_be_hidden()
    page.locator("#cards").get_by_role("link", name="Play with the joker").tap()
    body = page.locator("#option-joker")
    expect(body).to_be_visible()
    expect(body).to_contain_text("House-rule setting, for programs using the API: joker = true | false")
    expect(page.locator("#option-joker-title")).to_be_in_viewport()
    assert page_problems.all() == []


@pytest.fixture
def no_script_page(browser, browser_context_args):
    context = browser.new_context(**browser_context_args, java_script_enabled=False)
    yield context.new_page()
    context.close()


def test_without_script_the_contents_are_plain_links(no_script_page, live_server):
    page = no_script_page
    page.goto(live_server.url + "/rules")
    expect(page.get_by_label("Find a topic")).to_be_hidden()
    page.locator(".rb-toc-list a[href='#renege']").click()
    page.wait_for_url("**/rules#renege")
    heading = page.locator("#renege h2")
    expect(heading).to_be_in_viewport()
