"""PostgreSQL storage (asyncpg): the same interface and the same rules as :class:`bot.storage.sqlite.Store`.

Chosen by ``DATABASE_URL`` (``postgresql://user:password@host/db``, see
:func:`bot.storage.sqlite.open_store`); the embedded SQLite file stays the default. Every write is
one transaction; a change to a game is the same compare-and-swap on its ``version``
(under READ COMMITTED a concurrent update of the row waits, then finds the version moved
on: :class:`StaleVersion`). Moves keep option keys with a compressed snapshot every
:data:`SNAPSHOT_EVERY` versions, as in SQLite. The schema starts at SQLite's schema 2 and
is migrated at open under an advisory lock, so processes opening together migrate once.
"""

from __future__ import annotations

import json
import os
from collections.abc import Awaitable, Callable, Collection, Sequence
from typing import Any, TypeVar

import asyncpg

from bot.core.announcements import MOVE_ANNOUNCEMENTS
from bot.core.notices import NewNotice
from bot.storage.postgres_notices import PgNotices
from bot.storage.sqlite import (
    ADDRESS_KEY,
    Activity,
    Change,
    ChannelBusy,
    GameRow,
    MatchPlayer,
    MoveRow,
    NewGame,
    NewTimer,
    OutboxRow,
    RatingRow,
    ServerRow,
    SoloBest,
    StaleVersion,
    TimerRow,
    _dump,
    _game_from_row,
    _move_from_row,
    _outbox_from_row,
    _rating_from_row,
    _seats_json,
    _server_from_row,
    _timer_from_row,
    _without_defaults,
    bank_json,
    move_rows,
    pack_state,
    reserves_json,
    unpack_state,
)

T = TypeVar("T")

#: schema version -> statements; a new database starts at 3 (SQLite's schema 3).
MIGRATIONS: dict[int, list[str]] = {
    3: [
        """
        CREATE TABLE games (
            id                 BIGSERIAL PRIMARY KEY,
            channel_id         BIGINT  NOT NULL,
            guild_id           BIGINT,
            game               TEXT    NOT NULL,
            options            TEXT    NOT NULL DEFAULT '{}',
            status             TEXT    NOT NULL
                               CHECK (status IN ('lobby', 'active', 'finished', 'cancelled')),
            creator_id         BIGINT  NOT NULL,
            seats              TEXT    NOT NULL DEFAULT '[]',
            seed               BIGINT  NOT NULL,
            version            INTEGER NOT NULL DEFAULT 0,
            state              BYTEA,
            turn_timeout_hours DOUBLE PRECISION NOT NULL,
            reminder_hours     TEXT    NOT NULL DEFAULT '[]',
            timeout_policy     TEXT    NOT NULL CHECK (timeout_policy IN ('computer', 'forfeit')),
            turn_started_at    DOUBLE PRECISION,
            deadline_at        DOUBLE PRECISION,
            result             TEXT,
            created_at         DOUBLE PRECISION NOT NULL,
            updated_at         DOUBLE PRECISION NOT NULL,
            parent_id          BIGINT,
            paused_at          DOUBLE PRECISION,
            votes              TEXT    NOT NULL DEFAULT '[]'
        )
        """,
        """
        CREATE UNIQUE INDEX games_one_open_per_channel
            ON games (channel_id) WHERE status IN ('lobby', 'active')
        """,
        "CREATE INDEX games_by_channel ON games (channel_id, id)",
        """
        CREATE TABLE moves (
            id          BIGSERIAL PRIMARY KEY,
            game_id     BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            version     INTEGER NOT NULL,
            kind        TEXT    NOT NULL
                        CHECK (kind IN ('start', 'move', 'undo', 'forfeit')),
            seat        INTEGER,
            user_id     BIGINT,
            by_computer INTEGER NOT NULL DEFAULT 0,
            option_key  TEXT,
            label       TEXT,
            events      TEXT    NOT NULL DEFAULT '[]',
            snapshot    BYTEA,
            reveals     INTEGER NOT NULL DEFAULT 0,
            undone      INTEGER NOT NULL DEFAULT 0,
            created_at  DOUBLE PRECISION NOT NULL,
            UNIQUE (game_id, version),
            CHECK (snapshot IS NOT NULL OR kind IN ('move', 'forfeit'))
        )
        """,
        """
        CREATE TABLE outbox (
            id              BIGSERIAL PRIMARY KEY,
            game_id         BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            version         INTEGER NOT NULL,
            channel_id      BIGINT  NOT NULL,
            payload         TEXT    NOT NULL,
            created_at      DOUBLE PRECISION NOT NULL,
            sent_at         DOUBLE PRECISION,
            message_id      BIGINT,
            attempts        INTEGER NOT NULL DEFAULT 0,
            next_attempt_at DOUBLE PRECISION
        )
        """,
        "CREATE INDEX outbox_unsent ON outbox (game_id, id) WHERE sent_at IS NULL",
        "CREATE INDEX outbox_sent ON outbox (sent_at) WHERE sent_at IS NOT NULL",
        """
        CREATE TABLE timers (
            id       BIGSERIAL PRIMARY KEY,
            game_id  BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            kind     TEXT    NOT NULL CHECK (kind IN ('reminder', 'deadline')),
            seat     INTEGER NOT NULL,
            turn     INTEGER NOT NULL,
            due_at   DOUBLE PRECISION NOT NULL,
            fired_at DOUBLE PRECISION
        )
        """,
        "CREATE INDEX timers_unfired ON timers (due_at) WHERE fired_at IS NULL",
        """
        CREATE TABLE ratings (
            guild_id   BIGINT  NOT NULL,
            game       TEXT    NOT NULL,
            player     TEXT    NOT NULL,
            name       TEXT    NOT NULL,
            mu         DOUBLE PRECISION NOT NULL,
            sigma      DOUBLE PRECISION NOT NULL,
            games      INTEGER NOT NULL DEFAULT 0,
            wins       INTEGER NOT NULL DEFAULT 0,
            updated_at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (guild_id, game, player)
        )
        """,
        """
        CREATE TABLE rated_games (
            game_id  BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
            rated_at DOUBLE PRECISION NOT NULL
        )
        """,
        """
        CREATE TABLE servers (
            guild_id     BIGINT PRIMARY KEY,
            stale_days   DOUBLE PRECISION NOT NULL,
            lobby_days   DOUBLE PRECISION NOT NULL,
            stale_policy TEXT NOT NULL CHECK (stale_policy IN ('computer', 'forfeit', 'cancel')),
            updated_at   DOUBLE PRECISION NOT NULL
        )
        """,
        """
        CREATE TABLE vacations (
            user_id    BIGINT PRIMARY KEY,
            away_until DOUBLE PRECISION NOT NULL
        )
        """,
        """
        CREATE TABLE stale_warnings (
            game_id   BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
            version   INTEGER NOT NULL,
            warned_at DOUBLE PRECISION NOT NULL
        )
        """,
    ],
}

