"""A refused form says why in a player's words: a page open too long, cookies that never came back, a hidden referrer."""

import html
import re
import time

import pytest
from itsdangerous import TimestampSigner, URLSafeTimedSerializer

from scorekeeper.platform.extensions import db
from scorekeeper.rules import Side
from scorekeeper.store import games as services
from scorekeeper.store.models import Hand
from tests._support.app import read_csrf_token

RELOAD = "This page was open too long — reload and try again."
COOKIES = "this browser did not send back the site's cookie"
ALLOW_COOKIES = "Allow cookies for this site"


@pytest.fixture
def sheet(app):
    """The path of a new game's sheet that can record."""
    with app.app_context():
        game = services.create_game("new-england", [Side("Us", ("Ann", "Cal")), Side("Them", ("Bob", "Dee"))])
        return f"/games/{game.id}/{game.edit_token}"


def hand_form(body: str) -> dict:
    number = re.search(r'id="hand-form".*?name="n" value="(\d+)"', body, re.S).group(1)
    return {"n": number, "by": "tricks", "bidder": "0", "bid": "20", "tricks": "3", "high": "0"}


def message_of(response) -> str:
    """The sentence the error page shows (what app.js puts in the banner after an htmx request)."""
    match = re.search(r'<p class="error-message">(.*?)</p>', response.get_data(as_text=True), re.S)
    assert match, "the refusal has no message"
    return html.unescape(match.group(1))


def aged_token(app, client, hours: float) -> str:
    """This visit's form token as the page would have carried it *hours* ago."""
    with client.session_transaction() as session:
        raw = session["csrf_token"]

    class Earlier(TimestampSigner):
        def get_timestamp(self) -> int:
            return int(time.time() - hours * 3600)

    return URLSafeTimedSerializer(app.secret_key, salt="wtf-csrf-token", signer=Earlier).dumps(raw)


def hands_saved(app) -> int:
    with app.app_context():
        return db.session.query(Hand).count()


def test_page_post_with_cookies_blocked_says_to_allow_cookies(app, sheet):
    client = app.test_client(use_cookies=False)
    body = client.get(sheet).get_data(as_text=True)
    response = client.post(sheet + "/hands", data={"csrf_token": read_csrf_token(body), **hand_form(body)})
    assert response.status_code == 400
    message = message_of(response)
    assert COOKIES in message and ALLOW_COOKIES in message and "reload" in message
    assert "open too long" not in message
    assert hands_saved(app) == 0


def test_htmx_post_with_cookies_blocked_says_to_allow_cookies(app, sheet):
    client = app.test_client(use_cookies=False)
    body = client.get(sheet).get_data(as_text=True)
    headers = {"HX-Request": "true", "X-CSRFToken": read_csrf_token(body)}
    response = client.post(sheet + "/hands", data=hand_form(body), headers=headers)
    assert response.status_code == 400
    message = message_of(response)
    assert COOKIES in message and ALLOW_COOKIES in message
    assert hands_saved(app) == 0


def test_page_post_after_the_page_was_open_too_long_says_reload(app, client, sheet):
    body = client.get(sheet).get_data(as_text=True)
    response = client.post(sheet + "/hands", data={"csrf_token": aged_token(app, client, 13), **hand_form(body)})
    assert response.status_code == 400
    assert message_of(response) == RELOAD
    assert hands_saved(app) == 0
    # Reloading is the cure: the same taps with the fresh page's token are saved.
    body = client.get(sheet).get_data(as_text=True)
    response = client.post(sheet + "/hands", data={"csrf_token": read_csrf_token(body), **hand_form(body)})
    assert response.status_code in (200, 303)
    assert hands_saved(app) == 1


def test_htmx_post_after_the_page_was_open_too_long_says_reload(app, client, sheet):
    body = client.get(sheet).get_data(as_text=True)
    headers = {"HX-Request": "true", "X-CSRFToken": aged_token(app, client, 13)}
    response = client.post(sheet + "/hands", data=hand_form(body), headers=headers)
    assert response.status_code == 400
    assert message_of(response) == RELOAD
    assert hands_saved(app) == 0


def test_a_token_from_another_visit_says_reload(app, client, sheet):
    other = app.test_client()
    stranger_token = read_csrf_token(other.get(sheet).get_data(as_text=True))
    body = client.get(sheet).get_data(as_text=True)
    response = client.post(sheet + "/hands", data={"csrf_token": stranger_token, **hand_form(body)})
    assert response.status_code == 400
    assert message_of(response) == RELOAD
    assert hands_saved(app) == 0


def test_over_https_a_form_without_its_referring_page_says_to_allow_it(app, client, sheet):
    https = "https://scores.example"
    body = client.get(sheet, base_url=https).get_data(as_text=True)
    data = {"csrf_token": read_csrf_token(body), **hand_form(body)}
    response = client.post(sheet + "/hands", data=data, base_url=https)
    assert response.status_code == 400
    message = message_of(response)
    assert "did not say which page the form came from" in message and "reload" in message
    assert hands_saved(app) == 0
    # The same form with the page it came from is saved.
    response = client.post(sheet + "/hands", data=data, base_url=https, headers={"Referer": https + sheet})
    assert response.status_code in (200, 303)
    assert hands_saved(app) == 1


@pytest.mark.parametrize(
    ("origin", "saved"),
    [
        ("https://evil.example", False),
        ("http://localhost.evil.example", False),
        ("null", False),
        ("http://localhost", True),  # the test client's own host
        (None, True),  # a browser that sends no Origin: the form token still proves the form
    ],
)
def test_a_form_sent_from_another_site_is_refused_even_with_a_good_token_and_referer(app, client, sheet, origin, saved):
    body = client.get(sheet).get_data(as_text=True)
    headers = {"Referer": f"http://localhost{sheet}"}
    if origin is not None:
        headers["Origin"] = origin
    response = client.post(
        sheet + "/hands", data={"csrf_token": read_csrf_token(body), **hand_form(body)}, headers=headers
    )
    with app.app_context():
        count = db.session.query(Hand).count()
    if saved:
        assert response.status_code == 303 and count == 1
    else:
        assert response.status_code == 400 and count == 0
        assert message_of(response).startswith("Nothing was saved: that form was sent from another website")
