"""The card reader reads French as well as English: letters (V, D, R, A), words, accents or none."""

from __future__ import annotations

import pytest

from scorekeeper.rules import Card, CardError, Refusal, Suit, deck, parse_cards

FRENCH = {
    "5 de cœur": "5H",
    "5 de coeur": "5H",
    "cinq de cœur": "5H",
    "Cinq De Cœurs": "5H",
    "V♥": "JH",
    "v♥": "JH",
    "valet de pique": "JS",
    "D♠": "QS",
    "dame de trèfle": "QC",
    "R♣": "KC",
    "roi de carreau": "KD",
    "A♦": "AD",
    "as de carreau": "AD",
    "AS DE CARREAU": "AD",
    "10 ♦": "10D",
    "dix de trèfle": "10C",
    "dix de trefle": "10C",
    "deux de pique": "2S",
    "neuf de carreaux": "9D",
    "V ♥": "JH",
    "five of hearts": "5H",
    "Jack of Spades": "JS",
}


@pytest.mark.parametrize(("text", "code"), FRENCH.items())
def test_each_french_spelling_is_the_card(text, code):
    assert parse_cards(text) == (Card.parse(code),)


def test_french_cards_in_one_line_keep_apart():
    cards = parse_cards("5 de cœur, valet de pique V♦ as de carreau 10 ♣ R♥")
    assert [c.code for c in cards] == ["5H", "JS", "JD", "AD", "10C", "KH"]


def test_english_letters_keep_their_meaning():
    # AS is still the ace of spades, and JD the jack of diamonds: French adds letters, it takes none away.
    assert [c.code for c in parse_cards("AS JD QH KC TC")] == ["AS", "JD", "QH", "KC", "10C"]


@pytest.mark.parametrize("text", ["cœur", "Coeurs", "carreau", "trèfle", "PIQUE"])
def test_french_suits(text):
    assert isinstance(Suit.parse(text), Suit)


def test_every_card_reads_back_from_its_french_letters_and_words():
    letters = {11: "V", 12: "D", 13: "R", 14: "A"}
    ranks = {2: "deux", 3: "trois", 4: "quatre", 5: "cinq", 6: "six", 7: "sept", 8: "huit", 9: "neuf", 10: "dix"}
    ranks |= {11: "valet", 12: "dame", 13: "roi", 14: "as"}
    suits = {Suit.SPADES: "pique", Suit.CLUBS: "trèfle", Suit.HEARTS: "cœur", Suit.DIAMONDS: "carreau"}
    for card in deck():
        rank, suit = card.plain_rank, card.plain_suit
        assert Card.parse(letters.get(rank, str(rank)) + suit.symbol) == card
        assert Card.parse(f"{ranks[rank]} de {suits[suit]}") == card
        assert Card.parse(card.code) == card
        assert Card.parse(str(card)) == card


@pytest.mark.parametrize("text", ["5 de", "de cœur", "valet", "onze de cœur", "5 of", "X♥"])
def test_half_a_card_is_refused_with_its_code(text):
    with pytest.raises(CardError) as caught:
        parse_cards(text)
    assert caught.value.code is Refusal.NOT_A_CARD
