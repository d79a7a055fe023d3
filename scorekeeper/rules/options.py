"""Every house-rule option of the game, and the presets tables start from."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from .refusals import Refusal, Refused

__all__ = ["Rules", "RulesError", "PRESETS", "OPTION_INFO", "OptionInfo", "DEFAULT_PRESET"]

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


class OptionInfo(NamedTuple):
    """An option's code and the values it takes (None: a number of points); its words are in ``words.options``."""

    name: str
    choices: tuple[Any, ...] | None


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

# Every option's code and its choices, in the order the forms list them.
OPTION_INFO: dict[str, OptionInfo] = {
    o.name: o
    for o in (
        OptionInfo("target", None),
        OptionInfo("bidding", (True, False)),
        OptionInfo("follow", _CHOICES["follow"]),
        OptionInfo("renegable", _CHOICES["renegable"]),
        OptionInfo("renege_against", _CHOICES["renege_against"]),
        OptionInfo("ace_hearts_led_forces_hearts", (True, False)),
        OptionInfo("offsuit_aces_high", (True, False)),
        OptionInfo("joker", (True, False)),
        OptionInfo("high_without_trump", _CHOICES["high_without_trump"]),
        OptionInfo("high_is_five_only", (True, False)),
        OptionInfo("dealer_may_hold", (True, False)),
        OptionInfo("hold_from", (None, 15, 20, 25, 30)),
        OptionInfo("min_bid_from_100", (True, False)),
        OptionInfo("thirty_for_sixty", _CHOICES["thirty_for_sixty"]),
        OptionInfo("sixty_for_120", (True, False)),
        OptionInfo("offsuit_set_bonus", (True, False)),
        OptionInfo("high_bonus", (True, False)),
        OptionInfo("tie_break", _CHOICES["tie_break"]),
        OptionInfo("slam", (True, False)),
        OptionInfo("all_five_tricks_doubles", (True, False)),
        OptionInfo("first_lead", _CHOICES["first_lead"]),
        OptionInfo("lock", _CHOICES["lock"]),
        OptionInfo("lock_at", None),
        OptionInfo("on_the_green", (True, False)),
        OptionInfo("green_at", None),
        OptionInfo("forty_five_resets", (True, False)),
        OptionInfo("elimination_at", None),
        OptionInfo("call_for_partner", (True, False)),
        OptionInfo("four_and_a_flip", (True, False)),
        OptionInfo("others_draw_at_most", (None, 1, 2, 3, 4)),
    )
}


assert set(OPTION_INFO) == set(_FIELD_NAMES)  # every option has its choices
