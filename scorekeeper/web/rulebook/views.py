"""The rule book at /rules: the game in plain words, with every table drawn from the rules engine."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, render_template

from scorekeeper import words
from scorekeeper.platform.i18n import gettext as _
from scorekeeper.platform.i18n import lazy_gettext as _l
from scorekeeper.rules import (
    DEFAULT_PRESET,
    GREEN_BELOW_TARGET,
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
from scorekeeper.rules.draw import draw_limits

bp = Blueprint("rulebook", __name__)


@dataclass(frozen=True)
class OptionText:
    """One house rule in the rule book's own words (/rules#options).

    ``values`` gives each setting's value in player words, in the order the rule book lists them;
    ``usual`` is the New England value. Both let the page explain an option the engine does not offer yet.
    """

    label: str
    help: str
    example: str
    values: Mapping[Any, str] = field(default_factory=dict)
    usual: Any = None


YES_NO = {True: _l("yes"), False: _l("no")}

# Every house rule, in the order the rule book explains them, with the words the table uses.
OPTION_TEXT: dict[str, OptionText] = {
    "target": OptionText(
        _l("Points to win"),
        _l("The score a side needs to win the game."),
        _l("Set it to 150 for a longer evening: a side then needs 150 to win, and the green starts at 120."),
        usual=120,
    ),
    "bidding": OptionText(
        _l("Bidding"),
        _l("Switch bidding off for the traditional game: a turned-up card names trump."),
        _l("Switched off, nobody bids: a turned-up card names trump and every side keeps what it takes."),
        YES_NO,
        True,
    ),
    "follow": OptionText(
        _l("Following an off-suit lead"),
        _l("Whether a player holding the suit led must play it (or a trump) when the lead is not a trump."),
        _l("With follow suit or trump: clubs are trump, 4♦ is led and you hold 7♦ 2♣ K♠, so you must play 7♦ or 2♣."),
        {"any": _l("any card"), "suit-or-trump": _l("follow suit or trump")},
        "any",
    ),
    "renegable": OptionText(
        _l("Trumps that may be held back"),
        _l("Which top trumps may stay in your hand when a lower trump is led."),
        _l("With the 5 only: spades are trump, 6♠ is led and you hold J♠ 9♦, so the J♠ has to come out."),
        {"five-jack-ace": _l("the 5, the jack and the A♥"), "five": _l("the 5 only"), "none": _l("none")},
        "five-jack-ace",
    ),
    "renege_against": OptionText(
        _l("A held trump is measured against"),
        _l("A top trump may only hide from a lower trump: the one led, or the highest played so far."),
        _l(
            "With the highest so far: 6♠ is led, then J♠ is played; your A♥ now has to beat the J♠, so you can no "
            "longer hold it back."
        ),
        {"lead": _l("the card led"), "highest": _l("the highest trump so far")},
        "lead",
    ),
    "ace_hearts_led_forces_hearts": OptionText(
        _l("A♥ led calls for hearts"),
        _l("When the A♥ is led and you hold no trump, you must play a heart if you have one."),
        _l("Spades are trump, A♥ is led and you have no trump but hold K♥ 9♦: the K♥ must go."),
        YES_NO,
        False,
    ),
    "offsuit_aces_high": OptionText(
        _l("Off-suit aces high"),
        _l("An ace of a suit that is not trump is the best card of its suit."),
        _l("Hearts are trump, K♣ is led and A♣ follows: the ace takes the trick instead of the king."),
        YES_NO,
        False,
    ),
    "joker": OptionText(
        _l("Play with the joker"),
        _l("One joker goes into the pack: always a trump, third best after the 5 and the jack."),
        _l("Diamonds are trump: 5♦, J♦, then the joker, then A♥ and the rest."),
        YES_NO,
        False,
    ),
    "high_without_trump": OptionText(
        _l("High when no trump is played"),
        _l("Who earns the extra 5 when nobody plays a trump in the whole hand."),
        _l("With nobody: no trump turns up in the whole hand, nobody earns the extra 5 and the hand is worth 25."),
        {"first-lead": _l("best card of the suit first led"), "none": _l("nobody")},
        "first-lead",
    ),
    "high_is_five_only": OptionText(
        _l("Only the 5 earns the high"),
        _l("The extra 5 goes only to the trick holding the 5 of trump."),
        _l("The 5 of trump stays in the pack: no trick earns the extra 5 and the hand is worth 25."),
        YES_NO,
        False,
    ),
    "high_bonus": OptionText(
        _l("Extra 5 for the high"),
        _l(
            "Switched off, no trick earns the extra 5 at all: every hand is worth 25. This is the game some call "
            "Twenty-Five."
        ),
        _l("Switched off: you take three tricks and score 15; the five tricks of a hand make 25."),
        YES_NO,
        True,
    ),
    "dealer_may_hold": OptionText(
        _l("Dealer may hold"),
        _l("The dealer may take the bid at the top amount so far by saying “hold”, without raising."),
        _l("Someone bids 20; the dealer says “hold” and takes the bid at 20 without raising."),
        YES_NO,
        False,
    ),
    "hold_from": OptionText(
        _l("Dealer holds from"),
        _l("The smallest bid the dealer may hold; below it the dealer has to raise."),
        _l("Set to 20: after a lone bid of 15 the dealer must say 20 to take it; from 20 up a hold is fine."),
        {None: _l("any bid"), 15: "15", 20: "20", 25: "25", 30: "30"},
        None,
    ),
    "min_bid_from_100": OptionText(
        _l("Bid at least 20 from 100"),
        _l("A side with 100 or more may not bid 15; when bagged it plays for 20."),
        _l("Your side has 105: your lowest bid is 20, and a bagged dealer on your side plays for 20."),
        YES_NO,
        False,
    ),
    "thirty_for_sixty": OptionText(
        _l("30 for 60"),
        _l(
            "A bid above 30 for twice the stake. Doubled: all 30 points score 60, less loses 60. All five tricks: "
            "the same, judged on the five tricks alone. The bell: every 30 bid is a 30 for 60, with no plain 30; "
            "all 30 points score 60, less loses only 30. Lose sixty: all five tricks score just 30, anything less "
            "loses 60."
        ),
        _l(
            "Doubled: bid 30 for 60, take all 30 and get 60, or drop a trick and lose 60. With the bell you lose only 30."
        ),
        {
            "off": _l("no"),
            "double": _l("doubled"),
            "all-tricks": _l("all five tricks"),
            "bell": _l("the bell"),
            "lose-sixty": _l("win 30, lose 60"),
        },
        "off",
    ),
    "sixty_for_120": OptionText(
        _l("60 for 120"),
        _l("A bid above 30 for 60, seldom seen: all 30 points score 120, less loses 120."),
        _l("You bid 60 for 120 and take all five tricks and the high: +120. Lose one trick: −120."),
        YES_NO,
        False,
    ),
    "slam": OptionText(
        _l("Slam bid"),
        _l("A bid to take all five tricks: made it scores 120, missed it loses 60."),
        _l("Call slam and take all five tricks for 120; lose even one trick and go back 60."),
        YES_NO,
        False,
    ),
    "all_five_tricks_doubles": OptionText(
        _l("All five tricks score 60"),
        _l("A bidding side that takes every trick scores 60, whatever it bid."),
        _l("You bid 20 and take all five tricks: your side scores 60 instead of 30."),
        YES_NO,
        False,
    ),
    "offsuit_set_bonus": OptionText(
        _l("30 for a set without trump"),
        _l(
            "When the bidder is set, a side that did it using only cards that are not trump scores 30 instead of what "
            "it took. The score sheet asks which side, only when the bidder was set."
        ),
        _l("B bids 20 and is set; A took two tricks without playing a single trump: A scores 30, not 10."),
        YES_NO,
        False,
    ),
    "first_lead": OptionText(
        _l("Who leads the first trick"),
        _l("Who plays the first card after the bid."),
        _l("With the player left of the bidder: that player plays the first card of the hand."),
        {
            "bidder": _l("the bidder"),
            "left-of-bidder": _l("the player left of the bidder"),
            "bidder-chooses": _l("whoever the bidder chooses"),
            "left-of-dealer": _l("the player left of the dealer"),
        },
        "bidder",
    ),
    "lock": OptionText(
        _l("Lock"),
        _l(
            "Stops a side that did not bid near the end: the cap lets no one pass it without bidding; the freeze "
            "gives a side at it nothing unless it wins the bid."
        ),
        _l(
            "With the cap at 105: you sit at 100, take 15 on someone else's bid and stop at 105; the other 10 are gone."
        ),
        {"off": _l("no"), "cap": _l("cap"), "freeze": _l("freeze")},
        "off",
    ),
    "lock_at": OptionText(
        _l("Lock at"),
        _l("The score where the lock starts."),
        _l("Freeze at 100: once your side has 100, only hands your side bid can change its score."),
    ),
    "on_the_green": OptionText(
        _l("On the green"),
        _l("While another side is on the green (30 below the target or more), a side can only go out by bidding."),
        _l(
            "It is 110 to 100 and the 110 side takes 15 on the other side's bid: 125 is not enough, because the other "
            "side is on the green."
        ),
        YES_NO,
        True,
    ),
    "green_at": OptionText(
        _l("Green from"),
        _l("Where the green starts; left empty, 30 below the target."),
        _l("Left empty, the green starts 30 below the target: 90 in a game to 120."),
    ),
    "forty_five_resets": OptionText(
        _l("The forty-five rule"),
        _l("A side whose score lands exactly on 45 goes back to 0. A game cannot start on 45 under this rule."),
        _l("Your side has 30, takes 15 and lands on exactly 45: back to 0 it goes."),
        YES_NO,
        False,
    ),
    "elimination_at": OptionText(
        _l("Out of the game at"),
        _l("A side whose score falls to this or lower leaves the game. The last side left wins."),
        _l("Set to −80: a side that falls to −80 or lower leaves the game and stops dealing and scoring."),
    ),
    "tie_break": OptionText(
        _l("Settling a tie at the target"),
        _l(
            "Two sides that did not bid reach the target in the same hand with the same score: play on, or the one "
            "that took the later trick wins, or the one that got there first wins, or only the tied sides play on "
            "(overtime): the others sit out, neither bidding nor scoring, until one of the tied sides wins. The score "
            "sheet asks which side that was, only when such a tie happens."
        ),
        _l(
            "115 to 115, a third side bids and is set, and both take 5: 120 each. With the later trick, the side that "
            "took the last trick of the two wins. With overtime, the two of them play on alone."
        ),
        {
            "play-on": _l("play on"),
            "last-trick": _l("the later trick wins"),
            "first-out": _l("the first to get there wins"),
            "overtime": _l("overtime: only the tied sides play on"),
        },
        "play-on",
    ),
    "call_for_partner": OptionText(
        _l("Call for your partner"),
        _l("Five players: the bidder names a card, and whoever holds it plays on the bidder's side for the hand."),
        _l("Five players: the bidder calls the J♦, and whoever holds it quietly plays on the bidder's side this hand."),
        YES_NO,
        False,
    ),
    "four_and_a_flip": OptionText(
        _l("Four and a flip"),
        _l("You may throw away all five cards. The dealer gives you four face down and turns the fifth face up."),
        _l(
            "You throw away your whole hand: four new cards come face down, and the fifth lands face up for all to see."
        ),
        YES_NO,
        False,
    ),
    "others_draw_at_most": OptionText(
        _l("Others draw at most"),
        _l("Everyone but the bidder may take only this many new cards, whatever the size of the table."),
        _l("Set to 3, as in One-hundred and ten: you did not win the bid, so you throw away three cards at most."),
        {None: _l("as many as the table allows"), 1: "1", 2: "2", 3: "3", 4: "4"},
        None,
    ),
}

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
    """Every house rule the page explains: the rule book's own list, then any the engine adds later."""
    return list(OPTION_TEXT) + [name for name in OPTION_INFO if name not in OPTION_TEXT]


