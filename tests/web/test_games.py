"""The score sheet pages through the test client, with real CSRF and no JavaScript."""

from __future__ import annotations

import html
import re

import pytest
from sqlalchemy import event, func, select

from scorekeeper.platform.extensions import db
from scorekeeper.rules import HandEntry, Rules, Side
from scorekeeper.store import games as services
from scorekeeper.store.models import Game, Hand
from tests._support.games import FOUR, errors, hand, hands_in_db, new_game, page, read_csrf_token, text


def games_in_db(app) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(Game))


def first_hand(body: str) -> dict[str, str]:
    """The form of hand 1 as a phone sends it: the first side bids 20 and takes 3 tricks and the high."""
    return {
        "csrf_token": read_csrf_token(body),
        "n": "1",
        "bidder": "0",
        "bid": "20",
        "by": "tricks",
        "tricks": "3",
        "high": "0",
    }


def hand_change(body: str, **fields: str) -> dict[str, str]:
    """The change-a-hand form of the page *body*: the first side bids and takes all 5 tricks, but for *fields*."""
    version = re.search(r'name="version" value="(\d+)"', body).group(1)
    form = {"csrf_token": read_csrf_token(body), "version": version, "bidder": "0", "by": "tricks", "tricks": "5"}
    return {**form, "high": "", **fields}


def summary(body: str) -> list[str]:
    """The messages listed at the top of a refused new-game form."""
    start = body.index('id="new-game-error"')
    block = body[start : body.index("</div>", start)]
    return [
        html.unescape(re.sub(r"\s+", " ", e).strip()) for e in re.findall(r"<li><a [^>]*>(.*?)</a></li>", block, re.S)
    ]


# -- New game -----------------------------------------------------------------------


def test_new_game_page_offers_presets_house_rules_and_remembered_names(client):
    body = page(client, "/games/new")
    assert "Game to 120; a side on the green (90 or more) must bid to go out" in body
    assert "<details" in body and "House rules" in body
    assert 'name="opt_lock"' in body and 'name="opt_elimination_at"' in body
    assert 'list="recent-names"' in body
    assert "seats 1 and 3 play together, 2 and 4" in body
    # Four boxes in sight, more on demand; the house rules folded away; no select boxes for a choice.
    assert body.index('id="players-3"') < body.index("More players") < body.index('id="players-4"')
    assert re.search(r'<details class="fold house-rules">', body)


def test_who_deals_first_lists_the_last_games_players_by_name_in_seat_order(client):
    assert new_game(client, **{"players-0": "Cathy", "players-2": "Ann"}).status_code == 303
    body = page(client, "/games/new")
    assert [m for m in re.findall(r'<span data-seat-name="\d">([^<]+)</span>', body)][:4] == [
        "Cathy",
        "Bob",
        "Ann",
        "Dee",
    ]
    assert 'id="players-0" list="recent-names"' in body and 'value="Cathy"' in body


def test_starting_a_game_redirects_to_its_sheet_and_remembers_it(client, app):
    response = new_game(client)
    assert response.status_code == 303
    sheet_url = response.headers["Location"]
    body = page(client, sheet_url)
    assert "Ann &amp; Cal v Bob &amp; Dee" in body
    assert not re.search(r"\b(Us|Them)\b", re.sub(r"<[^>]+>", " ", body))
    assert "Hand 1: <strong>Ann</strong> deals" in body
    assert "<strong>Bob</strong> bids first" in body
    # The home page lists it as this device's game, with the link that records.
    home = page(client, "/")
    assert sheet_url in home
    # Names typed before come back as suggestions.
    assert '<option value="Dee">' in page(client, "/games/new")


def test_cut_throat_gives_every_player_a_side(client):
    response = new_game(client, mode="cut-throat", **{"players-0": "Ann", "players-1": "Bob", "players-2": "Cal"})
    body = page(client, response.headers["Location"])
    assert "Ann v Bob v Cal" in body


