"""A schema number means the same tables and columns on both back ends ("the
same migrations ... against both back ends"), and a PostgreSQL database migrated under
the earlier numbering (leases as 4, the language as 5) ends at the same schema."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from bot.storage import postgres, sqlite
from tests.conftest import PG_URL_ENV, open_backend


def sqlite_columns(path: Path) -> dict[str, set[str]]:
    db = sqlite3.connect(path)
    try:
        tables = [r[0] for r in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]
        return {t: {r[1] for r in db.execute(f"PRAGMA table_info({t})")} for t in tables}
    finally:
        db.close()


async def pg_columns(url: str) -> dict[str, set[str]]:
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        rows = await conn.fetch("SELECT table_name, column_name FROM information_schema.columns "
                                "WHERE table_schema = 'public'")
    finally:
        await conn.close()
    columns: dict[str, set[str]] = {}
    for row in rows:
        columns.setdefault(row["table_name"], set()).add(row["column_name"])
    columns.pop("estancia_schema", None)  # PostgreSQL's record of the applied numbers
    return columns


def test_both_back_ends_number_their_migrations_alike() -> None:
    assert sqlite.SCHEMA_VERSION == postgres.SCHEMA_VERSION == 8
    assert min(postgres.MIGRATIONS) == 3  # a new PostgreSQL database starts at SQLite's 3


async def test_the_latest_schema_is_the_same_columns_on_both(tmp_path: Path) -> None:
    store = await open_backend("sqlite", tmp_path)
    await store.close()
    lite = sqlite_columns(tmp_path / "estancia.sqlite3")
    assert "claimed_until" in lite["outbox"] and "language" in lite["games"]
    assert "interaction_id" in lite["moves"]
    assert {"computer_level", "hints"} <= lite["servers"]
    url = os.environ.get(PG_URL_ENV)
    if not url:
        pytest.skip(f"PostgreSQL suite: ${PG_URL_ENV} is not set")
    pg = await open_backend("postgres", tmp_path)
    await pg.close()
    assert await pg_columns(url) == lite


@pytest.mark.parametrize("applied", [{3: "", 4: "leases"}, {3: "", 4: "leases", 5: "language"}])
async def test_a_postgres_database_numbered_the_old_way_ends_at_the_same_schema(
        tmp_path: Path, applied: dict[int, str]) -> None:
    url = os.environ.get(PG_URL_ENV)
    if not url:
        pytest.skip(f"PostgreSQL suite: ${PG_URL_ENV} is not set")
    import asyncpg

    old = {
        "leases": ["ALTER TABLE outbox ADD COLUMN claimed_until DOUBLE PRECISION",
                   "ALTER TABLE timers ADD COLUMN claimed_until DOUBLE PRECISION"],
        "language": ["ALTER TABLE games ADD COLUMN language TEXT NOT NULL DEFAULT 'en'"],
    }
    conn = await asyncpg.connect(url)
    try:
        await conn.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public;")
        await conn.execute("CREATE TABLE estancia_schema (version INTEGER)")
        for number, what in applied.items():
            for statement in postgres.MIGRATIONS[3] if number == 3 else old[what]:
                await conn.execute(statement)
            await conn.execute("INSERT INTO estancia_schema (version) VALUES ($1)", number)
        await conn.execute(
            "INSERT INTO games (channel_id, guild_id, game, options, creator_id, seats, seed, "
            "status, version, turn_timeout_hours, reminder_hours, timeout_policy, created_at, "
            "updated_at) VALUES (1, 2, 'kuhlorado', '{}', 3, '[]', 4, 'lobby', 0, 24, '[]', "
            "'computer', 0, 0)")
    finally:
        await conn.close()
    store = await postgres.PgStore.open(url)
    try:
        assert await store.schema_version() == postgres.SCHEMA_VERSION
        games = await store.games_with_status("lobby")
        assert [g.language for g in games] == ["en"]
    finally:
        await store.close()
    lite_store = await open_backend("sqlite", tmp_path)
    await lite_store.close()
    assert await pg_columns(url) == sqlite_columns(tmp_path / "estancia.sqlite3")
