"""A table's export file as the app writes one, and games of a table played to their end."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy import func, select

from scorekeeper.platform.extensions import db
from scorekeeper.rules import GameSetup, HandEntry, Rules, Side, replay

NAMES = ["Ann", "Bob", "Cy", "Di", "Eve", "Fay"]


# Hands that keep a game going: the bidders take turns at 20, each making it (20 to the bidder, 10 to the other).
HANDS = [HandEntry(bidder=k % 2, bid=20, points=(20, 10) if k % 2 == 0 else (10, 20)) for k in range(8)]


DAY = datetime(2026, 1, 6, 19, 0, tzinfo=UTC)


def iso(moment: datetime) -> str:
    return moment.isoformat().replace("+00:00", "Z")


def exported_game(i: int, hands: int = 2) -> dict:
    """Game *i* of a season as the export writes it: Ann and Cy against Bob and Di (the rest turn about)."""
    four = [NAMES[(i + k) % len(NAMES)] for k in range(4)]
    setup = GameSetup(Rules(), (Side(f"{four[0]} & {four[2]}", (four[0], four[2])), Side("Them", (four[1], four[3]))))
    state = replay(setup, HANDS[:hands])
    started = DAY + timedelta(minutes=40 * i)
    return {
        "id": f"game{i}",
        "started": iso(started),
        "finished_at": None,
        "rules": setup.rules.to_dict(),
        "sides": [{"name": side.name, "players": list(side.players)} for side in setup.sides],
        "first_dealer": 0,
        "start_scores": None,
        "scores": list(state.scores),
        "winner": state.winner,
        "hands": [{"n": n, **entry.to_dict()} for n, entry in enumerate(HANDS[:hands], start=1)],
        "people": [[f"p{NAMES.index(p) + 1}" for p in side.players] for side in setup.sides],
    }


def export(games: int = 3, hands: int = 2) -> dict:
    return {
        "format": "forty-fives-table",
        "version": 1,
        "name": "Tuesday table",
        "players": [{"id": f"p{n}", "name": name} for n, name in enumerate(NAMES, start=1)],
        "games": [exported_game(i, hands) for i in range(games)],
    }


def rows(app) -> dict[str, int]:
    """How many rows each table of the database holds."""
    with app.app_context():
        return {t.name: db.session.scalar(select(func.count()).select_from(t)) for t in db.metadata.sorted_tables}


def play_to_the_end(client, game_id, token, bidder=0):
    """The bidder's side bids 30 and takes every point until it goes out."""
    n = 1
    while True:
        response = client.post(
            f"/api/v1/games/{game_id}/hands",
            json={"n": n, "bidder": bidder, "bid": 30, "points": [30, 0] if bidder == 0 else [0, 30]},
            headers={"Authorization": f"Bearer {token}"},
        )
        assert response.status_code == 201, response.get_json()
        state = response.get_json()["state"]
        if state["winner"] is not None:
            return state
        n += 1
