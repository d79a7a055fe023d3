"""The words layer: every code of the engines has a sentence in English and in French, with its fields."""

from __future__ import annotations

import pytest

from scorekeeper import words
from scorekeeper.rules import (
    OPTION_INFO,
    PRESETS,
    Card,
    CardError,
    CompareReason,
    Note,
    NoteKind,
    OptionInfo,
    PlayRule,
    Refusal,
    Rules,
    TrickReason,
    VerdictKind,
    WinDetail,
    WinReason,
    compare,
    deck,
    judge_play,
    legal_plays,
    parse_cards,
    trick_winner,
)

NE = Rules.preset("new-england")
CALLING = NE.replace(call_for_partner=True)  # five players, one calling for a partner


@pytest.fixture
def say(app):
    """Run a function of ``words`` in a request of the given language."""

    def run(language, function, *args):
        with app.test_request_context("/", headers={"Accept-Language": language}):
            return function(*args)

    return run


def both(say, function, *args):
    english, french = say("en", function, *args), say("fr", function, *args)
    assert english and french
    assert english != french, f"no French for: {english}"
    return english, french


# One question per code, asked of the engine itself.
PLAYS = {
    PlayRule.LEADING: ("jh kh", "", "H", NE, {}),
    PlayRule.TRUMP_LED_NO_TRUMP: ("3c 4c", "2h", "H", NE, {}),
    PlayRule.ACE_HEARTS_LED_PLAY_HEART: ("3h 4c", "ah", "S", NE.replace(ace_hearts_led_forces_hearts=True), {}),
    PlayRule.TRUMP_LED_MAY_RENEGE: ("jh 3c", "2h", "H", NE, {}),
    PlayRule.TRUMP_LED_MUST_PLAY_TRUMP: ("jh kh 3c", "2h", "H", NE, {}),
    PlayRule.OFFSUIT_ANY: ("3c 4d", "2s", "H", NE.replace(follow="any"), {}),
    PlayRule.OFFSUIT_FOLLOW_SUIT_OR_TRUMP: ("3s 4d", "2s", "H", NE.replace(follow="suit-or-trump"), {}),
    PlayRule.OFFSUIT_CANNOT_FOLLOW: ("3c 4d", "2s", "H", NE.replace(follow="suit-or-trump"), {}),
    PlayRule.CALLED_CARD_SECOND_TRICK: ("kc 3d", "2s", "H", CALLING, {"trick_number": 2, "called": "KC"}),
    PlayRule.CALLED_CARD_OVERDUE: ("kc 3d", "2s", "H", CALLING, {"trick_number": 3, "called": "KC"}),
}


def test_every_play_rule_is_asked_here():
    assert set(PLAYS) == set(PlayRule)


@pytest.mark.parametrize("rule", list(PlayRule))
def test_each_play_rule_has_a_sentence_in_both_languages_naming_its_cards(say, rule):
    held, trick, trump, rules, extra = PLAYS[rule]
    answer = legal_plays(parse_cards(held), parse_cards(trick) if trick else (), trump, rules, **extra)
    assert answer.rule is rule
    english, french = both(say, words.play, answer)
    if rule is PlayRule.TRUMP_LED_MUST_PLAY_TRUMP:
        assert "V♥" in french and "J♥" in english and "J♥" not in french


# What a player reads in English for each question above: the engine answers with a rule and its cards, and
# the words layer says it.
PLAY_SAID = {
    PlayRule.LEADING: "You are leading, so you may play any card.",
    PlayRule.TRUMP_LED_NO_TRUMP: "A trump was led (2♥) and you hold no trump, so you may play any card.",
    PlayRule.ACE_HEARTS_LED_PLAY_HEART: "The A♥ was led and you hold no trump, so under this table's rule you must play a heart: 3♥.",
    PlayRule.TRUMP_LED_MAY_RENEGE: "A trump was led (2♥). Your only trump, J♥, outranks the 2♥ led, so you may hold it back (a legal renege) and play any card.",
    PlayRule.TRUMP_LED_MUST_PLAY_TRUMP: "A trump was led (2♥), so you must play a trump: J♥ and K♥. You may keep back J♥, which outranks the 2♥ led, but you also hold K♥, which may not be held back.",
    PlayRule.OFFSUIT_ANY: "2♠ was led and is not a trump. At this table you need not follow suit, so you may play any card.",
    PlayRule.OFFSUIT_FOLLOW_SUIT_OR_TRUMP: "Spades were led and you hold a spade, so you must play a spade or a trump.",
    PlayRule.OFFSUIT_CANNOT_FOLLOW: "Spades were led and you hold none, so you may play any card.",
    PlayRule.CALLED_CARD_SECOND_TRICK: "You hold K♣, the card the bidder called for a partner: it must be played on the second trick, so it is the only card you may play now.",
    PlayRule.CALLED_CARD_OVERDUE: "You still hold K♣, the card the bidder called for a partner: it had to be played on the second trick and may not be held back any longer, so play it now.",
}


