"""The sheet held as a scorekeeper holds it: 360 × 740, one thumb, light and dark.

After every Save (and undo, and edit) the score bar, the row just saved, the confirmation and
the next hand's first question are on screen with no scrolling; an ordinary hand takes at most
4 taps with two sides and 6 with three, counted here tap by tap.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests._support.a11y import in_viewport
from tests._support.live_api import api
from tests._support.sheet import Thumb, set_by_a_point, settled, tap_paper_hand
from tests._support.steps import SCHEMES, phone_of_its_own, watch

ON_SCREEN = ("#sheet .scorebar", "#play-message", "#bidder-group legend")


@pytest.fixture(params=SCHEMES)
def phone(request, browser, browser_context_args):
    for page in phone_of_its_own(browser, browser_context_args, color_scheme=request.param):
        yield watch(page)


def start(page: Page, players=("Ann", "Bob", "Cathy", "Dan"), mode: str | None = None, rules: str = "") -> None:
    page.goto("/games/new")
    for seat, name in enumerate(players):
        page.fill(f"#players-{seat}", name)
    if rules:
        page.locator(f"#preset label:has-text('{rules}')").click()
    if mode:
        page.locator(f"label[for=mode-{1 if mode == 'cut-throat' else 0}]").click()
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#hand-form")).to_be_visible()


def assert_all_in_sight(page: Page, n: int) -> None:
    for selector in (*ON_SCREEN, f"#latest-hand-{n}"):
        assert in_viewport(page, selector), f"{selector} is off screen after hand {n}"
    expect(page.locator(f"#latest-hand-{n}")).to_have_class("is-set is-new")


def test_after_saving_hands_1_12_and_40_everything_that_matters_is_on_screen(phone: Page, live_server):
    start(phone)
    thumb = Thumb(phone)
    game_url = phone.url
    game_id, token = game_url.rsplit("/", 2)[-2:]
    expect(phone.locator("h1")).to_have_text("Ann & Cathy v Bob & Dan")

    for n in (1, 12, 40):
        for earlier in range(int(phone.locator("#hand-form input[name=n]").input_value()), n):
            set_by_a_point(live_server, game_id, token, earlier)
        if n > 1:
            phone.reload()
        before = thumb.count
        saved = tap_paper_hand(thumb, (n - 1) % 2, 30, 25)
        assert saved == n and thumb.count - before == 4
        assert_all_in_sight(phone, n)
        expect(phone.locator("#play-message")).to_have_text(f"Hand {n} recorded.")
        # The totals in the bar are the new ones, circled below zero.
        total = phone.locator("#sheet .scorebar .total").first
        expect(total).to_have_class("total circled")
    # Scrolled down the paper column, the score bar stays at the top.
    phone.locator("#log tr#hand-3").scroll_into_view_if_needed()
    assert phone.evaluate("scrollY") > 740  # more than a screen down
    assert in_viewport(phone, "#sheet .scorebar") and in_viewport(phone, "#log tr#hand-3")
    phone.evaluate("window.scrollTo(0, 0)")
    # Undo: the bar, the message and the question are in sight; the removed hand waits in the form.
    thumb.tap(".undo-form button")
    expect(phone.locator("#play-message")).to_contain_text("Hand 40 removed")
    settled(phone)
    for selector in ON_SCREEN:
        assert in_viewport(phone, selector), f"{selector} is off screen after undo"
    assert phone.problems == []


def test_an_edit_comes_back_to_the_sheet_with_the_changed_row_in_sight(phone: Page):
    start(phone)
    thumb = Thumb(phone)
    tap_paper_hand(thumb, 0, 20, 20)
    tap_paper_hand(thumb, 1, 20, 20)
    phone.goto(phone.url.split("#")[0].split("?")[0] + "/hands/1/edit")
    phone.locator("#took_points-group label:has(input[value='25'])").click()
    phone.get_by_role("button", name="Save the change to hand 1").click()
    expect(phone.locator(".flash")).to_contain_text("Hand 1 changed")
    assert in_viewport(phone, "#latest-hand-1") and in_viewport(phone, "#sheet .scorebar")
    assert in_viewport(phone, "#bidder-group legend")


@pytest.mark.parametrize("points", [0, 5, 10, 15, 20, 25, 30])
@pytest.mark.parametrize("rules", ["New England auction", "Nova Scotia 120"])
def test_two_sides_any_points_in_four_taps(page: Page, live_server, points, rules):
    start(page, rules=rules)
    thumb = Thumb(page)
    tap_paper_hand(thumb, 1, 15, points)
    assert thumb.count == 4
    running = page.locator("#latest-hand-1 .running").all_inner_texts()
    bob_dan = points if points >= 15 else -15
    if points == 30 and rules == "Nova Scotia 120":
        bob_dan = 60  # all five tricks score 60 there
    assert running == [str(30 - points), str(bob_dan).replace("-", "\u2212")]  # below zero with a true minus sign


def test_trick_entry_is_remembered_for_the_game_and_any_hand_takes_four_taps(page: Page):
    start(page)
    page.get_by_role("link", name="Enter tricks instead of points").click()
    thumb = Thumb(page)
    for took, (us, them) in [("3h", (20, 10)), ("2", (0, 30)), ("5h", (30, 30))]:
        thumb.count = 0
        thumb.tap("label[for=bidder-0]")
        thumb.tap("#bid-group label:has(input[value='20'])")
        thumb.tap(f"#took-group label:has(input[value='{took}'])")
        n = thumb.save()
        assert thumb.count == 4
        assert page.locator(f"#latest-hand-{n} .running").all_inner_texts() == [str(us), str(them)]
    page.reload()
    expect(page.locator("#took-group")).to_be_visible()  # still tricks, no switch in every hand


def test_three_sides_take_five_taps_on_paper_and_six_by_tricks(page: Page):
    start(page, players=("Ann", "Bob", "Cathy"), mode="cut-throat")
    expect(page.locator("h1")).to_have_text("Ann v Bob v Cathy")
    thumb = Thumb(page)
    thumb.tap("label[for=bidder-0]")
    thumb.tap("#bid-group label:has(input[value='20'])")
    thumb.tap("#points-0-group label:has(input[value='20'])")
    thumb.tap("#points-1-group label:has(input[value='5'])")
    n = thumb.save()  # Cathy's 5 is worked out
    assert thumb.count <= 6 and thumb.count == 5
    assert page.locator(f"#latest-hand-{n} .running").all_inner_texts() == ["20", "5", "5"]
    page.get_by_role("link", name="Enter tricks instead of points").click()
    thumb.count = 0
    thumb.tap("label[for=bidder-1]")
    thumb.tap("#bid-group label:has(input[value='15'])")
    thumb.tap("#side_tricks-0-group label:has(input[value='1'])")
    thumb.tap("#side_tricks-1-group label:has(input[value='3'])")
    thumb.tap("#high-group label:has(input[value='1'])")
    n = thumb.save()
    assert thumb.count == 6
    assert page.locator(f"#latest-hand-{n} .running").all_inner_texts() == ["25", "25", "10"]


def test_who_deals_first_names_the_players_as_they_are_typed(page: Page):
    page.goto("/games/new")
    page.fill("#players-0", "Ann")
    page.fill("#players-1", "Bob")
    expect(page.locator("label[for=first_dealer-1]")).to_have_text("Bob")
    page.locator("label[for=first_dealer-1]").click()
    page.fill("#players-2", "Cathy")
    page.fill("#players-3", "Dan")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(".bar-deal")).to_contain_text("Hand 1: Bob deals, Cathy bids first")


def test_invite_the_table_from_the_top_of_the_sheet(page: Page):
    start(page)
    sheet = page.url
    invite = page.get_by_role("link", name="Invite the table")
    expect(invite).to_be_in_viewport(ratio=1)  # at the top, no scrolling
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    invite.click()
    qr = page.get_by_role("img", name="QR code of the link to watch the score")
    expect(qr).to_be_in_viewport(ratio=1)
    assert qr.bounding_box()["width"] >= 250  # big enough to scan across the table
    link = page.locator("#view-link").input_value()
    assert "/view/" in link and link.split("/")[-1] not in sheet
    # The phone's share sheet only where the browser has one; copying works here.
    has_share = page.evaluate("() => typeof navigator.share === 'function'")
    share = page.locator("button[data-share]")
    expect(share).to_have_text("Share the link…")
    if has_share:
        expect(share).to_be_visible()
    else:
        expect(share).to_be_hidden()
    page.get_by_role("button", name="Copy the link").click()
    expect(page.locator("[data-copied]")).to_have_text("Copied. Paste it in a message to the table.")
    assert page.evaluate("() => navigator.clipboard.readText()") == link
    # Keeping score is a step of its own, which says what it hands over.
    page.get_by_role("link", name="Let another phone keep score…").click()
    expect(page.locator(".lede")).to_contain_text("record, undo and change hands")
    expect(page.locator("#edit-link")).to_have_value(sheet)


def test_a_refused_new_game_brings_its_message_into_view_and_reads_it_out(page: Page):
    page.goto("/games/new")
    page.fill("#players-0", "Ann")
    page.get_by_role("button", name="Start the game").click()
    problem = page.locator("#new-game-error")
    expect(problem).to_be_in_viewport(ratio=1)
    expect(problem).to_be_focused()
    expect(problem).to_have_attribute("role", "alert")
    expect(problem).to_contain_text("Write the names of at least two players")


def test_without_javascript_a_saved_hand_opens_on_the_same_view(no_script_page):
    page = no_script_page
    start(page)
    for n, (bidder, points) in enumerate([(0, 20), (1, 10), (0, 25)], start=1):
        page.locator(f"label[for=bidder-{bidder}]").click()
        page.locator("#bid-group label:has(input[value='20'])").click()
        page.locator(f"#took_points-group label:has(input[value='{points}'])").click()
        page.locator(".button-save").click()
        expect(page.locator("#play-message")).to_have_text(f"Hand {n} recorded.")
        for selector in (*ON_SCREEN, f"#latest-hand-{n}"):
            assert in_viewport(page, selector), f"{selector} is off screen after hand {n} without JavaScript"


def test_the_new_game_for_four_fits_about_a_screen_and_a_half(page: Page):
    page.goto("/games/new")
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height <= 1.55 * 740, f"the new game page is {height}px tall"
    for seat in range(4):
        expect(page.locator(f"#players-{seat}")).to_be_in_viewport(ratio=1)
    expect(page.locator("#players-4")).to_be_hidden()  # more on demand
    expect(page.locator("#opt_target")).to_be_hidden()  # house rules folded away


def test_a_tie_for_the_win_is_asked_on_the_sheet_with_big_buttons_naming_the_sides(phone: Page, live_server):
    """Cut-throat under the last-trick tie-break: the hand that ties asks which side took the later trick."""
    sides = [{"name": n, "players": [n]} for n in ("Ada", "Bea", "Cal")]
    rules = {"preset": "new-england", "on_the_green": False, "tie_break": "last-trick"}
    game = api(live_server, "POST", "/api/v1/games", {"rules": rules, "sides": sides, "scores": [105, 105, 0]})
    phone.goto(f"/games/{game['id']}/{game['edit_token']}")
    expect(phone.locator("#tie_break_side-group")).to_have_count(0)

    thumb = Thumb(phone)
    thumb.tap("label[for=bidder-2]")
    thumb.tap("#bid-group label:has(input[value='15'])")
    thumb.tap("#points-0-group label:has(input[value='15'])")
    thumb.tap("#points-1-group label:has(input[value='15'])")
    with phone.expect_response(lambda r: r.url.endswith("/hands") and r.request.method == "POST") as answer:
        thumb.tap(".button-save")
    assert answer.value.status == 422
    question = phone.locator("#tie_break_side-group")
    expect(question.locator("legend")).to_have_text("Tied for the win: who took the later trick?")
    expect(question.get_by_role("alert")).to_have_text(
        "Ada and Bea are tied at 120: say which of them took the later trick"
    )
    # The question comes first in the hand, in sight without scrolling.
    expect(question).to_be_in_viewport()
    buttons = question.locator("label.choice")
    expect(buttons).to_have_text(["Ada", "Bea"])
    for box in (buttons.nth(i).bounding_box() for i in range(2)):
        assert box is not None and box["height"] >= 44 and box["width"] >= 44
    # What was tapped is still there: one tap answers, one saves.
    expect(phone.locator("#points-1-group input[value='15']")).to_be_checked()
    thumb.tap("label[for=tie_break_side-1]")
    with phone.expect_response(lambda r: r.url.endswith("/hands") and r.request.method == "POST") as answer:
        thumb.tap(".button-save")
    assert answer.value.status == 200
    expect(phone.locator("#latest-hand-1")).to_be_visible()
    expect(phone.locator("#play-message")).to_contain_text("Bea took the later trick and wins")
    assert thumb.count == 7
    # The refusal itself is logged by the browser as a 422; nothing else went wrong.
    assert [p for p in phone.problems if "status of 422" not in p] == []
