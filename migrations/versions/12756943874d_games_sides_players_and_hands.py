"""Games, their sides, players and hands.

The hand log stores what was entered at the table; scores are derived from it.

Created 2026-11-22 22:05:05.
"""
from alembic import op
import sqlalchemy as sa

revision = '12756943874d'
down_revision = None


def upgrade():
    op.create_table('games',
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.Column('edit_token', sa.String(length=64), nullable=False),
    sa.Column('view_token', sa.String(length=64), nullable=False),
    sa.Column('rules', sa.JSON(), nullable=False),
    sa.Column('first_dealer', sa.Integer(), nullable=False),
    sa.Column('start_scores', sa.JSON(none_as_null=True), nullable=True),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.Column('finished_at', sa.DateTime(), nullable=True),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_games')),
    sa.UniqueConstraint('edit_token', name=op.f('uq_games_edit_token')),
    sa.UniqueConstraint('view_token', name=op.f('uq_games_view_token'))
    )
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_games_created_at'), ['created_at'], unique=False)

    op.create_table('hands',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.String(length=32), nullable=False),
    sa.Column('n', sa.Integer(), nullable=False),
    sa.Column('bidder', sa.Integer(), nullable=True),
    sa.Column('bid', sa.String(length=16), nullable=True),
    sa.Column('bagged', sa.Boolean(), nullable=False),
    sa.Column('hold', sa.Boolean(), nullable=False),
    sa.Column('tricks', sa.JSON(none_as_null=True), nullable=True),
    sa.Column('high', sa.Integer(), nullable=True),
    sa.Column('points', sa.JSON(none_as_null=True), nullable=True),
    sa.Column('partner', sa.Integer(), nullable=True),
    sa.Column('edited', sa.Boolean(), nullable=False),
    sa.Column('recorded_at', sa.DateTime(), nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_hands_game_id_games'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_hands')),
    sa.UniqueConstraint('game_id', 'n', name=op.f('uq_hands_game_id_n'))
    )
    op.create_table('players',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.String(length=32), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=80), nullable=False),
    sa.Column('side_index', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_players_game_id_games'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_players')),
    sa.UniqueConstraint('game_id', 'seat', name=op.f('uq_players_game_id_seat'))
    )
    op.create_table('sides',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.String(length=32), nullable=False),
    sa.Column('index', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=80), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_sides_game_id_games'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_sides')),
    sa.UniqueConstraint('game_id', 'index', name=op.f('uq_sides_game_id_index'))
    )


def downgrade():
    op.drop_table('sides')
    op.drop_table('players')
    op.drop_table('hands')
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_games_created_at'))

    op.drop_table('games')
