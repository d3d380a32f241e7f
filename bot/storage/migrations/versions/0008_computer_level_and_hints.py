"""A server's computer players: the level a stand-in plays a timed-out or
forfeited seat at, and whether players may ask the computer for hints. (A computer
seat's level and a player's hint are kept in the game's seats, JSON: no column.)

The same columns as the hand-numbered schema 8 of the program just before Alembic
(``bot/storage/legacy.py``): a database of that program is stamped with this revision.
Frozen: never edit it.
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("servers", sa.Column("computer_level", sa.Text, nullable=False,
                                       server_default="normal"))
    op.add_column("servers", sa.Column("hints", sa.Integer, nullable=False,
                                       server_default=sa.text("1")))


def downgrade() -> None:
    with op.batch_alter_table("servers") as batch:
        batch.drop_column("hints")
        batch.drop_column("computer_level")
