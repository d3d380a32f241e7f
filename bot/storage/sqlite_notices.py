"""SQLite: players' notice preferences and their notices (:class:`bot.core.notices.NoticeStore`).

Mixed into :class:`bot.storage.sqlite.Store` (its tables come with migration 7 there). One
SQLite file has one bot process, so nothing is claimed here (as for the outbox): the
deliverer of that process keeps one delivery at a time.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Collection, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from bot.core.notices import NewNotice, NoticeRow, PlayerPrefs
from bot.core.quiet import QuietHours

T = TypeVar("T")


def prefs_from(row: Any) -> PlayerPrefs:
    """A ``players`` row (SQLite or PostgreSQL) as preferences."""
    quiet = row["quiet_hours"]
    return PlayerPrefs(
        user_id=row["user_id"], time_zone=row["time_zone"],
        quiet=None if quiet is None else QuietHours.from_text(quiet),
        dm_notices=bool(row["dm_notices"]), dms_closed=bool(row["dms_closed"]),
        told_closed=bool(row["told_closed"]), language=row["language"],
    )


def notice_from(row: Any) -> NoticeRow:
    """A ``notices`` row (SQLite or PostgreSQL)."""
    return NoticeRow(id=row["id"], user_id=row["user_id"], game_id=row["game_id"],
                     key=row["key"], kind=row["kind"], seat=row["seat"], turn=row["turn"],
                     due_at=row["due_at"], message_id=row["message_id"],
                     attempts=row["attempts"])


def prefs_values(prefs: PlayerPrefs, now: float) -> tuple[Any, ...]:
    return (prefs.user_id, prefs.time_zone, None if prefs.quiet is None else prefs.quiet.text,
            int(prefs.dm_notices), int(prefs.dms_closed), int(prefs.told_closed),
            prefs.language, now)


class SqliteNotices:
    """Players' preferences and notices on SQLite."""

    if TYPE_CHECKING:
        async def _write(self, work: Callable[[sqlite3.Connection], T]) -> T: ...

        async def _fetchone(self, sql: str, params: Sequence[Any] = ()) -> Any: ...

        async def _fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Any]: ...

    # -- preferences ------------------------------------------------------------------------
    async def player_prefs(self, user_ids: Collection[int]) -> dict[int, PlayerPrefs]:
        ids = sorted(set(user_ids))
        if not ids:
            return {}
        rows = await self._fetchall(
            f"SELECT * FROM players WHERE user_id IN ({', '.join('?' * len(ids))})", ids)
        return {r["user_id"]: prefs_from(r) for r in rows}

    async def save_player_prefs(self, prefs: PlayerPrefs, now: float) -> None:
        await self._write(lambda db: db.execute(
            """
            INSERT INTO players (user_id, time_zone, quiet_hours, dm_notices, dms_closed,
                                 told_closed, language, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (user_id) DO UPDATE SET time_zone = excluded.time_zone,
                quiet_hours = excluded.quiet_hours, dm_notices = excluded.dm_notices,
                dms_closed = excluded.dms_closed, told_closed = excluded.told_closed,
                language = excluded.language, updated_at = excluded.updated_at
            """,
            prefs_values(prefs, now),
        ))

    async def dms_refused(self, user_id: int, now: float) -> None:
        await self._write(lambda db: db.execute(
            """
            INSERT INTO players (user_id, dms_closed, told_closed, updated_at)
            VALUES (?, 1, 0, ?)
            ON CONFLICT (user_id) DO UPDATE SET dms_closed = 1, told_closed = 0,
                updated_at = excluded.updated_at
            WHERE players.dms_closed = 0
            """,
            (user_id, now),
        ))

    async def take_dms_closed_note(self, user_id: int) -> bool:
        return await self._write(lambda db: db.execute(
            "UPDATE players SET told_closed = 1 WHERE user_id = ? AND dms_closed = 1 "
            "AND told_closed = 0", (user_id,)).rowcount == 1)

    # -- notices ----------------------------------------------------------------------------
    @staticmethod
    def insert_notices(db: sqlite3.Connection, notices: Sequence[NewNotice], now: float) -> None:
        """Write notices; one already there for its game, player and key stays as it is."""
        db.executemany(
            """
            INSERT INTO notices (game_id, user_id, key, kind, seat, turn, message_id, due_at,
                                 created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (game_id, user_id, key) DO NOTHING
            """,
            [(n.game_id, n.user_id, n.key, n.kind, n.seat, n.turn, n.message_id, n.due_at, now)
             for n in notices],
        )

    async def claim_notices(self, now: float, limit: int) -> list[NoticeRow]:
        rows = await self._fetchall(
            "SELECT * FROM notices WHERE done_at IS NULL AND due_at <= ? ORDER BY due_at, id "
            "LIMIT ?", (now, limit))
        return [notice_from(r) for r in rows]

    async def next_notice_due(self) -> float | None:
        row = await self._fetchone("SELECT MIN(due_at) FROM notices WHERE done_at IS NULL")
        return row[0] if row else None

    async def postpone_notice(self, notice_id: int, due_at: float) -> None:
        await self._write(lambda db: db.execute(
            "UPDATE notices SET due_at = ?, claimed_until = NULL WHERE id = ? "
            "AND done_at IS NULL", (due_at, notice_id)))

    async def finish_notice(self, notice_id: int, now: float, message_id: int | None,
                            route: str | None) -> None:
        await self._write(lambda db: db.execute(
            "UPDATE notices SET done_at = ?, sent_message_id = ?, route = ?, "
            "attempts = attempts + (? IS NOT NULL) WHERE id = ? AND done_at IS NULL",
            (now, message_id, route, route, notice_id)))

    async def fail_notice(self, notice_id: int, retry_at: float | None) -> int:
        def fail(db: sqlite3.Connection) -> int:
            if retry_at is None:  # given up: dealt with, delivered nowhere
                db.execute("UPDATE notices SET attempts = attempts + 1, done_at = due_at "
                           "WHERE id = ? AND done_at IS NULL", (notice_id,))
            else:
                db.execute("UPDATE notices SET attempts = attempts + 1, due_at = ? "
                           "WHERE id = ? AND done_at IS NULL", (retry_at, notice_id))
            row = db.execute("SELECT attempts FROM notices WHERE id = ?", (notice_id,)).fetchone()
            return row["attempts"] if row else 0

        return await self._write(fail)

    async def release_notice(self, notice_id: int) -> None:
        """Nothing to give back: one process per SQLite file claims nothing."""

    async def purge_notices(self, before: float) -> int:
        return await self._write(lambda db: db.execute(
            """
            DELETE FROM notices WHERE done_at IS NOT NULL AND done_at < ? AND (
                kind = 'reminder'
                OR game_id IN (SELECT id FROM games WHERE status IN ('finished', 'cancelled'))
                OR id < (SELECT MAX(n.id) FROM notices n WHERE n.game_id = notices.game_id
                         AND n.user_id = notices.user_id AND n.kind = 'turn'))
            """,
            (before,),
        ).rowcount)

    async def notices_of(self, game_id: int) -> list[dict[str, Any]]:
        """Every notice of a game, oldest first, as stored (for tests and diagnostics)."""
        rows = await self._fetchall("SELECT * FROM notices WHERE game_id = ? ORDER BY id",
                                    (game_id,))
        return [dict(r) for r in rows]
