"""A club's pages: the roster, the desk, an evening played, the ladder, the pots, the archive, in both languages."""

from __future__ import annotations

import csv
import io
import re

from scorekeeper.store import parties as party_store
from tests._support.clubs import REGULARS, open_evening, play_evening, register
from tests._support.parties import post


def desk_with_two_couples(client, club):
    """Open an evening and register Mary & Angus MacNeil and Flora & John Gillis at its desk; return the desk."""
    desk = open_evening(client, club)
    register(client, desk, [1, 2])
    register(client, desk, [3, 4])
    return desk


def test_the_roster_keeps_numbers_through_rename_inactive_and_merge(client, club):
    page = client.get(club).get_data(as_text=True)
    assert "Mary MacNeil" in page and ">10</span> Joe Walsh" in page
    post(client, club + "/members/3", club, {"action": "rename", "name": "Flora Gillis-Beaton"})
    post(client, club + "/members/4", club, {"action": "inactive"})
    # A merge is asked first: the first tap changes nothing and names both people.
    asked = post(client, club + "/members/10", club, {"action": "merge", "into": "9"})
    assert asked.status_code == 303 and "/members/10/merge?into=9" in asked.headers["Location"]
    confirm = client.get(asked.headers["Location"]).get_data(as_text=True)
    assert "Joe Walsh" in confirm and "Peggy Walsh" in confirm and "Yes, merge number 10 into number 9" in confirm
    assert "merged into number 9" not in client.get(club).get_data(as_text=True)
    post(client, club + "/members/10", club, {"action": "merge", "into": "9", "confirm": "y"})
    page = client.get(club).get_data(as_text=True)
    assert ">3</span> Flora Gillis-Beaton" in page
    assert "inactive" in page and "merged into number 9" in page
    # A new member gets the next number, never a number given before.
    post(client, club + "/members", club, {"name": "Newcomer"})
    assert ">11</span> Newcomer" in client.get(club).get_data(as_text=True)


def test_a_merge_is_undone_and_the_evenings_are_the_members_own_again(app, client, club):
    desk = desk_with_two_couples(client, club)
    play_evening(app, client, desk)
    post(client, club + "/members/2", club, {"action": "merge", "into": "5", "confirm": "y"})
    public = club.rsplit("/", 1)[0]
    ladder = client.get(public).get_data(as_text=True)
    assert "Angus MacNeil" not in ladder  # his evening counts as Sadie Beaton's
    undone = post(client, club + "/members/2", club, {"action": "unmerge"})
    assert undone.status_code == 303
    page = client.get(club).get_data(as_text=True)
    assert "no longer merged into number 5" in page and "merged into number 5</em>" not in page
    assert "Angus MacNeil" in client.get(public).get_data(as_text=True)
    # Merging a member already merged, or into a merged one, is refused and changes nothing.
    post(client, club + "/members/2", club, {"action": "merge", "into": "5", "confirm": "y"})
    refused = post(client, club + "/members/2", club, {"action": "merge", "into": "6", "confirm": "y"})
    assert "already merged into number 5" in client.get(refused.headers["Location"]).get_data(as_text=True)
    post(client, club + "/members/7", club, {"action": "merge", "into": "2", "confirm": "y"})
    assert "merged into number 2" not in client.get(club).get_data(as_text=True)


def test_the_desk_pairs_couples_and_the_evening_runs_as_any_card_party(app, client, club):
    desk = open_evening(client, club)
    page = client.get(desk).get_data(as_text=True)
    assert "Registration desk" in page and "Mary MacNeil" in page
    assert register(client, desk, [1, 2]).status_code == 303
    follow = client.get(desk).get_data(as_text=True)
    assert "Mary MacNeil &amp; Angus MacNeil registered as couple 1." in follow
    # The same player cannot sit in two couples.
    register(client, desk, [1, 3])
    assert "Already in a couple tonight: Mary MacNeil." in client.get(desk).get_data(as_text=True)
    register(client, desk, [3, 4, 5, 6, 7, 8], action="random")
    page = client.get(desk).get_data(as_text=True)
    assert "3 couples paired at random" in page
    party_id = desk.rsplit("/", 1)[1]
    with app.app_context():
        _row, state = party_store.load(party_id)
    assert len(state.couples) == 4
    assert sorted(p for c in state.couples for p in c.couple.players) == sorted(REGULARS[:8])
    response = post(client, desk + "/start", desk, {"confirm": "y"})
    assert response.status_code == 303 and response.headers["Location"].startswith("/parties/")