def test_house_rules_and_starting_scores_from_paper(client, app):
    response = new_game(
        client,
        opt_lock="cap",
        opt_lock_at="105",
        opt_target="110",
        opt_on_the_green="no",
        **{"start_scores-0": "45", "start_scores-1": "15", "in_hole_1": "y"},
    )
    assert response.status_code == 303
    with app.app_context():
        game = db.session.scalars(select(Game)).one()
        assert game.rules["lock"] == "cap" and game.rules["lock_at"] == 105 and game.rules["target"] == 110
        assert game.start_scores == [45, -15]
    body = page(client, response.headers["Location"])
    assert "From paper" in body
    assert 'class="total circled" title="in the hole">−15<' in body


@pytest.mark.parametrize(
    "fields, message",
    [
        (
            {"players-0": "Ann", "players-1": "", "players-2": "", "players-3": ""},
            "Write the names of at least two players",
        ),
        (
            {"players-0": "Ann", "players-1": "Bob", "players-2": "Cal", "players-3": ""},
            "3 players cannot make 2 sides of partners",
        ),
        ({"players-3": "ann"}, "Two players have the same name"),
        ({"opt_lock": "cap"}, "Say at how many points the cap lock starts"),
        ({"opt_target": "lots"}, "as a whole number of points"),
        ({"first_dealer": "6"}, "Choose one of the players to deal first"),
        ({"first_dealer": "²"}, "Choose the player who deals first"),
        ({"start_scores-0": "٣"}, "Write a starting score as a number"),
        ({"start_scores-0": "43"}, "a starting score must be a multiple of 5"),
        ({"side_names-0": "Them", "side_names-1": "them"}, "Two sides have the same name"),
    ],
)
def test_a_refused_game_is_422_with_the_reason_said_once_and_nothing_saved(client, app, fields, message):
    response = new_game(client, **fields)
    assert response.status_code == 422
    body = response.get_data(as_text=True)
    listed = summary(body)
    assert any(message in e for e in listed), listed
    # Said once: in the list at the top, which links to the box; not again beside it.
    assert sum(text(body).count(e) for e in listed) == len(listed), text(body)
    assert games_in_db(app) == 0
    # What was typed is kept.
    assert 'value="Ann"' in body


def test_new_game_without_csrf_token_is_refused(client, app):
    response = client.post("/games/new", data={**FOUR, "preset": "new-england", "mode": "partners"})
    assert response.status_code == 400
    assert games_in_db(app) == 0


# -- Recording hands ----------------------------------------------------------------


def test_record_a_hand_in_four_taps_redirects_and_shows_the_row(client, app, sheet):
    response = hand(client, sheet, bidder=0, bid=20, tricks=3, high=0)
    assert response.status_code == 303
    body = page(client, response.headers["Location"].split("#")[0])
    assert "Hand 1 recorded." in body
    row = re.search(r'<tr id="hand-1".*?</tr>', body, re.S).group(0)
    assert "✓ made" in row and ">20<" in row
    assert ">+20<" in row and ">+10<" in row
    assert "Undo hand 1 (Ann's deal: Ann &amp; Cal bid 20)" in body
    assert hands_in_db(app) == 1


def test_a_set_hand_is_circled_and_the_total_in_the_hole_too(client, sheet):
    hand(client, sheet, bidder=1, bid=25, tricks=2, high=1)
    body = page(client, sheet)
    row = re.search(r'<tr id="hand-1".*?</tr>', body, re.S).group(0)
    assert "✗ set" in row
    assert 'class="delta circled" title="set">−25<' in row
    assert 'class="running circled" title="in the hole">−25<' in row
    assert "in the hole" in text(body)


def test_bagged_shortcut_plays_the_dealers_side_at_its_lowest_bid(client, sheet):
    response = hand(client, sheet, bagged="y", tricks=4, high=0)
    assert response.status_code == 303
    body = page(client, sheet)
    row = re.search(r'<tr id="hand-1".*?</tr>', body, re.S).group(0)
    assert "bagged" in row and "Ann &amp; Cal <strong>15</strong>" in row


