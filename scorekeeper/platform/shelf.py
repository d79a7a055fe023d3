"""Every cache the app keeps, on one shelf: its name, what it keeps, how much, and what makes an item go.

A cache is made here and nowhere else: a ``VersionCache`` (what was worked out
from a game's or a party's log, valid for one version) or a bounded
``LRUCache`` of cachetools, each by its name on ``SHELF``, which gives its size.
Each is kept with the app (``current_app.extensions``, under its name) or with
the one object that owns it, never in a module, so two apps in one process (as
in the tests) never share one. The manual's page of caches
(``docs/developers/caches.md``) is this list as a table (``table()``); a test
keeps the two alike, and fails on a cache made anywhere else.

Only bounded caches of what players send and read are here. A function of a
small fixed set of arguments kept with ``functools.cache`` (a statement built
once per table, the API's document) builds a constant once: not a cache that
grows with use.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from cachetools import LRUCache

if TYPE_CHECKING:
    from flask import Flask

T = TypeVar("T")


@dataclass(frozen=True)
class Shelved:
    """One cache: *size* counted in *unit*; *kind* ``version`` (a ``VersionCache``) or ``lru`` (an ``LRUCache``)."""

    name: str
    kind: str
    size: int
    unit: str
    keeps: str
    cleared: str
    weighed: bool = False  # its items weigh what its owner says (``weight``), not 1 each


_LEAST_USED = "the least used goes when it is full"
_NEW_VERSION = "a newer version of it makes the old one unreachable; " + _LEAST_USED

SHELF: dict[str, Shelved] = {
    entry.name: entry
    for entry in (
        Shelved(
            "game_states", "version", 64, "games",
            "each game's state replayed from its hands (store/games)",
            _NEW_VERSION,
        ),
        Shelved(
            "game_summaries", "version", 20_000, "games",
            "each game's statistics per side (store/games, read by a table's statistics)",
            _NEW_VERSION,
        ),
        Shelved(
            "party_states", "version", 100_000, "log entries",
            "each card party's evening replayed from its log, weighed by its entries (store/parties)",
            _NEW_VERSION + "; an evening larger than the whole budget is not kept",
            weighed=True,
        ),
        Shelved(
            "table_stats", "version", 64, "seasons",
            "a table's statistics between two dates (store/tables)",
            "any change of the table, its people or one of its games changes its key; " + _LEAST_USED,
        ),
        Shelved(
            "game_exports", "version", 1000, "games",
            "each game's JSON export as text, joined into a table's export (store/tables)",
            _NEW_VERSION,
        ),
        Shelved(
            "game_csv", "version", 1000, "games",
            "each game's CSV rows as text, joined into a table's CSV (web/tables)",
            _NEW_VERSION,
        ),
        Shelved(
            "rendered_sheets", "version", 16 * 1024 * 1024, "characters",
            "the score sheet as last rendered for a poll, per game, right and language (web/sharing)",
            _NEW_VERSION + "; weighed by its length",
            weighed=True,
        ),
        Shelved(
            "rating_books", "version", 128, "books",
            "the ratings a read worked out because the stored ones were missing or behind, per table or club season (store/ratings)",
            _NEW_VERSION,
        ),
        Shelved(
            "rating_steps", "version", 128, "runs",
            "the ratings after a table's or a club season's first changed game or evening, to go on from (store/ratings)",
            _NEW_VERSION,
        ),
        Shelved(
            "rating_evening_matches", "version", 2048, "evenings",
            "each club evening's games as rating matches (store/ratings)",
            "a new version of the evening or of the club; " + _LEAST_USED,
        ),
        Shelved(
            "club_seasons", "version", 64, "seasons",
            "a club season's ladder and jackpot (store/clubs)",
            "a new version of the club or of one of its evenings; " + _LEAST_USED,
        ),
        Shelved(
            "club_evening_results", "version", 2048, "evenings",
            "each club evening's result as the ladder counts it (store/clubs)",
            _NEW_VERSION,
        ),
        Shelved(
            "party_poll_pages", "lru", 256, "pages",
            "a party page's poll answer (a couple's card, the board) per page, version and language (web/polls)",
            "a new version of the party asks for another key; " + _LEAST_USED,
        ),
        Shelved(
            "party_page_fingerprints", "lru", 50_000, "pages",
            "the fingerprint a party page had at its version, so its unchanged polls are answered at once "
            "(web/polls)",
            "the page rendered again replaces it; the director's change forgets it; " + _LEAST_USED,
        ),
        Shelved(
            "api_hand_rows", "lru", 2000, "games",
            "a game's sheet rows as JSON text per language, while its sheet only grows (api/games)",
            "a changed or undone hand starts it again; " + _LEAST_USED,
        ),
        Shelved(
            "heard_rows", "lru", 50_000, "rows",
            "on PostgreSQL, a game's or party's version and link secrets read by a poll (store/heard)",
            "its game or party announced changed; all of it when the worker stops hearing; " + _LEAST_USED,
        ),
        Shelved(
            "accept_languages", "lru", 1024, "headers",
            "the language an Accept-Language header prefers among those offered (platform/i18n)",
            _LEAST_USED + " (kept for the process: the same header always gives the same answer)",
        ),
        Shelved(
            "written_numbers", "lru", 4096, "numbers",
            "a number as a language writes it, with its minus sign and grouping, per language (platform/i18n)",
            _LEAST_USED + " (kept for the process: the same number in the same language is always written alike)",
        ),
    )
}  # fmt: skip


def shelved(name: str, kind: str) -> Shelved:
    """The shelf's entry *name*, which must be of *kind*: a cache not on the shelf cannot be made."""
    entry = SHELF.get(name)
    if entry is None or entry.kind != kind:
        raise LookupError(f"no {kind} cache called {name!r} on the shelf (platform/shelf.py)")
    return entry


