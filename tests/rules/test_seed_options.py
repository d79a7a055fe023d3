"""The seed rules that are options now (the rule book's scoring, winning and draw, /rules): each one changes an outcome a player would notice."""

from __future__ import annotations

import pytest

from scorekeeper.rules import (
    CardError,
    GameState,
    HandEntry,
    HandError,
    NoteKind,
    PlayRule,
    Rules,
    RulesError,
    VerdictKind,
    judge_play,
    legal_plays,
    replay,
)
from scorekeeper.rules.draw import draw_limit, game_draw_limit
from scorekeeper.words import refusal
from tests._support.rules import NE, cut_throat, two_sides

# -- 30 for 60: win 30, lose 60 (000) ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("thirty_for_sixty", "took", "scores"),
    [
        ("lose-sixty", dict(tricks=(5, 0), high=0), (30, 0)),
        ("double", dict(tricks=(5, 0), high=0), (60, 0)),
        ("lose-sixty", dict(tricks=(4, 1), high=0), (-60, 5)),
        ("double", dict(tricks=(4, 1), high=0), (-60, 5)),
    ],
)
def test_lose_sixty_scores_30_for_all_five_tricks_and_loses_60_otherwise(thirty_for_sixty, took, scores):
    rules = NE.replace(thirty_for_sixty=thirty_for_sixty)
    state = replay(two_sides(rules), [HandEntry(bidder=0, bid="30-for-60", **took)])
    assert tuple(state.scores) == scores


def test_lose_sixty_is_judged_on_the_five_tricks_in_a_25_point_hand():
    rules = NE.replace(thirty_for_sixty="lose-sixty", high_without_trump="none")
    state = replay(two_sides(rules), [HandEntry(bidder=0, bid="30-for-60", points=(25, 0))])
    assert tuple(state.scores) == (30, 0)


# -- Tie-break: overtime (004) -----------------------------------------------------------------------


def _tied(tie_break: str) -> GameState:
    """Three players, Ada and Bea on 110: Cal bids 25 and is set, Ada and Bea take 10 each and tie at 120."""
    rules = NE.replace(tie_break=tie_break, on_the_green=False)
    start = GameState.start(cut_throat(3, rules, scores=(110, 110, 50)))
    return start.apply(HandEntry(bidder=2, bid=25, points=(10, 10, 10)))


def test_overtime_lets_only_the_tied_sides_play_on():
    state = _tied("overtime")
    assert state.winner is None
    assert state.overtime == frozenset({0, 1})
    assert state.active_sides == (0, 1)
    assert [n.kind for n in state.hands[-1].notes if n.kind is NoteKind.OVERTIME] == [NoteKind.OVERTIME]
    assert state.allowed_bids(2) == ()
    assert state.dealer != "Cal"
    with pytest.raises(HandError) as info:
        state.apply(HandEntry(bidder=2, bid=15, points=(15, 15, 0)))
    assert info.value.field == "bidder" and "overtime" in refusal(info.value)
    with pytest.raises(HandError) as info:
        state.apply(HandEntry(bidder=0, bid=15, points=(15, 10, 5)))
    assert info.value.field == "points"
    won = state.apply(HandEntry(bidder=0, bid=15, points=(20, 10, 0)))
    assert won.winner == 0 and won.overtime == frozenset()
    assert tuple(won.scores) == (140, 130, 25)


def test_play_on_lets_every_side_play_the_next_hand():
    state = _tied("play-on")
    assert state.overtime == frozenset() and state.active_sides == (0, 1, 2)
    after = state.apply(HandEntry(bidder=2, bid=15, points=(0, 0, 30)))
    assert tuple(after.scores) == (120, 120, 55)


def test_overtime_draw_limits_follow_the_players_still_playing():
    """Three players tie down to two: the draw is a two-player table's."""
    assert game_draw_limit(_tied("overtime")).players == 2
    assert game_draw_limit(_tied("play-on")).players == 3


def test_overtime_asks_no_tie_break_question():
    state = GameState.start(cut_throat(3, NE.replace(tie_break="overtime", on_the_green=False), scores=(110, 110, 50)))
    entry = HandEntry(bidder=2, bid=25, points=(10, 10, 10))
    assert state.tie_break_sides(entry) == ()
    with pytest.raises(HandError) as info:
        state.apply(HandEntry(bidder=2, bid=25, points=(10, 10, 10), tie_break_side=0))
    assert info.value.field == "tie_break_side"


# -- The draw: four and a flip, One-hundred and ten (000) ---------------------------------------------


def test_four_and_a_flip_lets_every_player_throw_away_all_five():
    assert (draw_limit(5, NE).keep, draw_limit(5, NE).change) == (1, 4)
    flip = draw_limit(5, NE.replace(four_and_a_flip=True))
    assert (flip.keep, flip.change, flip.flip) == (0, 5, True)


def test_one_ten_others_than_the_bidder_draw_at_most_three():
    one_ten = Rules.preset("one-ten")
    assert one_ten.others_draw_at_most == 3
    limit = draw_limit(4, one_ten)
    assert (limit.change, limit.others_change, limit.others_keep) == (4, 3, 2)
    assert draw_limit(4, NE).others_change == 4


@pytest.mark.parametrize("value", [0, 5, "3", True])
def test_others_draw_at_most_is_1_to_4(value):
    with pytest.raises(RulesError) as info:
        NE.replace(others_draw_at_most=value)
    assert info.value.field == "others_draw_at_most"


# -- Call for a partner: the called card on the second trick (000) -------------------------------------

PARTNER = NE.replace(call_for_partner=True)


def test_the_called_card_must_be_played_on_the_second_trick():
    """Spades trump, 9♦ led on trick 2; you hold the called K♣: only the K♣ may be played."""
    answer = legal_plays("KC 7D 3H", ["9D"], "S", PARTNER, trick_number=2, called="KC")
    assert [c.code for c in answer.legal] == ["KC"]
    assert answer.rule is PlayRule.CALLED_CARD_SECOND_TRICK
    verdict = judge_play("7D", "KC 7D 3H", ["9D"], "S", PARTNER, trick_number=2, called="KC")
    assert verdict.kind is VerdictKind.RENEGE


def test_on_the_first_trick_the_called_card_follows_the_usual_rules():
    answer = legal_plays("KC 7D 3H", ["9D"], "S", PARTNER, trick_number=1, called="KC")
    assert answer.any_card and answer.rule is PlayRule.OFFSUIT_ANY


def test_the_called_card_may_not_be_held_back_past_the_second_trick():
    answer = legal_plays("KC 7D", ["9D"], "S", PARTNER, trick_number=3, called="KC")
    assert [c.code for c in answer.legal] == ["KC"]
    assert answer.rule is PlayRule.CALLED_CARD_OVERDUE


def test_without_the_called_card_in_hand_nothing_changes():
    answer = legal_plays("7D 3H", ["9D"], "S", PARTNER, trick_number=2, called="KC")
    assert answer.any_card


@pytest.mark.parametrize(
    ("rules", "kwargs", "error", "field"),
    [
        (NE, dict(trick_number=2, called="KC"), RulesError, "called"),
        (PARTNER, dict(trick_number=6, called="KC"), CardError, "trick_number"),
        (PARTNER, dict(trick_number=0), CardError, "trick_number"),
        (PARTNER, dict(trick_number=2, called="KX"), CardError, "called"),
    ],
)
def test_a_called_card_question_that_makes_no_sense_is_refused(rules, kwargs, error, field):
    with pytest.raises(error) as info:
        legal_plays("KC 7D", ["9D"], "S", rules, **kwargs)
    assert info.value.field == field