def test_high_not_needed_when_one_side_took_every_trick(client, sheet):
    response = hand(client, sheet, bidder=0, bid=30, tricks=5, high="")
    assert response.status_code == 303
    assert ">+30<" in page(client, sheet)


def test_points_instead_of_tricks(client, sheet):
    response = hand(client, sheet, bidder=1, bid=15, by="points", **{"points-0": "10", "points-1": "20"})
    assert response.status_code == 303
    row = re.search(r'<tr id="hand-1".*?</tr>', page(client, sheet), re.S).group(0)
    assert ">+20<" in row and ">+10<" in row


@pytest.mark.parametrize(
    "fields, message",
    [
        ({"bid": 20, "tricks": 3, "high": 0}, "Tap the side that won the bid."),
        ({"bidder": 0, "tricks": 3, "high": 0}, "Tap the bid."),
        ({"bidder": 0, "bid": 20, "high": 0}, "Tap how many tricks the bidding side took."),
        ({"bidder": 0, "bid": 20, "tricks": 3, "high": ""}, "Both sides took tricks: say which side took the high."),
        ({"bidder": 0, "bid": 20, "tricks": 0, "high": 0}, "A side that took no trick cannot have taken the high"),
        ({"bidder": 1, "bid": 20, "bagged": "y", "tricks": 3, "high": 1}, "Only the dealer's side can be bagged"),
        (
            {"bidder": 0, "bid": 20, "by": "points", "points-0": "10", "points-1": "10"},
            "The points add up to 20, but a hand is worth 30",
        ),
    ],
)
def test_a_refused_hand_is_422_beside_its_field_and_nothing_saved(client, app, sheet, fields, message):
    response = hand(client, sheet, **fields)
    assert response.status_code == 422
    body = response.get_data(as_text=True)
    assert any(message in e for e in errors(body)), errors(body)
    assert hands_in_db(app) == 0
    # What was typed stays tapped.
    for name in ("bidder", "bid"):
        if name in fields and fields[name] != "":
            assert re.search(rf'<input checked id="{name}-\d" name="{name}" type="radio" value="{fields[name]}">', body)


def test_a_resent_form_records_once_and_answers_409(client, app, sheet):
    body = page(client, sheet)
    data = first_hand(body)
    assert client.post(sheet + "/hands", data=data).status_code == 303
    again = client.post(sheet + "/hands", data=data)
    assert again.status_code == 409
    body = again.get_data(as_text=True)
    assert "Hand 1 is already on the sheet, just as entered: it was saved once." in body
    assert 'name="n" value="2"' in body  # the fresh form is for the next hand
    assert hands_in_db(app) == 1
    # A different hand 1 (from another phone) is told someone else got there first.
    other = client.post(sheet + "/hands", data={**data, "bid": "25"})
    assert other.status_code == 409
    assert "Hand 1 was just recorded by another phone." in other.get_data(as_text=True)
    assert hands_in_db(app) == 1


def test_htmx_record_swaps_the_sheet_and_a_fresh_form_in_one_response(client, app, sheet):
    body = page(client, sheet)
    data = first_hand(body)
    response = client.post(sheet + "/hands", data=data, headers={"HX-Request": "true"})
    assert response.status_code == 200
    part = response.get_data(as_text=True)
    assert part.lstrip().startswith('<div id="play">')
    assert "<html" not in part
    assert '<tr id="hand-1"' in part and 'name="n" value="2"' in part
    # A refusal comes back as 422 with the form in place (htmx is told to swap 422).
    data["n"] = "2"
    data["bid"] = ""
    refused = client.post(sheet + "/hands", data=data, headers={"HX-Request": "true"})
    assert refused.status_code == 422
    assert "Tap the bid." in refused.get_data(as_text=True)
    assert hands_in_db(app) == 1


