"""Sharing a game: the poll, the QR codes, replacing the edit link, and what the view link can never do."""

from __future__ import annotations

import re

import pytest

from scorekeeper.platform.extensions import db
from scorekeeper.store.models import Game
from tests._support.app import SIDES


def start(client, sides=SIDES):
    response = client.post("/api/v1/games", json={"sides": sides})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def record(client, game, **hand):
    hand = hand or {"bidder": 1, "bid": 20, "points": [10, 20]}
    if "n" not in hand:
        hand = {"n": client.get(f"/api/v1/games/{game['id']}").get_json()["next_n"], **hand}
    response = client.post(
        f"/api/v1/games/{game['id']}/hands", json=hand, headers={"Authorization": f"Bearer {game['edit_token']}"}
    )
    assert response.status_code == 201, response.get_json()
    return response.get_json()["state"]


def path_of(url: str) -> str:
    return re.sub(r"^https?://[^/]+", "", url)


def poll(client, game, since, token=None):
    return client.get(f"/games/{game['id']}/poll/{token or game['view_token']}?since={since}")


# -- The poll ----------------------------------------------------------------------------------


def test_poll_answers_304_with_nothing_while_the_game_is_unchanged(client, game):
    response = poll(client, game, game["state"]["version"])
    assert response.status_code == 304
    assert response.data == b""


def test_poll_answers_the_new_sheet_once_a_hand_is_recorded(client, game):
    since = game["state"]["version"]
    record(client, game)
    response = poll(client, game, since)
    assert response.status_code == 200
    text = response.get_data(as_text=True)
    assert 'data-version="2"' in text  # the sheet itself
    assert re.search(r'id="live"[^>]*hx-swap-oob', text, re.S)  # and the poller, now asking from version 2
    assert "&#34;since&#34;: 2" in text or '"since": 2' in text
    assert "Updated" in text
    assert poll(client, game, 2).status_code == 304


def test_poll_without_since_gets_the_sheet(client, game):
    response = client.get(f"/games/{game['id']}/poll/{game['view_token']}")
    assert response.status_code == 200
    assert "No hands yet" in response.get_data(as_text=True)


@pytest.mark.parametrize("since", ["abc", "-1", "99999999999999999999", "", "²", "٣"])
def test_poll_with_a_strange_since_is_refused(client, game, since):
    assert poll(client, game, since).status_code == 400


def test_poll_with_a_wrong_token_or_game_is_404(client, game):
    assert poll(client, game, 1, token="not-the-token").status_code == 404
    other = start(client)
    assert poll(client, game, 1, token=other["edit_token"]).status_code == 404
    assert client.get(f"/games/nope/poll/{game['view_token']}?since=1").status_code == 404
    assert client.get(f"/games/%00/poll/{game['view_token']}?since=1").status_code == 404


def test_polling_with_the_view_token_never_offers_a_way_to_change_the_game(client, game):
    record(client, game)
    text = poll(client, game, 1).get_data(as_text=True)
    assert "<form" not in text
    assert game["edit_token"] not in text
    edit_text = poll(client, game, 1, token=game["edit_token"]).get_data(as_text=True)
    assert "Undo hand 1" in edit_text


# -- The pages -----------------------------------------------------------------------------------


def test_the_edit_sheet_polls_with_its_own_version_and_shows_both_codes(client, game):
    text = client.get(path_of(game["links"]["edit"])).get_data(as_text=True)
    live = re.search(r'<div id="live".*?</div>', text, re.S).group(0)
    assert f'hx-get="/games/{game["id"]}/poll/{game["edit_token"]}"' in live
    assert 'hx-trigger="every 3s' in live and 'hx-target="#sheet"' in live
    assert '"since": 1' in live
    # Invite the table: a button at the top of the sheet, before the score.
    invite = f'href="/games/{game["id"]}/{game["edit_token"]}/invite"'
    assert invite in text and text.index(invite) < text.index('class="scorebar"')
    assert "/qr/" not in text  # no codes on the sheet itself


