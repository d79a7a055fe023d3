"""A whole game: the hand log replayed into scores, standings, the winner and why."""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, NamedTuple

from .bidding import Bid, allowed_bids, bid_label, bid_needs, min_bid, parse_bid
from .options import Rules, RulesError
from .points import HandError, check_points, high_needed, points_from_tricks
from .refusals import Refusal, Refused

__all__ = [
    "MAX_PLAYERS",
    "WinDetail",
    "NAME_MAX",
    "Side",
    "Seat",
    "GameSetup",
    "SetupError",
    "HandEntry",
    "HAND_FIELDS",
    "HandResult",
    "GameState",
    "Standing",
    "Outcome",
    "WinReason",
    "NoteKind",
    "Note",
    "replay",
    "first_leader",
    "STANDINGS",
]

MAX_PLAYERS = 8
"""The most players at one table (the rule book, /rules#cards: 2 to 8)."""
NAME_MAX = 80
"""The longest name a side or a player may have, in characters."""


class Standing(enum.StrEnum):
    """A mark beside a side's score on the sheet."""

    ON_THE_GREEN = "on-the-green"
    LOCKED = "locked"
    IN_THE_HOLE = "in-the-hole"
    MUST_BID_OUT = "must-bid-out"
    ELIMINATED = "eliminated"
    OUT = "out"


STANDINGS = tuple(Standing)


class Outcome(enum.StrEnum):
    """What became of the bid."""

    MADE = "made"
    SET = "set"


class WinReason(enum.StrEnum):
    """Which rule of the rule book (/rules#winning) decided the winner."""

    BIDDER_GOES_OUT = "bidder-goes-out"
    MOST_POINTS = "most-points"
    NOBODY_ON_THE_GREEN = "nobody-on-the-green"
    LAST_TRICK = "last-trick"
    FIRST_OUT = "first-out"
    LAST_SIDE_LEFT = "last-side-left"


class NoteKind(enum.StrEnum):
    """What a note beside a hand is about."""

    SET = "set"
    ALL_FIVE_TRICKS = "all-five-tricks"
    OFFSUIT_SET = "offsuit-set"
    CAPPED = "capped"
    FROZEN = "frozen"
    FORTY_FIVE = "forty-five"
    ELIMINATED = "eliminated"
    OVERTIME = "overtime"


class Note(str):
    """A note beside a hand: the English sentence itself, with its ``kind``, the ``side`` it is about and the
    ``details`` its sentence names (``side``: the side's name, ``sides``: names, ``points``, ``score``,
    ``lock_at``, ``lost``, ``partner``).

    It is the English sentence (a ``str``) for programs; pages and the API's sentences say it with
    ``scorekeeper.words.note`` from ``kind`` and ``details``, and branch on ``kind``.
    """

    kind: NoteKind
    side: int
    details: Mapping[str, Any]

    def __new__(cls, text: str, kind: NoteKind, side: int, details: Mapping[str, Any] | None = None) -> Note:
        note = super().__new__(cls, text)
        object.__setattr__(note, "kind", kind)
        object.__setattr__(note, "side", side)
        object.__setattr__(note, "details", MappingProxyType(dict(details or {})))
        return note

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a note cannot be changed")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Note, (str(self), self.kind, self.side, dict(self.details)))


@dataclass(frozen=True, slots=True)
class WinDetail:
    """What the sentence saying who won names: the ``winner``'s name and ``score``; for the bidder going out the
    ``bidder``'s name, the ``bid`` and whether the winner is the ``called_partner``; for a tie the ``tied`` names
    and the ``target``; ``bidding``: whether the game is played with bidding."""

    reason: WinReason
    winner: str
    score: int
    bidder: str | None = None
    bid: Bid | None = None
    called_partner: bool = False
    tied: tuple[str, ...] = ()
    target: int | None = None
    bidding: bool = True


class SetupError(Refused):
    """A game that cannot be set up as given; ``field`` names what to fix."""


class Side(NamedTuple):
    """Whatever scores together: a team of partners, or one player."""

    name: str
    players: tuple[str, ...]


class Seat(NamedTuple):
    """One chair at the table: who sits there and the number of the side they play for."""

    player: str
    side: int