def test_a_newcomer_joins_the_roster_at_the_desk(client, club):
    desk = open_evening(client, club)
    post(client, desk + "/newcomer", desk, {"name": "Visitor From Sydney"})
    page = client.get(desk).get_data(as_text=True)
    assert "Visitor From Sydney joins the roster as number 11" in page
    assert 'value="11"' in page


LADDER_LINE = re.compile(
    r'<tr><td>(\d+)</td>\s*<td><details class="club-more"><summary>([^<]+)</summary>\s*'
    r'<span class="club-note">No. (\d+) .*?<td class="club-total">(\d+)</td>',
    re.S,
)


def ladder_lines(page):
    """(position, club number, name, total) of each ranked line of a ladder page."""
    return [(pos, number, name, total) for pos, name, number, total in LADDER_LINE.findall(page)]


def test_the_ladder_follows_the_evenings_and_a_correction_moves_it(app, client, club):
    desk = desk_with_two_couples(client, club)
    party_id = play_evening(app, client, desk)
    public = "/clubs/" + club.split("/")[2]
    page = client.get(public).get_data(as_text=True)
    lines = ladder_lines(page)
    assert lines[0][3] == "8" and lines[-1][3] == "7"
    first = {line[2] for line in lines if line[0] == "1"}
    # Correct every game's result: the couple that won them all lost them all, and the ladder turns over.
    with app.app_context():
        _row, state = party_store.load(party_id)
        wins = state.standings().wins
        other = 0 if wins[0] < wins[1] else 1
        for game in range(1, state.setup.games + 1):
            if state.winner(game, 1) != other:
                state = party_store.write(party_id, lambda s, g=game: [s.result_entry(g, 1, other, correct=True)])
    page = client.get(public).get_data(as_text=True)
    lines = ladder_lines(page)
    now_first = {line[2] for line in lines if line[0] == "1"}
    assert len(first) == 2 and now_first and now_first.isdisjoint(first)
    board = client.get(public + "/board").get_data(as_text=True)
    assert "Ladder of the 2026-2027 season" in board
    ladder_csv = list(csv.reader(io.StringIO(client.get(public + "/ladder.csv").get_data(as_text=True))))
    assert ladder_csv[0][:3] == ["Position", "Club number", "Name"] and len(ladder_csv) == 5


def test_pots_are_tallied_and_the_jackpot_carries_over(app, client, club):
    desk = desk_with_two_couples(client, club)
    party_id = play_evening(app, client, desk)
    pots = desk + "/pots"
    post(
        client,
        pots,
        pots,
        {
            "entry_fee": "5",
            "prize": ["20", "10"],
            "cookie_jar": "2.50",
            "fifty_fifty": "41",
            "fifty_fifty_winner": "Effie Rankin",
            "jackpot_added": "10",
        },
    )
    public = "/clubs/" + club.split("/")[2]
    sheet = client.get(pots).get_data(as_text=True)  # the director's
    assert "Entry fees (4 at CA$5.00)" in sheet and "CA$20.00" in sheet
    assert "50/50 to Effie Rankin" in sheet and "CA$20.50" in sheet
    assert "Jackpot not won: carried over" in sheet
    # The hall's notice board: who won the 50/50, not how much.
    hall = client.get(f"{public}/evenings/{party_id}").get_data(as_text=True)
    assert "50/50 to Effie Rankin" in hall and "CA$" not in hall
    # Next evening: the jackpot carried in is last week's, and it is won.
    desk2 = open_evening(client, club, held_on="2026-12-04")
    post(
        client,
        desk2 + "/pots",
        desk2 + "/pots",
        {"jackpot_added": "10", "jackpot_won": "y", "jackpot_winner": "Dan Beaton"},
    )
    party2 = desk2.rsplit("/", 1)[1]
    sheet = client.get(desk2 + "/pots").get_data(as_text=True)
    assert "Jackpot won by Dan Beaton" in sheet and "CA$20.00" in sheet
    assert "CA$" not in client.get(f"{public}/evenings/{party2}").get_data(as_text=True)
    evenings_csv = client.get(public + "/evenings.csv").get_data(as_text=True)
    assert "Mary MacNeil &amp; Angus MacNeil" not in evenings_csv and "Mary MacNeil & Angus MacNeil" in evenings_csv


