"""Hands: the bid stored as the engine writes it, a number (20) or a word ("30-for-60"), no longer always text.

Existing rows keep their bid: "20" becomes the number 20, "30-for-60" stays that word.

Created 2026-11-27 20:10:00.
"""
from alembic import op
import sqlalchemy as sa

revision = 'a3c5e7f9b1d2'
down_revision = '69616089bea6'

# A bid of digits only is a number; any other bid is a word ("30-for-60", "slam").
_PG_TO_JSON = "CASE WHEN bid ~ '^[0-9]+$' THEN to_json(bid::integer) ELSE to_json(bid) END"


def upgrade():
    if op.get_bind().dialect.name == 'postgresql':
        op.alter_column(
            'hands', 'bid', type_=sa.JSON(none_as_null=True), existing_nullable=True, postgresql_using=_PG_TO_JSON
        )
        return
    # SQLite: the new column has numeric affinity, so "20" is copied as the number 20; a word is quoted as JSON.
    with op.batch_alter_table('hands', schema=None) as batch_op:
        batch_op.alter_column(
            'bid', existing_type=sa.String(length=16), type_=sa.JSON(none_as_null=True), existing_nullable=True
        )
    op.execute(
        "UPDATE hands SET bid = '\"' || bid || '\"' "
        "WHERE bid IS NOT NULL AND typeof(bid) = 'text' AND substr(bid, 1, 1) <> '\"'"
    )


def downgrade():
    if op.get_bind().dialect.name == 'postgresql':
        op.alter_column(
            'hands', 'bid', type_=sa.String(length=16), existing_nullable=True, postgresql_using="bid #>> '{}'"
        )
        return
    op.execute("UPDATE hands SET bid = json_extract(bid, '$') WHERE bid IS NOT NULL")
    with op.batch_alter_table('hands', schema=None) as batch_op:
        batch_op.alter_column(
            'bid', existing_type=sa.JSON(none_as_null=True), type_=sa.String(length=16), existing_nullable=True
        )
