"""${message}

Created ${create_date.strftime("%Y-%m-%d %H:%M:%S")}.
"""
from alembic import op
import sqlalchemy as sa
${imports if imports else ""}
revision = ${repr(up_revision)}
down_revision = ${repr(down_revision)}
% if branch_labels:
branch_labels = ${repr(branch_labels)}
% endif
% if depends_on:
depends_on = ${repr(depends_on)}
% endif


def upgrade():
    ${upgrades if upgrades else "pass"}


def downgrade():
    ${downgrades if downgrades else "pass"}
