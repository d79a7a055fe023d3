"""A club's pages on a phone, light and dark, in English and French: nothing serious for axe, text 16 px or
more, taps 44 px."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page

from tests._support.live_api import api
from tests._support.steps import open_readable, phone_of_its_own

pytestmark = pytest.mark.browser

PAGES = ["director", "desk", "pots", "ladder", "evening", "board"]


@pytest.fixture(scope="module")
def season(live_server):
    """A club of 12 with an evening played (4 couples, 3 games) and the next one at the desk."""
    club = api(live_server, "POST", "/api/v1/clubs", {"name": "Legion Branch 12"})
    for n in range(12):
        api(
            live_server, "POST", f"/api/v1/clubs/{club['id']}/members", {"name": f"Regular {n + 1}"}, club["edit_token"]
        )
    couples = [[1, 2], [3, 4], [5, 6], [7, 8]]
    played = api(
        live_server,
        "POST",
        f"/api/v1/clubs/{club['id']}/evenings",
        {"date": "2026-11-27", "games": 3, "couples": couples, "start": True},
        club["edit_token"],
    )
    for game in range(1, 4):
        state = api(live_server, "GET", f"/api/v1/parties/{played['party_id']}")
        for seat in state["seating"]:
            body = {"game": game, "table": seat["table"], "winner": seat["deals_first"]}
            api(live_server, "POST", f"/api/v1/parties/{played['party_id']}/results", body, played["edit_token"])
    nxt = api(live_server, "POST", f"/api/v1/clubs/{club['id']}/evenings", {"date": "2026-12-04"}, club["edit_token"])
    director = urlsplit(club["links"]["director"]).path
    return {
        "director": director,
        "desk": urlsplit(nxt["links"]["desk"]).path,
        "pots": f"{director}/evenings/{played['party_id']}/pots",
        "ladder": f"/clubs/{club['id']}",
        "evening": urlsplit(played["links"]["results"]).path,
        "board": f"/clubs/{club['id']}/board",
    }


@pytest.fixture(params=[("light", "en"), ("dark", "fr")], ids=["light-en", "dark-fr"])
def phone(request, browser, browser_context_args):
    scheme, language = request.param
    for page in phone_of_its_own(browser, browser_context_args, color_scheme=scheme, locale=language):
        page.context.set_extra_http_headers({"Accept-Language": language})
        yield page


@pytest.mark.parametrize("name", PAGES)
def test_club_pages_are_readable_and_tappable(phone: Page, season, name):
    open_readable(phone, season[name])
