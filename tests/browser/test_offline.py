"""No signal at the hall: a phone with the app's service worker, its network cut (Playwright's offline mode)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests._support.live_api import api
from tests._support.offline import KEPT_COPY, cut_signal, eventually, open_with_worker, recorded, tap_hand
from tests._support.steps import assert_readable, phone_of_its_own, watch

SENT_TIMEOUT_MS = 15_000  # the queue is sent on the "online" event, or within 4 s by its timer


@pytest.fixture
def phone(browser, browser_context_args):
    """A phone of its own: its own cookies, storage and service worker."""
    for page in phone_of_its_own(browser, browser_context_args, service_workers="allow"):
        yield watch(page)


def test_a_sheet_reopened_with_no_signal_is_the_last_one_seen_and_says_so(phone, live_game, live_server):
    open_with_worker(phone, live_game["links"]["edit"])
    tap_hand(phone, bidder=0, bid=20, tricks=4, high=0)
    phone.get_by_role("button", name="Save hand 1").click()
    expect(phone.locator("#hand-1")).to_be_visible()
    eventually(
        phone,
        f"caches.match({KEPT_COPY}).then((r) => r && r.text()).then((t) => !!t && t.includes('id=\"hand-1\"'))",
        "the sheet with hand 1 to be kept",
    )

    cut_signal(phone)
    phone.reload()
    # The sheet as last seen, with hand 1, marked as the phone's copy with the time it was fetched.
    expect(phone.locator("h1")).to_have_text("Us v Them")
    expect(phone.locator("#hand-1")).to_be_visible()
    banner = phone.locator("#offline-banner")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text(re.compile(r"Offline — last updated \d\d:\d\d"))

    # An address never opened on this phone: the app's own page, not the browser's error.
    phone.goto(live_server.url + "/games/new")
    expect(phone.locator("h1")).to_have_text("No signal")
    # The home page, where the installed app starts, lists this phone's games; this one opens from its copy.
    phone.goto(live_server.url + "/")
    expect(phone.locator("h1")).to_have_text("Forty-Fives")
    phone.locator(f"a.game-link[href$='{live_game['edit_token']}']").click()
    expect(phone.locator("#hand-1")).to_be_visible()
    expect(phone.locator("#offline-banner")).to_be_visible()
    # The rule book and the referee were kept when the worker was installed.
    phone.goto(live_server.url + "/rules")
    expect(phone.locator("#rank")).to_be_attached()
    phone.goto(live_server.url + "/referee")
    expect(phone.locator("#offline-banner")).to_contain_text("need the signal")
    phone.locator("#offline-banner").get_by_role("link", name="the rules, kept on this phone").click()
    expect(phone.locator("#rank-trump")).to_be_in_viewport()
    phone.context.set_offline(False)
    assert phone.problems == [] or all("net::ERR_INTERNET_DISCONNECTED" in p for p in phone.problems), phone.problems


HANDS = [  # (bidder, bid, tricks the bidder took, high) — nobody gets near 120
    (0, 20, 4, 0),
    (1, 25, 2, 1),
    (0, 20, 3, 0),
    (1, 20, 5, None),
    (0, 25, 4, 0),
]


def queued_numbers(page: Page) -> list[str]:
    return page.locator("#log [data-queued]").evaluate_all("rows => rows.map(r => r.dataset.queued)")


def test_five_hands_recorded_with_no_signal_wait_on_the_phone_and_are_sent_once_in_order(phone, live_game, live_server):
    open_with_worker(phone, live_game["links"]["edit"])
    cut_signal(phone)
    for n, (bidder, bid, tricks, high) in enumerate(HANDS, start=1):
        tap_hand(phone, bidder=bidder, bid=bid, tricks=tricks, high=high)
        phone.get_by_role("button", name=f"Save hand {n}").click()
        row = phone.locator(f"#log [data-queued='{n}']")
        expect(row).to_contain_text("not sent yet")
        # In the latest-hand area too, under the score bar.
        expect(phone.locator(f"#sheet #queue-panel [data-queued-item='{n}']")).to_contain_text("not sent yet")
        status = phone.locator("#queue-status")
        expect(status).to_have_text(
            f"Hand {n} is kept on this phone, not sent yet. It is sent when the signal returns."
        )
        expect(status).to_be_in_viewport()
        if n == 1:
            # A reload offers the next hand's empty form, never the taps of the hand already waiting.
            phone.reload()
            expect(phone.get_by_role("button", name="Save hand 2")).to_be_visible()
            expect(phone.locator("#log [data-queued='1']")).to_contain_text("not sent yet")
            assert phone.locator("#hand-form input[name=bidder]:checked").count() == 0, "hand 1's taps came back"
    assert queued_numbers(phone) == ["1", "2", "3", "4", "5"]
    expect(phone.locator("#log [data-queued='2']")).to_contain_text("Them")
    expect(phone.locator("#queue-panel")).to_contain_text("5 hands are kept on this phone, not sent yet")
    assert recorded(live_server, live_game) == []
    # A sixth, then undo: a waiting hand is just dropped, and its taps come back into the form.
    tap_hand(phone, bidder=1, bid=30, tricks=3, high=1)
    phone.get_by_role("button", name="Save hand 6").click()
    expect(phone.locator("#log [data-queued='6']")).to_contain_text("not sent yet")
    phone.get_by_role("button", name="Undo hand 6 (not sent yet)").click()
    expect(phone.locator("#log [data-queued='6']")).to_have_count(0)
    expect(phone.get_by_role("button", name="Save hand 6")).to_be_visible()
    assert phone.locator("#bidder-1").is_checked()

    # Still no signal: the tab is closed, and a new one finds the same five hands waiting.
    context = phone.context
    phone.close()
    phone = context.new_page()
    phone.goto(live_game["links"]["edit"])
    expect(phone.locator("#offline-banner")).to_contain_text("Offline — last updated")
    expect(phone.locator("#log [data-queued]")).to_have_count(5)
    assert queued_numbers(phone) == ["1", "2", "3", "4", "5"]
    expect(phone.get_by_role("button", name="Save hand 6")).to_be_visible()

    # The signal returns: sent in order, each once, and the sheet shows the server's totals.
    phone.context.set_offline(False)
    expect(phone.locator("#log [data-queued]")).to_have_count(0, timeout=SENT_TIMEOUT_MS)
    for n in range(1, 6):
        expect(phone.locator(f"#hand-{n}")).to_be_visible(timeout=SENT_TIMEOUT_MS)
    hands = recorded(live_server, live_game)
    assert [h["n"] for h in hands] == [1, 2, 3, 4, 5]
    assert [(h["bidder"], h["bid"]) for h in hands] == [(b, bid) for b, bid, _t, _h in HANDS]
    expect(phone.locator("#offline-banner")).to_have_count(0)
    phone.reload()
    assert queued_numbers(phone) == []
    assert len(recorded(live_server, live_game)) == 5


def test_a_hand_another_phone_took_meanwhile_is_a_conflict_and_nothing_is_lost(phone, live_game, live_server):
    open_with_worker(phone, live_game["links"]["edit"])
    cut_signal(phone)
    tap_hand(phone, bidder=0, bid=20, tricks=4, high=0)
    phone.get_by_role("button", name="Save hand 1").click()
    expect(phone.locator("#log [data-queued='1']")).to_contain_text("not sent yet")

    # Meanwhile another phone, with signal, records hand 1 differently.
    theirs = {"n": 1, "bidder": 1, "bid": 25, "tricks": [1, 4], "high": 1}
    api(live_server, "POST", f"/api/v1/games/{live_game['id']}/hands", theirs, live_game["edit_token"])

    phone.context.set_offline(False)
    conflict = phone.locator("#queue-panel [role=alert]")
    expect(conflict).to_contain_text("Hand 1 was recorded on another phone", timeout=SENT_TIMEOUT_MS)
    expect(phone.locator("#log [data-queued='1']")).to_contain_text("another phone recorded hand 1")
    expect(phone.locator("#hand-1")).to_be_visible(timeout=SENT_TIMEOUT_MS)  # theirs, from the server
    assert [(h["n"], h["bidder"]) for h in recorded(live_server, live_game)] == [(1, 1)]

    # The scorekeeper says both were real hands: this phone's follows as hand 2.
    phone.get_by_role("button", name="Different hands: add this phone's after it").click()
    expect(phone.locator("#hand-2")).to_be_visible(timeout=SENT_TIMEOUT_MS)
    expect(phone.locator("#log [data-queued]")).to_have_count(0)
    assert [(h["n"], h["bidder"], h["bid"]) for h in recorded(live_server, live_game)] == [(1, 1, 25), (2, 0, 20)]


def test_the_referee_with_no_signal_keeps_the_rules_and_says_answers_need_the_signal(phone, live_server):
    open_with_worker(phone, live_server.url + "/referee?tool=trick&trump=S")
    cut_signal(phone)
    phone.locator("#trick-form button[name=tap][value='8']").click()
    error = phone.locator("#request-error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("No signal: the referee's answers need the server")
    expect(phone.locator("#trick-answer")).to_have_count(0)
    # The rank of every card is still on the phone, in the rule book.
    phone.get_by_role("link", name="Rules", exact=True).click()
    expect(phone.locator("#rank-trump")).to_be_attached()
    phone.context.set_offline(False)


def test_chromium_finds_the_app_installable(phone, live_server):
    open_with_worker(phone, live_server.url + "/")
    scope = phone.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.scope)")
    assert scope == live_server.url + "/"
    cdp = phone.context.new_cdp_session(phone)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"] == live_server.url + "/manifest.webmanifest"
    assert manifest["errors"] == []
    # The browser's own installability check, the one Lighthouse reports. A test browser's context
    # is a private window, which the browser never installs from; that is the only thing it may say.
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert [e["errorId"] for e in errors if e["errorId"] != "in-incognito"] == []


def test_a_waiting_hand_the_rules_refuse_stops_the_queue_and_is_dropped_only_by_a_tap(phone, live_game, live_server):
    open_with_worker(phone, live_game["links"]["edit"])
    cut_signal(phone)
    # Hand 1 without a bid (nothing checks it on the phone: the rules are the server's), then hand 2.
    phone.locator("label[for='bidder-0']").click()
    phone.locator("#took_points-group label:has(input[value='25'])").click()
    phone.get_by_role("button", name="Save hand 1").click()
    tap_hand(phone, bidder=1, bid=20, tricks=5)
    phone.get_by_role("button", name="Save hand 2").click()
    expect(phone.locator("#log [data-queued]")).to_have_count(2)

    phone.context.set_offline(False)
    refusal = phone.locator("#queue-panel [role=alert]")
    expect(refusal).to_contain_text("Hand 1 was not recorded: Tap the bid.", timeout=SENT_TIMEOUT_MS)
    expect(phone.locator("#log [data-queued='1']")).to_contain_text("not sent: refused")
    phone.wait_for_timeout(5_000)  # the queue waits for the scorekeeper: hand 2 is not sent past it
    assert recorded(live_server, live_game) == []
    expect(phone.locator("#log [data-queued]")).to_have_count(2)

    # Dropped by a tap: the next hand moves up and is sent as hand 1.
    phone.get_by_role("button", name="Drop hand 1 (the hands after it move up one)").click()
    expect(phone.locator("#hand-1")).to_be_visible(timeout=SENT_TIMEOUT_MS)
    expect(phone.locator("#log [data-queued]")).to_have_count(0)
    assert [(h["n"], h["bidder"], h["bid"]) for h in recorded(live_server, live_game)] == [(1, 1, 20)]


def test_the_same_hand_entered_on_two_phones_is_kept_once_and_the_next_follows(phone, live_game, live_server):
    open_with_worker(phone, live_game["links"]["edit"])
    cut_signal(phone)
    tap_hand(phone, bidder=0, bid=20, tricks=4, high=0)
    phone.get_by_role("button", name="Save hand 1").click()
    tap_hand(phone, bidder=1, bid=20, tricks=5)
    phone.get_by_role("button", name="Save hand 2").click()
    expect(phone.locator("#log [data-queued]")).to_have_count(2)
    # The other phone entered the same deal, with the high given to the other side.
    theirs = {"n": 1, "bidder": 0, "bid": 20, "tricks": [4, 1], "high": 1}
    api(live_server, "POST", f"/api/v1/games/{live_game['id']}/hands", theirs, live_game["edit_token"])

    phone.context.set_offline(False)
    expect(phone.locator("#queue-panel [role=alert]")).to_contain_text(
        "This phone's hand 1: Us · 20 · took 25 points", timeout=SENT_TIMEOUT_MS
    )
    phone.get_by_role("button", name="Same hand: keep the other phone's, drop this one").click()
    expect(phone.locator("#hand-2")).to_be_visible(timeout=SENT_TIMEOUT_MS)
    expect(phone.locator("#log [data-queued]")).to_have_count(0)
    assert [(h["n"], h["bidder"]) for h in recorded(live_server, live_game)] == [(1, 0), (2, 1)]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_waiting_hands_and_the_kept_copy_read_well_in_light_and_dark(browser, browser_context_args, live_game, scheme):
    context = browser.new_context(**{**browser_context_args, "service_workers": "allow"}, color_scheme=scheme)
    phone = context.new_page()
    try:
        open_with_worker(phone, live_game["links"]["edit"])
        cut_signal(phone)
        tap_hand(phone, bidder=0, bid=20, tricks=4, high=0)
        phone.get_by_role("button", name="Save hand 1").click()
        tap_hand(phone, bidder=1, bid=25, tricks=2, high=1)
        phone.get_by_role("button", name="Save hand 2").click()
        phone.reload()  # the phone's copy, with its banner, and the two waiting hands
        expect(phone.locator("#offline-banner")).to_be_visible()
        expect(phone.locator("#sheet #queue-panel [data-queued-item]")).to_have_count(2)
        expect(phone.locator("#log [data-queued]")).to_have_count(2)
        # What speaks of the server's hands waits with them: the next deal, "No hands yet".
        expect(phone.locator(".bar-deal")).to_be_hidden()
        expect(phone.locator("#log .no-hands")).to_be_hidden()
        assert_readable(phone)
    finally:
        phone.context.set_offline(False)
        context.close()


def test_a_hand_kept_with_no_signal_and_its_notice_land_in_view_below_the_score_bar(phone, live_game, live_server):
    for n in range(1, 13):
        api(
            live_server,
            "POST",
            f"/api/v1/games/{live_game['id']}/hands",
            {"n": n, "bidder": n % 2, "bid": 30, "points": [25, 5] if n % 2 == 0 else [5, 25]},
            live_game["edit_token"],
        )
    open_with_worker(phone, live_game["links"]["edit"])
    cut_signal(phone)
    tap_hand(phone, bidder=0, bid=20, tricks=4)
    phone.get_by_role("button", name="Save hand 13").tap()
    status = phone.locator("#queue-status")
    expect(status).to_have_text("Hand 13 is kept on this phone, not sent yet. It is sent when the signal returns.")
    kept = phone.locator("#sheet #queue-panel [data-queued-item='13']")
    expect(kept).to_contain_text("not sent yet")
    bar = phone.locator("#sheet .scorebar").bounding_box()
    assert bar is not None and bar["y"] >= -0.5
    for what in (kept, status):
        box = what.bounding_box()
        assert box is not None
        assert box["y"] >= bar["y"] + bar["height"] - 0.5, "under the score bar"
        assert box["y"] + box["height"] <= 740 + 0.5, "below the screen"


def test_a_switch_of_language_is_never_undone_by_the_phones_copy(phone, live_game, live_server):
    open_with_worker(phone, live_game["links"]["edit"])
    expect(phone.locator(".button-save")).to_have_text("Save hand 1")
    # Français: the same sheet comes back in French from the server, and is kept beside the English copy.
    phone.get_by_role("button", name="Français").click()
    expect(phone.locator("html")).to_have_attribute("lang", "fr")
    expect(phone.locator(".button-save")).to_have_text("Enregistrer la donne 1")
    eventually(phone, f"caches.match({KEPT_COPY}).then((found) => !!found)", "the French copy of the page")
    # And the words the page says with no signal, which it asks for a moment after it shows.
    eventually(phone, "caches.match('/offline/words?lang=fr').then((found) => !!found)", "the French words kept")

    cut_signal(phone)
    phone.reload()
    # With no signal the phone shows its copy in the language it chose last, and says so in that language.
    expect(phone.locator("html")).to_have_attribute("lang", "fr")
    expect(phone.locator(".button-save")).to_have_text("Enregistrer la donne 1")
    expect(phone.locator("#offline-banner")).to_contain_text("Hors ligne")
    # An address never opened: the no-signal page, in French too.
    phone.goto(live_server.url + "/games/new")
    expect(phone.locator("h1")).to_have_text("Pas de signal")
    phone.context.set_offline(False)

    # Back to English: the network answers first, so the French copy never comes back in its place.
    phone.goto(live_game["links"]["edit"])
    phone.get_by_role("button", name="English").click()
    expect(phone.locator(".button-save")).to_have_text("Save hand 1")
    phone.reload()
    expect(phone.locator(".button-save")).to_have_text("Save hand 1")
