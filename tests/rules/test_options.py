"""Every house rule of the rule book (/rules#options) changes what the engine answers; its presets (/rules#presets)."""

from __future__ import annotations

import dataclasses

import pytest

import scorekeeper.rules as engine
from scorekeeper.rules import (
    PRESETS,
    Card,
    CardError,
    HandEntry,
    HandError,
    Rules,
    RulesError,
    allowed_bids,
    check_points,
    legal_plays,
    min_bid,
    points_from_tricks,
    trick_winner,
    trump_order,
)
from tests._support.rules import (
    NE,
    OPTION_NAMES,
    PRESET_NAMES,
    C,
    D,
    H,
    S,
    assert_refused,
    card,
    cards,
    cut_throat,
    play,
    two_sides,
)

# --- follow / renege -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("renegable", "expected"),
    [("five-jack-ace", "J♠ 9♦ 2♥"), ("five", "J♠"), ("none", "J♠")],
)
def test_renegable_jack(renegable, expected):
    """6♠ led, spades trump: the J♠ may be held back only when the jack is renegable."""
    hand = cards("J♠ 9♦ 2♥")
    answer = legal_plays(hand, cards("6♠"), S, NE.replace(renegable=renegable))
    assert tuple(answer.legal) == cards(expected)


@pytest.mark.parametrize(
    ("hand", "trick", "trump", "option", "value", "expected"),
    [
        # Which trumps may be held back (reneged): the 5 of trump...
        ("5♠ 9♦", "6♠", S, "renegable", "five-jack-ace", "5♠ 9♦"),
        ("5♠ 9♦", "6♠", S, "renegable", "five", "5♠ 9♦"),
        ("5♠ 9♦", "6♠", S, "renegable", "none", "5♠"),
        # ...and the A♥.
        ("A♥ 9♦", "3♣", C, "renegable", "five-jack-ace", "A♥ 9♦"),
        ("A♥ 9♦", "3♣", C, "renegable", "five", "A♥"),
        # Following an off-suit lead.
        ("7♦ 2♣ K♠ 2♥", "4♦", C, "follow", "any", "7♦ 2♣ K♠ 2♥"),
        ("7♦ 2♣ K♠ 2♥", "4♦", C, "follow", "suit-or-trump", "7♦ 2♣"),
    ],
)
def test_what_may_be_played_under_one_option(hand, trick, trump, option, value, expected):
    answer = legal_plays(cards(hand), cards(trick), trump, NE.replace(**{option: value}))
    assert tuple(answer.legal) == cards(expected)


def test_renegable_held_back_reported():
    answer = legal_plays(cards("J♠ 9♦ 2♥"), cards("6♠"), S, NE)
    assert tuple(answer.held_back) == cards("J♠")
    assert answer.rule == "trump-led-may-renege"
    assert answer.measured_against == card("6♠")
    answer = legal_plays(cards("J♠ 9♦ 2♥"), cards("6♠"), S, NE.replace(renegable="five"))
    assert tuple(answer.held_back) == ()
    assert answer.rule == "trump-led-must-play-trump"


@pytest.mark.parametrize(
    ("against", "expected", "measured"),
    [("lead", "J♠ 9♦", "2♠"), ("highest", "J♠", "5♠")],
)
def test_renege_against(against, expected, measured):
    """2♠ led, then the 5♠ played: the J♠ outranks the lead but not the 5♠."""
    rules = NE.replace(renege_against=against)
    answer = legal_plays(cards("J♠ 9♦"), cards("2♠ 5♠"), S, rules)
    assert tuple(answer.legal) == cards(expected)
    assert answer.measured_against == card(measured)


def test_renege_against_judge_play():
    trick = cards("2♠ 5♠")
    hand = cards("J♠ 9♦")
    lead = engine.judge_play(card("9♦"), hand, trick, S, NE)
    highest = engine.judge_play(card("9♦"), hand, trick, S, NE.replace(renege_against="highest"))
    assert lead.kind == "legal-renege"
    assert highest.kind == "renege"
    assert highest.measured_against == card("5♠")


