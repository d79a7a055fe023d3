"""Tables and clubs changed by many phones at once, against a real server and whatever database the fixtures use.

Each test runs a few rounds of writers released together; after each round the threads have ended, no answer
was a 5xx, and what the database holds still makes sense (one number per member, one copy of a game in a table,
one couple per member and evening).
"""

from __future__ import annotations

import http.cookiejar
import queue
import urllib.parse
import urllib.request
from collections import Counter
from functools import partial
from types import SimpleNamespace

from sqlalchemy import select

from scorekeeper.platform.extensions import db
from scorekeeper.store.models import ClubChair, ClubMember, ClubSeat, TableGame, TablePerson
from tests._support.app import SIDES, read_csrf_token
from tests._support.race import all_at_once, call

PHONES = 16
ROUNDS = 3


def at_once(actions: list) -> list:
    """Run each of *actions* on its own thread, all released together; their answers, once every thread ended."""
    waiting: queue.SimpleQueue = queue.SimpleQueue()
    for action in actions:
        waiting.put(action)
    return all_at_once(len(actions), lambda: waiting.get_nowait()())


def no_server_error(results) -> None:
    assert len(results) == PHONES or len(results) > 1  # every thread came back with an answer
    errors = [(status, body) for status, body in results if status >= 500]
    assert errors == [], errors


def rows(live_server, model, *where):
    """The rows of *model* that match, as plain values (read in a transaction of their own)."""
    with live_server.app.app_context():
        found = [
            SimpleNamespace(**{c.key: getattr(row, c.key) for c in model.__table__.columns})
            for row in db.session.scalars(select(model).where(*where))
        ]
        db.session.rollback()
        return found


def new_table(live_server) -> dict:
    status, table = call("POST", f"{live_server.url}/api/v1/tables", {"name": "Tuesday", "players": ["Ann"]})
    assert status == 201
    return table


def new_club(live_server, members: int = 0) -> dict:
    status, club = call("POST", f"{live_server.url}/api/v1/clubs", {"name": "Fire Hall"})
    assert status == 201
    for n in range(members):
        url = f"{live_server.url}/api/v1/clubs/{club['id']}/members"
        assert call("POST", url, {"name": f"Member {n + 1}"}, club["edit_token"])[0] == 201
    return club


def test_phones_adding_club_members_at_once_each_get_their_own_number(live_server):
    club = new_club(live_server)
    url = f"{live_server.url}/api/v1/clubs/{club['id']}/members"
    for round_ in range(ROUNDS):
        results = at_once(
            [partial(call, "POST", url, {"name": f"Player {round_}-{i}"}, club["edit_token"]) for i in range(PHONES)]
        )
        no_server_error(results)
        assert sorted(status for status, _ in results) == [201] * PHONES
        members = rows(live_server, ClubMember, ClubMember.club_id == club["id"])
        assert sorted(m.number for m in members) == list(range(1, PHONES * (round_ + 1) + 1))
        assert {body["number"] for _, body in results} <= {m.number for m in members}


def test_phones_adding_people_to_a_table_at_once_each_get_their_own_number(live_server):
    table = new_table(live_server)
    url = f"{live_server.url}/api/v1/tables/{table['id']}/players"
    for round_ in range(ROUNDS):
        results = at_once(
            [partial(call, "POST", url, {"name": f"Player {round_}-{i}"}, table["edit_token"]) for i in range(PHONES)]
        )
        no_server_error(results)
        assert sorted(status for status, _ in results) == [201] * PHONES
        people = rows(live_server, TablePerson, TablePerson.table_id == table["id"])
        assert sorted(p.number for p in people) == list(range(1, PHONES * (round_ + 1) + round_ + 2))
        # The same name typed on every phone: one person.
        results = at_once([partial(call, "POST", url, {"name": "Same Name"}, table["edit_token"])] * PHONES)
        no_server_error(results)
        people = rows(live_server, TablePerson, TablePerson.table_id == table["id"])
        assert [p.name.casefold() for p in people].count("same name") == 1
        assert {body["player"] for _, body in results} == {
            next(f"p{p.number}" for p in people if p.name == "Same Name")
        }
        rename = f"{url}/p{people[-1].number}"
        no_server_error(at_once([partial(call, "PUT", rename, {"name": "Renamed"}, table["edit_token"])] * PHONES))
        call("PUT", rename, {"name": f"Same Name {round_}"}, table["edit_token"])


def test_the_same_game_added_by_many_phones_is_added_once(live_server):
    table = new_table(live_server)
    url = f"{live_server.url}/api/v1/tables/{table['id']}/games"
    for _round in range(ROUNDS):
        status, game = call("POST", f"{live_server.url}/api/v1/games", {"rules": "new-england", "sides": SIDES})
        assert status == 201
        given = {"game": game["id"], "token": game["edit_token"]}
        results = at_once([partial(call, "POST", url, given, table["edit_token"])] * PHONES)
        no_server_error(results)
        assert sorted(status for status, _ in results) == [201] + [409] * (PHONES - 1)
        links = rows(live_server, TableGame, TableGame.table_id == table["id"], TableGame.game_id == game["id"])
        assert len(links) == 1
    people = rows(live_server, TablePerson, TablePerson.table_id == table["id"])
    assert sorted(p.number for p in people) == list(range(1, len(people) + 1))
    assert len({p.name.casefold() for p in people}) == len(people)


