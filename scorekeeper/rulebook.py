"""The rule book at /rules: the game in plain words, with every table drawn from the rules engine."""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, render_template

from scorekeeper.rules import (
    OPTION_INFO,
    PRESET_INFO,
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

bp = Blueprint("rulebook", __name__)

DEFAULT_PRESET = "new-england"

# One concrete case per option, in the words of the table. Shown under the option's own help text.
OPTION_EXAMPLES: dict[str, str] = {
    "target": "Set it to 150 for a longer evening: a side then needs 150 to win, and the green starts at 120.",
    "bidding": "Switched off, nobody bids: a turned-up card names trump and every side keeps what it takes.",
    "follow": "With suit-or-trump: clubs are trump, 4♦ is led and you hold 7♦ 2♣ K♠, so you must play 7♦ or 2♣.",
    "renegable": "With five: spades are trump, 6♠ is led and you hold J♠ 9♦, so the J♠ has to come out.",
    "renege_against": (
        "With highest: 6♠ is led, then J♠ is played; your A♥ now has to beat the J♠, so you can no longer hold it back."
    ),
    "ace_hearts_led_forces_hearts": (
        "Spades are trump, A♥ is led and you have no trump but hold K♥ 9♦: the K♥ must go."
    ),
    "offsuit_aces_high": "Hearts are trump, K♣ is led and A♣ follows: the ace takes the trick instead of the king.",
    "joker": "Diamonds are trump: 5♦, J♦, then the joker, then A♥ and the rest.",
    "high_without_trump": (
        "With none: no trump turns up in the whole hand, nobody earns the extra 5 and the hand is worth 25."
    ),
    "high_is_five_only": "The 5 of trump stays in the pack: no trick earns the extra 5 and the hand is worth 25.",
    "dealer_may_hold": "Someone bids 20; the dealer says \u201chold\u201d and takes the bid at 20 without raising.",
    "hold_from": "Set to 20: after a lone bid of 15 the dealer must say 20 to take it; from 20 up a hold is fine.",
    "min_bid_from_100": "Your side has 105: your lowest bid is 20, and a bagged dealer on your side plays for 20.",
    "thirty_for_sixty": (
        "With double: bid 30 for 60, take all 30 and get 60, or drop a trick and lose 60. With bell you lose only 30."
    ),
    "slam": "Call slam and take all five tricks for 120; lose even one trick and go back 60.",
    "all_five_tricks_doubles": "You bid 20 and take all five tricks: your side scores 60 instead of 30.",
    "first_lead": "With left-of-bidder: the player sitting on the bidder's left plays the first card of the hand.",
    "lock": "With cap at 105: you sit at 100, take 15 on someone else's bid and stop at 105; the other 10 are gone.",
    "lock_at": "Freeze at 100: once your side has 100, only hands your side bid can change its score.",
    "on_the_green": (
        "It is 110 to 100 and the 110 side takes 15 on the other side's bid: 125 is not enough, because "
        "the other side is on the green."
    ),
    "green_at": "Left empty, the green starts 30 below the target: 90 in a game to 120.",
    "forty_five_resets": "Your side has 30, takes 15 and lands on exactly 45: back to 0 it goes.",
    "elimination_at": (
        "Set to \u221280: a side that falls to \u221280 or lower leaves the game and stops dealing and scoring."
    ),
    "call_for_partner": (
        "Five players: the bidder calls the J♦, and whoever holds it quietly plays on the bidder's side this hand."
    ),
}

# Standings worth a word in the scoring examples, as a player would say them.
STANDING_WORDS = {"on-the-green": "is on the green", "must-bid-out": "must bid out", "in-the-hole": "is in the hole"}

# Draw limits by table size: keep at least this many of your own cards before the top-up.
DRAW_LIMITS = [(players, 1 if players <= 5 else players - 4) for players in range(2, 9)]


@dataclass(frozen=True)
class OptionRow:
    name: str
    label: str
    value: str
    differs: bool


def show_value(name: str, value: object, rules: Rules | None = None) -> str:
    """Write an option value the way a player would say it."""
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if value is None:
        if name == "green_at":
            if rules is None:
                return "target \u2212 30"
            if rules.green_line is None:
                return "\u2014"
            return f"{_number(rules.green_line)} (target \u2212 30)"
        if name == "hold_from":
            return "any bid"
        return "off" if name == "elimination_at" else "\u2014"
    if isinstance(value, int):
        return _number(value)
    return str(value)


def _number(n: int) -> str:
    return f"\u2212{-n}" if n < 0 else str(n)


def _choices(name: str) -> str:
    info = OPTION_INFO[name]
    default = PRESETS[DEFAULT_PRESET].to_dict()[name]
    if info.choices:
        return " / ".join(show_value(name, c) for c in info.choices)
    if isinstance(default, bool):
        return "yes / no"
    return "a number of points"


def _option_rows(rules: Rules) -> list[OptionRow]:
    base = PRESETS[DEFAULT_PRESET].to_dict()
    values = rules.to_dict()
    return [
        OptionRow(name, OPTION_INFO[name].label, show_value(name, values[name], rules), values[name] != base[name])
        for name in OPTION_INFO
    ]


def _rank_tables(rules: Rules) -> dict[str, list[tuple[Suit, tuple[Card, ...]]]]:
    def other(suit: Suit) -> Suit:
        return next(s for s in Suit if s is not suit)

    return {
        "trump": [(suit, trump_order(suit, rules)) for suit in Suit],
        "offsuit": [(suit, offsuit_order(suit, other(suit), rules)) for suit in Suit],
    }


def _trick_examples(rules: Rules) -> list[dict]:
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


def _play_examples(rules: Rules) -> list[dict]:
    # (trump, cards already in the trick, hand, option changes, what the example shows)
    cases = [
        ("H", "2♥", "J♥ K♥ 3♣ 4♣ 7♦", {}, "A low trump is led; the K♥ cannot be held back, so a trump must come out."),
        ("H", "2♥", "J♥ 3♣ 4♣ 7♦ 8♦", {}, "The only trump is the J♥, which beats the 2♥: it may stay in the hand."),
        (
            "H",
            "5♥",
            "J♥ A♥ 3♣ 4♣ 7♦",
            {},
            "The J♥ and the A♥ both rank below the 5♥ that was led, so neither may be held back.",
        ),
        (
            "H",
            "5♥",
            "J♥ A♥ 3♥ 4♣ 7♦",
            {},
            "Same lead, but with the 3♥ in hand you may play it and keep the top trumps.",
        ),
        ("S", "J♠", "A♥ 3♣ 4♦ 7♦ 8♣", {}, "The A♥ ranks below the J♠, so it cannot be held back."),
        ("S", "6♠", "5♠ J♠ A♥ 9♦ 2♥", {}, "All three trumps in the hand beat the 6♠: any card will do."),
        ("S", "6♠ J♠", "5♠ A♥ 9♦", {}, "Measured against the led 6♠, both trumps may be held back."),
        (
            "S",
            "6♠ J♠",
            "5♠ A♥ 9♦",
            {"renege_against": "highest"},
            "Measured against the J♠ already played, the A♥ loses its right to hide: play a trump.",
        ),
        ("S", "6♠", "J♠ 9♦ 3♣", {"renegable": "five"}, "Only the 5 may be held back, so the J♠ must be played."),
        ("C", "4♦", "7♦ 2♣ K♠", {}, "A diamond is led; by default anything goes."),
        ("C", "4♦", "7♦ 2♣ K♠", {"follow": "suit-or-trump"}, "Holding a diamond, you follow with it or trump."),
        ("S", "A♥", "K♥ 9♦ 3♣", {}, "A♥ is a trump lead; with no trump in the hand, anything goes."),
        ("S", "A♥", "K♥ 9♦ 3♣", {"ace_hearts_led_forces_hearts": True}, "With this option a heart must be played."),
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
                "note": note,
            }
        )
    return rows


