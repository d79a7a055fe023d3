"""A whole game: the hand log replayed into scores, standings, the winner and why."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from .bidding import Bid, allowed_bids, bid_label, bid_needs, min_bid, parse_bid
from .options import Rules
from .points import HandError, check_points, high_needed, points_from_tricks

__all__ = [
    "Side",
    "Seat",
    "GameSetup",
    "SetupError",
    "HandEntry",
    "HandResult",
    "GameState",
    "replay",
    "first_leader",
    "STANDINGS",
]

MAX_PLAYERS = 8
STANDINGS = ("on-the-green", "locked", "in-the-hole", "must-bid-out", "eliminated", "out")


class SetupError(ValueError):
    """A game that cannot be set up as given; ``field`` names what to fix."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.field = field


class Side(NamedTuple):
    """Whatever scores together: a team of partners, or one player."""

    name: str
    players: tuple[str, ...]


class Seat(NamedTuple):
    player: str
    side: int


@dataclass(frozen=True)
class GameSetup:
    """Who plays, under which rules, who deals first, and any score carried over from paper."""

    rules: Rules
    sides: tuple[Side, ...]
    first_dealer: int = 0
    scores: tuple[int, ...] | None = None
    seats: tuple[Seat, ...] = field(init=False, repr=False, compare=False)
    names: tuple[str, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        sides = tuple(Side(s[0], tuple(s[1])) for s in self.sides)
        object.__setattr__(self, "sides", sides)
        if len(sides) < 2:
            raise SetupError("A game needs at least two sides", "sides")
        names = [s.name.strip() for s in sides]
        if any(not n for n in names):
            raise SetupError("Every side needs a name", "sides")
        if len({n.casefold() for n in names}) != len(names):
            raise SetupError("Two sides have the same name: give each side its own", "sides")
        sizes = {len(s.players) for s in sides}
        if 0 in sizes:
            raise SetupError("Every side needs at least one player", "players")
        if len(sizes) != 1:
            raise SetupError("Partners sit alternately, so every side needs the same number of players", "players")
        players = [p for s in sides for p in s.players]
        if any(not isinstance(p, str) or not p.strip() for p in players):
            raise SetupError("Every player needs a name", "players")
        if not 2 <= len(players) <= MAX_PLAYERS:
            raise SetupError(f"Forty-Fives is played by 2 to 8 players, not {len(players)}", "players")
        if len({p.strip().casefold() for p in players}) != len(players):
            raise SetupError("Two players have the same name: add an initial to tell them apart", "players")
        if self.rules.call_for_partner and (len(sides) != 5 or sizes != {1}):
            raise SetupError("Calling for a partner is played by five players, each on their own", "players")
        team = sizes.pop()
        seats = tuple(Seat(side.players[i], s) for i in range(team) for s, side in enumerate(sides))
        object.__setattr__(self, "seats", seats)
        object.__setattr__(self, "names", tuple(s.name for s in sides))
        if (
            not isinstance(self.first_dealer, int)
            or isinstance(self.first_dealer, bool)
            or not 0 <= self.first_dealer < len(seats)
        ):
            raise SetupError("The first dealer must be one of the players", "first_dealer")
        if self.scores is not None:
            scores = tuple(self.scores)
            if len(scores) != len(sides):
                raise SetupError("Give one starting score for each side", "scores")
            if any(not isinstance(x, int) or isinstance(x, bool) for x in scores):
                raise SetupError("Starting scores must be whole numbers", "scores")
            if any(x % 5 for x in scores):
                raise SetupError("Scores go in fives: a starting score must be a multiple of 5", "scores")
            if any(x >= self.rules.target for x in scores):
                raise SetupError(
                    f"A starting score of {self.rules.target} or more means that game is already over", "scores"
                )
            if self.rules.forty_five_resets and 45 in scores:
                raise SetupError(
                    "Under the forty-five rule a score of exactly 45 goes back to 0, so no side can start on 45",
                    "scores",
                )
            if self.rules.elimination_at is not None and any(x <= self.rules.elimination_at for x in scores):
                raise SetupError("A side cannot start at or below the elimination score", "scores")
            object.__setattr__(self, "scores", scores)

    @property
    def partners(self) -> bool:
        return len(self.seats) > len(self.sides)

    def side_name(self, side: int) -> str:
        return self.sides[side].name


@dataclass(frozen=True, slots=True)
class HandEntry:
    """One hand as the table reports it: who bid what, and what each side took."""

    bidder: int | None = None
    bid: Bid | None = None
    bagged: bool = False
    hold: bool = False
    tricks: tuple[int, ...] | None = None
    high: int | None = None
    points: tuple[int, ...] | None = None
    partner: int | None = None

    def __post_init__(self) -> None:
        for name in ("tricks", "points"):
            value = getattr(self, name)
            if isinstance(value, list):
                object.__setattr__(self, name, tuple(value))


@dataclass(frozen=True, slots=True)
class HandResult:
    """One row of the score sheet."""

    n: int
    dealer_seat: int
    dealer: str
    bidder: int | None
    bid: Bid | None
    bagged: bool
    hold: bool
    partner: int | None
    tricks: tuple[int, ...] | None
    high: int | None
    points: tuple[int, ...]
    deltas: tuple[int, ...]
    scores: tuple[int, ...]
    made: bool | None
    notes: tuple[str, ...]
    standing: tuple[tuple[str, ...], ...]

    @property
    def bid_label(self) -> str:
        return bid_label(self.bid)

    @property
    def set(self) -> bool:
        return self.made is False


def first_leader(rules: Rules, seats: Sequence[Seat], dealer_seat: int, bidder_seat: int | None) -> int | None:
    """The seat that leads the first trick, or None when the bidder chooses."""
    n = len(seats)
    if rules.first_lead == "left-of-dealer" or bidder_seat is None:
        return (dealer_seat + 1) % n
    if rules.first_lead == "bidder":
        return bidder_seat
    if rules.first_lead == "left-of-bidder":
        return (bidder_seat + 1) % n
    return None


@dataclass(frozen=True, slots=True)
class GameState:
    """Where a game stands after the hands so far; ``apply`` returns the state after one more."""

    setup: GameSetup
    entries: tuple[HandEntry, ...]
    hands: tuple[HandResult, ...]
    scores: tuple[int, ...]
    eliminated: frozenset[int]
    winner: int | None
    win_reason: str | None
    dealer_seat: int
    standing: tuple[tuple[str, ...], ...]

    @classmethod
    def start(cls, setup: GameSetup) -> GameState:
        scores = setup.scores or (0,) * len(setup.sides)
        return cls(
            setup,
            (),
            (),
            scores,
            frozenset(),
            None,
            None,
            setup.first_dealer,
            _standing(setup.rules, scores, frozenset(), None),
        )

    # -- what the next hand looks like ----------------------------------
    @property
    def rules(self) -> Rules:
        return self.setup.rules

    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def next_n(self) -> int:
        return len(self.hands) + 1

    @property
    def dealer(self) -> str:
        return self.setup.seats[self.dealer_seat].player

    @property
    def dealer_side(self) -> int:
        return self.setup.seats[self.dealer_seat].side

    @property
    def first_bidder_seat(self) -> int:
        return self._next_seat(self.dealer_seat)

    @property
    def first_bidder(self) -> str:
        return self.setup.seats[self.first_bidder_seat].player

    @property
    def min_bids(self) -> tuple[int | None, ...]:
        if not self.rules.bidding:
            return (None,) * len(self.scores)
        return tuple(
            None if s in self.eliminated else min_bid(score, self.rules) for s, score in enumerate(self.scores)
        )

    @property
    def active_sides(self) -> tuple[int, ...]:
        return tuple(s for s in range(len(self.scores)) if s not in self.eliminated)

    def allowed_bids(self, side: int, *, bagged: bool = False, hold: bool = False) -> tuple[Bid, ...]:
        if side in self.eliminated:
            return ()
        return allowed_bids(self.scores[side], self.rules, bagged=bagged, hold=hold)

    def high_needed(self, tricks: Sequence[int]) -> bool:
        return high_needed(tricks, self.rules)

    def _next_seat(self, seat: int) -> int:
        return _next_seat(self.setup.seats, seat, self.eliminated)

    # -- recording a hand --------------------------------------------------
    def apply(self, entry: HandEntry) -> GameState:
        """Return the state after one more hand; raise HandError (changing nothing) if it cannot be."""
        setup, rules = self.setup, self.rules
        names = setup.names
        n_sides = len(names)
        if self.over:
            raise HandError(
                f"The game is over: {names[self.winner]} won. Undo the last hand to change it, or start a rematch.",
                "game",
            )
        team, bid = self._check_bid(entry)

        # What each side took.
        if (entry.tricks is None) == (entry.points is None):
            raise HandError("Enter either the tricks or the points each side took", "tricks")
        if entry.tricks is not None:
            if len(entry.tricks) != n_sides:
                raise HandError(f"Enter the tricks of each of the {n_sides} sides", "tricks")
            points = points_from_tricks(entry.tricks, entry.high, rules)
            check_field = "tricks"
        else:
            if len(entry.points) != n_sides:
                raise HandError(f"Enter the points of each of the {n_sides} sides", "points")
            if entry.high is not None:
                raise HandError("With points entered, the high is already counted in them", "high")
            points = check_points(entry.points, rules)
            check_field = "points"
        for s in self.eliminated:
            if points[s]:
                raise HandError(f"{names[s]} is out of the game and cannot take tricks", check_field)

        # Score it.
        old = self.scores
        deltas = [0] * n_sides
        notes: list[str] = []
        made: bool | None = None
        if rules.bidding:
            team_points = sum(points[s] for s in team)
            # All five tricks are judged for the bidder and a called partner together:
            # every trick the other sides could have taken, they did not.
            team_took_all = all(points[s] == 0 for s in range(n_sides) if s not in team)
            made = team_took_all if bid == "slam" else team_points >= bid_needs(bid)
            bidder_name = names[entry.bidder]
            if made:
                gain = team_points
                if bid == "slam":
                    gain = 120
                elif bid == "30-for-60":
                    gain = 60
                elif rules.all_five_tricks_doubles and team_took_all and team_points < 60:
                    gain = 60
                    notes.append(f"{bidder_name}: all five tricks score 60")
            else:
                gain = (
                    -60
                    if bid == "slam" or (bid == "30-for-60" and rules.thirty_for_sixty == "double")
                    else -30
                    if bid == "30-for-60"
                    else -int(bid)
                )
                who = bidder_name if len(team) == 1 else f"{bidder_name} and partner"
                notes.append(f"{who}: set, {gain}")
            for s in team:
                deltas[s] = gain
            for s in range(n_sides):
                if s in team or s in self.eliminated:
                    continue
                deltas[s] = self._locked_gain(s, points[s], notes)
        else:
            for s in range(n_sides):
                if s not in self.eliminated:
                    deltas[s] = points[s]
        scores = [o + d for o, d in zip(old, deltas)]

        if rules.forty_five_resets:
            for s in range(n_sides):
                if deltas[s] and scores[s] == 45:
                    notes.append(f"{names[s]}: landed on 45, back to 0")
                    deltas[s] = -old[s]
                    scores[s] = 0

        eliminated = self.eliminated
        if rules.elimination_at is not None:
            out = {s for s in range(n_sides) if s not in eliminated and scores[s] <= rules.elimination_at}
            for s in sorted(out):
                notes.append(f"{names[s]}: fell to {scores[s]}, out of the game")
            eliminated = eliminated | out

        scores_t = tuple(scores)
        winner, reason = self._winner(entry, team, bid, made, scores_t, eliminated)
        standing = _standing(rules, scores_t, eliminated, winner)
        dealer_seat = self.dealer_seat
        result = HandResult(
            n=self.next_n,
            dealer_seat=dealer_seat,
            dealer=self.dealer,
            bidder=entry.bidder,
            bid=bid,
            bagged=entry.bagged,
            hold=entry.hold,
            partner=entry.partner,
            tricks=entry.tricks,
            high=entry.high if entry.tricks is not None else None,
            points=points,
            deltas=tuple(deltas),
            scores=scores_t,
            made=made,
            notes=tuple(notes),
            standing=standing,
        )
        return GameState(
            setup,
            self.entries + (entry,),
            self.hands + (result,),
            scores_t,
            eliminated,
            winner,
            reason,
            _next_seat(setup.seats, dealer_seat, eliminated),
            standing,
        )

    def _check_bid(self, entry: HandEntry) -> tuple[tuple[int, ...], Bid | None]:
        """Check who bid what against the rules; return the bidding team and the bid."""
        rules, names = self.rules, self.setup.names
        if not rules.bidding:
            if entry.bidder is not None or entry.bid is not None:
                raise HandError("This game is played without bidding", "bidder")
            if entry.bagged or entry.hold:
                raise HandError("This game is played without bidding", "bagged")
            if entry.partner is not None:
                raise HandError("This game is played without bidding, so nobody calls a partner", "partner")
            return (), None
        bidder = entry.bidder
        if bidder is None:
            raise HandError("Choose the side that won the bid", "bidder")
        if not isinstance(bidder, int) or isinstance(bidder, bool) or not 0 <= bidder < len(names):
            raise HandError("That bidder is not a side in this game", "bidder")
        if bidder in self.eliminated:
            raise HandError(f"{names[bidder]} is out of the game and cannot bid", "bidder")
        bid = parse_bid(entry.bid)
        score = self.scores[bidder]
        dealer_side = self.dealer_side
        if entry.bagged and entry.hold:
            raise HandError("A dealer is either bagged or holds, not both", "hold")
        if entry.bagged:
            if bidder != dealer_side:
                raise HandError(
                    f"Only the dealer's side can be bagged: {names[dealer_side]} ({self.dealer} deals)", "bagged"
                )
            lowest = min_bid(score, rules)
            if bid != lowest:
                raise HandError(f"A bagged dealer plays for {lowest}, not {bid_label(bid)}", "bid")
        if entry.hold:
            if not rules.dealer_may_hold:
                raise HandError("The dealer may not hold under this game's rules", "hold")
            if bidder != dealer_side:
                raise HandError(f"Only the dealer's side can hold: {names[dealer_side]} ({self.dealer} deals)", "hold")
            if rules.hold_from is not None and bid_needs(bid) < rules.hold_from:
                raise HandError(f"The dealer may only hold a bid of {rules.hold_from} or more", "bid")
        allowed = allowed_bids(score, rules, bagged=entry.bagged, hold=entry.hold)
        if bid not in allowed:
            if bid == "30-for-60":
                raise HandError("30 for 60 is not played under this game's rules", "bid")
            if bid == "slam":
                raise HandError("A slam bid is not played under this game's rules", "bid")
            lowest = min_bid(score, rules)
            raise HandError(f"{names[bidder]} has {score}, so the lowest bid it may make is {lowest}", "bid")
        partner = entry.partner
        if partner is not None:
            if not rules.call_for_partner:
                raise HandError("Calling for a partner is not played in this game", "partner")
            if not isinstance(partner, int) or isinstance(partner, bool) or not 0 <= partner < len(names):
                raise HandError("That partner is not a player in this game", "partner")
            if partner in self.eliminated:
                raise HandError(f"{names[partner]} is out of the game", "partner")
        team = (bidder,) if partner is None or partner == bidder else (bidder, partner)
        return team, bid

    def _locked_gain(self, side: int, took: int, notes: list[str]) -> int:
        """What a side that did not bid keeps of what it took, under the lock."""
        rules, old = self.rules, self.scores[side]
        name = self.setup.sides[side].name
        if rules.lock == "cap" and old + took > rules.lock_at:
            kept = max(0, rules.lock_at - old)
            if took:
                notes.append(f"{name}: stopped at {rules.lock_at} by the lock, {took - kept} lost")
            return kept
        if rules.lock == "freeze" and old >= rules.lock_at:
            if took:
                notes.append(f"{name}: locked at {rules.lock_at}, scores only by winning the bid")
            return 0
        return took

    def _winner(
        self,
        entry: HandEntry,
        team: tuple[int, ...],
        bid: Bid | None,
        made: bool | None,
        scores: tuple[int, ...],
        eliminated: frozenset[int],
    ) -> tuple[int | None, str | None]:
        rules, names = self.rules, self.setup.names
        target = rules.target
        active = [s for s in range(len(scores)) if s not in eliminated]
        if len(active) == 1:
            return active[0], f"{names[active[0]]} wins as the last side left: every other side is out of the game."
        if made and rules.bidding:
            out = [s for s in team if scores[s] >= target]
            if out:
                side = max(out, key=lambda s: (scores[s], s == entry.bidder))
                return side, (
                    f"{names[entry.bidder]} bid {bid_label(bid)} and made it: the bidder goes out with {scores[side]}."
                )
        candidates = [s for s in active if s not in team and scores[s] >= target]
        if not candidates:
            return None, None
        best = max(candidates, key=lambda s: scores[s])
        others = [s for s in active if s != best]
        if any(scores[s] >= scores[best] for s in others):
            return None, None
        green = rules.green_line
        if green is not None and any(scores[s] >= green for s in others):
            return None, None
        if not rules.bidding:
            return best, f"{names[best]} reaches {scores[best]} with the most points."
        if green is not None:
            return best, f"{names[best]} reaches {scores[best]} without the bid, and nobody else is on the green."
        return best, f"{names[best]} reaches {scores[best]} with more points than any other side."


def _next_seat(seats: Sequence[Seat], seat: int, eliminated: frozenset[int]) -> int:
    """The next seat clockwise whose side is still in the game."""
    for step in range(1, len(seats) + 1):
        nxt = (seat + step) % len(seats)
        if seats[nxt].side not in eliminated:
            return nxt
    return seat


def _standing(
    rules: Rules, scores: tuple[int, ...], eliminated: frozenset[int], winner: int | None
) -> tuple[tuple[str, ...], ...]:
    green = rules.green_line
    result = []
    for s, score in enumerate(scores):
        marks = []
        if s in eliminated:
            result.append(("in-the-hole", "eliminated") if score < 0 else ("eliminated",))
            continue
        if green is not None and score >= green:
            marks.append("on-the-green")
        if rules.lock != "off" and score >= rules.lock_at:
            marks.append("locked")
        if score < 0:
            marks.append("in-the-hole")
        if score >= rules.target and s != winner and rules.bidding:
            marks.append("must-bid-out")
        if s == winner:
            marks.append("out")
        result.append(tuple(marks))
    return tuple(result)


def replay(setup: GameSetup, entries: Iterable[HandEntry]) -> GameState:
    """Replay a hand log from the start; raise HandError naming the first hand that cannot stand."""
    state = GameState.start(setup)
    for entry in entries:
        try:
            state = state.apply(entry)
        except HandError as err:
            if state.over:
                raise HandError(
                    f"The game was already won at hand {len(state.hands)}, so hand {state.next_n} cannot follow it",
                    "game",
                ) from None
            raise HandError(f"Hand {state.next_n}: {err}", err.field) from None
    return state