def test_a_game_played_to_a_win_shows_who_won_and_why(client, sheet):
    # Us bid 30 and make all of it, four times: 120.
    for _ in range(4):
        assert hand(client, sheet, bidder=0, bid=30, tricks=5).status_code == 303
    body = page(client, sheet)
    assert "Ann &amp; Cal won!" in body
    assert "Ann &amp; Cal bid 30 and made it: the bidder goes out with 120." in body
    assert 'id="hand-form"' not in body
    assert "Rematch" in body


# -- Undo and edit -----------------------------------------------------------------


def test_undo_removes_the_last_hand_and_offers_it_again(client, app, sheet):
    hand(client, sheet, bidder=0, bid=20, tricks=3, high=0)
    hand(client, sheet, bidder=1, bid=25, tricks=4, high=1)
    body = page(client, sheet)
    assert "Undo hand 2 (Bob's deal: Bob &amp; Dee bid 25)" in body
    response = client.post(sheet + "/undo", data={"csrf_token": read_csrf_token(body), "n": "2"})
    assert response.status_code == 303
    assert hands_in_db(app) == 1
    after = page(client, sheet)
    assert "Hand 2 removed." in after
    assert "Enter hand 2 again" in after
    assert '<input checked id="bid-2" name="bid" type="radio" value="25">' in after
    # A second tap of the same undo button is not another undo.
    again = client.post(sheet + "/undo", data={"csrf_token": read_csrf_token(after), "n": "2"})
    assert again.status_code == 409
    assert hands_in_db(app) == 1


def test_editing_an_old_hand_recomputes_every_later_total(client, app, sheet):
    hand(client, sheet, bidder=0, bid=20, tricks=3, high=0)  # Us 20, Them 10
    hand(client, sheet, bidder=1, bid=20, tricks=3, high=1)  # Us 30, Them 30
    edit_url = sheet + "/hands/1/edit"
    body = page(client, edit_url)
    assert re.search(r'<input checked id="took-\d" name="took" type="radio" value="3h">', body)
    data = hand_change(body, bid="20", tricks="4", high="0")
    response = client.post(edit_url, data=data)
    assert response.status_code == 303
    after = page(client, sheet)
    row = re.search(r'<tr id="hand-2".*?</tr>', after, re.S).group(0)
    assert ">35<" in row  # Us 25 after hand 1 now, +10 in hand 2
    assert "edited" in re.search(r'<tr id="hand-1".*?</tr>', after, re.S).group(0)


def test_a_refused_edit_is_422_and_changes_nothing(client, app, sheet):
    for _ in range(3):
        hand(client, sheet, bidder=0, bid=30, tricks=5)  # Us 90: on the green
    hand(client, sheet, bidder=0, bid=30, tricks=5)  # Us 120: won
    with app.app_context():
        before = [(h.n, h.tricks) for h in db.session.scalars(select(Hand).order_by(Hand.n))]
    edit_url = sheet + "/hands/1/edit"
    body = page(client, edit_url)
    data = hand_change(body, bid="30", bagged="y")
    response = client.post(edit_url, data=data)
    assert response.status_code == 422
    assert any("A bagged dealer plays for 15, not 30" in e for e in errors(response.get_data(as_text=True)))
    with app.app_context():
        assert [(h.n, h.tricks) for h in db.session.scalars(select(Hand).order_by(Hand.n))] == before


