"""The score said aloud and read by a screen reader: whole sentences, with no symbol, circle or short name.

What the eye takes from the sheet (a circled 15, a ✗, ``-10`` in a circle, ``J♥``) means nothing
when heard; these sentences say it as players do: "Ann & Cathy bid 20 and were set",
"Bob & Dan minus 10, in the hole", "the jack of hearts".
"""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.platform.i18n import gettext as _
from scorekeeper.platform.i18n import pgettext
from scorekeeper.rules import Card, GameState, NoteKind, Standing, Suit
from scorekeeper.rules.game import HandResult

from .game import bid, note, win

_SAID_ELSEWHERE = (NoteKind.SET, NoteKind.ELIMINATED)


def spoken_card(value: Card) -> str:
    """One card as said aloud: ``the jack of hearts`` / ``le valet de cœur``, ``the joker``."""
    if value.suit is None:
        return pgettext("card, said", "the joker")
    name = {
        11: pgettext("card, said", "the jack of %(suit)s"),
        12: pgettext("card, said", "the queen of %(suit)s"),
        13: pgettext("card, said", "the king of %(suit)s"),
        14: pgettext("card, said", "the ace of %(suit)s"),
    }.get(value.rank or 0, pgettext("card, said", "the %(rank)s of %(suit)s"))
    return name % {"rank": value.rank, "suit": _suit_said(value.suit)}


def _suit_said(suit: Suit) -> str:
    return {
        Suit.SPADES: pgettext("suit, said after of", "spades"),
        Suit.CLUBS: pgettext("suit, said after of", "clubs"),
        Suit.HEARTS: pgettext("suit, said after of", "hearts"),
        Suit.DIAMONDS: pgettext("suit, said after of", "diamonds"),
    }[suit]


def standing_said(mark: Standing) -> str:
    """A mark beside a side's score, as said: ``on the green``, ``in the hole``."""
    return {
        Standing.ON_THE_GREEN: pgettext("standing, said", "on the green"),
        Standing.LOCKED: pgettext("standing, said", "locked"),
        Standing.IN_THE_HOLE: pgettext("standing, said", "in the hole"),
        Standing.MUST_BID_OUT: pgettext("standing, said", "must bid out"),
        Standing.ELIMINATED: pgettext("standing, said", "out of the game"),
        Standing.OUT: pgettext("standing, said", "gone out"),
    }[mark]


def score_said(value: int) -> str:
    """A score as said: ``85``, ``minus 10`` (the circle on paper)."""
    if value < 0:
        return _("minus %(points)s", points=-value)
    return str(value)


def side_score(name: str, score: int, marks: Sequence[Standing] = ()) -> str:
    """One side's total with its marks: ``Bob & Dan minus 10, in the hole``."""
    said = _("%(side)s %(score)s", side=name, score=score_said(score))
    if Standing.OUT in marks:
        marks = (Standing.OUT,)  # gone out says it all
    for mark in marks:
        said = _("%(said)s, %(mark)s", said=said, mark=standing_said(mark))
    return said


def hand_said(hand: HandResult, names: Sequence[str]) -> str:
    """What became of one hand: ``Hand 12: Ann & Cathy bid 20 and made it.``"""
    if hand.bidder is None:
        return _("Hand %(n)s: %(dealer)s dealt.", n=hand.n, dealer=hand.dealer)
    side = names[hand.bidder]
    said_bid = bid(hand.bid)
    lost = -hand.deltas[hand.bidder] if hand.deltas[hand.bidder] < 0 else 0
    if hand.bagged:
        if hand.made is False:
            return _(
                "Hand %(n)s: %(side)s were bagged at %(bid)s and were set, %(lost)s off.",
                n=hand.n,
                side=side,
                bid=said_bid,
                lost=lost,
            )
        return _("Hand %(n)s: %(side)s were bagged at %(bid)s and made it.", n=hand.n, side=side, bid=said_bid)
    if hand.hold:
        if hand.made is False:
            return _(
                "Hand %(n)s: %(side)s held at %(bid)s and were set, %(lost)s off.",
                n=hand.n,
                side=side,
                bid=said_bid,
                lost=lost,
            )
        return _("Hand %(n)s: %(side)s held at %(bid)s and made it.", n=hand.n, side=side, bid=said_bid)
    if hand.made is False:
        return _(
            "Hand %(n)s: %(side)s bid %(bid)s and were set, %(lost)s off.",
            n=hand.n,
            side=side,
            bid=said_bid,
            lost=lost,
        )
    return _("Hand %(n)s: %(side)s bid %(bid)s and made it.", n=hand.n, side=side, bid=said_bid)


def row_said(hand: HandResult, names: Sequence[str]) -> str:
    """A line of the sheet as one sentence: the hand, then each side's running total."""
    totals = _(", ").join(side_score(name, hand.scores[s], hand.standing[s]) for s, name in enumerate(names))
    return _("%(hand)s %(totals)s.", hand=hand_said(hand, names), totals=totals)


def _sentence(text: str) -> str:
    text = text.strip()
    return text if text.endswith((".", "!", "?")) else text + "."


def score_said_aloud(state: GameState, finished: bool = False) -> str:
    """The last hand, the standing and what comes next, as the phone says it aloud."""
    names = state.setup.names
    parts: list[str] = []
    if state.hands:
        last = state.hands[-1]
        parts.append(hand_said(last, names))
        # A set and a side out of the game are said with the hand and the totals already.
        parts.extend(_sentence(note(n)) for n in last.notes if n.kind not in _SAID_ELSEWHERE)
        scores, standing = last.scores, last.standing
    else:
        parts.append(_("No hands yet."))
        scores = state.scores
        standing = state.standing
    totals = _(", ").join(side_score(name, scores[s], standing[s]) for s, name in enumerate(names))
    parts.append(_sentence(totals))
    if state.over and state.winner is not None:
        parts.append(_("%(side)s won!", side=names[state.winner]))
        if state.win_detail is not None:
            parts.append(win(state.win_detail))
    elif finished:
        parts.append(_("Game finished without a winner."))
    elif state.rules.bidding:
        parts.append(_("%(dealer)s deals, %(bidder)s bids first.", dealer=state.dealer, bidder=state.first_bidder))
    else:
        parts.append(_("%(dealer)s deals.", dealer=state.dealer))
    return " ".join(parts)
