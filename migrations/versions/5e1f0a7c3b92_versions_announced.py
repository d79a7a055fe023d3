"""Versions announced: on PostgreSQL, a game or party that changes says so to the app's workers.

Every change of a game or a card party moves its ``version`` (and a new edit link
changes its tokens with it). A trigger announces each such change, and each
removal, on the channel ``scorekeeper_versions`` (``game:<id>`` or
``party:<id>``), when its transaction commits. Each worker listens there, so it
can answer an unchanged poll from what it last read, without asking the
database (``scorekeeper/store/heard.py``). SQLite has no such channel: nothing to do.

Created 2026-11-24 07:40:00.
"""
from alembic import op

revision = '5e1f0a7c3b92'
down_revision = '9bed4ab95fe6'

FUNCTION = """
CREATE OR REPLACE FUNCTION scorekeeper_announce_version() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('scorekeeper_versions', TG_ARGV[0] || ':' || OLD.id);
    RETURN NULL;
END
$$ LANGUAGE plpgsql
"""
TRIGGERS = {'games': ('game', 'version, edit_token, view_token'), 'parties': ('party', 'version, edit_token, hall_token')}


def upgrade():
    if op.get_bind().dialect.name != 'postgresql':
        return
    op.execute(FUNCTION)
    for table, (kind, columns) in TRIGGERS.items():
        op.execute(
            f'CREATE TRIGGER {table}_announce_version AFTER UPDATE OF {columns} OR DELETE ON {table} '
            f"FOR EACH ROW EXECUTE FUNCTION scorekeeper_announce_version('{kind}')"
        )


def downgrade():
    if op.get_bind().dialect.name != 'postgresql':
        return
    for table in TRIGGERS:
        op.execute(f'DROP TRIGGER IF EXISTS {table}_announce_version ON {table}')
    op.execute('DROP FUNCTION IF EXISTS scorekeeper_announce_version()')
