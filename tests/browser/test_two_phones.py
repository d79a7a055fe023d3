"""Two phones on one game: what one records, the other shows within seconds, without reloading."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests._support.live_api import api
from tests._support.steps import watched_pages

FOLLOW_TIMEOUT_MS = 6_000  # polls every 3 s, so a change shows within about 5 s


@pytest.fixture
def phones(browser, browser_context_args):
    """Two separate phones (browser contexts, no shared cookies)."""
    yield from watched_pages(browser, browser_context_args, browser_context_args)


def record_elsewhere(live_server, game: dict, n: int, *, bidder: int, points: list[int], bid: int = 20) -> None:
    """Another program records hand *n* through the API."""
    hand = {"n": n, "bidder": bidder, "bid": bid, "points": points}
    api(live_server, "POST", f"/api/v1/games/{game['id']}/hands", hand, game["edit_token"])


def open_and_mark(page, url: str) -> None:
    """Open *url* and mark the page, so that a reload would show: the mark is gone after one."""
    page.goto(url)
    page.evaluate("window.__samePage = true")


def tap_hand(page, *, bidder: int, tricks: int = 5, save: int | None = None) -> None:
    """Tap a hand into the form at a bid of 20; with ``save``, tap "Save hand <save>" too."""
    page.locator(f"label[for=bidder-{bidder}]").click()
    page.locator("label[for=bid-1]").click()
    page.locator(f"#took_points-group label:has(input[value='{5 * tricks + 5}'])").click()
    if save is not None:
        page.get_by_role("button", name=f"Save hand {save}").click()


def next_poll(page) -> int:
    """Wait for the page's next poll to be answered; return its status."""
    with page.expect_response(lambda response: "/poll/" in response.url, timeout=FOLLOW_TIMEOUT_MS) as answer:
        pass
    return answer.value.status


def poll_statuses(page) -> list[int]:
    statuses: list[int] = []
    page.on("response", lambda response: statuses.append(response.status) if "/poll/" in response.url else None)
    return statuses


def test_a_hand_recorded_elsewhere_shows_on_both_phones_without_a_reload(phones, live_game, live_server):
    keeper, follower = phones
    keeper.goto(live_game["links"]["edit"])
    follower.goto(live_game["links"]["view"])
    for page in phones:
        expect(page.locator("#log")).to_contain_text("No hands yet")
        page.evaluate("window.__samePage = true")
    follower_polls = poll_statuses(follower)

    # The phone following the score has nothing that could change the game.
    assert follower.locator("form:not(.language-choice)").count() == 0
    assert follower.locator("main button[type=submit], main input[type=submit]").count() == 0
    expect(follower.get_by_role("link", name="Invite the table")).to_be_attached()

    # Nothing changes: the polls come back empty and the sheet stays.
    assert next_poll(follower) == 304
    assert follower_polls and set(follower_polls) == {304}, follower_polls
    expect(follower.locator("#log")).to_contain_text("No hands yet")

    # Another program records a hand through the API.
    record_elsewhere(live_server, live_game, 1, bidder=1, points=[10, 20])

    for page in phones:
        expect(page.locator("#log tbody tr#hand-1")).to_be_visible(timeout=FOLLOW_TIMEOUT_MS)
        expect(page.locator("#sheet .scorebar")).to_contain_text("20")
        expect(page.locator("#live .live-cue")).to_have_text("Updated")
        assert page.evaluate("window.__samePage") is True, "the page was reloaded"
    expect(keeper.locator("#log")).to_contain_text("Undo hand 1")
    expect(follower.locator("#log")).not_to_contain_text("Undo")
    assert follower.locator("form:not(.language-choice)").count() == 0

    # The poller now asks from the new version: the next polls are empty again, not the same sheet over and over.
    follower_polls.clear()
    assert next_poll(follower) == 304
    assert follower_polls and set(follower_polls) == {304}, follower_polls
    for page in phones:
        assert page.problems == [], page.problems


def test_a_second_change_follows_the_first(phones, live_game, live_server):
    keeper, follower = phones
    open_and_mark(follower, live_game["links"]["view"])
    record_elsewhere(live_server, live_game, 1, bidder=1, points=[10, 20])
    expect(follower.locator("#log tr#hand-1")).to_be_visible(timeout=FOLLOW_TIMEOUT_MS)
    record_elsewhere(live_server, live_game, 2, bidder=0, bid=25, points=[30, 0])
    expect(follower.locator("#log tr#hand-2")).to_be_visible(timeout=FOLLOW_TIMEOUT_MS)
    api(live_server, "DELETE", f"/api/v1/games/{live_game['id']}/hands/last", None, live_game["edit_token"])
    expect(follower.locator("#log tr#hand-2")).to_have_count(0, timeout=FOLLOW_TIMEOUT_MS)
    expect(follower.locator("#log tr#hand-1")).to_be_visible()
    assert follower.evaluate("window.__samePage") is True
    assert follower.problems == []


def test_scrolled_down_the_follower_stays_where_it_was(phones, live_game, live_server):
    _, follower = phones
    hands = f"/api/v1/games/{live_game['id']}/hands"

    def set_hand(n):  # the bidder is set each time, so nobody gets near the target
        return {"n": n, "bidder": n % 2, "bid": 20, "points": [10, 20] if n % 2 == 0 else [20, 10]}

    for n in range(1, 9):
        api(live_server, "POST", hands, set_hand(n), live_game["edit_token"])
    follower.goto(live_game["links"]["view"])
    follower.evaluate("window.scrollTo(0, 400)")
    before = follower.evaluate("window.scrollY")
    assert before > 0, "the sheet is too short to scroll"
    api(live_server, "POST", hands, set_hand(9), live_game["edit_token"])
    expect(follower.locator("#log tr#hand-9")).to_be_attached(timeout=FOLLOW_TIMEOUT_MS)
    assert abs(follower.evaluate("window.scrollY") - before) < 50


