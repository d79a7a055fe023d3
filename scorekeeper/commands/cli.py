"""Commands for whoever runs the server: ``flask --app scorekeeper prune``."""

from __future__ import annotations

import click
from flask import Flask
from flask.cli import with_appcontext

from scorekeeper.store import ratings
from scorekeeper.store.games import PRUNE_AFTER_DAYS, prune_games
from scorekeeper.store.parties import load, prune_parties


@click.command("prune")
@click.option(
    "--days",
    default=PRUNE_AFTER_DAYS,
    show_default=True,
    type=click.IntRange(min=1),
    help="Remove games with no hand and card parties with no result that nobody touched for this many days.",
)
@click.option("--dry-run", is_flag=True, help="Only count the games and parties that would be removed.")
@with_appcontext
def prune_command(days: int, dry_run: bool) -> None:
    """Remove games that never got a hand and card parties that never got a result, untouched for a week.

    Games with hands and parties with results are kept.
    """
    count = prune_games(days, dry_run=dry_run)
    evenings = prune_parties(days, dry_run=dry_run)
    games = "game" if count == 1 else "games"
    parties = "card party" if evenings == 1 else "card parties"
    if dry_run:
        click.echo(f"{count} {games} with no hand, untouched for {days} days, would be removed.")
        click.echo(f"{evenings} {parties} with no result, untouched for {days} days, would be removed.")
    else:
        click.echo(f"Removed {count} {games} with no hand, untouched for {days} days.")
        click.echo(f"Removed {evenings} {parties} with no result, untouched for {days} days.")


@click.command("rate")
@with_appcontext
def rate_command() -> None:
    """Store the ratings of every table and club season whose results came before their ratings were stored."""
    tables, seasons = ratings.store_all(load)
    click.echo(f"Ratings stored: {tables} tables, {seasons} club seasons.")


def init_app(app: Flask) -> None:
    from scorekeeper.commands.backup import backup_command
    from scorekeeper.commands.hall import hall_command
    from scorekeeper.commands.translations import translations_command

    app.cli.add_command(prune_command)
    app.cli.add_command(rate_command)
    app.cli.add_command(backup_command)
    app.cli.add_command(hall_command)
    app.cli.add_command(translations_command)
