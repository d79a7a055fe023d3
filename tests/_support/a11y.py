"""Shared checks for any page at a phone's size: axe-core, the smallest text and the smallest tap target.

``axe_problems(page)`` runs axe-core (bundled by axe-playwright-python) and returns the violations of
serious or critical impact; ``smallest_text(page)`` and ``smallest_targets(page)`` measure what is
rendered, so a test can say "no text under 16 px" and "no target under 44 × 44 px".
"""

from __future__ import annotations

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

MIN_TEXT_PX = 16
MIN_TARGET_PX = 44
SERIOUS = ("serious", "critical")

_SMALLEST_TEXT = """
(min) => {
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const el = node.parentElement;
    if (!node.textContent.trim() || !el) continue;
    if (el.closest('.visually-hidden, [hidden], script, style, noscript, datalist, option')) continue;
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || style.display === 'none') continue;
    const size = parseFloat(style.fontSize);
    if (size < min) found.push(size + 'px: ' + node.textContent.trim().slice(0, 40));
  }
  return found;
}
"""

_SMALL_TARGETS = """
(min) => {
  const found = [];
  const targets = document.querySelectorAll('a[href], button, summary, label, select, input:not([type=hidden]), textarea');
  for (const el of targets) {
    if (el.closest('[hidden], .visually-hidden')) continue;
    if (el.matches('.seg .choice input, .skip-link')) continue;  // a radio inside its big label; shown on focus only
    if (el.matches('input[type=radio], input[type=checkbox]') && el.closest('label')) continue;  // the label is the target
    if (el.matches('label') && !el.control) continue;
    if (el.matches('label') && el.control && el.control.matches('input[type=text], input[type=url], input:not([type]), select, textarea')) continue;
    const box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    if (getComputedStyle(el).visibility === 'hidden') continue;
    if (box.width < min - 0.5 || box.height < min - 0.5) {
      found.push(Math.round(box.width) + 'x' + Math.round(box.height) + ' ' + el.tagName + ': ' + (el.textContent || el.name || '').trim().slice(0, 40));
    }
  }
  return found;
}
"""


def axe_problems(page: Page) -> list[str]:
    """Run axe-core on the page; return the serious and critical violations, one line each."""
    results = Axe().run(page)
    found = []
    for violation in results.response["violations"]:
        if violation.get("impact") in SERIOUS:
            nodes = ", ".join(str(node.get("target")) for node in violation["nodes"][:3])
            found.append(f"{violation['id']} ({violation['impact']}): {violation['help']} at {nodes}")
    return found


def smallest_text(page: Page, minimum: int = MIN_TEXT_PX) -> list[str]:
    """Return every piece of visible text set smaller than *minimum* CSS px."""
    return page.evaluate(_SMALLEST_TEXT, minimum)


def smallest_targets(page: Page, minimum: int = MIN_TARGET_PX) -> list[str]:
    """Return every visible link, button, summary or control smaller than *minimum* × *minimum* CSS px."""
    return page.evaluate(_SMALL_TARGETS, minimum)


def in_viewport(page: Page, selector: str) -> bool:
    """Whether the element is wholly inside the viewport, as laid out now."""
    return page.evaluate(
        """(sel) => { const el = document.querySelector(sel); if (!el) return false;
             const r = el.getBoundingClientRect();
             return r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; }""",
        selector,
    )


_TAP_TARGETS = """
(exceptRunningText) => {
  const small = [];
  const targets = document.body.querySelectorAll(
    "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button]");
  for (const el of targets) {
    if (el.closest("[aria-hidden=true], [hidden]") || el.matches(".visually-hidden, .skip-link")) continue;
    if (!el.checkVisibility({ visibilityProperty: true })) continue;  // e.g. inside a closed <details>
    // A control inside a label is tapped through its label.
    const target = el.matches("input") && el.closest("label") ? el.closest("label") : el;
    const box = target.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    if (exceptRunningText && el.matches("a")) {
      // A link in a line of text (WCAG 2.5.8's inline exception): the block that holds it, through any
      // inline elements (a <dt> and <dd> shown inline are one line), says more words than the link.
      let block = el.parentElement;
      while (block !== document.body && getComputedStyle(block).display.startsWith("inline")) block = block.parentElement;
      if (block.textContent.trim().length > el.textContent.trim().length) continue;
    }
    if (box.width < 44 || box.height < 44) {
      small.push(`${Math.round(box.width)}x${Math.round(box.height)} ${el.tagName} ${el.textContent.trim().slice(0, 30)}`);
    }
  }
  return small;
}
"""


def small_tap_targets(page, *, except_running_text: bool = False) -> list[str]:
    """Every visible control or link smaller than 44x44 CSS px (optionally not counting links in running text)."""
    return page.evaluate(_TAP_TARGETS, except_running_text)
