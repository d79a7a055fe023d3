"""The JSON API under /api/v1: answers for programs, in JSON only.

Every error is ``{"error": {"message": ..., "field": ...}}`` with a 4xx status;
the message names the problem in a player's words.
"""

from scorekeeper.api import clubs, games, openapi, parties, referee, tables  # noqa: F401  (each adds its routes to bp)
from scorekeeper.api.base import bp

__all__ = ["bp"]