def test_an_edit_that_breaks_a_later_hand_is_refused(client, app):
    with app.app_context():
        game = services.create_game(
            "new-england", [Side("Us", ("Ann", "Cal")), Side("Them", ("Bob", "Dee"))], scores=(100, 0)
        )
        services.record_hand(game, HandEntry(bidder=1, bid=20, tricks=(2, 3), high=1))  # Us 110, Them 20
        services.record_hand(game, HandEntry(bidder=0, bid=15, tricks=(3, 2), high=0))  # Us 130: out
        url = f"/games/{game.id}/{game.edit_token}"
    body = page(client, url + "/hands/1/edit")
    # Us bid and make 20 in hand 1 instead: they go out there, so hand 2 could never have been played.
    data = hand_change(body, bid="20")
    response = client.post(url + "/hands/1/edit", data=data)
    assert response.status_code == 422
    assert "The game was already won at hand 1, so hand 2 cannot follow it" in response.get_data(as_text=True)
    sheet_body = page(client, url)
    assert "edited" not in sheet_body
    assert "Us won!" in sheet_body and ">130<" in sheet_body


def test_a_hand_or_a_change_sent_without_its_number_is_refused_atop_the_form(client, app, sheet):
    blank = hand(client, sheet, n="", bidder=0, bid=20, tricks=3, high=0)
    assert blank.status_code == 422
    assert "The hand number of this form is missing: reload the sheet." in text(blank.get_data(as_text=True))
    assert hands_in_db(app) == 0
    hand(client, sheet, bidder=0, bid=20, tricks=3, high=0)
    edit_url = sheet + "/hands/1/edit"
    changed = client.post(edit_url, data=hand_change(page(client, edit_url), bid="20", version=""))
    assert changed.status_code == 422
    assert "The version of this form is missing: reload the page." in text(changed.get_data(as_text=True))
    assert "took-" in changed.get_data(as_text=True)  # the change, as typed, to send again
    with app.app_context():
        assert [(h.n, h.tricks) for h in db.session.scalars(select(Hand))] == [(1, [3, 2])]


def test_editing_a_hand_that_does_not_exist_is_404(client, sheet):
    assert client.get(sheet + "/hands/3/edit").status_code == 404


# -- Finish, rematch, delete --------------------------------------------------------


def test_finish_early_then_carry_on(client, sheet):
    hand(client, sheet, bidder=0, bid=20, tricks=3, high=0)
    body = page(client, sheet)
    response = client.post(sheet + "/finish", data={"csrf_token": read_csrf_token(body)})
    assert response.status_code == 303
    body = page(client, sheet)
    assert "Game finished without a winner" in body
    assert 'id="hand-form"' not in body
    client.post(sheet + "/reopen", data={"csrf_token": read_csrf_token(body)})
    assert 'id="hand-form"' in page(client, sheet)


def test_rematch_starts_a_new_game_with_the_same_players(client, app, sheet):
    body = page(client, sheet)
    response = client.post(sheet + "/rematch", data={"csrf_token": read_csrf_token(body)})
    assert response.status_code == 303
    new_url = response.headers["Location"]
    assert new_url != sheet
    body = page(client, new_url)
    assert "Ann &amp; Cal" in body
    assert "Hand 1: <strong>Bob</strong> deals" in body
    assert games_in_db(app) == 2


def test_delete_asks_first_then_deletes(client, app, sheet):
    hand(client, sheet, bidder=0, bid=20, tricks=3, high=0)
    body = page(client, sheet + "/delete")
    assert "Delete this game?" in body
    refused = client.post(sheet + "/delete", data={"csrf_token": read_csrf_token(body)})
    assert refused.status_code == 422
    assert games_in_db(app) == 1
    done = client.post(sheet + "/delete", data={"csrf_token": read_csrf_token(body), "confirm": "y"})
    assert done.status_code == 303
    assert games_in_db(app) == 0 and hands_in_db(app) == 0
    assert client.get(sheet).status_code == 404
    assert sheet not in page(client, "/")


# -- Links and read-only view --------------------------------------------------------


def test_wrong_tokens_are_404(client, app, sheet):
    game_id = sheet.split("/")[2]
    assert client.get(f"/games/{game_id}/not-the-token").status_code == 404
    assert client.get(f"/games/{game_id}/view/not-the-token").status_code == 404
    assert client.get("/games/nope/whatever").status_code == 404
    with app.app_context():
        game = db.session.get(Game, game_id)
        view_token = game.view_token
    # The view token does not open the sheet that records.
    assert client.get(f"/games/{game_id}/{view_token}").status_code == 404