@pytest.mark.parametrize(("forces", "expected"), [(False, "3♥ 9♦ K♣"), (True, "3♥")])
def test_ace_hearts_led_forces_hearts(forces, expected):
    rules = NE.replace(ace_hearts_led_forces_hearts=forces)
    answer = legal_plays(cards("3♥ 9♦ K♣"), cards("A♥"), S, rules)
    assert tuple(answer.legal) == cards(expected)
    if forces:
        assert answer.rule == "ace-hearts-led-play-heart"


def test_ace_hearts_led_forces_hearts_only_without_trump():
    rules = NE.replace(ace_hearts_led_forces_hearts=True)
    # Holding a trump: the trump rule applies, not the heart rule.
    answer = legal_plays(cards("3♥ 7♠ K♣"), cards("A♥"), S, rules)
    assert tuple(answer.legal) == cards("7♠")
    # No heart to play: anything.
    answer = legal_plays(cards("9♦ K♣"), cards("A♥"), S, rules)
    assert tuple(answer.legal) == cards("9♦ K♣")


def test_follow_suit_or_trump_ace_of_hearts_is_not_a_heart():
    rules = NE.replace(follow="suit-or-trump")
    # K♥ led with spades trump; the only "heart" in hand is the A♥, which is a trump: still legal,
    # and a player with no heart but the A♥ may play anything.
    answer = legal_plays(cards("A♥ 9♦ K♣"), cards("K♥"), S, rules)
    assert tuple(answer.legal) == cards("A♥ 9♦ K♣")
    answer = legal_plays(cards("A♥ 3♥ 9♦"), cards("K♥"), S, rules)
    assert tuple(answer.legal) == cards("A♥ 3♥")


# --- rank options --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("aces_high", "played", "winner"),
    [
        (False, "K♠ A♠", "K♠"),
        (True, "K♠ A♠", "A♠"),
        (False, "2♦ A♦", "2♦"),
        (True, "2♦ A♦", "A♦"),
    ],
)
def test_offsuit_aces_high(aces_high, played, winner):
    result = trick_winner(cards(played), H, NE.replace(offsuit_aces_high=aces_high))
    assert result.card == card(winner)


def test_joker_on():
    rules = NE.replace(joker=True)
    result = trick_winner(cards("A♥ jk 2♠"), S, rules)
    assert result.card == Card.JOKER
    assert result.winner == 1
    assert trick_winner(cards("J♠ jk"), S, rules).card == card("J♠")
    assert len(trump_order(D, rules)) == 15
    # The joker is renegable with five-jack-ace: 2♠ led, joker may be held back.
    assert tuple(legal_plays(cards("jk 9♦"), cards("2♠"), S, rules).legal) == cards("jk 9♦")


def test_joker_off():
    with pytest.raises(CardError):
        trick_winner(cards("A♥ jk 2♠"), S, NE)
    assert len(trump_order(D, NE)) == 14


# --- points options ------------------------------------------------------------------------------


@pytest.mark.parametrize(("value", "worth_25"), [("first-lead", False), ("none", True)])
def test_high_without_trump(value, worth_25):
    rules = NE.replace(high_without_trump=value)
    assert rules.may_score_25 is worth_25
    if worth_25:
        assert tuple(points_from_tricks((3, 2), None, rules)) == (15, 10)
        assert tuple(check_points((15, 10), rules)) == (15, 10)
    else:
        with pytest.raises(HandError) as info:
            points_from_tricks((3, 2), None, rules)
        assert info.value.field == "high"
        with pytest.raises(HandError) as info:
            check_points((15, 10), rules)
        assert info.value.field == "points"
    assert tuple(points_from_tricks((3, 2), 1, rules)) == (15, 15)


@pytest.mark.parametrize(("value", "worth_25"), [(False, False), (True, True)])
def test_high_is_five_only(value, worth_25):
    rules = NE.replace(high_is_five_only=value)
    assert rules.may_score_25 is worth_25
    state = play(two_sides(rules))
    entry = HandEntry(bidder=0, bid=15, tricks=(3, 2), high=None)
    if worth_25:
        assert tuple(state.apply(entry).scores) == (15, 10)
    else:
        assert_refused(state, entry, "high", r"high|best")


