"""Hands: what the engine made of each (who dealt, made or set, the points as scored, each side's change and
running score), stored with the hand so that a table's exports read them instead of replaying every game.

Every hand already stored gets them here, from a replay of its game through the rules engine. A game whose
log the engine cannot replay keeps them empty, and is replayed when read, as before.

Created 2026-11-27 20:01:50.
"""
from alembic import op
import sqlalchemy as sa

revision = '80acecbe8f8c'
down_revision = '52da3147d9e5'

# Games replayed and written at once.
BATCH = 200


def upgrade():
    with op.batch_alter_table('hands', schema=None) as batch_op:
        batch_op.add_column(sa.Column('dealer_seat', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('made', sa.Boolean(), nullable=True))
        batch_op.add_column(sa.Column('scored_points', sa.JSON(none_as_null=True), nullable=True))
        batch_op.add_column(sa.Column('changes', sa.JSON(none_as_null=True), nullable=True))
        batch_op.add_column(sa.Column('running_scores', sa.JSON(none_as_null=True), nullable=True))
    fill(op.get_bind())


def fill(connection):
    """Replay every game and write each of its hands' figures (a few statements for every BATCH games)."""
    from scorekeeper.rules import HAND_FIELDS, GameSetup, HandEntry, Rules, Side, replay

    games = sa.table(
        'games',
        sa.column('id', sa.String),
        sa.column('rules', sa.JSON),
        sa.column('first_dealer', sa.Integer),
        sa.column('start_scores', sa.JSON),
    )
    sides = sa.table('sides', sa.column('game_id', sa.String), sa.column('index', sa.Integer), sa.column('name', sa.String))
    players = sa.table(
        'players',
        sa.column('game_id', sa.String),
        sa.column('seat', sa.Integer),
        sa.column('name', sa.String),
        sa.column('side_index', sa.Integer),
    )
    types = {'tricks': sa.JSON, 'points': sa.JSON, 'bagged': sa.Boolean, 'hold': sa.Boolean, 'bid': sa.String}
    hands = sa.table(
        'hands',
        sa.column('id', sa.Integer),
        sa.column('game_id', sa.String),
        sa.column('n', sa.Integer),
        *(sa.column(f, types.get(f, sa.Integer)) for f in HAND_FIELDS),
        sa.column('dealer_seat', sa.Integer),
        sa.column('made', sa.Boolean),
        sa.column('scored_points', sa.JSON),
        sa.column('changes', sa.JSON),
        sa.column('running_scores', sa.JSON),
    )
    update = (
        hands.update()
        .where(hands.c.id == sa.bindparam('hand_id'))
        .values(
            dealer_seat=sa.bindparam('new_dealer_seat'),
            made=sa.bindparam('new_made'),
            scored_points=sa.bindparam('new_scored_points'),
            changes=sa.bindparam('new_changes'),
            running_scores=sa.bindparam('new_running_scores'),
        )
    )
    ids = [row[0] for row in connection.execute(sa.select(games.c.id).order_by(games.c.id))]
    for at in range(0, len(ids), BATCH):
        some = ids[at : at + BATCH]
        names = {}
        for game_id, index, name in connection.execute(
            sa.select(sides.c.game_id, sides.c.index, sides.c.name).where(sides.c.game_id.in_(some)).order_by(sides.c.index)
        ):
            names.setdefault(game_id, []).append(name)
        seated = {}
        for game_id, side, name in connection.execute(
            sa.select(players.c.game_id, players.c.side_index, players.c.name)
            .where(players.c.game_id.in_(some))
            .order_by(players.c.seat)
        ):
            seated.setdefault(game_id, []).append((side, name))
        logged = {}
        for row in connection.execute(
            sa.select(hands.c.id, hands.c.game_id, *(hands.c[f] for f in HAND_FIELDS))
            .where(hands.c.game_id.in_(some))
            .order_by(hands.c.game_id, hands.c.n)
        ):
            logged.setdefault(row[1], []).append(row)
        rows = []
        for game_id, rules, dealer, start in connection.execute(
            sa.select(games.c.id, games.c.rules, games.c.first_dealer, games.c.start_scores).where(games.c.id.in_(some))
        ):
            stored = logged.get(game_id, [])
            if not stored:
                continue
            try:
                setup = GameSetup(
                    Rules.from_dict(rules),
                    tuple(
                        Side(name, tuple(p for s, p in seated.get(game_id, []) if s == i))
                        for i, name in enumerate(names.get(game_id, []))
                    ),
                    dealer,
                    None if start is None else tuple(start),
                )
                state = replay(
                    setup, [HandEntry.from_dict(dict(zip(HAND_FIELDS, row[2:], strict=True))) for row in stored]
                )
            except ValueError:
                continue  # replayed when read, as before
            for row, result in zip(stored, state.hands, strict=True):
                rows.append(
                    {
                        'hand_id': row[0],
                        'new_dealer_seat': result.dealer_seat,
                        'new_made': result.made,
                        'new_scored_points': list(result.points),
                        'new_changes': list(result.deltas),
                        'new_running_scores': list(result.scores),
                    }
                )
        if rows:
            connection.execute(update, rows)


def downgrade():
    with op.batch_alter_table('hands', schema=None) as batch_op:
        batch_op.drop_column('running_scores')
        batch_op.drop_column('changes')
        batch_op.drop_column('scored_points')
        batch_op.drop_column('made')
        batch_op.drop_column('dealer_seat')
