"""Commands for whoever runs the server: ``flask --app scorekeeper prune``."""

from __future__ import annotations

from datetime import timedelta

import click
from flask import Flask
from flask.cli import with_appcontext
from sqlalchemy import delete, exists, select

from .extensions import db
from .models import Game, Hand, Player, Side, utcnow

PRUNE_AFTER_DAYS = 7


def prune_games(days: int = PRUNE_AFTER_DAYS, *, dry_run: bool = False) -> int:
    """Remove games that never got a hand and were untouched for *days* days; return how many.

    A game with even one hand is never removed, however old.
    """
    if days < 1:
        raise ValueError("days must be 1 or more")
    cutoff = utcnow() - timedelta(days=days)
    empty_and_old = (Game.updated_at < cutoff) & ~exists(select(Hand.id).where(Hand.game_id == Game.id))
    ids = list(db.session.scalars(select(Game.id).where(empty_and_old)))
    if dry_run or not ids:
        return len(ids)
    removed = 0
    for start in range(0, len(ids), 500):
        chunk = ids[start : start + 500]
        # Checked again in the DELETE itself, so a hand recorded meanwhile keeps its game.
        result = db.session.execute(
            delete(Game).where(Game.id.in_(chunk), empty_and_old).execution_options(synchronize_session=False)
        )
        removed += result.rowcount
        # Sides and players go with their game (ON DELETE CASCADE); this also holds where keys are not enforced.
        gone = ~exists(select(Game.id).where(Game.id == Player.game_id))
        db.session.execute(delete(Player).where(Player.game_id.in_(chunk), gone))
        gone = ~exists(select(Game.id).where(Game.id == Side.game_id))
        db.session.execute(delete(Side).where(Side.game_id.in_(chunk), gone))
    db.session.commit()
    return removed


@click.command("prune")
@click.option(
    "--days",
    default=PRUNE_AFTER_DAYS,
    show_default=True,
    type=click.IntRange(min=1),
    help="Remove games with no hand that nobody touched for this many days.",
)
@click.option("--dry-run", is_flag=True, help="Only count the games that would be removed.")
@with_appcontext
def prune_command(days: int, dry_run: bool) -> None:
    """Remove games that never got a hand and were untouched for a week. Games with hands are kept."""
    count = prune_games(days, dry_run=dry_run)
    games = "game" if count == 1 else "games"
    if dry_run:
        click.echo(f"{count} {games} with no hand, untouched for {days} days, would be removed.")
    else:
        click.echo(f"Removed {count} {games} with no hand, untouched for {days} days.")


def init_app(app: Flask) -> None:
    app.cli.add_command(prune_command)