@pytest.mark.parametrize("rule", list(PlayRule))
def test_the_english_play_sentence_names_the_rule_and_its_cards(say, rule):
    held, trick, trump, rules, extra = PLAYS[rule]
    answer = legal_plays(parse_cards(held), parse_cards(trick) if trick else (), trump, rules, **extra)
    assert say("en", words.play, answer) == PLAY_SAID[rule]


VERDICT_SAID = {
    VerdictKind.LEGAL: "Yes: J♥ may be played. A trump was led (2♥), so you must play a trump: J♥ and K♥. You may keep back J♥, which outranks the 2♥ led, but you also hold K♥, which may not be held back.",
    VerdictKind.LEGAL_RENEGE: "Yes: playing 3♣ holds back J♥, which is a legal renege. A trump was led (2♥). Your only trump, J♥, outranks the 2♥ led, so you may hold it back (a legal renege) and play any card.",
    VerdictKind.RENEGE: "No: 3♣ may not be played here — that would be a renege. A trump was led (2♥), so you must play a trump: J♥ and K♥. You may keep back J♥, which outranks the 2♥ led, but you also hold K♥, which may not be held back.",
}


@pytest.mark.parametrize("kind", list(VerdictKind))
def test_each_verdict_has_words(say, kind):
    card = {"legal": "jh", "legal-renege": "3c", "renege": "3c"}[kind]
    held = "jh 3c" if kind == "legal-renege" else "jh kh 3c"
    verdict = judge_play(Card.parse(card), parse_cards(held), parse_cards("2h"), "H", NE)
    assert verdict.kind is kind
    english, french = both(say, words.verdict, verdict)
    assert english == VERDICT_SAID[kind]
    assert french.startswith(("Oui", "Non"))
    both(say, words.verdict_label, kind)


COMPARISONS = {
    CompareReason.HIGHER_TRUMP: ("5h", "jh", "H", None),
    CompareReason.TRUMP_BEATS_NON_TRUMP: ("ah", "kc", "S", None),
    CompareReason.HIGHER_OF_SUIT: ("2c", "3c", "H", None),
    CompareReason.LED_SUIT_BEATS_OTHER: ("2c", "3d", "H", "C"),
    CompareReason.CANNOT_WIN: ("2c", "3d", "H", "S"),
    CompareReason.DIFFERENT_SUITS: ("2c", "3d", "H", None),
}

COMPARISON_SAID = {
    CompareReason.HIGHER_TRUMP: "Both are trumps: 5♥ is the best trump and J♥ is the 2nd best trump, with hearts trump.",
    CompareReason.TRUMP_BEATS_NON_TRUMP: "A♥ is a trump (the A♥ is always a trump) and K♣ is not: any trump beats a card that is not trump.",
    CompareReason.HIGHER_OF_SUIT: "Neither is trump. In clubs, 2♣ is the 5th best club and 3♣ is the 6th best club (red high, black low).",
    CompareReason.LED_SUIT_BEATS_OTHER: "Neither is trump: 2♣ follows the suit led (clubs) and 3♦ does not, so 3♦ cannot win.",
    CompareReason.CANNOT_WIN: "Neither card is a trump or a spade (the suit led), so neither can win the trick.",
    CompareReason.DIFFERENT_SUITS: "2♣ and 3♦ are of different suits and neither is trump: only the suit led decides between them, and a card of another suit cannot win.",
}


@pytest.mark.parametrize("reason", list(CompareReason))
def test_each_comparison_reason_has_a_sentence(say, reason):
    a, b, trump, led = COMPARISONS[reason]
    result = compare(Card.parse(a), Card.parse(b), trump, led, NE)
    assert result.reason is reason
    english, french = both(say, words.comparison, result)
    assert english == COMPARISON_SAID[reason]


