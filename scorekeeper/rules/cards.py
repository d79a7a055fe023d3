"""Cards and the notation players type: ``5h``, ``10♦``, ``Tc``, ``AH``, ``jk``."""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import ClassVar

__all__ = ["Suit", "Card", "CardError", "parse_cards", "split_tokens", "deck", "RANK_LABELS"]


class CardError(ValueError):
    """A card could not be read, or is not allowed where it was given."""

    def __init__(self, message: str, token: str | None = None, *, field: str | None = None):
        super().__init__(message)
        self.token = token
        # The input the card came from ("cards", "hand", "trick"…), where the engine knows it.
        self.field = field


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
        """Read a suit from ``S``, ``♠``, ``spades`` or ``spade`` (any case)."""
        if isinstance(text, Suit):
            return text
        key = str(text).strip().lower()
        try:
            return _SUIT_WORDS[key]
        except KeyError:
            raise CardError(f"'{text}' is not a suit: use S, C, H or D (or ♠ ♣ ♥ ♦)", str(text)) from None


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

RANK_LABELS = {11: "J", 12: "Q", 13: "K", 14: "A"} | {n: str(n) for n in range(2, 11)}
_RANK_WORDS = {label.lower(): n for n, label in RANK_LABELS.items()} | {"t": 10}
_RANK_NAMES = {11: "jack", 12: "queen", 13: "king", 14: "ace"}
_CARD_RE = re.compile(r"^(10|[2-9tjqka])(.+)$")


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
            raise CardError(f"There is no card with rank {self.rank!r} and suit {self.suit!r}")
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
            raise CardError("The joker has no suit", "JK")
        return self.suit

    @property
    def plain_rank(self) -> int:
        """The rank of a card that is not the joker: 2 to 14 (ace)."""
        if self.rank is None:
            raise CardError("The joker has no rank", "JK")
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
        """Read one card, leniently: case and spaces do not matter, ``T`` is ten."""
        if isinstance(text, Card):
            return text
        raw = str(text)
        key = "".join(raw.split()).lower()
        if key in ("jk", "joker", "jo", "🃏"):
            return cls.JOKER
        match = _CARD_RE.match(key)
        if match:
            suit = _SUIT_WORDS.get(match.group(2))
            if suit is not None:
                return _CARDS[(_RANK_WORDS[match.group(1)], suit)]
        shown = raw.strip() or raw
        raise CardError(f"'{shown}' is not a card: write it like 5H, 10♦, JC or AS", shown)


_NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten"}

Card.JOKER = Card(None, None)
_CARDS = {(rank, suit): Card(rank, suit) for suit in Suit for rank in range(2, 15)}
_DECK = tuple(_CARDS.values())


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
            raise CardError("No cards given: write them like 5H 10♦ JC", "", field="cards")
    elif isinstance(cards, Iterable) and not isinstance(cards, (bytes, bytearray)):
        tokens = cards
    else:
        raise CardError("Give the cards as text (5H 10♦ JC) or a list of cards", None, field="cards")
    result: list[Card] = []
    seen: set[Card] = set()
    for token in tokens:
        if not isinstance(token, (str, Card)):
            raise CardError(f"'{str(token)[:20]}' is not a card: write it like 5H, 10♦, JC or AS", None, field="cards")
        card = Card.parse(token)
        if card in seen:
            raise CardError(f"{card} is listed twice", str(token))
        seen.add(card)
        result.append(card)
    return tuple(result)


def split_tokens(text: str) -> list[str]:
    """Split on commas and spaces, keeping ``10 d`` together as one card."""
    parts = [p for p in re.split(r"[\s,;]+", text.strip()) if p]
    tokens: list[str] = []
    for part in parts:
        # A lone suit after a rank ("10 d") belongs to the rank before it.
        if tokens and part.lower() in _SUIT_WORDS and tokens[-1].lower() in _RANK_WORDS:
            tokens[-1] += part
        else:
            tokens.append(part)
    return tokens
