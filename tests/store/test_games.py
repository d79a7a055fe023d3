"""Games stored and changed through services: facts in, scores replayed, conflicts refused."""

import re
import threading
from contextlib import contextmanager

import pytest
from sqlalchemy import event, func, select

from scorekeeper.platform.extensions import db
from scorekeeper.rules import HandEntry, HandError, Rules, SetupError, Side
from scorekeeper.store import games as services
from scorekeeper.store.games import HandConflict, StaleGame
from scorekeeper.store.models import Game, Hand, Player
from scorekeeper.store.models import Side as SideRow
from scorekeeper.words import refusal
from tests._support.app import SIDES

US_THEM = [Side(side["name"], tuple(side["players"])) for side in SIDES]


@contextmanager
def said(kind, pattern):
    """The block raises *kind*, and its refusal says *pattern* in the reader's words."""
    with pytest.raises(kind) as caught:
        yield caught
    assert re.search(pattern, refusal(caught.value)), refusal(caught.value)


def hand(bidder, bid, tricks, high=None, **extra):
    return HandEntry(bidder=bidder, bid=bid, tricks=tricks, high=high, **extra)


# The rule book's worked examples: A bids 15 and takes 10 (set), then B bids 20 and takes 15 (set).
A_SET = hand(0, 15, (2, 3), high=1)  # -15 – 20
B_SET = hand(1, 20, (2, 3), high=0)  # 0 – 0


def count(model):
    return db.session.scalar(select(func.count()).select_from(model))


@pytest.fixture
def ctx(app):
    with app.app_context():
        yield app


@pytest.fixture
def game(game, ctx):
    """The shared new game (tests/conftest.py), as the services load it."""
    return services.load_game(game["id"])


def reload(game):
    db.session.expire_all()
    return services.load_game(game.id)


# -- Creating -------------------------------------------------------------------------


def test_new_game_seats_partners_alternately_and_keeps_the_rules(game):
    game = reload(game)
    assert [s.name for s in game.sides] == ["Us", "Them"]
    assert [(p.seat, p.name, p.side_index) for p in game.players] == [
        (0, "Frank", 0),
        (1, "John", 1),
        (2, "Fred", 0),
        (3, "Jim", 1),
    ]
    assert Rules.from_dict(game.rules) == Rules.preset("new-england")
    state = services.state_for(game)
    assert state.scores == (0, 0)
    assert state.dealer == "Frank"
    assert game.version == 1 and game.finished_at is None


def test_links_are_unguessable_and_distinct(ctx):
    a = services.create_game("new-england", US_THEM)
    b = services.create_game("new-england", US_THEM)
    tokens = {a.edit_token, a.view_token, b.edit_token, b.view_token}
    assert len(tokens) == 4
    assert all(len(t) >= 43 for t in tokens)  # 32 random bytes
    assert a.id != b.id


def test_game_carried_on_from_paper_starts_from_its_scores(ctx):
    game = services.create_game(Rules.preset("new-england"), US_THEM, first_dealer=1, scores=[50, 35])
    state = services.state_for(reload(game))
    assert state.scores == (50, 35)
    assert state.dealer == "John"


@pytest.mark.parametrize(
    ("sides", "scores", "field"),
    [
        ([Side("Us", ("Frank",))], None, "sides"),
        ([Side("Us", ("Frank", "Fred")), Side("Them", ("John",))], None, "players"),
        (US_THEM, [50, 33], "scores"),
        ([Side("U" * 81, ("Frank",)), Side("Them", ("John",))], None, "sides"),
        ([Side("Us\x00", ("Frank",)), Side("Them", ("John",))], None, "sides"),
        ([Side("Us", ("Fr\x07ank",)), Side("Them", ("John",))], None, "players"),
    ],
)
def test_game_that_cannot_be_played_is_refused_and_not_stored(ctx, sides, scores, field):
    with pytest.raises(SetupError) as refused:
        services.create_game("new-england", sides, scores=scores)
    assert refused.value.field == field
    db.session.rollback()
    assert count(Game) == 0 and count(Player) == 0


