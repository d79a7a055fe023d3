"""Polls: an unchanged one answered from the version alone, and every read counted in this process.

Phones following a game or a card party ask every 3 s whether anything changed,
and nearly always nothing has. Those requests are answered here, in front of
the app: one small query for the version (and the link's secrets), a comparison
with what the phone already has, and a 304 with no body. No ORM object, no
template, no session, no cookie, nothing written anywhere. Anything else (a
changed page, a wrong link, a malformed ``since``) goes on to the app as usual.

Reads are also counted here, in this process's memory (the shared store is kept
for creations and writes, which are few): per what the phone follows (a game; a
party's board, director's page, a table, a couple's card) and per client
address, so a whole hall behind one router is counted page by page, and a
client hammering one link is refused without slowing anyone else's. An
unchanged poll (304) is never counted and never refused: it costs next to
nothing, and a hall of phones behind one router sends thousands of them. Two
limits count what costs the server:

- ``SCOREKEEPER_LIMIT_POLLS``: every poll and API read of that page that the app
  answers (the page sent again, a refusal): one per change for an honest phone;
- ``SCOREKEEPER_LIMIT_POLL_SHEETS``: of those, the pages rendered for the
  request (not a copy kept for that version and sent to the next phones).

A client asking again and again with a stale ``since`` is answered from the kept
copy, within the first limit; one that makes the server render is held to the second.

Every page is in the phone's language (``platform/i18n``), so what is "unchanged" is
per language too: a game poll names the language of the page that asks (``lang``)
and is answered 304 here only when that is still the phone's language; a party
page's fingerprint (``view_key``) and its shared answers (``rendered``) carry the
language; every 304 says it varies by language, as the pages do.

A refused request goes on to the app marked with when to try again, and the app
answers 429 in words (page, htmx banner or JSON). Being in memory, the counts are
per gunicorn worker: a client spread over every worker gets at most that many
times the limit.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import threading
import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from cachetools import LRUCache
from flask import Flask, current_app, has_request_context, request
from limits import parse_many
from werkzeug.http import parse_cookie, parse_etags

from scorekeeper.platform import shelf
from scorekeeper.platform.i18n import LANGUAGE_COOKIE, current_language, language_for
from scorekeeper.platform.limits import address_key
from scorekeeper.platform.security import HSTS, SECURITY_HEADERS
from scorekeeper.store.parties import link_token
from scorekeeper.store.versions import Versions

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

# Set on a request this module refused: the seconds until the client may ask again.
REFUSED = "scorekeeper.retry_after"
# Set on a request answered with a page kept for its version (rendered for an earlier phone): not a render.
KEPT = "scorekeeper.kept_copy"
EXTENSION = "scorekeeper_polls"

_ID = r"([A-Za-z0-9_-]{1,64})"
_TOKEN = r"([^/]{1,128})"
_N = r"([1-9][0-9]{0,2})"
ROUTES: list[tuple[str, re.Pattern[str]]] = [
    ("game-poll", re.compile(rf"/games/{_ID}/poll/{_TOKEN}")),
    ("game-read", re.compile(rf"/api/v1/games/{_ID}")),
    ("board", re.compile(rf"/parties/{_ID}/board/poll")),
    ("couple", re.compile(rf"/parties/{_ID}/couples/{_N}/poll")),
    ("table", re.compile(rf"/parties/{_ID}/tables/{_N}/{_TOKEN}/poll")),
    ("director", re.compile(rf"/parties/{_ID}/{_TOKEN}/poll")),
    ("party-read", re.compile(rf"/api/v1/parties/{_ID}")),
]
SINCE = re.compile(r"(?:^|&)since=([0-9A-Za-z]{1,32})(?=&|$)")

# What a count is kept for: the page a phone follows, then its address.
Key = tuple[str, ...]


class Counter:
    """Fixed windows of requests per key, in this process: a dictionary look-up per request."""

    def __init__(self, spec: str, size: int = 200_000):
        self.items = [(item.amount, float(item.get_expiry())) for item in parse_many(spec)]
        self.size = size
        self._windows: dict[tuple[Key, int], list[float]] = {}
        self._lock = threading.Lock()

    def _window(self, key: Key, i: int, seconds: float, now: float) -> list[float]:
        window = self._windows.get((key, i))
        if window is None or window[0] <= now:
            if len(self._windows) >= self.size:
                self._windows = {k: w for k, w in self._windows.items() if w[0] > now}
            window = self._windows[(key, i)] = [now + seconds, 0.0]
        return window

    def over(self, key: Key, now: float) -> float | None:
        """When *key* may ask again, if it has used up a window; None while it may ask."""
        with self._lock:
            ends = [
                window[0]
                for i, (amount, seconds) in enumerate(self.items)
                if (window := self._window(key, i, seconds, now))[1] >= amount
            ]
        return max(ends) if ends else None

    def add(self, key: Key, now: float) -> None:
        """Count one request of *key*."""
        with self._lock:
            for i, (_amount, seconds) in enumerate(self.items):
                self._window(key, i, seconds, now)[1] += 1

    def hit(self, key: Key, now: float) -> float | None:
        """Count one request of *key* unless it is over; return when it may ask again if it is."""
        until = self.over(key, now)
        if until is None:
            self.add(key, now)
        return until


def _since(query: str) -> str | None:
    """The one ``since`` of a plain query string; None for anything the app should read itself."""
    if "%" in query or "+" in query or query.count("since") != 1:
        return None
    found = SINCE.search(query)
    return found.group(1) if found else None


def _route(path: str) -> tuple[str, Key] | None:
    """Which poll *path* is (and the parts of its address), or None for any other page."""
    for kind, pattern in ROUTES:
        found = pattern.fullmatch(path)
        if found is not None:
            return kind, found.groups()
    return None


def _same(given: str | None, expected: str | None) -> bool:
    if not given or not expected:
        return False
    return hmac.compare_digest(given.encode("utf-8", "replace"), expected.encode())


class Polls:
    """WSGI middleware in front of the app: unchanged polls answered at once, reads counted per page and address."""

    def __init__(self, app: Flask, wsgi_app: WSGIApplication):
        self.app = app
        self.wsgi_app = wsgi_app
        self.enabled = bool(app.config.get("RATELIMIT_ENABLED", True))
        self.polls = Counter(app.config["SCOREKEEPER_LIMIT_POLLS"])
        self.sheets = Counter(app.config["SCOREKEEPER_LIMIT_POLL_SHEETS"])
        # (party id, page, language) -> (version, fingerprint) of a couple's card or a table's page, as last rendered here.
        self._shown: LRUCache[tuple[str, str, str], tuple[int, str]] = shelf.new_lru("party_page_fingerprints")
        self._shown_lock = threading.Lock()
        self.versions = Versions(app)  # the store's one light query for a version and the link's secrets

    # -- What a page showed at a version ------------------------------------------------------

    def remember(self, party_id: str, page: str, version: int, key: str, language: str = "en") -> None:
        """Note the fingerprint a party page has at *version* in *language*: its polls are then answered here."""
        with self._shown_lock:
            self._shown[(party_id, page, language)] = (version, key)

    def forget(self, party_id: str, page: str) -> None:
        with self._shown_lock:
            for language in self.app.extensions.get("scorekeeper_languages") or ("en",):
                self._shown.pop((party_id, page, language), None)

    # -- The database, without a session (the store's ``Versions``) ---------------------------

    def close(self) -> None:
        """Stop listening for changes (an app that is done with, as in the tests)."""
        self.versions.close()

    # -- The request --------------------------------------------------------------------------

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        if environ.get("REQUEST_METHOD") != "GET":
            return self.wsgi_app(environ, start_response)
        route = _route(environ.get("PATH_INFO", ""))
        if route is None:
            return self.wsgi_app(environ, start_response)
        kind, groups = route
        # An unchanged poll is answered first, and never counted nor refused: it costs one small query at most
        # (none on PostgreSQL once heard of), so a whole hall behind one router may ask as often as it likes.
        try:
            headers = self._unchanged(kind, groups, environ)
        except Exception:  # The app answers instead, with its own error handling.
            headers = None
        if headers is not None:
            if environ.get("wsgi.url_scheme") == "https":
                headers.append(("Strict-Transport-Security", HSTS))
            start_response("304 NOT MODIFIED", headers)
            return []
        if not self.enabled:
            return self.wsgi_app(environ, start_response)
        key = self._page(kind, groups) + (address_key(environ.get("REMOTE_ADDR")),)
        now = time.time()
        until = self.polls.hit(key, now) or self.sheets.over(key, now)
        if until is not None:
            environ[REFUSED] = str(max(1, int(until - now + 0.999)))
            return self.wsgi_app(environ, start_response)

        def counting(
            status: str, response_headers: list[tuple[str, str]], exc_info: Any = None
        ) -> Callable[[bytes], object]:
            # A page rendered for this request costs the server; a copy kept for the version, sent to the
            # next phones of the hall, does not.
            if status.startswith("200") and not environ.get(KEPT):
                self.sheets.add(key, time.time())
            return start_response(status, response_headers, exc_info)

        return self.wsgi_app(environ, counting)

    @staticmethod
    def _page(kind: str, groups: Key) -> Key:
        """What the phone follows, for counting: a game, or one page of a party."""
        if kind in ("game-poll", "game-read"):
            return ("game", groups[0])
        if kind in ("couple", "table"):
            return ("party", groups[0], f"{kind} {groups[1]}")
        return ("party", groups[0], kind)

    def _unchanged(self, kind: str, groups: Key, environ: WSGIEnvironment) -> list[tuple[str, str]] | None:
        """The 304's headers when the phone already has this page as it stands; None to let the app answer."""
        query = environ.get("QUERY_STRING", "")
        since = _since(query)
        language = self._language(environ)
        if since is None and "since" in query:
            return None  # a since the app must read itself, and refuse if it is no version
        tags = environ.get("HTTP_IF_NONE_MATCH")
        if kind == "game-read":
            if since is None and not tags:
                return None
            row = self.versions.row("game", groups[0])
            if row is None:
                return None
            version = str(row[0])
            if since is not None and since != version:
                return None  # another version, or none the app would take: the app answers
            if since is None and not parse_etags(tags).contains(f"{groups[0]}-{version}"):
                return None
            return [("ETag", f'"{groups[0]}-{version}"'), *self._headers(api=True)]
        if kind == "party-read":
            if not tags:
                return None
            row = self.versions.row("party", groups[0])
            if row is None or not parse_etags(tags).contains(f"party-{row[0]}"):
                return None
            return [("ETag", f'"party-{row[0]}"'), *self._headers(api=True)]
        if since is None:
            return None
        if kind == "game-poll":
            row = self.versions.row("game", groups[0])
            if row is None or since != str(row[0]):
                return None
            if not (_same(groups[1], row[1]) or _same(groups[1], row[2])):
                return None
            if _query_value(query, "lang") not in (None, language):
                return None  # the page asking is in another language than the phone's now: the app answers
            return self._headers()
        row = self.versions.row("party", groups[0])
        if row is None:
            return None
        version, edit_token, hall_token = row
        if kind in ("board", "director"):
            if kind == "director" and not _same(groups[1], edit_token):
                return None
            return self._headers() if _same(since, view_key(version, language=language)) else None
        if kind == "table":
            if not _same(groups[2], link_token(hall_token, f"table:{int(groups[1])}")):
                return None
        with self._shown_lock:
            shown = self._shown.get((groups[0], f"{kind} {int(groups[1])}", language))
        if shown is None or shown[0] != version or not _same(since, shown[1]):
            return None
        return self._headers()

    def _language(self, environ: WSGIEnvironment) -> str:
        """The language the app would answer this request in (``platform/i18n.select_locale``)."""
        offered = self.app.extensions.get("scorekeeper_languages") or {"en": "English"}
        chosen = parse_cookie(environ).get(LANGUAGE_COOKIE)
        return language_for(environ.get("PATH_INFO", ""), chosen, environ.get("HTTP_ACCEPT_LANGUAGE"), offered)

    @staticmethod
    def _headers(api: bool = False) -> list[tuple[str, str]]:
        vary = "Accept-Language" if api else "Accept-Language, Cookie"
        return [("Cache-Control", "no-cache"), ("Vary", vary), *SECURITY_HEADERS.items()]


