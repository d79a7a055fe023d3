"""Signed cookies of this phone: the games and tables it opened, and the names typed at its table.

Nothing here is secret (the tokens are already in the links the phone opened);
the signature only keeps a tampered cookie from being read.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flask import current_app, request
from itsdangerous import BadSignature, URLSafeSerializer
from werkzeug.wrappers import Response

from scorekeeper.rules import MAX_PLAYERS
from scorekeeper.store.models import Game

GAMES_COOKIE = "games"
NAMES_COOKIE = "names"
TABLE_COOKIE = "table"
REMEMBERED_GAMES = 20
REMEMBERED_NAMES = 24
COOKIE_MAX_AGE = 400 * 24 * 3600


def _serializer(salt: str) -> URLSafeSerializer:
    secret = current_app.secret_key
    if not secret:
        raise RuntimeError("SECRET_KEY is not set: cookies cannot be signed")
    return URLSafeSerializer(secret, salt=f"scorekeeper.{salt}")


def _read_cookie(name: str) -> list[Any]:
    raw = request.cookies.get(name)
    if not raw:
        return []
    try:
        value = _serializer(name).loads(raw)
    except BadSignature:
        return []
    return value if isinstance(value, list) else []


def _set_cookie(response: Response, name: str, value: list[Any]) -> None:
    response.set_cookie(
        name,
        _serializer(name).dumps(value),
        max_age=COOKIE_MAX_AGE,
        httponly=True,
        samesite="Lax",
        secure=bool(current_app.config.get("SESSION_COOKIE_SECURE")),
    )


def _links(cookie: str, kinds: tuple[str, ...], *, bare_edit: bool = False) -> list[tuple[str, str, str]]:
    """(id, token, kind) of the links kept in *cookie*, newest first; with *bare_edit*, an id and token alone is an
    edit link (as the first ``games`` cookies kept them)."""
    found = []
    for item in _read_cookie(cookie):
        if not isinstance(item, list) or not all(isinstance(x, str) for x in item):
            continue
        if len(item) == 2 and bare_edit:
            item = [*item, "edit"]
        if len(item) == 3 and item[2] in kinds:
            found.append((item[0], item[1], item[2]))
    return found


def _put_first(
    response: Response, cookie: str, link: tuple[str, str, str], kept: list[tuple[str, str, str]], most: int
) -> None:
    """Keep *link* first in *cookie*, before the other links *kept* (at most *most* in all)."""
    others = [list(item) for item in kept if item[0] != link[0]]
    _set_cookie(response, cookie, [list(link), *others][:most])


def remembered_games() -> list[tuple[str, str, str]]:
    """Return (game id, token, "edit" or "view") of the games opened on this device, newest first."""
    return _links(GAMES_COOKIE, ("edit", "view"), bare_edit=True)


def remember_game(response: Response, game: Game, kind: str = "edit") -> None:
    """Put the game first in the ``games`` cookie, with the link this device may use."""
    token = game.edit_token if kind == "edit" else game.view_token
    _put_first(response, GAMES_COOKIE, (game.id, token, kind), remembered_games(), REMEMBERED_GAMES)


def forget_game(response: Response, game_id: str) -> None:
    _set_cookie(response, GAMES_COOKIE, [list(item) for item in remembered_games() if item[0] != game_id])


def remembered_names() -> list[str]:
    return [n for n in _read_cookie(NAMES_COOKIE) if isinstance(n, str)][:REMEMBERED_NAMES]


def remember_names(response: Response, names: Sequence[str]) -> None:
    seen = {n.casefold() for n in names}
    kept = list(names) + [n for n in remembered_names() if n.casefold() not in seen]
    _set_cookie(response, NAMES_COOKIE, kept[:REMEMBERED_NAMES])


def remembered_table() -> list[str]:
    """The players of this phone's last new game, in their seats."""
    return [n for n in _read_cookie(TABLE_COOKIE) if isinstance(n, str)][:MAX_PLAYERS]


def remember_table(response: Response, names: Sequence[str]) -> None:
    _set_cookie(response, TABLE_COOKIE, list(names)[:MAX_PLAYERS])


TABLES_COOKIE = "tables"
REMEMBERED_TABLES = 20


def remembered_tables() -> list[tuple[str, str, str]]:
    """Return (table id, token, "edit" or "view") of the tables opened on this device, newest first."""
    return _links(TABLES_COOKIE, ("edit", "view"))


def remember_table_link(response: Response, table_id: str, token: str, kind: str) -> None:
    """Put the table first in the ``tables`` cookie, with the link this device may use."""
    _put_first(response, TABLES_COOKIE, (table_id, token, kind), remembered_tables(), REMEMBERED_TABLES)


def forget_table_link(response: Response, table_id: str) -> None:
    _set_cookie(response, TABLES_COOKIE, [list(item) for item in remembered_tables() if item[0] != table_id])


CLUBS_COOKIE = "clubs"
REMEMBERED_CLUBS = 10


def remembered_clubs() -> list[tuple[str, str, str]]:
    """Return (club id, token, "director" or "public") of the clubs opened on this device, newest first."""
    return _links(CLUBS_COOKIE, ("director", "public"))


def remember_club_link(response: Response, club_id: str, token: str, kind: str) -> None:
    """Put the club first in the ``clubs`` cookie; a director's link is never replaced by the public one."""
    kept = remembered_clubs()
    old = next((item for item in kept if item[0] == club_id), None)
    if kind == "public" and old is not None and old[2] == "director":
        token, kind = old[1], old[2]
    _put_first(response, CLUBS_COOKIE, (club_id, token, kind), kept, REMEMBERED_CLUBS)