def test_load_game_takes_four_queries_however_long_the_game(game):
    for entry in [A_SET, B_SET, A_SET, B_SET, A_SET]:
        services.record_hand(game, entry)
    game_id = game.id
    db.session.close()
    statements = []
    engine = db.engine
    listener = lambda *args: statements.append(args[2])  # noqa: E731
    event.listen(engine, "before_cursor_execute", listener)
    try:
        loaded = services.load_game(game_id)
        state = services.state_for(loaded)
        _ = [p.name for p in loaded.players], [s.name for s in loaded.sides]
    finally:
        event.remove(engine, "before_cursor_execute", listener)
    assert len(state.hands) == 5
    assert len(statements) <= 4


@pytest.mark.parametrize("game_id", ["no-such-game", "", "\x00", "a b", "é", "x" * 65, None, 7])
def test_load_game_of_an_unknown_id_is_none(game, game_id):
    assert services.load_game(game_id) is None


# -- Recording --------------------------------------------------------------------------


def test_recorded_hands_are_replayed_into_scores(game):
    state = services.record_hand(game, A_SET, n=1)
    assert state.scores == (-15, 20)
    state = services.record_hand(reload(game), B_SET, n=2)
    assert state.scores == (0, 0)

    game = reload(game)
    assert game.version == 3
    assert [h.n for h in game.hands] == [1, 2]
    first = game.hands[0]
    assert (first.bidder, first.bid, first.tricks, first.high, first.points) == (0, 15, [2, 3], 1, None)
    assert services.state_for(game).scores == (0, 0)
    assert services.state_for(game).dealer == "Fred"


def test_points_entered_directly_are_stored_as_points(game):
    services.record_hand(game, HandEntry(bidder=1, bid=20, points=(5, 25)))
    stored = reload(game).hands[0]
    assert (stored.points, stored.tricks, stored.high) == ([5, 25], None, None)
    assert services.state_for(reload(game)).scores == (5, 25)


def test_hand_the_rules_refuse_saves_nothing(game):
    with pytest.raises(HandError) as refused:
        services.record_hand(game, hand(0, 15, (2, 2), high=0), n=1)
    assert refused.value.field == "tricks"
    game = reload(game)
    assert game.hands == [] and game.version == 1


def test_hand_number_already_taken_is_a_conflict(game):
    services.record_hand(game, A_SET, n=1)
    with said(HandConflict, r"^Hand 1 was just recorded by another phone\.$"):
        services.record_hand(reload(game), B_SET, n=1)
    # The very same hand again (a double tap, a resend) is told it was saved once.
    with said(HandConflict, r"^Hand 1 is already on the sheet, just as entered"):
        services.record_hand(reload(game), A_SET, n=1)
    game = reload(game)
    assert len(game.hands) == 1 and game.version == 2


def test_hand_number_ahead_of_the_sheet_is_a_conflict(game):
    with said(HandConflict, "the next hand is hand 1, not 3"):
        services.record_hand(game, A_SET, n=3)
    assert reload(game).hands == []


def test_second_phone_with_a_stale_sheet_cannot_record_the_same_hand(app, game):
    game_id = game.id
    with app.app_context():  # the other phone loads the sheet...
        other = services.load_game(game_id)
        with app.app_context():  # ...this phone records the hand first.
            services.record_hand(services.load_game(game_id), A_SET)
        with said(HandConflict, "Hand 1 was just recorded by another phone"):
            services.record_hand(other, A_SET)
    game = reload(game)
    assert len(game.hands) == 1 and game.version == 2