@dataclass(frozen=True)
class GameSetup:
    """Who plays, under which rules, who deals first, and any start scores carried over from paper."""

    rules: Rules
    sides: tuple[Side, ...]
    first_dealer: int = 0
    scores: tuple[int, ...] | None = None
    seats: tuple[Seat, ...] = field(init=False, repr=False, compare=False)
    names: tuple[str, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.rules, Rules):
            raise RulesError(Refusal.NO_RULES, "rules")
        sides = tuple(Side(s[0], tuple(s[1])) for s in self.sides)
        object.__setattr__(self, "sides", sides)
        if len(sides) < 2:
            raise SetupError(Refusal.TWO_SIDES, "sides")
        names = [s.name.strip() if isinstance(s.name, str) else "" for s in sides]
        if any(not n for n in names):
            raise SetupError(Refusal.SIDE_NAME, "sides")
        if any(len(n) > NAME_MAX for n in names):
            raise SetupError(Refusal.SIDE_NAME_LONG, "sides", details={"most": NAME_MAX})
        if len({n.casefold() for n in names}) != len(names):
            raise SetupError(Refusal.SIDE_NAME_TWICE, "sides")
        sizes = {len(s.players) for s in sides}
        if 0 in sizes:
            raise SetupError(Refusal.SIDE_PLAYER, "players")
        if len(sizes) != 1:
            raise SetupError(Refusal.SIDES_UNEVEN, "players")
        players = [p for s in sides for p in s.players]
        if any(not isinstance(p, str) or not p.strip() for p in players):
            raise SetupError(Refusal.PLAYER_NAME, "players")
        if any(len(p.strip()) > NAME_MAX for p in players):
            raise SetupError(Refusal.PLAYER_NAME_LONG, "players", details={"most": NAME_MAX})
        if not 2 <= len(players) <= MAX_PLAYERS:
            raise SetupError(Refusal.PLAYER_COUNT, "players", details={"most": MAX_PLAYERS, "count": len(players)})
        if len({p.strip().casefold() for p in players}) != len(players):
            raise SetupError(Refusal.PLAYER_NAME_TWICE, "players")
        if self.rules.call_for_partner and (len(sides) != 5 or sizes != {1}):
            raise SetupError(Refusal.CALL_FIVE_PLAYERS, "players")
        team = sizes.pop()
        seats = tuple(Seat(side.players[i], s) for i in range(team) for s, side in enumerate(sides))
        object.__setattr__(self, "seats", seats)
        object.__setattr__(self, "names", tuple(s.name for s in sides))
        if not _is_int(self.first_dealer) or not 0 <= self.first_dealer < len(seats):
            raise SetupError(Refusal.FIRST_DEALER, "first_dealer")
        if self.scores is not None:
            object.__setattr__(self, "scores", self._check_start_scores(tuple(self.scores)))

    def _check_start_scores(self, scores: tuple[Any, ...]) -> tuple[int, ...]:
        """Check start scores carried over from a paper sheet."""
        rules = self.rules
        if len(scores) != len(self.sides):
            raise SetupError(Refusal.START_SCORES_COUNT, "scores")
        if any(not _is_int(x) for x in scores):
            raise SetupError(Refusal.START_SCORES_WHOLE, "scores")
        if any(x % 5 for x in scores):
            raise SetupError(Refusal.START_SCORES_FIVES, "scores")
        if any(x >= rules.target for x in scores):
            raise SetupError(Refusal.START_SCORE_OVER, "scores", details={"target": rules.target})
        if rules.forty_five_resets and 45 in scores:
            raise SetupError(Refusal.START_SCORE_45, "scores")
        if rules.elimination_at is not None and any(x <= rules.elimination_at for x in scores):
            raise SetupError(Refusal.START_SCORE_ELIMINATED, "scores")
        return scores

    @property
    def start_scores(self) -> tuple[int, ...]:
        """The scores the game starts from: those carried over from paper, or 0 each."""
        return self.scores if self.scores is not None else (0,) * len(self.sides)

    @property
    def partners(self) -> bool:
        """Whether sides are teams of partners (not cut-throat)."""
        return len(self.seats) > len(self.sides)

    @property
    def seat_order(self) -> tuple[str, ...]:
        """The players' names clockwise from seat 0 (partners sit alternately)."""
        return tuple(seat.player for seat in self.seats)

    def seat_of(self, player: str) -> int:
        """Return the seat of the player with this name (case and outer spaces do not matter)."""
        key = player.strip().casefold()
        for i, seat in enumerate(self.seats):
            if seat.player.strip().casefold() == key:
                return i
        raise SetupError(Refusal.NO_SUCH_PLAYER, "players", details={"name": player.strip()[:NAME_MAX]})

    def side_name(self, side: int) -> str:
        return self.sides[side].name


def seat_sides(players: Sequence[str], sides: int | None = None, names: Sequence[str] = ()) -> tuple[Side, ...]:
    """Make the sides from players' names typed in the order they sit, clockwise.

    ``sides`` None is cut-throat: each player is a side named after them. Otherwise the players make
    that many sides of partners sitting alternately (the rule book, /rules#cards: the 1st, 4th… player with 3 sides);
    ``names`` gives the sides' names, blank ones read "Ann & Amy".
    """
    players = [p.strip() for p in players]
    if sides is None:
        return tuple(Side(p, (p,)) for p in players)
    if not _is_int(sides) or sides < 2:
        raise SetupError(Refusal.TWO_SIDES, "sides")
    if len(players) % sides or len(players) == sides:
        raise SetupError(Refusal.PARTNERS_UNEVEN, "players", details={"players": len(players), "sides": sides})
    result = []
    for i in range(sides):
        team = tuple(players[j] for j in range(i, len(players), sides))
        name = names[i].strip() if i < len(names) and names[i].strip() else " & ".join(team)
        result.append(Side(name, team))
    return tuple(result)


