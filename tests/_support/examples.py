"""How many examples a Hypothesis property tries: all of them in continuous integration, a third while working.

The properties that make a game or a table through the app for each example take most of the suite's time in
Hypothesis; the quick loop (the README's test command) tries a third of their examples, each run different ones,
and ``SCOREKEEPER_TESTS=thorough`` (set by ``.ci/run``) tries them all.
"""

from __future__ import annotations

import os


def examples(full: int) -> int:
    """*full* with ``SCOREKEEPER_TESTS=thorough``, otherwise a third of it (never fewer than 10)."""
    if os.environ.get("SCOREKEEPER_TESTS", "").strip().lower() == "thorough":
        return full
    return max(10, full // 3)
