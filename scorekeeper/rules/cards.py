"""Cards and the notation players type, in English or French: ``5h``, ``10♦``, ``Tc``, ``AH``, ``jk``,
``V♥`` (valet), ``D♠`` (dame), ``R♣`` (roi), ``5 de cœur``, ``as de carreau``, ``five of hearts``."""

from __future__ import annotations

import enum
import re
import unicodedata
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .refusals import Refusal, Refused

__all__ = ["Suit", "Card", "CardError", "parse_cards", "split_tokens", "deck", "RANK_LABELS"]


class CardError(Refused):
    """A card could not be read, or is not allowed where it was given."""

    def __init__(
        self,
        code: Refusal | str,
        token: str | None = None,
        *,
        field: str | None = None,
        details: Mapping[str, Any] | None = None,
    ):
        # ``field``: the input the card came from ("cards", "hand", "trick"…), where the engine knows it.
        super().__init__(code, field, details=details)
        self.token = token

    def blamed(self, given: Mapping[str, Collection[Card]], default: str) -> str:
        """Which of the inputs *given* (name -> its cards) holds the card this refusal names; else *default*."""
        try:
            named = Card.parse(self.token) if self.token else None
        except CardError:
            return default
        return next((name for name, cards in given.items() if named in cards), default)


class Suit(enum.Enum):
    """The four suits, in the order the app lists them."""

    SPADES = "S"
    CLUBS = "C"
    HEARTS = "H"
    DIAMONDS = "D"

    @property
    def letter(self) -> str:
        return self.value

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def plural(self) -> str:
        return self.name.lower()

    @property
    def singular(self) -> str:
        return self.plural[:-1]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    def __str__(self) -> str:
        return self.symbol

    @classmethod
    def parse(cls, text: str | Suit) -> Suit:
        """Read a suit from ``S``, ``♠``, ``spades``, ``spade``, ``cœur``, ``coeurs`` (any case, any accents)."""
        if isinstance(text, Suit):
            return text
        key = fold(str(text))
        try:
            return _SUIT_WORDS[key]
        except KeyError:
            raise CardError(Refusal.NOT_A_SUIT, str(text), details={"text": str(text)}) from None


def fold(text: str) -> str:
    """Text as the card reader compares it: lower case, no spaces, no accents (``Cœur`` -> ``coeur``)."""
    text = "".join(text.split()).lower().replace("œ", "oe").replace("’", "'")
    decomposed = unicodedata.normalize("NFD", text)
    return "".join(ch for ch in decomposed if unicodedata.category(ch) != "Mn" or ch == "\ufe0f")


_SUIT_INDEX = {Suit.SPADES: 0, Suit.CLUBS: 1, Suit.HEARTS: 2, Suit.DIAMONDS: 3}
_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.CLUBS: "♣", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦"}
_SUIT_WORDS: dict[str, Suit] = {}
for _suit in Suit:
    for _word in (_suit.letter, _suit.symbol, _suit.plural, _suit.singular):
        _SUIT_WORDS[_word.lower()] = _suit
# Variation selectors some phones add after suit symbols.
for _suit in Suit:
    _SUIT_WORDS[_suit.symbol + "\ufe0f"] = _suit
_SUIT_WORDS["♤"] = Suit.SPADES
_SUIT_WORDS["♧"] = Suit.CLUBS
_SUIT_WORDS["♡"] = Suit.HEARTS
_SUIT_WORDS["♢"] = Suit.DIAMONDS
# The French names of the suits (read without accents: ``fold``).
_FRENCH_SUITS = {Suit.SPADES: "pique", Suit.CLUBS: "trefle", Suit.HEARTS: "coeur", Suit.DIAMONDS: "carreau"}
for _suit, _word in _FRENCH_SUITS.items():
    _SUIT_WORDS[_word] = _suit
    _SUIT_WORDS[_word + ("x" if _word.endswith("eau") else "s")] = _suit

