"""Bringing a table or a club back from its file, on a 360x740 phone, light and dark: the pages read and tap well,
a season larger than a form used to take comes back in one tap, and a file with one bad game says which, on
screen, with nothing saved."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from tests._support.steps import SCHEMES, assert_lands_in_view, open_readable, phone_of_its_own
from tests._support.tables import export


@pytest.fixture(params=SCHEMES)
def phone(request, browser, browser_context_args):
    yield from phone_of_its_own(browser, browser_context_args, color_scheme=request.param)


@pytest.mark.parametrize("path", ["/tables/import", "/clubs/import"])
def test_the_pages_that_bring_back_read_well_on_a_phone(phone: Page, live_server, path):
    open_readable(phone, path)
    assert phone.evaluate("document.documentElement.scrollWidth <= innerWidth")


def test_a_winter_of_games_comes_back_in_one_tap(phone: Page, live_server):
    phone.goto("/tables/import")
    file = json.dumps(export(games=300)).encode()
    assert len(file) > 64 * 1024
    phone.set_input_files("#export", files=[{"name": "winter.json", "mimeType": "application/json", "buffer": file}])
    phone.get_by_role("button", name="Bring it back").click()
    phone.wait_for_url("**/tables/**")
    expect(phone.get_by_text("The table is brought back, with every game and hand.")).to_be_in_viewport()
    assert "Tuesday table" in phone.locator("h1").inner_text()


def test_a_file_with_one_bad_game_says_which_on_screen(phone: Page, live_server):
    phone.goto("/tables/import")
    document = export(games=20)
    document["games"][12]["started"] = "9999-12-31T23:59:59-14:00"
    phone.set_input_files(
        "#export",
        files=[{"name": "winter.json", "mimeType": "application/json", "buffer": json.dumps(document).encode()}],
    )
    phone.get_by_role("button", name="Bring it back").click()
    expect(phone.locator("#export-error")).to_contain_text("Game 13 of the export is dated 9999-12-31T23:59:59-14:00")
    assert_lands_in_view(phone, "#export-error")
