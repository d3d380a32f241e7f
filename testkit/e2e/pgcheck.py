"""Read the bots' PostgreSQL database from outside, as :mod:`testkit.e2e.dbcheck` reads a
SQLite file: the same :class:`dbcheck.GameRecord` per game, so the same replay checks."""

from __future__ import annotations

from typing import Any

import asyncpg

from testkit.e2e.dbcheck import GameRecord, game_record


async def read_games(url: str, game_ids: list[int] | None = None) -> list[GameRecord]:
    conn = await asyncpg.connect(url)
    try:
        async with conn.transaction(isolation="repeatable_read", readonly=True):
            rows = await conn.fetch(
                "SELECT * FROM games WHERE $1::bigint[] IS NULL OR id = ANY($1::bigint[]) "
                "ORDER BY id", game_ids)
            games = []
            for row in rows:
                moves = await conn.fetch(
                    "SELECT * FROM moves WHERE game_id = $1 ORDER BY version", row["id"])
                outbox = await conn.fetch(
                    "SELECT * FROM outbox WHERE game_id = $1 ORDER BY id", row["id"])
                games.append(game_record(row, moves, outbox))
            return games
    finally:
        await conn.close()


async def read_game(url: str, game_id: int) -> GameRecord:
    [record] = await read_games(url, [game_id])
    return record


async def fetch(url: str, query: str, *args: Any) -> list[asyncpg.Record]:
    conn = await asyncpg.connect(url)
    try:
        return await conn.fetch(query, *args)
    finally:
        await conn.close()


async def undelivered(url: str, game_id: int | None = None) -> int:
    """Announcements not yet posted (abandoned ones, with no retry time, excepted)."""
    [row] = await fetch(
        url, "SELECT COUNT(*) AS n FROM outbox WHERE sent_at IS NULL "
        "AND next_attempt_at IS NOT NULL AND ($1::bigint IS NULL OR game_id = $1)", game_id)
    return row["n"]