# The same numbers as SQLite's migrations from here on: a schema number is the same tables
# and columns on both back ends. (Databases made before this numbering had the leases as
# their 4 and the language as their 5: ``IF NOT EXISTS`` lets either order end at 5.)
# 4: the language of a game's public posts.
MIGRATIONS[4] = [
    "ALTER TABLE games ADD COLUMN IF NOT EXISTS language TEXT NOT NULL DEFAULT 'en'",
]
# 5: a row being delivered, a timer being fired: by one process until then (a lease).
MIGRATIONS[5] = [
    "ALTER TABLE outbox ADD COLUMN IF NOT EXISTS claimed_until DOUBLE PRECISION",
    "ALTER TABLE timers ADD COLUMN IF NOT EXISTS claimed_until DOUBLE PRECISION",
    "ALTER TABLE games ADD COLUMN IF NOT EXISTS language TEXT NOT NULL DEFAULT 'en'",
]
# 6: the Discord interaction (the tap) that played a move, when one did.
MIGRATIONS[6] = [
    "ALTER TABLE moves ADD COLUMN IF NOT EXISTS interaction_id BIGINT",
]
# 7: a game's clock, quiet deadlines, players' notice preferences and their notices.
MIGRATIONS[7] = [
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
]
# 8: a server's computer players: the stand-in's level, and whether hints are allowed.
MIGRATIONS[8] = [
    "ALTER TABLE servers ADD COLUMN IF NOT EXISTS computer_level TEXT NOT NULL DEFAULT 'normal'",
    "ALTER TABLE servers ADD COLUMN IF NOT EXISTS hints INTEGER NOT NULL DEFAULT 1",
]

SCHEMA_VERSION = max(MIGRATIONS)
#: Any 64-bit number, the same in every process: serializes migrations.
MIGRATION_LOCK = 0x657374616E636961

