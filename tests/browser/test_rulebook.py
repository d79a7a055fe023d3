"""The rule book on a phone-sized Chromium: find a topic with the search box, or without the script by contents."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests._support.steps import phone_of_its_own


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


def test_without_script_the_contents_are_plain_links(no_script_page, live_server):
    page = no_script_page
    page.goto(live_server.url + "/rules")
    expect(page.get_by_label("Find a topic")).to_be_hidden()
    page.locator(".rb-toc-list a[href='#renege']").click()
    page.wait_for_url("**/rules#renege")
    heading = page.locator("#renege h2")
    expect(heading).to_be_in_viewport()


# A phone at 360 × 740, light and dark, in English and in French.
PHONES = [(scheme, language) for language in ("en", "fr") for scheme in ("light", "dark")]

# The word searched for, what the status line says, a passage it must show and passages it must hide.
SEARCHES = {
    "en": ("hold", "passages mention “hold”", ["#hold", "#lingo-hold"], ["#kitty", "#no-high", "#rank-trump"]),
    "fr": ("renonce", "passages parlent de", ["#renege", "#lingo-renege"], ["#kitty", "#no-high", "#rank-trump"]),
}

_MARK_FIRST_MATCH = """(word) => {
  const passages = document.querySelectorAll('.rulebook > section :is(p, li, dt, dd, tr)');
  const first = [...passages].find((el) => el.getClientRects().length > 0
      && el.textContent.toLowerCase().normalize('NFD').replace(/[\\u0300-\\u036f]/g, '').includes(word));
  if (first) first.dataset.firstMatch = 'yes';
  return Boolean(first);
}"""


@pytest.fixture(params=PHONES, ids=[f"{language}-{scheme}" for scheme, language in PHONES])
def phone(request, browser, browser_context_args, live_server):
    scheme, language = request.param
    headers = {"Accept-Language": language}
    for page in phone_of_its_own(
        browser, browser_context_args, base_url=live_server.url, color_scheme=scheme, extra_http_headers=headers
    ):
        page.language = language
        yield page


def test_the_game_on_one_screen_reads_well_and_fits(phone):
    from tests._support.a11y import axe_problems, smallest_text

    phone.goto("/rules")
    expect(phone.locator("html")).to_have_attribute("lang", phone.language)
    summary = phone.locator("#overview")
    expect(summary).to_be_visible()
    box = summary.bounding_box()
    assert box["height"] <= 740, f"the summary is {box['height']:.0f} px tall"
    # The links go down to the sections.
    expect(summary.locator("a[href='#deal']")).to_be_visible()
    expect(summary.locator("a[href='#at-the-table']")).to_be_visible()
    assert smallest_text(phone) == []
    assert axe_problems(phone) == []


def test_a_search_lands_on_the_passages_that_mention_it(phone):
    from tests._support.a11y import axe_problems, smallest_text

    word, said, shown, hidden = SEARCHES[phone.language]
    phone.goto("/rules")
    height = phone.evaluate("document.scrollingElement.scrollHeight")
    search = phone.locator("#rb-search")
    search.fill(word)
    expect(phone.locator("#rb-search-status")).to_contain_text(said)
    for selector in shown:
        expect(phone.locator(selector)).to_be_visible()
    for selector in hidden:
        expect(phone.locator(selector)).to_be_hidden()
    # What is left is a few screens, not the whole rule book.
    left = phone.evaluate("document.scrollingElement.scrollHeight")
    assert left < height / 4, f"{left} px of {height} left"
    # The first passage that mentions the word comes into view.
    assert phone.evaluate(_MARK_FIRST_MATCH, word)
    expect(phone.locator("[data-first-match]")).to_be_in_viewport()
    assert smallest_text(phone) == []
    assert axe_problems(phone) == []
    search.fill("")
    expect(phone.locator("#kitty")).to_be_visible()
