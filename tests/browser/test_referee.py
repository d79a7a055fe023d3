"""The referee on a phone-sized Chromium: pick cards by suit and rank, ask each question, then a quiz question."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests._support.steps import lay_out_a_renege, pick, section


def test_three_questions_by_picking_cards(page, page_problems, live_server):
    response = page.goto("/referee?tool=rank")
    assert response is not None and response.status == 200
    page.wait_for_load_state("load")
    # The page does not scroll sideways.
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0

    # 1. Rank: diamonds trump, which is higher, the A♥ or the A♦?
    rank = section(page, "rank")
    with page.expect_response(lambda r: "trump=D" in r.url):
        rank.locator(".suit-picker label:has(input[value='D'])").tap()
    pick(rank, "H", "A")
    pick(rank, "D", "A")
    expect(rank.locator("input[name=pair]")).to_have_value("A♥ A♦")
    expect(page.locator("#compare-answer")).to_contain_text("A♥ is higher")
    page.locator("#rank-order summary").tap()
    expect(page.locator("#trump-order")).to_contain_text("always trump")

    # 2. This trick, a tap away with the trump kept: 8♠ 9♠ 2♠ A♥, spades trump -> the A♥.
    page.locator("#tab-trick").tap()
    trick = section(page, "trick")
    trick.locator(".suit-picker label:has(input[value='S'])").tap()
    pick(trick, "S", "8", "9", "2")
    pick(trick, "H", "A")
    expect(trick.locator("input[name=cards]")).to_have_value("8♠ 9♠ 2♠ A♥")
    expect(page.locator("#trick-answer")).to_contain_text("A♥ wins the trick")
    # A second tap takes a card out again.
    pick(trick, "S", "9")
    expect(trick.locator("input[name=cards]")).to_have_value("8♠ 2♠ A♥")
    expect(page.locator("#trick-answer")).to_contain_text("A♥ wins the trick (card 3 played)")

    # 3. May I play this?: hearts trump, 2♥ led, hand J♥ K♥ 3♣ 4♣ 7♦.
    legal = lay_out_a_renege(page, ("H", "J", "K"), ("C", "3", "4"), ("D", "7"))
    expect(legal.locator("input[name=trick]")).to_have_value("2♥")
    expect(legal.locator("input[name=hand]")).to_have_value("J♥ K♥ 3♣ 4♣ 7♦")
    answer = page.locator("#legal-answer")
    expect(answer).to_contain_text("You may play: J♥ K♥")
    expect(page.locator("#legal-hand-cards .may-play")).to_have_count(2)
    # Pick the 3♣: a renege.
    page.locator("#legal-play-3C").tap()
    expect(page.locator("#verdict")).to_contain_text("Renege — not allowed")
    expect(page.locator("#legal-answer .rule-ref a")).to_have_attribute("href", re.compile(r"/rules#renege$"))
    # The address is the question asked, never a tap that a reload would repeat.
    assert "tap=" not in page.url

    assert page_problems.all() == []


def test_typed_cards_are_read_by_the_server_and_shown_as_symbols(page, page_problems, live_server):
    page.goto("/referee?tool=legal")
    legal = section(page, "legal")
    legal.locator(".suit-picker label:has(input[value='S'])").tap()
    legal.locator("details.typing summary").tap()
    legal.locator("input[name=trick]").fill("6 s")
    legal.locator("input[name=hand]").fill("5s, J S, ah 9d Tc")
    legal.locator("input[name=hand]").press("Enter")
    expect(page.locator("#legal-answer")).to_contain_text("You may play any card")
    expect(legal.locator("input[name=trick]")).to_have_value("6♠")
    expect(legal.locator("input[name=hand]")).to_have_value("5♠ J♠ A♥ 9♦ 10♣")
    # A card picked after typing joins the typed ones of the slot tapped, all written the same way.
    legal.locator("label.into-hand").tap()
    pick(legal, "D", "K")
    expect(legal.locator("input[name=hand]")).to_have_value("5♠ J♠ A♥ 9♦ 10♣ K♦")
    legal.locator("details.typing summary").tap()
    legal.get_by_role("button", name="Empty: Your hand").tap()
    expect(legal.locator("input[name=hand]")).to_have_value("")
    assert page_problems.all() == []


def test_bad_input_shows_a_message_in_the_answers_place(page, page_problems, live_server):
    page.goto("/referee?tool=trick")
    trick = section(page, "trick")
    trick.locator("details.typing summary").tap()
    trick.locator("input[name=cards]").fill("8s 8s")
    trick.locator("input[name=cards]").press("Enter")  # Enter asks the question; it picks no card
    expect(page.locator("#trick-form-cards-error")).to_contain_text("twice")
    expect(page.locator("#trick-form-trump-error")).to_contain_text("Pick the trump suit")
    expect(page.locator("#trick-form input[name=cards]")).to_have_value("8s 8s")
    # A rank without a suit says what to do.
    page.locator("#trick-form input[name=cards]").fill("")
    page.locator("#trick-form button[name=tap][value='K']").tap()
    expect(page.locator("#trick-form-suit-error")).to_contain_text("Pick the suit of the card")
    # Chromium logs the 422 itself; anything else would be a fault of the page.
    assert [p for p in page_problems.all() if "status of 422" not in p] == []


def test_without_script_every_tap_is_a_plain_form_post(no_script_page, live_server):
    page = no_script_page
    page.goto(live_server.url + "/referee?tool=trick")
    trick = section(page, "trick")
    trick.locator("input[name=trump][value=S]").check(force=True)
    trick.locator("button[name=tap][value='8']").click()
    # The form went to the server, which answered with a clean address for the page as it now stands;
    # with no suit picked, the card is of the trump suit.
    page.wait_for_url(re.compile(r"cards=8%E2%99%A0"))
    assert "tap=" not in page.url
    trick = section(page, "trick")
    expect(trick.locator("#trick-played-cards")).to_have_text("8♠")
    expect(trick.locator("input[name=suit][value=S]")).to_be_checked()
    trick.locator("input[name=suit][value=H]").check(force=True)
    trick.locator("button[name=tap][value='A']").click()
    page.wait_for_url(re.compile(r"A%E2%99%A5"))
    # The answer came with the card, without a further tap.
    expect(page.locator("#trick-answer")).to_contain_text("A♥ wins the trick")


def test_one_quiz_question(page, page_problems, live_server):
    page.goto("/referee/quiz")
    expect(page.locator("#quiz-score")).to_contain_text("0 right out of 0")
    page.locator(".quiz-cards button").first.tap()
    expect(page.locator("#quiz-feedback")).to_contain_text("wins")
    expect(page.locator("#quiz-score")).to_contain_text("out of 1")
    page.get_by_role("link", name="Next question").tap()
    expect(page.locator(".quiz-cards button").first).to_be_visible()
    assert page_problems.all() == []


def test_the_quiz_without_script_is_a_plain_form_post(no_script_page, live_server):
    page = no_script_page
    page.goto(live_server.url + "/referee/quiz")
    with page.expect_response(lambda r: r.request.method == "POST") as posted:
        page.locator(".quiz-cards button").first.click()
    assert posted.value.status == 200
    expect(page.locator("#quiz-feedback")).to_contain_text("wins")
    expect(page.locator("#quiz-score")).to_contain_text("out of 1")
