"""The referee, its quiz and the rule book read by a 75-year-old on a 360x740 phone, in light and dark.

axe-core finds no serious or critical problem; no text is under 16 CSS px; every tap target is at least
44x44 CSS px, the rule book's links inside running text included.
"""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe

from tests._support.a11y import small_tap_targets
from tests._support.referee import ANSWERED, PAGES

MIN_TEXT_PX = 16
MIN_TARGET_PX = 44

SCHEMES = ("light", "dark")

# -- Small helpers, kept free of this file's pages so they can serve other pages too. -----------

_SMALLEST_TEXT = """
() => {
  const found = [];
  const visible = (el) => {
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return el.checkVisibility({ visibilityProperty: true }) && box.width > 1 && box.height > 1 && style.visibility !== "hidden" && style.display !== "none";
  };
  for (const el of document.body.querySelectorAll("*")) {
    if (!visible(el)) continue;
    const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
    if (own) found.push([parseFloat(getComputedStyle(el).fontSize), el.tagName + "." + el.className + ": "
      + el.textContent.trim().slice(0, 40)]);
    for (const pseudo of ["::before", "::after"]) {
      const style = getComputedStyle(el, pseudo);
      if (style.content && style.content !== "none" && style.content !== '""' && style.display !== "none") {
        found.push([parseFloat(style.fontSize), el.tagName + pseudo + " " + style.content]);
      }
    }
  }
  found.sort((a, b) => a[0] - b[0]);
  return found.slice(0, 5);
}
"""


def serious_axe_violations(page) -> list[str]:
    """Every axe-core violation of serious or critical impact, with the elements it was found on."""
    results = Axe().run(page)
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def smallest_text(page) -> list[tuple[float, str]]:
    """The five smallest visible texts of the page, in CSS px, with where they are."""
    return [tuple(item) for item in page.evaluate(_SMALLEST_TEXT)]


# -- The pages ---------------------------------------------------------------------------------


def open_page(page, path: str, scheme: str):
    page.emulate_media(color_scheme=scheme)
    response = page.goto(path)
    assert response is not None and response.status == 200, path
    page.wait_for_load_state("load")
    return page


@pytest.fixture(params=SCHEMES)
def scheme(request):
    return request.param


@pytest.mark.parametrize("name", list(PAGES))
def test_no_serious_accessibility_problem(page, live_server, name, scheme):
    open_page(page, PAGES[name], scheme)
    assert serious_axe_violations(page) == []


def test_no_serious_accessibility_problem_after_a_quiz_answer(page, live_server, scheme):
    open_page(page, "/referee/quiz", scheme)
    page.locator(".quiz-cards button").first.tap()
    page.locator("#quiz-feedback").wait_for()
    assert serious_axe_violations(page) == []


@pytest.mark.parametrize("path", [ANSWERED, "/rules"])
def test_no_serious_accessibility_problem_with_everything_open(page, live_server, path, scheme):
    open_page(page, path, scheme)
    open_everything(page)
    assert serious_axe_violations(page) == []


def open_everything(page) -> None:
    """Open every folded part (house rules, a preset's settings), as a curious reader would."""
    page.evaluate("() => document.querySelectorAll('details').forEach((d) => { d.open = true; })")


@pytest.mark.parametrize("name", list(PAGES))
def test_text_is_16_px_or_more(page, live_server, name):
    open_page(page, PAGES[name], "light")
    open_everything(page)
    smallest = smallest_text(page)
    assert smallest and smallest[0][0] >= MIN_TEXT_PX, smallest


@pytest.mark.parametrize("name", list(PAGES))
def test_tap_targets_are_44_px_or_more(page, live_server, name):
    open_page(page, PAGES[name], "light")
    open_everything(page)
    assert small_tap_targets(page) == []


def test_the_measures_can_fail(page, live_server):
    """The helpers see small text and small targets when there are some."""
    open_page(page, "/referee/quiz", "light")
    page.evaluate(
        """() => {
      const a = document.createElement("a");
      a.href = "#"; a.textContent = "tiny"; a.className = "probe";
      a.style.fontSize = "12px"; a.style.display = "inline-block"; a.style.height = "20px";
      const p = document.createElement("p");
      p.textContent = "faint words"; p.style.color = "#b8b8b8"; p.style.background = "#ffffff";
      document.querySelector("h1").after(a, p);
    }"""
    )
    assert smallest_text(page)[0][0] == 12
    assert any("tiny" in target for target in small_tap_targets(page))
    assert any(problem.startswith("color-contrast") for problem in serious_axe_violations(page))
