"""A table's whole exports, byte for byte as they were written before each hand's figures were stored with it.

The files in ``tests/web/exports/`` are the CSV and JSON exports of one table (games under every preset,
recorded, undone, changed, finished early, carried on from paper) as the app wrote them when every export replayed
its games. The same table, built the same way, must export the same bytes now that the exports read what was
stored with each hand. Game and table ids are new each time: they are written as ``game-1``, ``game-2``… in the
order they first appear; everything else is compared as it is.
"""

from __future__ import annotations

import random
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlalchemy import select, update

from scorekeeper.platform.extensions import db
from scorekeeper.rules import PRESETS, HandEntry, HandError, Side, replay
from scorekeeper.store import games as services
from scorekeeper.store import tables as table_store
from scorekeeper.store.models import Game, Hand

EXPORTS = Path(__file__).parent / "exports"
ROSTER = ["Ann", "Bob", "Cy", "Di", "Eve", "=Fay"]  # a name a spreadsheet would read as a formula, too
# What the app keeps per game version in each process: cleared to read the exports as after a restart.
KEPT = ("game_exports", "game_csv", "game_summaries", "table_stats", "game_states")


def _next_entry(rng: random.Random, game: Game) -> HandEntry | None:
    """A hand the rules accept as the game's next, or None."""
    state = services.state_for(game)
    for _ in range(20):
        bidder = rng.randrange(len(state.setup.sides))
        allowed = state.allowed_bids(bidder)
        took = rng.choice([0, 5, 10, 15, 20, 25, 30])
        points = (took, 30 - took) if bidder == 0 else (30 - took, took)
        if not state.setup.rules.bidding:  # the points each side took, no bid
            entry = HandEntry(points=points)
        elif allowed:
            entry = HandEntry(bidder=bidder, bid=rng.choice(allowed), points=points)
        else:
            continue
        try:
            state.apply(entry)
        except HandError:
            continue
        return entry
    return None


def build_table(app) -> tuple[str, str]:
    """The table of the stored exports, built through the store as the pages build it; its pages' address."""
    rng = random.Random(2026)
    day = datetime(2026, 3, 3, 19, 0, tzinfo=UTC)
    with app.app_context():
        table = table_store.create_table("Tuesday =SUM(1)", ROSTER)
        for i, preset in enumerate([*PRESETS, *PRESETS]):
            four = rng.sample(ROSTER, 4)
            sides = [
                Side(f"{four[0]} & {four[2]}", (four[0], four[2])),
                Side(f"{four[1]} & {four[3]}", (four[1], four[3])),
            ]
            scores = (35, -10) if i == 3 else None  # carried on from paper
            game = services.create_game(preset, sides, first_dealer=i % 4, scores=scores)
            for _ in range(3 + 4 * (i % 5)):
                entry = _next_entry(rng, game)
                if entry is None or services.state_for(game).winner is not None:
                    break
                services.record_hand(game, entry)
            db.session.expire_all()
            game = services.load_game(game.id)
            if i % 3 == 1 and game.hands:
                services.undo_last(game)
            if i % 4 == 2 and len(game.hands) > 2:
                # The second hand changed: every later hand's running score moves with it.
                before = replay(services.setup_for(game), [services.entry_for(h) for h in game.hands[:1]])
                for _ in range(10):
                    bidder = rng.randrange(2)
                    took = rng.choice([0, 10, 20, 30])
                    points = (took, 30 - took) if bidder == 0 else (30 - took, took)
                    allowed = before.allowed_bids(bidder)
                    entry = HandEntry(bidder=bidder, bid=rng.choice(allowed), points=points) if allowed else None
                    entry = entry or HandEntry(points=points)
                    try:
                        services.edit_hand(game, 2, entry)
                        break
                    except HandError:
                        db.session.rollback()
                        game = services.load_game(game.id)
            if i == 5 and services.state_for(game).winner is None:
                services.finish_game(game)
            game.created_at = day + timedelta(days=i)
            if game.finished_at is not None:
                game.finished_at = game.created_at + timedelta(hours=2)
            db.session.commit()
            table_store.add_game(table, game)
        return f"/tables/{table.id}/{table.edit_token}", table.id


def normalised(text: str) -> str:
    """*text* with each game's id written ``game-1``, ``game-2``… in the order they first appear."""
    names: dict[str, str] = {}

    def name(found: re.Match[str]) -> str:
        return names.setdefault(found.group(0), f"game-{len(names) + 1}")

    ids = "|".join(re.escape(i) for i in sorted(set(_game_ids(text)), key=text.index))
    # An id that starts with a minus sign is written '-… in the CSV, as a formula would be: not the game's doing.
    return re.sub(r"^'game-", "game-", re.sub(ids, name, text), flags=re.MULTILINE) if ids else text


def _game_ids(text: str) -> list[str]:
    ids = re.findall(r'"id":"([A-Za-z0-9_-]{8,})"', text)  # the JSON export
    ids += re.findall(r"^'?([A-Za-z0-9_-]{8,}),\d{4}-", text, flags=re.MULTILINE)  # the CSV export's first column
    return ids


def exports(app, client, *, forget_figures: bool = False) -> dict[str, str]:
    """The table's CSV and JSON exports, read as after a restart (nothing kept), ids normalised.

    With *forget_figures*, every other game's hands lose their stored figures, as a game the engine could not
    replay when they were filled in: those games are replayed.
    """
    base, _table_id = build_table(app)
    if forget_figures:
        with app.app_context():
            ids = sorted(db.session.scalars(select(Hand.game_id).distinct()))[::2]
            figures = dict.fromkeys(("dealer_seat", "made", "scored_points", "changes", "running_scores"))
            db.session.execute(update(Hand).where(Hand.game_id.in_(ids)).values(**figures))
            db.session.commit()
    found = {}
    for name in ("export.csv", "export.json"):
        for kept in KEPT:
            app.extensions.pop(kept, None)
        answer = client.get(f"{base}/{name}")
        assert answer.status_code == 200
        found[name] = normalised(answer.get_data(as_text=True))
    return found


def test_the_exports_are_the_bytes_they_were(app, client):
    made = exports(app, client)
    for name, text in made.items():
        assert text == (EXPORTS / name).read_bytes().decode("utf-8"), name
    # The table is what it says: every preset, hands undone and changed, a game finished early.
    assert made["export.csv"].count("\r\n") > 100
    assert "'=Fay" in made["export.csv"]


def test_games_whose_hands_have_no_figures_yet_are_replayed_into_the_same_bytes(app, client):
    made = exports(app, client, forget_figures=True)
    for name, text in made.items():
        assert text == (EXPORTS / name).read_bytes().decode("utf-8"), name
