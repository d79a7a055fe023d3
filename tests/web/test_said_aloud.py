"""The score said aloud: every kind of hand as one sentence a player follows by ear, in English and French."""

from __future__ import annotations

import pytest

from scorekeeper import words
from scorekeeper.rules import Card, GameSetup, HandEntry, Rules, Side, replay
from scorekeeper.words import party as party_words

NE = Rules.preset("new-england")
SIDES = (Side("Ann & Cathy", ("Ann", "Cathy")), Side("Bob & Dan", ("Bob", "Dan")))


def game(*entries: HandEntry, rules: Rules = NE, scores=None, sides=SIDES):
    return replay(GameSetup(rules, sides, scores=scores), entries)


def hand(bidder, bid, points, **more) -> HandEntry:
    return HandEntry(bidder=bidder, bid=bid, points=points, **more)


@pytest.fixture
def say(app):
    """The sentence read aloud for a game, in English and in French."""

    def run(state, finished=False):
        out = []
        for language in ("en", "fr"):
            with app.test_request_context("/", headers={"Accept-Language": language}):
                out.append(words.score_said_aloud(state, finished))
        return tuple(out)

    return run


def assert_heard(sentence: str) -> None:
    """Nothing a listener cannot hear: no circle, tick, cross, suit symbol or bare minus sign."""
    for sign in "✓✗♥♦♣♠":
        assert sign not in sentence, sentence
    assert " -" not in sentence and "(-" not in sentence, sentence


def test_a_made_bid_the_totals_and_who_deals(say):
    en, fr = say(game(hand(0, 20, (20, 10))))
    assert en == "Hand 1: Ann & Cathy bid 20 and made it. Ann & Cathy 20, Bob & Dan 10. Bob deals, Cathy bids first."
    assert fr == (
        "Donne 1\u00a0: Ann & Cathy ont misé 20 et l’ont faite. Ann & Cathy 20, Bob & Dan 10."
        " Bob donne, Cathy mise en premier."
    )


def test_a_set_says_what_was_lost_and_the_hole_in_words(say):
    en, fr = say(game(hand(1, 25, (15, 15))))
    assert en.startswith(
        "Hand 1: Bob & Dan bid 25 and were set, 25 off. Ann & Cathy 15, Bob & Dan minus 25, in the hole."
    )
    assert fr.startswith("Donne 1\u00a0: Bob & Dan ont misé 25 et sont mis dedans, 25 de moins.")
    assert "Bob & Dan moins 25, dans le trou." in fr
    assert "chut" not in fr
    assert_heard(en)
    assert_heard(fr)


def test_bagged_made_and_set(say):
    # Hand 1: Ann deals; nobody bids, so Ann & Cathy are bagged at the lowest bid.
    made = say(game(hand(0, 15, (20, 10), bagged=True)))
    assert made[0].startswith("Hand 1: Ann & Cathy were bagged at 15 and made it.")
    assert made[1].startswith("Donne 1\u00a0: Ann & Cathy ont été forcés à 15 et l’ont faite.")
    set_ = say(game(hand(0, 15, (10, 20), bagged=True)))
    assert set_[0].startswith("Hand 1: Ann & Cathy were bagged at 15 and were set, 15 off.")
    assert set_[1].startswith("Donne 1\u00a0: Ann & Cathy ont été forcés à 15 et sont mis dedans, 15 de moins.")


def test_thirty_for_sixty_and_the_slam(say):
    rules = NE.replace(thirty_for_sixty="double", slam=True)
    en, fr = say(game(hand(0, "30-for-60", (30, 0)), rules=rules))
    assert en.startswith("Hand 1: Ann & Cathy bid 30 for 60 and made it. Ann & Cathy 60, Bob & Dan 0.")
    assert fr.startswith("Donne 1\u00a0: Ann & Cathy ont misé 30 pour 60 et l’ont faite. Ann & Cathy 60, Bob & Dan 0.")
    en, fr = say(game(hand(1, "slam", (0, 30)), rules=rules))
    assert en.startswith("Hand 1: Bob & Dan bid slam and made it.")
    assert fr.startswith("Donne 1\u00a0: Bob & Dan ont misé chelem et l’ont faite.")


