"""Clubs: their roster of members with club numbers, their evenings (card parties) and who sat in each couple.

Created 2026-11-23 23:47:32.
"""
from alembic import op
import sqlalchemy as sa

revision = '7c4cfd6ab376'
down_revision = 'cce9b8599c85'


def upgrade():
    op.create_table('clubs',
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.Column('edit_token', sa.String(length=64), nullable=False),
    sa.Column('name', sa.String(length=80), nullable=False),
    sa.Column('currency', sa.String(length=3), nullable=False),
    sa.Column('settings', sa.JSON(), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_clubs')),
    sa.UniqueConstraint('edit_token', name=op.f('uq_clubs_edit_token'))
    )
    with op.batch_alter_table('clubs', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_clubs_created_at'), ['created_at'], unique=False)

    op.create_table('club_evenings',
    sa.Column('party_id', sa.String(length=32), nullable=False),
    sa.Column('club_id', sa.String(length=32), nullable=False),
    sa.Column('season', sa.String(length=32), nullable=False),
    sa.Column('pots', sa.JSON(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['club_id'], ['clubs.id'], name=op.f('fk_club_evenings_club_id_clubs'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['party_id'], ['parties.id'], name=op.f('fk_club_evenings_party_id_parties'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('party_id', name=op.f('pk_club_evenings'))
    )
    with op.batch_alter_table('club_evenings', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_club_evenings_club_id'), ['club_id'], unique=False)

    op.create_table('club_members',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('club_id', sa.String(length=32), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=80), nullable=False),
    sa.Column('active', sa.Boolean(), nullable=False),
    sa.Column('merged_into', sa.Integer(), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['club_id'], ['clubs.id'], name=op.f('fk_club_members_club_id_clubs'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_club_members')),
    sa.UniqueConstraint('club_id', 'number', name=op.f('uq_club_members_club_id_number'))
    )
    with op.batch_alter_table('club_members', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_club_members_club_id'), ['club_id'], unique=False)

    op.create_table('club_chairs',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('party_id', sa.String(length=32), nullable=False),
    sa.Column('couple', sa.Integer(), nullable=False),
    sa.Column('slot', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('from_game', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['party_id'], ['club_evenings.party_id'], name=op.f('fk_club_chairs_party_id_club_evenings'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_club_chairs')),
    sa.UniqueConstraint('party_id', 'couple', 'slot', 'from_game', name=op.f('uq_club_chairs_party_id_couple_slot_from_game'))
    )
    with op.batch_alter_table('club_chairs', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_club_chairs_party_id'), ['party_id'], unique=False)


def downgrade():
    with op.batch_alter_table('club_chairs', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_club_chairs_party_id'))

    op.drop_table('club_chairs')
    with op.batch_alter_table('club_members', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_club_members_club_id'))

    op.drop_table('club_members')
    with op.batch_alter_table('club_evenings', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_club_evenings_club_id'))

    op.drop_table('club_evenings')
    with op.batch_alter_table('clubs', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_clubs_created_at'))

    op.drop_table('clubs')
