"""The tables, as SQLAlchemy Core sees them (the schema at the head of the migration
history), and the few SQL expressions whose spelling differs between SQLite and
PostgreSQL, each compiled per dialect here so that every query is written once.

This metadata is what a new database is created from, and what the queries of
:mod:`bot.storage.store` are built on. A change to it goes with an Alembic migration in
``bot/storage/migrations/versions/`` (``tests/bot/storage/test_migrations.py`` checks that the
migrations and this metadata agree, on both back ends): see that package's README.

Types: ids and Discord snowflakes are ``BIGINT`` on PostgreSQL and ``INTEGER`` on SQLite
(where ``INTEGER PRIMARY KEY`` is the rowid); moments are Unix seconds in ``DOUBLE
PRECISION`` / ``REAL``; JSON is kept as text, written by :func:`bot.storage.store.dump`
(a game's seats are compared as text by the compare-and-swap); states are zlib-compressed
``BYTEA`` / ``BLOB``.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import (
    BigInteger,
    CheckConstraint,
    Column,
    Double,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    PrimaryKeyConstraint,
    Table,
    Text,
    UniqueConstraint,
    text,
)
from sqlalchemy.dialects import sqlite
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.sql.expression import ColumnElement, FunctionElement
from sqlalchemy.sql.visitors import InternalTraversal
from sqlalchemy.types import TypeEngine

#: A row id or a Discord snowflake: 64 bits on PostgreSQL, SQLite's INTEGER (the rowid
#: when it is the primary key).
Id = BigInteger().with_variant(Integer(), "sqlite")
#: Unix seconds, hours, ratings.
Real = Double().with_variant(sqlite.REAL(), "sqlite")

#: Constraint names as PostgreSQL chose them for the tables the releases before Alembic
#: created: a new database and an upgraded one name them alike.
metadata = MetaData(naming_convention={
    "pk": "%(table_name)s_pkey",
    "fk": "%(table_name)s_%(column_0_name)s_fkey",
    "uq": "%(table_name)s_%(column_0_N_name)s_key",
})


def _game_fk() -> ForeignKey:
    return ForeignKey("games.id", ondelete="CASCADE")


games = Table(
    "games", metadata,
    Column("id", Id, primary_key=True),
    Column("channel_id", Id, nullable=False),
    Column("guild_id", Id),
    Column("game", Text, nullable=False),
    Column("options", Text, nullable=False, server_default="{}"),
    Column("status", Text, nullable=False),
    Column("creator_id", Id, nullable=False),
    Column("seats", Text, nullable=False, server_default="[]"),
    Column("seed", Id, nullable=False),
    Column("version", Integer, nullable=False, server_default=text("0")),
    Column("state", LargeBinary),
    Column("turn_timeout_hours", Real, nullable=False),
    Column("reminder_hours", Text, nullable=False, server_default="[]"),
    Column("timeout_policy", Text, nullable=False),
    Column("turn_started_at", Real),
    Column("deadline_at", Real),
    Column("result", Text),
    Column("created_at", Real, nullable=False),
    Column("updated_at", Real, nullable=False),
    Column("parent_id", Id),
    Column("paused_at", Real),
    Column("votes", Text, nullable=False, server_default="[]"),
    Column("language", Text, nullable=False, server_default="en"),
    #: The game's clock (``TimeBank.to_json``; None: the per-turn timer only) and each
    #: seat's reserve (``Reserves.to_json``).
    Column("time_bank", Text),
    Column("reserves", Text),
    CheckConstraint("status IN ('lobby', 'active', 'finished', 'cancelled')",
                    name="games_status_check"),
    CheckConstraint("timeout_policy IN ('computer', 'forfeit')", name="games_timeout_policy_check"),
)
Index("games_one_open_per_channel", games.c.channel_id, unique=True,
      sqlite_where=text("status IN ('lobby', 'active')"),
      postgresql_where=text("status IN ('lobby', 'active')"))
Index("games_by_channel", games.c.channel_id, games.c.id)

moves = Table(
    "moves", metadata,
    Column("id", Id, primary_key=True),
    Column("game_id", Id, _game_fk(), nullable=False),
    Column("version", Integer, nullable=False),
    Column("kind", Text, nullable=False),
    Column("seat", Integer),
    Column("user_id", Id),
    Column("by_computer", Integer, nullable=False, server_default=text("0")),
    Column("option_key", Text),
    Column("label", Text),
    Column("events", Text, nullable=False, server_default="[]"),
    Column("snapshot", LargeBinary),
    Column("reveals", Integer, nullable=False, server_default=text("0")),
    Column("undone", Integer, nullable=False, server_default=text("0")),
    Column("created_at", Real, nullable=False),
    Column("interaction_id", Id),
    UniqueConstraint("game_id", "version"),
    CheckConstraint("kind IN ('start', 'move', 'undo', 'forfeit')", name="moves_kind_check"),
    CheckConstraint("snapshot IS NOT NULL OR kind IN ('move', 'forfeit')",
                    name="moves_check"),
)

outbox = Table(
    "outbox", metadata,
    Column("id", Id, primary_key=True),
    Column("game_id", Id, _game_fk(), nullable=False),
    Column("version", Integer, nullable=False),
    Column("channel_id", Id, nullable=False),
    Column("payload", Text, nullable=False),
    Column("created_at", Real, nullable=False),
    Column("sent_at", Real),
    Column("message_id", Id),
    Column("attempts", Integer, nullable=False, server_default=text("0")),
    Column("next_attempt_at", Real),
    #: Until then the row is being delivered by the process that claimed it
    #: (PostgreSQL only: one SQLite file has one bot process).
    Column("claimed_until", Real),
)
Index("outbox_unsent", outbox.c.game_id, outbox.c.id,
      sqlite_where=text("sent_at IS NULL"), postgresql_where=text("sent_at IS NULL"))
Index("outbox_sent", outbox.c.sent_at,
      sqlite_where=text("sent_at IS NOT NULL"), postgresql_where=text("sent_at IS NOT NULL"))

timers = Table(
    "timers", metadata,
    Column("id", Id, primary_key=True),
    Column("game_id", Id, _game_fk(), nullable=False),
    Column("kind", Text, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("turn", Integer, nullable=False),
    Column("due_at", Real, nullable=False),
    Column("fired_at", Real),
    Column("claimed_until", Real),
    CheckConstraint("kind IN ('reminder', 'deadline')", name="timers_kind_check"),
)
Index("timers_unfired", timers.c.due_at,
      sqlite_where=text("fired_at IS NULL"), postgresql_where=text("fired_at IS NULL"))

#: Ratings per server (guild 0: none), per game, per player ("user:<id>" or "computer").
ratings = Table(
    "ratings", metadata,
    Column("guild_id", Id, nullable=False),
    Column("game", Text, nullable=False),
    Column("player", Text, nullable=False),
    Column("name", Text, nullable=False),
    Column("mu", Real, nullable=False),
    Column("sigma", Real, nullable=False),
    Column("games", Integer, nullable=False, server_default=text("0")),
    Column("wins", Integer, nullable=False, server_default=text("0")),
    Column("updated_at", Real, nullable=False),
    PrimaryKeyConstraint("guild_id", "game", "player"),
)

#: A finished game is rated exactly once.
rated_games = Table(
    "rated_games", metadata,
    Column("game_id", Id, _game_fk(), primary_key=True, autoincrement=False),
    Column("rated_at", Real, nullable=False),
)

#: Per-server settings (a server without a row uses the defaults of bot.core.stale).
servers = Table(
    "servers", metadata,
    Column("guild_id", Id, primary_key=True, autoincrement=False),
    Column("stale_days", Real, nullable=False),
    Column("lobby_days", Real, nullable=False),
    Column("stale_policy", Text, nullable=False),
    Column("updated_at", Real, nullable=False),
    #: A deadline inside the quiet hours of the player to move moves to their end (0/1).
    Column("quiet_deadlines", Integer, nullable=False, server_default=text("0")),
    #: The level the computer plays a timed-out or forfeited seat at; hints allowed (0/1).
    Column("computer_level", Text, nullable=False, server_default="normal"),
    Column("hints", Integer, nullable=False, server_default=text("1")),
    CheckConstraint("stale_policy IN ('computer', 'forfeit', 'cancel')",
                    name="servers_stale_policy_check"),
)

#: Players away: their turns' clocks wait until they are back.
vacations = Table(
    "vacations", metadata,
    Column("user_id", Id, primary_key=True, autoincrement=False),
    Column("away_until", Real, nullable=False),
)

#: The one warning a stalled game gets, at the version it stalled on.
stale_warnings = Table(
    "stale_warnings", metadata,
    Column("game_id", Id, _game_fk(), primary_key=True, autoincrement=False),
    Column("version", Integer, nullable=False),
    Column("warned_at", Real, nullable=False),
)

#: Players' notice preferences (bot.core.notices.PlayerPrefs; none: the defaults).
players = Table(
    "players", metadata,
    Column("user_id", Id, primary_key=True, autoincrement=False),
    Column("time_zone", Text),
    Column("quiet_hours", Text),
    Column("dm_notices", Integer, nullable=False, server_default=text("0")),
    Column("dms_closed", Integer, nullable=False, server_default=text("0")),
    Column("told_closed", Integer, nullable=False, server_default=text("0")),
    Column("language", Text),
    Column("updated_at", Real, nullable=False),
)

#: Turn notices and reminders to deliver to one player (bot.core.notices), each once:
#: unique by game, player and key; claimed like the outbox on PostgreSQL.
notices = Table(
    "notices", metadata,
    Column("id", Id, primary_key=True),
    Column("game_id", Id, _game_fk(), nullable=False),
    Column("user_id", Id, nullable=False),
    Column("key", Text, nullable=False),
    Column("kind", Text, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("turn", Integer, nullable=False),
    Column("message_id", Id),
    Column("due_at", Real, nullable=False),
    Column("created_at", Real, nullable=False),
    Column("claimed_until", Real),
    Column("attempts", Integer, nullable=False, server_default=text("0")),
    Column("done_at", Real),
    #: "dm" or "channel" once delivered (None: dropped).
    Column("route", Text),
    Column("sent_message_id", Id),
    UniqueConstraint("game_id", "user_id", "key"),
    CheckConstraint("kind IN ('turn', 'reminder')", name="notices_kind_check"),
)
Index("notices_due", notices.c.due_at,
      sqlite_where=text("done_at IS NULL"), postgresql_where=text("done_at IS NULL"))


# -- expressions spelled differently by the two dialects ----------------------------------
class json_text(FunctionElement[Any]):
    """The value at ``path`` (keys and list indexes) inside a JSON text column, as text
    (a number as SQLite's number; :class:`json_int` for a number on both)."""

    inherit_cache = True
    type: TypeEngine[Any] = Text()
    # the path is part of the SQL text, so of the compiled statement's cache key
    _traverse_internals = [*FunctionElement._traverse_internals,
                           ("path", InternalTraversal.dp_plain_obj)]

    def __init__(self, column: ColumnElement[Any], *path: str | int) -> None:
        self.path = path
        super().__init__(column)


class json_int(json_text):
    """The integer at ``path`` inside a JSON text column."""

    inherit_cache = True
    type = BigInteger()


class json_has(FunctionElement[Any]):
    """Whether the JSON object in a text column has the key ``key``."""

    inherit_cache = True
    type: TypeEngine[Any] = Integer()
    _traverse_internals = [*FunctionElement._traverse_internals,
                           ("key", InternalTraversal.dp_plain_obj)]

    def __init__(self, column: ColumnElement[Any], key: str) -> None:
        self.key = key
        super().__init__(column)


class json_list_has(FunctionElement[Any]):
    """Whether the JSON list in a text column has an object whose ``key`` is ``value`` (a
    bound integer): a user's seat among a game's seats."""

    inherit_cache = True
    type: TypeEngine[Any] = Integer()
    _traverse_internals = [*FunctionElement._traverse_internals,
                           ("key", InternalTraversal.dp_plain_obj)]

    def __init__(self, column: ColumnElement[Any], key: str, value: Any) -> None:
        self.key = key
        super().__init__(column, value)


def _sqlite_path(path: tuple[str | int, ...]) -> str:
    return "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)


def _literal(value: str) -> str:
    assert "'" not in value, value  # paths are the program's own words
    return f"'{value}'"


@compiles(json_text, "sqlite")
def _json_text_sqlite(element: json_text, compiler: Any, **kw: Any) -> str:
    (column,) = element.clauses
    return (f"json_extract({compiler.process(column, **kw)}, "
            f"{_literal(_sqlite_path(element.path))})")


@compiles(json_text, "postgresql")
def _json_text_pg(element: json_text, compiler: Any, **kw: Any) -> str:
    (column,) = element.clauses
    path = ",".join(str(p) for p in element.path)
    sql = f"(({compiler.process(column, **kw)})::jsonb #>> {_literal('{' + path + '}')})"
    return f"CAST({sql} AS BIGINT)" if isinstance(element, json_int) else sql


@compiles(json_has, "sqlite")
def _json_has_sqlite(element: json_has, compiler: Any, **kw: Any) -> str:
    (column,) = element.clauses
    return (f"(json_type({compiler.process(column, **kw)}, "
            f"{_literal(_sqlite_path((element.key,)))}) IS NOT NULL)")


@compiles(json_has, "postgresql")
def _json_has_pg(element: json_has, compiler: Any, **kw: Any) -> str:
    (column,) = element.clauses
    return f"(({compiler.process(column, **kw)})::jsonb ? {_literal(element.key)})"


@compiles(json_list_has, "sqlite")
def _json_list_has_sqlite(element: json_list_has, compiler: Any, **kw: Any) -> str:
    column, value = element.clauses
    return (f"EXISTS (SELECT 1 FROM json_each({compiler.process(column, **kw)}) AS each_item "
            f"WHERE json_extract(each_item.value, {_literal(_sqlite_path((element.key,)))}) "
            f"= {compiler.process(value, **kw)})")


@compiles(json_list_has, "postgresql")
def _json_list_has_pg(element: json_list_has, compiler: Any, **kw: Any) -> str:
    column, value = element.clauses
    return (f"EXISTS (SELECT 1 FROM jsonb_array_elements(({compiler.process(column, **kw)})"
            f"::jsonb) AS each_item WHERE (each_item ->> {_literal(element.key)})::bigint "
            f"= {compiler.process(value, **kw)})")
