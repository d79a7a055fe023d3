"""Rank of the cards (the rule book, /rules#rank), built here from the rule book, not from the engine."""

from __future__ import annotations

import itertools

import pytest

from scorekeeper.rules import Card, Rules, Suit, compare, deck, is_trump, offsuit_order, trump_order
from tests._support.rules import ACE_HEARTS, C, D, H, S, card, expected_offsuit_order, expected_trump_order

RULE_VARIANTS = [
    pytest.param(False, False, id="plain"),
    pytest.param(True, False, id="joker"),
    pytest.param(False, True, id="aces-high"),
    pytest.param(True, True, id="joker-aces-high"),
]


def rules_for(joker: bool, aces_high: bool) -> Rules:
    return Rules(joker=joker, offsuit_aces_high=aces_high)


@pytest.mark.parametrize(("joker", "aces_high"), RULE_VARIANTS)
@pytest.mark.parametrize("trump", list(Suit), ids=str)
def test_trump_order(trump, joker, aces_high):
    order = tuple(trump_order(trump, rules_for(joker, aces_high)))
    assert order == expected_trump_order(trump, joker)
    assert len(order) == len(set(order))
    expected_len = (13 if trump is H else 14) + (1 if joker else 0)
    assert len(order) == expected_len


@pytest.mark.parametrize(("joker", "aces_high"), RULE_VARIANTS)
@pytest.mark.parametrize(("suit", "trump"), [(s, t) for s in Suit for t in Suit if s is not t], ids=str)
def test_offsuit_order(suit, trump, joker, aces_high):
    order = tuple(offsuit_order(suit, trump, rules_for(joker, aces_high)))
    assert order == expected_offsuit_order(suit, aces_high)


@pytest.mark.parametrize(("joker", "aces_high"), RULE_VARIANTS)
@pytest.mark.parametrize("trump", list(Suit), ids=str)
def test_every_card_ranked_exactly_once(trump, joker, aces_high):
    rules = rules_for(joker, aces_high)
    ranked = list(trump_order(trump, rules))
    for suit in Suit:
        if suit is not trump:
            ranked += list(offsuit_order(suit, trump, rules))
    assert len(ranked) == len(set(ranked))
    assert set(ranked) == set(deck(joker=joker))
    assert len(ranked) == (53 if joker else 52)


def test_hearts_off_has_no_ace():
    for trump in (S, C, D):
        assert ACE_HEARTS not in offsuit_order(H, trump, Rules())
        assert ACE_HEARTS not in offsuit_order(H, trump, Rules(offsuit_aces_high=True))


@pytest.mark.parametrize("trump", list(Suit), ids=str)
def test_joker_is_third(trump):
    order = trump_order(trump, Rules(joker=True))
    assert order[2] == Card.JOKER
    assert order[:2] == (Card(5, trump), Card(11, trump))
    assert is_trump(Card.JOKER, trump, Rules(joker=True))
    assert Card.JOKER not in trump_order(trump, Rules())


@pytest.mark.parametrize("trump", list(Suit), ids=str)
def test_ace_of_hearts_always_trump(trump):
    assert is_trump(ACE_HEARTS, trump, Rules())
    order = trump_order(trump, Rules())
    assert ACE_HEARTS in order
    assert order.index(ACE_HEARTS) == 2


@pytest.mark.parametrize("trump", list(Suit), ids=str)
def test_is_trump_for_every_card(trump):
    rules = Rules(joker=True)
    for c in deck(joker=True):
        expected = c.is_joker or c == ACE_HEARTS or c.suit is trump
        assert is_trump(c, trump, rules) is expected, str(c)


# --- compare -------------------------------------------------------------------------------------

# (a, b, trump, led, higher): led None means a trump was led.
COMPARE = [
    ("5♠", "J♠", S, None, "5♠"),
    ("J♠", "A♥", S, None, "J♠"),
    ("A♥", "A♠", S, None, "A♥"),
    ("A♥", "K♥", H, None, "A♥"),
    ("2♣", "10♣", C, None, "2♣"),
    ("10♦", "2♦", D, None, "10♦"),
    ("4♦", "6♦", D, None, "6♦"),
    ("Q♣", "2♣", C, None, "Q♣"),
    ("2♠", "K♦", S, D, "2♠"),  # any trump beats the led off-suit
    ("A♥", "K♦", S, D, "A♥"),
    ("K♠", "A♠", H, S, "K♠"),  # black off: K Q J A 2 …
    ("A♠", "2♠", H, S, "A♠"),
    ("2♠", "10♠", H, S, "2♠"),
    ("2♦", "A♦", S, D, "2♦"),  # diamonds off: ace lowest
    ("10♦", "2♦", S, D, "10♦"),
    ("K♥", "2♥", C, H, "K♥"),
    ("2♦", "K♣", S, D, "2♦"),  # only the led suit can win
    ("K♠", "2♦", H, C, None),  # neither led nor trump
]


@pytest.mark.parametrize(("a", "b", "trump", "led", "higher"), COMPARE)
def test_compare(a, b, trump, led, higher):
    rules = Rules()
    expected = card(higher) if higher else None
    forward = compare(card(a), card(b), trump, led, rules)
    backward = compare(card(b), card(a), trump, led, rules)
    assert forward.higher == expected
    assert backward.higher == expected
    assert forward.reason == backward.reason


def test_compare_aces_high():
    rules = Rules(offsuit_aces_high=True)
    assert compare(card("A♠"), card("K♠"), H, S, rules).higher == card("A♠")
    assert compare(card("A♦"), card("K♦"), S, D, rules).higher == card("A♦")
    assert compare(card("A♦"), card("2♦"), S, D, rules).higher == card("A♦")
    # The ace of trump is not affected: A♥ still outranks it.
    assert compare(card("A♥"), card("A♦"), D, None, rules).higher == card("A♥")


@pytest.mark.parametrize("trump", list(Suit), ids=str)
def test_compare_agrees_with_trump_order(trump):
    rules = Rules(joker=True)
    order = trump_order(trump, rules)
    for hi, lo in itertools.combinations(order, 2):
        assert compare(hi, lo, trump, None, rules).higher == hi
        assert compare(lo, hi, trump, None, rules).higher == hi


@pytest.mark.parametrize(("suit", "trump"), [(s, t) for s in Suit for t in Suit if s is not t], ids=str)
def test_compare_agrees_with_offsuit_order(suit, trump):
    rules = Rules()
    order = offsuit_order(suit, trump, rules)
    for hi, lo in itertools.combinations(order, 2):
        assert compare(lo, hi, trump, suit, rules).higher == hi