def test_read_only_view_has_no_forms(client, app, sheet):
    hand(client, sheet, bidder=0, bid=20, tricks=3, high=0)
    game_id = sheet.split("/")[2]
    with app.app_context():
        game = db.session.get(Game, game_id)
        url = f"/games/{game_id}/view/{game.view_token}"
        edit_token = game.edit_token
    body = page(client, url)
    # The one form is the phone's choice of language, which every page has.
    assert "<form" not in re.sub(r'<form class="language-choice".*?</form>', "", body, flags=re.S)
    assert edit_token not in body
    assert '<tr id="hand-1"' in body
    assert "watching" in body


def test_standings_are_in_words_and_link_to_the_rules(client, sheet):
    for _ in range(3):
        hand(client, sheet, bidder=0, bid=30, tricks=5)
    body = page(client, sheet)
    bar = body[body.index('class="scorebar"') : body.index("</section>", body.index('class="scorebar"'))]
    # Explained in place: the word opens its meaning on the sheet, with the rule book inside.
    assert re.search(
        r'<details class="term mark mark-on-the-green term-on-the-green"><summary>on the green</summary>', bar
    )
    assert 'href="/rules#on-the-green">In the rule book</a>' in bar


# -- Query count ---------------------------------------------------------------------


def _game_with_hands(app, count: int) -> str:
    with app.app_context():
        game = services.create_game("new-england", [Side("Us", ("Ann", "Cal")), Side("Them", ("Bob", "Dee"))])
        for i in range(count):
            # Each side in turn bids 30 and is set, so nobody gets near the target.
            if i % 2:
                services.record_hand(game, HandEntry(bidder=1, bid=30, tricks=(2, 3), high=1))
            else:
                services.record_hand(game, HandEntry(bidder=0, bid=30, tricks=(3, 2), high=0))
        return f"/games/{game.id}/{game.edit_token}"


def _statements(app, client, url) -> int:
    seen = []
    with app.app_context():
        engine = db.engine

    def count(*args):
        seen.append(args[2])

    event.listen(engine, "before_cursor_execute", count)
    try:
        assert client.get(url).status_code == 200
    finally:
        event.remove(engine, "before_cursor_execute", count)
    return len(seen)


def test_the_sheet_takes_the_same_few_queries_for_10_or_60_hands(client, app):
    short = _game_with_hands(app, 10)
    long = _game_with_hands(app, 60)
    client.get(short)  # sets the games cookie, so both reads below are alike
    client.get(long)
    few, many = _statements(app, client, short), _statements(app, client, long)
    assert few == many
    assert many <= 6
    assert '<tr id="hand-60"' in page(client, long)


# -- Other tables --------------------------------------------------------------------


def test_three_sides_enter_each_sides_tricks(client, app):
    response = new_game(client, mode="cut-throat", **{"players-2": "Cal", "players-3": ""})
    url = response.headers["Location"]
    body = page(client, url)
    assert 'name="points-2"' in body  # as on paper, each side's points as big buttons
    refused = hand(
        client, url, bidder=0, bid=15, **{"side_tricks-0": "3", "side_tricks-1": "1", "side_tricks-2": "0", "high": "0"}
    )
    assert refused.status_code == 422
    assert any("The tricks add up to 4" in e for e in errors(refused.get_data(as_text=True)))
    assert hands_in_db(app) == 0
    done = hand(
        client, url, bidder=0, bid=15, **{"side_tricks-0": "3", "side_tricks-1": "1", "side_tricks-2": "1", "high": "1"}
    )
    assert done.status_code == 303
    row = re.search(r'<tr id="hand-1".*?</tr>', page(client, url), re.S).group(0)
    assert ">+15<" in row and ">+10<" in row and ">+5<" in row