class VersionCache(Generic[T]):
    """What was worked out from a log, kept per key for one version: a bounded, thread-safe LRU.

    *weight* tells how much an item costs against *budget* (1 each by default).
    """

    def __init__(self, budget: int, weight: Callable[[T], int] | None = None) -> None:
        self._weight = weight
        size: Callable[[tuple[int, T]], int] | None = None
        if weight is not None:

            def size(item: tuple[int, T]) -> int:
                return max(1, weight(item[1]))

        self._items: LRUCache[Hashable, tuple[int, T]] = LRUCache(maxsize=budget, getsizeof=size)
        self._lock = threading.Lock()

    @property
    def budget(self) -> int:
        return int(self._items.maxsize)

    def get(self, key: Hashable, version: int) -> T | None:
        """The item worked out at exactly *version*, or None."""
        with self._lock:
            found = self._items.get(key)
        return found[1] if found is not None and found[0] == version else None

    def latest(self, key: Hashable) -> tuple[int, T] | None:
        """The newest item kept for *key*, with its version, whatever it is."""
        with self._lock:
            return self._items.get(key)

    def put(self, key: Hashable, version: int, item: T) -> None:
        """Keep *item* as worked out at *version*; an older version never replaces a newer one."""
        if self._weight is not None and self._weight(item) > self._items.maxsize:
            return  # larger than the whole budget: it would only push everything else out
        with self._lock:
            old = self._items.get(key)
            if old is not None and old[0] > version:
                return
            self._items[key] = (version, item)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()

    def __len__(self) -> int:
        with self._lock:
            return len(self._items)


def version_cache(app: Flask, name: str, weight: Callable[[Any], int] | None = None) -> VersionCache[Any]:
    """The app's version cache *name* (made on first use, of the shelf's size), kept with the app."""
    found: VersionCache[Any] | None = app.extensions.get(name)
    if found is None:
        entry = shelved(name, "version")
        if entry.weighed != (weight is not None):
            raise ValueError(f"the cache {name!r} is {'' if entry.weighed else 'not '}weighed on the shelf")
        found = app.extensions.setdefault(name, VersionCache(entry.size, weight))
    return found


def app_lru(app: Flask, name: str) -> LRUCache[Any, Any]:
    """The app's LRU cache *name* (made on first use, of the shelf's size), kept with the app.

    An ``LRUCache`` is not thread-safe: its owner reads and writes it under a lock of its own.
    """
    found: LRUCache[Any, Any] | None = app.extensions.get(name)
    if found is None:
        found = app.extensions.setdefault(name, new_lru(name))
    return found


def new_lru(name: str) -> LRUCache[Any, Any]:
    """A new LRU cache *name*, of the shelf's size, for the one object that owns it (one per app)."""
    return LRUCache(maxsize=shelved(name, "lru").size)


def table() -> str:
    """The shelf as the manual's table of caches (Markdown)."""
    lines = ["| name | what it keeps | size | what makes an item go |", "|---|---|---|---|"]
    for entry in SHELF.values():
        kind = "by version" if entry.kind == "version" else "least used first"
        lines.append(f"| `{entry.name}` | {entry.keeps} | {entry.size:,} {entry.unit}, {kind} | {entry.cleared} |")
    return "\n".join(lines) + "\n"