def test_invite_shows_the_watch_link_to_share_and_copy_and_keeping_score_is_a_step_apart(client, game):
    text = client.get(f"/games/{game['id']}/{game['edit_token']}/invite").get_data(as_text=True)
    assert f'src="/games/{game["id"]}/{game["edit_token"]}/qr/view.svg" width="280"' in text
    assert f'data-share="http://localhost{game["links"]["view"]}"' in text and 'data-copy="view-link"' in text
    assert f'value="http://localhost{game["links"]["view"]}" readonly' in text  # the plain fallback: the link itself
    edit_link = "http://localhost" + game["links"]["edit"]
    assert "qr/edit.svg" not in text and edit_link not in text
    keep_url = f"/games/{game['id']}/{game['edit_token']}/keep"
    assert f'href="{keep_url}"' in text
    keep = client.get(keep_url).get_data(as_text=True)
    assert "record, undo and change hands" in keep
    assert "qr/edit.svg" in keep and edit_link in keep
    assert "Replace the link to keep score" in keep


def test_a_watching_phone_can_invite_others_to_watch_but_never_to_keep_score(client, game):
    text = client.get(f"/games/{game['id']}/{game['view_token']}/invite").get_data(as_text=True)
    assert "qr/view.svg" in text and game["edit_token"] not in text and "/keep" not in text
    assert client.get(f"/games/{game['id']}/{game['view_token']}/keep").status_code == 404


def test_the_view_sheet_has_no_form_and_no_edit_link(client, game):
    record(client, game)
    response = client.get(path_of(game["links"]["view"]))
    assert response.status_code == 200
    text = response.get_data(as_text=True)
    # The one form is the language choice every page has; nothing of the game can be sent.
    assert text.count("<form") == 1 and '<form class="language-choice"' in text
    assert game["edit_token"] not in text
    assert f'href="/games/{game["id"]}/{game["view_token"]}/invite"' in text
    assert f"/poll/{game['view_token']}" in text


def test_a_side_named_script_shows_as_text(client):
    game = start(
        client,
        [
            {"name": "<script>alert(1)</script>", "players": ["<b>Al</b>", "Bo"]},
            {"name": "Them", "players": ["Cy", "Di"]},
        ],
    )
    record(client, game)
    for text in (
        client.get(path_of(game["links"]["view"])).get_data(as_text=True),
        poll(client, game, 1).get_data(as_text=True),
    ):
        assert "<script>alert(1)</script>" not in text
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text
        assert "<b>Al</b>" not in text


# -- QR codes ------------------------------------------------------------------------------------


def test_the_view_qr_code_is_an_svg_for_either_link(client, game):
    for token in (game["view_token"], game["edit_token"]):
        response = client.get(f"/games/{game['id']}/{token}/qr/view.svg")
        assert response.status_code == 200
        assert response.headers["Content-Type"] == "image/svg+xml"
        assert response.data.startswith(b"<svg")
        assert "public" not in response.headers["Cache-Control"]


def test_qr_codes_encode_the_right_link(client, game):
    import segno

    view = client.get(f"/games/{game['id']}/{game['view_token']}/qr/view.svg").data
    edit = client.get(f"/games/{game['id']}/{game['edit_token']}/qr/edit.svg").data
    # The API's links are paths (no public address configured); a QR code needs the whole address.
    assert view == _svg(segno, "http://localhost" + game["links"]["view"])
    assert edit == _svg(segno, "http://localhost" + game["links"]["edit"])
    assert view != edit


def _svg(segno, url):
    import io

    from scorekeeper.web.sharing import views as sharing

    buffer = io.BytesIO()
    segno.make(url, error="m").save(
        buffer,
        kind="svg",
        scale=sharing.QR_SCALE,
        border=sharing.QR_BORDER,
        xmldecl=False,
        svgns=True,
        title="QR code of the game's link",
        dark="#000",
        light="#fff",
    )
    return buffer.getvalue()


