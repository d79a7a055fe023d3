"""The club's ladder on the hall's screen (1920 × 1080) and on a phone (360 px).

On the hall's screen: at least 40 ladder lines at once without scrolling, text of 28 px or more, nothing of
the header cut, and the screen moves on by itself: page 1 of 3, page 2 of 3, page 3 of 3, tonight's room
(the tables that have not reported), and page 1 again. On a phone the ladder needs no sideways scrolling.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from tests._support.live_api import api
from tests._support.steps import phone_of_its_own

pytestmark = pytest.mark.browser

MEMBERS = 150
HALL = {"width": 1920, "height": 1080}

_CUT_OR_SMALL = """
() => {
  const out = [];
  for (const el of document.querySelectorAll('.club-board *')) {
    const own = Array.from(el.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own || el.getClientRects().length === 0) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < 28) out.push('small ' + size + ' ' + el.tagName + ' ' + el.textContent.trim().slice(0, 30));
  }
  for (const el of document.querySelectorAll('.club-board-head *, .club-board th')) {
    if (el.scrollWidth > el.clientWidth + 1) out.push('cut ' + el.tagName + ' ' + el.textContent.trim().slice(0, 30));
    const r = el.getBoundingClientRect();
    if (r.right > innerWidth || r.top < 0) out.push('off screen ' + el.textContent.trim().slice(0, 30));
  }
  return out;
}
"""

_LINES_IN_VIEW = """
() => Array.from(document.querySelectorAll('.club-board-ladder tbody tr')).filter((tr) => {
  const r = tr.getBoundingClientRect();
  return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
}).length
"""


@pytest.fixture(scope="module")
def club(live_server):
    """A club of 150 who all played last week (75 couples, one game), and tonight's evening at game 1."""
    made = api(live_server, "POST", "/api/v1/clubs", {"name": "Legion Branch 12"})
    cid, token = made["id"], made["edit_token"]
    for n in range(MEMBERS):
        api(live_server, "POST", f"/api/v1/clubs/{cid}/members", {"name": f"Angélique Thériault-Doucet {n + 1}"}, token)
    couples = [[n, n + 1] for n in range(1, MEMBERS, 2)]
    for day, games in (("2026-11-20", 1), ("2026-11-27", 2)):
        evening = api(
            live_server,
            "POST",
            f"/api/v1/clubs/{cid}/evenings",
            {"date": day, "games": games, "couples": couples, "start": True},
            token,
        )
        state = api(live_server, "GET", f"/api/v1/parties/{evening['party_id']}")
        # Last week every table reported; tonight all but tables 3 and 7.
        for seat in state["seating"]:
            if games == 2 and seat["table"] in (3, 7):
                continue
            body = {"game": 1, "table": seat["table"], "winner": seat["deals_first"]}
            api(live_server, "POST", f"/api/v1/parties/{evening['party_id']}/results", body, evening["edit_token"])
    return made


def test_the_hall_screen_shows_forty_lines_and_pages_by_itself(browser, browser_context_args, club):
    options = {
        **browser_context_args,
        "viewport": HALL,
        "is_mobile": False,
        "has_touch": False,
        "device_scale_factor": 1,
    }
    for page in phone_of_its_own(browser, options):
        page.clock.install()
        page.goto(f"/clubs/{club['id']}/board")
        what = page.locator(".club-board-what")
        expect(what).to_contain_text("page 1 of 3")
        lines = page.evaluate(_LINES_IN_VIEW)
        print(f"hall screen 1920x1080: {lines} ladder lines in view")
        assert lines >= 40
        assert page.evaluate("document.scrollingElement.scrollHeight <= innerHeight + 1")
        assert page.evaluate(_CUT_OR_SMALL) == []
        # By itself: the next page, the last, tonight's room, then the first again.
        for expected in ("page 2 of 3", "page 3 of 3"):
            page.clock.run_for(21_000)
            expect(what).to_contain_text(expected)
        page.clock.run_for(21_000)
        expect(page.locator(".club-room h2").first).to_contain_text("2 tables still to report game 1")
        expect(page.locator(".club-room-tables li")).to_have_text(["3", "7"])
        assert page.evaluate(_CUT_OR_SMALL) == []
        page.clock.run_for(21_000)
        expect(what).to_contain_text("page 1 of 3")


@pytest.mark.parametrize(("scheme", "language"), [("light", "en"), ("dark", "fr")])
def test_the_ladder_fits_a_phone_without_sideways_scrolling(browser, browser_context_args, club, scheme, language):
    for page in phone_of_its_own(browser, browser_context_args, color_scheme=scheme, locale=language):
        page.context.set_extra_http_headers({"Accept-Language": language})
        page.goto(f"/clubs/{club['id']}")
        page.locator(".club-ladder").wait_for()
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        assert page.evaluate(
            "document.querySelector('.table-wrap').scrollWidth <= document.querySelector('.table-wrap').clientWidth"
        )
        # The rest of a line opens with a tap on the name.
        first = page.locator(".club-ladder tbody tr").first
        first.locator("summary").tap()
        expect(first.locator(".club-more .club-note")).to_be_visible()
        expect(first.locator(".club-more .club-note")).to_contain_text(re.compile(r"(No|N°)\.?\s*1"))
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        # The director's page, where the room is seen at a glance: tonight's two tables still to report.
        page.goto(urlsplit(club["links"]["director"]).path)
        expect(page.locator(".club-missing")).to_contain_text("3, 7")