def test_on_the_green(say):
    en, fr = say(game(hand(0, 20, (25, 5)), scores=(80, 10)))
    assert "Ann & Cathy 105, on the green, Bob & Dan 15." in en
    assert "Ann & Cathy 105, sur le vert, Bob & Dan 15." in fr


def test_out_of_the_game(say):
    rules = NE.replace(elimination_at=-100)
    en, fr = say(game(hand(1, 25, (25, 5)), rules=rules, scores=(0, -90)))
    assert "Bob & Dan minus 115, in the hole, out of the game" in en
    assert "Bob & Dan moins 115, dans le trou, hors de la partie" in fr
    assert "fell to -115" not in en


def test_the_winner_goes_out(say):
    en, fr = say(game(hand(0, 20, (25, 5)), scores=(100, 10)))
    assert en == (
        "Hand 1: Ann & Cathy bid 20 and made it. Ann & Cathy 125, gone out, Bob & Dan 15."
        " Ann & Cathy won! Ann & Cathy bid 20 and made it: the bidder goes out with 125."
    )
    assert fr.startswith(
        "Donne 1\u00a0: Ann & Cathy ont misé 20 et l’ont faite. Ann & Cathy 125, sortie, Bob & Dan 15."
    )
    assert "Ann & Cathy a gagné" in fr and "donne," not in fr


def test_no_hand_yet_and_a_game_stopped(say):
    en, fr = say(game())
    assert en == "No hands yet. Ann & Cathy 0, Bob & Dan 0. Ann deals, Bob bids first."
    assert fr.startswith("Aucune donne encore.")
    en, _ = say(game(hand(0, 20, (20, 10))), finished=True)
    assert en.endswith("Game finished without a winner.")


def test_a_deal_without_bidding(say):
    rules = Rules.preset("traditional")
    en, fr = say(game(HandEntry(points=(20, 10)), rules=rules))
    assert en == "Hand 1: Ann dealt. Ann & Cathy 20, Bob & Dan 10. Bob deals."
    assert fr == "Donne 1\u00a0: Ann a donné. Ann & Cathy 20, Bob & Dan 10. Bob donne."


@pytest.mark.parametrize(
    ("code", "en", "fr"),
    [
        ("JH", "the jack of hearts", "le valet de cœur"),
        ("5D", "the 5 of diamonds", "le 5 de carreau"),
        ("AS", "the ace of spades", "l’as de pique"),
        ("QC", "the queen of clubs", "la dame de trèfle"),
        ("KH", "the king of hearts", "le roi de cœur"),
    ],
)
def test_cards_are_said_as_words(app, code, en, fr):
    for language, expected in (("en", en), ("fr", fr)):
        with app.test_request_context("/", headers={"Accept-Language": language}):
            assert words.spoken_card(Card.parse(code)) == expected


def test_the_card_party_board_and_a_table_said_aloud(app):
    from tests._support.party import started

    _setup, _entries, state = started(4, games=5)
    first = state.seating.tables[0]
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        assert party_words.table_said(state, 1, first.seats, None) == (
            f"Table 1, game 1 of 5: {first.seats and state.couples[first.seats[0]].name}"
            f" and {state.couples[first.seats[1]].name}. {state.couples[first.seats[0]].name} deal first."
        )
        assert party_words.board_said(state, 0, [], [0] * 4) == "Game 1 of 5: 0 of 2 tables in."
    state = state.apply(state.result_entry(1, 1, first.seats[1]))
    winner = state.couples[first.seats[1]].name
    wins = state.standings().wins
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        assert party_words.table_said(state, 1, first.seats, first.seats[1]) == f"{winner} won game 1 here."
        assert party_words.board_said(state, 1, state.leaders(1), wins) == (
            f"Game 1 of 5: 1 of 2 tables in. Leaders: {winner}, 1 win."
        )
    with app.test_request_context("/", headers={"Accept-Language": "fr"}):
        assert party_words.table_said(state, 1, first.seats, first.seats[1]) == f"{winner} ont gagné la partie 1 ici."
        assert party_words.board_said(state, 1, state.leaders(1), wins) == (
            f"Partie 1 sur 5\u00a0: résultats des tables, 1 sur 2. En tête\u00a0: {winner}, 1 victoire."
        )
