"""A table's whole exports (CSV and JSON): what they answer, game by game, and the few queries they take.

The games are stored as every write stores them (the engine's entries, the totals and summary), under each of the
rule presets, so that the exports are checked against the engine's own replay of every game.
"""

from __future__ import annotations

import csv
import io
import random
from datetime import UTC, datetime, timedelta

from sqlalchemy import event

from scorekeeper.platform.extensions import db
from scorekeeper.rules import PRESETS, GameSetup, HandEntry, HandError, Side, replay
from scorekeeper.store import games as game_store
from scorekeeper.store.models import Game, Hand, Player, Table, TableGame, TablePerson
from scorekeeper.store.models import Side as SideRow

ROSTER = ["Ann", "Bob", "Cy", "Di", "Eve", "Fay"]
# What the app keeps per game version in each process: cleared to read the exports as after a restart.
KEPT = ("game_exports", "game_csv", "game_summaries", "table_stats", "game_states")


def _entries(rng: random.Random, setup: GameSetup, hands: int) -> list[HandEntry]:
    """Up to *hands* hands the engine accepts under the game's rules, the game left open or won."""
    state = replay(setup, ())
    entries: list[HandEntry] = []
    for _ in range(hands * 6):
        if len(entries) == hands or state.winner is not None:
            break
        bidder = rng.randrange(2)
        allowed = state.allowed_bids(bidder)
        if not allowed:
            continue
        took = rng.choice([0, 5, 10, 15, 20, 25, 30])
        points = (took, 30 - took) if bidder == 0 else (30 - took, took)
        entry = HandEntry(bidder=bidder, bid=rng.choice(allowed), points=points)
        try:
            state = state.apply(entry)
        except HandError:
            continue
        entries.append(entry)
    return entries


def _table(app, games: int, seed: int = 11) -> tuple[str, str, list[tuple[str, GameSetup, list[HandEntry]]]]:
    """A table of *games* games, a different preset and first dealer from one game to the next, oldest first."""
    rng = random.Random(seed)
    presets = list(PRESETS)
    played = []
    with app.app_context():
        table = Table(name="Thursday", version=1)
        table.people = [TablePerson(number=n, name=name) for n, name in enumerate(ROSTER, start=1)]
        db.session.add(table)
        db.session.flush()
        day = datetime(2026, 2, 5, 19, 0, tzinfo=UTC)
        for i in range(games):
            four = rng.sample(ROSTER, 4)
            sides = (
                Side(f"{four[0]} & {four[2]}", (four[0], four[2])),
                Side(f"{four[1]} & {four[3]}", (four[1], four[3])),
            )
            setup = GameSetup(PRESETS[presets[i % len(presets)]], sides, i % 4)
            entries = _entries(rng, setup, hands=4 + 3 * (i % 4))
            state = replay(setup, entries)
            game = Game(
                # As the app stores them, or (every other game) by the preset's name, as an older game may be.
                rules=setup.rules.to_dict() if i % 2 else {"preset": presets[i % len(presets)]},
                first_dealer=setup.first_dealer,
                version=1 + len(entries),
                created_at=day + timedelta(days=i),
                **game_store._totals(state),
            )
            game.sides = [SideRow(index=s, name=side.name) for s, side in enumerate(setup.sides)]
            game.players = [
                Player(seat=k, name=seat.player, side_index=seat.side) for k, seat in enumerate(setup.seats)
            ]
            game.hands = [
                Hand(n=k, **game_store._hand_values(entry, result))
                for k, (entry, result) in enumerate(zip(entries, state.hands, strict=True), start=1)
            ]
            db.session.add(game)
            db.session.flush()
            numbers = [[ROSTER.index(p) + 1 for p in side.players] for side in setup.sides]
            db.session.add(TableGame(table_id=table.id, game_id=game.id, sides=numbers))
            played.append((game.id, setup, entries))
        db.session.commit()
        return f"/tables/{table.id}/{table.edit_token}", table.id, played


