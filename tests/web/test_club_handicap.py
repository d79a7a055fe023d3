"""The handicap prize, a club option: chosen on the director's page, each couple's handicap on the desk, the
handicap prize list beside the evening's own places, which stay as they are."""

from __future__ import annotations

from tests._support.clubs import open_evening, play_evening, register
from tests._support.parties import post

RULES = {"scoring": "places", "place_points": "8 7 6 5", "minimum": "0", "tie_breaks": ["wins"]}


def evening(app, client, club, day, couples):
    desk = open_evening(client, club, held_on=day)
    for pair in couples:
        register(client, desk, pair)
    return desk


def test_the_handicap_prize_is_a_club_option_shown_on_the_desk_and_the_results(app, client, club):
    assert post(client, club + "/settings", club, {**RULES, "handicap": "on"}).status_code == 303
    assert 'name="handicap" checked' in client.get(club).get_data(as_text=True)
    # Three evenings: Mary & Angus (couple 1) dealt first and won every game, Flora & John never.
    for day in ("2026-10-02", "2026-10-09", "2026-10-16"):
        play_evening(app, client, evening(app, client, club, day, [(1, 2), (3, 4)]))
    desk = evening(app, client, club, "2026-10-23", [(1, 2), (3, 4)])
    page = client.get(desk).get_data(as_text=True)
    # The field won 2 a night; Mary and Angus 4 (−2 each), Flora and John 0 (+2 each).
    assert "handicap −2" in page and "handicap +2" in page
    party_id = play_evening(app, client, desk)
    public = "/clubs/" + club.split("/")[2]
    results = client.get(f"{public}/evenings/{party_id}").get_data(as_text=True)
    prize = results[results.index("Handicap prize") :]
    assert "Place 1: Mary MacNeil &amp; Angus MacNeil, 4 won −2 = 2" in prize
    assert "Place 1: Flora Gillis &amp; John Gillis, 0 won +2 = 2" in prize
    # The evening's own places stay as they were: Mary and Angus first.
    own = results[results.index("Prize winners") : results.index("Handicap prize")]
    assert "Place 1 (4 won): Mary MacNeil &amp; Angus MacNeil" in own


def test_without_the_option_no_handicap_is_shown(app, client, club):
    for day in ("2026-10-02", "2026-10-09", "2026-10-16"):
        play_evening(app, client, evening(app, client, club, day, [(1, 2), (3, 4)]))
    desk = evening(app, client, club, "2026-10-23", [(1, 2), (3, 4)])
    assert "handicap" not in client.get(desk).get_data(as_text=True).replace('name="handicap"', "")
    post(client, club + "/settings", club, {**RULES, "handicap": "on"})
    post(client, club + "/settings", club, RULES)  # ticked off again
    assert "handicap −2" not in client.get(desk).get_data(as_text=True)
