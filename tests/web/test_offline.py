"""The installed app: manifest, service worker and its scope, and hands sent after a spell with no signal."""

from __future__ import annotations

import json
import re

import pytest

from scorekeeper.rules import HandEntry
from scorekeeper.store import games as services


def test_manifest_has_what_a_phone_needs_to_install_the_app(client):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response.headers["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.get_data())
    # Lighthouse's installability checks: names, start URL, a standalone display, 192 and 512 px PNG icons.
    assert manifest["name"] == "Forty-Fives score sheet"
    assert 0 < len(manifest["short_name"]) <= 12
    assert manifest["start_url"] == "/"
    assert manifest["display"] == "standalone"
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["background_color"])
    sizes = {icon["sizes"] for icon in manifest["icons"] if icon["type"] == "image/png"}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        image = client.get(icon["src"])
        assert image.status_code == 200 and image.headers["Content-Type"] == "image/png"
        data = image.get_data()
        image.close()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
        assert f"{width}x{height}" == icon["sizes"]
    assert any(icon.get("purpose") == "maskable" for icon in manifest["icons"])


def test_every_page_links_the_manifest_and_loads_the_worker_after_the_page(client):
    page = client.get("/rules").get_data(as_text=True)
    # The manifest names the part fetched once the page has loaded (app.js loads it); no script tag of its own.
    link = re.search(r'<link rel="manifest"[^>]*>', page).group(0)
    assert re.fullmatch(
        r'<link rel="manifest" href="/manifest.webmanifest" data-more="/static/offline-page\.[0-9a-f]{12}\.js"'
        r' data-offline-css="/static/offline\.[0-9a-f]{12}\.css" data-words="/offline/words">',
        link,
    ), link
    assert "offline-page." not in " ".join(re.findall(r"<script[^>]*>", page))
    app_js = client.get(re.search(r'<script src="(/static/app\.[0-9a-f]{12}\.js)"', page).group(1))
    assert 'addEventListener("load"' in app_js.get_data(as_text=True) and "data-more" in app_js.get_data(as_text=True)
    app_js.close()


def test_what_the_phone_says_with_no_signal_comes_after_the_page_in_the_phone_s_language(client):
    """The queue's and the phone's copy's sentences are not in the sheet; they are fetched once it has loaded."""
    english = client.get("/offline/words")
    assert english.status_code == 200 and english.mimetype == "application/json"
    assert english.headers["Cache-Control"] == "no-cache"
    assert english.headers["Content-Language"] == "en"  # the worker keeps each language's copy apart by it
    assert {"Accept-Language", "Cookie"} <= set(english.headers["Vary"].replace(" ", "").split(","))
    said = english.get_json()
    assert said["q-kept"] == "Hand %(n)s is kept on this phone, not sent yet. It is sent when the signal returns."
    assert said["offline-at"] == "Offline — last updated %(time)s"
    french = client.get("/offline/words", headers={"Accept-Language": "fr"})
    assert french.headers["Content-Language"] == "fr"
    assert french.get_json().keys() == said.keys()
    assert french.get_json()["q-kept"] != said["q-kept"] and "%(n)s" in french.get_json()["q-kept"]
    # Asked again by every page: a phone that has them gets a 304, with no body; a French phone, its own.
    again = client.get("/offline/words", headers={"If-None-Match": english.headers["ETag"]})
    assert again.status_code == 304 and again.get_data() == b""
    assert french.headers["ETag"] != english.headers["ETag"]
    # The worker keeps them from the start, as it keeps the rule book and the referee.
    assert '"/offline/words"' in client.get("/sw.js").get_data(as_text=True)


