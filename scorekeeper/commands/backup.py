"""``flask --app scorekeeper backup [PATH]``: a consistent copy of the whole database, taken while the app runs.

On SQLite, the online backup API copies the database page by page under its
own lock, so a write in progress is either wholly in the copy or not at all (a
plain file copy can catch it halfway). On PostgreSQL, ``pg_dump`` does the
same when it is installed; without it the command says how to take one and
exits with status 1, so a scheduled backup that cannot run is noticed.
"""

from __future__ import annotations

import shutil
import subprocess
from datetime import UTC, datetime
from pathlib import Path

import click
from flask import current_app
from flask.cli import with_appcontext

from scorekeeper.store.backup import NotSqlite, copy_sqlite, counts, database_url, dump_address

BACKUPS = "backups"


def backup_path(instance_path: str, given: str | None, now: datetime) -> Path:
    """Where the copy goes: *given* as it is when absolute, else under the instance folder (a dated file in
    ``instance/backups/`` when none is given), never loose in the folder the command was run from."""
    if not given:
        return Path(instance_path) / BACKUPS / f"scorekeeper-{now:%Y%m%d-%H%M%S}.sqlite3"
    path = Path(given).expanduser()
    return path if path.is_absolute() else Path(instance_path) / path


def _plural(name: str, n: int) -> str:
    return name if n == 1 else name.replace("party", "parties") if name.endswith("party") else name + "s"


def _sqlite(target: Path) -> None:
    try:
        copy_sqlite(target)
    except NotSqlite:
        raise click.ClickException("The database is not a SQLite file.") from None


def _postgres(target: Path, url: str) -> None:
    program = shutil.which("pg_dump")
    address = dump_address(url)
    if program is None:
        click.echo(
            "pg_dump is not installed here (apt-get install postgresql-client). Take the backup with:\n"
            f"  pg_dump --format=custom --file {target} '<DATABASE_URL as postgresql://…>'\n"
            "and bring it back with pg_restore --clean --dbname '<DATABASE_URL>' " + str(target),
            err=True,
        )
        raise SystemExit(1)
    done = subprocess.run(
        [program, "--format=custom", "--no-owner", "--file", str(target), address],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        target.unlink(missing_ok=True)
        raise click.ClickException("pg_dump could not take the backup: " + done.stderr.strip()[-500:])


@click.command("backup")
@click.argument("path", required=False)
@with_appcontext
def backup_command(path: str | None) -> None:
    """Write a consistent copy of the whole database to PATH (under the instance folder unless absolute).

    Without PATH, a dated file in instance/backups/. An existing file is never overwritten.
    """
    target = backup_path(current_app.instance_path, path, datetime.now(UTC))
    if target.exists():
        raise click.ClickException(f"{target} exists already: choose another name (a backup never overwrites one).")
    target.parent.mkdir(parents=True, exist_ok=True)
    kind, url = database_url()
    if kind == "sqlite":
        _sqlite(target)
        found = counts(f"sqlite:///{target}")
        held = ", ".join(f"{n} {_plural(name, n)}" for name, n in found.items())
        click.echo(f"Backed up to {target} ({target.stat().st_size:,} bytes): {held}.")
        click.echo("To bring it back: stop the app, copy this file over the database file, start the app.")
    else:
        _postgres(target, url)
        click.echo(f"Backed up to {target} ({target.stat().st_size:,} bytes, pg_dump's custom format).")
        click.echo("To bring it back: pg_restore --clean --no-owner --dbname '<DATABASE_URL>' " + str(target))
