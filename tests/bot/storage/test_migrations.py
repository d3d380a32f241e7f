"""One schema, one migration history (``bot/storage/migrations``), on both back ends:
the history run from nothing gives exactly the tables a new database is created with
(``bot/storage/schema.py``), and so does the upgrade of a database written by the release
before Alembic (e65209e); a PostgreSQL database numbered the old way (leases as 4, the
language as 5) ends at the same schema; the old releases' markers are set so that such a
release refuses an upgraded database."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Connection, inspect

from bot.storage import backends, legacy, upgrade
from bot.storage.schema import metadata
from bot.storage.store import Store
from tests.conftest import empty_postgres, postgres_url
from tests.release import manifest as release_manifest
from tests.release import release_database

#: What the releases before Alembic kept beside the tables: their schema number.
MARKERS = {"estancia_schema"}


def differences(db: Connection) -> list[Any]:
    context = MigrationContext.configure(db, opts={
        "compare_type": True,
        "include_name": lambda name, kind, parent: not (kind == "table" and name in MARKERS),
    })
    return compare_metadata(context, metadata)


def shape(db: Connection) -> dict[str, tuple[list[str], list[str]]]:
    """Per table: its columns and its indexes, by name."""
    seen = inspect(db)
    return {t: (sorted(c["name"] for c in seen.get_columns(t)),
                sorted(str(i["name"]) for i in seen.get_indexes(t)))
            for t in seen.get_table_names() if t not in MARKERS}


async def on(target: str, work: Any) -> Any:
    backend = await backends.connect(target)
    try:
        return await backend.sa_write(work)
    finally:
        await backend.close()


async def test_the_history_from_nothing_makes_the_tables_of_a_new_database(
        db_target: str) -> None:
    await on(db_target, lambda db: command.upgrade(upgrade.config(db), "head"))
    assert await on(db_target, differences) == []
    assert await on(db_target, upgrade.revision) == upgrade.head()


async def test_a_new_database_is_the_schema_and_is_stamped_with_the_head(
        db_target: str) -> None:
    store = await Store.open(db_target)
    assert await store.schema_version() == upgrade.head()
    await store.close()
    assert await on(db_target, differences) == []
    # a release before Alembic refuses it rather than writing into it
    assert await on(db_target, upgrade.legacy_number) == upgrade.FOR_OLDER_RELEASES


async def test_a_release_database_is_upgraded_to_the_schema_of_a_new_one(
        backend: str, tmp_path: Path) -> None:
    target = await release_database(backend, tmp_path)
    assert await on(target, upgrade.legacy_number) == legacy.BASELINE
    assert await on(target, upgrade.revision) is None
    store = await Store.open(target)
    assert await store.schema_version() == upgrade.head()
    await store.close()
    assert await on(target, upgrade.legacy_number) == upgrade.FOR_OLDER_RELEASES
    if backend == "postgres":
        # PostgreSQL altered the old tables in place: nothing differs
        assert await on(target, differences) == []
        return
    fresh = str(tmp_path / "new.sqlite3")
    await (await Store.open(fresh)).close()
    # SQLite keeps the tables its old statements created (it cannot rename a constraint
    # or retype a column in place): the same tables, columns and indexes
    assert await on(target, shape) == await on(fresh, shape)


@pytest.mark.parametrize("applied", [{3: "", 4: "leases"}, {3: "", 4: "leases", 5: "language"}])
async def test_a_postgres_database_numbered_the_old_way_ends_at_the_same_schema(
        tmp_path: Path, applied: dict[int, str]) -> None:
    url = postgres_url()
    await empty_postgres(url)
    import asyncpg

    old = {
        "leases": ["ALTER TABLE outbox ADD COLUMN claimed_until DOUBLE PRECISION",
                   "ALTER TABLE timers ADD COLUMN claimed_until DOUBLE PRECISION"],
        "language": ["ALTER TABLE games ADD COLUMN language TEXT NOT NULL DEFAULT 'en'"],
    }
    conn = await asyncpg.connect(url)
    try:
        await conn.execute("CREATE TABLE estancia_schema (version INTEGER)")
        for number, what in applied.items():
            for statement in legacy.POSTGRESQL[3] if number == 3 else old[what]:
                await conn.execute(statement)
            await conn.execute("INSERT INTO estancia_schema (version) VALUES ($1)", number)
        await conn.execute(
            "INSERT INTO games (channel_id, guild_id, game, options, creator_id, seats, seed, "
            "status, version, turn_timeout_hours, reminder_hours, timeout_policy, created_at, "
            "updated_at) VALUES (1, 2, 'kuhlorado', '{}', 3, '[]', 4, 'lobby', 0, 24, '[]', "
            "'computer', 0, 0)")
    finally:
        await conn.close()
    store = await Store.open(url)
    try:
        assert await store.schema_version() == upgrade.head()
        assert [g.language for g in await store.games_with_status("lobby")] == ["en"]
    finally:
        await store.close()
    assert await on(url, differences) == []


async def test_an_old_release_refuses_an_upgraded_sqlite_file(tmp_path: Path) -> None:
    """What e65209e's store did at open (``PRAGMA user_version`` above its 6: "newer than
    this program"), on a file this program created."""
    path = tmp_path / "new.sqlite3"
    await (await Store.open(path)).close()
    with sqlite3.connect(path) as conn:
        (number,) = conn.execute("PRAGMA user_version").fetchone()
    assert number > legacy.LAST


