"""The questions a hand needs only sometimes, on the sheet: an off-suit set, a tie-break; and the 60 for 120 bid.

The engine says when a hand needs them; the first save of such a hand is refused with the question in
place, and the scorekeeper answers it and saves again. Ordinary hands are not asked.
"""

from __future__ import annotations

import re

from tests._support.games import errors, hand, hands_in_db, new_game, page, read_csrf_token, text

THREE = {"players-0": "Ada", "players-1": "Bea", "players-2": "Cal", "players-3": ""}


def question(body: str, name: str) -> list[tuple[str, str]]:
    """The (value, label) of each big button of the question *name*, as the page shows them."""
    return [
        (value, label)
        for value, label in re.findall(
            rf'<input id="{name}-\d+" name="{name}" type="radio" value="([^"]*)"><span>([^<]*)</span>', body
        )
    ]


def start(client, **fields) -> str:
    response = new_game(client, **fields)
    assert response.status_code == 303, errors(response.get_data(as_text=True))
    return response.headers["Location"]


def edit_form(client, url: str) -> tuple[str, dict[str, str]]:
    body = page(client, url)
    data = {
        "csrf_token": read_csrf_token(body),
        "version": re.search(r'name="version" value="(\d+)"', body).group(1),
    }
    return body, data


# -- Off-suit set ------------------------------------------------------------------------


def test_a_set_hand_is_asked_about_an_offsuit_set_once_then_scores_30(client, app):
    sheet = start(client, opt_offsuit_set_bonus="yes")
    body = page(client, sheet)
    assert 'name="offsuit_set"' not in body  # not asked before it can apply

    refused = hand(client, sheet, by="points", bidder=0, bid=20, took_points=15)
    assert refused.status_code == 422
    body = refused.get_data(as_text=True)
    assert question(body, "offsuit_set") == [("1", "Bob &amp; Dee"), ("none", "No: trumps helped set it")]
    assert any("Ann & Cal was set. Did a side set it with off-suit cards only" in e for e in errors(body))
    assert hands_in_db(app) == 0
    # What was tapped is kept, so one more tap answers it.
    assert re.search(r'<input checked id="took_points-\d" name="took_points" type="radio" value="15">', body)

    saved = hand(client, sheet, by="points", bidder=0, bid=20, took_points=15, offsuit_set=1)
    assert saved.status_code == 303
    after = page(client, saved.headers["Location"].split("#")[0])
    row = text(re.search(r'<tr id="hand-1".*?</tr>', after, re.S).group(0))
    assert "set the bidder with off-suit cards only, 30" in row
    assert "+30" in row and "−20" in row
    assert hands_in_db(app) == 1


def test_no_offsuit_set_scores_what_was_taken(client):
    sheet = start(client, opt_offsuit_set_bonus="yes")
    saved = hand(client, sheet, by="points", bidder=0, bid=20, took_points=15, offsuit_set="none")
    assert saved.status_code == 303
    row = text(re.search(r'<tr id="hand-1".*?</tr>', page(client, sheet), re.S).group(0))
    assert "+15" in row and "off-suit" not in row


def test_a_made_hand_or_a_game_without_the_bonus_is_not_asked(client):
    sheet = start(client, opt_offsuit_set_bonus="yes")
    assert hand(client, sheet, by="points", bidder=0, bid=20, took_points=20).status_code == 303
    plain = start(client)
    assert hand(client, plain, by="points", bidder=0, bid=20, took_points=15).status_code == 303


def test_the_edit_page_asks_the_offsuit_set_again_and_keeps_the_answer(client):
    sheet = start(client, opt_offsuit_set_bonus="yes")
    hand(client, sheet, by="points", bidder=0, bid=20, took_points=15, offsuit_set=1)
    body, data = edit_form(client, sheet + "/hands/1/edit")
    assert re.search(r'<input checked id="offsuit_set-\d" name="offsuit_set" type="radio" value="1">', body)
    data.update(bidder="0", bid="20", by="points", took_points="15", offsuit_set="none")
    assert client.post(sheet + "/hands/1/edit", data=data).status_code == 303
    row = text(re.search(r'<tr id="hand-1".*?</tr>', page(client, sheet), re.S).group(0))
    assert "off-suit" not in row and "+15" in row


# -- Tie-break ---------------------------------------------------------------------------


def tie_game(client) -> str:
    """Cut-throat, no green line, ties broken by the later trick; Ada and Bea start on 105."""
    return start(
        client,
        mode="cut-throat",
        opt_tie_break="last-trick",
        opt_on_the_green="no",
        **THREE,
        **{"start_scores-0": "105", "start_scores-1": "105", "start_scores-2": "0"},
    )


TIE = {"by": "points", "bidder": 2, "bid": 15, "points-0": 15, "points-1": 15, "points-2": 0}


def test_a_tie_for_the_win_is_asked_then_the_side_named_wins(client, app):
    sheet = tie_game(client)
    assert 'name="tie_break_side"' not in page(client, sheet)

    refused = hand(client, sheet, **TIE)
    assert refused.status_code == 422
    body = refused.get_data(as_text=True)
    assert "Tied for the win: who took the later trick?" in body
    assert question(body, "tie_break_side") == [("0", "Ada"), ("1", "Bea")]
    assert any("Ada and Bea are tied at 120" in e for e in errors(body))
    assert hands_in_db(app) == 0

    saved = hand(client, sheet, **TIE, tie_break_side=1)
    assert saved.status_code == 303
    after = text(page(client, sheet))
    assert "Bea took the later trick and wins" in after
    assert hands_in_db(app) == 1


def test_a_side_that_is_not_tied_is_refused_beside_the_question(client, app):
    sheet = tie_game(client)
    refused = hand(client, sheet, **TIE, tie_break_side=2)
    assert refused.status_code == 422
    assert any("Choose one of the tied sides: Ada and Bea" in e for e in errors(refused.get_data(as_text=True)))
    assert hands_in_db(app) == 0


def test_the_edit_page_keeps_the_tie_break_and_can_change_it(client):
    sheet = tie_game(client)
    hand(client, sheet, **TIE, tie_break_side=1)
    body, data = edit_form(client, sheet + "/hands/1/edit")
    assert re.search(r'<input checked id="tie_break_side-\d" name="tie_break_side" type="radio" value="1">', body)
    data.update({k: str(v) for k, v in TIE.items()}, tie_break_side="0")
    assert client.post(sheet + "/hands/1/edit", data=data).status_code == 303
    assert "Ada took the later trick and wins" in text(page(client, sheet))


# -- 60 for 120 --------------------------------------------------------------------------


def test_sixty_for_120_is_offered_only_where_the_rules_play_it(client):
    assert "60 for 120" not in page(client, start(client))
    sheet = start(client, opt_sixty_for_120="yes")
    assert re.search(r'name="bid" type="radio" value="60-for-120"><span>60 for 120</span>', page(client, sheet))
    saved = hand(client, sheet, by="points", bidder=1, bid="60-for-120", took_points=30)
    assert saved.status_code == 303
    row = text(re.search(r'<tr id="hand-1".*?</tr>', page(client, sheet), re.S).group(0))
    assert "60 for 120" in row and "+120" in row


def test_without_the_high_the_points_hint_does_not_count_one(client):
    assert "5 a trick, 5 for the high;" in page(client, start(client))
    body = page(client, start(client, opt_high_bonus="no"))
    assert "5 a trick; the other side" in body and "5 for the high" not in body
