"""A game started and written as from a phone on the internet (a client address, a token)."""

from __future__ import annotations

from tests._support.app import SIDES


def start(client, **environ):
    response = client.post("/api/v1/games", json={"sides": SIDES}, environ_base=environ or {})
    return response


def auth(game):
    return {"Authorization": f"Bearer {game['edit_token']}"}