TRICKS = {
    TrickReason.ONLY_CARD: "5h",
    TrickReason.HIGHEST_TRUMP: "8s 9s 2s ah",
    TrickReason.HIGHEST_OF_LED_SUIT: "2c 3c 4d",
}

TRICK_SAID = {
    TrickReason.ONLY_CARD: "5♥ is the only card played, so it wins.",
    TrickReason.HIGHEST_TRUMP: "A♥ wins: it is the highest trump played (the A♥ is always a trump) — the 3rd best trump with spades trump.",
    TrickReason.HIGHEST_OF_LED_SUIT: "2♣ wins: no trump was played, so the highest club — the suit led — takes the trick; 2♣ is the 5th best club. 4♦ is of another suit and cannot win.",
}


@pytest.mark.parametrize("reason", list(TrickReason))
def test_each_trick_reason_has_a_sentence(say, reason):
    result = trick_winner(parse_cards(TRICKS[reason]), "S", NE)
    assert result.reason is reason
    english, french = both(say, words.trick, result)
    assert english == TRICK_SAID[reason]


def test_the_trick_in_french_speaks_of_the_ace_of_hearts_and_places(say):
    result = trick_winner(parse_cards("8s 9s 2s ah"), "S", NE)
    assert say("en", words.trick, result).startswith("A♥ wins")
    with_french = say("fr", words.trick, result)
    assert with_french.startswith("A♥ gagne")
    assert "le 3e meilleur atout" in with_french and "atout pique" in with_french


NOTE_DETAILS = {
    NoteKind.SET: {"side": "Les Bleus", "partner": False, "points": -25},
    NoteKind.ALL_FIVE_TRICKS: {"side": "Les Bleus", "points": 60},
    NoteKind.OFFSUIT_SET: {"side": "Les Bleus", "points": 30},
    NoteKind.CAPPED: {"side": "Les Bleus", "lock_at": 100, "lost": 10},
    NoteKind.FROZEN: {"side": "Les Bleus", "lock_at": 100},
    NoteKind.FORTY_FIVE: {"side": "Les Bleus"},
    NoteKind.ELIMINATED: {"side": "Les Bleus", "score": -120},
    NoteKind.OVERTIME: {"sides": ("Les Bleus", "Red Sox"), "score": 120},
}


@pytest.mark.parametrize("kind", list(NoteKind))
def test_each_note_has_a_sentence_naming_its_side_untranslated(say, kind):
    note = Note("the English note", kind, 0, NOTE_DETAILS[kind])
    english, french = both(say, words.note, note)
    assert "Les Bleus" in english and "Les Bleus" in french


@pytest.mark.parametrize("reason", list(WinReason))
def test_each_win_reason_has_a_sentence_and_a_label(say, reason):
    detail = WinDetail(reason, "Les Bleus", 121, bidder="Les Bleus", bid=30, tied=("Les Bleus", "Red Sox"), target=120)
    english, french = both(say, words.win, detail)
    assert "Les Bleus" in english and "Les Bleus" in french
    if reason is not WinReason.LAST_SIDE_LEFT:
        assert "121" in english and "121" in french
    both(say, words.win_reason_label, reason)


def test_a_played_game_says_who_won_in_french(say):
    from scorekeeper.rules import GameSetup, GameState, HandEntry, Side

    setup = GameSetup(sides=(Side("Nous", ("Anne", "Paul")), Side("Eux", ("Marc", "Lise"))), rules=NE)
    state = GameState.start(setup)
    while state.winner is None:
        state = state.apply(HandEntry(bidder=0, bid=30, tricks=(5, 0), high=0))
    assert say("en", words.win_reason, state) == state.win_reason
    french = say("fr", words.win_reason, state)
    assert french.startswith("Nous a misé 30 et a réussi")


REFUSAL_DETAILS = {
    "text": "zz",
    "card": Card.parse("5H"),
    "where": "hand",
    "side": "Les Bleus",
    "sides": ("Les Bleus", "Red Sox"),
    "dealer": "Anne",
    "most": 8,
    "count": 9,
    "target": 120,
    "score": 95,
    "lowest": 20,
    "bid": "slam",
    "total": 6,
    "worths": (30, 25),
    "won_at": 7,
    "players": 5,
    "rank": "14",
    "suit": "'X'",
    "out": True,
    "last_trick": True,
    "option": "lock",
    "name": "zz",
    "choices": ("off", "cap", "freeze"),
    "value": "zz",
    "lock": "cap",
}