def test_a_table_deleted_while_phones_add_to_it_answers_no_error(live_server):
    for _round in range(ROUNDS):
        table = new_table(live_server)
        base = f"{live_server.url}/api/v1/tables/{table['id']}"
        results = at_once(
            [
                partial(call, "DELETE", f"{base}?games=true", None, table["edit_token"])
                if i % 4 == 0
                else partial(call, "POST", f"{base}/players", {"name": f"P{i}"}, table["edit_token"])
                for i in range(PHONES)
            ]
        )
        no_server_error(results)
        assert {status for status, _ in results} <= {201, 204, 404}
        assert call("GET", base, None, table["edit_token"])[0] == 404
        assert rows(live_server, TablePerson, TablePerson.table_id == table["id"]) == []


# -- The desk: pages, with a form token --------------------------------------------------------


class Desk:
    """A desk phone's browser: its cookies and its form token, reused by every thread."""

    def __init__(self, live_server, path: str):
        self.base = live_server.url
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        with self.opener.open(self.base + path, timeout=30) as page:
            self.token = read_csrf_token(page.read().decode())
        self.cookie = "; ".join(f"{c.name}={c.value}" for c in self.jar)

    def post(self, path: str, form: dict) -> tuple[int, str]:
        data = urllib.parse.urlencode({"csrf_token": self.token, **form}, doseq=True).encode()
        request = urllib.request.Request(self.base + path, data=data, method="POST")
        request.add_header("Cookie", self.cookie)
        opener = urllib.request.build_opener(NoRedirect)
        try:
            with opener.open(request, timeout=30) as answer:
                return answer.status, answer.read().decode()
        except urllib.error.HTTPError as err:
            return err.code, err.read().decode()


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def evening(live_server, club: dict) -> tuple[str, str]:
    """A new evening of the club (no couple yet): its id and its desk's path."""
    url = f"{live_server.url}/api/v1/clubs/{club['id']}/evenings"
    status, body = call("POST", url, {"games": 4}, club["edit_token"])
    assert status == 201, body
    desk = urllib.parse.urlsplit(body["links"]["desk"]).path
    return body["party_id"], desk


def one_couple_each(live_server, party_id: str) -> None:
    chairs = rows(live_server, ClubChair, ClubChair.party_id == party_id)
    couples: dict[int, set[int]] = {}
    for chair in chairs:
        couples.setdefault(chair.number, set()).add(chair.couple)
    assert all(len(c) == 1 for c in couples.values()), couples
    seats = {s.number: s.couple for s in rows(live_server, ClubSeat, ClubSeat.party_id == party_id)}
    assert seats == {number: next(iter(c)) for number, c in couples.items()}


def test_desk_phones_registering_the_same_member_seat_them_in_one_couple(live_server):
    club = new_club(live_server, members=PHONES + 1)
    for _round in range(ROUNDS):
        party_id, path = evening(live_server, club)
        desk = Desk(live_server, path)
        results = at_once(
            [partial(desk.post, path + "/couples", {"member": ["1", str(k)]}) for k in range(2, PHONES + 2)]
        )
        no_server_error(results)
        one_couple_each(live_server, party_id)
        status, party = call("GET", f"{live_server.url}/api/v1/parties/{party_id}")
        assert len(party["couples"]) == 1 and party["couples"][0]["name"].startswith("Member 1 &")


