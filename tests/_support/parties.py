"""A card party through its pages: made, started, and its games' results posted by the director."""

from __future__ import annotations

from scorekeeper.store import parties as store
from tests._support.app import read_csrf_token


def new_party(client, csrf, couples: int | str = 8, **fields):
    """Post the new-party form: a 5-game evening of *couples* (a number of couples, or their names one a line)
    but for *fields*; a field given as None is left out."""
    token = csrf(client, "/parties/new")
    form = {
        "csrf_token": token,
        "name": "Legion, Friday",
        "held_on": "2026-11-27",
        "games": "5",
        "kind": "one-hand",
        "play_to": "45",
        "prizes": "3",
        "cookie_jar": "0",
        "couples": couples if isinstance(couples, str) else "\n".join(f"Couple {i + 1}" for i in range(couples)),
    }
    form.update(fields)
    return client.post("/parties/new", data={name: value for name, value in form.items() if value is not None})


def post(client, path, page, data=None):
    token = read_csrf_token(client.get(page).get_data(as_text=True))
    return client.post(path, data={"csrf_token": token, **(data or {})})


def ids(director_path):
    _, _, party_id, token = director_path.split("/")
    return party_id, token


def start(client, director_path):
    response = post(client, director_path + "/start", director_path, {"confirm": "y"})
    assert response.status_code == 303
    return client.get(director_path).get_data(as_text=True)


def table_path(app, party_id, number):
    with app.app_context():
        row = store.party_row(party_id)
        return f"/parties/{party_id}/tables/{number}/{store.table_token(row, number)}"


def state_of(app, party_id):
    with app.app_context():
        return store.load(party_id)[1]


def play_game(client, director, app, party_id, game):
    for t in state_of(app, party_id).seating_of(game).tables:
        post(
            client,
            director + "/results",
            director,
            {"game": str(game), "table": str(t.number), "winner": str(t.seats[0] + 1)},
        )