def test_high_is_asked_only_when_both_sides_took_tricks():
    state = play(two_sides(NE))
    assert state.high_needed((2, 3)) is True
    assert state.high_needed((5, 0)) is False
    assert play(two_sides(NE.replace(high_without_trump="none"))).high_needed((5, 0)) is True


# --- bidding options -----------------------------------------------------------------------------


def test_dealer_may_hold_off():
    state = play(two_sides(NE))  # Ann (side 0) deals
    assert_refused(state, HandEntry(bidder=0, bid=20, hold=True, points=(20, 10)), "hold", r"hold")


def test_dealer_may_hold_on():
    state = play(two_sides(NE.replace(dealer_may_hold=True)))
    assert tuple(state.apply(HandEntry(bidder=0, bid=20, hold=True, points=(20, 10))).scores) == (20, 10)
    assert tuple(state.apply(HandEntry(bidder=0, bid=15, hold=True, points=(20, 10))).scores) == (20, 10)
    # Only the dealer's side holds.
    assert_refused(state, HandEntry(bidder=1, bid=20, hold=True, points=(10, 20)), ("hold", "bidder"), r"deal")


def test_hold_from_twenty():
    state = play(two_sides(NE.replace(dealer_may_hold=True, hold_from=20)))
    assert_refused(state, HandEntry(bidder=0, bid=15, hold=True, points=(20, 10)), ("hold", "bid"), r"20")
    assert tuple(state.apply(HandEntry(bidder=0, bid=20, hold=True, points=(20, 10))).scores) == (20, 10)


def test_hold_allowed_bids():
    assert 15 in allowed_bids(0, NE.replace(dealer_may_hold=True), hold=True)
    assert 15 not in allowed_bids(0, NE.replace(dealer_may_hold=True, hold_from=20), hold=True)
    assert 20 in allowed_bids(0, NE.replace(dealer_may_hold=True, hold_from=20), hold=True)


@pytest.mark.parametrize(("value", "at_100", "at_95"), [(False, 15, 15), (True, 20, 15)])
def test_min_bid_from_100(value, at_100, at_95):
    rules = NE.replace(min_bid_from_100=value)
    assert min_bid(100, rules) == at_100
    assert min_bid(95, rules) == at_95
    assert min(b for b in allowed_bids(100, rules) if isinstance(b, int)) == at_100
    state = play(two_sides(rules, scores=(100, 0)))
    assert state.min_bids[0] == at_100
    assert state.min_bids[1] == 15
    entry = HandEntry(bidder=0, bid=15, points=(15, 15))
    if value:
        assert_refused(state, entry, "bid", r"20")
    else:
        assert tuple(state.apply(entry).scores) == (115, 15)


@pytest.mark.parametrize(
    ("value", "points", "after"),
    [
        ("double", (30, 0), (60, 0)),
        ("double", (25, 5), (-60, 5)),
        ("bell", (30, 0), (60, 0)),
        ("bell", (25, 5), (-30, 5)),
    ],
)
def test_thirty_for_sixty(value, points, after):
    rules = NE.replace(thirty_for_sixty=value)
    assert "30-for-60" in allowed_bids(0, rules)
    state = play(two_sides(rules), HandEntry(bidder=0, bid="30-for-60", points=points))
    assert tuple(state.scores) == after


def test_thirty_for_sixty_off():
    assert "30-for-60" not in allowed_bids(0, NE)
    state = play(two_sides(NE))
    assert_refused(state, HandEntry(bidder=0, bid="30-for-60", points=(30, 0)), "bid", r"30")
    # A plain 30 made scores 30, not 60.
    assert tuple(state.apply(HandEntry(bidder=0, bid=30, points=(30, 0))).scores) == (30, 0)


def test_bid_labels():
    assert engine.bid_label(20) == "20"
    assert engine.bid_label("30-for-60") == "30 for 60"
    assert engine.bid_label("slam") == "slam"


@pytest.mark.parametrize(("tricks", "high", "after"), [((5, 0), 0, (120, 0)), ((4, 1), 0, (-60, 5))])
def test_slam_on(tricks, high, after):
    rules = NE.replace(slam=True)
    assert "slam" in allowed_bids(0, rules)
    state = play(two_sides(rules), HandEntry(bidder=0, bid="slam", tricks=tricks, high=high))
    assert tuple(state.scores) == after
    if after[0] >= 120:
        assert state.winner == 0