def test_the_club_pages_speak_french(client, club):
    desk = open_evening(client, club)
    headers = {"Accept-Language": "fr"}
    assert "Table d’inscription" in client.get(desk, headers=headers).get_data(as_text=True)
    public = "/clubs/" + club.split("/")[2]
    assert "Classement" in client.get(public, headers=headers).get_data(as_text=True)


def test_a_wrong_token_or_unknown_club_is_not_found(client, club):
    club_id = club.split("/")[2]
    assert client.get(f"/clubs/{club_id}/not-the-token").status_code == 404
    assert client.get("/clubs/nosuchclub").status_code == 404


def test_a_substitute_and_games_won_scoring_reach_the_ladder(app, client, club):
    post(
        client,
        club + "/settings",
        club,
        {"scoring": "wins", "place_points": "8 7 6", "minimum": "0", "tie_breaks": ["wins"]},
    )
    desk = desk_with_two_couples(client, club)
    post(client, desk + "/start", desk, {"confirm": "y"})
    # Angus leaves after game 1: Effie (number 7) takes his chair from game 2.
    post(client, desk + "/substitute", desk, {"couple": "1", "slot": "2", "number": "7"})
    page = client.get(desk).get_data(as_text=True)
    assert "The substitute plays for couple 1 from game 2." in page
    assert "Effie Rankin (no. 7) sits in from game 2" in page
    party_id = desk.rsplit("/", 1)[1]
    with app.app_context():
        _row, state = party_store.load(party_id)
        while not state.finished:
            # Couple 1 (Mary with Angus, then Effie) wins every game.
            state = party_store.write(party_id, lambda s: [s.result_entry(s.game, t.number, 0) for t in s.missing()])
    public = "/clubs/" + club.split("/")[2]
    ladder = client.get(f"/api/v1/clubs/{public.split('/')[2]}/ladder").get_json()
    by_name = {line["name"]: line for line in ladder["lines"]}
    assert by_name["Mary MacNeil"]["total"] == 4
    assert by_name["Angus MacNeil"]["total"] == 1
    assert by_name["Effie Rankin"]["total"] == 3 and by_name["Effie Rankin"]["evenings"] == 1
    assert by_name["Flora Gillis"]["total"] == 0
    assert "An evening scores the games the player won." in client.get(public).get_data(as_text=True)


def test_a_new_evening_starts_from_the_last_one_s_settings(client, club):
    open_evening(client, club, games="18", prizes="4", entry_fee="7.50", jackpot_added="5")
    page = client.get(club).get_data(as_text=True)
    assert 'name="games" value="18"' in page and 'name="prizes" value="4"' in page
    assert 'name="entry_fee" inputmode="decimal" value="7.50"' in page
    assert "Fees CA$0.00 · the club keeps CA$0.00 · jackpot CA$5.00" in page


