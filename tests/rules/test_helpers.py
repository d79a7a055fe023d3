"""Answers the sheet's forms ask of the engine, so no rule is worked out again outside it."""

from __future__ import annotations

import pytest

import scorekeeper.rules as engine
from scorekeeper.rules import (
    MAX_PLAYERS,
    NAME_MAX,
    GameSetup,
    HandEntry,
    HandError,
    Rules,
    SetupError,
    Side,
    complete_points,
    complete_tricks,
    infer_high,
    replay,
    seat_sides,
)
from scorekeeper.words import refusal
from tests._support.rules import NE, cut_throat, two_sides

# --- bids -----------------------------------------------------------------------------------------


def test_bid_choices_follow_the_options_and_the_scores():
    assert replay(two_sides(NE), ()).bid_choices() == (15, 20, 25, 30)
    rules = NE.replace(thirty_for_sixty="bell", sixty_for_120=True, slam=True)
    assert replay(two_sides(rules), ()).bid_choices() == (15, 20, 25, "30-for-60", "60-for-120", "slam")


def test_bid_choices_drop_15_only_when_every_side_is_at_100():
    rules = Rules.preset("nova-scotia")
    assert replay(two_sides(rules, scores=(100, 40)), ()).bid_choices()[0] == 15
    state = replay(two_sides(rules, scores=(100, 105)), ())
    assert state.bid_choices() == (20, 25, 30)
    assert state.allowed_bids(0, bagged=True) == (20,)


# --- what the other sides took --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("given", "expected"),
    [((3, None), (3, 2)), ((None, 5), (0, 5)), ((2, None, 1), (2, 2, 1)), ((1, 2, 2), (1, 2, 2))],
)
def test_complete_tricks(given, expected):
    assert complete_tricks(given) == expected


@pytest.mark.parametrize(
    ("given", "message"),
    [((6, None), "0 to 5"), ((3, 3, None), "add up to 6"), ((None, None, 2), "every side but one")],
)
def test_complete_tricks_refusals(given, message):
    with pytest.raises(HandError) as info:
        complete_tricks(given)
    assert info.value.field == "tricks" and message in refusal(info.value)


@pytest.mark.parametrize(
    ("rules", "given", "expected"),
    [
        (NE, (20, None), (20, 10)),
        (NE, (None, 0), (30, 0)),
        (NE, (15, 10, None), (15, 10, 5)),
        (NE.replace(high_bonus=False), (20, None), (20, 5)),
        (Rules.preset("nova-scotia"), (30, None), (30, 0)),
    ],
)
def test_complete_points(rules, given, expected):
    assert complete_points(given, rules) == expected


def test_complete_points_asks_when_the_hand_may_be_worth_25_or_30():
    with pytest.raises(HandError) as info:
        complete_points((20, None), Rules.preset("nova-scotia"))
    assert info.value.field == "points" and "25" in refusal(info.value)
    with pytest.raises(HandError) as info:
        complete_points((25, 10, None), NE)
    assert "add up to 35" in refusal(info.value)


# --- the high -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tricks", "rules", "high"),
    [
        ((5, 0), NE, 0),
        ((0, 0, 5), NE, 2),
        ((4, 1), NE, None),
        ((5, 0), Rules.preset("nova-scotia"), None),  # may be a 25-point hand: ask
        ((5, 0), NE.replace(high_bonus=False), None),  # no high at all
    ],
)
def test_infer_high(tricks, rules, high):
    assert infer_high(tricks, rules) == high


# --- seating --------------------------------------------------------------------------------------


def test_seat_sides_sits_partners_alternately():
    sides = seat_sides(["Ann", "Bob", "Cy", "Amy", "Ben", "Cal"], 3, ["Us", "", "Them"])
    assert sides == (Side("Us", ("Ann", "Amy")), Side("Bob & Ben", ("Bob", "Ben")), Side("Them", ("Cy", "Cal")))
    setup = GameSetup(NE, sides)
    assert setup.seat_order == ("Ann", "Bob", "Cy", "Amy", "Ben", "Cal")
    assert seat_sides(["Ann", "Bob", "Cy"]) == (Side("Ann", ("Ann",)), Side("Bob", ("Bob",)), Side("Cy", ("Cy",)))


