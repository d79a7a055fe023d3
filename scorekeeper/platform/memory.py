"""Large answers built without the cyclic garbage collector's pauses.

A table's export builds tens of thousands of small objects (a row per hand and side) that all live until the
answer is written: a collection during that time finds nothing to free, yet walks every object of the process,
several times over (about half of a cold CSV export's time on a busy worker). Reference counting still frees
everything as usual; only the search for cycles waits until the answer is built.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_building = 0


@contextmanager
def no_collection_pauses() -> Iterator[None]:
    """Hold the cyclic collector while the block runs; threads building at once share one hold, the last lets go."""
    global _building
    with _lock:
        _building += 1
        if _building == 1:
            _was_enabled[0] = gc.isenabled()
            gc.disable()
    try:
        yield
    finally:
        with _lock:
            _building -= 1
            if _building == 0 and _was_enabled[0]:
                gc.enable()


_was_enabled = [True]