@dataclass(frozen=True, slots=True)
class HandEntry:
    """One hand as the table reports it: who bid what, and what each side took.

    Side numbers throughout: ``bidder``, ``high``, ``partner`` (with ``call_for_partner``), ``offsuit_set``
    (the defending side that set the bidder with non-trump cards only, with ``offsuit_set_bonus``) and
    ``tie_break_side`` (the tied side that took the later trick or reached the target first, with ``tie_break``).
    """

    bidder: int | None = None
    bid: Bid | None = None
    bagged: bool = False
    hold: bool = False
    tricks: tuple[int, ...] | None = None
    high: int | None = None
    points: tuple[int, ...] | None = None
    partner: int | None = None
    offsuit_set: int | None = None
    tie_break_side: int | None = None

    def __post_init__(self) -> None:
        for name in ("tricks", "points"):
            value = getattr(self, name)
            if isinstance(value, list):
                object.__setattr__(self, name, tuple(value))

    def to_dict(self) -> dict[str, Any]:
        """The hand as plain values, for JSON, storage, a session or a form: read back by ``from_dict``."""
        return {
            "bidder": self.bidder,
            "bid": self.bid,
            "bagged": self.bagged,
            "hold": self.hold,
            "tricks": None if self.tricks is None else list(self.tricks),
            "high": self.high,
            "points": None if self.points is None else list(self.points),
            "partner": self.partner,
            "offsuit_set": self.offsuit_set,
            "tie_break_side": self.tie_break_side,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> HandEntry:
        """Read a hand written by ``to_dict``, or sent by a form or the API; HandError names a bad field."""
        unknown = sorted(set(data) - set(HAND_FIELDS))
        if unknown:
            raise HandError(Refusal.HAND_NO_FIELD, unknown[0][:20], details={"name": unknown[0][:20]})
        bid = data.get("bid")
        return cls(
            bidder=_side_number(data, "bidder"),
            bid=None if bid is None else parse_bid(bid),
            bagged=_yes_no(data, "bagged"),
            hold=_yes_no(data, "hold"),
            tricks=_per_side(data, "tricks"),
            high=_side_number(data, "high"),
            points=_per_side(data, "points"),
            partner=_side_number(data, "partner"),
            offsuit_set=_side_number(data, "offsuit_set"),
            tie_break_side=_side_number(data, "tie_break_side"),
        )


HAND_FIELDS = (
    "bidder",
    "bid",
    "bagged",
    "hold",
    "tricks",
    "high",
    "points",
    "partner",
    "offsuit_set",
    "tie_break_side",
)


def _side_number(data: Mapping[str, object], name: str) -> int | None:
    value = data.get(name)
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise HandError(Refusal.SIDE_NUMBER, name, details={"name": name})
    return value


def _yes_no(data: Mapping[str, object], name: str) -> bool:
    value = data.get(name, False)
    if value is None:
        return False
    if not isinstance(value, bool):
        raise HandError(Refusal.YES_OR_NO, name, details={"name": name})
    return value


def _per_side(data: Mapping[str, object], name: str) -> tuple[int, ...] | None:
    value = data.get(name)
    if value is None:
        return None
    if not isinstance(value, list | tuple) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise HandError(Refusal.WHOLE_PER_SIDE, name, details={"name": name})
    return tuple(value)


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
    notes: tuple[Note, ...]
    standing: tuple[tuple[Standing, ...], ...]
    offsuit_set: int | None = None
    tie_break_side: int | None = None

    @property
    def bid_label(self) -> str:
        return bid_label(self.bid)

    @property
    def set(self) -> bool:
        return self.made is False

    @property
    def outcome(self) -> Outcome | None:
        """Made or set; None in a game without bidding."""
        if self.made is None:
            return None
        return Outcome.MADE if self.made else Outcome.SET


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
class _Tally:
    """A hand scored but not yet judged for a winner: the steps of ``GameState.apply`` pass it along."""

    team: tuple[int, ...]
    bid: Bid | None
    points: tuple[int, ...]
    made: bool | None
    deltas: tuple[int, ...]
    scores: tuple[int, ...]
    notes: tuple[Note, ...]
    eliminated: frozenset[int]


@dataclass(frozen=True, slots=True)
class _Decision:
    """Who won after a hand, by which rule; ``tied`` names the sides a tie-break must choose between."""

    winner: int | None = None
    reason: WinReason | None = None
    text: str | None = None
    tied: tuple[int, ...] = ()
    detail: WinDetail | None = None


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
    standing: tuple[tuple[Standing, ...], ...]
    won_by: WinReason | None = None
    # What the sentence of ``win_reason`` names (``scorekeeper.words.win_reason`` says it in the reader's language).
    win_detail: WinDetail | None = None
    # Under ``tie_break: overtime``, the tied sides that alone play on until one of them wins (empty otherwise).
    overtime: frozenset[int] = frozenset()

    @classmethod
    def start(cls, setup: GameSetup) -> GameState:
        """The state before the first hand: the start scores, or 0 each."""
        scores = setup.start_scores
        return cls(
            setup=setup,
            entries=(),
            hands=(),
            scores=scores,
            eliminated=frozenset(),
            winner=None,
            win_reason=None,
            dealer_seat=setup.first_dealer,
            standing=_standing(setup.rules, scores, frozenset(), None),
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
    def deal_order(self) -> tuple[str, ...]:
        """The players who deal from this hand on, in turn, starting with this hand's dealer.

        The deal passes to the left; a player whose side is out of the game is skipped.
        """
        order = [self.dealer_seat]
        seat = self._next_seat(self.dealer_seat)
        while seat != self.dealer_seat:
            order.append(seat)
            seat = self._next_seat(seat)
        return tuple(self.setup.seats[s].player for s in order)

    @property
    def min_bids(self) -> tuple[int | None, ...]:
        if not self.rules.bidding:
            return (None,) * len(self.scores)
        return tuple(None if s in self.benched else min_bid(score, self.rules) for s, score in enumerate(self.scores))

    @property
    def benched(self) -> frozenset[int]:
        """The sides that do not play the next hand: out of the game, or not among the sides in overtime."""
        if not self.overtime:
            return self.eliminated
        return self.eliminated | frozenset(s for s in range(len(self.scores)) if s not in self.overtime)

    @property
    def active_sides(self) -> tuple[int, ...]:
        """The sides that play the next hand."""
        benched = self.benched
        return tuple(s for s in range(len(self.scores)) if s not in benched)

    @property
    def players_playing(self) -> int:
        """How many players play the next hand (for the draw limits)."""
        benched = self.benched
        return sum(1 for seat in self.setup.seats if seat.side not in benched)

    def _benched(self, side: int) -> dict[str, Any]:
        """The details of a refusal naming a side that does not play the next hand: ``out`` of the game, else
        sitting out the overtime."""
        return {"side": self.setup.names[side], "out": side in self.eliminated}

    def _benched_why(self, side: int) -> str:
        name = self.setup.names[side]
        if side in self.eliminated:
            return f"{name} is out of the game"
        return f"{name} sits out the overtime"

    def allowed_bids(self, side: int, *, bagged: bool = False, hold: bool = False) -> tuple[Bid, ...]:
        """The bids this side may make in the next hand (none for a side out of the game or of the overtime)."""
        if side in self.benched:
            return ()
        return allowed_bids(self.scores[side], self.rules, bagged=bagged, hold=hold)

    def bid_choices(self) -> tuple[Bid, ...]:
        """Every bid some side still in the game may make in the next hand, lowest first: a bid form's choices."""
        seen: dict[Bid, None] = {}
        for side in self.active_sides:
            for bid in self.allowed_bids(side):
                seen.setdefault(bid, None)
        return tuple(sorted(seen, key=_bid_order))

    def high_needed(self, tricks: Sequence[int]) -> bool:
        return high_needed(tricks, self.rules)

    def _next_seat(self, seat: int) -> int:
        return _next_seat(self.setup.seats, seat, self.benched)

    # -- questions the sheet asks only when they matter ---------------------
    def offsuit_set_sides(self, entry: HandEntry) -> tuple[int, ...]:
        """The sides that may claim 30 for setting the bidder with non-trump cards only, for this hand.

        Empty unless ``offsuit_set_bonus`` is on and the bidder was set: ask the question only then.
        Raises HandError when the hand cannot stand as entered.
        """
        if not self.rules.offsuit_set_bonus:
            return ()
        team, bid = self._check_bid(entry)
        points = self._check_took(entry)
        made = self._made(team, bid, points)
        return self._offsuit_candidates(team, points) if made is False else ()

    def tie_break_sides(self, entry: HandEntry) -> tuple[int, ...]:
        """The tied sides the ``tie_break`` question chooses between for this hand, or () when none is needed.

        Sides that did not bid reach the target with the same, highest score, and nothing else decides:
        the sheet asks which took the later trick (``last-trick``) or got there first (``first-out``).
        Raises HandError when the hand cannot stand as entered.
        """
        if self.rules.tie_break in ("play-on", "overtime"):
            return ()
        self._check_open()
        tally = self._tally(entry)
        return self._decide(entry, tally).tied

    # -- recording a hand --------------------------------------------------
    def apply(self, entry: HandEntry) -> GameState:
        """Return the state after one more hand; raise HandError (changing nothing) if it cannot be."""
        self._check_open()
        tally = self._tally(entry)
        decision = self._decide(entry, tally)
        decision = self._break_tie(entry, tally, decision)
        return self._next(entry, tally, decision)

    def _check_open(self) -> None:
        """Refuse a hand after the game is won."""
        if self.winner is not None:
            raise HandError(Refusal.GAME_OVER, "game", details={"side": self.setup.names[self.winner]})

    def _tally(self, entry: HandEntry) -> _Tally:
        """Check the hand and score it: the points taken, made or set, each side's change, the new scores."""
        team, bid = self._check_bid(entry)
        points = self._check_took(entry)
        made = self._made(team, bid, points)
        deltas, notes = self._score(entry, team, bid, points, made)
        scores = [old + d for old, d in zip(self.scores, deltas)]
        self._forty_five(deltas, scores, notes)
        eliminated = self._eliminate(scores, notes)
        return _Tally(team, bid, points, made, tuple(deltas), tuple(scores), tuple(notes), eliminated)

    def _check_took(self, entry: HandEntry) -> tuple[int, ...]:
        """Check what each side took (tricks and the high, or points) and return the points."""
        rules = self.rules
        if (entry.tricks is None) == (entry.points is None):
            raise HandError(Refusal.TRICKS_OR_POINTS, "tricks")
        if entry.tricks is not None:
            self._check_each_side(entry.tricks, "tricks", Refusal.TRICKS_EACH_SIDE)
            points = points_from_tricks(entry.tricks, entry.high, rules)
            where = "tricks"
        else:
            assert entry.points is not None
            self._check_each_side(entry.points, "points", Refusal.POINTS_EACH_SIDE)
            if entry.high is not None:
                raise HandError(Refusal.HIGH_IN_POINTS, "high")
            points = check_points(entry.points, rules)
            where = "points"
        for s in self.benched:
            if points[s]:
                raise HandError(Refusal.BENCHED_TRICKS, where, details=self._benched(s))
        return points

    def _check_each_side(self, took: tuple[int, ...], what: str, code: Refusal) -> None:
        """Refuse the tricks or points (*what*) unless there is one number for each side."""
        n_sides = len(self.setup.names)
        if len(took) != n_sides:
            raise HandError(code, what, details={"sides": n_sides})

    def _made(self, team: tuple[int, ...], bid: Bid | None, points: tuple[int, ...]) -> bool | None:
        """Whether the bidding side made its bid (None without bidding).

        A slam, and a 30 for 60 under ``all-tricks`` or ``lose-sixty``, need all five tricks; every other bid
        needs its points.
        The bidder and a called partner count together.
        """
        if bid is None:
            return None
        if bid == "slam" or (bid == "30-for-60" and self.rules.thirty_for_sixty in ("all-tricks", "lose-sixty")):
            return _took_all(team, points)
        return sum(points[s] for s in team) >= bid_needs(bid)

    def _score(
        self, entry: HandEntry, team: tuple[int, ...], bid: Bid | None, points: tuple[int, ...], made: bool | None
    ) -> tuple[list[int], list[Note]]:
        """Each side's change of score, before the forty-five rule (the rule book, /rules#scoring)."""
        rules, names = self.rules, self.setup.names
        n_sides = len(names)
        deltas = [0] * n_sides
        notes: list[Note] = []
        if bid is None or entry.bidder is None:
            for s in self.active_sides:
                deltas[s] = points[s]
            if entry.offsuit_set is not None:
                raise HandError(Refusal.NO_BIDDING_OFFSUIT, "offsuit_set")
            return deltas, notes
        bidder = entry.bidder
        if made:
            gain = sum(points[s] for s in team)
            if bid == "slam":
                gain = 120
            elif bid == "30-for-60":
                gain = 30 if rules.thirty_for_sixty == "lose-sixty" else 60
            elif bid == "60-for-120":
                gain = 120
            elif rules.all_five_tricks_doubles and _took_all(team, points) and gain < 60:
                gain = 60
                notes.append(
                    Note(
                        f"{names[bidder]}: all five tricks score 60",
                        NoteKind.ALL_FIVE_TRICKS,
                        bidder,
                        {"side": names[bidder], "points": 60},
                    )
                )
        else:
            gain = -_stake(bid, rules)
            who = names[bidder] if len(team) == 1 else f"{names[bidder]} and partner"
            details = {"side": names[bidder], "partner": len(team) > 1, "points": gain}
            notes.append(Note(f"{who}: set, {gain}", NoteKind.SET, bidder, details))
        for s in team:
            deltas[s] = gain
        bonus = self._check_offsuit_set(entry, team, points, made)
        for s in self.active_sides:
            if s in team:
                continue
            took = points[s]
            if s == bonus:
                took = 30
                text = f"{names[s]}: set the bidder with off-suit cards only, 30"
                notes.append(Note(text, NoteKind.OFFSUIT_SET, s, {"side": names[s], "points": 30}))
            deltas[s] = self._locked_gain(s, took, notes)
        return deltas, notes

    def _offsuit_candidates(self, team: tuple[int, ...], points: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(s for s in self.active_sides if s not in team and points[s])

    def _check_offsuit_set(
        self, entry: HandEntry, team: tuple[int, ...], points: tuple[int, ...], made: bool | None
    ) -> int | None:
        """Check the side said to have set the bidder with non-trump cards only (``offsuit_set_bonus``)."""
        side = entry.offsuit_set
        if side is None:
            return None
        names = self.setup.names
        if not self.rules.offsuit_set_bonus:
            raise HandError(Refusal.OFFSUIT_NOT_PLAYED, "offsuit_set")
        if not _is_int(side) or not 0 <= side < len(names):
            raise HandError(Refusal.NO_SUCH_SIDE, "offsuit_set")
        if made:
            raise HandError(Refusal.OFFSUIT_MADE, "offsuit_set")
        if side in team:
            raise HandError(Refusal.OFFSUIT_BIDDER, "offsuit_set", details={"side": names[side]})
        if side not in self._offsuit_candidates(team, points):
            raise HandError(Refusal.OFFSUIT_NO_TRICK, "offsuit_set", details={"side": names[side]})
        return side

    def _forty_five(self, deltas: list[int], scores: list[int], notes: list[Note]) -> None:
        """The forty-five rule: a side whose score changed and lands exactly on 45 goes back to 0."""
        if not self.rules.forty_five_resets:
            return
        for s, name in enumerate(self.setup.names):
            if deltas[s] and scores[s] == 45:
                notes.append(Note(f"{name}: landed on 45, back to 0", NoteKind.FORTY_FIVE, s, {"side": name}))
                deltas[s] = -self.scores[s]
                scores[s] = 0

    def _eliminate(self, scores: list[int], notes: list[Note]) -> frozenset[int]:
        """Sides at or below ``elimination_at`` leave the game."""
        limit = self.rules.elimination_at
        if limit is None:
            return self.eliminated
        out = [s for s in self.active_sides if scores[s] <= limit]
        if len(out) == len(self.active_sides):
            return (
                self.eliminated
            )  # The rule book, /rules#elimination: a hand that would put out every side left puts out none
        for s in out:
            name = self.setup.names[s]
            details = {"side": name, "score": scores[s]}
            notes.append(Note(f"{name}: fell to {scores[s]}, out of the game", NoteKind.ELIMINATED, s, details))
        return self.eliminated | frozenset(out)

    def _next(self, entry: HandEntry, tally: _Tally, decision: _Decision) -> GameState:
        """Write the sheet's new row and move the deal on."""
        standing = _standing(self.rules, tally.scores, tally.eliminated, decision.winner)
        overtime = frozenset() if decision.winner is not None else self.overtime
        notes = tally.notes
        if decision.winner is None and decision.tied and self.rules.tie_break == "overtime":
            overtime = frozenset(decision.tied)
            both = " and ".join(self.setup.names[s] for s in decision.tied)
            score = tally.scores[decision.tied[0]]
            text = f"{both} tie at {score}: only they play on until one of them wins"
            details = {"sides": tuple(self.setup.names[s] for s in decision.tied), "score": score}
            notes = notes + (Note(text, NoteKind.OVERTIME, decision.tied[0], details),)
        benched_next = tally.eliminated | frozenset(
            s for s in range(len(tally.scores)) if overtime and s not in overtime
        )
        result = HandResult(
            n=self.next_n,
            dealer_seat=self.dealer_seat,
            dealer=self.dealer,
            bidder=entry.bidder,
            bid=tally.bid,
            bagged=entry.bagged,
            hold=entry.hold,
            partner=entry.partner,
            tricks=entry.tricks,
            high=entry.high if entry.tricks is not None else None,
            points=tally.points,
            deltas=tally.deltas,
            scores=tally.scores,
            made=tally.made,
            notes=notes,
            standing=standing,
            offsuit_set=entry.offsuit_set,
            tie_break_side=entry.tie_break_side,
        )
        return GameState(
            setup=self.setup,
            entries=self.entries + (entry,),
            hands=self.hands + (result,),
            scores=tally.scores,
            eliminated=tally.eliminated,
            winner=decision.winner,
            win_reason=decision.text,
            dealer_seat=_next_seat(self.setup.seats, self.dealer_seat, benched_next),
            standing=standing,
            won_by=decision.reason,
            win_detail=decision.detail,
            overtime=overtime,
        )

    def _check_bid(self, entry: HandEntry) -> tuple[tuple[int, ...], Bid | None]:
        """Check who bid what against the rules; return the bidding team and the bid."""
        rules, names = self.rules, self.setup.names
        if not rules.bidding:
            if entry.bidder is not None or entry.bid is not None:
                raise HandError(Refusal.NO_BIDDING, "bidder")
            if entry.bagged or entry.hold:
                raise HandError(Refusal.NO_BIDDING, "bagged")
            if entry.partner is not None:
                raise HandError(Refusal.NO_BIDDING_PARTNER, "partner")
            return (), None
        bidder = entry.bidder
        if bidder is None:
            raise HandError(Refusal.CHOOSE_BIDDER, "bidder")
        if not _is_int(bidder) or not 0 <= bidder < len(names):
            raise HandError(Refusal.NO_SUCH_BIDDER, "bidder")
        if bidder in self.benched:
            raise HandError(Refusal.BENCHED_BID, "bidder", details=self._benched(bidder))
        bid = parse_bid(entry.bid)
        score = self.scores[bidder]
        if entry.bagged and entry.hold:
            raise HandError(Refusal.BAGGED_AND_HOLD, "hold")
        if entry.bagged:
            self._check_dealers_side(bidder, "be bagged", "bagged", Refusal.BAGGED_NOT_DEALER)
            lowest = min_bid(score, rules)
            if bid != lowest:
                raise HandError(Refusal.BAGGED_BID, "bid", details={"lowest": lowest, "bid": bid})
        if entry.hold:
            if not rules.dealer_may_hold:
                raise HandError(Refusal.HOLD_NOT_PLAYED, "hold")
            self._check_dealers_side(bidder, "hold", "hold", Refusal.HOLD_NOT_DEALER)
            if rules.hold_from is not None and bid_needs(bid) < rules.hold_from:
                raise HandError(Refusal.HOLD_FROM, "bid", details={"lowest": rules.hold_from})
        allowed = allowed_bids(score, rules, bagged=entry.bagged, hold=entry.hold)
        if bid not in allowed:
            if bid == 30 and rules.thirty_for_sixty == "bell":
                raise HandError(Refusal.BELL_THIRTY, "bid")
            if isinstance(bid, str):
                raise HandError(Refusal.BID_NOT_PLAYED, "bid", details={"bid": bid})
            lowest = min_bid(score, rules)
            raise HandError(
                Refusal.BID_TOO_LOW, "bid", details={"side": names[bidder], "score": score, "lowest": lowest}
            )
        partner = entry.partner
        if partner is not None:
            if not rules.call_for_partner:
                raise HandError(Refusal.PARTNER_NOT_PLAYED, "partner")
            if not _is_int(partner) or not 0 <= partner < len(names):
                raise HandError(Refusal.NO_SUCH_PARTNER, "partner")
            if partner in self.benched:
                raise HandError(Refusal.BENCHED_PARTNER, "partner", details=self._benched(partner))
        team = (bidder,) if partner is None or partner == bidder else (bidder, partner)
        return team, bid

    def _check_dealers_side(self, bidder: int, what: str, field: str, code: Refusal) -> None:
        """Refuse a bidder outside the dealer's side where the entry says the dealer was bagged or held (*field*):
        only the dealer's side can *what*."""
        dealer_side = self.dealer_side
        if bidder != dealer_side:
            side = self.setup.names[dealer_side]
            raise HandError(code, field, details={"side": side, "dealer": self.dealer})

    def _locked_gain(self, side: int, took: int, notes: list[Note]) -> int:
        """What a side that did not bid keeps of what it took, under the lock."""
        rules, old = self.rules, self.scores[side]
        name = self.setup.sides[side].name
        lock_at = rules.lock_at
        if lock_at is None:
            return took
        if rules.lock == "cap" and old + took > lock_at:
            kept = max(0, lock_at - old)
            if took:
                notes.append(
                    Note(
                        f"{name}: stopped at {lock_at} by the lock, {took - kept} lost",
                        NoteKind.CAPPED,
                        side,
                        {"side": name, "lock_at": lock_at, "lost": took - kept},
                    )
                )
            return kept
        if rules.lock == "freeze" and old >= lock_at:
            if took:
                notes.append(
                    Note(
                        f"{name}: locked at {lock_at}, scores only by winning the bid",
                        NoteKind.FROZEN,
                        side,
                        {"side": name, "lock_at": lock_at},
                    )
                )
            return 0
        return took

    def _decide(self, entry: HandEntry, tally: _Tally) -> _Decision:
        """Say who won with the new scores, and by which rule (the rule book, /rules#winning).

        1. The last side left in the game wins.
        2. The bidder goes out: a bidding side that made its bid and has the target or more wins,
           whoever else also passed the target in that hand.
        3. Otherwise the sides that did not bid and have the target or more are candidates; the one
           with the most points wins when no other side has as many and, under ``on_the_green``, no
           other side is on the green. Candidates tied on the most points play on, unless ``tie_break``
           settles it (``tied`` names them; see ``_break_tie``).
        """
        rules, names, scores = self.rules, self.setup.names, tally.scores
        target = rules.target
        active = [
            s for s in range(len(scores)) if s not in tally.eliminated and (not self.overtime or s in self.overtime)
        ]
        if len(active) == 1:
            last = active[0]
            return _Decision(
                last,
                WinReason.LAST_SIDE_LEFT,
                f"{names[last]} wins as the last side left: every other side is out of the game.",
                detail=WinDetail(WinReason.LAST_SIDE_LEFT, names[last], scores[last]),
            )
        if tally.made and entry.bidder is not None:
            out = [s for s in tally.team if scores[s] >= target]
            if out:
                # The bid was the bidder's: when bidder and called partner both reach the target, the bidder wins.
                side = entry.bidder if entry.bidder in out else out[0]
                made = f"{names[entry.bidder]} bid {bid_label(tally.bid)} and made it: "
                if side == entry.bidder:
                    text = made + f"the bidder goes out with {scores[side]}."
                else:
                    text = made + f"the called partner, {names[side]}, goes out with {scores[side]}."
                detail = WinDetail(
                    WinReason.BIDDER_GOES_OUT,
                    names[side],
                    scores[side],
                    bidder=names[entry.bidder],
                    bid=tally.bid,
                    called_partner=side != entry.bidder,
                )
                return _Decision(side, WinReason.BIDDER_GOES_OUT, text, detail=detail)
        candidates = [s for s in active if s not in tally.team and scores[s] >= target]
        if not candidates:
            return _Decision()
        top = max(scores[s] for s in candidates)
        tied = tuple(s for s in candidates if scores[s] == top)
        best = tied[0]
        if any(scores[s] >= top for s in active if s not in tied):
            return _Decision()
        green = rules.green_line
        if green is not None and any(scores[s] >= green for s in active if s != best):
            return _Decision()
        if len(tied) > 1:
            return _Decision(tied=tied if rules.tie_break != "play-on" else ())
        if not rules.bidding:
            return _Decision(
                best,
                WinReason.MOST_POINTS,
                f"{names[best]} reaches {scores[best]} with the most points.",
                detail=WinDetail(WinReason.MOST_POINTS, names[best], scores[best], bidding=False),
            )
        if green is not None:
            return _Decision(
                best,
                WinReason.NOBODY_ON_THE_GREEN,
                f"{names[best]} reaches {scores[best]} without the bid, and nobody else is on the green.",
                detail=WinDetail(WinReason.NOBODY_ON_THE_GREEN, names[best], scores[best]),
            )
        return _Decision(
            best,
            WinReason.MOST_POINTS,
            f"{names[best]} reaches {scores[best]} with more points than any other side.",
            detail=WinDetail(WinReason.MOST_POINTS, names[best], scores[best]),
        )

    def _break_tie(self, entry: HandEntry, tally: _Tally, decision: _Decision) -> _Decision:
        """Settle a tie for the win with the side the table names (``tie_break``), or refuse the hand."""
        rules, names = self.rules, self.setup.names
        side = entry.tie_break_side
        if side is not None and rules.tie_break in ("play-on", "overtime"):
            raise HandError(Refusal.TIE_PLAY_ON, "tie_break_side")
        if rules.tie_break == "overtime":
            return decision  # the tied sides alone play the next hands (see ``_next``)
        tied = decision.tied
        if not tied:
            if side is not None:
                raise HandError(Refusal.NO_TIE, "tie_break_side")
            return decision
        score = tally.scores[tied[0]]
        both = " and ".join(names[s] for s in tied)
        if side is None:
            raise HandError(
                Refusal.TIE_ASK,
                "tie_break_side",
                details={
                    "sides": tuple(names[s] for s in tied),
                    "score": score,
                    "last_trick": rules.tie_break == "last-trick",
                    "target": rules.target,
                },
            )
        if not _is_int(side) or side not in tied:
            raise HandError(Refusal.TIE_CHOOSE, "tie_break_side", details={"sides": tuple(names[s] for s in tied)})
        if rules.tie_break == "last-trick" and not tally.points[side]:
            raise HandError(Refusal.TIE_NO_TRICK, "tie_break_side", details={"side": names[side]})
        tied_names = tuple(names[s] for s in tied)
        if rules.tie_break == "last-trick":
            return _Decision(
                side,
                WinReason.LAST_TRICK,
                f"{both} reach {score}: {names[side]} took the later trick and wins.",
                detail=WinDetail(WinReason.LAST_TRICK, names[side], score, tied=tied_names),
            )
        return _Decision(
            side,
            WinReason.FIRST_OUT,
            f"{both} reach {score}: {names[side]} got to {rules.target} first and wins.",
            detail=WinDetail(WinReason.FIRST_OUT, names[side], score, tied=tied_names, target=rules.target),
        )


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _took_all(team: tuple[int, ...], points: tuple[int, ...]) -> bool:
    """Whether the bidding side (the bidder and a called partner together) took all five tricks."""
    return all(not took for s, took in enumerate(points) if s not in team)


def _stake(bid: Bid, rules: Rules) -> int:
    """What a set bidding side loses (the rule book, /rules#set)."""
    if bid == "slam":
        return 60
    if bid == "30-for-60":
        return 30 if rules.thirty_for_sixty == "bell" else 60
    if bid == "60-for-120":
        return 120
    return bid_needs(bid)


def _bid_order(bid: Bid) -> tuple[int, int]:
    special = ("30-for-60", "60-for-120", "slam")
    return (1, special.index(bid)) if isinstance(bid, str) else (0, bid)


def _next_seat(seats: Sequence[Seat], seat: int, eliminated: frozenset[int]) -> int:
    """The next seat clockwise whose side is still in the game."""
    for step in range(1, len(seats) + 1):
        nxt = (seat + step) % len(seats)
        if seats[nxt].side not in eliminated:
            return nxt
    return seat


def _standing(
    rules: Rules, scores: tuple[int, ...], eliminated: frozenset[int], winner: int | None
) -> tuple[tuple[Standing, ...], ...]:
    """The marks beside each side's score (the rule book, /rules#winning), in this order.

    Out of the game: ``eliminated`` (after ``in-the-hole`` when below 0). Otherwise ``on-the-green`` at the
    green line or more; ``locked`` at the lock or more; ``in-the-hole`` below 0; ``must-bid-out`` at the
    target or more without having won (with bidding); ``out`` for the winner.
    """
    green = rules.green_line
    result = []
    for s, score in enumerate(scores):
        marks: list[Standing] = []
        if s in eliminated:
            marks = [Standing.IN_THE_HOLE, Standing.ELIMINATED] if score < 0 else [Standing.ELIMINATED]
            result.append(tuple(marks))
            continue
        if green is not None and score >= green:
            marks.append(Standing.ON_THE_GREEN)
        if rules.lock_at is not None and score >= rules.lock_at:
            marks.append(Standing.LOCKED)
        if score < 0:
            marks.append(Standing.IN_THE_HOLE)
        if score >= rules.target and s != winner and rules.bidding:
            marks.append(Standing.MUST_BID_OUT)
        if s == winner:
            marks.append(Standing.OUT)
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
                    Refusal.ALREADY_WON, "game", details={"won_at": len(state.hands), "n": state.next_n}
                ) from None
            raise HandError(err.code, err.field, details={**err.details, "hand": state.next_n}) from None
    return state
