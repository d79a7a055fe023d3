"""House-rule options and presets in words: the labels, help and examples forms and the rule book show.

Written out here (one literal per sentence) so the catalog holds them; ``tests/web/test_words.py`` checks that
every option and preset of the engine has its words.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from scorekeeper.platform.i18n import lazy_gettext as _l
from scorekeeper.rules import OPTION_INFO, PRESET_INFO

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

_EXAMPLES = {
    "target": _l("120 in the auction game, 110 in One-hundred and ten, 45 in the traditional game."),
    "bidding": _l("With bidding off, every side simply scores what it takes."),
    "follow": _l("9♣ led, clubs not trump: with 'suit-or-trump' a player holding a club must play a club or a trump."),
    "renegable": _l("With 'five-jack-ace' the 5, the jack and the A♥ may be held; with 'five' only the 5."),
    "renege_against": _l(
        "Spades trump, 2♠ led, then J♠ played: holding the A♥, 'lead' lets you hold it, 'highest' does not."
    ),
    "ace_hearts_led_forces_hearts": _l("Clubs trump, A♥ led, you hold no club but the 7♥: you must play the 7♥."),
    "offsuit_aces_high": _l("Spades trump, diamonds led: A♦ beats K♦ instead of being the lowest diamond."),
    "joker": _l("The joker beats the A♥ and loses to the jack of trump."),
    "high_without_trump": _l(
        "'first-lead': the best card of the suit first led earns it; 'none': the hand is worth 25."
    ),
    "high_is_five_only": _l("If the 5 of trump is not played, the hand is worth 25."),
    "dealer_may_hold": _l("Bids go to 20; the dealer says 'hold' and plays for 20."),
    "hold_from": _l("With 20, a dealer cannot hold a bid of 15."),
    "min_bid_from_100": _l("At 105, the least you may bid is 20."),
    "thirty_for_sixty": _l(
        "'double': made +60, set -60; 'all-tricks': all five tricks +60, else -60; 'bell': made +60, set -30, and every 30 bid is a 30 for 60; 'lose-sixty': all five tricks +30, else -60."
    ),
    "sixty_for_120": _l("Made: +120; set: -120."),
    "offsuit_set_bonus": _l("They bid 20 and are set; you took 15 without playing a trump: you score 30."),
    "high_bonus": _l("Off: three tricks are 15 and nobody is asked who took the high."),
    "tie_break": _l("'last-trick': both reach 120; the side that took the later trick of the hand wins."),
    "slam": _l("Take all five tricks on a slam bid and score 120."),
    "all_five_tricks_doubles": _l("Bid 20, take all five tricks: +60."),
    "first_lead": _l("'left-of-bidder': the player on the bidder's left leads."),
    "lock": _l("Cap 105: at 100 and not bidding, you take 15 but stop at 105."),
    "lock_at": _l("105 in One-hundred and ten, 100 for a freeze."),
    "on_the_green": _l("You reach 120 without the bid while they have 95: play on."),
    "green_at": _l("90 for a game to 120."),
    "forty_five_resets": _l("At 25 you take 20: 45, back to 0."),
    "elimination_at": _l("With -80, a side at -70 set 15 is out at -85."),
    "call_for_partner": _l("The bidder calls the A♦; whoever holds it plays with the bidder this hand."),
    "four_and_a_flip": _l("You keep nothing: four new cards come face down, the fifth face up for all to see."),
    "others_draw_at_most": _l(
        "3 in One-hundred and ten: unless you won the bid, throw away at most three and keep two."
    ),
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


# The values an option takes, as a player says them (``first-out`` -> "first out").
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


def _in_words(words: Mapping[str, Any], english: Mapping[str, Any], part: str) -> Callable[[str], str]:
    """A function saying an option's or a preset's *part* (``label``, ``title`` …) in the reader's language: its
    *words*, or the *part* of the engine's English description (*english*) where they have none."""

    def say(name: str) -> str:
        text = words.get(name)
        return str(getattr(english[name], part) if text is None else text)

    return say


option_label = _in_words(_LABELS, OPTION_INFO, "label")  # ``Points to win`` / ``Points pour gagner``
option_help = _in_words(_HELP, OPTION_INFO, "help")  # what an option does, in a sentence or two
option_example = _in_words(_EXAMPLES, OPTION_INFO, "example")  # an option at work
preset_title = _in_words(_PRESET_TITLE, PRESET_INFO, "title")  # ``New England``
preset_where = _in_words(_PRESET_WHERE, PRESET_INFO, "where")  # where a preset is played
preset_players = _in_words(_PRESET_PLAYERS, PRESET_INFO, "players")  # how many play it
preset_summary = _in_words(_PRESET_SUMMARY, PRESET_INFO, "summary")  # a preset in a sentence


def lazy_option_label(name: str) -> Any:
    """An option's name for a form field declared at import (a lazy string, said when shown); the elimination
    line says it counts points below zero."""
    if name == "elimination_at":
        return _l("%(option)s (points below zero)", option=_LABELS[name])
    return _LABELS.get(name, OPTION_INFO[name].label)


def lazy_option_help(name: str) -> Any:
    """What an option does, for a form field declared at import (a lazy string)."""
    return _HELP.get(name, OPTION_INFO[name].help)


def lazy_preset_title(name: str) -> Any:
    """A preset's name, for a form choice declared at import (a lazy string)."""
    return _PRESET_TITLE.get(name, PRESET_INFO[name].title)