def test_replacing_the_edit_link_stops_the_old_one_following(phones, live_game, live_server):
    keeper, other_keeper = phones
    other_keeper.goto(live_game["links"]["edit"])
    keeper.goto(live_game["links"]["edit"])
    keeper.get_by_role("link", name="Invite the table").click()
    keeper.get_by_role("link", name="Let another phone keep score…").click()
    expect(keeper.get_by_text("record, undo and change hands")).to_be_visible()
    qr = keeper.get_by_role("img", name="QR code of the link to keep score")
    expect(qr).to_be_visible()
    # The code is an image of its own: wait for it to arrive, then it must have drawn.
    keeper.wait_for_function("(img) => img.complete", arg=qr.element_handle())
    assert keeper.evaluate("(img) => img.naturalWidth > 0", qr.element_handle())
    keeper.get_by_role("button", name="Replace the link to keep score").click()
    expect(keeper.get_by_text("old link to keep score no longer works")).to_be_visible()
    assert live_game["edit_token"] not in keeper.url

    expect(other_keeper.locator("#live")).to_contain_text("no longer follows the game", timeout=FOLLOW_TIMEOUT_MS)


def test_the_phone_that_records_is_not_told_its_own_news(phones, live_game):
    keeper, follower = phones
    keeper.goto(live_game["links"]["edit"])
    follower.goto(live_game["links"]["view"])
    keeper_polls = poll_statuses(keeper)

    tap_hand(keeper, bidder=1, save=1)
    expect(keeper.locator("#log tr#hand-1")).to_be_visible()
    expect(follower.locator("#log tr#hand-1")).to_be_visible(timeout=FOLLOW_TIMEOUT_MS)
    expect(follower.locator("#sheet .scorebar")).to_contain_text("30")

    # The keeper's sheet already shows hand 1, so its polls stay empty and nothing flashes "Updated".
    keeper_polls.clear()
    assert next_poll(keeper) == 304
    assert keeper_polls and set(keeper_polls) == {304}, keeper_polls
    expect(keeper.locator("#live .live-cue")).to_have_text("")
    assert keeper.problems == [] and follower.problems == []


def test_a_phone_that_loses_the_network_says_so_quietly_and_catches_up(phones, live_game, live_server):
    _, follower = phones
    follower.goto(live_game["links"]["view"])
    follower.context.set_offline(True)
    expect(follower.locator("#live")).to_contain_text("No connection", timeout=FOLLOW_TIMEOUT_MS)
    # A poll nobody asked for is not reported as something that failed to save.
    banner = follower.locator("#request-error")
    if banner.count():
        expect(banner).to_be_hidden()
    record_elsewhere(live_server, live_game, 1, bidder=1, points=[10, 20])
    follower.context.set_offline(False)
    expect(follower.locator("#log tr#hand-1")).to_be_visible(timeout=FOLLOW_TIMEOUT_MS)
    expect(follower.locator("#live")).not_to_contain_text("No connection")
    expect(follower.locator("#live .live-cue")).to_have_text("Updated")


def test_an_untouched_hand_form_moves_on_to_the_next_hand_a_started_one_is_kept(phones, live_game, live_server):
    keeper, other = phones
    open_and_mark(keeper, live_game["links"]["edit"])

    # Another phone records hand 1 while this one's form lies untouched: the form moves on to hand 2.
    record_elsewhere(live_server, live_game, 1, bidder=1, points=[10, 20])
    expect(keeper.locator("#record h2")).to_have_text("Record hand 2", timeout=FOLLOW_TIMEOUT_MS)
    expect(keeper.locator("#log tr#hand-1")).to_be_visible()
    tap_hand(keeper, bidder=0, save=2)
    expect(keeper.locator("#log tr#hand-2")).to_be_visible()
    expect(keeper.locator("#record h2")).to_have_text("Record hand 3")

    # Half-way through entering hand 3, another phone records it: what was tapped stays put...
    keeper.locator("label[for=bidder-1]").click()
    record_elsewhere(live_server, live_game, 3, bidder=0, points=[20, 10])
    expect(keeper.locator("#log tr#hand-3")).to_be_visible(timeout=FOLLOW_TIMEOUT_MS)
    expect(keeper.locator("#record h2")).to_have_text("Record hand 3")
    expect(keeper.locator("#bidder-1")).to_be_checked()
    # ...and saving it says another phone got there first, and records nothing.
    keeper.locator("label[for=bid-1]").click()
    keeper.locator("#took_points-group label:has(input[value='30'])").click()
    keeper.get_by_role("button", name="Save hand 3").click()
    expect(keeper.locator("#play")).to_contain_text("Hand 3 was just recorded by another phone")
    expect(keeper.locator("#log tr#hand-4")).to_have_count(0)
    expect(keeper.locator("#record h2")).to_have_text("Record hand 4")
    state = api(live_server, "GET", f"/api/v1/games/{live_game['id']}")
    assert len(state["hands"]) == 3
    assert keeper.evaluate("window.__samePage") is True
    # The browser logs the refused save (409) itself; nothing else went wrong on the page.
    assert [p for p in keeper.problems if "409" not in p] == [], keeper.problems