RANK_LABELS = {11: "J", 12: "Q", 13: "K", 14: "A"} | {n: str(n) for n in range(2, 11)}
_RANK_WORDS = {label.lower(): n for n, label in RANK_LABELS.items()} | {"t": 10}
# French letters (valet, dame, roi; as is A) and the ranks in words, English and French.
_RANK_WORDS |= {"v": 11, "d": 12, "r": 13}
_RANK_NAMES = {11: "jack", 12: "queen", 13: "king", 14: "ace"}
_NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten"}
_FRENCH_RANKS = {2: "deux", 3: "trois", 4: "quatre", 5: "cinq", 6: "six", 7: "sept", 8: "huit", 9: "neuf", 10: "dix"}
_FRENCH_RANKS |= {11: "valet", 12: "dame", 13: "roi", 14: "as"}
for _words in (_RANK_NAMES, _NUMBER_WORDS, _FRENCH_RANKS):
    for _n, _word in _words.items():
        _RANK_WORDS[_word] = _n
# Longest first, so that ``as`` (ace) is tried before ``a`` and ``dame`` before ``d``.
_RANK_KEYS = sorted(_RANK_WORDS, key=len, reverse=True)
_LINKS = ("de", "d'", "of", "")
_JOKER_WORDS = ("jk", "joker", "jo", "🃏", "lejoker", "thejoker")


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One card; the joker has neither rank nor suit."""

    rank: int | None
    suit: Suit | None
    # A small number naming the card, so that cards hash and compare quickly (they key every rank table).
    _key: int = field(init=False, repr=False)

    JOKER: ClassVar[Card]

    def __post_init__(self) -> None:
        if (self.rank is None) != (self.suit is None) or (self.rank is not None and self.rank not in RANK_LABELS):
            raise CardError(Refusal.NO_SUCH_CARD, details={"rank": repr(self.rank), "suit": repr(self.suit)})
        key = 0 if self.suit is None or self.rank is None else self.rank * 4 + _SUIT_INDEX[self.suit]
        object.__setattr__(self, "_key", key)

    def __hash__(self) -> int:
        return self._key

    def __eq__(self, other: object) -> bool:
        if other.__class__ is Card:
            return self._key == other._key
        return NotImplemented

    @property
    def is_joker(self) -> bool:
        return self.rank is None

    @property
    def plain_suit(self) -> Suit:
        """The suit of a card that is not the joker (the joker is always a trump, so off-suit rules never meet it)."""
        if self.suit is None:
            raise CardError(Refusal.JOKER_HAS_NO_SUIT, "JK")
        return self.suit

    @property
    def plain_rank(self) -> int:
        """The rank of a card that is not the joker: 2 to 14 (ace)."""
        if self.rank is None:
            raise CardError(Refusal.JOKER_HAS_NO_SUIT, "JK")
        return self.rank

    @property
    def rank_label(self) -> str:
        return "Joker" if self.rank is None else RANK_LABELS[self.plain_rank]

    @property
    def code(self) -> str:
        """The card as the JSON API writes it: ``5H``, ``10D``, ``JK``."""
        return "JK" if self.suit is None else RANK_LABELS[self.plain_rank] + self.suit.letter

    @property
    def name(self) -> str:
        """The card in words: ``five of hearts``."""
        if self.suit is None:
            return "the joker"
        rank = _RANK_NAMES.get(self.plain_rank) or _NUMBER_WORDS[self.plain_rank]
        return f"{rank} of {self.suit.plural}"

    def __str__(self) -> str:
        return "Joker" if self.suit is None else RANK_LABELS[self.plain_rank] + self.suit.symbol

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"

    @classmethod
    def parse(cls, text: str | Card) -> Card:
        """Read one card, leniently: case, spaces and accents do not matter, ``T`` is ten; English or French
        (``V♥``, ``D♠``, ``R♣``, ``5 de cœur``, ``valet de pique``, ``five of hearts``)."""
        if isinstance(text, Card):
            return text
        raw = str(text)
        key = fold(raw)
        if key in _JOKER_WORDS:
            return cls.JOKER
        card = _READ.get(key)
        if card is None:
            card = _read(key)
        if card is not None:
            return card
        shown = raw.strip() or raw
        raise CardError(Refusal.NOT_A_CARD, shown, details={"text": shown})


def _read(key: str) -> Card | None:
    """A card from folded text: a rank word, an optional ``de`` / ``of``, a suit word."""
    for rank in _RANK_KEYS:
        if not key.startswith(rank):
            continue
        rest = key[len(rank) :]
        for link in _LINKS:
            if rest.startswith(link):
                suit = _SUIT_WORDS.get(rest[len(link) :])
                if suit is not None:
                    return _CARDS[(_RANK_WORDS[rank], suit)]
    return None


Card.JOKER = Card(None, None)
_CARDS = {(rank, suit): Card(rank, suit) for suit in Suit for rank in range(2, 15)}
_DECK = tuple(_CARDS.values())
# The usual spellings read at once (``5h``, ``10♦``); anything else goes through ``_read``.
_READ = {
    label.lower() + suit_word: card
    for (rank, suit), card in _CARDS.items()
    for label in (RANK_LABELS[rank],)
    for suit_word in (suit.letter.lower(), suit.symbol)
}


def deck(joker: bool = False) -> tuple[Card, ...]:
    """Return the 52 cards (53 with the joker), suit by suit, two to ace."""
    return _DECK + (Card.JOKER,) if joker else _DECK


def parse_cards(cards: str | Iterable[str | Card]) -> tuple[Card, ...]:
    """Read several cards (``"5h jd ah"`` or a list); a card given twice is an error.

    Text with no card in it is refused (it is almost always a field left blank); an empty
    list is no cards, as for a trick nobody has played to yet.
    """
    if isinstance(cards, str):
        tokens: Iterable[str | Card] = split_tokens(cards)
        if not tokens:
            raise CardError(Refusal.NO_CARDS, "", field="cards")
    elif isinstance(cards, Iterable) and not isinstance(cards, (bytes, bytearray)):
        tokens = cards
    else:
        raise CardError(Refusal.CARDS_NOT_TEXT, None, field="cards")
    result: list[Card] = []
    seen: set[Card] = set()
    for token in tokens:
        if not isinstance(token, (str, Card)):
            shown = str(token)[:20]
            raise CardError(Refusal.NOT_A_CARD, None, field="cards", details={"text": shown})
        card = Card.parse(token)
        if card in seen:
            raise CardError(Refusal.LISTED_TWICE, str(token), details={"card": card})
        seen.add(card)
        result.append(card)
    return tuple(result)


def split_tokens(text: str) -> list[str]:
    """Split on commas and spaces, keeping ``10 d``, ``5 de cœur`` and ``as de carreau`` together as one card."""
    parts = [p for p in re.split(r"[\s,;]+", text.strip()) if p]
    tokens: list[str] = []
    for part in parts:
        key = fold(part)
        last = fold(tokens[-1]) if tokens else ""
        # A lone suit after a rank ("10 d", "5 de cœur") belongs to the rank before it, and so does "de" / "of".
        if tokens and key in _SUIT_WORDS and last in _RANK_WORDS:
            tokens[-1] += part
        elif tokens and key in _SUIT_WORDS and last[-2:] in ("de", "of", "d'") and _is_rank(last):
            tokens[-1] += " " + part
        elif tokens and key in ("de", "of", "d'") and last in _RANK_WORDS:
            tokens[-1] += " " + part
        else:
            tokens.append(part)
    return tokens


def _is_rank(key: str) -> bool:
    """Whether folded text is a rank followed by ``de`` / ``of`` (the start of ``cinq de cœur``)."""
    return key[:-2] in _RANK_WORDS
