"""What a worker has heard of changes: on PostgreSQL, an unchanged poll answered without asking the database.

Every change of a game or a card party moves its version (a new edit link moves its
tokens with it), and on PostgreSQL a trigger announces the change, or the removal,
on the channel ``scorekeeper_versions`` when its transaction commits (the migration
"versions announced"). One thread a worker listens there. What a poll read from the
database (the version and the link's secrets) is kept until that game or party is
announced; while kept, an unchanged poll is answered from it, with no round trip.

Nothing is kept while the thread is not listening: before it first listens, after
its connection is lost (whatever was kept is dropped when it listens again: it may
have missed an announcement meanwhile), and when the database has no trigger to
announce with (a schema not built by the migrations). Then every poll asks the
database, as on SQLite. The listener announces something of its own every few
seconds and is trusted only while it hears it come back, so one that can no longer hear (its server gone
silent, or a connection pooler between them that does not pass announcements on)
is not trusted, or stops being within seconds.
"""

from __future__ import annotations

import logging
import threading
import time
import uuid
from collections.abc import Hashable
from typing import Any

import psycopg
from cachetools import LRUCache
from psycopg.conninfo import make_conninfo

from scorekeeper.platform.shelf import new_lru

CHANNEL = "scorekeeper_versions"
HEARD = "scorekeeper_heard"  # the app's extension, for what this process changes itself (``store.log.advance``)
# What the migration's trigger calls each table's rows when it announces them.
ANNOUNCED_AS = {"games": "game", "parties": "party"}
# Whether the migrations' trigger is there to announce changes (without it, nothing would ever be heard).
_ANNOUNCED = "SELECT count(*) FROM pg_trigger WHERE tgname IN ('games_announce_version', 'parties_announce_version')"
# A connection whose server went silent is ended by the operating system within about this many seconds.
_KEEPALIVE: dict[str, Any] = {
    "keepalives": 1,
    "keepalives_idle": 5,
    "keepalives_interval": 2,
    "keepalives_count": 2,
    "connect_timeout": 5,
    "application_name": "scorekeeper-heard",
}

log = logging.getLogger(__name__)


class Heard:
    """Rows read for polls, each kept until its game or party is announced changed; thread-safe.

    ``row`` gives a kept row (None when there is none or nothing is trusted); a
    poll that then reads the database takes a ``mark`` first and hands the row to
    ``keep``, which keeps it only if no announcement of it came in between.
    """

    def __init__(self, conninfo: str, check_every: float = 5.0):
        self._conninfo = conninfo
        self._check_every = check_every  # seconds between two checks that it still hears itself
        self._rows: LRUCache[Hashable, tuple[Any, ...]] = new_lru("heard_rows")
        # How many times each key was announced (since ``_generation`` began): a mark holds both.
        self._announced: dict[Hashable, int] = {}
        self._size = int(self._rows.maxsize)  # keys whose announcements are counted: as many as rows kept
        self._generation = 0
        self._lock = threading.Lock()
        self._listening = False
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.heard = threading.Condition()  # notified at each announcement and each start of listening
        self.announcements = 0
        self.starts = 0
        self._name = uuid.uuid4().hex[:12]
        self._probes = 0

    # -- For the polls ------------------------------------------------------------------------

    @property
    def listening(self) -> bool:
        return self._listening

    def row(self, key: Hashable) -> tuple[Any, ...] | None:
        with self._lock:
            return self._rows.get(key) if self._listening else None

    def mark(self, key: Hashable) -> tuple[int, int] | None:
        """Where things stand for *key* before the database is read; None when nothing read would be kept."""
        with self._lock:
            return (self._generation, self._announced.get(key, 0)) if self._listening else None

    def keep(self, key: Hashable, mark: tuple[int, int] | None, row: tuple[Any, ...]) -> None:
        """Keep *row*, read after *mark*, unless *key* was announced (or listening began again) since."""
        with self._lock:
            if mark is not None and self._listening and mark == (self._generation, self._announced.get(key, 0)):
                self._rows[key] = row

    # -- The listening thread -----------------------------------------------------------------

    def start(self) -> None:
        """Start listening, in a thread of this process (once)."""
        with self._lock:
            if self._thread is not None:
                return
            self._thread = threading.Thread(target=self._run, name="scorekeeper-heard", daemon=True)
        self._thread.start()

    def close(self) -> None:
        """Stop listening: the thread ends, and closes its connection, within a second (not waited for)."""
        self._stop.set()
        self._restart(listening=False)

    def _run(self) -> None:
        wait = 0.5
        while not self._stop.is_set():
            try:
                self._listen()
                wait = 0.5
            except Exception as exc:  # noqa: BLE001  (a lost connection: every poll asks the database meanwhile)
                if not self._stop.is_set():
                    log.warning("not hearing of changes (%s); polls ask the database until listening again", exc)
            finally:
                self._restart(listening=False)
            self._stop.wait(wait)
            wait = min(wait * 2, 30.0)

    def _listen(self) -> None:
        with psycopg.connect(make_conninfo(self._conninfo, **_KEEPALIVE), autocommit=True) as connection:
            row = connection.execute(_ANNOUNCED).fetchone()
            if row is None or row[0] < 2:
                log.warning("the database does not announce changes (run the migrations): polls ask it each time")
                self._stop.set()  # nothing to hear, ever: every poll asks the database
                return
            connection.execute(f"LISTEN {CHANNEL}")
            # Heard only once it hears itself: a connection that cannot hear (a pooler between it and the server,
            # a server gone silent) is never trusted, and one that stops hearing is given up within seconds.
            probe = self._probe(connection)
            checked, answered = time.monotonic(), False
            while not self._stop.is_set():
                for notice in connection.notifies(timeout=1.0):
                    if notice.payload == probe:
                        answered = True
                        if not self._listening:
                            self._restart(listening=True)
                    elif not notice.payload.startswith("probe:"):  # another worker's own check: nothing changed
                        kind, _sep, object_id = notice.payload.partition(":")
                        self.announce((kind, object_id))
                if time.monotonic() - checked >= self._check_every:
                    if not answered:
                        raise ConnectionError("this listener did not hear its own announcement")
                    probe = self._probe(connection)
                    checked, answered = time.monotonic(), False

    def _probe(self, connection: psycopg.Connection[Any]) -> str:
        """Announce something of this listener's own, to hear it come back."""
        self._probes += 1
        payload = f"probe:{self._name}:{self._probes}"
        connection.execute("SELECT pg_notify(%s, %s)", (CHANNEL, payload))
        return payload

    def announce(self, key: Hashable) -> None:
        """Forget *key*'s row: announced by the database, or changed by this process itself (at once, then)."""
        with self._lock:
            self._rows.pop(key, None)
            if len(self._announced) >= self._size:
                self._generation += 1  # marks taken before this can no longer be told apart: none will match
                self._announced.clear()
            self._announced[key] = self._announced.get(key, 0) + 1
        self._tell()

    def _restart(self, *, listening: bool) -> None:
        """Drop all that was kept (something may have been missed), and trust what is heard from now on or not."""
        with self._lock:
            self._generation += 1
            self._rows.clear()
            self._announced.clear()
            self._listening = listening
        if listening:
            self._tell(started=True)

    def _tell(self, started: bool = False) -> None:
        with self.heard:
            self.announcements += not started
            self.starts += started
            self.heard.notify_all()
