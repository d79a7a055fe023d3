"""Steps the browser tests share: a phone of its own, the checks every page at a phone's size passes,
and the referee's questions tapped card by card.

``phone_of_its_own`` yields a page in a browser context of its own (own cookies and storage), closed after
the test; ``watch`` collects what goes wrong in a page as ``page.problems``; ``assert_readable`` says
"axe-core finds nothing serious, no text under 16 px, no target under 44 × 44 px".
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from playwright.sync_api import BrowserContext, ConsoleMessage, Page, expect

from tests._support.a11y import axe_problems, smallest_targets, smallest_text
from tests._support.live_api import api, play_to_the_end

SCHEMES = ["light", "dark"]
HALL_SCREEN = {"width": 1920, "height": 1080}


# A request the tests make to learn whether a phone has lost its signal (offline.cut_signal): its failure is the
# answer sought, not a problem of the page.
SIGNAL_PROBE = "/healthz?signal-probe"


def watch(page: Page, console: bool = True) -> Page:
    """Collect the page's uncaught exceptions (and, with *console*, its console errors) in ``page.problems``."""
    problems: list[str] = []

    def seen(msg: ConsoleMessage) -> None:
        if msg.type == "error" and not msg.location.get("url", "").endswith(SIGNAL_PROBE):
            problems.append(msg.text)

    if console:
        page.on("console", seen)
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.problems = problems
    return page


def phone_of_its_own(browser, browser_context_args: dict, **options) -> Iterator[Page]:
    """A page in a new browser context with *options* over the phone's settings; the context closes after."""
    context = browser.new_context(**{**browser_context_args, **options})
    yield context.new_page()
    context.close()


def watched_pages(browser, *contexts_options: dict) -> Iterator[list[Page]]:
    """One watched page per set of context options, each in a context of its own; all closed after."""
    contexts = [browser.new_context(**options) for options in contexts_options]
    yield [watch(context.new_page()) for context in contexts]
    for context in contexts:
        context.close()


def open_every_explanation(page: Page) -> None:
    """Open every folded part: what a tap shows must read as well as the rest."""
    page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")


def assert_readable(page: Page) -> None:
    """Nothing serious for axe-core, no text under 16 px, no tap target under 44 × 44 px."""
    assert axe_problems(page) == []
    assert smallest_text(page) == []
    assert smallest_targets(page) == []


def open_readable(page: Page, url: str) -> None:
    """Open *url* with every explanation open, and check it reads and taps well."""
    page.goto(url)
    page.wait_for_load_state("load")
    open_every_explanation(page)
    assert_readable(page)


# -- The referee ---------------------------------------------------------------------------------

_INSIDE = """
(sel) => { const el = document.querySelector(sel); if (!el) return sel + ': missing';
  const r = el.getBoundingClientRect();
  return (r.height > 0 && r.top >= 0 && r.bottom <= innerHeight) ? '' : sel + ' at ' + Math.round(r.top) + '..' + Math.round(r.bottom); }
"""


def in_view(page: Page, *selectors: str) -> list[str]:
    """The selectors whose element is missing or not wholly inside the viewport's height."""
    return [problem for problem in (page.evaluate(_INSIDE, s) for s in selectors) if problem]


def assert_lands_in_view(page: Page, selector: str, *more: str) -> None:
    """The answer at *selector* comes to rest wholly on screen, and so do *more*."""
    expect(page.locator(selector)).to_be_in_viewport(ratio=1)
    assert in_view(page, selector, *more) == []


def section(page: Page, tool: str):
    return page.locator(f"#tool-{tool}")


def pick(form, suit: str, *ranks: str) -> None:
    """Tap a suit of the card picker, then each rank; wait for each card to land in its slot."""
    form.locator(".picker-suit", has=form.page.locator(f"input[value='{suit}']")).tap()
    for rank in ranks:
        with form.page.expect_response(lambda r: "tap=" in r.url):
            form.locator(f"button[name=tap][value='{rank}']").tap()
        form.page.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-settling')")


def lay_out_a_renege(page: Page, *hand: tuple[str, ...]):
    """ "May I play?" with hearts trump and the 2♥ led: tap the trump, the 2 (the lead goes into the trick),
    then each (suit, rank…) of *hand* (the next cards go into the hand); return the section."""
    page.goto("/referee?tool=legal")
    legal = section(page, "legal")
    with page.expect_response(lambda r: "trump=H" in r.url):
        legal.locator(".suit-picker label:has(input[value='H'])").tap()
    page.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-settling')")
    pick(legal, "H", "2")
    for suit, *ranks in hand:
        pick(legal, suit, *ranks)
    return legal


@contextmanager
def page_in(context: BrowserContext) -> Iterator[Page]:
    """A new page of *context*; the context closes after, whatever happened."""
    try:
        yield context.new_page()
    finally:
        context.close()


class Taps:
    """A player's thumb on the referee: counts each tap, and a scroll for each tap on something not wholly in view.

    It also notes whether the page moved by itself (the window scrolled, or the picker shifted) after a tap.
    """

    def __init__(self, page: Page) -> None:
        self.page = page
        self.taps = 0
        self.scrolls = 0
        self.moved: list[str] = []

    def _picker_top(self) -> float | None:
        box = self.page.locator(".picker").bounding_box()
        return None if box is None else round(box["y"])

    def tap(self, locator, asks: bool = True) -> None:
        """Tap *locator*; with *asks*, wait for the answer the tap asks the server for."""
        box = locator.bounding_box()
        height = self.page.viewport_size["height"] if self.page.viewport_size else 740
        if box is None or box["y"] < 0 or box["y"] + box["height"] > height:
            self.scrolls += 1
        before = (self.page.evaluate("window.scrollY"), self._picker_top())
        if asks:
            with self.page.expect_response(lambda r: "/referee" in r.url):
                locator.tap()
            self.page.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-settling')")
        else:
            locator.tap()
        self.taps += 1
        after = (self.page.evaluate("window.scrollY"), self._picker_top())
        if after != before:
            self.moved.append(f"tap {self.taps}: scroll and picker {before} -> {after}")

    def trump(self, suit: str) -> None:
        self.tap(self.page.locator(f".suit-picker label:has(input[value='{suit}'])"))

    def suit(self, suit: str) -> None:
        """Choose the picker's suit: kept in the page, no question asked."""
        self.tap(self.page.locator(f".picker-suit:has(input[value='{suit}'])"), asks=False)

    def rank(self, rank: str) -> None:
        self.tap(self.page.locator(f".picker button[name=tap][value='{rank}']"))

    def cards(self, *cards: str) -> None:
        """Pick each card ("5H", "10C"), tapping its suit only when the picker shows another."""
        for code in cards:
            rank, suit = code[:-1], code[-1]
            if not self.page.locator(f".picker-suit input[value='{suit}']").is_checked():
                self.suit(suit)
            self.rank(rank)


FOUR = ["Ann", "Bob", "Cy", "Di"]


def played_table(live_server) -> dict:
    """A table of five with two games played to the end, one of them a set 30."""
    table = api(live_server, "POST", "/api/v1/tables", {"name": "Tuesday at Ann's", "players": [*FOUR, "Eve"]})
    for sides, bidder in (
        ([{"name": "A", "players": ["Ann", "Cy"]}, {"name": "B", "players": ["Bob", "Di"]}], 0),
        ([{"name": "A", "players": ["Ann", "Eve"]}, {"name": "B", "players": ["Bob", "Cy"]}], 1),
    ):
        play_to_the_end(live_server, table, sides, bidder)
    return table