def option_text(name: str) -> OptionText:
    """The rule book's words for an option; one the rule book has not written up yet uses the engine's."""
    text = OPTION_TEXT.get(name)
    if text is not None:
        return text
    info = OPTION_INFO[name]
    values = {value: show_value(name, value) for value in info.choices or ()}
    return OptionText(words.option_label(name), words.option_help(name), words.option_example(name), values)


def option_label(name: str) -> str:
    """The option's name as the new-game form shows it (the engine's label when it has one)."""
    return words.option_label(name) if name in OPTION_INFO else option_text(name).label


def show_value(name: str, value: object, rules: Rules | None = None) -> str:
    """Write an option value the way a player would say it."""
    text = OPTION_TEXT.get(name)
    if value is None:
        if name == "green_at":
            if rules is None:
                return _("target \u2212 %(points)s", points=GREEN_BELOW_TARGET)
            if rules.green_line is None:
                return "\u2014"
            return _("%(line)s (target \u2212 %(points)s)", line=_number(rules.green_line), points=GREEN_BELOW_TARGET)
        if name == "elimination_at":
            return _("never")
        if name == "lock_at":
            return "\u2014"
    if text is not None and value in text.values:
        return str(text.values[value])
    if value is True:
        return _("yes")
    if value is False:
        return _("no")
    if isinstance(value, int):
        return _number(value)
    return "\u2014" if value is None else str(words.option_value(value))