def test_slam_off():
    assert "slam" not in allowed_bids(0, NE)
    state = play(two_sides(NE))
    assert_refused(state, HandEntry(bidder=0, bid="slam", tricks=(5, 0), high=0), "bid", r"slam")


@pytest.mark.parametrize(("value", "after"), [(False, (30, 0)), (True, (60, 0))])
def test_all_five_tricks_doubles(value, after):
    rules = NE.replace(all_five_tricks_doubles=value)
    state = play(two_sides(rules), HandEntry(bidder=0, bid=15, tricks=(5, 0), high=0))
    assert tuple(state.scores) == after


def test_all_five_tricks_doubles_not_for_defenders():
    rules = NE.replace(all_five_tricks_doubles=True)
    state = play(two_sides(rules), HandEntry(bidder=0, bid=15, tricks=(0, 5), high=1))
    assert tuple(state.scores) == (-15, 30)
    # Four tricks is not all five.
    state = play(two_sides(rules), HandEntry(bidder=0, bid=15, tricks=(4, 1), high=0))
    assert tuple(state.scores) == (25, 5)


@pytest.mark.parametrize(
    ("value", "leader"),
    [("bidder", 3), ("left-of-bidder", 0), ("bidder-chooses", None), ("left-of-dealer", 1)],
)
def test_first_lead(value, leader):
    first_leader = engine.first_leader
    rules = NE.replace(first_lead=value)
    setup = two_sides(rules)
    # Four seats; Ann (seat 0) deals, Ben (seat 3) wins the bid.
    assert first_leader(rules, setup.seats, 0, 3) == leader


def test_first_lead_without_bidding_is_left_of_dealer():
    rules = Rules.preset("traditional")
    assert rules.first_lead == "left-of-dealer"
    first_leader = engine.first_leader
    setup = two_sides(rules)
    assert first_leader(rules, setup.seats, 3, None) == 0


# --- scoring options -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lock", "lock_at", "after_a"),
    [("off", None, 115), ("cap", 105, 105), ("freeze", 100, 100)],
)
def test_lock_stops_a_non_bidder(lock, lock_at, after_a):
    """A at 100 does not bid and takes 15."""
    rules = NE.replace(lock=lock, lock_at=lock_at, on_the_green=False)
    state = play(two_sides(rules, scores=(100, 0)), HandEntry(bidder=1, bid=15, points=(15, 15)))
    assert tuple(state.scores) == (after_a, 15)
    if lock != "off":
        assert "locked" in state.standing[0]
    else:
        assert "locked" not in state.standing[0]


@pytest.mark.parametrize(("lock", "lock_at"), [("off", None), ("cap", 105), ("freeze", 100)])
def test_lock_never_stops_the_bidder(lock, lock_at):
    rules = NE.replace(lock=lock, lock_at=lock_at)
    state = play(two_sides(rules, scores=(100, 0)), HandEntry(bidder=0, bid=15, points=(20, 10)))
    assert tuple(state.scores) == (120, 10)
    assert state.winner == 0


def test_cap_below_the_line_scores_up_to_it():
    rules = NE.replace(lock="cap", lock_at=105, target=110, on_the_green=False)
    state = play(two_sides(rules, scores=(95, 0)), HandEntry(bidder=1, bid=15, points=(15, 15)))
    assert tuple(state.scores) == (105, 15)


def test_lock_needs_a_number():
    with pytest.raises(RulesError) as info:
        NE.replace(lock="cap", lock_at=None)
    assert info.value.field in ("lock", "lock_at")


@pytest.mark.parametrize(
    ("green", "green_at", "winner", "standing_b"),
    [
        (True, None, None, True),
        (False, None, 0, False),
        (True, 116, 0, False),
        (True, 110, None, True),
    ],
)
def test_on_the_green(green, green_at, winner, standing_b):
    """The rule book's last worked scoring example: 110–100, B bids 15 and takes 15 → 125–115."""
    rules = NE.replace(on_the_green=green, green_at=green_at)
    state = play(two_sides(rules, scores=(110, 100)), HandEntry(bidder=1, bid=15, points=(15, 15)))
    assert tuple(state.scores) == (125, 115)
    assert state.winner == winner
    assert ("on-the-green" in state.standing[1]) is standing_b


