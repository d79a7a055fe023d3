"""A club on the director's page and its evenings at the desk, played through the pages."""

from __future__ import annotations

from scorekeeper.store import parties as party_store
from tests._support.parties import post


def open_evening(client, club, **fields):
    data = {
        "held_on": "2026-11-27",
        "games": "4",
        "prizes": "2",
        "kind": "one-hand",
        "entry_fee": "5",
        "jackpot_added": "10",
        **fields,
    }
    response = post(client, club + "/evenings", club, data)
    assert response.status_code == 303
    return response.headers["Location"]


def register(client, desk, numbers, action="couple"):
    return post(client, desk + "/couples", desk, {"member": [str(n) for n in numbers], "action": action})


def play_evening(app, client, desk):
    """Start the evening and let the first seat win every table; return the party's id."""
    response = post(client, desk + "/start", desk, {"confirm": "y"})
    assert response.status_code == 303
    party_id = desk.rsplit("/", 1)[1]
    with app.app_context():
        _row, state = party_store.load(party_id)
        while not state.finished:

            def make(s):
                return [s.result_entry(s.game, t.number, t.seats[0]) for t in s.missing()]

            state = party_store.write(party_id, make)
    return party_id


REGULARS = [
    "Mary MacNeil",
    "Angus MacNeil",
    "Flora Gillis",
    "John Gillis",
    "Sadie Beaton",
    "Dan Beaton",
    "Effie Rankin",
    "Neil Rankin",
    "Peggy Walsh",
    "Joe Walsh",
]


def new_club(client, csrf, name="Legion Branch 12"):
    token = csrf(client, "/clubs/new")
    response = client.post("/clubs/new", data={"csrf_token": token, "name": name, "currency": "CAD"})
    assert response.status_code == 303
    return response.headers["Location"]