def _number(n: int) -> str:
    return f"\u2212{-n}" if n < 0 else str(n)


def _usual(name: str, defaults: dict[str, Any]) -> Any:
    return defaults[name] if name in defaults else option_text(name).usual


def _options(rules: Rules) -> list[dict[str, Any]]:
    defaults = rules.to_dict()
    rows = []
    for name in option_names():
        text = option_text(name)
        info = OPTION_INFO.get(name)
        # The values the rule book names, then any the engine has that the rule book does not.
        engine_values = list(info.choices or ()) if info is not None else []
        api_values = list(text.values) + [v for v in engine_values if v not in text.values]
        rows.append(
            {
                "name": name,
                "label": option_label(name),
                "help": text.help,
                "example": text.example,
                "choices": " / ".join(str(v) for v in text.values.values()) if text.values else _("a number of points"),
                "usual": show_value(name, _usual(name, defaults), rules),
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
        OptionRow(name, option_label(name), show_value(name, values[name], rules), values[name] != base.get(name))
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
        presets=[(name, PRESET_INFO[name], preset, _option_rows(preset)) for name, preset in PRESETS.items()],
        options=_options(rules),
        label=option_label,
        ranks=_rank_tables(rules),
        joker_trump=trump_order(Suit.DIAMONDS, rules.replace(joker=True)),
        aces_high=_rank_tables(rules.replace(offsuit_aces_high=True), ACES_HIGH_TITLES)["offsuit"],
        tricks=_trick_examples(rules),
        plays=_play_examples(rules),
        scoring=_scoring_examples(rules),
        draw_limits=draw_limits(),
        sample_cards=parse_cards("5h 10d Tc AH"),
    )
