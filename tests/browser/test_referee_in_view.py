"""Every referee answer lands in view at 360 × 740: after "Which is higher?", "Who wins?",
"What may I play?" and a card of the hand tapped, the verdict and its explanation are on screen."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.steps import assert_lands_in_view, lay_out_a_renege, pick, section


def test_each_answer_and_its_explanation_land_in_view(page: Page, live_server):
    page.goto("/referee")
    rank = section(page, "rank")
    rank.locator(".suit-picker label", has_text="diamonds").tap()
    pick(rank, "H", "A")
    pick(rank, "D", "A")
    rank.get_by_role("button", name="Which is higher?").tap()
    expect(page.locator("#compare-answer")).to_contain_text("A♥ is higher")
    assert_lands_in_view(page, "#compare-answer", "#rank-answer .explanation")

    trick = section(page, "trick")
    trick.locator(".suit-picker label", has_text="spades").tap()
    pick(trick, "S", "8", "9")
    pick(trick, "H", "A")
    trick.get_by_role("button", name="Who wins?").tap()
    expect(page.locator("#trick-answer")).to_contain_text("A♥ wins the trick")
    assert_lands_in_view(page, "#trick-answer .verdict", "#trick-answer .explanation")

    legal = lay_out_a_renege(page, "hearts", "the trick", "my hand", ("H", "J", "K"), ("C", "3"))
    legal.get_by_role("button", name="What may I play?").tap()
    expect(page.locator("#legal-answer")).to_contain_text("You may play: J♥ K♥")
    assert_lands_in_view(page, "#legal-answer .legal-summary")

    page.locator("#legal-hand-cards button", has_text="3♣").tap()
    expect(page.locator("#verdict")).to_contain_text("Renege — not allowed")
    assert_lands_in_view(page, "#verdict", "#verdict-box .explanation")


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
