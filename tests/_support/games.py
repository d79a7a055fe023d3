"""A game through its pages: the new-game form, the sheet's hand form, and what a player reads back."""

from __future__ import annotations

import html
import re

from sqlalchemy import func, select

from scorekeeper.platform.extensions import db
from scorekeeper.store.models import Hand


def read_csrf_token(body: str) -> str:
    """Return the CSRF token a page carries, as a browser would send it."""
    match = re.search(r'<meta name="csrf-token" content="([^"]+)"', body)
    assert match, "the page carries no CSRF token"
    return html.unescape(match.group(1))


FOUR = {"players-0": "Ann", "players-1": "Bob", "players-2": "Cal", "players-3": "Dee"}


def new_game(client, **fields):
    """Post the new-game form as a player would; return the response."""
    token = read_csrf_token(client.get("/games/new").get_data(as_text=True))
    data = {"csrf_token": token, "preset": "new-england", "mode": "partners", "side_count": "2", "first_dealer": "0"}
    data.update(FOUR)
    data.update(fields)
    return client.post("/games/new", data=data)


def page(client, url):
    response = client.get(url)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def hand(client, url, **fields):
    """Post the hand form of the sheet at *url*."""
    body = page(client, url)
    data = {"csrf_token": read_csrf_token(body), "by": "tricks"}
    data["n"] = re.search(r'id="hand-form".*?name="n" value="(\d+)"', body, re.S).group(1)
    data.update({k: str(v) for k, v in fields.items()})
    return client.post(url + "/hands", data=data)


def hands_in_db(app) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(Hand))


def errors(body: str) -> list[str]:
    return [
        html.unescape(re.sub(r"\s+", " ", e).strip())
        for e in re.findall(r'class="field-error"[^>]*>(.*?)</p>', body, re.S)
    ]


def text(body: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body))