#: Migration 7 as the program between release e65209e and Alembic wrote it (main at
#: 0c421f5: bot/storage/sqlite.py's MIGRATIONS[6] and postgres.py's MIGRATIONS[7]), word
#: for word: a database of that program is at hand-numbered schema 7.
SCHEMA_7 = {
    "sqlite": [
        "ALTER TABLE games ADD COLUMN time_bank TEXT",
        "ALTER TABLE games ADD COLUMN reserves TEXT",
        "ALTER TABLE servers ADD COLUMN quiet_deadlines INTEGER NOT NULL DEFAULT 0",
        """
        CREATE TABLE players (
            user_id     INTEGER PRIMARY KEY,
            time_zone   TEXT,
            quiet_hours TEXT,
            dm_notices  INTEGER NOT NULL DEFAULT 0,
            dms_closed  INTEGER NOT NULL DEFAULT 0,
            told_closed INTEGER NOT NULL DEFAULT 0,
            language    TEXT,
            updated_at  REAL    NOT NULL
        )
        """,
        """
        CREATE TABLE notices (
            id              INTEGER PRIMARY KEY,
            game_id         INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            user_id         INTEGER NOT NULL,
            key             TEXT    NOT NULL,
            kind            TEXT    NOT NULL CHECK (kind IN ('turn', 'reminder')),
            seat            INTEGER NOT NULL,
            turn            INTEGER NOT NULL,
            message_id      INTEGER,
            due_at          REAL    NOT NULL,
            created_at      REAL    NOT NULL,
            claimed_until   REAL,
            attempts        INTEGER NOT NULL DEFAULT 0,
            done_at         REAL,
            route           TEXT,
            sent_message_id INTEGER,
            UNIQUE (game_id, user_id, key)
        )
        """,
        "CREATE INDEX notices_due ON notices (due_at) WHERE done_at IS NULL",
    ],
    "postgres": [
        "ALTER TABLE games ADD COLUMN time_bank TEXT",
        "ALTER TABLE games ADD COLUMN reserves TEXT",
        "ALTER TABLE servers ADD COLUMN quiet_deadlines INTEGER NOT NULL DEFAULT 0",
        """
        CREATE TABLE players (
            user_id     BIGINT PRIMARY KEY,
            time_zone   TEXT,
            quiet_hours TEXT,
            dm_notices  INTEGER NOT NULL DEFAULT 0,
            dms_closed  INTEGER NOT NULL DEFAULT 0,
            told_closed INTEGER NOT NULL DEFAULT 0,
            language    TEXT,
            updated_at  DOUBLE PRECISION NOT NULL
        )
        """,
        """
        CREATE TABLE notices (
            id              BIGSERIAL PRIMARY KEY,
            game_id         BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            user_id         BIGINT  NOT NULL,
            key             TEXT    NOT NULL,
            kind            TEXT    NOT NULL CHECK (kind IN ('turn', 'reminder')),
            seat            INTEGER NOT NULL,
            turn            INTEGER NOT NULL,
            message_id      BIGINT,
            due_at          DOUBLE PRECISION NOT NULL,
            created_at      DOUBLE PRECISION NOT NULL,
            claimed_until   DOUBLE PRECISION,
            attempts        INTEGER NOT NULL DEFAULT 0,
            done_at         DOUBLE PRECISION,
            route           TEXT,
            sent_message_id BIGINT,
            UNIQUE (game_id, user_id, key)
        )
        """,
        "CREATE INDEX notices_due ON notices (due_at) WHERE done_at IS NULL",
    ],
}
BANK = '{"cap":259200.0,"increment":3600.0,"reserve":86400.0}'


