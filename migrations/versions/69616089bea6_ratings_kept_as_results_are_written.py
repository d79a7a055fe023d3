"""Ratings kept as the results that make them are written: each run's steps, and each person's skill after each.

A table (or club season) with results from before has no run yet: its ratings are worked out when read, as
before, and stored with its next result. Nothing to fill in here.

Created 2026-11-27 20:03:11.
"""
from alembic import op
import sqlalchemy as sa

revision = '69616089bea6'
down_revision = '80acecbe8f8c'


def upgrade():
    op.create_table('rating_points',
    sa.Column('scope', sa.String(length=80), nullable=False),
    sa.Column('step', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('person', sa.String(length=32), nullable=False),
    sa.Column('mu', sa.Float(), nullable=False),
    sa.Column('sigma', sa.Float(), nullable=False),
    sa.Column('games', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('scope', 'step', 'person', name=op.f('pk_rating_points'))
    )
    op.create_table('rating_runs',
    sa.Column('scope', sa.String(length=80), nullable=False),
    sa.Column('stamp', sa.String(length=64), nullable=False),
    sa.Column('quick', sa.String(length=64), nullable=False),
    sa.Column('keys', sa.JSON(), nullable=False),
    sa.Column('skills', sa.JSON(), nullable=False),
    sa.PrimaryKeyConstraint('scope', name=op.f('pk_rating_runs'))
    )


def downgrade():
    op.drop_table('rating_runs')
    op.drop_table('rating_points')
