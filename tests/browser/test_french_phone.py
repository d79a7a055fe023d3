"""A French-speaking table at 360 × 740, light and dark: start a game and record hands in four taps, all in French."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests._support.sheet import Thumb, tap_paper_hand
from tests._support.steps import SCHEMES, assert_readable, phone_of_its_own, watch

# What an English page of the score sheet says; none of it may show on a French phone.
ENGLISH = re.compile(
    r"\b(Save hand|who won the bid|Every hand|Invite the table|recorded|No hands yet|Start the game|"
    r"Players, in the order|Who deals first|Keep screen on|Rematch|Delete this game|deals|bids first)\b"
)

# Tappable things whose boxes cross another's (one inside the other is not a crossing).
_OVERLAPS = """
() => {
  const seen = [...document.querySelectorAll('a, button, summary, label.choice, input:not([type=hidden]):not([type=radio]):not([type=checkbox]), select')]
    .filter((el) => el.checkVisibility() && !el.closest('details:not([open]) > :not(summary)'))
    .map((el) => [el, el.getBoundingClientRect()])
    .filter(([, r]) => r.width > 0 && r.height > 0);
  const out = [];
  for (let i = 0; i < seen.length; i++) {
    for (let j = i + 1; j < seen.length; j++) {
      const [a, r] = seen[i];
      const [b, s] = seen[j];
      if (a.contains(b) || b.contains(a)) continue;
      const w = Math.min(r.right, s.right) - Math.max(r.left, s.left);
      const h = Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top);
      if (w > 1 && h > 1) out.push(a.textContent.trim().slice(0, 20) + ' × ' + b.textContent.trim().slice(0, 20));
    }
  }
  return out;
}
"""


@pytest.fixture(params=SCHEMES)
def french_phone(request, browser, browser_context_args):
    for page in phone_of_its_own(browser, browser_context_args, color_scheme=request.param, locale="fr-CA"):
        yield watch(page, console=False)


def check_page(page: Page) -> None:
    """Readable, tappable, nothing crossing, nothing serious for axe, and not one English sentence."""
    assert page.locator("html").get_attribute("lang") == "fr"
    seen = page.locator("body").inner_text()
    assert ENGLISH.search(seen) is None, ENGLISH.search(seen)
    assert page.evaluate(_OVERLAPS) == []
    assert_readable(page)


def test_a_french_table_starts_a_game_and_records_hands(french_phone: Page, live_server):
    page = french_phone
    page.goto("/games/new")
    expect(page.locator("h1")).to_have_text("Nouvelle partie")
    check_page(page)

    # A refused form says so in French, once, at the top.
    page.fill("#players-0", "Ann")
    page.get_by_role("button", name="Commencer la partie").click()
    expect(page.locator("#new-game-error")).to_contain_text("Écrivez les noms d’au moins deux joueurs")
    check_page(page)

    for seat, name in enumerate(("Ann", "Bob", "Cathy", "Dan")):
        page.fill(f"#players-{seat}", name)
    page.get_by_role("button", name="Commencer la partie").click()
    expect(page.locator("#hand-form")).to_be_visible()
    expect(page.locator("#bidder-group legend")).to_have_text("Donne 1 : qui a la mise ?")
    check_page(page)

    thumb = Thumb(page)
    for n in (1, 2):
        thumb.count = 0
        assert tap_paper_hand(thumb, (n - 1) % 2, 20, 25) == n and thumb.count == 4
        expect(page.locator("#play-message")).to_have_text(f"Donne {n} enregistrée.")
        expect(page.locator(".button-save")).to_have_text(f"Enregistrer la donne {n + 1}")
        check_page(page)
    # Side and player names stay as written.
    expect(page.locator("h1")).to_have_text("Ann & Cathy contre Bob & Dan")
    assert page.problems == []