def test_traditional_game_has_no_bid_to_tap(client):
    response = new_game(client, preset="traditional")
    url = response.headers["Location"]
    body = page(client, url)
    assert 'name="bidder"' not in body and "Bagged" not in body
    assert "Points Ann &amp; Cal took" in body
    assert "Nobody took the high: the hand is worth 25" in body
    assert hand(client, url, tricks=2, high="").status_code == 422  # the high question is asked
    assert hand(client, url, tricks=2, high="none").status_code == 303
    row = re.search(r'<tr id="hand-1".*?</tr>', page(client, url), re.S).group(0)
    assert ">+10<" in row and ">+15<" in row
    # On paper: the first side's points, and the box when nobody took the high.
    assert hand(client, url, by="points", took_points=20, no_high="y").status_code == 303
    row = re.search(r'<tr id="hand-2".*?</tr>', page(client, url), re.S).group(0)
    assert ">+20<" in row and ">+5<" in row


# -- Changing the rules before the first hand -----------------------------------------


def test_the_rules_can_change_before_the_first_hand_and_are_fixed_after(client, app, sheet):
    body = page(client, sheet)
    assert "Change the rules (before the first hand)" in body
    form = page(client, sheet + "/rules")
    # The form shows the game's rules as they are.
    assert re.search(r'<input checked id="preset-\d" name="preset" type="radio" value="new-england">', form)
    data = {
        "csrf_token": read_csrf_token(form),
        "version": re.search(r'name="version" value="(\d+)"', form)[1],
        "preset": "nova-scotia",
        "opt_target": "100",
        "opt_lock": "cap",
        "opt_lock_at": "90",
    }
    response = client.post(sheet + "/rules", data=data)
    assert response.status_code == 303, re.findall(
        r"(?:form|field)-error[^>]*>([^<]*)", response.get_data(as_text=True)
    )
    with app.app_context():
        stored = db.session.scalars(select(Game)).one()
        rules = Rules.from_dict(stored.rules)
    assert rules == Rules.preset("nova-scotia").replace(target=100, lock="cap", lock_at=90)
    body = page(client, sheet)
    assert "The rules are changed." in body and "game to 100" in body
    # Shown again, the form holds the new rules: Nova Scotia with two house rules.
    form = page(client, sheet + "/rules")
    assert re.search(r'<input checked id="preset-\d" name="preset" type="radio" value="nova-scotia">', form)
    assert 'value="100"' in form and '<option selected value="cap">' in form
    assert '<details class="house-rules" open>' in form

    # After the first hand the rules stay as they are.
    hand = first_hand(body)
    assert client.post(sheet + "/hands", data=hand).status_code == 303
    assert "Change the rules" not in page(client, sheet)
    assert "fixed once the first hand is recorded" in page(client, sheet + "/rules")
    refused = client.post(sheet + "/rules", data={**data, "version": "3", "opt_target": "150"})
    assert refused.status_code == 409
    assert "fixed once the first hand is recorded" in refused.get_data(as_text=True)
    with app.app_context():
        assert Rules.from_dict(db.session.scalars(select(Game)).one().rules).target == 100


def test_a_mistyped_house_rule_is_shown_beside_it_and_changes_nothing(client, app, sheet):
    form = page(client, sheet + "/rules")
    data = {"csrf_token": read_csrf_token(form), "preset": "new-england", "opt_target": "lots"}
    response = client.post(sheet + "/rules", data=data)
    assert response.status_code == 422
    body = response.get_data(as_text=True)
    assert "Nothing was changed: fix what is marked below." in body
    assert 'id="opt_target-error"' in body and 'value="lots"' in body
    with app.app_context():
        assert Rules.from_dict(db.session.scalars(select(Game)).one().rules) == Rules.preset("new-england")
    # Without the form's token nothing changes either.
    assert client.post(sheet + "/rules", data={"preset": "nova-scotia"}).status_code == 400
    with app.app_context():
        assert Rules.from_dict(db.session.scalars(select(Game)).one().rules) == Rules.preset("new-england")


