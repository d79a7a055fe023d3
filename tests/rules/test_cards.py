"""Card notation (the rule book, /rules#typing-cards): lenient reading, exact writing, clear errors."""

from __future__ import annotations

import pytest

from scorekeeper.rules import Card, CardError, Suit, deck, parse_cards
from tests._support.rules import C, D, H, S

PARSE = [
    ("5h", Card(5, H)),
    ("5H", Card(5, H)),
    ("5♥", Card(5, H)),
    ("10♦", Card(10, D)),
    ("10d", Card(10, D)),
    ("10 d", Card(10, D)),
    (" 10 D ", Card(10, D)),
    ("Tc", Card(10, C)),
    ("t♣", Card(10, C)),
    ("AH", Card(14, H)),
    ("ah", Card(14, H)),
    ("a♥", Card(14, H)),
    ("Ks", Card(13, S)),
    ("q♠", Card(12, S)),
    ("Jd", Card(11, D)),
    ("2c", Card(2, C)),
    ("9 ♠", Card(9, S)),
    ("jk", Card.JOKER),
    ("JK", Card.JOKER),
    ("joker", Card.JOKER),
    ("Joker", Card.JOKER),
    ("JOKER", Card.JOKER),
]


@pytest.mark.parametrize(("text", "expected"), PARSE)
def test_parse_is_lenient(text, expected):
    assert Card.parse(text) == expected


def test_jk_is_the_joker_not_a_jack():
    joker = Card.parse("jk")
    assert joker.is_joker
    assert joker.rank is None and joker.suit is None
    assert not Card.parse("jh").is_joker
    assert Card.parse("jh") == Card(11, H)


@pytest.mark.parametrize(
    ("c", "shown", "code", "label"),
    [
        (Card(5, H), "5♥", "5H", "5"),
        (Card(10, D), "10♦", "10D", "10"),
        (Card(11, S), "J♠", "JS", "J"),
        (Card(12, C), "Q♣", "QC", "Q"),
        (Card(13, H), "K♥", "KH", "K"),
        (Card(14, H), "A♥", "AH", "A"),
        (Card(2, C), "2♣", "2C", "2"),
    ],
)
def test_written_forms(c, shown, code, label):
    assert str(c) == shown
    assert c.code == code
    assert c.rank_label == label
    assert not c.is_joker


def test_joker_written_forms():
    assert str(Card.JOKER) == "Joker"
    assert Card.JOKER.code == "JK"
    assert Card.JOKER.is_joker


@pytest.mark.parametrize("c", deck(joker=True), ids=str)
def test_round_trip_every_card(c):
    assert Card.parse(str(c)) == c
    assert Card.parse(c.code) == c
    assert Card.parse(c.code.lower()) == c


def test_cards_are_hashable_values():
    assert len({Card.parse("5h"), Card.parse("5♥"), Card(5, H)}) == 1
    assert Card.parse("5h") != Card.parse("5d")


@pytest.mark.parametrize(
    ("text", "suit"),
    [
        ("s", S),
        ("S", S),
        ("♠", S),
        ("spades", S),
        ("Spade", S),
        ("c", C),
        ("♣", C),
        ("clubs", C),
        ("h", H),
        ("♥", H),
        ("Hearts", H),
        ("d", D),
        ("♦", D),
        ("diamond", D),
    ],
)
def test_suit_parse(text, suit):
    assert Suit.parse(text) is suit


def test_suit_attributes():
    assert list(Suit) == [S, C, H, D]
    assert [s.letter for s in Suit] == ["S", "C", "H", "D"]
    assert [str(s) for s in Suit] == ["♠", "♣", "♥", "♦"]
    assert [s.symbol for s in Suit] == ["♠", "♣", "♥", "♦"]
    assert [s.plural for s in Suit] == ["spades", "clubs", "hearts", "diamonds"]
    assert [s.is_red for s in Suit] == [False, False, True, True]


@pytest.mark.parametrize("token", ["5x", "1h", "11h", "0s", "Z", "", "h5x", "15♦", "kk", "1♠", "5♥♥"])
def test_unknown_card_names_the_token(token):
    with pytest.raises(CardError) as info:
        Card.parse(token)
    assert isinstance(info.value, ValueError)
    if token:
        assert token in str(info.value)
        assert info.value.token.strip() == token.strip()


def test_parse_cards_names_the_bad_token_among_good_ones():
    with pytest.raises(CardError) as info:
        parse_cards("5h 10d 5x Kc")
    assert info.value.token == "5x"
    assert "5x" in str(info.value)


def test_parse_cards_reads_spaces_and_commas():
    expected = (Card(5, H), Card(10, D), Card(13, C), Card.JOKER)
    assert tuple(parse_cards("5h 10d Kc jk")) == expected
    assert tuple(parse_cards("5h,10d, Kc ,joker")) == expected
    assert tuple(parse_cards("5♥ 10♦ K♣ JK")) == expected
    assert tuple(parse_cards(["5h", "10d", "Kc", "jk"])) == expected
    assert tuple(parse_cards([])) == ()


def test_parse_cards_keeps_order():
    assert tuple(parse_cards("2c 5h 3c")) == (Card(2, C), Card(5, H), Card(3, C))


@pytest.mark.parametrize("text", ["5h 5♥", "5h 10d 5H", "jk joker", "Tc 10c"])
def test_duplicates_are_refused(text):
    with pytest.raises(CardError) as info:
        parse_cards(text)
    message = str(info.value)
    assert "twice" in message or "duplicate" in message.lower() or "more than once" in message
    first = parse_cards(text.split()[0])[0]
    assert str(first) in message


def test_duplicate_error_carries_the_card():
    with pytest.raises(CardError) as info:
        parse_cards("5h 9c 5♥")
    assert "5♥" in str(info.value)
    assert Card.parse(info.value.token) == Card(5, H)


def test_deck_sizes():
    plain = deck()
    with_joker = deck(joker=True)
    assert len(plain) == 52 and len(set(plain)) == 52
    assert len(with_joker) == 53 and len(set(with_joker)) == 53
    assert Card.JOKER not in plain
    assert Card.JOKER in with_joker
    assert set(with_joker) - set(plain) == {Card.JOKER}
    assert {c.suit for c in plain} == set(Suit)
    for suit in Suit:
        assert sorted(c.rank for c in plain if c.suit is suit) == list(range(2, 15))


def test_deck_order_suits_then_ranks():
    plain = deck()
    assert plain[0] == Card(2, S)
    assert plain[12] == Card(14, S)
    assert plain[13] == Card(2, C)
    assert plain[-1] == Card(14, D)


@pytest.mark.parametrize(
    ("played", "joker"),
    [((Card(5, H), Card(5, H)), False), ((), False), ((Card(5, H), Card.JOKER), False)],
    ids=["duplicate", "empty", "joker-not-in-play"],
)
def test_trick_with_bad_cards(played, joker):
    from scorekeeper.rules import Rules, trick_winner

    with pytest.raises(CardError) as info:
        trick_winner(played, S, Rules(joker=joker))
    assert str(info.value)