def _scoring_examples(rules: Rules) -> list[dict]:
    # (scores before, bidding side, bid, bagged, points taken by We and They)
    cases = [
        ((0, 0), 0, 15, False, (10, 20)),
        ((-15, 20), 1, 20, False, (15, 15)),
        ((115, 95), 1, 25, False, (5, 25)),
        ((115, 30), 0, 15, True, (15, 15)),
        ((115, 30), 1, 20, False, (5, 25)),
        ((110, 100), 1, 15, False, (15, 15)),
    ]
    sides = (Side("Side A", ("Ann", "Cy")), Side("Side B", ("Bo", "Di")))
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
                "reason": state.win_reason,
                "made": state.hands[-1].made,
                "standing": [
                    (side.name, STANDING_WORDS[code])
                    for side, codes in zip(sides, state.standing)
                    for code in codes
                    if code in STANDING_WORDS and not (code == "on-the-green" and "must-bid-out" in codes)
                ],
            }
        )
    return rows


@bp.route("/rules")
def index():
    rules = PRESETS[DEFAULT_PRESET]
    defaults = rules.to_dict()
    return render_template(
        "rulebook/index.html",
        rules=rules,
        presets=[(name, PRESET_INFO[name], preset, _option_rows(preset)) for name, preset in PRESETS.items()],
        options=[
            {
                "info": info,
                "choices": _choices(name),
                "default": show_value(name, defaults[name], rules),
                "example": OPTION_EXAMPLES.get(name) or getattr(info, "example", ""),
            }
            for name, info in OPTION_INFO.items()
        ],
        ranks=_rank_tables(rules),
        joker_trump=trump_order(Suit.DIAMONDS, rules.replace(joker=True)),
        aces_high=_rank_tables(rules.replace(offsuit_aces_high=True))["offsuit"],
        tricks=_trick_examples(rules),
        plays=_play_examples(rules),
        scoring=_scoring_examples(rules),
        draw_limits=DRAW_LIMITS,
        sample_cards=parse_cards("5h 10d Tc AH"),
    )