def test_a_couple_registered_by_mistake_is_taken_off_before_the_start(app, client, club):
    desk = desk_with_two_couples(client, club)
    # Asked first: the first tap changes nothing and asks on the couple's line.
    asked = post(client, desk + "/couples/1/off", desk)
    assert asked.headers["Location"].endswith("off=1#couple-1")
    page = client.get(asked.headers["Location"]).get_data(as_text=True)
    assert "Take couple 1 off?" in page and "Yes, take them off" in page and "2 couples registered" in page
    post(client, desk + "/couples/1/off", desk, {"confirm": "y"})
    page = client.get(desk).get_data(as_text=True)
    assert "Couple 1 is taken off: its players can be paired again." in page
    assert "1 couple registered" in page
    # Mary and Angus are on the list to tick again, and can be paired otherwise.
    register(client, desk, [1, 5])
    assert "Mary MacNeil &amp; Sadie Beaton registered as couple 3." in client.get(desk).get_data(as_text=True)
    party_id = play_evening(app, client, desk)
    with app.app_context():
        _row, state = party_store.load(party_id)
    assert state.couples[0].gone_from == 1 and state.standings().wins[0] == 0
    ladder = client.get(f"/api/v1/clubs/{club.split('/')[2]}/ladder").get_json()
    assert "Angus MacNeil" not in {line["name"] for line in ladder["lines"]}
    # Once the evening has started, a couple is no longer taken off at the desk.
    post(client, desk + "/couples/2/off", desk, {"confirm": "y"})
    assert "The evening has started: mark the couple gone" in client.get(desk).get_data(as_text=True)


def test_the_desk_finds_by_first_letters_without_javascript_and_keeps_the_ticks(client, club):
    desk = open_evening(client, club)
    post(client, club + "/members", club, {"name": "Élise Thériault"})
    # Accent- and case-blind, first letters of any word of the name; the ticked ride along, on top.
    page = client.get(desk + "?q=ELI+ther&member=3").get_data(as_text=True)
    shown = re.findall(r'<li data-key="[^"]*" data-number="(\d+)">', page)
    assert shown == ["3", "11"]  # Flora Gillis ticked on top, Élise Thériault the one match
    assert 'value="3" checked' in page
    assert len(re.findall(r'data-number="\d+" hidden>', page)) == 9
    by_number = client.get(desk + "?q=1").get_data(as_text=True)
    assert re.findall(r'<li data-key="[^"]*" data-number="(\d+)">', by_number) == ["1", "10", "11"]
    # Three ticked: the last two are the couple; the one ticked first came alone and stays ticked.
    answer = register(client, desk, [5, 1, 2])
    assert "member=5" in answer.headers["Location"]
    page = client.get(answer.headers["Location"]).get_data(as_text=True)
    assert "Mary MacNeil &amp; Angus MacNeil registered as couple 1." in page
    assert 'value="5" checked' in page
    # Not on the list: the name typed in the find box joins the roster, ticked beside the others.
    added = post(client, desk + "/newcomer", desk, {"q": "Zoé Aucoin", "member": "5"})
    page = client.get(added.headers["Location"]).get_data(as_text=True)
    assert "Zoé Aucoin joins the roster as number 12, ticked." in page
    assert 'value="5" checked' in page and 'value="12" checked' in page


def test_the_printed_kit_is_the_directors_and_each_piece_opens(client, club):
    desk = desk_with_two_couples(client, club)
    director = client.get(club).get_data(as_text=True)
    for what, shows in (
        ("tents", "QR code of table 1"),
        ("punch", "Flora Gillis &amp; John Gillis"),
        ("rules", "A game is one hand."),
        ("ladder", "Ladder of the"),
    ):
        assert f"/print/{what}" in director
        page = client.get(f"{club}/print/{what}")
        assert page.status_code == 200 and shows in page.get_data(as_text=True)
    public = "/clubs/" + club.split("/")[2]
    assert client.get(f"{public}/print/tents").status_code == 404
    assert client.get(f"{club}/print/posters").status_code == 404
    assert client.get(f"{club[:-3]}xyz/print/tents").status_code == 404
    assert desk  # the desk's evening is the one printed


