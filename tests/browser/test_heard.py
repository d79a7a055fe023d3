"""The score heard, not only seen, at 360 × 740: the screen reader's status line and rows, and "Read aloud".

The status line is read through the accessibility tree (Playwright's ARIA snapshot), as a screen reader
gets it; every change of its text is counted, so a poll that changes nothing can be seen to say nothing.
``speechSynthesis.speak`` is replaced by a recorder before the page loads: what it was given is what a
player would have heard.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests._support.live_api import api
from tests._support.steps import phone_of_its_own

SIDES = [{"name": "Ann & Cathy", "players": ["Ann", "Cathy"]}, {"name": "Bob & Dan", "players": ["Bob", "Dan"]}]
FOLLOW_MS = 8_000

# Count what the status line says: each change of its text, once.
COUNT_SAID = """
() => {
  window.__said = [];
  const line = document.getElementById('said');
  new MutationObserver(() => { if (line.textContent) window.__said.push(line.textContent); })
    .observe(line, {childList: true, characterData: true, subtree: true});
}
"""

# Before the page's own scripts: a speechSynthesis that records instead of speaking, with the voices given.
RECORD_SPEECH = """
(() => {
  window.__spoken = [];
  const voices = %s;
  const synth = window.speechSynthesis;
  synth.speak = (u) => window.__spoken.push([u.text, u.lang]);
  synth.cancel = () => {};
  synth.getVoices = () => voices;
})();
"""


def phone(browser, browser_context_args, locale="en-CA", voices="[]"):
    for page in phone_of_its_own(browser, browser_context_args, locale=locale):
        page.add_init_script(RECORD_SPEECH % voices)
        yield page


@pytest.fixture
def keeper(browser, browser_context_args):
    yield from phone(browser, browser_context_args)


@pytest.fixture
def watcher(browser, browser_context_args):
    yield from phone(browser, browser_context_args)


@pytest.fixture
def french_watcher(browser, browser_context_args):
    yield from phone(browser, browser_context_args, locale="fr-CA")


def record(live_server, game, n, bidder, bid, points):
    api(
        live_server,
        "POST",
        f"/api/v1/games/{game['id']}/hands",
        {"n": n, "bidder": bidder, "bid": bid, "points": points},
        game["edit_token"],
    )


def test_each_saved_hand_is_announced_once_over_ten_hands_with_polling(keeper: Page, watcher: Page, live_server):
    game = api(live_server, "POST", "/api/v1/games", {"sides": SIDES})
    keeper.goto(game["links"]["edit"])
    watcher.goto(game["links"]["view"])
    for page in (keeper, watcher):
        page.evaluate(COUNT_SAID)
    polls: list[int] = []
    watcher.on("response", lambda r: polls.append(r.status) if "/poll/" in r.url else None)

    # Five hands tapped on the keeping phone, five recorded elsewhere, each side set in turn (so nobody wins):
    # the watching phone hears all ten.
    for n in range(1, 11):
        if n > 1:  # the keeping phone's form has moved on to this hand
            expect(keeper.get_by_role("button", name=f"Save hand {n}")).to_be_attached(timeout=FOLLOW_MS)
        if n % 2:
            keeper.locator("label[for=bidder-0]").click()
            keeper.locator("#bid-group label:has(input[value='20'])").click()
            keeper.locator("#took_points-group label:has(input[value='15'])").click()
            keeper.get_by_role("button", name=f"Save hand {n}").click()
        else:
            record(live_server, game, n, 1, 20, [15, 15])
        expect(watcher.locator(f"#log #hand-{n}")).to_be_attached(timeout=FOLLOW_MS)
        expect(watcher.locator("#said")).to_contain_text(f"Hand {n}: ", timeout=FOLLOW_MS)

    # A few unchanged polls more: they say nothing.
    with watcher.expect_response(lambda r: "/poll/" in r.url and r.status == 304, timeout=FOLLOW_MS):
        pass
    with watcher.expect_response(lambda r: "/poll/" in r.url and r.status == 304, timeout=FOLLOW_MS):
        pass
    heard = watcher.evaluate("window.__said")
    assert [s.split(":")[0] for s in heard] == [f"Hand {n}" for n in range(1, 11)], heard
    assert 304 in polls

    # What the screen reader gets: the status line, as one sentence of the last hand and the standing.
    last = watcher.evaluate("window.__said[window.__said.length - 1]")
    assert last == (
        "Hand 10: Bob & Dan bid 20 and were set, 20 off."
        " Ann & Cathy minus 25, in the hole, Bob & Dan minus 25, in the hole. Cathy deals, Dan bids first."
    )
    snapshot = watcher.locator("main").aria_snapshot()
    assert f'- status: "{last}"' in snapshot or f"- status: {last}" in snapshot, snapshot

    # The keeping phone heard its own five and the five from elsewhere, each once too.
    mine = keeper.evaluate("window.__said")
    assert [s.split(":")[0] for s in mine] == [f"Hand {n}" for n in range(1, 11)], mine
    # Nothing was said aloud: nobody asked.
    assert watcher.evaluate("window.__spoken") == [] and keeper.evaluate("window.__spoken") == []


def test_rows_read_as_sentences_and_circles_and_crosses_have_words(watcher: Page, live_server):
    game = api(live_server, "POST", "/api/v1/games", {"sides": SIDES})
    record(live_server, game, 1, 0, 20, [25, 5])
    record(live_server, game, 2, 1, 25, [15, 15])
    watcher.goto(game["links"]["view"])
    log = watcher.locator("#log")
    expect(
        log.get_by_role("row", name="Hand 1: Ann & Cathy bid 20 and made it. Ann & Cathy 25, Bob & Dan 5.")
    ).to_be_attached()
    expect(
        log.get_by_role(
            "row",
            name="Hand 2: Bob & Dan bid 25 and were set, 25 off. Ann & Cathy 40, Bob & Dan minus 20, in the hole.",
        )
    ).to_be_attached()
    snapshot = log.aria_snapshot()
    assert "✗" not in snapshot and "✓" not in snapshot, snapshot
    # Inside the row, the circled bid and the circled total are said too.
    assert "set" in watcher.locator("#hand-2 .col-bid summary").aria_snapshot()
    assert "in the hole" in watcher.locator("#hand-2").inner_text() or "in the hole" in watcher.locator(
        "#hand-2"
    ).evaluate("(row) => row.textContent")
    # Headings a screen reader jumps by: the score, and (keeping) recording a hand.
    expect(watcher.get_by_role("heading", name="The score")).to_be_attached()


def test_the_french_sheet_is_heard_in_french(french_watcher: Page, live_server):
    game = api(live_server, "POST", "/api/v1/games", {"sides": SIDES})
    french_watcher.goto(game["links"]["view"])
    french_watcher.evaluate(COUNT_SAID)
    record(live_server, game, 1, 1, 25, [15, 15])
    expect(french_watcher.locator("#said")).to_contain_text("Donne 1", timeout=FOLLOW_MS)
    heard = french_watcher.evaluate("window.__said")
    assert heard == [
        "Donne 1\u00a0: Bob & Dan ont misé 25 et sont mis dedans, 25 de moins."
        " Ann & Cathy 15, Bob & Dan moins 25, dans le trou. Bob donne, Cathy mise en premier."
    ], heard
    expect(
        french_watcher.locator("#log").get_by_role(
            "row",
            name="Donne 1\u00a0: Bob & Dan ont misé 25 et sont mis dedans, 25 de moins."
            " Ann & Cathy 15, Bob & Dan moins 25, dans le trou.",
        )
    ).to_be_attached()
    french_watcher.get_by_role("button", name="Lire à voix haute").click()
    assert french_watcher.evaluate("window.__spoken") == [[heard[0], "fr"]]


def test_read_aloud_only_when_asked_and_each_new_hand_when_chosen(keeper: Page, live_server):
    game = api(live_server, "POST", "/api/v1/games", {"sides": SIDES})
    record(live_server, game, 1, 0, 20, [25, 5])
    keeper.goto(game["links"]["view"])
    expect(keeper.locator("#sheet .scorebar")).to_contain_text("25")
    keeper.wait_for_timeout(500)
    assert keeper.evaluate("window.__spoken") == [], "spoken before anyone asked"

    keeper.get_by_role("button", name="Read aloud").click()
    said = "Hand 1: Ann & Cathy bid 20 and made it. Ann & Cathy 25, Bob & Dan 5. Bob deals, Cathy bids first."
    assert keeper.evaluate("window.__spoken") == [[said, "en"]]

    # A new hand, not asked for: silent. Then "each new hand", kept on this phone across a reload.
    record(live_server, game, 2, 1, 25, [10, 20])
    expect(keeper.locator("#log #hand-2")).to_be_attached(timeout=FOLLOW_MS)
    assert len(keeper.evaluate("window.__spoken")) == 1
    keeper.get_by_label("Read each new hand aloud").check()
    keeper.reload()
    expect(keeper.get_by_label("Read each new hand aloud")).to_be_checked()
    assert keeper.evaluate("window.__spoken") == [], "a reload spoke"
    record(live_server, game, 3, 0, 20, [20, 10])
    expect(keeper.locator("#log #hand-3")).to_be_attached(timeout=FOLLOW_MS)
    keeper.wait_for_function("window.__spoken.length === 1")
    text, lang = keeper.evaluate("window.__spoken[0]")
    assert text.startswith("Hand 3: Ann & Cathy bid 20 and made it.") and lang == "en"


def test_no_voice_for_the_language_says_so_quietly(browser, browser_context_args, live_server):
    game = api(live_server, "POST", "/api/v1/games", {"sides": SIDES})
    for page in phone(browser, browser_context_args, locale="fr-CA", voices='[{"lang": "en-US", "name": "English"}]'):
        page.goto(game["links"]["view"])
        page.get_by_role("button", name="Lire à voix haute").click()
        expect(page.locator("[data-speak-note]")).to_be_visible()
        assert page.evaluate("window.__spoken") == []
        assert page.locator("#request-error").is_hidden()


@pytest.mark.parametrize(
    ("locale", "verdict"),
    [("en-CA", "Renege — not allowed"), ("fr-CA", "Renonce")],
)
def test_the_referees_verdict_is_announced(browser, browser_context_args, live_server, locale, verdict):
    for page in phone(browser, browser_context_args, locale=locale):
        page.goto("/referee?tool=legal&trump=H&trick=2h&hand=jh+kh+3c+4c+7d#tool-legal")
        page.locator("#legal-hand-cards button", has_text="3♣").tap()
        expect(page.locator("#verdict")).to_contain_text(verdict)
        # The verdict sits in a polite status region: a screen reader says it without being moved there.
        status = page.get_by_role("status").filter(has=page.locator("#verdict"))
        expect(status).to_have_count(1)
        assert verdict in status.aria_snapshot()
