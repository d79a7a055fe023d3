"""The engine's refusals in words, from their ``code`` and ``details``."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from scorekeeper.party import PartyError
from scorekeeper.platform.i18n import gettext as _
from scorekeeper.rules import BIDS, MOST_HAND_POINTS, OPTION_INFO, POINTS_PER_TRICK, PRESETS, Card, Refusal
from scorekeeper.store.outcomes import Said

from .cards import card, listed
from .party import problem
from .store import store_refusal


def _where(where: object) -> str:
    if where == "hand":
        return _("The joker is not played under these rules, but it is in the hand")
    if where == "trick":
        return _("The joker is not played under these rules, but it is in the trick")
    return _("The joker is not played under these rules")


def refusal(error: Exception) -> str:
    """A refusal as a sentence in the reader's language; one with no code of its own is its message."""
    if isinstance(error, PartyError):
        return problem(error)
    code = getattr(error, "code", Refusal.OTHER)
    d: dict[str, Any] = dict(getattr(error, "details", {}) or {})
    if code is Said.EVENING_REFUSED:
        why = d.get("why")
        inner = problem(why) if isinstance(why, PartyError) else refusal(why) if isinstance(why, Exception) else ""
        return _("Evening %(n)d of the export is refused: %(why)s", n=d.get("n"), why=inner)
    if code is Said.EVENING_SHEET or code is Said.GAME_REFUSED:
        why = d.get("why")
        inner = refusal(why) if isinstance(why, Exception) else ""
        if code is Said.EVENING_SHEET:
            return _("Evening %(n)d: %(why)s", n=d.get("n"), why=inner)
        return _("Game %(n)d of the export is refused: %(why)s", n=d.get("n"), why=inner)
    if isinstance(code, Said):
        return store_refusal(code, d)
    if not isinstance(code, Refusal):
        return str(error)  # a sentence a layer above gave in the reader's words
    if code is not Refusal.OTHER and "hand" in d:
        # A hand of a log being replayed: the refusal says which.
        inner = refusal_of(code, {k: v for k, v in d.items() if k != "hand"}, error)
        return _("Hand %(n)s: %(refusal)s", n=d["hand"], refusal=inner)
    return refusal_of(code, d, error)


def refusal_of(code: Refusal, d: dict[str, Any], error: Exception) -> str:
    """The sentence of one refusal code with its details (*error*'s message when it has no code of its own)."""
    said = game_refusal(code, d)
    if said is None:
        said = rules_refusal(code, d)
    if said is not None:
        return said
    shown = d.get("card")
    named = card(shown) if isinstance(shown, Card) else ""
    text = d.get("text", "")
    match code:
        case Refusal.NOT_A_SUIT:
            return _("'%(text)s' is not a suit: use S, C, H or D (or ♠ ♣ ♥ ♦)", text=text)
        case Refusal.NOT_A_CARD:
            return _("'%(text)s' is not a card: write it like 5H, 10♦, JC or AS", text=text)
        case Refusal.NO_CARDS:
            return _("No cards given: write them like 5H 10♦ JC")
        case Refusal.CARDS_NOT_TEXT:
            return _("Give the cards as text (5H 10♦ JC) or a list of cards")
        case Refusal.LISTED_TWICE:
            return _("%(card)s is listed twice", card=named)
        case Refusal.GIVEN_TWICE:
            return _("%(card)s was given twice", card=named)
        case Refusal.JOKER_NOT_PLAYED:
            return _where(d.get("where"))
        case Refusal.JOKER_HAS_NO_SUIT:
            return _("The joker has no suit and no rank")
        case Refusal.TRICK_NUMBER:
            return _("The trick's number is 1 to 5: a hand has five tricks")
        case Refusal.CALLED_WITHOUT_PARTNER:
            return _("A called card only counts when the bidder calls for a partner")
        case Refusal.HAND_EMPTY:
            return _("The hand is empty: give the cards you hold")
        case Refusal.HAND_TOO_BIG:
            return _("A hand has at most 5 cards (a few more while drawing)")
        case Refusal.TRICK_TOO_BIG_BEFORE_YOU:
            return _("A trick has at most 8 cards, so at most 7 can be played before you")
        case Refusal.HELD_AND_PLAYED:
            return _("%(card)s cannot be both in your hand and already played", card=named)
        case Refusal.NOT_HELD:
            return _("%(card)s is not in the hand", card=named)
        case Refusal.TRICK_EMPTY:
            return _("Give at least one card played to the trick")
        case Refusal.TRICK_TOO_BIG:
            return _("A trick has at most 8 cards, one for each player")
        case Refusal.HAND_CARDS_EMPTY:
            return _("Give the cards played in the hand")
        case Refusal.SUIT_IS_TRUMP:
            return _("That suit is trump, not an off-suit")
        case Refusal.NO_RULES:
            return _("Give the rules the game is played under")
        case Refusal.NO_SUCH_CARD:
            return _("There is no card with rank %(rank)s and suit %(suit)s", rank=d.get("rank"), suit=d.get("suit"))
    said = program_refusal(code, d)
    return said if said is not None else str(error)


