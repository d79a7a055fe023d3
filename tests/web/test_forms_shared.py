"""What the club, card party and table forms share: a refusal in the player's words, a page open too long said as
such (never the CSRF token's own English), and the import pages' one reader of a file."""

from __future__ import annotations

import html
import io

import pytest

from tests._support.app import make_app
from tests._support.parties import ids, new_party

STALE = "a-token-from-a-page-open-too-long"
TOO_LONG = "This page was open too long: reload and try again."


@pytest.fixture
def form_checked(tmp_path, request):
    """An app whose CSRF tokens are checked by each form alone (the app-wide check off), as the form of a page left
    open past its token's life meets them."""
    yield from make_app(tmp_path, request, WTF_CSRF_CHECK_DEFAULT=False)


def test_a_result_sent_from_a_page_open_too_long_says_so_and_records_nothing(form_checked, csrf):
    client = form_checked.test_client()
    director = new_party(client, csrf, couples=4).headers["Location"]
    party_id, token = ids(director)
    client.post(director + "/start", data={"csrf_token": csrf(client, director), "confirm": "y"})
    sent = client.post(director + "/results", data={"csrf_token": STALE, "game": "1", "table": "1", "winner": "1"})
    assert sent.status_code == 303
    page = html.unescape(client.get(sent.headers["Location"]).get_data(as_text=True))
    assert TOO_LONG in page
    assert "CSRF" not in page
    assert "result recorded" not in page
    # The same result with the page's own token is recorded: the refusal was the token's alone.
    fresh = client.post(
        director + "/results",
        data={"csrf_token": csrf(client, director), "game": "1", "table": "1", "winner": "1"},
    )
    assert "Game 1, table 1: result recorded." in html.unescape(
        client.get(fresh.headers["Location"]).get_data(as_text=True)
    )


def test_a_number_refused_beside_its_field_is_said_in_the_readers_language(client, csrf, club):
    token = csrf(client, club)
    evening = {"csrf_token": token, "held_on": "2026-11-27", "prizes": "2", "kind": "one-hand"}
    sent = client.post(club + "/evenings", data={**evening, "games": "0"}, headers={"Accept-Language": "fr"})
    page = html.unescape(client.get(sent.headers["Location"], headers={"Accept-Language": "fr"}).get_data(as_text=True))
    assert "Le nombre de parties" in page
    assert "The number of games" not in page
    sent = client.post(club + "/evenings", data={**evening, "games": "4", "entry_fee": "5.555"})
    page = html.unescape(client.get(sent.headers["Location"]).get_data(as_text=True))
    assert "Entry fee: give an amount such as 5 or 5.50." in page


@pytest.mark.parametrize(
    ("page", "not_ours"),
    [("/clubs/import", "That file is not a club's export."), ("/tables/import", "That file is not a table's export.")],
)
def test_both_import_pages_read_a_file_the_same_way(client, csrf, page, not_ours):
    token = csrf(client, page)
    sent = client.post(
        page, data={"csrf_token": token, "resend_key": "k", "export": (io.BytesIO(b"\xff not json"), "x.json")}
    )
    assert sent.status_code == 422
    assert not_ours in html.unescape(sent.get_data(as_text=True))
    missing = client.post(page, data={"csrf_token": token, "resend_key": "k"})
    assert missing.status_code == 422
    assert "Choose the file" in html.unescape(missing.get_data(as_text=True))
