"""``flask --app scorekeeper backup``: a copy of the whole database that opens and holds every game, party, table
and club, on SQLite (the online backup) and PostgreSQL (pg_dump, brought back with pg_restore)."""

from __future__ import annotations

import shutil
import subprocess
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import create_engine, select, text

from scorekeeper.commands.backup import backup_path
from scorekeeper.platform.extensions import db
from scorekeeper.store.models import Club, Game, Party, Table
from tests._support.app import SIDES
from tests._support.tables import export


@pytest.fixture
def everything(client):
    """One of each: a game with a hand, a card party, a table of three games, a club."""
    game = client.post("/api/v1/games", json={"sides": SIDES}).get_json()
    hand = client.post(
        f"/api/v1/games/{game['id']}/hands",
        json={"n": 1, "bidder": 0, "bid": 20, "points": [20, 10]},
        headers={"Authorization": f"Bearer {game['edit_token']}"},
    )
    assert hand.status_code == 201
    party = client.post("/api/v1/parties", json={"name": "Hall", "couples": ["Ann & Cy", "Bo & Di"]}).get_json()
    table = client.post("/api/v1/tables/import", json=export(games=3)).get_json()
    club = client.post("/api/v1/clubs", json={"name": "Legion"}).get_json()
    return {Game: game["id"], Party: party["id"], Table: table["id"], Club: club["id"]}


def held(url: str, ids: dict) -> dict:
    """Which of *ids* the database at *url* holds, and how many games it holds."""
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            found = {model: connection.scalar(select(model.id).where(model.id == i)) for model, i in ids.items()}
            found["games"] = connection.scalar(text("SELECT count(*) FROM games"))
            found["hands"] = connection.scalar(text("SELECT count(*) FROM hands"))
            return found
    finally:
        engine.dispose()


def test_the_copy_opens_and_holds_every_game_party_table_and_club(app, everything, tmp_path):
    target = tmp_path / "copy" / "scorekeeper-copy.sqlite3"
    result = app.test_cli_runner().invoke(args=["backup", str(target)])
    assert result.exit_code == 0, result.output
    assert str(target) in result.output
    url = _restored(app, target, tmp_path)
    if url.startswith("sqlite"):  # the copy opened and counted by the command itself
        assert "4 games, 1 card party, 1 table, 1 club" in result.output
    found = held(url, everything)
    assert [found[model] for model in everything] == list(everything.values())
    assert found["games"] == 4 and found["hands"] == 1 + 3 * 2


def _restored(app, target: Path, tmp_path: Path) -> str:
    """The address of the copy brought back: the file itself on SQLite, a new database pg_restore filled on
    PostgreSQL."""
    with app.app_context():
        url = db.engine.url
    if url.get_backend_name() == "sqlite":
        return f"sqlite:///{target}"
    name = f"{url.database}_restored"
    admin = create_engine(url, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    admin.dispose()
    restored = url.set(database=name)
    address = restored.set(drivername="postgresql").render_as_string(hide_password=False)
    subprocess.run([shutil.which("pg_restore"), "--no-owner", "--dbname", address, str(target)], check=True)
    return restored.render_as_string(hide_password=False)


def test_a_copy_never_overwrites_a_file(app, tmp_path):
    target = tmp_path / "kept.sqlite3"
    target.write_bytes(b"last week's copy")
    result = app.test_cli_runner().invoke(args=["backup", str(target)])
    assert result.exit_code != 0 and "exists already" in result.output
    assert target.read_bytes() == b"last week's copy"


def test_without_a_path_the_copy_goes_under_the_instance_folder(app, tmp_path):
    app.instance_path = str(tmp_path / "instance")
    result = app.test_cli_runner().invoke(args=["backup"])
    assert result.exit_code == 0, result.output
    made = list((tmp_path / "instance" / "backups").iterdir())
    assert len(made) == 1 and made[0].name.startswith("scorekeeper-")


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        (None, "/srv/instance/backups/scorekeeper-20261127-183000.sqlite3"),
        ("", "/srv/instance/backups/scorekeeper-20261127-183000.sqlite3"),
        ("friday.sqlite3", "/srv/instance/friday.sqlite3"),
        ("backups/friday.sqlite3", "/srv/instance/backups/friday.sqlite3"),
        ("/mnt/usb/friday.sqlite3", "/mnt/usb/friday.sqlite3"),
    ],
)
def test_a_relative_path_is_under_the_instance_folder(given, expected):
    assert backup_path("/srv/instance", given, datetime(2026, 11, 27, 18, 30, tzinfo=UTC)) == Path(expected)
