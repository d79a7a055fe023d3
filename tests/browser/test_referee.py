"""The referee on a phone-sized Chromium: pick cards by suit and rank, ask each question, then a quiz question."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.steps import lay_out_a_renege, pick, section


def test_three_questions_by_picking_cards(page, page_problems, live_server):
    response = page.goto("/referee")
    assert response is not None and response.status == 200
    page.wait_for_load_state("load")
    # The page does not scroll sideways.
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0

    # 1. Rank: diamonds trump, which is higher, the A♥ or the A♦?
    rank = section(page, "rank")
    rank.locator(".suit-picker label", has_text="diamonds").tap()
    pick(rank, "H", "A")
    pick(rank, "D", "A")
    expect(rank.locator("input[name=pair]")).to_have_value("A♥ A♦")
    rank.get_by_role("button", name="Which is higher?").tap()
    expect(page.locator("#compare-answer")).to_contain_text("A♥ is higher")
    expect(page.locator("#trump-order")).to_contain_text("always trump")

    # 2. This trick: spades trump, 8♠ 9♠ 2♠ A♥ -> the A♥. The picker starts on the trump suit.
    trick = section(page, "trick")
    trick.locator(".suit-picker label", has_text="spades").tap()
    pick(trick, "S", "8", "9", "2")
    pick(trick, "H", "A")
    expect(trick.locator("input[name=cards]")).to_have_value("8♠ 9♠ 2♠ A♥")
    # A second tap takes a card out again.
    pick(trick, "S", "9")
    expect(trick.locator("input[name=cards]")).to_have_value("8♠ 2♠ A♥")
    trick.get_by_role("button", name="Who wins?").tap()
    expect(page.locator("#trick-answer")).to_contain_text("A♥ wins the trick")
    # Only the question's section came back: the rank answer above is still there.
    expect(page.locator("#compare-answer")).to_contain_text("A♥ is higher")

    # 3. May I play this?: hearts trump, 2♥ led, hand J♥ K♥ 3♣ 4♣ 7♦.
    legal = lay_out_a_renege(page, "hearts", "the trick", "my hand", ("H", "J", "K"), ("C", "3", "4"), ("D", "7"))
    expect(legal.locator("input[name=trick]")).to_have_value("2♥")
    expect(legal.locator("input[name=hand]")).to_have_value("J♥ K♥ 3♣ 4♣ 7♦")
    legal.get_by_role("button", name="What may I play?").tap()
    answer = page.locator("#legal-answer")
    expect(answer).to_contain_text("You may play: J♥ K♥")
    expect(answer.locator(".may-play")).to_have_count(2)
    # Pick the 3♣: a renege.
    page.locator("#legal-hand-cards button", has_text="3♣").tap()
    expect(page.locator("#verdict")).to_contain_text("Renege — not allowed")
    expect(page.locator("#legal-answer .rule-ref a")).to_have_attribute("href", re.compile(r"/rules#renege$"))
    # The address is the question asked, never a tap that a reload would repeat.
    assert "tap=" not in page.url

    assert page_problems.all() == []


def test_typed_cards_are_read_by_the_server_and_shown_as_symbols(page, page_problems, live_server):
    page.goto("/referee")
    legal = section(page, "legal")
    legal.locator(".suit-picker label", has_text="spades").tap()
    legal.locator("input[name=trick]").fill("6 s")
    legal.locator("input[name=hand]").fill("5s, J S, ah 9d Tc")
    legal.locator("input[name=hand]").press("Enter")
    expect(page.locator("#legal-answer")).to_contain_text("You may play any card")
    expect(legal.locator("input[name=trick]")).to_have_value("6♠")
    expect(legal.locator("input[name=hand]")).to_have_value("5♠ J♠ A♥ 9♦ 10♣")
    # A card picked after typing joins the typed ones, all written the same way.
    pick(legal, "D", "K")
    expect(legal.locator("input[name=hand]")).to_have_value("5♠ J♠ A♥ 9♦ 10♣ K♦")
    legal.get_by_role("button", name="Empty: Your hand").tap()
    expect(legal.locator("input[name=hand]")).to_have_value("")
    assert page_problems.all() == []


def test_bad_input_shows_a_message_beside_the_field(page, page_problems, live_server):
    page.goto("/referee")
    trick = section(page, "trick")
    trick.locator("input[name=cards]").fill("8s 8s")
    trick.locator("input[name=cards]").press("Enter")  # Enter asks the question; it picks no card
    expect(page.locator("#trick-form-cards-error")).to_contain_text("twice")
    expect(page.locator("#trick-form-trump-error")).to_contain_text("Pick the trump suit")
    expect(page.locator("#trick-form input[name=cards]")).to_have_value("8s 8s")
    # A rank without a suit says what to do.
    trick.locator("input[name=cards]").fill("")
    trick.locator("button[name=tap][value='K']").tap()
    expect(page.locator("#trick-form-suit-error")).to_contain_text("Pick the suit of the card")
    # Chromium logs the 422 itself; anything else would be a fault of the page.
    assert [p for p in page_problems.all() if "status of 422" not in p] == []


def test_without_script_every_tap_is_a_plain_form_post(no_script_page, live_server):
    page = no_script_page
    page.goto(live_server.url + "/referee")
    trick = section(page, "trick")
    trick.locator("input[name=trump][value=S]").check(force=True)
    trick.locator("input[name=suit][value=S]").check(force=True)
    trick.locator("button[name=tap][value='8']").click()
    # The form went to the server, which answered with a clean address for the page as it now stands.
    page.wait_for_url(re.compile(r"cards=8%E2%99%A0"))
    assert "tap=" not in page.url
    trick = section(page, "trick")
    expect(trick.locator("input[name=cards]")).to_have_value("8♠")
    expect(trick.locator("input[name=suit][value=S]")).to_be_checked()
    trick.locator("input[name=suit][value=H]").check(force=True)
    trick.locator("button[name=tap][value='A']").click()
    page.wait_for_url(re.compile(r"A%E2%99%A5"))
    section(page, "trick").get_by_role("button", name="Who wins?").click()
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
