"""The draw: how many cards each player may change, by the number of players (the rule book, /rules#draw-limits).

After the bid, players throw away cards they do not want and the dealer tops every hand back up to
five from the pack. A big table can run the pack dry, so the more players, the more of their own
cards each must keep: at least 1 with up to five players, 2 with six, 3 with seven, 4 with eight.
"""

from __future__ import annotations

from dataclasses import dataclass

from .game import MAX_PLAYERS, GameState
from .options import Rules
from .refusals import Refusal, Refused

__all__ = [
    "DrawError",
    "DrawLimit",
    "draw_limit",
    "draw_limits",
    "game_draw_limit",
    "HAND_SIZE",
    "KITTY_SIZE",
    "MIN_PLAYERS",
]

HAND_SIZE = 5
KITTY_SIZE = 3
MIN_PLAYERS = 2
# Up to this many players, one card of your own is all you must keep; each player more keeps one more.
_ROOMY_TABLE = 5


class DrawError(Refused):
    """A table size the game is not played with."""


@dataclass(frozen=True, slots=True)
class DrawLimit:
    """The draw at a table of ``players``: keep at least ``keep`` of your own cards.

    ``flip``: four and a flip is played (a player may throw away all five; the fifth new card comes face
    up). ``others_at_most``: the most cards a player other than the bidder may draw (3 in One-hundred and ten).
    """

    players: int
    keep: int
    flip: bool = False
    others_at_most: int | None = None

    @property
    def change(self) -> int:
        """The most cards one player may throw away and draw."""
        return HAND_SIZE - self.keep

    @property
    def others_change(self) -> int:
        """The most cards a player other than the bidder may throw away and draw."""
        if self.others_at_most is None:
            return self.change
        return min(self.change, self.others_at_most)

    @property
    def others_keep(self) -> int:
        """The fewest of their own cards the players other than the bidder keep."""
        return HAND_SIZE - self.others_change

    @property
    def bidder_keeps(self) -> int:
        """The bidder takes the kitty but still keeps no more than a hand of cards."""
        return HAND_SIZE


def draw_limit(players: int, rules: Rules | None = None) -> DrawLimit:
    """Return the draw limit for a table of ``players`` (2 to 8), under *rules* when given.

    ``four_and_a_flip`` lets every player keep none of their cards; ``others_draw_at_most`` limits
    what the players other than the bidder draw.
    """
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise DrawError(Refusal.PLAYER_COUNT, "players", details={"most": MAX_PLAYERS, "count": str(players)[:20]})
    keep = 1 if players <= _ROOMY_TABLE else players - _ROOMY_TABLE + 1
    if rules is None:
        return DrawLimit(players, keep)
    if rules.four_and_a_flip:
        keep = 0
    return DrawLimit(players, keep, rules.four_and_a_flip, rules.others_draw_at_most)


def game_draw_limit(state: GameState) -> DrawLimit:
    """The draw limit of a game's next hand: for the players still playing it (not those out or sitting out)."""
    return draw_limit(max(MIN_PLAYERS, state.players_playing), state.rules)


def draw_limits() -> tuple[DrawLimit, ...]:
    """Return the draw limit of every table size, smallest table first."""
    return tuple(draw_limit(n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1))
