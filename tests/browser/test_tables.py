"""A weekly table on a 360x740 phone, light and dark: a game from the roster in six taps, and the table's
pages (history, statistics) readable: axe-core finds nothing serious, text 16 px, targets 44 px, nothing wider
than the screen."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests._support.live_api import api
from tests._support.steps import FOUR, SCHEMES, open_readable, phone_of_its_own, played_table


@pytest.fixture(scope="module")
def table(live_server):
    return played_table(live_server)


@pytest.fixture(params=SCHEMES)
def phone(request, browser, browser_context_args):
    yield from phone_of_its_own(browser, browser_context_args, color_scheme=request.param)


def test_four_regulars_start_a_game_from_the_roster_in_six_taps(phone: Page, live_server):
    table = api(live_server, "POST", "/api/v1/tables", {"name": "Legion hall", "players": FOUR})
    phone.goto(table["links"]["edit"])  # the phone opened the table once: it is on the home page now
    phone.goto("/")
    taps = 0
    phone.get_by_role("link", name="Legion hall").click()
    taps += 1
    for name in FOUR:
        phone.get_by_label(name, exact=True).check()
        taps += 1
    phone.get_by_role("button", name="Start the game").click()
    taps += 1
    phone.wait_for_url("**/games/**")
    assert taps <= 6
    assert phone.locator("h1").inner_text() == "Ann & Cy v Bob & Di"
    phone.goto(table["links"]["edit"])
    assert phone.locator(".history-game").count() == 1


@pytest.mark.parametrize("where", ["table", "statistics", "table (watching)"])
def test_the_tables_pages_read_well_on_a_phone(phone: Page, table, where):
    link = table["links"]["view" if "watching" in where else "edit"]
    open_readable(phone, link + ("/stats" if where == "statistics" else ""))
    assert phone.evaluate("document.documentElement.scrollWidth <= innerWidth")


def test_the_statistics_say_who_won_most_and_who_makes_their_30s(phone: Page, live_server, table):
    stats = api(live_server, "GET", f"/api/v1/tables/{table['id']}/stats", token=table["view_token"])
    phone.goto(table["links"]["edit"] + "/stats")
    cy = phone.locator("#summary-p3 td .count")
    assert cy.nth(0).inner_text() == "2/2"  # the only one who won both games
    for player in stats["players"]:
        thirties = player["by_bid"].get("30")
        expected = f"{thirties['made']}/{thirties['bid']}" if thirties else "—"
        assert phone.locator(f"#summary-{player['player']} td .count").nth(4).inner_text() == expected, player["name"]
    assert phone.locator(".line-chart svg polyline").count() == 2
    assert phone.locator(".line-chart + details table tbody tr").count() >= 5


def test_a_link_to_watch_cannot_add_a_game_and_the_phone_says_why(phone: Page, live_server):
    """Pasting a game's link to watch into *A game played before*: the reason on screen, nothing added; its sheet's
    link adds it; deleting the table lists nothing that stays."""
    table = api(live_server, "POST", "/api/v1/tables", {"name": "Kitchen", "players": FOUR})
    game = api(
        live_server,
        "POST",
        "/api/v1/games",
        {"sides": [{"name": "A", "players": ["Ann"]}, {"name": "B", "players": ["Bob"]}]},
    )
    watch = f"{live_server.url}/games/{game['id']}/view/{game['view_token']}"
    phone.goto(table["links"]["edit"])
    phone.get_by_label("Link of a game played before").fill(watch)
    phone.get_by_role("button", name="Add it to the history").click()
    refusal = phone.get_by_text("link to watch it: it cannot add the game")
    expect(refusal).to_have_class("form-error")
    expect(refusal).to_be_in_viewport(ratio=1)
    expect(phone.get_by_text("Nothing was saved.")).to_be_in_viewport()
    phone.get_by_role("link", name="Back to the table").click()
    assert phone.locator(".history-game").count() == 0
    phone.get_by_label("Link of a game played before").fill(
        f"{live_server.url}/games/{game['id']}/{game['edit_token']}"
    )
    phone.get_by_role("button", name="Add it to the history").click()
    expect(phone.locator(".history-game")).to_have_count(1)
    open_readable(phone, table["links"]["edit"] + "/delete")
    expect(phone.locator(".staying")).to_have_count(0)
