"""Hands: the side that set the bidder with off-suit cards, and the side a tie-break chose.

Both are side numbers, empty for every hand recorded before (neither question was asked then).

Revision ID: cf0792f17880
Revises: 12756943874d
Create Date: 2026-11-23 10:55:33.550420

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'cf0792f17880'
down_revision = '12756943874d'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('hands', schema=None) as batch_op:
        batch_op.add_column(sa.Column('offsuit_set', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('tie_break_side', sa.Integer(), nullable=True))


def downgrade():
    with op.batch_alter_table('hands', schema=None) as batch_op:
        batch_op.drop_column('tie_break_side')
        batch_op.drop_column('offsuit_set')
