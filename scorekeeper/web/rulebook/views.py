"""The rule book at /rules: the game in plain words, with every table drawn from the rules engine."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import Blueprint, render_template

from scorekeeper import words
from scorekeeper.platform.i18n import gettext as _
from scorekeeper.platform.i18n import lazy_gettext as _l
from scorekeeper.rules import (
    DEFAULT_PRESET,
    OPTION_INFO,
    PRESETS,
    Card,
    GameSetup,
    HandEntry,
    Rules,
    Side,
    Suit,
    legal_plays,
    offsuit_order,
    parse_cards,
    replay,
    trick_winner,
    trump_order,
)
from scorekeeper.rules.draw import draw_limits

bp = Blueprint("rulebook", __name__)


# Standings worth a word in the scoring examples, as a player would say them.
STANDING_WORDS = {
    "on-the-green": _l("%(side)s is on the green."),
    "must-bid-out": _l("%(side)s must bid out."),
    "in-the-hole": _l("%(side)s is in the hole."),
}

# The rank tables' titles, by suit: a whole title each, so every language words it its own way.
TRUMP_TITLES = {
    "spades": _l("Trump spades ♠"),
    "clubs": _l("Trump clubs ♣"),
    "hearts": _l("Trump hearts ♥"),
    "diamonds": _l("Trump diamonds ♦"),
}
OFFSUIT_TITLES = {
    "spades": _l("Spades ♠ when not trump"),
    "clubs": _l("Clubs ♣ when not trump"),
    "hearts": _l("Hearts ♥ when not trump"),
    "diamonds": _l("Diamonds ♦ when not trump"),
}
ACES_HIGH_TITLES = {
    "spades": _l("Spades ♠ when not trump, aces high"),
    "clubs": _l("Clubs ♣ when not trump, aces high"),
    "hearts": _l("Hearts ♥ when not trump, aces high"),
    "diamonds": _l("Diamonds ♦ when not trump, aces high"),
}


@dataclass(frozen=True)
class OptionRow:
    name: str
    label: str
    value: str
    differs: bool


def option_names() -> list[str]:
    """Every house rule the page explains: the rule book's own order, then any the engine adds later."""
    order = words.rule_book_order()
    return list(order) + [name for name in OPTION_INFO if name not in order]


def show_value(name: str, value: object, rules: Rules | None = None) -> str:
    """Write an option value the way a player would say it."""
    return words.option_setting(name, value, rules)


def _options(rules: Rules) -> list[dict[str, Any]]:
    defaults = rules.to_dict()
    rows = []
    for name in option_names():
        settings = words.option_settings(name)
        # The values the rule book names, then any the engine has that the rule book does not.
        api_values = list(settings) + [v for v in OPTION_INFO[name].choices or () if v not in settings]
        rows.append(
            {
                "name": name,
                "label": words.option_label(name),
                "help": words.option_explained(name),
                "example": words.option_example(name),
                "choices": " / ".join(settings.values()) if settings else _("a number of points"),
                "usual": show_value(name, defaults[name], rules),
                "setting": " | ".join(_api_value(v) for v in api_values) if api_values else _("points"),
            }
        )
    return rows


def _api_value(value: Any) -> str:
    """A value as the JSON API writes it."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _option_rows(rules: Rules) -> list[OptionRow]:
    base = PRESETS[DEFAULT_PRESET].to_dict()
    values = rules.to_dict()
    return [
        OptionRow(name, words.option_label(name), show_value(name, values[name], rules), values[name] != base.get(name))
        for name in option_names()
        if name in values
    ]


def _rank_tables(
    rules: Rules, offsuit_titles: dict[str, Any] = OFFSUIT_TITLES
) -> dict[str, list[tuple[Suit, str, tuple[Card, ...]]]]:
    """Each suit's order, highest first, with its title: as trump, and when another suit is trump."""

    def other(suit: Suit) -> Suit:
        return next(s for s in Suit if s is not suit)

    return {
        "trump": [(suit, str(TRUMP_TITLES[suit.plural]), trump_order(suit, rules)) for suit in Suit],
        "offsuit": [(suit, str(offsuit_titles[suit.plural]), offsuit_order(suit, other(suit), rules)) for suit in Suit],
    }


def _trick_examples(rules: Rules) -> list[dict[str, Any]]:
    cases = [
        ("S", "8♠ 9♠ 2♠ A♥"),
        ("H", "K♠ Q♠ 10♦ K♣"),
        ("C", "2♥ 7♦ 9♠ 3♦"),
        ("D", "10♣ 2♣ A♣"),
        ("S", "2♦ A♦ 3♦"),
        ("D", "K♥ 2♦"),
    ]
    rows = []
    for trump, text in cases:
        cards = parse_cards(text)
        result = trick_winner(cards, Suit.parse(trump), rules)
        rows.append({"trump": Suit.parse(trump), "cards": cards, "result": result})
    return rows


