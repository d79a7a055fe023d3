"""The referee on a phone-sized Chromium: tap cards to ask each question, then a quiz question."""

from __future__ import annotations

import re

from playwright.sync_api import expect


def tap_card(form, label: str) -> None:
    form.get_by_role("button", name=label, exact=True).first.tap()


def test_three_questions_by_tapping_cards(page, page_problems, live_server):
    response = page.goto("/referee")
    assert response is not None and response.status == 200
    page.wait_for_load_state("load")

    # Cards are big enough to tap, and the page does not scroll sideways.
    box = page.locator("#trick-form button[data-card='5H']").bounding_box()
    assert box is not None and box["width"] >= 44 and box["height"] >= 44, box
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0

    # 1. Rank: diamonds trump, which is higher, the A♥ or the A♦?
    rank = page.locator("#rank-form")
    rank.locator("label.suit-choice", has_text="diamonds").tap()
    tap_card(rank, "A♥")
    tap_card(rank, "A♦")
    expect(rank.locator("input[name=pair]")).to_have_value("AH AD")
    expect(rank.locator("button[data-card='AH']")).to_have_attribute("aria-pressed", "true")
    rank.get_by_role("button", name="Which is higher?").tap()
    expect(page.locator("#compare-answer")).to_contain_text("A♥ is higher")
    expect(page.locator("#trump-order")).to_contain_text("always trump")

    # 2. This trick: spades trump, 8♠ 9♠ 2♠ A♥ -> the A♥.
    trick = page.locator("#trick-form")
    trick.locator("label.suit-choice", has_text="spades").tap()
    for label in ("8♠", "9♠", "2♠", "A♥"):
        tap_card(trick, label)
    expect(trick.locator("input[name=cards]")).to_have_value("8S 9S 2S AH")
    expect(trick.locator("button[data-card='AH'] [data-place]")).to_have_text("4")
    trick.get_by_role("button", name="Who wins?").tap()
    expect(page.locator("#trick-answer")).to_contain_text("A♥ wins the trick")

    # 3. May I play this?: hearts trump, 2♥ led, hand J♥ K♥ 3♣ 4♣ 7♦.
    legal = page.locator("#legal-form")
    legal.locator("label.suit-choice", has_text="hearts").tap()
    legal.get_by_text("the trick", exact=True).tap()
    tap_card(legal, "2♥")
    legal.get_by_text("my hand", exact=True).tap()
    for label in ("J♥", "K♥", "3♣", "4♣", "7♦"):
        tap_card(legal, label)
    expect(legal.locator("input[name=trick]")).to_have_value("2H")
    expect(legal.locator("input[name=hand]")).to_have_value("JH KH 3C 4C 7D")
    legal.get_by_role("button", name="What may I play?").tap()
    answer = page.locator("#legal-answer")
    expect(answer).to_contain_text("You may play: J♥ K♥")
    expect(answer.locator(".may-play")).to_have_count(2)
    # Pick the 3♣: a renege.
    page.locator("#legal-hand-cards button", has_text="3♣").tap()
    expect(page.locator("#verdict")).to_contain_text("Renege — not allowed")
    expect(page.locator("#legal-answer .rule-ref a")).to_have_attribute("href", re.compile(r"/rules#renege$"))

    assert page_problems.all() == []


def test_bad_input_shows_a_message_beside_the_field(page, page_problems, live_server):
    page.goto("/referee")
    trick = page.locator("#trick-form")
    trick.locator("input[name=cards]").fill("8s 8s")
    trick.locator("input[name=cards]").press("Enter")  # Enter asks the question; it taps no card
    expect(page.locator("#trick-form-cards-error")).to_contain_text("twice")
    expect(page.locator("#trick-form-trump-error")).to_contain_text("Pick the trump suit")
    expect(page.locator("#trick-form input[name=cards]")).to_have_value("8s 8s")
    # Chromium logs the 422 itself; anything else would be a fault of the page.
    assert [p for p in page_problems.all() if "status of 422" not in p] == []


def test_one_quiz_question(page, page_problems, live_server):
    page.goto("/referee/quiz")
    expect(page.locator("#quiz-score")).to_contain_text("0 right out of 0")
    page.locator(".quiz-cards button").first.tap()
    expect(page.locator("#quiz-feedback")).to_contain_text("wins")
    expect(page.locator("#quiz-score")).to_contain_text("out of 1")
    page.get_by_role("link", name="Next question").tap()
    expect(page.locator(".quiz-cards button").first).to_be_visible()
    assert page_problems.all() == []