def _query_value(query: str, name: str) -> str | None:
    """The one value of *name* in a query string (None when absent)."""
    for part in query.split("&"):
        key, _sep, value = part.partition("=")
        if key == name:
            return value
    return None


def view_key(*parts: object, language: str | None = None) -> str:
    """A short fingerprint of what one page shows, in one language: its poll answers 304 while it holds.

    In a request, the language is the page's own; the poll answerer names the one it works out.
    """
    if language is None:
        language = current_language() if has_request_context() else "en"
    return hashlib.blake2s(repr((*parts, language)).encode(), digest_size=6).hexdigest()


def install(app: Flask) -> Polls:
    """Put the poll answerer in front of *app* (a proxy's headers are read outside it, by ``create_app``)."""
    polls = Polls(app, app.wsgi_app)
    # Flask's documented way to add WSGI middleware; its typing declares wsgi_app a method, not an attribute.
    app.wsgi_app = polls  # type: ignore[method-assign]
    app.extensions[EXTENSION] = polls
    app.before_request(_refused_here)
    return polls


def _refused_here() -> None:
    """Answer 429 (in words, by the app's error pages) to a read the counts above refused."""
    from flask import abort, g, request

    retry_after = request.environ.get(REFUSED)
    if retry_after is not None:
        g.retry_after = retry_after
        abort(429)