def program_refusal(code: Refusal, d: dict[str, Any]) -> str | None:
    """The refusals of what a program hands the engine (names are the input's own); None for another code."""
    name = d.get("name", "")
    match code:
        case Refusal.BID_AS_TEXT:
            return _(
                "Give the bid as the number %(bid)s, not the text '%(text)s'", bid=d.get("bid"), text=d.get("text")
            )
        case Refusal.NO_SUCH_PLAYER:
            return _("Nobody called '%(name)s' plays in this game", name=name)
        case Refusal.PARTNERS_UNEVEN:
            return _(
                "%(players)s players cannot make %(sides)s sides of partners: "
                "each side needs the same number of players, two or more",
                players=d.get("players"),
                sides=d.get("sides"),
            )
        case Refusal.HAND_NO_FIELD:
            return _("A hand has no '%(name)s'", name=name)
        case Refusal.SIDE_NUMBER:
            return _("The %(name)s is given by its side number, counting from 0", name=name.replace("_", " "))
        case Refusal.YES_OR_NO:
            return _("Say true or false for %(name)s", name=name)
        case Refusal.WHOLE_PER_SIDE:
            return _("Give the %(name)s as whole numbers, one per side", name=name)
        case Refusal.LIST_PER_SIDE:
            return _("Give the %(name)s of each side as a list of numbers", name=name)
        case Refusal.WHOLE_NUMBERS:
            return _("The %(name)s must be whole numbers", name=name)
        case Refusal.ALREADY_WON:
            return _(
                "The game was already won at hand %(won_at)s, so hand %(n)s cannot follow it",
                won_at=d.get("won_at"),
                n=d.get("n"),
            )
        case Refusal.OPTIONS_BY_NAME:
            return _("Give the options by name, such as Rules(target=110)")
        case Refusal.RULES_NOT_PRESET:
            return _("Rules must be a preset name or a set of options")
    return None


def _bid(value: object) -> str:
    from .game import bid

    return bid(value) if isinstance(value, (int, str)) else str(value)


def _either(values: Iterable[object]) -> str:
    """Numbers to choose from, the last after "or" (the bids, the points of a side)."""
    words = [str(v) for v in values]
    if len(words) <= 1:
        return "".join(words)
    return _("%(items)s or %(last)s", items=_(", ").join(words[:-1]), last=words[-1])


