"""Imports sent again: the Idempotency-Key each import was sent with, and what it made.

A resend of the same import with the same key answers with the table (or club)
the first one made, for 24 hours; the unique key lets one of two sends at the
same moment through.

Created 2026-11-27 16:55:41.
"""
from alembic import op
import sqlalchemy as sa

revision = '52da3147d9e5'
down_revision = '121f66f4e405'


def upgrade():
    op.create_table(
        'import_keys',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('kind', sa.String(length=16), nullable=False),
        sa.Column('key', sa.String(length=64), nullable=False),
        sa.Column('fingerprint', sa.String(length=64), nullable=False),
        sa.Column('made_id', sa.String(length=32), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_import_keys')),
        sa.UniqueConstraint('kind', 'key', name=op.f('uq_import_keys_kind_key')),
    )
    with op.batch_alter_table('import_keys', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_import_keys_created_at'), ['created_at'], unique=False)


def downgrade():
    with op.batch_alter_table('import_keys', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_import_keys_created_at'))
    op.drop_table('import_keys')