def test_two_phones_recording_at_the_same_moment_store_one_hand(app, game):
    game_id = game.id
    barrier = threading.Barrier(2)
    outcomes = []

    def phone():
        with app.app_context():
            loaded = services.load_game(game_id)
            services.state_for(loaded)
            barrier.wait()
            try:
                services.record_hand(loaded, A_SET, n=1)
                outcomes.append("recorded")
            except HandConflict as conflict:
                outcomes.append(refusal(conflict))
            finally:
                db.session.remove()

    threads = [threading.Thread(target=phone) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert [t.name for t in threads if t.is_alive()] == [], "both phones' writes ended"
    assert sorted(outcomes) == ["Hand 1 was just recorded by another phone.", "recorded"]
    game = reload(game)
    assert len(game.hands) == 1 and game.version == 2


def test_winning_hand_finishes_the_game_and_no_hand_may_follow(ctx):
    game = services.create_game("new-england", US_THEM, scores=[115, 95])
    state = services.record_hand(game, hand(1, 25, (1, 4), high=1))  # B bids 25, takes 25
    assert state.scores == (120, 120) and state.winner == 1
    game = reload(game)
    assert game.finished_at is not None
    with said(HandError, "The game is over"):
        services.record_hand(game, A_SET)
    assert len(reload(game).hands) == 1


# -- Undo -------------------------------------------------------------------------------


def test_undo_removes_the_last_hand_and_its_points(game):
    services.record_hand(game, A_SET)
    services.record_hand(reload(game), B_SET)
    state = services.undo_last(reload(game), expected_n=2)
    assert state.scores == (-15, 20)
    game = reload(game)
    assert [h.n for h in game.hands] == [1]
    assert services.state_for(game).scores == (-15, 20)
    assert services.state_for(game).dealer == "John"
    # The next hand takes the freed number.
    services.record_hand(game, B_SET, n=2)
    assert [h.n for h in reload(game).hands] == [1, 2]


def test_undo_with_nothing_recorded_says_so(game):
    with said(HandError, "no hand to undo"):
        services.undo_last(game)


def test_undo_of_the_winning_hand_reopens_the_game(ctx):
    game = services.create_game("new-england", US_THEM, scores=[115, 95])
    services.record_hand(game, hand(1, 25, (1, 4), high=1))
    assert reload(game).finished_at is not None
    services.undo_last(reload(game))
    assert reload(game).finished_at is None


def test_undo_of_a_hand_already_undone_elsewhere_is_refused(game):
    services.record_hand(game, A_SET)
    services.record_hand(reload(game), B_SET)
    services.undo_last(reload(game), expected_n=2)
    with said(StaleGame, "Hand 2 was already undone on another phone"):
        services.undo_last(reload(game), expected_n=2)
    assert [h.n for h in reload(game).hands] == [1]


def test_two_undos_from_the_same_sheet_remove_only_one_hand(app, game):
    services.record_hand(game, A_SET)
    services.record_hand(reload(game), B_SET)
    game_id = game.id
    with app.app_context():
        other = services.load_game(game_id)
        with app.app_context():
            services.undo_last(services.load_game(game_id))
        with said(StaleGame, "changed on another phone"):
            services.undo_last(other)
    assert [h.n for h in reload(game).hands] == [1]


# -- Editing ------------------------------------------------------------------------------


def test_editing_an_old_hand_recomputes_every_later_hand(game):
    services.record_hand(game, A_SET)  # -15 – 20
    services.record_hand(reload(game), B_SET)  # 0 – 0
    # Hand 1 was misread: Us took 4 tricks and the high, making the 15.
    state = services.edit_hand(reload(game), 1, hand(0, 15, (4, 1), high=0))
    assert [h.scores for h in state.hands] == [(25, 5), (40, -15)]
    game = reload(game)
    assert services.state_for(game).scores == (40, -15)
    assert [h.edited for h in game.hands] == [True, False]
    assert game.hands[0].tricks == [4, 1]
    assert game.version == 4


def test_edit_that_leaves_a_later_hand_impossible_changes_nothing(ctx):
    game = services.create_game("new-england", US_THEM, scores=[100, 0])
    services.record_hand(game, hand(1, 15, (2, 3), high=1))  # 110 – 20
    services.record_hand(reload(game), hand(0, 15, (3, 2), high=0))  # 130: Us bid and go out
    before = [(h.bid, h.tricks, h.high) for h in reload(game).hands]
    # Had Us taken the whole first hand they would have won it, so hand 2 could not follow.
    with said(HandError, "already won") as refused:
        services.edit_hand(reload(game), 1, hand(1, 15, (5, 0), high=0))
    assert refused.value.field == "game"
    game = reload(game)
    assert [(h.bid, h.tricks, h.high) for h in game.hands] == before
    assert not any(h.edited for h in game.hands)
    assert game.version == 3
    assert services.state_for(game).winner == 0


def test_edit_that_breaks_a_later_bid_changes_nothing(ctx):
    game = services.create_game("nova-scotia", US_THEM, scores=[80, 0])
    services.record_hand(game, hand(0, 15, (3, 2), high=1))  # 95 – 15
    services.record_hand(reload(game), hand(0, 15, (3, 2), high=1))  # 110 – 30
    # If hand 1 had given Us 100, their 15 in hand 2 would be below the 20 a side at 100 must bid.
    with said(HandError, "Hand 2") as refused:
        services.edit_hand(reload(game), 1, hand(0, 15, (3, 2), high=0))
    assert refused.value.field == "bid"
    assert not any(h.edited for h in reload(game).hands)


def test_edit_of_a_hand_that_does_not_exist_is_refused(game):
    services.record_hand(game, A_SET)
    with said(HandError, "There is no hand 2"):
        services.edit_hand(reload(game), 2, A_SET)


def test_edit_from_a_stale_sheet_is_refused(app, game):
    services.record_hand(game, A_SET)
    game_id = game.id
    with app.app_context():
        other = services.load_game(game_id)
        with app.app_context():
            services.edit_hand(services.load_game(game_id), 1, hand(0, 15, (4, 1), high=0))
        with pytest.raises(StaleGame):
            services.edit_hand(other, 1, hand(0, 15, (5, 0)))
    assert reload(game).hands[0].tricks == [4, 1]


def test_edit_against_an_old_version_is_refused(game):
    services.record_hand(game, A_SET)
    with pytest.raises(StaleGame):
        services.edit_hand(reload(game), 1, hand(0, 15, (4, 1), high=0), expected_version=1)
    assert reload(game).hands[0].edited is False


# -- Deleting and rematch ---------------------------------------------------------------------


def test_deleting_a_game_deletes_its_sides_players_and_hands(game):
    services.record_hand(game, A_SET)
    keep = services.create_game("new-england", [Side("Ann", ("Ann",)), Side("Bob", ("Bob",))])
    services.delete_game(reload(game))
    assert services.load_game(game.id) is None
    assert count(Game) == 1 and count(SideRow) == 2 and count(Player) == 2 and count(Hand) == 0
    assert services.load_game(keep.id) is not None


def test_rematch_keeps_the_table_and_moves_the_deal_on(game):
    services.record_hand(game, A_SET)
    new = services.rematch(reload(game))
    new = reload(new)
    old = reload(game)
    assert new.id != old.id and new.edit_token != old.edit_token
    assert [(p.seat, p.name, p.side_index) for p in new.players] == [
        (p.seat, p.name, p.side_index) for p in old.players
    ]
    assert new.rules == old.rules
    assert new.hands == [] and new.start_scores is None
    assert services.state_for(new).dealer == "John"


def test_a_game_finished_early_stays_finished_through_undo_and_edit_and_takes_no_hand(game):
    services.record_hand(game, A_SET)
    services.record_hand(reload(game), B_SET)
    services.finish_game(reload(game))
    with said(HandError, "finished early") as refused:
        services.record_hand(reload(game), A_SET, n=3)
    assert refused.value.field == "game"
    assert len(reload(game).hands) == 2
    services.edit_hand(reload(game), 1, B_SET)
    assert reload(game).finished_at is not None
    services.undo_last(reload(game))
    assert reload(game).finished_at is not None and len(reload(game).hands) == 1
    # Carrying on opens it for hands again.
    services.finish_game(reload(game), False)
    services.record_hand(reload(game), A_SET, n=2)
    assert len(reload(game).hands) == 2