def rules_refusal(code: Refusal, d: dict[str, Any]) -> str | None:
    """The refusals of house rules; None for a code that is not one of them."""
    from .options import option_label

    option = option_label(d["option"]) if d.get("option") in OPTION_INFO else ""
    match code:
        case Refusal.NO_SUCH_OPTION:
            return _("There is no house rule called '%(name)s'", name=d.get("name", ""))
        case Refusal.NO_SUCH_PRESET:
            return _(
                "There is no preset called '%(name)s': choose one of %(presets)s",
                name=d.get("name", ""),
                presets=_either(PRESETS),
            )
        case Refusal.OPTION_YES_NO:
            return _("'%(option)s' must be true or false", option=option)
        case Refusal.OPTION_CHOICE:
            return _(
                "'%(option)s' must be one of %(choices)s (not %(value)s)",
                option=option,
                choices=_either(d.get("choices", ())),
                value=d.get("value", ""),
            )
        case Refusal.TARGET_RANGE:
            return _("The game must be played to a whole number of points between 5 and 1000")
        case Refusal.OPTION_WHOLE:
            return _("'%(option)s' must be a whole number of points", option=option)
        case Refusal.LOCK_OFF_POINTS:
            return _("Choose cap or freeze before giving the lock's points")
        case Refusal.LOCK_POINTS:
            if d.get("lock") == "freeze":
                return _("Say at how many points the freeze lock starts")
            return _("Say at how many points the cap lock starts")
        case Refusal.LOCK_RANGE:
            return _("The lock must start between 0 and the target of %(target)s", target=d.get("target"))
        case Refusal.LOCK_NO_BIDDING:
            return _("A lock only makes sense in a game with bidding")
        case Refusal.HOLD_FROM_OFF:
            return _("Allow the dealer's hold before saying from which bid it applies")
        case Refusal.HOLD_FROM_BID:
            return _("The dealer's hold can start at %(bids)s", bids=_either(BIDS))
        case Refusal.GREEN_OFF_POINTS:
            return _("Turn on 'on the green' before giving its points")
        case Refusal.GREEN_RANGE:
            return _("The green must start between 0 and the target of %(target)s", target=d.get("target"))
        case Refusal.GREEN_NO_BIDDING:
            return _("'On the green' only makes sense in a game with bidding")
        case Refusal.ELIMINATION_BELOW_ZERO:
            return _("Elimination happens at a score below zero, such as -80")
        case Refusal.OTHERS_DRAW_RANGE:
            return _("Players other than the bidder may be limited to drawing 1 to 4 cards")
        case Refusal.FORTY_FIVE_TARGET:
            return _("The forty-five rule needs a target above 45")
        case Refusal.OPTION_NEEDS_BIDDING:
            return _("'%(option)s' only makes sense in a game with bidding", option=option)
        case Refusal.THIRTY_NO_BIDDING:
            return _("30 for 60 only makes sense in a game with bidding")
        case Refusal.LEAD_NO_BIDDING:
            return _("Without bidding, the player left of the dealer leads")
    return None