async def test_a_database_at_the_hand_numbered_schema_7_is_upgraded_with_its_rows(
        backend: str, tmp_path: Path) -> None:
    """The program just before Alembic numbered its clocks and notices schema 7: such a
    database (the release's, taken to 7 by that program's statements, with a clock, a
    player's preferences and a notice in it) is stamped 0007 and upgraded to the head,
    its rows read as they were, and that program then refuses it."""
    target = await release_database(backend, tmp_path)
    game_id = min(g["game_id"] for g in release_manifest(backend)["games"].values()
                  if g["status"] == "active")
    writes = [*SCHEMA_7[backend],
              f"UPDATE games SET time_bank = '{BANK}' WHERE id = {game_id}",
              "INSERT INTO players (user_id, time_zone, quiet_hours, dm_notices, dms_closed, "
              "told_closed, language, updated_at) VALUES (5, 'Europe/Paris', '22:00–08:00', 1, "
              "0, 0, 'fr', 1.0)",
              "INSERT INTO notices (game_id, user_id, key, kind, seat, turn, message_id, due_at, "
              f"created_at) VALUES ({game_id}, 5, 'turn:0:3', 'turn', 0, 3, 77, 2.0, 1.0)",
              "UPDATE servers SET quiet_deadlines = 1"]

    def to_7(db: Connection) -> None:
        for statement in writes:
            db.exec_driver_sql(statement)
        if backend == "sqlite":
            db.exec_driver_sql("PRAGMA user_version = 7")
        else:
            db.exec_driver_sql("INSERT INTO estancia_schema (version) VALUES (7)")

    await on(target, to_7)
    assert await on(target, upgrade.legacy_number) == 7
    store = await Store.open(target)
    try:
        assert await store.schema_version() == upgrade.head()
        game = await store.game(game_id)
        assert game is not None and game.time_bank is not None
        assert game.time_bank.to_json() == {"reserve": 86400.0, "increment": 3600.0,
                                            "cap": 259200.0}
        prefs = (await store.player_prefs([5]))[5]
        assert (prefs.time_zone, prefs.dm_notices, prefs.language) == ("Europe/Paris", True,
                                                                      "fr")
        assert [(n["key"], n["message_id"]) for n in await store.notices_of(game_id)] == [
            ("turn:0:3", 77)]
        assert [n.key for n in await store.claim_notices(5.0, 10)] == ["turn:0:3"]
    finally:
        await store.close()
    assert await on(target, upgrade.legacy_number) == upgrade.FOR_OLDER_RELEASES > 7
    if backend == "postgres":
        assert await on(target, differences) == []
    else:
        fresh = str(tmp_path / "new.sqlite3")
        await (await Store.open(fresh)).close()
        assert await on(target, shape) == await on(fresh, shape)