def test_the_home_page_finds_the_club_this_phone_opened(client, club):
    other = client.application.test_client()
    home = other.get("/").get_data(as_text=True)
    assert 'href="/clubs/new"' in home and "Your club: a card party every week" in home
    assert 'href="/clubs/new"' in other.get("/parties/new").get_data(as_text=True)
    # The director's phone finds its club on the home page, with the director's link.
    home = client.get("/").get_data(as_text=True)
    assert "Your club" in home and "Legion Branch 12" in home and f'href="{club}"' in home
    assert "Legion Branch 12" not in other.get("/").get_data(as_text=True)
    # A phone that only opened the public ladder gets the public link back, never the director's.
    public = "/clubs/" + club.split("/")[2]
    other.get(public)
    home = other.get("/").get_data(as_text=True)
    assert f'href="{public}"' in home and f'href="{club}"' not in home


def test_the_hall_board_pages_by_itself_with_or_without_javascript(client):
    made = client.post("/api/v1/clubs", json={"name": "Legion Branch 12"}).get_json()
    cid, auth = made["id"], {"Authorization": f"Bearer {made['edit_token']}"}
    for n in range(70):
        client.post(f"/api/v1/clubs/{cid}/members", json={"name": f"Regular {n + 1}"}, headers=auth)
    couples = [[n, n + 1] for n in range(1, 71, 2)]
    evening = client.post(
        f"/api/v1/clubs/{cid}/evenings", json={"games": 1, "couples": couples, "start": True}, headers=auth
    ).get_json()
    party = client.get(f"/api/v1/parties/{evening['party_id']}").get_json()
    for seat in party["seating"]:
        body = {"game": 1, "table": seat["table"], "winner": seat["deals_first"]}
        client.post(
            f"/api/v1/parties/{evening['party_id']}/results",
            json=body,
            headers={"Authorization": f"Bearer {evening['edit_token']}"},
        )
    first = client.get(f"/clubs/{cid}/board").get_data(as_text=True)
    assert "page 1 of 2" in first and first.count("<tr><td>") == 60
    # Without JavaScript the browser asks for the next page by itself; with it, htmx does the same.
    assert re.search(r'<meta http-equiv="refresh" content="20;url=/clubs/[\w-]+/board\?show=ladder&amp;page=2">', first)
    assert f'hx-get="/clubs/{cid}/board?show=ladder&amp;page=2"' in first
    second = client.get(f"/clubs/{cid}/board?show=ladder&page=2").get_data(as_text=True)
    # 35 couples at 17 tables: the couple sitting out game 1 was never seated, so 68 players are on the ladder.
    assert "page 2 of 2" in second and second.count("<tr><td>") == 8
    assert f'hx-get="/clubs/{cid}/board?show=ladder&amp;page=1"' in second  # no evening tonight: round again
    # A page past the end, or tonight's room with no evening being played, shows the first page.
    assert "page 1 of 2" in client.get(f"/clubs/{cid}/board?page=9&show=evening").get_data(as_text=True)


def test_a_member_replaced_before_the_first_game_may_join_another_couple_and_no_one_sits_in_two(app, client, club):
    from sqlalchemy import select

    from scorekeeper.platform.extensions import db
    from scorekeeper.store.models import ClubSeat

    desk = desk_with_two_couples(client, club)
    party_id = desk.rsplit("/", 1)[1]
    # Angus leaves before the start: Sadie takes his chair from game 1, and Angus is free again.
    post(client, desk + "/substitute", desk, {"couple": "1", "slot": "2", "number": "5"})
    assert "registered as couple 3" in client.get(register(client, desk, [2, 6]).headers["Location"]).get_data(
        as_text=True
    )
    # Flora (couple 2) cannot take a chair of couple 1, nor be registered again.
    post(client, desk + "/substitute", desk, {"couple": "1", "slot": "1", "number": "3"})
    refused = client.get(register(client, desk, [3, 7]).headers["Location"]).get_data(as_text=True)
    assert "Already in a couple tonight: Flora Gillis." in refused
    with app.app_context():
        seats = {s.number: s.couple for s in db.session.scalars(select(ClubSeat).where(ClubSeat.party_id == party_id))}
    assert seats == {1: 0, 5: 0, 3: 1, 4: 1, 2: 2, 6: 2}