def _play_examples(rules: Rules) -> list[dict[str, Any]]:
    # (trump, cards already in the trick, hand, option changes, what the example shows)
    cases: list[tuple[str, str, str, dict[str, Any], str]] = [
        (
            "H",
            "2♥",
            "J♥ K♥ 3♣ 4♣ 7♦",
            {},
            _l("A low trump is led; the K♥ cannot be held back, so a trump must come out."),
        ),
        ("H", "2♥", "J♥ 3♣ 4♣ 7♦ 8♦", {}, _l("The only trump is the J♥, which beats the 2♥: it may stay in the hand.")),
        (
            "H",
            "5♥",
            "J♥ A♥ 3♣ 4♣ 7♦",
            {},
            _l("The J♥ and the A♥ both rank below the 5♥ that was led, so neither may be held back."),
        ),
        (
            "H",
            "5♥",
            "J♥ A♥ 3♥ 4♣ 7♦",
            {},
            _l("Same lead, but with the 3♥ in hand you may play it and keep the top trumps."),
        ),
        ("S", "J♠", "A♥ 3♣ 4♦ 7♦ 8♣", {}, _l("The A♥ ranks below the J♠, so it cannot be held back.")),
        ("S", "6♠", "5♠ J♠ A♥ 9♦ 2♥", {}, _l("All three trumps in the hand beat the 6♠: any card will do.")),
        ("S", "6♠ J♠", "5♠ A♥ 9♦", {}, _l("Measured against the led 6♠, both trumps may be held back.")),
        (
            "S",
            "6♠ J♠",
            "5♠ A♥ 9♦",
            {"renege_against": "highest"},
            _l("Measured against the J♠ already played, the A♥ loses its right to hide: play a trump."),
        ),
        ("S", "6♠", "J♠ 9♦ 3♣", {"renegable": "five"}, _l("Only the 5 may be held back, so the J♠ must be played.")),
        ("C", "4♦", "7♦ 2♣ K♠", {}, _l("A diamond is led; by default anything goes.")),
        ("C", "4♦", "7♦ 2♣ K♠", {"follow": "suit-or-trump"}, _l("Holding a diamond, you follow with it or trump.")),
        ("S", "A♥", "K♥ 9♦ 3♣", {}, _l("A♥ is a trump lead; with no trump in the hand, anything goes.")),
        ("S", "A♥", "K♥ 9♦ 3♣", {"ace_hearts_led_forces_hearts": True}, _l("With this option a heart must be played.")),
    ]
    rows = []
    for trump, trick, hand, changes, note in cases:
        case_rules = rules.replace(**changes) if changes else rules
        hand_cards = parse_cards(hand)
        answer = legal_plays(hand_cards, parse_cards(trick), Suit.parse(trump), case_rules)
        rows.append(
            {
                "trump": Suit.parse(trump),
                "trick": parse_cards(trick),
                "hand": hand_cards,
                "changes": [(name, show_value(name, value)) for name, value in changes.items()],
                "answer": answer,
                "any": set(answer.legal) == set(hand_cards),
                "note": str(note),
            }
        )
    return rows


def _scoring_examples(rules: Rules) -> list[dict[str, Any]]:
    # (scores before, bidding side, bid, bagged, points taken by We and They)
    cases = [
        ((0, 0), 0, 15, False, (10, 20)),
        ((-15, 20), 1, 20, False, (15, 15)),
        ((115, 95), 1, 25, False, (5, 25)),
        ((115, 30), 0, 15, True, (15, 15)),
        ((115, 30), 1, 20, False, (5, 25)),
        ((110, 100), 1, 15, False, (15, 15)),
    ]
    sides = (Side(_("Side A"), ("Ann", "Cy")), Side(_("Side B"), ("Bo", "Di")))
    rows = []
    for before, bidder, bid, bagged, points in cases:
        setup = GameSetup(rules=rules, sides=sides, first_dealer=bidder, scores=before)
        entry = HandEntry(bidder=bidder, bid=bid, bagged=bagged, points=points)
        state = replay(setup, [entry])
        rows.append(
            {
                "before": before,
                "bidder": sides[bidder].name,
                "bid": bid,
                "bagged": bagged,
                "taken": points[bidder],
                "after": state.scores,
                "winner": None if state.winner is None else sides[state.winner].name,
                "reason": words.win_reason(state),
                "made": state.hands[-1].made,
                "standing": [
                    str(STANDING_WORDS[code]) % {"side": side.name}
                    for side, codes in zip(sides, state.standing)
                    for code in codes
                    if code in STANDING_WORDS and not (code == "on-the-green" and "must-bid-out" in codes)
                ],
            }
        )
    return rows


@bp.route("/rules")
def index() -> str:
    rules = PRESETS[DEFAULT_PRESET]
    return render_template(
        "rulebook/index.html",
        rules=rules,
        presets=[(name, preset, _option_rows(preset)) for name, preset in PRESETS.items()],
        options=_options(rules),
        label=words.option_label,
        ranks=_rank_tables(rules),
        joker_trump=trump_order(Suit.DIAMONDS, rules.replace(joker=True)),
        aces_high=_rank_tables(rules.replace(offsuit_aces_high=True), ACES_HIGH_TITLES)["offsuit"],
        tricks=_trick_examples(rules),
        plays=_play_examples(rules),
        scoring=_scoring_examples(rules),
        draw_limits=draw_limits(),
        sample_cards=parse_cards("5h 10d Tc AH"),
    )