def test_green_line():
    assert NE.green_line == 90
    assert NE.replace(green_at=100).green_line == 100
    assert NE.replace(target=150).green_line == 120
    assert NE.replace(on_the_green=False).green_line is None


def test_candidate_wins_later_when_the_other_side_falls_off_the_green():
    state = play(
        two_sides(NE, scores=(110, 100)),
        HandEntry(bidder=1, bid=15, points=(15, 15)),  # 125-115, B on the green
        HandEntry(bidder=1, bid=30, points=(5, 25)),
    )  # B set: 130-85
    assert tuple(state.scores) == (130, 85)
    assert state.winner == 0


def test_green_side_wins_by_bidding_out():
    state = play(
        two_sides(NE, scores=(110, 100)),
        HandEntry(bidder=1, bid=15, points=(15, 15)),  # 125-115
        HandEntry(bidder=1, bid=15, points=(15, 15)),
    )  # B bids and makes: 140-130
    assert tuple(state.scores) == (140, 130)
    assert state.winner == 1


def test_several_candidates_most_points_wins():
    rules = NE.replace(on_the_green=False)
    state = play(cut_throat(3, rules, scores=(110, 105, 0)), HandEntry(bidder=2, bid=30, points=(15, 15, 0)))
    assert tuple(state.scores) == (125, 120, -30)
    assert state.winner == 0


def test_tied_candidates_play_on():
    rules = NE.replace(on_the_green=False)
    state = play(cut_throat(3, rules, scores=(110, 110, 0)), HandEntry(bidder=2, bid=30, points=(15, 15, 0)))
    assert tuple(state.scores) == (125, 125, -30)
    assert state.winner is None
    assert "must-bid-out" in state.standing[0] and "must-bid-out" in state.standing[1]


@pytest.mark.parametrize(("value", "after_a"), [(False, 45), (True, 0)])
def test_forty_five_resets(value, after_a):
    rules = NE.replace(forty_five_resets=value)
    state = play(two_sides(rules, scores=(30, 0)), HandEntry(bidder=1, bid=15, points=(15, 15)))
    assert tuple(state.scores) == (after_a, 15)


def test_forty_five_resets_on_a_set():
    rules = NE.replace(forty_five_resets=True)
    state = play(two_sides(rules, scores=(60, 0)), HandEntry(bidder=0, bid=15, points=(10, 20)))
    assert tuple(state.scores) == (0, 20)


@pytest.mark.parametrize("value", [None, -80])
def test_elimination_at(value):
    rules = NE.replace(elimination_at=value)
    state = play(cut_throat(3, rules, scores=(-65, 0, 0)), HandEntry(bidder=0, bid=15, points=(10, 10, 10)))
    assert tuple(state.scores) == (-80, 10, 10)
    if value is None:
        assert "eliminated" not in state.standing[0]
        assert tuple(state.apply(HandEntry(bidder=0, bid=15, points=(15, 10, 5))).scores) == (-65, 20, 15)
    else:
        assert "eliminated" in state.standing[0]
        assert_refused(state, HandEntry(bidder=0, bid=15, points=(15, 10, 5)), "bidder", r"Ada")
        later = state.apply(HandEntry(bidder=1, bid=15, points=(0, 15, 15)))
        assert later.scores[0] == -80


def test_elimination_skips_the_deal():
    rules = NE.replace(elimination_at=-80)
    state = play(
        cut_throat(3, rules, scores=(-65, 0, 0)), HandEntry(bidder=0, bid=15, points=(10, 10, 10))
    )  # Ada deals, is set, leaves
    assert state.dealer_seat == 1
    state = state.apply(HandEntry(bidder=1, bid=15, points=(0, 15, 15)))
    assert state.dealer_seat == 2
    state = state.apply(HandEntry(bidder=1, bid=15, points=(0, 15, 15)))
    assert state.dealer_seat == 1  # Ada's turn is skipped