def test_service_worker_is_served_from_the_root_as_javascript_and_never_from_a_cache(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.headers["Content-Type"] == "text/javascript; charset=utf-8"
    assert response.headers["Cache-Control"] == "no-cache"
    assert response.headers["Service-Worker-Allowed"] == "/"
    body = response.get_data(as_text=True)
    # The app shell is kept, each file under a name holding a hash of its content (so no revision beside it),
    # and the rule book and referee are fetched at once.
    shell = [("app", ".css"), ("games.bundle", ".css"), ("app", ".js"), ("vendor/htmx-2.0.11.min", ".js")]
    for name, suffix in shell + [("offline-page", ".js")]:
        url = re.escape(f"/static/{name}.") + "[0-9a-f]{12}" + re.escape(suffix)
        assert re.search(r'"revision": null, "url": "' + url + '"', body), name
    # The no-signal styles, which offline-page.js adds to any page, are kept alone as well.
    assert re.search(r'"revision": null, "url": "/static/offline\.[0-9a-f]{12}\.css"', body)
    assert 'const WARM = ["/", "/rules", "/referee", "/offline/words"];' in body
    assert "precacheAndRoute(" in body and "NetworkFirst" in body


def test_the_page_policy_lets_the_worker_and_manifest_load(client):
    policy = client.get("/").headers["Content-Security-Policy"]
    assert "worker-src 'self'" in policy and "manifest-src 'self'" in policy


def test_no_signal_page_is_the_apps_own(client):
    response = client.get("/offline")
    assert response.status_code == 200
    assert "No signal" in response.get_data(as_text=True)


# -- Hands sent after a spell with no signal ----------------------------------------------


def send(client, csrf, game, n, **fields):
    token = csrf(client, f"/games/{game['id']}/{game['edit_token']}")
    data = {"csrf_token": token, "n": n, "by": "tricks", "high": ""} | {k: str(v) for k, v in fields.items()}
    return client.post(f"/games/{game['id']}/{game['edit_token']}/hands/queued", data=data)


def hands(app, game):
    with app.app_context():
        return [(h.n, h.bidder, h.bid) for h in services.load_game(game["id"]).hands]


def test_a_waiting_hand_is_recorded_once_even_when_sent_twice(app, client, csrf, game):
    first = send(client, csrf, game, 1, bidder=0, bid=20, tricks=5)
    assert first.status_code == 201
    assert first.get_json() == {"outcome": "recorded", "n": 1, "message": "Hand 1 recorded."}
    # The answer was lost and the phone sends it again: it is on the sheet once, and the phone is told so.
    again = send(client, csrf, game, 1, bidder=0, bid=20, tricks=5)
    assert again.status_code == 200
    assert again.get_json()["outcome"] == "recorded"
    assert "saved once" in again.get_json()["message"]
    assert hands(app, game) == [(1, 0, 20)]


def test_a_hand_another_phone_took_is_a_conflict_that_saves_nothing(app, client, csrf, game):
    with app.app_context():
        services.record_hand(services.load_game(game["id"]), HandEntry(bidder=1, bid=25, tricks=(0, 5)), 1)
    answer = send(client, csrf, game, 1, bidder=0, bid=20, tricks=5)
    assert answer.status_code == 409
    body = answer.get_json()
    assert body["outcome"] == "taken" and body["n"] == 1 and body["next"] == 2
    assert body["message"] == "Hand 1 was recorded on another phone while this one had no signal."
    assert hands(app, game) == [(1, 1, 25)]


@pytest.mark.parametrize(
    ("n", "fields", "message"),
    [
        (
            "2",
            {"bidder": 0, "bid": 20, "tricks": 5},
            "The sheet changed on another phone: the next hand is hand 1, not 2.",
        ),
        ("1", {"bid": 20, "tricks": 5}, "Tap the side that won the bid."),
        ("1", {"bidder": 0, "bid": 10, "tricks": 5}, "bid"),
        ("²", {"bidder": 0, "bid": 20, "tricks": 5}, "whole number"),
        ("", {"bidder": 0, "bid": 20, "tricks": 5}, "hand number"),
    ],
)
def test_a_waiting_hand_the_sheet_refuses_says_why_and_saves_nothing(app, client, csrf, game, n, fields, message):
    answer = send(client, csrf, game, n, **fields)
    assert answer.status_code in (409, 422)
    body = answer.get_json()
    assert body["outcome"] in ("taken", "refused")
    assert message.lower() in body["message"].lower()
    assert hands(app, game) == []


def test_a_waiting_hand_needs_the_link_that_records_and_a_form_token(client, csrf, game):
    token = csrf(client, f"/games/{game['id']}/{game['edit_token']}")
    data = {"csrf_token": token, "n": "1", "bidder": "0", "bid": "20", "by": "tricks", "tricks": "5"}
    assert client.post(f"/games/{game['id']}/{game['view_token']}/hands/queued", data=data).status_code == 404
    assert (
        client.post(
            f"/games/{game['id']}/{game['edit_token']}/hands/queued", data=data | {"csrf_token": "x"}
        ).status_code
        == 400
    )