def test_the_view_link_cannot_change_the_rules(client, sheet):
    body = page(client, sheet + "/invite")
    view = re.search(r'(/games/[^/"]+/view/[^"]+)"', body)[1]
    game_id, view_token = view.split("/")[2], view.split("/")[4]
    assert client.get(f"/games/{game_id}/{view_token}/rules").status_code == 404
    assert "Change the rules" not in page(client, view)


def test_every_rule_shown_in_the_form_comes_back_the_same(app):
    from werkzeug.datastructures import MultiDict

    from scorekeeper.rules import OPTION_INFO, PRESETS
    from scorekeeper.web.games.new_game import RulesForm

    numbers = {"target": (45, 100, 150), "lock_at": (95, 105), "green_at": (80, 100), "elimination_at": (-50, -100)}
    checked = 0
    with app.test_request_context():
        for name in PRESETS:
            for option, info in OPTION_INFO.items():
                for value in info.choices or numbers[option]:
                    try:
                        rules = Rules.preset(name).replace(**{option: value})
                    except ValueError:
                        continue  # a value the preset cannot take with its other options
                    shown = RulesForm(formdata=None, meta={"csrf": False})
                    shown.fill_rules(rules)
                    sent = MultiDict(
                        {"preset": shown.preset.data, **{f.name: f.data for _, f in shown.option_fields()}}
                    )
                    assert RulesForm(formdata=sent, meta={"csrf": False}).build_rules() == rules, (name, option, value)
                    checked += 1
    assert checked > 200


def test_a_won_game_is_not_opened_again_and_the_sheet_says_why(client, app):
    with app.app_context():
        game = services.create_game(
            "new-england", [Side("Us", ("Ann", "Cal")), Side("Them", ("Bob", "Dee"))], scores=[110, 50]
        )
        services.record_hand(game, HandEntry(bidder=0, bid=20, tricks=(5, 0)))
        sheet_url = f"/games/{game.id}/{game.edit_token}"
    body = page(client, sheet_url)
    assert "Us won!" in body
    response = client.post(sheet_url + "/reopen", data={"csrf_token": read_csrf_token(body)})
    assert response.status_code == 303
    after = page(client, sheet_url)
    assert "This game was won. Undo the winning hand to play on." in after
    with app.app_context():
        assert db.session.scalars(select(Game)).one().finished_at is not None


def test_a_side_named_bassetts_keeps_its_note_on_the_sheet(client):
    response = new_game(
        client,
        opt_lock="cap",
        opt_lock_at="105",
        **{"side_names-0": "Bassetts", "side_names-1": "Sets", "start_scores-0": "100", "start_scores-1": "0"},
    )
    url = response.headers["Location"]
    assert hand(client, url, bidder=1, bid=30, by="points", took_points=10).status_code == 303
    row = re.search(r'<tr id="hand-1".*?</tr>', page(client, url), re.S).group(0)
    assert "✗ set" in row
    assert '<span class="note">Bassetts: stopped at 105 by the lock, 15 lost</span>' in row
    assert "Sets: set" not in row  # the set itself is said once, by the mark


def test_the_bids_offered_are_the_engines_in_order_when_sides_start_at_different_floors(client):
    response = new_game(client, preset="nova-scotia", **{"start_scores-0": "100", "start_scores-1": "0"})
    body = page(client, response.headers["Location"])
    offered = re.findall(r'name="bid" type="radio" value="([^"]+)"', body)
    assert offered == ["15", "20", "25", "30"] + [b for b in offered if not b.isdigit()]
    # 15 is offered (the other side may bid it), and refused to the side at 100.
    refused = hand(
        client, response.headers["Location"], bidder=0, bid=15, **{"points-0": "15", "points-1": "15"}, by="points"
    )
    assert refused.status_code == 422
    assert any("lowest bid it may make is 20" in e for e in errors(refused.get_data(as_text=True)))