#: How long a claimed announcement or timer belongs to the process that claimed it. A
#: delivery takes at most ``SEND_TIMEOUT`` (30 s) once it has a slot; past the lease the
#: claimer is taken for dead and another process takes the row over. Kept well inside the
#: few minutes Discord remembers a message nonce, so a row whose message was accepted just
#: before its process died is answered with that same message, not posted again.
CLAIM_SECONDS = float(os.environ.get("ESTANCIA_CLAIM_SECONDS", "90"))
#: Timers claimed per look (the scheduler looks again at once while more are due).
TIMER_BATCH = 100

_MOVE_KINDS = "(" + ", ".join(f"'{kind}'" for kind in MOVE_ANNOUNCEMENTS) + ")"


def _count(status: str) -> int:
    """Rows touched, from asyncpg's command status ("UPDATE 1")."""
    return int(status.rsplit(" ", 1)[-1])


class PgStore(PgNotices):
    """The database on PostgreSQL. Open with :meth:`PgStore.open`, close with :meth:`close`."""

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self._pool = pool
        self.path = url

    @classmethod
    async def open(cls, url: str) -> PgStore:
        pool = await asyncpg.create_pool(url, min_size=1, max_size=10)
        store = cls(pool, url)
        try:
            await store._migrate()
        except BaseException:
            await pool.close()
            raise
        return store

    async def close(self) -> None:
        await self._pool.close()

    async def __aenter__(self) -> PgStore:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # -- plumbing ----------------------------------------------------------------------
    async def _write(self, work: Callable[[asyncpg.Connection], Awaitable[T]]) -> T:
        async with self._pool.acquire() as db, db.transaction():
            return await work(db)

    async def _bookkeeping(self, work: Callable[[asyncpg.Connection], Awaitable[T]]) -> T:
        """A transaction that may be lost in a crash of the database server itself:
        claims and delivery marks (commits without waiting for the disk, ~9 ms each
        otherwise). Lost, a claim is taken again, a delivery is re-sent with its nonce;
        changes to games always wait for the disk."""
        async with self._pool.acquire() as db, db.transaction():
            await db.execute("SET LOCAL synchronous_commit = off")
            return await work(db)

    async def _migrate(self) -> None:
        async def migrate(db: asyncpg.Connection) -> None:
            await db.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            await db.execute("CREATE TABLE IF NOT EXISTS estancia_schema (version INTEGER)")
            current = await db.fetchval("SELECT MAX(version) FROM estancia_schema") or 0
            if current > SCHEMA_VERSION:
                raise RuntimeError(
                    f"database schema {current} is newer than this program ({SCHEMA_VERSION})"
                )
            for number in sorted(n for n in MIGRATIONS if n > current):
                for statement in MIGRATIONS[number]:
                    await db.execute(statement)
                await db.execute("INSERT INTO estancia_schema (version) VALUES ($1)", number)

        await self._write(migrate)

    async def schema_version(self) -> int:
        return await self._pool.fetchval("SELECT MAX(version) FROM estancia_schema") or 0

    # -- games ---------------------------------------------------------------------------
    async def create_game(self, new: NewGame, announcement: dict[str, Any] | None) -> GameRow:
        async def insert(db: asyncpg.Connection) -> GameRow:
            row = await db.fetchrow(
                """
                INSERT INTO games (channel_id, guild_id, game, options, status, creator_id,
                    seats, seed, version, turn_timeout_hours, reminder_hours,
                    timeout_policy, created_at, updated_at, parent_id, language, time_bank)
                VALUES ($1, $2, $3, $4, 'lobby', $5, $6, $7, 0, $8, $9, $10, $11, $11, $12,
                    $13, $14)
                RETURNING *
                """,
                new.channel_id, new.guild_id, new.game, _dump(new.options), new.creator_id,
                _seats_json(new.seats), new.seed, new.turn_timeout_hours,
                _dump(list(new.reminder_hours)), new.timeout_policy, new.created_at,
                new.parent_id, new.language, bank_json(new.time_bank),
            )
            if announcement is not None:
                await self._insert_outbox(db, row["id"], 0, new.channel_id, announcement,
                                          new.created_at)
            return _game_from_row(row)

        try:
            return await self._write(insert)
        except asyncpg.UniqueViolationError as exc:
            if exc.constraint_name == "games_one_open_per_channel":
                raise ChannelBusy(new.channel_id) from None
            raise

    async def game(self, game_id: int) -> GameRow | None:
        row = await self._pool.fetchrow("SELECT * FROM games WHERE id = $1", game_id)
        return _game_from_row(row) if row else None

    async def open_game_in_channel(self, channel_id: int) -> GameRow | None:
        row = await self._pool.fetchrow(
            "SELECT * FROM games WHERE channel_id = $1 AND status IN ('lobby', 'active')",
            channel_id,
        )
        return _game_from_row(row) if row else None

    async def latest_game_in_channel(self, channel_id: int) -> GameRow | None:
        row = await self._pool.fetchrow(
            "SELECT * FROM games WHERE channel_id = $1 ORDER BY id DESC LIMIT 1", channel_id
        )
        return _game_from_row(row) if row else None

    async def games_from_channel(self, channel_id: int, limit: int) -> list[GameRow]:
        """Games played in threads opened from this channel (``parent_id``): the open ones
        first, then the others, newest first."""
        rows = await self._pool.fetch(
            """
            SELECT * FROM games WHERE parent_id = $1
            ORDER BY status IN ('lobby', 'active') DESC, id DESC LIMIT $2
            """,
            channel_id, limit,
        )
        return [_game_from_row(r) for r in rows]

    async def games_with_status(self, *statuses: str) -> list[GameRow]:
        rows = await self._pool.fetch(
            "SELECT * FROM games WHERE status = ANY($1::text[]) ORDER BY id", list(statuses)
        )
        return [_game_from_row(r) for r in rows]

    async def commit(self, change: Change) -> None:
        await self._write(lambda db: self._commit(db, change))

    async def _commit(self, db: asyncpg.Connection, change: Change) -> None:
        game = change.game
        settings = change.expected_settings or game
        status = await db.execute(
            """
            UPDATE games SET status = $1, seats = $2, version = $3, state = $4,
                turn_timeout_hours = $5, reminder_hours = $6, timeout_policy = $7,
                turn_started_at = $8, deadline_at = $9, result = $10, updated_at = $11,
                paused_at = $12, votes = $13, language = $20, time_bank = $21, reserves = $22
            WHERE id = $14 AND version = $15 AND turn_timeout_hours = $16
                AND reminder_hours = $17 AND timeout_policy = $18 AND seats = $19
                AND time_bank IS NOT DISTINCT FROM $23
            """,
            game.status, _seats_json(game.seats), game.version, pack_state(game.state),
            game.turn_timeout_hours, _dump(list(game.reminder_hours)), game.timeout_policy,
            game.turn_started_at, game.deadline_at,
            _dump(game.result) if game.result is not None else None, game.updated_at,
            game.paused_at, _dump(list(game.votes)),
            game.id, change.expected_version, settings.turn_timeout_hours,
            _dump(list(settings.reminder_hours)), settings.timeout_policy,
            _seats_json(settings.seats), game.language,
            bank_json(game.time_bank), reserves_json(game.reserves),
            bank_json(settings.time_bank),
        )
        if _count(status) != 1:
            raise StaleVersion(game.id)
        if change.moves:
            await self._insert_moves(db, game.id, change.moves)
        if change.undo_versions:
            await db.execute(
                "UPDATE moves SET undone = 1 WHERE game_id = $1 AND version = ANY($2::int[])",
                game.id, list(change.undo_versions),
            )
        for payload in change.announcements:
            body = dict(payload)  # a thread game's recap goes to the channel it came from
            address = body.pop(ADDRESS_KEY, None) or game.channel_id
            await self._insert_outbox(db, game.id, game.version, address, body,
                                      game.updated_at)
        if change.fired_timer_id is not None:
            status = await db.execute(
                "UPDATE timers SET fired_at = $1 WHERE id = $2 AND fired_at IS NULL",
                game.updated_at, change.fired_timer_id,
            )
            if _count(status) != 1:
                raise StaleVersion(game.id)
        if change.timers is not None:
            await self._replace_timers(db, game.id, change.timers)
        if change.stale_warning:  # once per version, even from two processes
            status = await db.execute(
                "INSERT INTO stale_warnings (game_id, version, warned_at) VALUES ($1, $2, $3) "
                "ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, "
                "warned_at = excluded.warned_at WHERE stale_warnings.version != excluded.version",
                game.id, game.version, game.updated_at,
            )
            if _count(status) != 1:
                raise StaleVersion(game.id)

    async def _insert_moves(self, db: asyncpg.Connection, game_id: int,
                            moves: Sequence[MoveRow]) -> None:
        last_snapshot = await db.fetchval(
            """
            SELECT version FROM moves WHERE game_id = $1 AND snapshot IS NOT NULL
            ORDER BY version DESC LIMIT 1
            """,
            game_id,
        )
        rows = move_rows(game_id, moves, last_snapshot)
        await db.executemany(
            """
            INSERT INTO moves (game_id, version, kind, seat, user_id, by_computer, option_key,
                label, events, snapshot, reveals, undone, created_at, interaction_id)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
            """,
            rows,
        )

    async def _insert_outbox(self, db: asyncpg.Connection, game_id: int, version: int,
                             channel_id: int, body: dict[str, Any], now: float) -> None:
        await db.execute(
            """
            INSERT INTO outbox (game_id, version, channel_id, payload, created_at,
                next_attempt_at)
            VALUES ($1, $2, $3, $4, $5, $5)
            """,
            game_id, version, channel_id, _dump(_without_defaults(body)), now,
        )

    async def _replace_timers(self, db: asyncpg.Connection, game_id: int,
                              timers: Sequence[NewTimer]) -> None:
        await db.execute("DELETE FROM timers WHERE game_id = $1 AND fired_at IS NULL", game_id)
        await db.executemany(
            "INSERT INTO timers (game_id, kind, seat, turn, due_at) VALUES ($1, $2, $3, $4, $5)",
            [(game_id, t.kind, t.seat, t.turn, t.due_at) for t in timers],
        )

    # -- moves ---------------------------------------------------------------------------
    async def moves(self, game_id: int, limit: int | None = None) -> list[MoveRow]:
        rows = await self._pool.fetch(
            "SELECT * FROM moves WHERE game_id = $1 ORDER BY version DESC LIMIT $2",
            game_id, limit,
        )
        return [_move_from_row(r) for r in reversed(rows)]

    async def played_by(self, game_id: int, version: int, interaction_id: int) -> bool:
        return await self._pool.fetchval(
            "SELECT 1 FROM moves WHERE game_id = $1 AND version = $2 AND interaction_id = $3",
            game_id, version, interaction_id,
        ) is not None

    async def effective_moves(self, game_id: int, limit: int) -> list[MoveRow]:
        rows = await self._pool.fetch(
            """
            SELECT * FROM moves WHERE game_id = $1 AND undone = 0 AND kind != 'undo'
            ORDER BY version DESC LIMIT $2
            """,
            game_id, limit,
        )
        return [_move_from_row(r) for r in rows]

    async def unannounced_lines(self, game_id: int) -> list[str]:
        rows = await self._pool.fetch(
            f"""
            SELECT events FROM moves
            WHERE game_id = $1 AND kind = 'move' AND undone = 0 AND version > COALESCE((
                SELECT MAX(version) FROM outbox WHERE game_id = $1
                AND payload::jsonb ->> 'kind' IN {_MOVE_KINDS}), 0)
            ORDER BY version
            """,
            game_id,
        )
        return [line for row in rows for line in json.loads(row["events"])]

    async def replay_from(self, game_id: int,
                          version: int) -> tuple[str, list[tuple[int, str]]] | None:
        async with self._pool.acquire() as db, db.transaction(isolation="repeatable_read",
                                                                readonly=True):
            base = await db.fetchrow(
                """
                SELECT version, snapshot FROM moves
                WHERE game_id = $1 AND version <= $2 AND snapshot IS NOT NULL
                ORDER BY version DESC LIMIT 1
                """,
                game_id, version,
            )
            if base is None:
                return None
            steps = await db.fetch(
                """
                SELECT seat, option_key FROM moves
                WHERE game_id = $1 AND version > $2 AND version <= $3 AND kind = 'move'
                ORDER BY version
                """,
                game_id, base["version"], version,
            )
        text = unpack_state(base["snapshot"])
        assert text is not None
        return text, [(r["seat"], r["option_key"]) for r in steps]

    # -- outbox --------------------------------------------------------------------------
    async def due_outbox(self, now: float, limit: int,
                         skip_games: Collection[int] = ()) -> list[OutboxRow]:
        rows = await self._pool.fetch(
            """
            SELECT * FROM outbox WHERE id IN (
                SELECT MIN(id) FROM outbox
                WHERE sent_at IS NULL AND next_attempt_at IS NOT NULL
                    AND NOT (game_id = ANY($3::bigint[]))
                GROUP BY game_id
            ) AND next_attempt_at <= $1
            ORDER BY id LIMIT $2
            """,
            now, limit, sorted(set(skip_games)),
        )
        return [_outbox_from_row(r) for r in rows]

    async def claim_outbox(self, now: float, limit: int,
                           skip_games: Collection[int] = ()) -> list[OutboxRow]:
        """Claim the rows to deliver now for this process, until ``now + CLAIM_SECONDS``:
        the oldest pending row of each game (order holds), unless another process holds
        it or its game is in ``skip_games``. ``FOR UPDATE SKIP LOCKED``: processes
        claiming at once get different rows."""
        rows = await self._bookkeeping(lambda db: db.fetch(
            """
            UPDATE outbox SET claimed_until = $2 WHERE id IN (
                SELECT o.id FROM outbox o
                WHERE o.sent_at IS NULL AND o.next_attempt_at <= $1
                    AND (o.claimed_until IS NULL OR o.claimed_until <= $1)
                    AND NOT (o.game_id = ANY($4::bigint[]))
                    AND NOT EXISTS (
                        SELECT 1 FROM outbox e WHERE e.game_id = o.game_id
                        AND e.sent_at IS NULL AND e.next_attempt_at IS NOT NULL
                        AND e.id < o.id)
                ORDER BY o.id LIMIT $3
                FOR UPDATE SKIP LOCKED)
            RETURNING *
            """,
            now, now + CLAIM_SECONDS, limit, sorted(set(skip_games)),
        ))
        return sorted((_outbox_from_row(r) for r in rows), key=lambda r: r.id)

    async def release_outbox(self, outbox_id: int) -> None:
        """Give back a claimed row this process will not deliver now."""
        await self._bookkeeping(lambda db: db.execute(
            "UPDATE outbox SET claimed_until = NULL WHERE id = $1 AND sent_at IS NULL",
            outbox_id))

    async def mark_sent(self, outbox_id: int, message_id: int | None, now: float,
                        notices: Sequence[NewNotice] = ()) -> None:
        """Delivered; the notices it leaves are written with it, each once. (Bookkeeping:
        lost in a crash of the database server, the row is re-sent with its nonce, gets
        the same message back and writes the notices then.)"""

        async def sent(db: asyncpg.Connection) -> None:
            await db.execute(
                "UPDATE outbox SET sent_at = $1, message_id = $2, attempts = attempts + 1 "
                "WHERE id = $3",
                now, message_id, outbox_id,
            )
            await self.insert_notices(db, notices, now)

        await self._bookkeeping(sent)

    async def mark_failed(self, outbox_id: int, retry_at: float | None) -> int:
        attempts = await self._bookkeeping(lambda db: db.fetchval(
            "UPDATE outbox SET attempts = attempts + 1, next_attempt_at = $1, "
            "claimed_until = NULL WHERE id = $2 RETURNING attempts",
            retry_at, outbox_id,
        ))
        return attempts or 0

    async def outbox_attempts(self, outbox_id: int) -> int | None:
        return await self._pool.fetchval("SELECT attempts FROM outbox WHERE id = $1", outbox_id)

    async def all_outbox(self, game_id: int) -> list[OutboxRow]:
        rows = await self._pool.fetch(
            "SELECT * FROM outbox WHERE game_id = $1 ORDER BY id", game_id
        )
        return [_outbox_from_row(r) for r in rows]

    async def purge_outbox(self, sent_before: float) -> int:
        status = await self._pool.execute(
            f"""
            DELETE FROM outbox WHERE sent_at IS NOT NULL AND sent_at < $1 AND (
                game_id IN (SELECT id FROM games WHERE status IN ('finished', 'cancelled'))
                OR id < (SELECT MAX(o.id) FROM outbox o WHERE o.game_id = outbox.game_id
                         AND o.payload::jsonb ->> 'kind' IN {_MOVE_KINDS}))
            """,
            sent_before,
        )
        return _count(status)

    # -- timers --------------------------------------------------------------------------
    async def next_timer_due(self) -> float | None:
        """The nearest moment an unfired timer may be fired here: its due time, or the
        end of another process's claim on it."""
        return await self._pool.fetchval(
            "SELECT MIN(GREATEST(due_at, COALESCE(claimed_until, due_at))) FROM timers "
            "WHERE fired_at IS NULL")

    async def due_timers(self, now: float) -> list[TimerRow]:
        rows = await self._pool.fetch(
            "SELECT * FROM timers WHERE fired_at IS NULL AND due_at <= $1 ORDER BY due_at, id",
            now,
        )
        return [_timer_from_row(r) for r in rows]

    async def claim_timers(self, now: float) -> list[TimerRow]:
        """Claim the timers due now that no other process holds (as :meth:`claim_outbox`);
        firing one commits ``fired_at`` with the game's version check."""
        rows = await self._bookkeeping(lambda db: db.fetch(
            """
            UPDATE timers SET claimed_until = $2 WHERE id IN (
                SELECT id FROM timers
                WHERE fired_at IS NULL AND due_at <= $1
                    AND (claimed_until IS NULL OR claimed_until <= $1)
                ORDER BY due_at, id LIMIT $3
                FOR UPDATE SKIP LOCKED)
            RETURNING *
            """,
            now, now + CLAIM_SECONDS, TIMER_BATCH,
        ))
        return sorted((_timer_from_row(r) for r in rows), key=lambda t: (t.due_at, t.id))

    async def release_timer(self, timer_id: int) -> None:
        await self._bookkeeping(lambda db: db.execute(
            "UPDATE timers SET claimed_until = NULL WHERE id = $1 AND fired_at IS NULL",
            timer_id))

    async def unfired_timers(self, game_id: int) -> list[TimerRow]:
        rows = await self._pool.fetch(
            "SELECT * FROM timers WHERE game_id = $1 AND fired_at IS NULL ORDER BY due_at, id",
            game_id,
        )
        return [_timer_from_row(r) for r in rows]

    async def postpone_timer(self, timer_id: int, due_at: float) -> None:
        await self._pool.execute(
            "UPDATE timers SET due_at = $1, claimed_until = NULL "
            "WHERE id = $2 AND fired_at IS NULL", due_at, timer_id
        )

    async def discard_timer(self, timer_id: int, now: float) -> None:
        await self._pool.execute(
            "UPDATE timers SET fired_at = $1 WHERE id = $2 AND fired_at IS NULL", now, timer_id
        )

    # -- ratings -------------------------------------------------------------------------
    async def unrated_finished_games(self, limit: int = 50) -> list[GameRow]:
        rows = await self._pool.fetch(
            """
            SELECT g.* FROM games g LEFT JOIN rated_games r ON r.game_id = g.id
            WHERE g.status = 'finished' AND r.game_id IS NULL ORDER BY g.id LIMIT $1
            """,
            limit,
        )
        return [_game_from_row(r) for r in rows]

    async def record_ratings(
        self,
        game_id: int,
        guild_id: int,
        game: str,
        players: Sequence[MatchPlayer],
        compute: Callable[[dict[str, tuple[float, float]]], dict[str, tuple[float, float]]],
        now: float,
    ) -> bool:
        """Rate one finished game exactly once (see :meth:`bot.storage.sqlite.Store.record_ratings`)."""

        async def rate(db: asyncpg.Connection) -> bool:
            status = await db.execute(
                "INSERT INTO rated_games (game_id, rated_at) VALUES ($1, $2) "
                "ON CONFLICT (game_id) DO NOTHING",
                game_id, now,
            )
            if _count(status) != 1:
                return False
            if not players:
                return True
            keys = sorted({p.player for p in players})
            rows = await db.fetch(
                "SELECT player, mu, sigma FROM ratings WHERE guild_id = $1 AND game = $2 "
                "AND player = ANY($3::text[]) FOR UPDATE",
                guild_id, game, keys,
            )
            new = compute({r["player"]: (r["mu"], r["sigma"]) for r in rows})
            for key in keys:
                seats = [p for p in players if p.player == key]
                mu, sigma = new[key]
                await db.execute(
                    """
                    INSERT INTO ratings (guild_id, game, player, name, mu, sigma, games, wins,
                                         updated_at)
                    VALUES ($1, $2, $3, $4, $5, $6, 1, $7, $8)
                    ON CONFLICT (guild_id, game, player) DO UPDATE SET
                        name = excluded.name, mu = excluded.mu, sigma = excluded.sigma,
                        games = ratings.games + 1, wins = ratings.wins + excluded.wins,
                        updated_at = excluded.updated_at
                    """,
                    guild_id, game, key, seats[0].name, mu, sigma,
                    int(any(p.won for p in seats)), now,
                )
            return True

        return await self._write(rate)

    async def leaderboard(self, guild_id: int, game: str, limit: int = 10) -> list[RatingRow]:
        rows = await self._pool.fetch(
            "SELECT * FROM ratings WHERE guild_id = $1 AND game = $2 "
            "ORDER BY mu - 3 * sigma DESC, games DESC, name LIMIT $3",
            guild_id, game, limit,
        )
        return [_rating_from_row(r) for r in rows]

    async def player_ratings(self, guild_id: int, player: str) -> list[RatingRow]:
        rows = await self._pool.fetch(
            "SELECT * FROM ratings WHERE guild_id = $1 AND player = $2 "
            "ORDER BY games DESC, game",
            guild_id, player,
        )
        return [_rating_from_row(r) for r in rows]

    async def best_solo_scores(self, guild_id: int, user_id: int) -> list[SoloBest]:
        rows = await self._pool.fetch(
            """
            SELECT game, result::jsonb #>> '{automa,level}' AS level,
                   MAX((result::jsonb #>> '{totals,0}')::int) AS best, COUNT(*) AS games
            FROM games WHERE guild_id = $1 AND status = 'finished'
                AND result::jsonb ? 'automa'
                AND (seats::jsonb #>> '{0,user_id}')::bigint = $2
            GROUP BY game, level ORDER BY game, best DESC
            """,
            guild_id, user_id,
        )
        return [SoloBest(r["game"], r["level"], r["best"], r["games"]) for r in rows]

    # -- servers and stale games -----------------------------------------------------------
    async def server(self, guild_id: int) -> ServerRow | None:
        row = await self._pool.fetchrow("SELECT * FROM servers WHERE guild_id = $1", guild_id)
        return None if row is None else _server_from_row(row)

    async def save_server(self, server: ServerRow, now: float) -> None:
        await self._pool.execute(
            """
            INSERT INTO servers (guild_id, stale_days, lobby_days, stale_policy, updated_at,
                                 quiet_deadlines, computer_level, hints)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
            ON CONFLICT (guild_id) DO UPDATE SET stale_days = excluded.stale_days,
                lobby_days = excluded.lobby_days, stale_policy = excluded.stale_policy,
                updated_at = excluded.updated_at, quiet_deadlines = excluded.quiet_deadlines,
                computer_level = excluded.computer_level, hints = excluded.hints
            """,
            server.guild_id, server.stale_days, server.lobby_days, server.stale_policy, now,
            int(server.quiet_deadlines), server.computer_level, int(server.hints),
        )

    async def active_games_activity(self) -> list[Activity]:
        rows = await self._pool.fetch(
            """
            SELECT g.*, (SELECT MAX(created_at) FROM moves m WHERE m.game_id = g.id) AS last_move,
                   w.version AS warned_version, w.warned_at AS warned_at
            FROM games g LEFT JOIN stale_warnings w ON w.game_id = g.id
            WHERE g.status = 'active' ORDER BY g.id
            """
        )
        return [Activity(_game_from_row(r), r["last_move"] or r["created_at"],
                         r["warned_version"], r["warned_at"]) for r in rows]

    # -- vacations -------------------------------------------------------------------------
    async def away_until(self, user_id: int) -> float | None:
        return await self._pool.fetchval(
            "SELECT away_until FROM vacations WHERE user_id = $1", user_id)

    async def save_vacation(self, user_id: int, away_until: float | None) -> None:
        if away_until is None:
            await self._pool.execute("DELETE FROM vacations WHERE user_id = $1", user_id)
        else:
            await self._pool.execute(
                "INSERT INTO vacations (user_id, away_until) VALUES ($1, $2) "
                "ON CONFLICT (user_id) DO UPDATE SET away_until = excluded.away_until",
                user_id, away_until,
            )

    async def open_games_of(self, user_id: int) -> list[GameRow]:
        rows = await self._pool.fetch(
            """
            SELECT g.* FROM games g WHERE g.status IN ('lobby', 'active') AND EXISTS (
                SELECT 1 FROM jsonb_array_elements(g.seats::jsonb) s
                WHERE (s ->> 'user_id')::bigint = $1)
            ORDER BY g.id
            """,
            user_id,
        )
        return [_game_from_row(r) for r in rows]
