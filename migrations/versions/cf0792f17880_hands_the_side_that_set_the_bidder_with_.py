"""Hands: the side that set the bidder with off-suit cards, and the side a tie-break chose.

Both are side numbers, empty for every hand recorded before (neither question was asked then).

Created 2026-11-23 10:55:33.
"""
from alembic import op
import sqlalchemy as sa

revision = 'cf0792f17880'
down_revision = '12756943874d'


def upgrade():
    with op.batch_alter_table('hands', schema=None) as batch_op:
        batch_op.add_column(sa.Column('offsuit_set', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('tie_break_side', sa.Integer(), nullable=True))


def downgrade():
    with op.batch_alter_table('hands', schema=None) as batch_op:
        batch_op.drop_column('tie_break_side')
        batch_op.drop_column('offsuit_set')
