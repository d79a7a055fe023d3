"""One couple per member and evening, and the games a table may delete.

``club_seats`` holds the one couple each club member plays for on an evening:
its key (evening, club number) makes a second couple impossible, whatever
two desk phones send at the same moment. It is filled from the chairs already
taken (a member found in two couples keeps the first).

``table_games.editable`` says whether the table holds the game's edit rights
(started from it, kept from the game's edit link, imported, or added with the
edit link). Deleting a table with its games deletes only those. A game added
before this was asked for may have been added with its view link: it is marked
not editable, and stays when its table is deleted.

Created 2026-11-27 17:05:00.
"""
from alembic import op
import sqlalchemy as sa

revision = '70ee7d348ab9'
down_revision = '5e1f0a7c3b92'


def upgrade():
    op.create_table('club_seats',
    sa.Column('party_id', sa.String(length=32), nullable=False),
    sa.Column('number', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('couple', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['party_id'], ['club_evenings.party_id'], name=op.f('fk_club_seats_party_id_club_evenings'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('party_id', 'number', name=op.f('pk_club_seats'))
    )
    op.execute(
        'INSERT INTO club_seats (party_id, number, couple) '
        'SELECT party_id, number, MIN(couple) FROM club_chairs GROUP BY party_id, number'
    )
    with op.batch_alter_table('table_games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('editable', sa.Boolean(), server_default=sa.false(), nullable=False))


def downgrade():
    with op.batch_alter_table('table_games', schema=None) as batch_op:
        batch_op.drop_column('editable')

    op.drop_table('club_seats')
