"""Tables: a group's roster and games, and each game's statistics

A table (``card_tables``) has a roster (``table_people``) and games
(``table_games``: who of the roster sat on each side). ``games.summary`` holds
each side's statistics, written with every change of the hand log; games
stored before it are summed up from their replay when first read.

Created 2026-11-23 23:48:33.
"""
from alembic import op
import sqlalchemy as sa

revision = '9bed4ab95fe6'
down_revision = '7c4cfd6ab376'


def upgrade():
    op.create_table('card_tables',
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.Column('edit_token', sa.String(length=64), nullable=False),
    sa.Column('view_token', sa.String(length=64), nullable=False),
    sa.Column('name', sa.String(length=80), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_card_tables')),
    sa.UniqueConstraint('edit_token', name=op.f('uq_card_tables_edit_token')),
    sa.UniqueConstraint('view_token', name=op.f('uq_card_tables_view_token'))
    )
    with op.batch_alter_table('card_tables', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_card_tables_created_at'), ['created_at'], unique=False)

    op.create_table('table_games',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('table_id', sa.String(length=32), nullable=False),
    sa.Column('game_id', sa.String(length=32), nullable=False),
    sa.Column('sides', sa.JSON(), nullable=False),
    sa.Column('added_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_table_games_game_id_games'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['table_id'], ['card_tables.id'], name=op.f('fk_table_games_table_id_card_tables'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_table_games')),
    sa.UniqueConstraint('table_id', 'game_id', name=op.f('uq_table_games_table_id_game_id'))
    )
    with op.batch_alter_table('table_games', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_table_games_game_id'), ['game_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_table_games_table_id'), ['table_id'], unique=False)

    op.create_table('table_people',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('table_id', sa.String(length=32), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=80), nullable=False),
    sa.ForeignKeyConstraint(['table_id'], ['card_tables.id'], name=op.f('fk_table_people_table_id_card_tables'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_table_people')),
    sa.UniqueConstraint('table_id', 'number', name=op.f('uq_table_people_table_id_number'))
    )
    with op.batch_alter_table('table_people', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_table_people_table_id'), ['table_id'], unique=False)

    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('summary', sa.JSON(none_as_null=True), nullable=True))


def downgrade():
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_column('summary')

    with op.batch_alter_table('table_people', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_table_people_table_id'))

    op.drop_table('table_people')
    with op.batch_alter_table('table_games', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_table_games_table_id'))
        batch_op.drop_index(batch_op.f('ix_table_games_game_id'))

    op.drop_table('table_games')
    with op.batch_alter_table('card_tables', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_card_tables_created_at'))

    op.drop_table('card_tables')
