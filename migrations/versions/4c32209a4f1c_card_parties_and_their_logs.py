"""Card parties and their logs.

A party keeps its settings and the log of what the director and the tables entered;
seating, wins and places are worked out by replaying the log.

Created 2026-11-23 10:49:05.
"""
from alembic import op
import sqlalchemy as sa

revision = '4c32209a4f1c'
down_revision = 'cf0792f17880'


def upgrade():
    op.create_table('parties',
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.Column('edit_token', sa.String(length=64), nullable=False),
    sa.Column('hall_token', sa.String(length=64), nullable=False),
    sa.Column('name', sa.String(length=80), nullable=False),
    sa.Column('held_on', sa.Date(), nullable=True),
    sa.Column('settings', sa.JSON(), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_parties')),
    sa.UniqueConstraint('edit_token', name=op.f('uq_parties_edit_token')),
    sa.UniqueConstraint('hall_token', name=op.f('uq_parties_hall_token'))
    )
    with op.batch_alter_table('parties', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_parties_created_at'), ['created_at'], unique=False)

    op.create_table('party_entries',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('party_id', sa.String(length=32), nullable=False),
    sa.Column('n', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=24), nullable=False),
    sa.Column('data', sa.JSON(), nullable=False),
    sa.Column('source', sa.String(length=24), nullable=False),
    sa.Column('recorded_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['party_id'], ['parties.id'], name=op.f('fk_party_entries_party_id_parties'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_party_entries')),
    sa.UniqueConstraint('party_id', 'n', name=op.f('uq_party_entries_party_id_n'))
    )


def downgrade():
    op.drop_table('party_entries')
    with op.batch_alter_table('parties', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_parties_created_at'))

    op.drop_table('parties')