@pytest.mark.parametrize("code", [c for c in Refusal if c is not Refusal.OTHER])
def test_each_refusal_has_a_sentence(say, code):
    error = CardError(code, None, details=REFUSAL_DETAILS)
    english, french = both(say, words.refusal, error)
    if "%(side)s" in english or "Les Bleus" in english:
        assert "Les Bleus" in french


def test_a_refused_hand_says_why_in_french_with_the_side_as_typed(say):
    from scorekeeper.rules import GameSetup, GameState, HandEntry, HandError, Side

    setup = GameSetup(sides=(Side("Nous", ("Anne", "Paul")), Side("Eux", ("Marc", "Lise"))), rules=NE)
    state = GameState.start(setup)
    with pytest.raises(HandError) as caught:
        state.apply(HandEntry(bidder=1, bid=15, bagged=True, tricks=(3, 2), high=0))
    assert caught.value.code is Refusal.BAGGED_NOT_DEALER
    assert say("en", words.refusal, caught.value) == "Only the dealer's side can be bagged: Nous (Anne deals)"
    assert str(caught.value) == "bagged-not-dealer (side=Nous, dealer=Anne)"
    assert (
        say("fr", words.refusal, caught.value) == "Seule l’équipe du donneur peut être forcée\u00a0: Nous (Anne donne)"
    )


def test_a_refusal_without_a_code_of_its_own_is_its_message(say):
    assert say("fr", words.refusal, CardError("As it was said")) == "As it was said"


def test_cards_are_written_with_french_letters(say):
    shown = say("fr", words.cards, parse_cards("JH QS KC AD 10D"))
    assert shown == "V♥ D♠ R♣ A♦ 10♦"
    assert say("en", words.cards, parse_cards("JH QS KC AD 10D")) == "J♥ Q♠ K♣ A♦ 10♦"


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_card_round_trips_through_its_words(say, language):
    for card in deck():
        assert Card.parse(say(language, words.card, card)) == card


@pytest.mark.parametrize(
    "function",
    [
        words.option_label,
        words.option_help,
        words.option_explained,
        words.option_example,
        words.lazy_option_label,
        words.lazy_option_help,
    ],
)
def test_every_option_of_the_engine_has_its_words_in_both_languages(say, function):
    for name in OPTION_INFO:
        english, _french = both(say, lambda n: str(function(n)), name)
        assert "_" not in english, f"{name}: a code shown as its words"


@pytest.mark.parametrize(
    "function",
    [words.preset_title, words.preset_where, words.preset_players, words.preset_summary, words.lazy_preset_title],
)
def test_every_preset_of_the_engine_has_its_words_in_both_languages(say, function):
    for name in PRESETS:
        both(say, lambda n: str(function(n)), name)


def test_an_option_or_preset_the_engine_adds_without_words_is_caught(say, monkeypatch):
    """The checks above read the engine's own lists: one added there with no words here fails them."""
    monkeypatch.setitem(OPTION_INFO, "wild_deuces", OptionInfo("wild_deuces", (True, False)))
    with pytest.raises(KeyError):
        say("en", words.option_label, "wild_deuces")
    monkeypatch.setitem(PRESETS, "wild-west", PRESETS["new-england"])
    with pytest.raises(KeyError):
        say("en", words.preset_title, "wild-west")


def test_the_elimination_field_says_once_that_it_counts_below_zero(say):
    english, french = both(say, lambda: str(words.lazy_option_label("elimination_at")))
    assert english == "Out of the game at (points below zero)"
    assert french.count("(") == 1


def test_each_setting_of_an_option_is_said_as_the_rule_book_names_it(say):
    assert say("en", words.option_setting, "follow", "suit-or-trump") == "follow suit or trump"
    assert say("fr", words.option_setting, "joker", True) == "oui"
    assert say("en", words.option_setting, "elimination_at", -80) == "\u221280"
    assert say("en", words.option_setting, "green_at", None, NE) == "90 (target \u2212 30)"
    assert list(say("en", words.option_settings, "lock")) == ["off", "cap", "freeze"]
    assert say("en", words.option_settings, "target") == {}
