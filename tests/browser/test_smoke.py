"""The home page in a real Chromium at phone size."""

from playwright.sync_api import expect


def test_home_page_fits_a_phone_and_runs_clean(page, page_problems, live_server):
    response = page.goto("/")
    assert response is not None and response.status == 200

    expect(page.get_by_role("heading", name="Forty-Fives")).to_be_visible()
    start = page.get_by_role("link", name="Start a new game")
    expect(start).to_be_visible()
    box = start.bounding_box()
    assert box is not None and box["height"] >= 48, f"'Start a new game' is {box} — too small to tap"

    # htmx and the app's own script loaded from this server, under the CSP.
    page.wait_for_load_state("load")
    assert page.evaluate("typeof window.htmx") == "object"
    assert page.evaluate("htmx.config.includeIndicatorStyles") is False

    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the page scrolls sideways by {overflow}px at 360px wide"
    assert page_problems.all() == []


def test_a_refused_htmx_request_is_explained_on_the_page(page, page_problems, live_server):
    page.goto("/")
    banner = page.locator("#request-error")
    expect(banner).to_be_hidden()
    # The phone sat on the table for hours and its form token went stale:
    # htmx does not swap a 400, so the banner tells the player what to do.
    page.evaluate("document.querySelector('meta[name=csrf-token]').content = 'stale'")
    new_game = live_server.url_for("games.new")
    page.evaluate("(url) => htmx.ajax('POST', url, {target: 'body', swap: 'none'})", new_game)
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("This page was open too long — reload and try again.")
    # The next request clears the old message.
    page.evaluate("htmx.ajax('GET', '/healthz', {target: '#request-error', swap: 'none'})")
    expect(banner).to_be_hidden()
    problems = [p for p in page_problems.all() if " 400 " not in p and "status of 400" not in p]
    assert problems == []


SWITCH = """() => {
  const label = document.createElement('label');
  label.className = 'wake-lock';
  label.hidden = true;
  label.setAttribute('data-wake-lock', '');
  const box = document.createElement('input');
  box.type = 'checkbox';
  box.id = 'keep-on';
  label.append(box, ' Keep screen on');
  document.querySelector('main').append(label);
  label.dispatchEvent(new CustomEvent('htmx:load', {bubbles: true}));
}"""


def test_keep_screen_on_switch_holds_and_releases_the_screen(page, page_problems, live_server):
    page.goto("/")
    page.wait_for_load_state("load")
    page.evaluate(SWITCH)  # as a page swapped in by htmx would carry it
    switch = page.get_by_label("Keep screen on")
    expect(switch).to_be_visible()  # shown only because this browser has the Wake Lock API
    switch.check()
    page.wait_for_function("document.getElementById('keep-on').checked === true")
    # A refused lock would untick the box: ask for a lock after the page's own, so the page's answer is in.
    page.evaluate("async () => { const lock = await navigator.wakeLock.request('screen'); await lock.release(); }")
    expect(switch).to_be_checked()
    switch.uncheck()
    expect(switch).not_to_be_checked()
    assert page_problems.all() == []
