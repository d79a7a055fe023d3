"""Cards, suits and places in the reader's language: ``J♥`` / ``V♥``, ``hearts`` / ``cœur``."""

from __future__ import annotations

from collections.abc import Iterable

from scorekeeper.platform.i18n import gettext as _
from scorekeeper.platform.i18n import pgettext
from scorekeeper.rules import Card, Place, Suit


def rank_letter(rank: int | None) -> str:
    """The letter or number of a rank as printed on the card: ``J`` / ``V``; 10 stays 10."""
    if rank is None:
        return pgettext("card", "Joker")
    if rank == 11:
        return pgettext("card rank", "J")
    if rank == 12:
        return pgettext("card rank", "Q")
    if rank == 13:
        return pgettext("card rank", "K")
    if rank == 14:
        return pgettext("card rank", "A")
    return str(rank)


def card(value: Card) -> str:
    """One card as the pages show it: ``5♥``, ``V♥`` in French, ``Joker``."""
    if value.suit is None:
        return rank_letter(None)
    return rank_letter(value.rank) + value.suit.symbol


def cards(values: Iterable[Card]) -> str:
    """Cards one after the other: ``V♥ D♠``."""
    return " ".join(card(c) for c in values)


def listed(values: Iterable[Card | str]) -> str:
    """Cards or names in a list: ``J♥, K♥ and 3♣``; one thing alone is just itself."""
    words = [card(v) if isinstance(v, Card) else str(v) for v in values]
    if len(words) <= 1:
        return "".join(words)
    return _("%(items)s and %(last)s", items=_(", ").join(words[:-1]), last=words[-1])


def suit_plural(suit: Suit) -> str:
    """The suit's name as in "hearts are trump": ``hearts`` / ``cœur``."""
    return {
        Suit.SPADES: pgettext("suit, plural", "spades"),
        Suit.CLUBS: pgettext("suit, plural", "clubs"),
        Suit.HEARTS: pgettext("suit, plural", "hearts"),
        Suit.DIAMONDS: pgettext("suit, plural", "diamonds"),
    }[suit]


def suit_name(suit: Suit) -> str:
    """The suit's name as a choice: ``Hearts`` / ``Cœur``."""
    return {
        Suit.SPADES: pgettext("suit, title", "Spades"),
        Suit.CLUBS: pgettext("suit, title", "Clubs"),
        Suit.HEARTS: pgettext("suit, title", "Hearts"),
        Suit.DIAMONDS: pgettext("suit, title", "Diamonds"),
    }[suit]


def ordinal(number: int) -> str:
    """``2nd``, ``3rd``, ``11th`` / ``2e``, ``3e``."""
    if 10 <= number % 100 <= 20 or number % 10 not in (1, 2, 3):
        return pgettext("ordinal", "%(n)dth", n=number)
    if number % 10 == 1:
        return pgettext("ordinal", "%(n)dst", n=number)
    if number % 10 == 2:
        return pgettext("ordinal", "%(n)dnd", n=number)
    return pgettext("ordinal", "%(n)drd", n=number)


def place(where: Place) -> str:
    """Where a card stands: ``the best trump``, ``the 4th best diamond`` / ``le 4e meilleur carreau``."""
    if where.trump:
        if where.number == 1:
            return _("the best trump")
        return _("the %(ordinal)s best trump", ordinal=ordinal(where.number))
    suit = where.suit
    best = where.number == 1
    nth = ordinal(where.number)
    if suit is Suit.SPADES:
        return _("the best spade") if best else _("the %(ordinal)s best spade", ordinal=nth)
    if suit is Suit.CLUBS:
        return _("the best club") if best else _("the %(ordinal)s best club", ordinal=nth)
    if suit is Suit.HEARTS:
        return _("the best heart") if best else _("the %(ordinal)s best heart", ordinal=nth)
    return _("the best diamond") if best else _("the %(ordinal)s best diamond", ordinal=nth)


def rank_label(label: str) -> str:
    """An English rank label (``A``, ``K``, ``Q``, ``J``, ``10``…) as the reader's cards print it (``R``, ``D``, ``V``)."""
    ranks = {"J": 11, "Q": 12, "K": 13, "A": 14}
    if label in ranks:
        return rank_letter(ranks[label])
    return label
