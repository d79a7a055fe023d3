"""Every house-rule option of the game, and the presets tables start from."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from .refusals import Refusal, Refused

__all__ = ["Rules", "RulesError", "PRESETS", "PRESET_INFO", "OPTION_INFO", "PresetInfo", "OptionInfo", "DEFAULT_PRESET"]

DEFAULT_PRESET = "new-england"


class RulesError(Refused):
    """An option name or value that the game does not know."""


_CHOICES: dict[str, tuple[str, ...]] = {
    "follow": ("any", "suit-or-trump"),
    "renegable": ("five-jack-ace", "five", "none"),
    "renege_against": ("lead", "highest"),
    "high_without_trump": ("first-lead", "none"),
    "thirty_for_sixty": ("off", "double", "all-tricks", "bell", "lose-sixty"),
    "tie_break": ("play-on", "last-trick", "first-out", "overtime"),
    "first_lead": ("bidder", "left-of-bidder", "bidder-chooses", "left-of-dealer"),
    "lock": ("off", "cap", "freeze"),
}
_BOOLS = (
    "bidding",
    "ace_hearts_led_forces_hearts",
    "offsuit_aces_high",
    "joker",
    "high_is_five_only",
    "dealer_may_hold",
    "min_bid_from_100",
    "sixty_for_120",
    "offsuit_set_bonus",
    "high_bonus",
    "slam",
    "all_five_tricks_doubles",
    "on_the_green",
    "forty_five_resets",
    "call_for_partner",
    "four_and_a_flip",
)
_OPTIONAL_INTS = ("hold_from", "lock_at", "green_at", "elimination_at", "others_draw_at_most")


@dataclass(frozen=True, slots=True)
class Rules:
    """All the options one game is played under (the rule book's house rules, /rules#options)."""

    target: int = 120
    bidding: bool = True
    follow: str = "any"
    renegable: str = "five-jack-ace"
    renege_against: str = "lead"
    ace_hearts_led_forces_hearts: bool = False
    offsuit_aces_high: bool = False
    joker: bool = False
    high_without_trump: str = "first-lead"
    high_is_five_only: bool = False
    dealer_may_hold: bool = False
    hold_from: int | None = None
    min_bid_from_100: bool = False
    thirty_for_sixty: str = "off"
    sixty_for_120: bool = False
    offsuit_set_bonus: bool = False
    high_bonus: bool = True
    tie_break: str = "play-on"
    slam: bool = False
    all_five_tricks_doubles: bool = False
    first_lead: str = "bidder"
    lock: str = "off"
    lock_at: int | None = None
    on_the_green: bool = True
    green_at: int | None = None
    forty_five_resets: bool = False
    elimination_at: int | None = None
    call_for_partner: bool = False
    four_and_a_flip: bool = False
    others_draw_at_most: int | None = None

    def __new__(cls, *args: Any, **options: Any) -> Rules:
        # Name an unknown option in the engine's own error rather than the constructor's TypeError.
        if args:
            raise RulesError(Refusal.OPTIONS_BY_NAME, "rules")
        for name in options:
            if name not in _FIELD_NAMES:
                raise RulesError(Refusal.NO_SUCH_OPTION, str(name)[:40], details={"name": str(name)[:40]})
        return object.__new__(cls)

    def __post_init__(self) -> None:
        for name in _BOOLS:
            if not isinstance(getattr(self, name), bool):
                raise RulesError(Refusal.OPTION_YES_NO, name, details={"option": name})
        for name, choices in _CHOICES.items():
            value = getattr(self, name)
            if value not in choices:
                raise RulesError(
                    Refusal.OPTION_CHOICE, name, details={"option": name, "choices": choices, "value": str(value)[:40]}
                )
        if not _is_int(self.target) or not 5 <= self.target <= 1000:
            raise RulesError(Refusal.TARGET_RANGE, "target")
        for name in _OPTIONAL_INTS:
            value = getattr(self, name)
            if value is not None and not _is_int(value):
                raise RulesError(Refusal.OPTION_WHOLE, name, details={"option": name})
        if self.lock == "off":
            if self.lock_at is not None:
                raise RulesError(Refusal.LOCK_OFF_POINTS, "lock_at")
        else:
            if self.lock_at is None:
                raise RulesError(Refusal.LOCK_POINTS, "lock_at", details={"lock": self.lock})
            if not 0 < self.lock_at < self.target:
                raise RulesError(Refusal.LOCK_RANGE, "lock_at", details={"target": self.target})
            if not self.bidding:
                raise RulesError(Refusal.LOCK_NO_BIDDING, "lock")
        if self.hold_from is not None:
            if not self.dealer_may_hold:
                raise RulesError(Refusal.HOLD_FROM_OFF, "hold_from")
            if self.hold_from not in (15, 20, 25, 30):
                raise RulesError(Refusal.HOLD_FROM_BID, "hold_from")
        if self.green_at is not None:
            if not self.on_the_green:
                raise RulesError(Refusal.GREEN_OFF_POINTS, "green_at")
            if not 0 < self.green_at < self.target:
                raise RulesError(Refusal.GREEN_RANGE, "green_at", details={"target": self.target})
        if self.on_the_green and not self.bidding:
            raise RulesError(Refusal.GREEN_NO_BIDDING, "on_the_green")
        if self.elimination_at is not None and self.elimination_at >= 0:
            raise RulesError(Refusal.ELIMINATION_BELOW_ZERO, "elimination_at")
        if self.others_draw_at_most is not None and not 1 <= self.others_draw_at_most <= 4:
            raise RulesError(Refusal.OTHERS_DRAW_RANGE, "others_draw_at_most")
        if self.forty_five_resets and self.target <= 45:
            raise RulesError(Refusal.FORTY_FIVE_TARGET, "forty_five_resets")
        if not self.bidding:
            for name in (
                "dealer_may_hold",
                "min_bid_from_100",
                "sixty_for_120",
                "offsuit_set_bonus",
                "slam",
                "all_five_tricks_doubles",
                "call_for_partner",
            ):
                if getattr(self, name):
                    raise RulesError(Refusal.OPTION_NEEDS_BIDDING, name, details={"option": name})
            if self.thirty_for_sixty != "off":
                raise RulesError(Refusal.THIRTY_NO_BIDDING, "thirty_for_sixty")
            if self.first_lead != "left-of-dealer":
                raise RulesError(Refusal.LEAD_NO_BIDDING, "first_lead")

    # -- derived facts -------------------------------------------------
    @property
    def green_line(self) -> int | None:
        """The score from which a side is on the green, or None when the rule is off."""
        if not self.on_the_green:
            return None
        return self.green_at if self.green_at is not None else self.target - 30

    @property
    def may_score_25(self) -> bool:
        """Whether a hand can be worth 25 (nobody earns the high)."""
        return not self.high_bonus or self.high_without_trump == "none" or self.high_is_five_only

    @property
    def hand_worths(self) -> tuple[int, ...]:
        """What a hand's points may add up to: 30, or 25 when nobody earns the high (always 25 without the high)."""
        if not self.high_bonus:
            return (25,)
        return (30, 25) if self.may_score_25 else (30,)

    # -- construction ----------------------------------------------------
    @classmethod
    def preset(cls, name: str) -> Rules:
        """Return the rules of a named preset."""
        try:
            return PRESETS[name]
        except (KeyError, TypeError):
            raise RulesError(Refusal.NO_SUCH_PRESET, "preset", details={"name": str(name)[:40]}) from None

    @classmethod
    def from_dict(cls, data: Rules | Mapping[str, Any] | str | None) -> Rules:
        """Build rules from a preset name, or ``{"preset": ..., option: value, ...}`` (rules given come back as they are)."""
        if data is None:
            return PRESETS[DEFAULT_PRESET]
        if isinstance(data, Rules):
            return data
        if isinstance(data, str):
            return cls.preset(data)
        if not isinstance(data, Mapping):
            raise RulesError(Refusal.RULES_NOT_PRESET, "rules")
        changes = dict(data)
        base = cls.preset(changes.pop("preset", DEFAULT_PRESET))
        return base.replace(**changes)

    def replace(self, **changes: Any) -> Rules:
        """Return a copy with some options changed, checked like any other."""
        for name in changes:
            if name not in _FIELD_NAMES:
                raise RulesError(Refusal.NO_SUCH_OPTION, name, details={"name": str(name)[:40]})
        # Turning an option off drops the value that only mattered with it on.
        if changes.get("lock") == "off" and "lock_at" not in changes:
            changes["lock_at"] = None
        if changes.get("on_the_green") is False and "green_at" not in changes:
            changes["green_at"] = None
        if changes.get("dealer_may_hold") is False and "hold_from" not in changes:
            changes["hold_from"] = None
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """Return every option and its value, ready for JSON."""
        return {name: getattr(self, name) for name in _FIELD_NAMES}

    def differences(self, other: Rules) -> dict[str, Any]:
        """Return the options whose value differs from ``other`` (this game's house rules)."""
        return {name: getattr(self, name) for name in _FIELD_NAMES if getattr(self, name) != getattr(other, name)}

    def closest_preset(self) -> str:
        """Name the preset these rules differ least from."""
        return min(PRESETS, key=lambda name: len(self.differences(PRESETS[name])))


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


_FIELD_NAMES = tuple(f.name for f in dataclasses.fields(Rules))


class PresetInfo(NamedTuple):
    name: str
    title: str
    where: str
    players: str
    summary: str


class OptionInfo(NamedTuple):
    name: str
    label: str
    choices: tuple[Any, ...] | None
    help: str
    example: str


PRESETS: dict[str, Rules] = {
    "new-england": Rules(),
    "nova-scotia": Rules(
        follow="suit-or-trump",
        on_the_green=False,
        high_without_trump="none",
        dealer_may_hold=True,
        min_bid_from_100=True,
        all_five_tricks_doubles=True,
        first_lead="left-of-bidder",
    ),
    "auction-100": Rules(on_the_green=False, lock="freeze", lock_at=100, high_without_trump="none"),
    "one-ten": Rules(
        target=110,
        on_the_green=False,
        lock="cap",
        lock_at=105,
        high_without_trump="none",
        dealer_may_hold=True,
        first_lead="bidder-chooses",
        others_draw_at_most=3,
    ),
    "traditional": Rules(
        target=45,
        bidding=False,
        follow="suit-or-trump",
        renegable="five",
        on_the_green=False,
        high_without_trump="none",
        first_lead="left-of-dealer",
    ),
}

PRESET_INFO: dict[str, PresetInfo] = {
    "new-england": PresetInfo(
        "new-england",
        "New England auction",
        "Merrimack Valley, Massachusetts and southern New Hampshire",
        "2–6 players, partners or cut-throat",
        "Game to 120; a side on the green (90 or more) must bid to go out; the dealer is bagged at 15.",
    ),
    "nova-scotia": PresetInfo(
        "nova-scotia",
        "Nova Scotia 120",
        "Nova Scotia and the rest of Atlantic Canada",
        "4 or 6 players in two partnerships",
        "Follow suit or trump; the dealer may hold; 20 is the least bid from 100; all five tricks score 60.",
    ),
    "auction-100": PresetInfo(
        "auction-100",
        "Auction with the 100 lock",
        "Atlantic Canada and New England halls",
        "any number of players",
        "Game to 120; once a side reaches 100 it scores only by winning the bid.",
    ),
    "one-ten": PresetInfo(
        "one-ten",
        "One-hundred and ten",
        "Ireland and New Zealand",
        "3–6 players, each for themselves",
        "Game to 110; nobody passes 105 except by bidding; the dealer may hold; the bidder picks who leads.",
    ),
    "traditional": PresetInfo(
        "traditional",
        "Traditional Forty-Fives",
        "the older game from Ireland",
        "2–6 players, alone or in teams",
        "No bidding: the turned-up card is trump and the first side to 45 wins.",
    ),
}

OPTION_INFO: dict[str, OptionInfo] = {
    o.name: o
    for o in (
        OptionInfo(
            "target",
            "Points to win",
            None,
            "The score a side needs to win the game.",
            "120 in the auction game, 110 in One-hundred and ten, 45 in the traditional game.",
        ),
        OptionInfo(
            "bidding",
            "Bidding",
            (True, False),
            "Off for the traditional game: trump is the turned-up card.",
            "With bidding off, every side simply scores what it takes.",
        ),
        OptionInfo(
            "follow",
            "Following an off-suit lead",
            _CHOICES["follow"],
            "Whether a player holding the led suit must play it (or a trump).",
            "9♣ led, clubs not trump: with 'suit-or-trump' a player holding a club must play a club or a trump.",
        ),
        OptionInfo(
            "renegable",
            "Trumps that may be held back",
            _CHOICES["renegable"],
            "Which top trumps a player may keep back when a lower trump is led.",
            "With 'five-jack-ace' the 5, the jack and the A♥ may be held; with 'five' only the 5.",
        ),
        OptionInfo(
            "renege_against",
            "A held trump is measured against",
            _CHOICES["renege_against"],
            "Whether a trump may be held when it outranks the card led, or the highest trump played so far.",
            "Spades trump, 2♠ led, then J♠ played: holding the A♥, 'lead' lets you hold it, 'highest' does not.",
        ),
        OptionInfo(
            "ace_hearts_led_forces_hearts",
            "A♥ led calls for hearts",
            (True, False),
            "When the A♥ is led and a player has no trump, that player must play a heart if holding one.",
            "Clubs trump, A♥ led, you hold no club but the 7♥: you must play the 7♥.",
        ),
        OptionInfo(
            "offsuit_aces_high",
            "Off-suit aces high",
            (True, False),
            "An ace of a suit that is not trump is the best card of its suit.",
            "Spades trump, diamonds led: A♦ beats K♦ instead of being the lowest diamond.",
        ),
        OptionInfo(
            "joker",
            "Play with the joker",
            (True, False),
            "The joker is always a trump, third best after the 5 and the jack.",
            "The joker beats the A♥ and loses to the jack of trump.",
        ),
        OptionInfo(
            "high_without_trump",
            "High when no trump is played",
            _CHOICES["high_without_trump"],
            "Who earns the 5 for the high when nobody plays a trump in a hand.",
            "'first-lead': the best card of the suit first led earns it; 'none': the hand is worth 25.",
        ),
        OptionInfo(
            "high_is_five_only",
            "Only the 5 earns the high",
            (True, False),
            "The 5-point bonus goes only to the trick holding the 5 of trump.",
            "If the 5 of trump is not played, the hand is worth 25.",
        ),
        OptionInfo(
            "dealer_may_hold",
            "Dealer may hold",
            (True, False),
            "The dealer may take the bid at the highest amount bid so far by saying 'I hold'.",
            "Bids go to 20; the dealer says 'hold' and plays for 20.",
        ),
        OptionInfo(
            "hold_from",
            "Dealer holds from",
            (None, 15, 20, 25, 30),
            "The least bid the dealer may hold (blank: any bid).",
            "With 20, a dealer cannot hold a bid of 15.",
        ),
        OptionInfo(
            "min_bid_from_100",
            "Bid at least 20 from 100",
            (True, False),
            "A side with 100 or more may not bid 15; when bagged it plays for 20.",
            "At 105, the least you may bid is 20.",
        ),
        OptionInfo(
            "thirty_for_sixty",
            "30 for 60",
            _CHOICES["thirty_for_sixty"],
            "A bid above 30: all 30 points for 60.",
            "'double': made +60, set -60; 'all-tricks': all five tricks +60, else -60; "
            "'bell': made +60, set -30, and every 30 bid is a 30 for 60; "
            "'lose-sixty': all five tricks +30, else -60.",
        ),
        OptionInfo(
            "sixty_for_120",
            "60 for 120",
            (True, False),
            "A bid above 30 for 60: all 30 points for 120.",
            "Made: +120; set: -120.",
        ),
        OptionInfo(
            "offsuit_set_bonus",
            "Set with off-suit cards scores 30",
            (True, False),
            "A side that sets the bidder using only cards that are not trump scores 30, whatever it took.",
            "They bid 20 and are set; you took 15 without playing a trump: you score 30.",
        ),
        OptionInfo(
            "high_bonus",
            "5 for the high",
            (True, False),
            "The trick with the best card earns 5 more. Off for the 'twenty-five' game: every hand is worth 25.",
            "Off: three tricks are 15 and nobody is asked who took the high.",
        ),
        OptionInfo(
            "tie_break",
            "Two sides tie going out",
            _CHOICES["tie_break"],
            "When sides that did not bid reach the target in the same hand with the same score: "
            "play on, or the side that took the later trick wins, or the side that got there first wins, "
            "or only the tied sides play on until one of them wins (overtime). "
            "With 'on the green' on, such sides always play on (each is on the green).",
            "'last-trick': both reach 120; the side that took the later trick of the hand wins.",
        ),
        OptionInfo(
            "slam",
            "Slam bid",
            (True, False),
            "A bid to take all five tricks: +120 made, -60 set.",
            "Take all five tricks on a slam bid and score 120.",
        ),
        OptionInfo(
            "all_five_tricks_doubles",
            "All five tricks score 60",
            (True, False),
            "A bidding side that takes every trick scores 60, whatever it bid.",
            "Bid 20, take all five tricks: +60.",
        ),
        OptionInfo(
            "first_lead",
            "Who leads the first trick",
            _CHOICES["first_lead"],
            "Who plays the first card after the bid.",
            "'left-of-bidder': the player on the bidder's left leads.",
        ),
        OptionInfo(
            "lock",
            "Lock",
            _CHOICES["lock"],
            "Stops non-bidding sides near the end: 'cap' lets no one pass the lock except by bidding; "
            "'freeze' gives a side at the lock nothing unless it wins the bid.",
            "Cap 105: at 100 and not bidding, you take 15 but stop at 105.",
        ),
        OptionInfo(
            "lock_at",
            "Lock at",
            None,
            "The score where the lock starts.",
            "105 in One-hundred and ten, 100 for a freeze.",
        ),
        OptionInfo(
            "on_the_green",
            "On the green",
            (True, False),
            "When another side is on the green (90 or more), a side can only go out by bidding.",
            "You reach 120 without the bid while they have 95: play on.",
        ),
        OptionInfo(
            "green_at",
            "Green from",
            None,
            "Where the green starts (blank: 30 below the target).",
            "90 for a game to 120.",
        ),
        OptionInfo(
            "forty_five_resets",
            "The forty-five rule",
            (True, False),
            "A side whose score lands exactly on 45 goes back to 0.",
            "At 25 you take 20: 45, back to 0.",
        ),
        OptionInfo(
            "elimination_at",
            "Out of the game at",
            None,
            "A side whose score falls to this or lower leaves the game (blank: never).",
            "With -80, a side at -70 set 15 is out at -85.",
        ),
        OptionInfo(
            "call_for_partner",
            "Call for your partner",
            (True, False),
            "Five players: the bidder names a card and its holder shares the bidder's result for the hand.",
            "The bidder calls the A♦; whoever holds it plays with the bidder this hand.",
        ),
        OptionInfo(
            "four_and_a_flip",
            "Four and a flip",
            (True, False),
            "A player may throw away all five cards: the dealer gives four face down and the fifth face up.",
            "You keep nothing: four new cards come face down, the fifth face up for all to see.",
        ),
        OptionInfo(
            "others_draw_at_most",
            "Others draw at most",
            (None, 1, 2, 3, 4),
            "The most cards a player other than the bidder may draw (blank: as many as the table size allows).",
            "3 in One-hundred and ten: unless you won the bid, throw away at most three and keep two.",
        ),
    )
}


def _label(name: str) -> str:
    info = OPTION_INFO.get(name)
    return f"'{info.label}'" if info else name


assert set(OPTION_INFO) == set(_FIELD_NAMES), "every option needs its description"
