"""House-rule options and presets in words: the one place an option's or a preset's code becomes a sentence.

The engine (``scorekeeper.rules.options``) keeps each option's code, choices and default and each preset's code
and settings; here are their words, for the forms, the referee, the rule book and the API alike: an option's
label and the hint beside its field, the rule book's fuller account where it says more, an example, each setting
as the rule book names it; a preset's name, where it is played, by how many, and its summary. Written out here (one
literal per sentence) so the catalog holds them; ``tests/web/test_words.py`` checks that every option and preset
of the engine has its words.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.platform.i18n import gettext as _
from scorekeeper.platform.i18n import lazy_gettext as _l
from scorekeeper.rules import GREEN_BELOW_TARGET, Rules

# Each option's name, as the forms, the referee, the rule book and the API's document give it.
_LABELS = {
    "target": _l("Points to win"),
    "bidding": _l("Bidding"),
    "follow": _l("Following an off-suit lead"),
    "renegable": _l("Trumps that may be held back"),
    "renege_against": _l("A held trump is measured against"),
    "ace_hearts_led_forces_hearts": _l("A♥ led calls for hearts"),
    "offsuit_aces_high": _l("Off-suit aces high"),
    "joker": _l("Play with the joker"),
    "high_without_trump": _l("High when no trump is played"),
    "high_is_five_only": _l("Only the 5 earns the high"),
    "dealer_may_hold": _l("Dealer may hold"),
    "hold_from": _l("Dealer holds from"),
    "min_bid_from_100": _l("Bid at least 20 from 100"),
    "thirty_for_sixty": _l("30 for 60"),
    "sixty_for_120": _l("60 for 120"),
    "offsuit_set_bonus": _l("Set with off-suit cards scores 30"),
    "high_bonus": _l("5 for the high"),
    "tie_break": _l("Two sides tie going out"),
    "slam": _l("Slam bid"),
    "all_five_tricks_doubles": _l("All five tricks score 60"),
    "first_lead": _l("Who leads the first trick"),
    "lock": _l("Lock"),
    "lock_at": _l("Lock at"),
    "on_the_green": _l("On the green"),
    "green_at": _l("Green from"),
    "forty_five_resets": _l("The forty-five rule"),
    "elimination_at": _l("Out of the game at"),
    "call_for_partner": _l("Call for your partner"),
    "four_and_a_flip": _l("Four and a flip"),
    "others_draw_at_most": _l("Others draw at most"),
}

# What an option does, in a sentence or two: the hint beside its field on the forms and the referee's page.
_HELP = {
    "target": _l("The score a side needs to win the game."),
    "bidding": _l("Off for the traditional game: trump is the turned-up card."),
    "follow": _l("Whether a player holding the led suit must play it (or a trump)."),
    "renegable": _l("Which top trumps a player may keep back when a lower trump is led."),
    "renege_against": _l(
        "Whether a trump may be held when it outranks the card led, or the highest trump played so far."
    ),
    "ace_hearts_led_forces_hearts": _l(
        "When the A♥ is led and a player has no trump, that player must play a heart if holding one."
    ),
    "offsuit_aces_high": _l("An ace of a suit that is not trump is the best card of its suit."),
    "joker": _l("The joker is always a trump, third best after the 5 and the jack."),
    "high_without_trump": _l("Who earns the 5 for the high when nobody plays a trump in a hand."),
    "high_is_five_only": _l("The 5-point bonus goes only to the trick holding the 5 of trump."),
    "dealer_may_hold": _l("The dealer may take the bid at the highest amount bid so far by saying 'I hold'."),
    "hold_from": _l("The least bid the dealer may hold (blank: any bid)."),
    "min_bid_from_100": _l("A side with 100 or more may not bid 15; when bagged it plays for 20."),
    "thirty_for_sixty": _l("A bid above 30: all 30 points for 60."),
    "sixty_for_120": _l("A bid above 30 for 60: all 30 points for 120."),
    "offsuit_set_bonus": _l(
        "A side that sets the bidder using only cards that are not trump scores 30, whatever it took."
    ),
    "high_bonus": _l(
        "The trick with the best card earns 5 more. Off for the 'twenty-five' game: every hand is worth 25."
    ),
    "tie_break": _l(
        "When sides that did not bid reach the target in the same hand with the same score: play on, or the side that took the later trick wins, or the side that got there first wins, or only the tied sides play on until one of them wins (overtime). With 'on the green' on, such sides always play on (each is on the green)."
    ),
    "slam": _l("A bid to take all five tricks: +120 made, -60 set."),
    "all_five_tricks_doubles": _l("A bidding side that takes every trick scores 60, whatever it bid."),
    "first_lead": _l("Who plays the first card after the bid."),
    "lock": _l(
        "Stops non-bidding sides near the end: 'cap' lets no one pass the lock except by bidding; 'freeze' gives a side at the lock nothing unless it wins the bid."
    ),
    "lock_at": _l("The score where the lock starts."),
    "on_the_green": _l("When another side is on the green (90 or more), a side can only go out by bidding."),
    "green_at": _l("Where the green starts (blank: 30 below the target)."),
    "forty_five_resets": _l("A side whose score lands exactly on 45 goes back to 0."),
    "elimination_at": _l("A side whose score falls to this or lower leaves the game (blank: never)."),
    "call_for_partner": _l(
        "Five players: the bidder names a card and its holder shares the bidder's result for the hand."
    ),
    "four_and_a_flip": _l(
        "A player may throw away all five cards: the dealer gives four face down and the fifth face up."
    ),
    "others_draw_at_most": _l(
        "The most cards a player other than the bidder may draw (blank: as many as the table size allows)."
    ),
}

# The rule book's fuller account of an option, where it says more than the form's hint (/rules#options).
_EXPLAINED = {
    "bidding": _l("Switch bidding off for the traditional game: a turned-up card names trump."),
    "follow": _l("Whether a player holding the suit led must play it (or a trump) when the lead is not a trump."),
    "renegable": _l("Which top trumps may stay in your hand when a lower trump is led."),
    "renege_against": _l("A top trump may only hide from a lower trump: the one led, or the highest played so far."),
    "ace_hearts_led_forces_hearts": _l(
        "When the A♥ is led and you hold no trump, you must play a heart if you have one."
    ),
    "joker": _l("One joker goes into the pack: always a trump, third best after the 5 and the jack."),
    "high_without_trump": _l("Who earns the extra 5 when nobody plays a trump in the whole hand."),
    "high_is_five_only": _l("The extra 5 goes only to the trick holding the 5 of trump."),
    "high_bonus": _l(
        "Switched off, no trick earns the extra 5 at all: every hand is worth 25. This is the game some call Twenty-Five."
    ),
    "dealer_may_hold": _l("The dealer may take the bid at the top amount so far by saying “hold”, without raising."),
    "hold_from": _l("The smallest bid the dealer may hold; below it the dealer has to raise."),
    "thirty_for_sixty": _l(
        "A bid above 30 for twice the stake. Doubled: all 30 points score 60, less loses 60. All five tricks: the same, judged on the five tricks alone. The bell: every 30 bid is a 30 for 60, with no plain 30; all 30 points score 60, less loses only 30. Lose sixty: all five tricks score just 30, anything less loses 60."
    ),
    "sixty_for_120": _l("A bid above 30 for 60, seldom seen: all 30 points score 120, less loses 120."),
    "slam": _l("A bid to take all five tricks: made it scores 120, missed it loses 60."),
    "offsuit_set_bonus": _l(
        "When the bidder is set, a side that did it using only cards that are not trump scores 30 instead of what it took. The score sheet asks which side, only when the bidder was set."
    ),
    "lock": _l(
        "Stops a side that did not bid near the end: the cap lets no one pass it without bidding; the freeze gives a side at it nothing unless it wins the bid."
    ),
    "on_the_green": _l(
        "While another side is on the green (30 below the target or more), a side can only go out by bidding."
    ),
    "green_at": _l("Where the green starts; left empty, 30 below the target."),
    "forty_five_resets": _l(
        "A side whose score lands exactly on 45 goes back to 0. A game cannot start on 45 under this rule."
    ),
    "elimination_at": _l("A side whose score falls to this or lower leaves the game. The last side left wins."),
    "tie_break": _l(
        "Two sides that did not bid reach the target in the same hand with the same score: play on, or the one that took the later trick wins, or the one that got there first wins, or only the tied sides play on (overtime): the others sit out, neither bidding nor scoring, until one of the tied sides wins. The score sheet asks which side that was, only when such a tie happens."
    ),
    "call_for_partner": _l(
        "Five players: the bidder names a card, and whoever holds it plays on the bidder's side for the hand."
    ),
    "four_and_a_flip": _l(
        "You may throw away all five cards. The dealer gives you four face down and turns the fifth face up."
    ),
    "others_draw_at_most": _l(
        "Everyone but the bidder may take only this many new cards, whatever the size of the table."
    ),
}

# An option at work, as the rule book shows it; written in the order the rule book explains the options.
_EXAMPLES = {
    "target": _l("Set it to 150 for a longer evening: a side then needs 150 to win, and the green starts at 120."),
    "bidding": _l("Switched off, nobody bids: a turned-up card names trump and every side keeps what it takes."),
    "follow": _l(
        "With follow suit or trump: clubs are trump, 4♦ is led and you hold 7♦ 2♣ K♠, so you must play 7♦ or 2♣."
    ),
    "renegable": _l("With the 5 only: spades are trump, 6♠ is led and you hold J♠ 9♦, so the J♠ has to come out."),
    "renege_against": _l(
        "With the highest so far: 6♠ is led, then J♠ is played; your A♥ now has to beat the J♠, so you can no longer hold it back."
    ),
    "ace_hearts_led_forces_hearts": _l(
        "Spades are trump, A♥ is led and you have no trump but hold K♥ 9♦: the K♥ must go."
    ),
    "offsuit_aces_high": _l("Hearts are trump, K♣ is led and A♣ follows: the ace takes the trick instead of the king."),
    "joker": _l("Diamonds are trump: 5♦, J♦, then the joker, then A♥ and the rest."),
    "high_without_trump": _l(
        "With nobody: no trump turns up in the whole hand, nobody earns the extra 5 and the hand is worth 25."
    ),
    "high_is_five_only": _l("The 5 of trump stays in the pack: no trick earns the extra 5 and the hand is worth 25."),
    "high_bonus": _l("Switched off: you take three tricks and score 15; the five tricks of a hand make 25."),
    "dealer_may_hold": _l("Someone bids 20; the dealer says “hold” and takes the bid at 20 without raising."),
    "hold_from": _l("Set to 20: after a lone bid of 15 the dealer must say 20 to take it; from 20 up a hold is fine."),
    "min_bid_from_100": _l("Your side has 105: your lowest bid is 20, and a bagged dealer on your side plays for 20."),
    "thirty_for_sixty": _l(
        "Doubled: bid 30 for 60, take all 30 and get 60, or drop a trick and lose 60. With the bell you lose only 30."
    ),
    "sixty_for_120": _l("You bid 60 for 120 and take all five tricks and the high: +120. Lose one trick: −120."),
    "slam": _l("Call slam and take all five tricks for 120; lose even one trick and go back 60."),
    "all_five_tricks_doubles": _l("You bid 20 and take all five tricks: your side scores 60 instead of 30."),
    "offsuit_set_bonus": _l(
        "B bids 20 and is set; A took two tricks without playing a single trump: A scores 30, not 10."
    ),
    "first_lead": _l("With the player left of the bidder: that player plays the first card of the hand."),
    "lock": _l(
        "With the cap at 105: you sit at 100, take 15 on someone else's bid and stop at 105; the other 10 are gone."
    ),
    "lock_at": _l("Freeze at 100: once your side has 100, only hands your side bid can change its score."),
    "on_the_green": _l(
        "It is 110 to 100 and the 110 side takes 15 on the other side's bid: 125 is not enough, because the other side is on the green."
    ),
    "green_at": _l("Left empty, the green starts 30 below the target: 90 in a game to 120."),
    "forty_five_resets": _l("Your side has 30, takes 15 and lands on exactly 45: back to 0 it goes."),
    "elimination_at": _l(
        "Set to −80: a side that falls to −80 or lower leaves the game and stops dealing and scoring."
    ),
    "tie_break": _l(
        "115 to 115, a third side bids and is set, and both take 5: 120 each. With the later trick, the side that took the last trick of the two wins. With overtime, the two of them play on alone."
    ),
    "call_for_partner": _l(
        "Five players: the bidder calls the J♦, and whoever holds it quietly plays on the bidder's side this hand."
    ),
    "four_and_a_flip": _l(
        "You throw away your whole hand: four new cards come face down, and the fifth lands face up for all to see."
    ),
    "others_draw_at_most": _l(
        "Set to 3, as in One-hundred and ten: you did not win the bid, so you throw away three cards at most."
    ),
}

_YES_NO = {True: _l("yes"), False: _l("no")}

# Each setting of an option as the rule book and the referee's form name it, in the rule book's order.
_SETTINGS: dict[str, dict[Any, Any]] = {
    "bidding": _YES_NO,
    "follow": {"any": _l("any card"), "suit-or-trump": _l("follow suit or trump")},
    "renegable": {"five-jack-ace": _l("the 5, the jack and the A♥"), "five": _l("the 5 only"), "none": _l("none")},
    "renege_against": {"lead": _l("the card led"), "highest": _l("the highest trump so far")},
    "ace_hearts_led_forces_hearts": _YES_NO,
    "offsuit_aces_high": _YES_NO,
    "joker": _YES_NO,
    "high_without_trump": {"first-lead": _l("best card of the suit first led"), "none": _l("nobody")},
    "high_is_five_only": _YES_NO,
    "high_bonus": _YES_NO,
    "dealer_may_hold": _YES_NO,
    "hold_from": {None: _l("any bid"), 15: "15", 20: "20", 25: "25", 30: "30"},
    "min_bid_from_100": _YES_NO,
    "thirty_for_sixty": {
        "off": _l("no"),
        "double": _l("doubled"),
        "all-tricks": _l("all five tricks"),
        "bell": _l("the bell"),
        "lose-sixty": _l("win 30, lose 60"),
    },
    "sixty_for_120": _YES_NO,
    "slam": _YES_NO,
    "all_five_tricks_doubles": _YES_NO,
    "offsuit_set_bonus": _YES_NO,
    "first_lead": {
        "bidder": _l("the bidder"),
        "left-of-bidder": _l("the player left of the bidder"),
        "bidder-chooses": _l("whoever the bidder chooses"),
        "left-of-dealer": _l("the player left of the dealer"),
    },
    "lock": {"off": _l("no"), "cap": _l("cap"), "freeze": _l("freeze")},
    "on_the_green": _YES_NO,
    "forty_five_resets": _YES_NO,
    "tie_break": {
        "play-on": _l("play on"),
        "last-trick": _l("the later trick wins"),
        "first-out": _l("the first to get there wins"),
        "overtime": _l("overtime: only the tied sides play on"),
    },
    "call_for_partner": _YES_NO,
    "four_and_a_flip": _YES_NO,
    "others_draw_at_most": {None: _l("as many as the table allows"), 1: "1", 2: "2", 3: "3", 4: "4"},
}

_PRESET_TITLE = {
    "new-england": _l("New England auction"),
    "nova-scotia": _l("Nova Scotia 120"),
    "auction-100": _l("Auction with the 100 lock"),
    "one-ten": _l("One-hundred and ten"),
    "traditional": _l("Traditional Forty-Fives"),
}

_PRESET_WHERE = {
    "new-england": _l("Merrimack Valley, Massachusetts and southern New Hampshire"),
    "nova-scotia": _l("Nova Scotia and the rest of Atlantic Canada"),
    "auction-100": _l("Atlantic Canada and New England halls"),
    "one-ten": _l("Ireland and New Zealand"),
    "traditional": _l("the older game from Ireland"),
}

_PRESET_PLAYERS = {
    "new-england": _l("2–6 players, partners or cut-throat"),
    "nova-scotia": _l("4 or 6 players in two partnerships"),
    "auction-100": _l("any number of players"),
    "one-ten": _l("3–6 players, each for themselves"),
    "traditional": _l("2–6 players, alone or in teams"),
}

_PRESET_SUMMARY = {
    "new-england": _l("Game to 120; a side on the green (90 or more) must bid to go out; the dealer is bagged at 15."),
    "nova-scotia": _l(
        "Follow suit or trump; the dealer may hold; 20 is the least bid from 100; all five tricks score 60."
    ),
    "auction-100": _l("Game to 120; once a side reaches 100 it scores only by winning the bid."),
    "one-ten": _l("Game to 110; nobody passes 105 except by bidding; the dealer may hold; the bidder picks who leads."),
    "traditional": _l("No bidding: the turned-up card is trump and the first side to 45 wins."),
}


# The values an option takes, as the new-game form's choices say them (``first-out`` -> "first out"); the rule book
# says them so too where it names a value no other way.
_VALUES = {
    "all-tricks": _l("all tricks"),
    "any": _l("any"),
    "bell": _l("bell"),
    "bidder": _l("bidder"),
    "bidder-chooses": _l("bidder chooses"),
    "cap": _l("cap"),
    "double": _l("double"),
    "first-lead": _l("first lead"),
    "first-out": _l("first out"),
    "five": _l("five"),
    "five-jack-ace": _l("five, jack, ace"),
    "freeze": _l("freeze"),
    "highest": _l("highest"),
    "last-trick": _l("last trick"),
    "lead": _l("lead"),
    "left-of-bidder": _l("left of bidder"),
    "left-of-dealer": _l("left of dealer"),
    "lose-sixty": _l("lose sixty"),
    "none": _l("none"),
    "off": _l("off"),
    "overtime": _l("overtime"),
    "play-on": _l("play on"),
    "suit-or-trump": _l("suit or trump"),
}


def option_value(value: object) -> Any:
    """An option's value as a player says it (a lazy string for a text value; numbers as they are)."""
    if isinstance(value, str) and value in _VALUES:
        return _VALUES[value]
    return str(value).replace("-", " ")


