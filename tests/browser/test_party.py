"""A whole small card party on real phones: 8 couples, 4 tables, 5 games; director, a table, a couple and the board."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests._support.live_api import api
from tests._support.steps import HALL_SCREEN, watched_pages

FOLLOW_TIMEOUT_MS = 8_000  # the pages poll every 3 s
GAMES = 5


@pytest.fixture
def devices(browser, browser_context_args):
    """Three phones (no shared cookies) and a 1080p screen for the board."""
    yield from watched_pages(browser, *[browser_context_args] * 3, {"viewport": HALL_SCREEN})


def assert_phone_friendly(page, selector: str) -> None:
    """Every matched control is at least 44 px square and its text at least 16 px."""
    for box in page.locator(selector).all():
        size = box.bounding_box()
        assert size and size["height"] >= 44 and size["width"] >= 44, (selector, size)
        font = float(box.evaluate("el => parseFloat(getComputedStyle(el).fontSize)"))
        assert font >= 16, (selector, font)


def test_a_whole_evening_on_three_phones_and_the_board(devices, live_server):
    director, table_phone, couple_phone, board = devices

    # The director sets up the evening on a phone.
    director.goto(live_server.url + "/parties/new")
    director.get_by_label("Name of the evening").fill("Legion, Friday")
    director.get_by_label("Number of games").fill(str(GAMES))
    director.get_by_label("Couples, one per line").fill("\n".join(f"Couple {i}" for i in range(1, 9)))
    director.get_by_role("button", name="Set up the evening").click()
    expect(director.get_by_text("8 couples registered")).to_be_visible()
    director_url = director.url
    party_id, edit_token = director_url.rstrip("/").split("/")[-2:]

    board.goto(f"{live_server.url}/parties/{party_id}/board")
    expect(board.locator(".board-game")).to_have_text("Starting soon")

    director.get_by_role("link", name="Start the evening: seat game 1").click()
    director.get_by_role("button", name="Yes, start: seat game 1").click()
    expect(director.locator("#status-h")).to_have_text("Game 1 of 5")
    expect(board.locator(".board-game")).to_contain_text("Game 1 of 5", timeout=FOLLOW_TIMEOUT_MS)

    # The table cards carry each table's link; table 1's phone scans its card.
    director.get_by_role("link", name="Table cards to print").click()
    expect(director.locator(".table-card")).to_have_count(4)
    expect(director.locator(".table-card-qr").first).to_be_visible()
    table_link = director.locator(".table-card-link").first.inner_text().strip()
    table_phone.goto(table_link)
    expect(table_phone.locator("h1")).to_contain_text("Table 1")

    couple_phone.goto(f"{live_server.url}/parties/{party_id}/couples")
    couple_phone.get_by_role("link", name="Couple 1", exact=True).click()
    expect(couple_phone.locator("#next-seat")).to_contain_text("table 1")

    for game in range(1, GAMES + 1):
        state = api(live_server, "GET", f"/api/v1/parties/{party_id}")
        assert state["game"] == game
        seats = {s["table"]: s for s in state["seating"]}
        expect(table_phone.locator("h1")).to_contain_text(f"Game {game} of 5", timeout=FOLLOW_TIMEOUT_MS)
        # Table 1: two taps, the couple that dealt first won.
        assert_phone_friendly(table_phone, ".party-winner")
        table_phone.locator(".party-winner").first.click()
        expect(table_phone.get_by_text(f"won game {game}?")).to_be_visible()
        table_phone.get_by_role("button", name="Yes, record it").click()
        expect(table_phone.locator(".party-done")).to_contain_text(f"won game {game} here")
        # The other tables report from their own phones.
        for number in (2, 3, 4):
            seat = seats[number]
            other = [c for c in seat["couples"] if c != seat["deals_first"]][0]
            api(
                live_server,
                "POST",
                f"/api/v1/parties/{party_id}/results",
                {"game": game, "table": number, "winner": other},
                edit_token,
            )
        if game < GAMES:
            expect(board.locator(".board-game")).to_contain_text(f"Game {game + 1} of 5", timeout=FOLLOW_TIMEOUT_MS)
        # The couple's card follows without a reload.
        won = api(live_server, "GET", f"/api/v1/parties/{party_id}")["wins"][0]
        expect(couple_phone.locator(".punch.is-punched")).to_have_count(won, timeout=FOLLOW_TIMEOUT_MS)

    state = api(live_server, "GET", f"/api/v1/parties/{party_id}")
    assert state["finished"] and sum(state["wins"]) == GAMES * 4
    expect(couple_phone.locator(".party-wins")).to_contain_text(f"{state['wins'][0]} game")
    expect(board.locator(".board-game")).to_have_text("Final results", timeout=FOLLOW_TIMEOUT_MS)
    expect(board.locator(".party-prize").first).to_be_visible()
    for place in state["places"]:
        item = board.locator(".party-prize").nth(place["place"] - 1)
        expect(item).to_contain_text(f"{place['wins']} won")
        if place["tied"]:
            expect(item.locator(".badge-tie")).to_have_text("tied")
    # Readable from across the hall: the game line is large on a 1080p screen.
    size = float(board.locator(".board-game").evaluate("el => parseFloat(getComputedStyle(el).fontSize)"))
    assert size >= 48

    # The director closes the evening and settles a tie by a cut, if there is one.
    director.goto(director_url)
    director.get_by_role("link", name="Close the evening…").click()
    director.get_by_role("button", name="Yes, close the evening").click()
    expect(director.get_by_text("The evening is closed.")).to_be_visible()
    tied = [p for p in state["places"] if p["tied"]]
    if tied:
        place = tied[0]
        cards = iter(["2H", "KS", "QD", "JC", "10H", "9S", "8D", "7C"])
        for couple in place["couples"]:
            director.locator(f"#card-{place['place']}-{couple + 1}").fill(next(cards))
        director.locator(f"#tie-{place['place']}").get_by_role("button", name="Record the cut").click()
        expect(director.locator(f"#tie-{place['place']}")).to_contain_text("Settled (cut)")
        expect(director.locator(f"#tie-{place['place']}")).to_contain_text(f"Couple {place['couples'][0] + 1}")

    director.goto(f"{live_server.url}/parties/{party_id}/results")
    expect(director.locator(".party-results tbody tr")).to_have_count(8)
    for page in devices:
        assert not page.problems, page.problems
    assert re.fullmatch(r"[A-Za-z0-9_-]+", party_id)