def test_the_desk_tapped_from_many_phones_at_once_keeps_one_couple_per_member(live_server):
    """Couples, substitutes, a couple taken off, the pots and new members, all at once: no error, no double seat."""
    club = new_club(live_server, members=12)
    party_id, path = evening(live_server, club)
    desk = Desk(live_server, path)
    members = f"{live_server.url}/api/v1/clubs/{club['id']}/members"
    for round_ in range(ROUNDS):
        actions = [
            partial(desk.post, path + "/couples", {"member": ["1", "2"]}),
            partial(desk.post, path + "/couples", {"member": ["2", "3"]}),
            partial(desk.post, path + "/couples", {"member": ["3", "4"]}),
            partial(desk.post, path + "/couples", {"member": ["5", "6"]}),
            partial(desk.post, path + "/substitute", {"couple": "1", "slot": "2", "number": "7"}),
            partial(desk.post, path + "/substitute", {"couple": "2", "slot": "1", "number": "7"}),
            partial(desk.post, path + "/substitute", {"couple": "1", "slot": "1", "number": "8"}),
            partial(desk.post, path + "/couples/0/off", {}),
            partial(desk.post, path + "/pots", {"entry_fee": "5.00", "fifty_fifty": "40.00"}),
            partial(desk.post, path + "/pots", {"entry_fee": "6.00", "cookie_jar": "2.00"}),
            partial(call, "POST", members, {"name": f"New {round_}-a"}, club["edit_token"]),
            partial(call, "POST", members, {"name": f"New {round_}-b"}, club["edit_token"]),
            partial(call, "PATCH", f"{members}/9", {"name": f"Nine {round_}"}, club["edit_token"]),
            partial(call, "PATCH", f"{members}/9", {"active": round_ % 2 == 0}, club["edit_token"]),
            partial(
                call, "PATCH", f"{live_server.url}/api/v1/clubs/{club['id']}", {"name": "Hall"}, club["edit_token"]
            ),
            partial(desk.post, path + "/couples", {"member": ["9", "10"]}),
        ]
        results = at_once(actions)
        no_server_error(results)
        one_couple_each(live_server, party_id)
        numbers = [m.number for m in rows(live_server, ClubMember, ClubMember.club_id == club["id"])]
        assert sorted(numbers) == list(range(1, 12 + 2 * (round_ + 1) + 1))
        assert Counter(numbers).most_common(1)[0][1] == 1


def test_games_started_in_one_table_at_once_each_join_it_with_their_new_names(live_server):
    """Sixteen games started in one table at the same moment, each bringing new names: one roster, no clash."""
    table = new_table(live_server)
    url = f"{live_server.url}/api/v1/games"
    for round_ in range(ROUNDS):
        bodies = [
            {
                "table": table["id"],
                "sides": [
                    {"name": "Us", "players": ["Ann", f"New {round_}-{i}"]},
                    {"name": "Them", "players": [f"Other {round_}-{i}", "Shared newcomer " + str(round_)]},
                ],
            }
            for i in range(PHONES)
        ]
        results = at_once([partial(call, "POST", url, body, table["edit_token"]) for body in bodies])
        no_server_error(results)
        assert sorted(status for status, _ in results) == [201] * PHONES
        people = rows(live_server, TablePerson, TablePerson.table_id == table["id"])
        assert sorted(p.number for p in people) == list(range(1, len(people) + 1))
        assert len({p.name.casefold() for p in people}) == len(people)
        assert len(people) == 1 + (2 * PHONES + 1) * (round_ + 1)
        links = rows(live_server, TableGame, TableGame.table_id == table["id"])
        assert len(links) == PHONES * (round_ + 1)


def test_evenings_opened_at_once_by_the_director_each_hold_their_couples(live_server):
    club = new_club(live_server, members=4)
    url = f"{live_server.url}/api/v1/clubs/{club['id']}/evenings"
    body = {"games": 2, "couples": [[1, 2], [3, 4]]}
    for _round in range(ROUNDS):
        results = at_once([partial(call, "POST", url, body, club["edit_token"])] * PHONES)
        no_server_error(results)
        assert sorted(status for status, _ in results) == [201] * PHONES
        for _status, evening in results:
            one_couple_each(live_server, evening["party_id"])
            assert len(rows(live_server, ClubSeat, ClubSeat.party_id == evening["party_id"])) == 4


def test_phones_on_a_table_s_page_starting_games_and_renaming_at_once_keep_one_roster(live_server):
    """The table's page, from many phones at once: games from the roster with someone new, a rename, a game added."""
    table = new_table(live_server)
    path = urllib.parse.urlsplit(table["links"]["edit"]).path
    page = Desk(live_server, path)
    for round_ in range(ROUNDS):
        status, game = call("POST", f"{live_server.url}/api/v1/games", {"rules": "new-england", "sides": SIDES})
        link = f"{live_server.url}/games/{game['id']}/{game['edit_token']}"
        actions = [
            partial(
                page.post,
                path + "/games",
                {
                    "players": "p1",
                    "new_names": f"New {round_}-{i}, Shared {round_}",
                    "way": "alone",
                    "preset": "new-england",
                },
            )
            for i in range(PHONES - 4)
        ]
        actions += [partial(page.post, path + "/add-game", {"link": link})] * 2
        actions += [partial(page.post, path + "/people/p1/rename", {"name": f"Ann {round_}-{i}"}) for i in range(2)]
        results = at_once(actions)
        no_server_error(results)
        people = rows(live_server, TablePerson, TablePerson.table_id == table["id"])
        assert sorted(p.number for p in people) == list(range(1, len(people) + 1))
        assert len({p.name.casefold() for p in people}) == len(people)
        assert [p.name for p in people].count(f"Shared {round_}") == 1
        added = rows(live_server, TableGame, TableGame.table_id == table["id"], TableGame.game_id == game["id"])
        assert len(added) == 1
        games = rows(live_server, TableGame, TableGame.table_id == table["id"])
        assert len(games) == (PHONES - 4 + 1) * (round_ + 1)
