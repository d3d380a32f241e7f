"""The schema of the releases up to e65209e (their schema 6, numbered by hand before
Alembic; ``bot/storage/legacy.py`` holds how they got there): the baseline of the
migration history. A database from such a release is brought to it by its old migrations
and stamped with this revision; a new database is created from ``bot/storage/schema.py``
and stamped with the head. Frozen: never edit it.
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import sqlite

revision = "0006"
down_revision = None
branch_labels = None
depends_on = None

Id = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
Real: sa.types.TypeEngine[float] = sa.Double().with_variant(sqlite.REAL(), "sqlite")


def _game_id() -> sa.Column:
    return sa.Column("game_id", Id, sa.ForeignKey("games.id", ondelete="CASCADE",
                                                  name=None), nullable=False)


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", Id, primary_key=True),
        sa.Column("channel_id", Id, nullable=False),
        sa.Column("guild_id", Id),
        sa.Column("game", sa.Text, nullable=False),
        sa.Column("options", sa.Text, nullable=False, server_default="{}"),
        sa.Column("status", sa.Text, nullable=False),
        sa.Column("creator_id", Id, nullable=False),
        sa.Column("seats", sa.Text, nullable=False, server_default="[]"),
        sa.Column("seed", Id, nullable=False),
        sa.Column("version", sa.Integer, nullable=False, server_default=sa.text("0")),
        sa.Column("state", sa.LargeBinary),
        sa.Column("turn_timeout_hours", Real, nullable=False),
        sa.Column("reminder_hours", sa.Text, nullable=False, server_default="[]"),
        sa.Column("timeout_policy", sa.Text, nullable=False),
        sa.Column("turn_started_at", Real),
        sa.Column("deadline_at", Real),
        sa.Column("result", sa.Text),
        sa.Column("created_at", Real, nullable=False),
        sa.Column("updated_at", Real, nullable=False),
        sa.Column("parent_id", Id),
        sa.Column("paused_at", Real),
        sa.Column("votes", sa.Text, nullable=False, server_default="[]"),
        sa.Column("language", sa.Text, nullable=False, server_default="en"),
        sa.CheckConstraint("status IN ('lobby', 'active', 'finished', 'cancelled')",
                           name="games_status_check"),
        sa.CheckConstraint("timeout_policy IN ('computer', 'forfeit')",
                           name="games_timeout_policy_check"),
    )
    op.create_index("games_one_open_per_channel", "games", ["channel_id"], unique=True,
                    sqlite_where=sa.text("status IN ('lobby', 'active')"),
                    postgresql_where=sa.text("status IN ('lobby', 'active')"))
    op.create_index("games_by_channel", "games", ["channel_id", "id"])
    op.create_table(
        "moves",
        sa.Column("id", Id, primary_key=True),
        _game_id(),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("kind", sa.Text, nullable=False),
        sa.Column("seat", sa.Integer),
        sa.Column("user_id", Id),
        sa.Column("by_computer", sa.Integer, nullable=False, server_default=sa.text("0")),
        sa.Column("option_key", sa.Text),
        sa.Column("label", sa.Text),
        sa.Column("events", sa.Text, nullable=False, server_default="[]"),
        sa.Column("snapshot", sa.LargeBinary),
        sa.Column("reveals", sa.Integer, nullable=False, server_default=sa.text("0")),
        sa.Column("undone", sa.Integer, nullable=False, server_default=sa.text("0")),
        sa.Column("created_at", Real, nullable=False),
        sa.Column("interaction_id", Id),
        sa.UniqueConstraint("game_id", "version"),
        sa.CheckConstraint("kind IN ('start', 'move', 'undo', 'forfeit')",
                           name="moves_kind_check"),
        sa.CheckConstraint("snapshot IS NOT NULL OR kind IN ('move', 'forfeit')",
                           name="moves_check"),
    )
    op.create_table(
        "outbox",
        sa.Column("id", Id, primary_key=True),
        _game_id(),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("channel_id", Id, nullable=False),
        sa.Column("payload", sa.Text, nullable=False),
        sa.Column("created_at", Real, nullable=False),
        sa.Column("sent_at", Real),
        sa.Column("message_id", Id),
        sa.Column("attempts", sa.Integer, nullable=False, server_default=sa.text("0")),
        sa.Column("next_attempt_at", Real),
        sa.Column("claimed_until", Real),
    )
    op.create_index("outbox_unsent", "outbox", ["game_id", "id"],
                    sqlite_where=sa.text("sent_at IS NULL"),
                    postgresql_where=sa.text("sent_at IS NULL"))
    op.create_index("outbox_sent", "outbox", ["sent_at"],
                    sqlite_where=sa.text("sent_at IS NOT NULL"),
                    postgresql_where=sa.text("sent_at IS NOT NULL"))
    op.create_table(
        "timers",
        sa.Column("id", Id, primary_key=True),
        _game_id(),
        sa.Column("kind", sa.Text, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("turn", sa.Integer, nullable=False),
        sa.Column("due_at", Real, nullable=False),
        sa.Column("fired_at", Real),
        sa.Column("claimed_until", Real),
        sa.CheckConstraint("kind IN ('reminder', 'deadline')", name="timers_kind_check"),
    )
    op.create_index("timers_unfired", "timers", ["due_at"],
                    sqlite_where=sa.text("fired_at IS NULL"),
                    postgresql_where=sa.text("fired_at IS NULL"))
    op.create_table(
        "ratings",
        sa.Column("guild_id", Id, nullable=False),
        sa.Column("game", sa.Text, nullable=False),
        sa.Column("player", sa.Text, nullable=False),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("mu", Real, nullable=False),
        sa.Column("sigma", Real, nullable=False),
        sa.Column("games", sa.Integer, nullable=False, server_default=sa.text("0")),
        sa.Column("wins", sa.Integer, nullable=False, server_default=sa.text("0")),
        sa.Column("updated_at", Real, nullable=False),
        sa.PrimaryKeyConstraint("guild_id", "game", "player"),
    )
    op.create_table(
        "rated_games",
        sa.Column("game_id", Id, sa.ForeignKey("games.id", ondelete="CASCADE"),
                  primary_key=True, autoincrement=False),
        sa.Column("rated_at", Real, nullable=False),
    )
    op.create_table(
        "servers",
        sa.Column("guild_id", Id, primary_key=True, autoincrement=False),
        sa.Column("stale_days", Real, nullable=False),
        sa.Column("lobby_days", Real, nullable=False),
        sa.Column("stale_policy", sa.Text, nullable=False),
        sa.Column("updated_at", Real, nullable=False),
        sa.CheckConstraint("stale_policy IN ('computer', 'forfeit', 'cancel')",
                           name="servers_stale_policy_check"),
    )
    op.create_table(
        "vacations",
        sa.Column("user_id", Id, primary_key=True, autoincrement=False),
        sa.Column("away_until", Real, nullable=False),
    )
    op.create_table(
        "stale_warnings",
        sa.Column("game_id", Id, sa.ForeignKey("games.id", ondelete="CASCADE"),
                  primary_key=True, autoincrement=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("warned_at", Real, nullable=False),
    )


def downgrade() -> None:
    raise NotImplementedError("the first schema of the history has nothing before it")