@pytest.mark.parametrize(("players", "sides"), [(5, 2), (4, 4), (2, 1)])
def test_seat_sides_refuses_uneven_partnerships(players, sides):
    with pytest.raises(SetupError):
        seat_sides([f"P{i}" for i in range(players)], sides)


def test_seat_of_and_deal_order_by_name():
    setup = two_sides(first_dealer=0)
    assert setup.seat_of(" amy ") == 2
    with pytest.raises(SetupError):
        setup.seat_of("Zed")
    state = replay(setup, [HandEntry(bidder=0, bid=15, points=(15, 15))])
    assert state.deal_order == ("Bob", "Amy", "Ben", "Ann")


def test_start_scores_are_zero_unless_carried_over():
    assert two_sides().start_scores == (0, 0)
    assert two_sides(scores=(40, -10)).start_scores == (40, -10)


def test_deal_order_skips_sides_out_of_the_game():
    rules = NE.replace(elimination_at=-80)
    state = replay(cut_throat(3, rules, scores=(-65, 0, 0)), [HandEntry(bidder=0, bid=15, points=(10, 10, 10))])
    assert state.deal_order == ("Bea", "Cal")


# --- limits ---------------------------------------------------------------------------------------


def test_limits_are_exported_once():
    assert MAX_PLAYERS == 8 and NAME_MAX == 80
    assert "MAX_PLAYERS" in engine.__all__ and "NAME_MAX" in engine.__all__


@pytest.mark.parametrize("where", ["side", "player"])
def test_names_longer_than_the_limit_are_refused(where):
    long = "x" * (NAME_MAX + 1)
    sides = (Side(long if where == "side" else "Us", (long if where == "player" else "Ann",)), Side("Them", ("Bob",)))
    with pytest.raises(SetupError) as info:
        GameSetup(NE, sides)
    assert info.value.field == ("sides" if where == "side" else "players")
    assert str(NAME_MAX) in refusal(info.value)
    GameSetup(NE, (Side("y" * NAME_MAX, ("z" * NAME_MAX,)), Side("Them", ("Bob",))))


def test_nine_players_are_refused():
    with pytest.raises(SetupError) as info:
        GameSetup(NE, seat_sides([f"P{i}" for i in range(MAX_PLAYERS + 1)]))
    assert info.value.field == "players"


# --- typed answers --------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["²", "٣", "1" * 5000, "", "\x00", "thirty"])
def test_bids_that_are_not_numbers_are_refused_in_words(text):
    with pytest.raises(HandError) as info:
        engine.parse_bid(text)
    assert info.value.field == "bid"
    assert len(refusal(info.value)) < 80


def test_notes_carry_their_kind_and_side_so_pages_need_not_read_the_words():
    """A side called 'Bassetts' has 'set' in its name; its note is still not a set note."""
    rules = NE.replace(lock="cap", lock_at=105, on_the_green=False)
    setup = GameSetup(rules, (Side("Bassetts", ("Ann",)), Side("Upsetters", ("Bob",))), scores=(100, 0))
    state = replay(setup, [HandEntry(bidder=1, bid=25, points=(15, 15))])
    notes = state.hands[-1].notes
    assert [(note.kind, note.side) for note in notes] == [("set", 1), ("capped", 0)]
    assert notes[0] == "Upsetters: set, -25"
    assert state.hands[-1].outcome == "set"
    with pytest.raises(AttributeError):
        notes[0].kind = "made"


def test_standing_marks_are_enums_equal_to_the_sheet_s_words():
    state = replay(two_sides(NE, scores=(95, -10)), ())
    assert state.standing == (("on-the-green",), ("in-the-hole",))
    assert all(isinstance(mark, engine.Standing) for marks in state.standing for mark in marks)
    assert engine.STANDINGS == tuple(engine.Standing)