def _forget(app) -> None:
    for name in KEPT:
        app.extensions.pop(name, None)


def _as_text(value):
    """A cell a spreadsheet would run as a formula (a game id may start with "-") is written with a leading quote."""
    return "'" + value if isinstance(value, str) and value[:1] in ("=", "+", "-", "@") else value


def _expected_csv(app, played) -> str:
    """The table's CSV as the engine's replay of each game says it: a row per hand and side, oldest game first."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(
        "game started rules hand dealer side players bidder bid bagged outcome points change score winner".split()
    )
    with app.app_context():
        for game_id, setup, entries in played:
            game = db.session.get(Game, game_id)
            state = replay(setup, entries)
            started = game.created_at.strftime("%Y-%m-%d %H:%M")
            for hand in state.hands:
                for s, side in enumerate(setup.sides):
                    mine = hand.bidder == s
                    writer.writerow(
                        [
                            _as_text(game_id),
                            started,
                            game.rules.get("preset") or "custom",
                            hand.n,
                            hand.dealer,
                            side.name,
                            " & ".join(side.players),
                            "yes" if mine else "",
                            hand.bid_label if mine else "",
                            "yes" if mine and hand.bagged else "",
                            str(hand.outcome or "") if mine else "",
                            hand.points[s],
                            hand.deltas[s],
                            hand.scores[s],
                            "yes" if state.winner == s and hand.n == len(state.hands) else "",
                        ]
                    )
    return out.getvalue()


def test_the_tables_csv_says_what_the_replay_of_each_game_says(app, client):
    table, _id, played = _table(app, 10)
    assert len({str(setup.rules.to_dict()) for _g, setup, _e in played}) == len(PRESETS)
    _forget(app)
    cold = client.get(table + "/export.csv")
    assert cold.status_code == 200 and cold.mimetype == "text/csv"
    expected = _expected_csv(app, played)
    assert cold.get_data(as_text=True) == expected
    assert client.get(table + "/export.csv").get_data(as_text=True) == expected  # kept, the same bytes
    # Each game's own CSV, read from its stored game, is the same rows.
    lines = expected.splitlines(keepends=True)
    for game_id, *_rest in played:
        own = client.get(f"{table}/games/{game_id}.csv").get_data(as_text=True).splitlines(keepends=True)
        assert own[1:] == [line for line in lines[1:] if line.startswith(_as_text(game_id) + ",")]


def test_the_tables_json_holds_each_game_as_its_own_export(app, client):
    table, _id, played = _table(app, 10)
    _forget(app)
    document = client.get(table + "/export.json").get_json()
    assert [g["id"] for g in document["games"]] == [game_id for game_id, _s, _e in played]
    for game, (game_id, setup, entries) in zip(document["games"], played, strict=True):
        own = client.get(f"{table}/games/{game_id}.json").get_json()
        assert {k: v for k, v in game.items() if k != "people"} == own
        assert [HandEntry.from_dict({k: v for k, v in h.items() if k != "n"}) for h in game["hands"]] == entries
        assert game["scores"] == list(replay(setup, entries).scores)


def _statements(app, client, url: str) -> int:
    seen: list[str] = []
    with app.app_context():
        engine = db.engine

    def count(*args: object) -> None:
        seen.append(str(args[2]))

    _forget(app)
    event.listen(engine, "before_cursor_execute", count)
    try:
        assert client.get(url).status_code == 200
    finally:
        event.remove(engine, "before_cursor_execute", count)
    return len(seen)


def test_the_exports_take_the_same_few_queries_for_3_or_30_games(app, client):
    few, _id, _played = _table(app, 3, seed=1)
    many, _id2, _played2 = _table(app, 30, seed=2)
    for export in ("/export.csv", "/export.json"):
        client.get(few + export)  # the first request of the app: its own setup's queries are not counted
        small, large = _statements(app, client, few + export), _statements(app, client, many + export)
        assert small == large, export
        assert large <= 10, export
