"""Merging two people on a phone asks first and can be undone, on a club's roster and on a table's."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from tests._support.live_api import api

pytestmark = pytest.mark.browser


def test_a_club_merge_asks_first_and_is_undone(page, live_server):
    club = api(live_server, "POST", "/api/v1/clubs", {"name": "Legion Branch 12"})
    for name in ("Mary MacNeil", "Angus MacNeil", "Mary Mac Neil"):
        api(live_server, "POST", f"/api/v1/clubs/{club['id']}/members", {"name": name}, club["edit_token"])
    director = urlsplit(club["links"]["director"]).path
    page.goto(director + "#roster")
    third = page.locator(".club-roster > li").nth(2)
    third.locator("summary").tap()
    third.get_by_label("Same person as number").fill("1")
    third.get_by_role("button", name="Merge").tap()
    # Nothing changed yet: the page names both people and asks.
    expect(page.get_by_role("heading", name="Merge two members?")).to_be_in_viewport()
    expect(page.locator("#confirm")).to_contain_text("Mary Mac Neil")
    expect(page.locator("#confirm")).to_contain_text("Mary MacNeil")
    yes = page.get_by_role("button", name="Yes, merge number 3 into number 1")
    expect(yes).to_be_in_viewport()
    yes.tap()
    expect(page.locator(".flash-ok")).to_contain_text("Number 3 is merged into number 1")
    undo = page.locator(".club-roster > li").nth(2).get_by_role("button", name="Undo the merge")
    undo.tap()
    expect(page.locator(".flash-ok")).to_contain_text("no longer merged")
    expect(page.locator(".club-roster > li").nth(2)).not_to_contain_text("merged into")


def test_a_table_merge_asks_first_and_is_undone(page, live_server):
    table = api(live_server, "POST", "/api/v1/tables", {"name": "Legion hall", "players": ["Ann", "Bob", "Anne"]})
    path = urlsplit(table["links"]["edit"]).path if "links" in table else f"/tables/{table['id']}/{table['edit_token']}"
    page.goto(path + "#roster")
    anne = page.locator(".roster-list > li").filter(has=page.locator("summary", has_text=re.compile(r"^Anne$")))
    anne.locator("summary").tap()
    anne.get_by_label("Anne is the same person as").select_option(label="Ann")
    anne.get_by_role("button", name="Merge the two").tap()
    yes = page.get_by_role("button", name="Yes, merge Anne into Ann")
    expect(yes).to_be_in_viewport()
    expect(page.locator(".roster-list")).to_have_count(0)  # the roster is not this page: nothing merged yet
    yes.tap()
    expect(page.locator(".flash-ok")).to_contain_text("Anne and Ann are one person now")
    undo = page.get_by_role("button", name="Undo: Anne on the roster again")
    undo.tap()
    expect(page.locator(".flash-ok")).to_contain_text("Anne is on the roster again")
    expect(page.locator(".roster-list > li summary")).to_have_text(["Ann", "Bob", "Anne"])