def option_label(name: str) -> str:
    """An option's name: ``Points to win`` / ``Points pour gagner``."""
    return str(_LABELS[name])


def option_help(name: str) -> str:
    """What an option does, in a sentence or two: the hint beside its field."""
    return str(_HELP[name])


def option_explained(name: str) -> str:
    """What an option does, as the rule book explains it (its fuller account, else the field's hint)."""
    return str(_EXPLAINED.get(name, _HELP[name]))


def option_example(name: str) -> str:
    """An option at work, as the rule book shows it."""
    return str(_EXAMPLES[name])


def rule_book_order() -> tuple[str, ...]:
    """The options in the order the rule book explains them (/rules#options)."""
    return tuple(_EXAMPLES)


def option_settings(name: str) -> dict[Any, str]:
    """Each setting of an option the rule book names, in its order, with its words (none for a number of points)."""
    return {value: str(said) for value, said in _SETTINGS.get(name, {}).items()}


def option_setting(name: str, value: object, rules: Rules | None = None) -> str:
    """An option's setting as a player says it; the green's line worked out from *rules* when they are given."""
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
    said = _SETTINGS.get(name, {})
    if value in said:
        return str(said[value])
    if value is True:
        return _("yes")
    if value is False:
        return _("no")
    if isinstance(value, int):
        return _number(value)
    return "\u2014" if value is None else str(option_value(value))


def _number(n: int) -> str:
    return f"\u2212{-n}" if n < 0 else str(n)


def preset_title(name: str) -> str:
    """A preset's name: ``New England auction``."""
    return str(_PRESET_TITLE[name])


def preset_where(name: str) -> str:
    """Where a preset is played."""
    return str(_PRESET_WHERE[name])


def preset_players(name: str) -> str:
    """How many play a preset, and how."""
    return str(_PRESET_PLAYERS[name])


def preset_summary(name: str) -> str:
    """A preset in a sentence."""
    return str(_PRESET_SUMMARY[name])


def lazy_option_label(name: str) -> Any:
    """An option's name for a form field declared at import (a lazy string, said when shown); the elimination
    line says it counts points below zero."""
    if name == "elimination_at":
        return _l("%(option)s (points below zero)", option=_LABELS[name])
    return _LABELS[name]


def lazy_option_help(name: str) -> Any:
    """What an option does, for a form field declared at import (a lazy string)."""
    return _HELP[name]


def lazy_preset_title(name: str) -> Any:
    """A preset's name, for a form choice declared at import (a lazy string)."""
    return _PRESET_TITLE[name]
