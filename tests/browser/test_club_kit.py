"""The printed kit, through Chromium's own PDF: table tents, punch cards, tonight's rules card and the season's
ladder, on A4 and on Letter, each with the number of sheets it should take and no text cut or off the paper."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest

from tests._support.live_api import api

pytestmark = pytest.mark.browser

# The printable width and height of the page, in CSS px (96 a inch), inside margins of 10 mm.
PAPER = {"A4": (210, 297), "Letter": (215.9, 279.4)}
MM = 96 / 25.4

_CUT = """
(width) => {
  const out = [];
  for (const el of document.querySelectorAll('main *')) {
    if (el.getClientRects().length === 0) continue;
    const r = el.getBoundingClientRect();
    const own = Array.from(el.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim());
    if (r.right > width + 1 || r.left < -1) out.push('off the paper: ' + el.tagName + ' ' + el.textContent.trim().slice(0, 30));
    if (own && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
        && getComputedStyle(el).overflow !== 'visible') out.push('cut: ' + el.textContent.trim().slice(0, 30));
  }
  return out;
}
"""


def sheets(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?!s)", pdf))


@pytest.fixture(scope="module")
def club(live_server):
    """A club of 12: last week's evening played, tonight's with 6 couples (25 games, 3 in the cookie jar)."""
    made = api(live_server, "POST", "/api/v1/clubs", {"name": "Légion, filiale 12"})
    cid, token = made["id"], made["edit_token"]
    for n in range(12):
        api(live_server, "POST", f"/api/v1/clubs/{cid}/members", {"name": f"Marie-Thérèse Arsenault {n + 1}"}, token)
    couples = [[n, n + 1] for n in range(1, 13, 2)]
    last = api(
        live_server,
        "POST",
        f"/api/v1/clubs/{cid}/evenings",
        {"date": "2026-11-20", "games": 1, "couples": couples, "start": True},
        token,
    )
    for seat in api(live_server, "GET", f"/api/v1/parties/{last['party_id']}")["seating"]:
        body = {"game": 1, "table": seat["table"], "winner": seat["deals_first"]}
        api(live_server, "POST", f"/api/v1/parties/{last['party_id']}/results", body, last["edit_token"])
    api(
        live_server,
        "POST",
        f"/api/v1/clubs/{cid}/evenings",
        {"date": "2026-11-27", "games": 25, "cookie_jar": 3, "couples": couples},
        token,
    )
    return urlsplit(made["links"]["director"]).path


@pytest.mark.parametrize("paper", list(PAPER))
@pytest.mark.parametrize(("what", "expected"), [("tents", 3), ("punch", 2), ("rules", 1), ("ladder", 1)])
def test_each_piece_of_the_kit_prints_on_its_sheets_with_nothing_cut(page, club, paper, what, expected):
    width, height = PAPER[paper]
    page.set_viewport_size({"width": round((width - 20) * MM), "height": round((height - 20) * MM)})
    page.goto(club)
    page.locator("#kit").get_by_role("link").nth(["tents", "punch", "rules", "ladder"].index(what)).click()
    page.wait_for_url(re.compile(rf"/print/{what}$"))
    page.emulate_media(media="print")
    assert page.evaluate(_CUT, round((width - 20) * MM)) == []
    pdf = page.pdf(format=paper, print_background=True)
    print(f"{what} on {paper}: {sheets(pdf)} sheets")
    assert sheets(pdf) == expected
