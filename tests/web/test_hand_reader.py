"""The sheet's hand reader is plain Python: the boxes a player tapped in, the engine's hand or its refusal out."""

import pytest

from scorekeeper.rules import PRESETS, GameSetup, HandEntry, Side, replay
from scorekeeper.web.games.hand_fields import read_boxes as read_hand
from scorekeeper.web.games.hand_reader import Boxes

TWO = GameSetup(PRESETS["new-england"], (Side("Us", ("Ann", "Cal")), Side("Them", ("Bob", "Dee"))), 0, None)
THREE = GameSetup(PRESETS["new-england"], (Side("Ann", ("Ann",)), Side("Bob", ("Bob",)), Side("Cal", ("Cal",))), 0)


@pytest.mark.parametrize(
    ("setup", "boxes", "entry"),
    [
        # Two sides, one tap: the bidding side's tricks and the high; the rest is worked out.
        (TWO, Boxes(by="tricks", bidder="0", bid="20", took="3h"), HandEntry(0, 20, tricks=(3, 2), high=0)),
        (TWO, Boxes(by="tricks", bidder="1", bid="25", took="5h"), HandEntry(1, 25, tricks=(0, 5), high=1)),
        # The paper way: the bidding side's points, the other side's worked out.
        (TWO, Boxes(by="points", bidder="1", bid="20", took_points="20"), HandEntry(1, 20, points=(10, 20))),
        # Three sides: each side's tricks, the last worked out, and who took the high.
        (
            THREE,
            Boxes(by="tricks", bidder="2", bid="15", side_tricks=("1", "1", ""), high="2"),
            HandEntry(2, 15, tricks=(1, 1, 3), high=2),
        ),
    ],
)
def test_the_boxes_tapped_read_as_the_hand_the_table_said(setup, boxes, entry):
    assert read_hand(boxes, replay(setup, [])).entry == entry


@pytest.mark.parametrize(
    ("boxes", "field", "said"),
    [
        (Boxes(by="tricks", bid="20", took="3"), "bidder", "Tap the side that won the bid."),
        (Boxes(by="tricks", bidder="0", took="3"), "bid", "Tap the bid."),
        (Boxes(by="tricks", bidder="0", bid="35", took="3"), "bid", "Tap one of the bids shown."),
        (Boxes(by="tricks", bidder="0", bid="20"), "took", "Tap how many tricks the bidding side took."),
        (Boxes(by="tricks", bidder="0", bid="20", took="9"), "took", "Each side takes from 0 to 5 tricks."),
        (Boxes(by="points", bidder="0", bid="20", took_points="3.0"), "took_points", "Points come in fives"),
        (Boxes(by="sideways", bidder="0", bid="20"), "by", "This form is damaged"),
    ],
)
def test_a_box_left_or_wrong_is_refused_by_name_in_the_table_s_words(boxes, field, said):
    reading = read_hand(boxes, replay(TWO, []))
    assert reading.entry is None and reading.refusal is not None
    assert reading.refusal.field == field and str(reading.refusal).startswith(said)
