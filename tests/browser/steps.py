"""Steps the browser tests share: a phone of its own, the checks every page at a phone's size passes,
and the referee's questions tapped card by card.

``phone_of_its_own`` yields a page in a browser context of its own (own cookies and storage), closed after
the test; ``watch`` collects what goes wrong in a page as ``page.problems``; ``assert_readable`` says
"axe-core finds nothing serious, no text under 16 px, no target under 44 × 44 px".
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from playwright.sync_api import BrowserContext, Page, expect

from tests.browser._a11y import axe_problems, smallest_targets, smallest_text

SCHEMES = ["light", "dark"]
HALL_SCREEN = {"width": 1920, "height": 1080}


def watch(page: Page, console: bool = True) -> Page:
    """Collect the page's uncaught exceptions (and, with *console*, its console errors) in ``page.problems``."""
    problems: list[str] = []
    if console:
        page.on("console", lambda msg: problems.append(msg.text) if msg.type == "error" else None)
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
    """Tap a suit of the card picker, then each rank; wait for each card to land in its box."""
    form.locator(".picker-suit", has=form.page.locator(f"input[value='{suit}']")).tap()
    for rank in ranks:
        with form.page.expect_response(lambda r: "tap=" in r.url):
            form.locator(f"button[name=tap][value='{rank}']").tap()


def lay_out_a_renege(page: Page, trump: str, the_trick: str, my_hand: str, *hand: tuple[str, ...]):
    """ "May I play this?" with hearts trump and the 2♥ led: tap the trump (named *trump*), the trick's box
    (*the_trick*), the 2♥, the hand's box (*my_hand*), then each (suit, rank…) of *hand*; return the section."""
    legal = section(page, "legal")
    legal.locator(".suit-picker label", has_text=trump).tap()
    legal.get_by_text(the_trick, exact=True).tap()
    pick(legal, "H", "2")
    legal.get_by_text(my_hand, exact=True).tap()
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
