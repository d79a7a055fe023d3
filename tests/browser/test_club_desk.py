"""The registration desk on one phone: 40 people arrive (15 couples, 10 alone), are registered and paired, and
the evening starts, in under 3 minutes of taps.

Taps are counted, not timed: each is worth a generous SECONDS_PER_TAP (finding the name on the list included),
and the whole arrival must fit in the budget.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest

from tests.browser._api import api

pytestmark = pytest.mark.browser

SECONDS_PER_TAP = 3
BUDGET_SECONDS = 180
FIRST = ["Mary", "Angus", "Flora", "John", "Sadie", "Dan", "Effie", "Neil", "Peggy", "Joe", "Annie", "Rod"]
LAST = ["MacNeil", "Gillis", "Beaton", "Rankin", "Walsh"]


@pytest.fixture
def club(live_server):
    """A club with 60 regulars on its roster (40 of whom come tonight)."""
    created = api(live_server, "POST", "/api/v1/clubs", {"name": "Legion Branch 12"})
    names = [f"{first} {last}" for last in LAST for first in FIRST][:60]
    for name in names:
        api(live_server, "POST", f"/api/v1/clubs/{created['id']}/members", {"name": name}, created["edit_token"])
    return created, names


def test_forty_arrive_and_are_paired_in_under_three_minutes_of_taps(page, club):
    created, names = club
    taps = 0

    def tap(locator) -> None:
        nonlocal taps
        taps += 1
        locator.tap()

    def tick(number: int) -> None:
        tap(page.get_by_label(re.compile(rf"^\s*{number}\s+{re.escape(names[number - 1])}\s*$")))

    page.goto(urlsplit(created["links"]["director"]).path)
    tap(page.get_by_role("button", name="Open the registration desk"))
    page.wait_for_url(re.compile(r"/evenings/"))
    # 30 arrive as 15 couples: tick the two, register them.
    for couple in range(15):
        tick(2 * couple + 1)
        tick(2 * couple + 2)
        tap(page.get_by_role("button", name="Register the two as a couple"))
        page.get_by_text(f"registered as couple {couple + 1}.").wait_for()
    # 10 come alone: tick them all, pair them at random.
    for number in range(31, 41):
        tick(number)
    tap(page.get_by_role("button", name="Pair those who came alone at random"))
    page.get_by_text("5 couples paired at random").wait_for()
    assert page.locator(".club-couples > li").count() == 20
    # The 20 regulars who stayed home are still on the list, unticked.
    assert page.locator(".club-tick input").count() == 20
    tap(page.get_by_role("button", name="Start the evening"))
    page.get_by_text("The evening has started: game 1 is seated.").wait_for()
    assert "/parties/" in page.url
    assert taps * SECONDS_PER_TAP <= BUDGET_SECONDS, f"{taps} taps"