def game_refusal(code: Refusal, d: dict[str, Any]) -> str | None:
    """The refusals of setting up a game and recording a hand; None for a code that is not one of them."""
    side = d.get("side", "")
    match code:
        case Refusal.TWO_SIDES:
            return _("A game needs at least two sides")
        case Refusal.SIDE_NAME:
            return _("Every side needs a name")
        case Refusal.SIDE_NAME_LONG:
            return _("A side's name can be at most %(most)s characters", most=d.get("most"))
        case Refusal.SIDE_NAME_TWICE:
            return _("Two sides have the same name: give each side its own")
        case Refusal.SIDE_PLAYER:
            return _("Every side needs at least one player")
        case Refusal.SIDES_UNEVEN:
            return _("Partners sit alternately, so every side needs the same number of players")
        case Refusal.PLAYER_NAME:
            return _("Every player needs a name")
        case Refusal.PLAYER_NAME_LONG:
            return _("A player's name can be at most %(most)s characters", most=d.get("most"))
        case Refusal.PLAYER_COUNT:
            return _(
                "Forty-Fives is played by 2 to %(most)s players, not %(count)s",
                most=d.get("most"),
                count=d.get("count"),
            )
        case Refusal.PLAYER_NAME_TWICE:
            return _("Two players have the same name: add an initial to tell them apart")
        case Refusal.CALL_FIVE_PLAYERS:
            return _("Calling for a partner is played by five players, each on their own")
        case Refusal.FIRST_DEALER:
            return _("The first dealer must be one of the players")
        case Refusal.START_SCORES_COUNT:
            return _("Give one starting score for each side")
        case Refusal.START_SCORES_WHOLE:
            return _("Starting scores must be whole numbers")
        case Refusal.START_SCORES_FIVES:
            return _("Scores go in fives: a starting score must be a multiple of 5")
        case Refusal.START_SCORE_OVER:
            return _("A starting score of %(target)s or more means that game is already over", target=d.get("target"))
        case Refusal.START_SCORE_45:
            return _("Under the forty-five rule a score of exactly 45 goes back to 0, so no side can start on 45")
        case Refusal.START_SCORE_ELIMINATED:
            return _("A side cannot start at or below the elimination score")
        case Refusal.GAME_OVER:
            return _("The game is over: %(side)s won. Undo the last hand to change it, or start a rematch.", side=side)
        case Refusal.TRICKS_OR_POINTS:
            return _("Enter either the tricks or the points each side took")
        case Refusal.TRICKS_EACH_SIDE:
            return _("Enter the tricks of each of the %(sides)s sides", sides=d.get("sides"))
        case Refusal.POINTS_EACH_SIDE:
            return _("Enter the points of each of the %(sides)s sides", sides=d.get("sides"))
        case Refusal.HIGH_IN_POINTS:
            return _("With points entered, the high is already counted in them")
        case Refusal.BENCHED_TRICKS:
            if d.get("out"):
                return _("%(side)s is out of the game and cannot take tricks", side=side)
            return _("%(side)s sits out the overtime and cannot take tricks", side=side)
        case Refusal.BENCHED_BID:
            if d.get("out"):
                return _("%(side)s is out of the game and cannot bid", side=side)
            return _("%(side)s sits out the overtime and cannot bid", side=side)
        case Refusal.BENCHED_PARTNER:
            if d.get("out"):
                return _("%(side)s is out of the game", side=side)
            return _("%(side)s sits out the overtime", side=side)
        case Refusal.NO_BIDDING_OFFSUIT:
            return _("This game is played without bidding, so nobody sets a bidder")
        case Refusal.OFFSUIT_NOT_PLAYED:
            return _("Setting the bidder with off-suit cards scores nothing extra in this game")
        case Refusal.NO_SUCH_SIDE:
            return _("That side is not in this game")
        case Refusal.OFFSUIT_MADE:
            return _("The bidder made the bid, so nobody set it")
        case Refusal.OFFSUIT_BIDDER:
            return _("%(side)s bid this hand, so it cannot have set the bidder", side=side)
        case Refusal.OFFSUIT_NO_TRICK:
            return _("%(side)s took no trick, so it cannot have set the bidder", side=side)
        case Refusal.NO_BIDDING:
            return _("This game is played without bidding")
        case Refusal.NO_BIDDING_PARTNER:
            return _("This game is played without bidding, so nobody calls a partner")
        case Refusal.CHOOSE_BIDDER:
            return _("Choose the side that won the bid")
        case Refusal.NO_SUCH_BIDDER:
            return _("That bidder is not a side in this game")
        case Refusal.BAGGED_AND_HOLD:
            return _("A dealer is either bagged or holds, not both")
        case Refusal.BAGGED_NOT_DEALER:
            return _(
                "Only the dealer's side can be bagged: %(side)s (%(dealer)s deals)", side=side, dealer=d.get("dealer")
            )
        case Refusal.BAGGED_BID:
            return _(
                "A bagged dealer plays for %(lowest)s, not %(bid)s", lowest=d.get("lowest"), bid=_bid(d.get("bid"))
            )
        case Refusal.HOLD_NOT_PLAYED:
            return _("The dealer may not hold under this game's rules")
        case Refusal.HOLD_NOT_DEALER:
            return _("Only the dealer's side can hold: %(side)s (%(dealer)s deals)", side=side, dealer=d.get("dealer"))
        case Refusal.HOLD_FROM:
            return _("The dealer may only hold a bid of %(lowest)s or more", lowest=d.get("lowest"))
        case Refusal.BELL_THIRTY:
            return _("Under the bell every 30 bid is a 30 for 60: choose 30 for 60")
        case Refusal.BID_NOT_PLAYED:
            return _("A %(bid)s bid is not played under this game's rules", bid=_bid(d.get("bid")))
        case Refusal.BID_TOO_LOW:
            return _(
                "%(side)s has %(score)s, so the lowest bid it may make is %(lowest)s",
                side=side,
                score=d.get("score"),
                lowest=d.get("lowest"),
            )
        case Refusal.PARTNER_NOT_PLAYED:
            return _("Calling for a partner is not played in this game")
        case Refusal.NO_SUCH_PARTNER:
            return _("That partner is not a player in this game")
        case Refusal.TIE_PLAY_ON:
            return _("Tied sides play on in this game, so no tie-break is asked")
        case Refusal.NO_TIE:
            return _("No sides are tied for the win after this hand: there is no tie to break")
        case Refusal.TIE_ASK:
            sides = listed(d.get("sides", ()))
            if d.get("last_trick"):
                return _(
                    "%(sides)s are tied at %(score)s: say which of them took the later trick",
                    sides=sides,
                    score=d.get("score"),
                )
            return _(
                "%(sides)s are tied at %(score)s: say which of them reached %(target)s first",
                sides=sides,
                score=d.get("score"),
                target=d.get("target"),
            )
        case Refusal.TIE_CHOOSE:
            return _("Choose one of the tied sides: %(sides)s", sides=listed(d.get("sides", ())))
        case Refusal.TIE_NO_TRICK:
            return _("%(side)s took no trick in this hand, so it cannot have taken the later one", side=side)
        case Refusal.TRICKS_RANGE:
            return _("Each side takes from 0 to 5 tricks")
        case Refusal.TRICKS_TOTAL:
            return _("The tricks add up to %(total)s, but every hand has 5 tricks", total=d.get("total"))
        case Refusal.NO_HIGH_GAME:
            return _("This game has no high: every hand is worth 25")
        case Refusal.SAY_HIGH:
            return _("Say which side took the high (the trick with the best card)")
        case Refusal.NO_SUCH_HIGH:
            return _("The side that took the high is not in this game")
        case Refusal.HIGH_NO_TRICK:
            return _("A side that took no trick cannot have taken the high")
        case Refusal.POINTS_FIVES:
            return _(
                "Points come in fives: %(points)s", points=_either(range(0, MOST_HAND_POINTS + 1, POINTS_PER_TRICK))
            )
        case Refusal.POINTS_RANGE:
            return _("Each side takes from 0 to 30 points in a hand")
        case Refusal.POINTS_TOTAL:
            worths = tuple(d.get("worths", ()))
            worth = _("30 (or 25 when nobody takes the high)") if len(worths) > 1 else _either(worths)
            return _("The points add up to %(total)s, but a hand is worth %(worth)s", total=d.get("total"), worth=worth)
        case Refusal.TRICKS_ALL_BUT_ONE:
            return _("Enter the tricks of every side but one")
        case Refusal.POINTS_ALL_BUT_ONE:
            return _("Enter the points of every side but one")
        case Refusal.POINTS_EVERY_SIDE:
            return _("This hand may be worth 30 or 25: enter every side's points")
        case Refusal.ALWAYS_HIGH:
            return _("Under these rules every hand has a high: it is worth 30")
        case Refusal.CHOOSE_BID:
            return _("Choose the bid: %(bids)s", bids=_either(BIDS))
        case Refusal.NOT_A_BID:
            return _("'%(text)s' is not a bid: bids are %(bids)s", text=d.get("text", ""), bids=_either(BIDS))
    return None