def test_the_view_link_cannot_get_the_edit_qr_code(client, game):
    assert client.get(f"/games/{game['id']}/{game['view_token']}/qr/edit.svg").status_code == 404
    assert client.get(f"/games/{game['id']}/wrong/qr/view.svg").status_code == 404


# -- Replacing the edit link ---------------------------------------------------------------------


def test_replacing_the_edit_link(client, game, csrf, app):
    edit_path = path_of(game["links"]["edit"])
    token = csrf(client, edit_path)
    response = client.post(f"{edit_path}/new-link", data={"csrf_token": token})
    assert response.status_code == 303
    new_path = response.headers["Location"]
    assert new_path != edit_path and new_path.startswith(f"/games/{game['id']}/")
    with app.app_context():
        stored = db.session.get(Game, game["id"])
        assert new_path.endswith(stored.edit_token)
        assert len(stored.edit_token) >= 22
    page = client.get(new_path)
    assert "old link to keep score no longer works" in page.get_data(as_text=True)
    # The old link is dead everywhere: page, poll, API; the view link still works.
    assert client.get(edit_path).status_code == 404
    assert poll(client, game, 1, token=game["edit_token"]).status_code == 404
    old_api = client.post(
        f"/api/v1/games/{game['id']}/hands",
        json={"bidder": 1, "bid": 20, "points": [10, 20]},
        headers={"Authorization": f"Bearer {game['edit_token']}"},
    )
    assert old_api.status_code == 403
    assert client.get(path_of(game["links"]["view"])).status_code == 200
    # This phone's list of its games now leads to the new link.
    home = client.get("/").get_data(as_text=True)
    assert new_path in home and edit_path not in home


def test_replacing_the_edit_link_needs_the_csrf_token(client, game):
    edit_path = path_of(game["links"]["edit"])
    response = client.post(f"{edit_path}/new-link", data={})
    assert response.status_code == 400
    assert client.get(edit_path).status_code == 200


def test_the_view_link_cannot_replace_the_edit_link(client, game, csrf):
    token = csrf(client, path_of(game["links"]["view"]))
    response = client.post(f"/games/{game['id']}/{game['view_token']}/new-link", data={"csrf_token": token})
    assert response.status_code == 404
    assert client.get(path_of(game["links"]["edit"])).status_code == 200


def test_the_view_link_refuses_every_write(client, game, csrf):
    record(client, game)
    view = game["view_token"]
    token = csrf(client, path_of(game["links"]["view"]))
    for action in ("hands", "undo", "finish", "rematch", "delete", "new-link"):
        response = client.post(f"/games/{game['id']}/{view}/{action}", data={"csrf_token": token, "confirm": "y"})
        assert response.status_code in (403, 404, 405), action
    state = client.get(f"/api/v1/games/{game['id']}").get_json()
    assert len(state["hands"]) == 1 and state["version"] == 2


def test_a_poll_for_an_untouched_form_brings_the_next_hands_form(client, game):
    edit_path = path_of(game["links"]["edit"])
    client.post(
        f"/api/v1/games/{game['id']}/hands",
        json={"n": 1, "bidder": 1, "bid": 20, "points": [10, 20]},
        headers={"Authorization": f"Bearer {game['edit_token']}"},
    )
    response = client.get(
        f"/games/{game['id']}/poll/{game['edit_token']}?since=1&form=1", headers={"HX-Request": "true"}
    )
    assert response.status_code == 200
    assert response.headers["HX-Retarget"] == "#play"
    body = response.get_data(as_text=True)
    assert body.startswith('<div id="play">')
    assert "Record hand 2" in body and 'name="n" value="2"' in body
    assert 'id="hand-1"' in body and 'hx-swap-oob="true"' in body
    # The view link never gets a form, whatever it asks for.
    view = client.get(f"/games/{game['id']}/poll/{game['view_token']}?since=1&form=1")
    assert "HX-Retarget" not in view.headers
    assert "<form" not in view.get_data(as_text=True)
    assert client.get(edit_path).status_code == 200