@pytest.mark.parametrize(
    ("points", "after"),
    [
        ((20, 0, 0, 5, 5), (20, 0, 0, 5, 5)),  # made: Ada +20, her called partner Cal shares +20
        ((10, 0, 0, 10, 10), (-20, 0, -20, 10, 10)),  # set: both lose the bid
    ],
)
def test_call_for_partner(points, after):
    rules = NE.replace(call_for_partner=True)
    state = play(cut_throat(5, rules), HandEntry(bidder=0, bid=20, partner=2, points=points))
    h = state.hands[-1]
    assert h.deltas[0] == h.deltas[2]
    if after[0] > 0:
        assert h.deltas[0] == 20
    else:
        assert tuple(state.scores) == after


def test_call_for_partner_off():
    state = play(cut_throat(5, NE))
    assert_refused(state, HandEntry(bidder=0, bid=20, partner=2, points=(20, 0, 0, 5, 5)), "partner", r"partner")


@pytest.mark.parametrize(("target", "winner"), [(120, None), (45, 0)])
def test_target(target, winner):
    rules = NE.replace(target=target)
    state = play(two_sides(rules, scores=(30, 0)), HandEntry(bidder=0, bid=15, points=(20, 10)))
    assert tuple(state.scores) == (50, 10)
    assert state.winner == winner


def test_bidding_false_traditional():
    rules = Rules.preset("traditional")
    assert rules.bidding is False
    state = play(two_sides(rules), HandEntry(tricks=(3, 2), high=0))
    assert tuple(state.scores) == (20, 10)
    state = state.apply(HandEntry(points=(10, 15)))
    assert tuple(state.scores) == (30, 25)
    assert_refused(state, HandEntry(bidder=0, bid=15, points=(15, 15)), ("bidder", "bid"), r"bid")


def test_bidding_true_needs_a_bid():
    state = play(two_sides(NE))
    assert_refused(state, HandEntry(tricks=(3, 2), high=0), ("bidder", "bid"), r"bid")


def test_traditional_most_points_wins_and_tie_plays_on():
    rules = Rules.preset("traditional")
    state = play(two_sides(rules, scores=(35, 40)), HandEntry(points=(15, 10)))
    assert tuple(state.scores) == (50, 50)
    assert state.winner is None
    state = state.apply(HandEntry(points=(5, 20)))
    assert state.winner == 1
    state = play(two_sides(rules, scores=(35, 20)), HandEntry(points=(10, 20)))
    assert state.winner == 0


# --- presets and validation ----------------------------------------------------------------------

# What the four bidding presets hold in common, but where one says otherwise.
_BIDDING = dict(
    target=120,
    bidding=True,
    follow="any",
    renegable="five-jack-ace",
    renege_against="lead",
    on_the_green=False,
    lock="off",
    high_without_trump="none",
)

PRESET_VALUES = {
    "new-england": dict(
        _BIDDING,
        on_the_green=True,
        high_without_trump="first-lead",
        dealer_may_hold=False,
        first_lead="bidder",
    ),
    "nova-scotia": dict(
        _BIDDING,
        follow="suit-or-trump",
        dealer_may_hold=True,
        min_bid_from_100=True,
        all_five_tricks_doubles=True,
        first_lead="left-of-bidder",
    ),
    "auction-100": dict(_BIDDING, lock="freeze", lock_at=100),
    "one-ten": dict(
        _BIDDING,
        target=110,
        lock="cap",
        lock_at=105,
        dealer_may_hold=True,
        first_lead="bidder-chooses",
        others_draw_at_most=3,
    ),
    "traditional": dict(
        target=45,
        bidding=False,
        follow="suit-or-trump",
        renegable="five",
        on_the_green=False,
        lock="off",
        high_without_trump="none",
        first_lead="left-of-dealer",
    ),
}


def test_presets_in_order():
    assert list(PRESETS) == PRESET_NAMES


