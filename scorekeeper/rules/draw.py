"""The draw: how many cards each player may change, by the number of players (RULES.md §11).

After the bid, players throw away cards they do not want and the dealer tops every hand back up to
five from the pack. A big table can run the pack dry, so the more players, the more of their own
cards each must keep: at least 1 with up to five players, 2 with six, 3 with seven, 4 with eight.
"""

from __future__ import annotations

from dataclasses import dataclass

from .game import MAX_PLAYERS

__all__ = ["DrawError", "DrawLimit", "draw_limit", "draw_limits", "HAND_SIZE", "KITTY_SIZE", "MIN_PLAYERS"]

HAND_SIZE = 5
KITTY_SIZE = 3
MIN_PLAYERS = 2
# Up to this many players, one card of your own is all you must keep; each player more keeps one more.
_ROOMY_TABLE = 5


class DrawError(ValueError):
    """A table size the game is not played with."""


@dataclass(frozen=True, slots=True)
class DrawLimit:
    """The draw at a table of ``players``: keep at least ``keep`` of your own cards."""

    players: int
    keep: int

    @property
    def change(self) -> int:
        """The most cards one player may throw away and draw."""
        return HAND_SIZE - self.keep

    @property
    def bidder_keeps(self) -> int:
        """The bidder takes the kitty but still keeps no more than a hand of cards."""
        return HAND_SIZE


def draw_limit(players: int) -> DrawLimit:
    """Return the draw limit for a table of ``players`` (2 to 8)."""
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise DrawError(f"Forty-Fives is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r}")
    keep = 1 if players <= _ROOMY_TABLE else players - _ROOMY_TABLE + 1
    return DrawLimit(players, keep)


def draw_limits() -> tuple[DrawLimit, ...]:
    """Return the draw limit of every table size, smallest table first."""
    return tuple(draw_limit(n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1))
