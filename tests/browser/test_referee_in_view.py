"""Every referee answer lands in view at 360 × 740: after "Which is higher?", "Who wins?",
"What may I play?" and a card of the hand tapped, the verdict and its explanation are on screen."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.test_referee import pick, section

_INSIDE = """
(sel) => { const el = document.querySelector(sel); if (!el) return sel + ': missing';
  const r = el.getBoundingClientRect();
  return (r.height > 0 && r.top >= 0 && r.bottom <= innerHeight) ? '' : sel + ' at ' + Math.round(r.top) + '..' + Math.round(r.bottom); }
"""


def in_view(page: Page, *selectors: str) -> list[str]:
    return [problem for problem in (page.evaluate(_INSIDE, s) for s in selectors) if problem]


def test_each_answer_and_its_explanation_land_in_view(page: Page, live_server):
    page.goto("/referee")
    rank = section(page, "rank")
    rank.locator(".suit-picker label", has_text="diamonds").tap()
    pick(rank, "H", "A")
    pick(rank, "D", "A")
    rank.get_by_role("button", name="Which is higher?").tap()
    expect(page.locator("#compare-answer")).to_contain_text("A♥ is higher")
    expect(page.locator("#compare-answer")).to_be_in_viewport(ratio=1)
    assert in_view(page, "#compare-answer", "#rank-answer .explanation") == []

    trick = section(page, "trick")
    trick.locator(".suit-picker label", has_text="spades").tap()
    pick(trick, "S", "8", "9")
    pick(trick, "H", "A")
    trick.get_by_role("button", name="Who wins?").tap()
    expect(page.locator("#trick-answer")).to_contain_text("A♥ wins the trick")
    expect(page.locator("#trick-answer .verdict")).to_be_in_viewport(ratio=1)
    assert in_view(page, "#trick-answer .verdict", "#trick-answer .explanation") == []

    legal = section(page, "legal")
    legal.locator(".suit-picker label", has_text="hearts").tap()
    legal.get_by_text("the trick", exact=True).tap()
    pick(legal, "H", "2")
    legal.get_by_text("my hand", exact=True).tap()
    pick(legal, "H", "J", "K")
    pick(legal, "C", "3")
    legal.get_by_role("button", name="What may I play?").tap()
    expect(page.locator("#legal-answer")).to_contain_text("You may play: J♥ K♥")
    expect(page.locator("#legal-answer .legal-summary")).to_be_in_viewport(ratio=1)
    assert in_view(page, "#legal-answer .legal-summary") == []

    page.locator("#legal-hand-cards button", has_text="3♣").tap()
    expect(page.locator("#verdict")).to_contain_text("Renege — not allowed")
    expect(page.locator("#verdict")).to_be_in_viewport(ratio=1)
    assert in_view(page, "#verdict", "#verdict-box .explanation") == []


def test_every_trump_button_shows_its_whole_word(page: Page):
    """Clear of the button's border and of the ring drawn inside it when picked (2 + 3 px)."""
    page.goto("/referee")
    page.locator(".suit-picker label", has_text="diamonds").first.tap()
    cut = page.evaluate(
        """() => [...document.querySelectorAll('.suit-picker .suit-choice > span')].filter((box) => {
             const range = document.createRange();
             range.selectNodeContents(box);
             const text = range.getBoundingClientRect(), r = box.getBoundingClientRect();
             return box.scrollWidth > box.clientWidth || text.left < r.left + 5 || text.right > r.right - 5;
           }).map((box) => box.textContent.trim())"""
    )
    assert page.locator(".suit-picker .suit-choice").count() >= 12
    assert cut == []
