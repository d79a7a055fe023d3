"""Undone hands: what Undo took off a sheet, and the game's version once it was gone.

A copy of that very hand sent again later (kept on a phone with no signal, or
a page opened before the undo) is then told it was undone instead of being
recorded again.

Created 2026-11-23 21:42:18.
"""
from alembic import op
import sqlalchemy as sa

revision = 'cce9b8599c85'
down_revision = '41583ef95e54'


def upgrade():
    op.create_table('undone_hands',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.String(length=32), nullable=False),
    sa.Column('n', sa.Integer(), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('entry', sa.JSON(), nullable=False),
    sa.Column('undone_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_undone_hands_game_id_games'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_undone_hands'))
    )
    with op.batch_alter_table('undone_hands', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_undone_hands_game_id'), ['game_id'], unique=False)


def downgrade():
    with op.batch_alter_table('undone_hands', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_undone_hands_game_id'))

    op.drop_table('undone_hands')
