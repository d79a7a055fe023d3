"""Stored totals of each game: running scores, number of hands and winner.

Derived from the hand log and written with every change of it, so the home
page lists games without replaying each one. The hands stay the source of
truth. Existing games get their hand count here; their totals are filled in
by their next change (until then the home page replays them, as before).

Created 2026-11-23 10:47:08.
"""
from alembic import op
import sqlalchemy as sa

revision = '41583ef95e54'
down_revision = '4c32209a4f1c'


def upgrade():
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('totals', sa.JSON(none_as_null=True), nullable=True))
        batch_op.add_column(sa.Column('hand_count', sa.Integer(), server_default='0', nullable=False))
        batch_op.add_column(sa.Column('winner', sa.Integer(), nullable=True))
    op.execute(
        "UPDATE games SET hand_count = (SELECT COUNT(*) FROM hands WHERE hands.game_id = games.id)"
    )


def downgrade():
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_column('winner')
        batch_op.drop_column('hand_count')
        batch_op.drop_column('totals')
