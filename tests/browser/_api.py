"""The JSON API as the browser tests call it, to set a game or a party up before the phones open it."""

from __future__ import annotations

import json
import urllib.request


def api(live_server, method: str, path: str, body: dict | None = None, token: str | None = None) -> dict:
    """Send one API request to the live server and return its JSON answer."""
    request = urllib.request.Request(
        live_server.url + path, method=method, data=json.dumps(body).encode() if body is not None else None
    )
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())
