"""Merges of a table's roster kept, so that a merge can be undone.

Each row says who left the roster, into whom, and which seats of the table's
games were theirs; undoing the merge puts the person back in those seats and
removes the row. Nothing to fill in for merges made before: they stay as they are.

Created 2026-11-27 16:55:35.
"""
from alembic import op
import sqlalchemy as sa

revision = '121f66f4e405'
down_revision = '70ee7d348ab9'


def upgrade():
    op.create_table('table_merges',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('table_id', sa.String(length=32), nullable=False),
    sa.Column('gone_number', sa.Integer(), nullable=False),
    sa.Column('gone_name', sa.String(length=80), nullable=False),
    sa.Column('into_number', sa.Integer(), nullable=False),
    sa.Column('seats', sa.JSON(), nullable=False),
    sa.Column('merged_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['table_id'], ['card_tables.id'], name=op.f('fk_table_merges_table_id_card_tables'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_table_merges'))
    )
    with op.batch_alter_table('table_merges', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_table_merges_table_id'), ['table_id'], unique=False)



def downgrade():
    with op.batch_alter_table('table_merges', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_table_merges_table_id'))

    op.drop_table('table_merges')