def remember(party_id: str, page: str, version: int, key: str | None) -> None:
    """Note what a party page (``"couple 3"``, ``"table 7"``) shows at *version*; None: answer its polls in full."""
    polls = current_app.extensions.get(EXTENSION)
    if polls is None:
        return
    if key is None:
        polls.forget(party_id, page)
    else:
        polls.remember(party_id, page, version, key, current_language())


class Rendered:
    """The answer a poll sends, rendered once per page and version in this process, then shared by every phone."""

    def __init__(self) -> None:
        self._items: LRUCache[tuple[object, ...], str] = shelf.new_lru("party_poll_pages")
        self._lock = threading.Lock()

    def get(self, key: tuple[object, ...], render: Callable[[], str]) -> tuple[str, bool]:
        """The body kept for *key*, else rendered now and kept; and whether it was rendered now."""
        with self._lock:
            body = self._items.get(key)
        if body is not None:
            return body, False
        body = render()
        with self._lock:
            self._items[key] = body
        return body, True


def rendered(party_id: str, page: str, version: int, render: Callable[[], str]) -> str:
    """The body of a party page's poll at *version*, rendered at most once per version in this process.

    Only for pages that hold nothing of one phone's own (no form token): a couple's card, the board.
    """
    cache: Rendered | None = current_app.extensions.get("scorekeeper_rendered")
    if cache is None:
        cache = current_app.extensions.setdefault("scorekeeper_rendered", Rendered())
    body, made = cache.get((party_id, page, version, current_language()), render)
    if not made:
        served_kept()
    return body


def served_kept() -> None:
    """Note that this request is answered with a page kept for its version: the poll limits do not count a render."""
    request.environ[KEPT] = True
