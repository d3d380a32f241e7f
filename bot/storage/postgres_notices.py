"""PostgreSQL: players' notice preferences and their notices (:class:`bot.core.notices.NoticeStore`).

Mixed into :class:`bot.storage.postgres.PgStore` (its tables come with migration 7 there).
Several processes share the database, so a due notice is claimed by one process at a time
(``FOR UPDATE SKIP LOCKED``, a lease of ``CLAIM_SECONDS`` as for the outbox and the
timers): a process killed while it holds one leaves it to the others once the lease is
over, and their re-send carries the same nonce (Discord answers with the message made).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Collection, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import asyncpg

from bot.core.notices import NewNotice, NoticeRow, PlayerPrefs
from bot.storage.sqlite_notices import notice_from, prefs_from, prefs_values

T = TypeVar("T")


def _lease() -> float:
    from bot.storage.postgres import CLAIM_SECONDS

    return CLAIM_SECONDS


class PgNotices:
    """Players' preferences and notices on PostgreSQL."""

    if TYPE_CHECKING:
        _pool: asyncpg.Pool

        async def _write(self, work: Callable[[asyncpg.Connection], Awaitable[T]]) -> T: ...

        async def _bookkeeping(self, work: Callable[[asyncpg.Connection], Awaitable[T]]
                               ) -> T: ...

    # -- preferences ------------------------------------------------------------------------
    async def player_prefs(self, user_ids: Collection[int]) -> dict[int, PlayerPrefs]:
        ids = sorted(set(user_ids))
        if not ids:
            return {}
        rows = await self._pool.fetch("SELECT * FROM players WHERE user_id = ANY($1::bigint[])",
                                      ids)
        return {r["user_id"]: prefs_from(r) for r in rows}

    async def save_player_prefs(self, prefs: PlayerPrefs, now: float) -> None:
        await self._pool.execute(
            """
            INSERT INTO players (user_id, time_zone, quiet_hours, dm_notices, dms_closed,
                                 told_closed, language, updated_at)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
            ON CONFLICT (user_id) DO UPDATE SET time_zone = excluded.time_zone,
                quiet_hours = excluded.quiet_hours, dm_notices = excluded.dm_notices,
                dms_closed = excluded.dms_closed, told_closed = excluded.told_closed,
                language = excluded.language, updated_at = excluded.updated_at
            """,
            *prefs_values(prefs, now),
        )

    async def dms_refused(self, user_id: int, now: float) -> None:
        await self._pool.execute(
            """
            INSERT INTO players (user_id, dms_closed, told_closed, updated_at)
            VALUES ($1, 1, 0, $2)
            ON CONFLICT (user_id) DO UPDATE SET dms_closed = 1, told_closed = 0,
                updated_at = excluded.updated_at
            WHERE players.dms_closed = 0
            """,
            user_id, now,
        )

    async def take_dms_closed_note(self, user_id: int) -> bool:
        status = await self._pool.execute(
            "UPDATE players SET told_closed = 1 WHERE user_id = $1 AND dms_closed = 1 "
            "AND told_closed = 0", user_id)
        return status.endswith(" 1")

    # -- notices ----------------------------------------------------------------------------
    @staticmethod
    async def insert_notices(db: asyncpg.Connection, notices: Sequence[NewNotice],
                             now: float) -> None:
        """Write notices; one already there for its game, player and key stays as it is."""
        if not notices:
            return
        await db.executemany(
            """
            INSERT INTO notices (game_id, user_id, key, kind, seat, turn, message_id, due_at,
                                 created_at)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
            ON CONFLICT (game_id, user_id, key) DO NOTHING
            """,
            [(n.game_id, n.user_id, n.key, n.kind, n.seat, n.turn, n.message_id, n.due_at, now)
             for n in notices],
        )

    async def claim_notices(self, now: float, limit: int) -> list[NoticeRow]:
        rows = await self._bookkeeping(lambda db: db.fetch(
            """
            UPDATE notices SET claimed_until = $2 WHERE id IN (
                SELECT id FROM notices
                WHERE done_at IS NULL AND due_at <= $1
                    AND (claimed_until IS NULL OR claimed_until <= $1)
                ORDER BY due_at, id LIMIT $3
                FOR UPDATE SKIP LOCKED)
            RETURNING *
            """,
            now, now + _lease(), limit,
        ))
        return sorted((notice_from(r) for r in rows), key=lambda n: (n.due_at, n.id))

    async def next_notice_due(self) -> float | None:
        """The nearest moment a notice may be delivered here: its due time, or the end of
        another process's claim on it."""
        return await self._pool.fetchval(
            "SELECT MIN(GREATEST(due_at, COALESCE(claimed_until, due_at))) FROM notices "
            "WHERE done_at IS NULL")

    async def postpone_notice(self, notice_id: int, due_at: float) -> None:
        await self._pool.execute(
            "UPDATE notices SET due_at = $1, claimed_until = NULL WHERE id = $2 "
            "AND done_at IS NULL", due_at, notice_id)

    async def finish_notice(self, notice_id: int, now: float, message_id: int | None,
                            route: str | None) -> None:
        await self._bookkeeping(lambda db: db.execute(
            "UPDATE notices SET done_at = $1, sent_message_id = $2, route = $3::text, "
            "attempts = attempts + (CASE WHEN $3::text IS NULL THEN 0 ELSE 1 END), "
            "claimed_until = NULL WHERE id = $4 AND done_at IS NULL",
            now, message_id, route, notice_id))

    async def fail_notice(self, notice_id: int, retry_at: float | None) -> int:
        if retry_at is None:
            sql = ("UPDATE notices SET attempts = attempts + 1, done_at = due_at, "
                   "claimed_until = NULL WHERE id = $1 RETURNING attempts")
            attempts = await self._pool.fetchval(sql, notice_id)
        else:
            attempts = await self._pool.fetchval(
                "UPDATE notices SET attempts = attempts + 1, due_at = $2, claimed_until = NULL "
                "WHERE id = $1 RETURNING attempts", notice_id, retry_at)
        return attempts or 0

    async def release_notice(self, notice_id: int) -> None:
        await self._pool.execute(
            "UPDATE notices SET claimed_until = NULL WHERE id = $1 AND done_at IS NULL",
            notice_id)

    async def purge_notices(self, before: float) -> int:
        status = await self._pool.execute(
            """
            DELETE FROM notices WHERE done_at IS NOT NULL AND done_at < $1 AND (
                kind = 'reminder'
                OR game_id IN (SELECT id FROM games WHERE status IN ('finished', 'cancelled'))
                OR id < (SELECT MAX(n.id) FROM notices n WHERE n.game_id = notices.game_id
                         AND n.user_id = notices.user_id AND n.kind = 'turn'))
            """,
            before,
        )
        return int(status.rsplit(" ", 1)[-1])

    async def notices_of(self, game_id: int) -> list[dict[str, Any]]:
        rows = await self._pool.fetch("SELECT * FROM notices WHERE game_id = $1 ORDER BY id",
                                      game_id)
        return [dict(r) for r in rows]
