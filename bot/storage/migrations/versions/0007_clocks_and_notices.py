"""Play many games at once: a game's clock (its time bank and each seat's
reserve, JSON text), a server's choice to move deadlines out of quiet hours, players'
notice preferences, and their notices (DMs; pings held for the end of quiet hours).

The same tables and columns as the hand-numbered schema 7 of the releases just before
Alembic (``bot/storage/legacy.py``): a database of such a release is stamped with this
revision. Frozen: never edit it.
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import sqlite

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

Id = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
Real: sa.types.TypeEngine[float] = sa.Double().with_variant(sqlite.REAL(), "sqlite")


def upgrade() -> None:
    # new columns that are nullable or have a default: added in place on both back ends
    op.add_column("games", sa.Column("time_bank", sa.Text))
    op.add_column("games", sa.Column("reserves", sa.Text))
    op.add_column("servers", sa.Column("quiet_deadlines", sa.Integer, nullable=False,
                                       server_default=sa.text("0")))
    op.create_table(
        "players",
        sa.Column("user_id", Id, primary_key=True, autoincrement=False),
        sa.Column("time_zone", sa.Text),
        sa.Column("quiet_hours", sa.Text),
        sa.Column("dm_notices", sa.Integer, nullable=False, server_default=sa.text("0")),
        sa.Column("dms_closed", sa.Integer, nullable=False, server_default=sa.text("0")),
        sa.Column("told_closed", sa.Integer, nullable=False, server_default=sa.text("0")),
        sa.Column("language", sa.Text),
        sa.Column("updated_at", Real, nullable=False),
    )
    op.create_table(
        "notices",
        sa.Column("id", Id, primary_key=True),
        sa.Column("game_id", Id, sa.ForeignKey("games.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("user_id", Id, nullable=False),
        sa.Column("key", sa.Text, nullable=False),
        sa.Column("kind", sa.Text, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("turn", sa.Integer, nullable=False),
        sa.Column("message_id", Id),
        sa.Column("due_at", Real, nullable=False),
        sa.Column("created_at", Real, nullable=False),
        sa.Column("claimed_until", Real),
        sa.Column("attempts", sa.Integer, nullable=False, server_default=sa.text("0")),
        sa.Column("done_at", Real),
        sa.Column("route", sa.Text),
        sa.Column("sent_message_id", Id),
        sa.UniqueConstraint("game_id", "user_id", "key"),
        sa.CheckConstraint("kind IN ('turn', 'reminder')", name="notices_kind_check"),
    )
    op.create_index("notices_due", "notices", ["due_at"],
                    sqlite_where=sa.text("done_at IS NULL"),
                    postgresql_where=sa.text("done_at IS NULL"))


def downgrade() -> None:
    op.drop_index("notices_due", table_name="notices")
    op.drop_table("notices")
    op.drop_table("players")
    with op.batch_alter_table("servers") as batch:
        batch.drop_column("quiet_deadlines")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("reserves")
        batch.drop_column("time_bank")
