"""A whole game on a phone-sized Chromium: start, record, undo, change an old hand, win."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests._support.offline import cut_signal
from tests._support.sheet import start_partners_game, tap

pytestmark = pytest.mark.browser


def record(
    page: Page,
    *,
    bidder: int | None = None,
    bid: int | None = None,
    tricks: int,
    high: int | None = None,
    bagged: bool = False,
) -> None:
    """Record the next hand by tapping, as a player would, and wait for the sheet to show it."""
    form = page.locator("#hand-form")
    number = form.locator("input[name='n']").input_value()
    if bagged:
        tap(page, "bagged")
    if bidder is not None:
        tap(page, f"bidder-{bidder}")
    if bid is not None:
        page.locator(f"#bid-group label:has(input[value='{bid}'])").click()
    # As on paper: the bidding side's points, 5 a trick and 5 for the high.
    side = bidder if bidder is not None else 0
    points = 5 * tricks + (5 if high == side or tricks == 5 else 0)
    page.locator(f"#took_points-group label:has(input[value='{points}'])").click()
    form.get_by_role("button", name=f"Save hand {number}").click()
    expect(page.locator(f"#hand-{number}")).to_be_visible()


def totals(page: Page, n: int) -> list[str]:
    return [t.strip() for t in page.locator(f"#hand-{n} .running").all_inner_texts()]


def no_sideways_scroll(page: Page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_play_a_game_to_the_end_on_a_phone(page: Page, page_problems):
    page.goto("/games/new")
    for seat, name in enumerate(["Ann", "Bob", "Cal", "Dee"]):
        page.fill(f"#players-{seat}", name)
    assert no_sideways_scroll(page)
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("h1")).to_have_text("Ann & Cal v Bob & Dee")
    expect(page.locator(".bar-deal")).to_contain_text("Ann deals")

    # 1. Nobody bids: Ann's side is bagged at 15 and takes 4 tricks and the high.
    record(page, bagged=True, tricks=4, high=0)
    expect(page.locator("#hand-1")).to_contain_text("bagged")
    assert totals(page, 1) == ["25", "5"]

    # 2. Them bid 25 and take 2 tricks with the high: set.
    record(page, bidder=1, bid=25, tricks=2, high=1)
    expect(page.locator("#hand-2")).to_contain_text("set")
    expect(page.locator("#hand-2 .delta.circled")).to_have_text("−25")
    expect(page.locator("#hand-2 .running.circled")).to_have_text("−20")

    # 3 and 4. Us bid 30 and take everything, twice: 100, on the green.
    record(page, bidder=0, bid=30, tricks=5)
    record(page, bidder=0, bid=30, tricks=5)
    assert totals(page, 4) == ["100", "−20"]
    expect(page.locator("#sheet .bar-side").first).to_contain_text("on the green")

    # Undo hand 4 in one tap, then enter it again from the filled-in form.
    page.get_by_role("button", name=re.compile(r"Undo hand 4 \(Dee's deal: Ann & Cal bid 30\)")).click()
    expect(page.locator(".flash")).to_contain_text("Hand 4 removed")
    expect(page.locator("#hand-4")).to_have_count(0)
    expect(page.locator("#record-title")).to_have_text("Enter hand 4 again")
    page.locator("#hand-form").get_by_role("button", name="Save hand 4").click()
    expect(page.locator("#hand-4")).to_be_visible()
    assert totals(page, 4) == ["100", "−20"]

    # Change hand 3: Us bid 25 and took 4 tricks and the high. Hand 4's total follows.
    page.get_by_role("link", name="Change hand 3").click()
    expect(page.locator("h1")).to_have_text("Change hand 3")
    page.locator("#bid-group label:has(input[value='25'])").click()
    page.locator("#took_points-group label:has(input[value='25'])").click()
    page.get_by_role("button", name="Save the change to hand 3").click()
    expect(page.locator("#hand-3")).to_contain_text("edited")
    assert totals(page, 3) == ["65", "−15"]
    assert totals(page, 4) == ["95", "−15"]
    assert no_sideways_scroll(page)

    # 5. Us bid 30 and make it: the bidder goes out.
    record(page, bidder=0, bid=30, tricks=5)
    banner = page.locator(".banner-win")
    expect(banner).to_contain_text("Ann & Cal won!")
    expect(banner).to_contain_text("Ann & Cal bid 30 and made it: the bidder goes out with 125.")
    expect(page.locator("#hand-form")).to_have_count(0)

    assert no_sideways_scroll(page)
    assert page_problems.all() == []


def test_a_refused_hand_keeps_what_was_tapped(page: Page, page_problems):
    page.goto("/games/new")
    page.fill("#players-0", "Ann")
    page.fill("#players-1", "Bob")
    tap(page, "mode-1")
    page.get_by_role("button", name="Start the game").click()
    tap(page, "bidder-0")
    page.locator("#took_points-group label:has(input[value='15'])").click()
    page.locator("#hand-form").get_by_role("button", name="Save hand 1").click()
    expect(page.locator("#bid-error")).to_have_text("Tap the bid.")
    expect(page.locator("#bidder-0")).to_be_checked()
    expect(page.locator("#hand-1")).to_have_count(0)
    assert no_sideways_scroll(page)
    # The browser notes the 422 answer itself; anything else would be a fault of the page.
    assert [p for p in page_problems.all() if "status of 422" not in p] == []


def test_a_weak_signal_loses_nothing_and_saves_nothing_twice(page: Page, page_problems):
    start_partners_game(page)
    sheet_url = page.url
    page.wait_for_load_state("load")  # the no-signal help follows the page (app.js loads offline-page.js)

    # No signal at all: the hand is kept on the phone, marked "not sent yet", and sent when the signal returns.
    tap(page, "bidder-1")
    page.locator("#bid-group label:has(input[value='20'])").click()
    page.locator("#took_points-group label:has(input[value='25'])").click()
    cut_signal(page)
    page.locator("#hand-form").get_by_role("button", name="Save hand 1").click()
    expect(page.locator("#log [data-queued='1']")).to_contain_text("not sent yet")
    expect(page.locator("#hand-1")).to_have_count(0)
    page.context.set_offline(False)
    expect(page.locator("#hand-1")).to_be_visible(timeout=15_000)
    expect(page.locator("#play [data-queued]")).to_have_count(0)

    # The hand reaches the server but the answer is lost on the way back: the form's own
    # request is sent from the page, and its answer thrown away.
    save = page.locator("#hand-form").get_by_role("button", name="Save hand 2")
    tap(page, "bidder-0")
    page.locator("#bid-group label:has(input[value='20'])").click()
    page.locator("#took_points-group label:has(input[value='25'])").click()
    status = page.evaluate("""async () => {
        const form = document.querySelector('#hand-form');
        const answer = await fetch(form.action, {method: 'POST', body: new FormData(form)});
        return answer.status;
    }""")
    assert status == 200  # recorded (the redirect to the sheet was followed)

    # Tapping Save again records nothing twice, and says the hand is already on the sheet.
    save.click()
    expect(page.locator("#play")).to_contain_text("Hand 2 is already on the sheet")
    expect(page.locator("#hand-2")).to_be_visible()
    expect(page.locator("#record h2")).to_have_text("Record hand 3")
    page.goto(sheet_url)
    expect(page.locator("#log tbody tr[id^=hand-]")).to_have_count(2)
    # Being offline and the refused resend are noted by the browser and htmx; nothing else went wrong.
    expected = ("status of 409", "ERR_INTERNET_DISCONNECTED", "htmx:sendError", "htmx:afterRequest")
    assert [p for p in page_problems.all() if not any(e in p for e in expected)] == []


def test_the_rules_change_before_the_first_hand(page: Page, page_problems):
    start_partners_game(page)
    expect(page.locator(".sheet-rules")).to_contain_text("New England auction")
    page.get_by_role("link", name="Change the rules (before the first hand)").click()
    page.locator(".preset-choice label:has-text('Nova Scotia 120')").click()
    page.locator("details.house-rules summary").click()
    page.fill("#opt_target", "100")
    assert no_sideways_scroll(page)
    page.get_by_role("button", name="Play by these rules").click()
    expect(page.locator(".sheet-rules")).to_contain_text("Nova Scotia 120 · game to 100")
    # A hand may be worth 25 under these rules: a box says nobody took the high; left alone, it is 30.
    tap(page, "bidder-0")
    page.locator("#bid-group label:has(input[value='20'])").click()
    page.locator("#took_points-group label:has(input[value='15'])").click()
    tap(page, "no_high")
    page.locator("#hand-form").get_by_role("button", name="Save hand 1").click()
    expect(page.locator("#hand-1 .running")).to_have_text(["−20", "10"])
    expect(page.get_by_role("link", name="Change the rules (before the first hand)")).to_have_count(0)
    assert page_problems.all() == []


def test_printed_the_sheet_shows_the_scores_without_the_buttons(page: Page, page_problems):
    start_partners_game(page)
    record(page, bidder=0, bid=20, tricks=3, high=0)
    page.emulate_media(media="print")
    expect(page.locator("#hand-1")).to_be_visible()
    expect(page.locator(".scorebar")).to_be_visible()
    for hidden in ("#record", ".site-header", ".game-actions", ".undo-form", "#invite"):
        expect(page.locator(hidden)).to_be_hidden()
    assert page_problems.all() == []


def test_a_hand_half_entered_survives_a_reload_until_it_is_saved(page: Page, page_problems):
    start_partners_game(page)
    tap(page, "bidder-1")
    page.locator("#bid-group label:has(input[value='25'])").click()
    page.locator("#took_points-group label:has(input[value='25'])").click()

    # The tab is reloaded (or closed and opened again): the taps are still there.
    page.reload()
    expect(page.locator("#bidder-1")).to_be_checked()
    expect(page.locator("#bid-group input[value='25']")).to_be_checked()
    expect(page.locator("#took_points-group input[value='25']")).to_be_checked()
    page.locator("#hand-form").get_by_role("button", name="Save hand 1").click()
    expect(page.locator("#hand-1")).to_contain_text("25")

    # Once saved, the entry is done with: the next hand starts empty, after a reload too.
    page.reload()
    expect(page.locator("#record h2")).to_have_text("Record hand 2")
    expect(page.locator("#hand-form input[name='bidder']:checked")).to_have_count(0)
    expect(page.locator("#hand-form input[name='took_points']:checked")).to_have_count(0)
    expect(page.locator("#log tbody tr[id^=hand-]")).to_have_count(1)
    assert page_problems.all() == []