@pytest.mark.parametrize("name", list(PRESET_VALUES))
def test_preset_values(name):
    rules = Rules.preset(name)
    assert rules == PRESETS[name]
    for option, value in PRESET_VALUES[name].items():
        assert getattr(rules, option) == value, option
    assert Rules.from_dict(name) == rules
    assert Rules.from_dict({"preset": name}) == rules
    assert Rules.from_dict(rules.to_dict()) == rules


def test_default_is_new_england():
    assert Rules() == Rules.preset("new-england")
    assert Rules.from_dict({}) == Rules()
    assert Rules.preset("new-england").green_line == 90


def test_every_option_of_section_13_exists():
    names = {f.name for f in dataclasses.fields(Rules)}
    assert names == set(OPTION_NAMES)
    assert set(engine.OPTION_INFO) == names
    for name, info in engine.OPTION_INFO.items():
        assert info.name == name


def test_from_dict_changes_one_option_of_a_preset():
    rules = Rules.from_dict({"preset": "nova-scotia", "follow": "any"})
    assert rules.follow == "any"
    assert rules.min_bid_from_100 is True


def test_unknown_preset():
    with pytest.raises(RulesError) as info:
        Rules.preset("klondike")
    assert info.value.field == "preset"
    assert "klondike" in str(info.value)
    with pytest.raises(RulesError) as info:
        Rules.from_dict({"preset": "klondike"})
    assert info.value.field == "preset"


def test_unknown_option_is_named():
    with pytest.raises(RulesError) as info:
        Rules.from_dict({"trumps_wild": True})
    assert info.value.field == "trumps_wild"
    assert "trumps_wild" in str(info.value)


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("follow", "sideways"),
        ("renegable", "queen"),
        ("renege_against", "first"),
        ("high_without_trump", "all"),
        ("thirty_for_sixty", "triple"),
        ("tie_break", "coin-toss"),
        ("sixty_for_120", "yes"),
        ("offsuit_set_bonus", 1),
        ("high_bonus", None),
        ("first_lead", "dealer"),
        ("lock", "bolt"),
        ("hold_from", 17),
        ("target", 0),
        ("target", -120),
        ("target", "lots"),
        ("joker", "maybe"),
        ("slam", 2),
    ],
)
def test_bad_value_is_named(option, value):
    base = {"dealer_may_hold": True} if option == "hold_from" else {}
    with pytest.raises(RulesError) as info:
        Rules.from_dict({**base, option: value})
    assert info.value.field == option
    assert isinstance(info.value, ValueError)
    with pytest.raises(RulesError) as info:
        NE.replace(**base, **{option: value})
    assert info.value.field == option


def test_first_side_later_to_qualify_wins():
    rules = NE.replace(on_the_green=False)
    state = play(
        cut_throat(3, rules, scores=(110, 110, 0)),
        HandEntry(bidder=2, bid=30, points=(15, 15, 0)),  # 125-125-(-30): tie, play on
        HandEntry(bidder=2, bid=30, points=(10, 5, 15)),
    )  # 135-130-(-60)
    assert state.winner == 0


def test_on_the_green_any_other_side_blocks():
    state = play(cut_throat(3, NE, scores=(110, 95, 0)), HandEntry(bidder=2, bid=15, points=(10, 0, 20)))
    assert tuple(state.scores) == (120, 95, 20)
    assert state.winner is None
    state = play(cut_throat(3, NE, scores=(110, 80, 0)), HandEntry(bidder=2, bid=15, points=(10, 0, 20)))
    assert state.winner == 0


@pytest.mark.parametrize(("points", "after"), [((30, 0), (60, 0)), ((25, 5), (25, 5))])
def test_all_five_tricks_doubles_from_points(points, after):
    rules = NE.replace(all_five_tricks_doubles=True)
    assert tuple(play(two_sides(rules), HandEntry(bidder=0, bid=20, points=points)).scores) == after


def test_forty_five_resets_only_on_exactly_45():
    rules = NE.replace(forty_five_resets=True)
    state = play(two_sides(rules, scores=(35, 25)), HandEntry(bidder=1, bid=20, points=(10, 20)))
    assert tuple(state.scores) == (0, 0)
    state = play(two_sides(rules, scores=(35, 30)), HandEntry(bidder=1, bid=20, points=(10, 20)))
    assert tuple(state.scores) == (0, 50)
