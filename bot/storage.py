"""SQLite storage for sessions: games, the append-only move log, the outbox and timers.

All database access goes through :class:`Store`. One aiosqlite connection in autocommit
mode; every write is an explicit ``BEGIN IMMEDIATE`` transaction, and a change to a game
is a compare-and-swap on its ``version`` (:meth:`Store.commit`), so a stale or doubled
request is refused (:class:`StaleVersion`) and never applied twice. The schema is
migrated at open, idempotently, with ``PRAGMA user_version``.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiosqlite

from bot.announcements import MOVE_ANNOUNCEMENTS

#: Each migration is a list of statements; migration ``n`` (1-based) brings the schema
#: to ``user_version = n``. Append new migrations; never edit an applied one.
MIGRATIONS: list[list[str]] = [
    [
        """
        CREATE TABLE games (
            id                 INTEGER PRIMARY KEY,
            channel_id         INTEGER NOT NULL,
            guild_id           INTEGER,
            game               TEXT    NOT NULL,
            options            TEXT    NOT NULL DEFAULT '{}',
            status             TEXT    NOT NULL
                               CHECK (status IN ('lobby', 'active', 'finished', 'cancelled')),
            creator_id         INTEGER NOT NULL,
            seats              TEXT    NOT NULL DEFAULT '[]',
            seed               INTEGER NOT NULL,
            version            INTEGER NOT NULL DEFAULT 0,
            state              TEXT,
            turn_timeout_hours REAL    NOT NULL,
            reminder_hours     TEXT    NOT NULL DEFAULT '[]',
            timeout_policy     TEXT    NOT NULL CHECK (timeout_policy IN ('computer', 'forfeit')),
            turn_started_at    REAL,
            deadline_at        REAL,
            result             TEXT,
            created_at         REAL    NOT NULL,
            updated_at         REAL    NOT NULL
        )
        """,
        """
        CREATE UNIQUE INDEX games_one_open_per_channel
            ON games (channel_id) WHERE status IN ('lobby', 'active')
        """,
        "CREATE INDEX games_by_channel ON games (channel_id, id)",
        """
        CREATE TABLE moves (
            id          INTEGER PRIMARY KEY,
            game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            version     INTEGER NOT NULL,
            kind        TEXT    NOT NULL
                        CHECK (kind IN ('start', 'move', 'undo', 'forfeit')),
            seat        INTEGER,
            user_id     INTEGER,
            by_computer INTEGER NOT NULL DEFAULT 0,
            option_key  TEXT,
            label       TEXT,
            events      TEXT    NOT NULL DEFAULT '[]',
            state_after TEXT    NOT NULL,
            reveals     INTEGER NOT NULL DEFAULT 0,
            undone      INTEGER NOT NULL DEFAULT 0,
            created_at  REAL    NOT NULL,
            UNIQUE (game_id, version)
        )
        """,
        """
        CREATE TABLE outbox (
            id              INTEGER PRIMARY KEY,
            game_id         INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            version         INTEGER NOT NULL,
            channel_id      INTEGER NOT NULL,
            payload         TEXT    NOT NULL,
            created_at      REAL    NOT NULL,
            sent_at         REAL,
            message_id      INTEGER,
            attempts        INTEGER NOT NULL DEFAULT 0,
            next_attempt_at REAL
        )
        """,
        "CREATE INDEX outbox_unsent ON outbox (game_id, id) WHERE sent_at IS NULL",
        """
        CREATE TABLE timers (
            id       INTEGER PRIMARY KEY,
            game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            kind     TEXT    NOT NULL CHECK (kind IN ('reminder', 'deadline')),
            seat     INTEGER NOT NULL,
            turn     INTEGER NOT NULL,
            due_at   REAL    NOT NULL,
            fired_at REAL
        )
        """,
        "CREATE INDEX timers_unfired ON timers (due_at) WHERE fired_at IS NULL",
    ],
    [
        # Ratings per server (guild 0: none), per game, per player ("user:<id>" or
        # "computer"); rated_games makes rating a finished game happen exactly once.
        """
        CREATE TABLE ratings (
            guild_id   INTEGER NOT NULL,
            game       TEXT    NOT NULL,
            player     TEXT    NOT NULL,
            name       TEXT    NOT NULL,
            mu         REAL    NOT NULL,
            sigma      REAL    NOT NULL,
            games      INTEGER NOT NULL DEFAULT 0,
            wins       INTEGER NOT NULL DEFAULT 0,
            updated_at REAL    NOT NULL,
            PRIMARY KEY (guild_id, game, player)
        )
        """,
        """
        CREATE TABLE rated_games (
            game_id  INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
            rated_at REAL    NOT NULL
        )
        """,
        # A game played in a thread of its own: the channel the thread was opened from
        # (where the recap goes at the end).
        "ALTER TABLE games ADD COLUMN parent_id INTEGER",
        # Per-server settings (stale games, lobby expiry); a server without a row uses
        # the defaults of bot.stale.
        """
        CREATE TABLE servers (
            guild_id     INTEGER PRIMARY KEY,
            stale_days   REAL    NOT NULL,
            lobby_days   REAL    NOT NULL,
            stale_policy TEXT    NOT NULL CHECK (stale_policy IN ('computer', 'forfeit', 'cancel')),
            updated_at   REAL    NOT NULL
        )
        """,
        # A paused game (no turn timer, no moves) and the players who asked to pause or
        # resume it so far.
        "ALTER TABLE games ADD COLUMN paused_at REAL",
        "ALTER TABLE games ADD COLUMN votes TEXT NOT NULL DEFAULT '[]'",
        # Players away: their turns' clocks wait until they are back.
        """
        CREATE TABLE vacations (
            user_id    INTEGER PRIMARY KEY,
            away_until REAL    NOT NULL
        )
        """,
        # The one warning a stalled game gets, at the version it stalled on.
        """
        CREATE TABLE stale_warnings (
            game_id   INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
            version   INTEGER NOT NULL,
            warned_at REAL    NOT NULL
        )
        """,
    ],
]

SCHEMA_VERSION = len(MIGRATIONS)

#: Payload key that addresses an announcement to another channel than the game's.
ADDRESS_KEY = "to_channel"

#: After this many failed attempts a delivery is logged as an error (and still retried:
#: only a permanent failure abandons an announcement).
MAX_DELIVERY_ATTEMPTS = 8


class StaleVersion(Exception):
    """The game changed since it was read: the compare-and-swap on its version failed."""


class ChannelBusy(Exception):
    """A game is already in lobby or active in that channel."""


@dataclass(frozen=True)
class SeatRow:
    user_id: int | None
    name: str
    #: The player is on vacation until then: their turns' clocks wait (None: not away).
    away_until: float | None = None


@dataclass(frozen=True)
class GameRow:
    id: int
    channel_id: int
    guild_id: int | None
    game: str
    options: dict[str, Any]
    status: str
    creator_id: int
    seats: tuple[SeatRow, ...]
    seed: int
    version: int
    state: str | None
    turn_timeout_hours: float
    reminder_hours: tuple[float, ...]
    timeout_policy: str
    turn_started_at: float | None
    deadline_at: float | None
    result: dict[str, Any] | None
    created_at: float
    updated_at: float
    #: The channel a game's own thread was opened from (None: played in the channel).
    parent_id: int | None = None
    #: When the game was paused (None: running); who asked to pause or resume so far.
    paused_at: float | None = None
    votes: tuple[int, ...] = ()


@dataclass(frozen=True)
class NewGame:
    channel_id: int
    guild_id: int | None
    game: str
    options: dict[str, Any]
    creator_id: int
    seats: tuple[SeatRow, ...]
    seed: int
    turn_timeout_hours: float
    reminder_hours: tuple[float, ...]
    timeout_policy: str
    created_at: float
    parent_id: int | None = None


@dataclass(frozen=True)
class MoveRow:
    version: int
    kind: str
    seat: int | None
    user_id: int | None
    by_computer: bool
    option_key: str | None
    label: str | None
    #: Public event lines only (never private ones).
    events: tuple[str, ...]
    state_after: str
    reveals: bool
    undone: bool
    created_at: float


@dataclass(frozen=True)
class TimerRow:
    id: int
    game_id: int
    kind: str
    seat: int
    turn: int
    due_at: float


@dataclass(frozen=True)
class NewTimer:
    kind: str
    seat: int
    turn: int
    due_at: float


@dataclass(frozen=True)
class RatingRow:
    guild_id: int
    game: str
    player: str
    name: str
    mu: float
    sigma: float
    games: int
    wins: int


@dataclass(frozen=True)
class ServerRow:
    guild_id: int
    stale_days: float
    lobby_days: float
    stale_policy: str


@dataclass(frozen=True)
class Activity:
    """An active game with its last move and the stale warning it got, if any."""

    game: GameRow
    last_move_at: float
    warned_version: int | None
    warned_at: float | None


@dataclass(frozen=True)
class MatchPlayer:
    """One seat of a finished game, as the ratings see it."""

    player: str
    name: str
    won: bool


@dataclass(frozen=True)
class OutboxRow:
    id: int
    game_id: int
    version: int
    channel_id: int
    payload: dict[str, Any]
    attempts: int


@dataclass
class Change:
    """Everything one transaction writes for one game.

    ``game`` is the full new row; it is written only if the stored version still equals
    ``expected_version`` and the stored timer settings and seats still equal those of
    ``expected_settings`` (default: ``game``'s own; a change of the settings or of the
    seats passes the row it read — changes that keep the version, like a settings change
    or a vacation, are then never overwritten by a move read before them). ``timers`` None leaves the unfired timers alone; a
    list replaces them (``[]`` clears them).
    """

    game: GameRow
    expected_version: int
    expected_settings: GameRow | None = None
    moves: list[MoveRow] = field(default_factory=list)
    undo_versions: list[int] = field(default_factory=list)
    announcements: list[dict[str, Any]] = field(default_factory=list)
    timers: list[NewTimer] | None = None
    fired_timer_id: int | None = None
    #: Record that the game got its stale warning at its (unchanged) version.
    stale_warning: bool = False


def _dump(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def _game_from_row(row: sqlite3.Row) -> GameRow:
    return GameRow(
        id=row["id"],
        channel_id=row["channel_id"],
        guild_id=row["guild_id"],
        game=row["game"],
        options=json.loads(row["options"]),
        status=row["status"],
        creator_id=row["creator_id"],
        seats=tuple(SeatRow(s["user_id"], s["name"], s.get("away_until"))
                    for s in json.loads(row["seats"])),
        seed=row["seed"],
        version=row["version"],
        state=row["state"],
        turn_timeout_hours=row["turn_timeout_hours"],
        reminder_hours=tuple(json.loads(row["reminder_hours"])),
        timeout_policy=row["timeout_policy"],
        turn_started_at=row["turn_started_at"],
        deadline_at=row["deadline_at"],
        result=json.loads(row["result"]) if row["result"] else None,
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        parent_id=row["parent_id"],
        paused_at=row["paused_at"],
        votes=tuple(json.loads(row["votes"])),
    )


def _outbox_from_row(r: sqlite3.Row) -> OutboxRow:
    return OutboxRow(id=r["id"], game_id=r["game_id"], version=r["version"],
                     channel_id=r["channel_id"], payload=json.loads(r["payload"]),
                     attempts=r["attempts"])


def _rating_from_row(r: sqlite3.Row) -> RatingRow:
    return RatingRow(r["guild_id"], r["game"], r["player"], r["name"], r["mu"], r["sigma"],
                     r["games"], r["wins"])


def _timer_from_row(r: sqlite3.Row) -> TimerRow:
    return TimerRow(id=r["id"], game_id=r["game_id"], kind=r["kind"], seat=r["seat"],
                    turn=r["turn"], due_at=r["due_at"])


def _move_from_row(row: sqlite3.Row) -> MoveRow:
    return MoveRow(
        version=row["version"],
        kind=row["kind"],
        seat=row["seat"],
        user_id=row["user_id"],
        by_computer=bool(row["by_computer"]),
        option_key=row["option_key"],
        label=row["label"],
        events=tuple(json.loads(row["events"])),
        state_after=row["state_after"],
        reveals=bool(row["reveals"]),
        undone=bool(row["undone"]),
        created_at=row["created_at"],
    )


def _seats_json(seats: Sequence[SeatRow]) -> str:
    return _dump([{"user_id": s.user_id, "name": s.name}
                  | ({"away_until": s.away_until} if s.away_until is not None else {})
                  for s in seats])


class Store:
    """The database. Open with :meth:`Store.open`, close with :meth:`close`."""

    def __init__(self, conn: aiosqlite.Connection, path: str) -> None:
        self._conn = conn
        self.path = path
        # One connection serves every coroutine: the lock keeps one transaction (or
        # read) at a time on it, so no coroutine reads another's uncommitted rows.
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str | Path) -> Store:
        """Open (creating if needed) and migrate the database at ``path``."""
        path = str(path)
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(path, isolation_level=None)
        conn.row_factory = sqlite3.Row
        try:
            await conn.execute("PRAGMA journal_mode=WAL")
            await conn.execute("PRAGMA foreign_keys=ON")
            await conn.execute("PRAGMA synchronous=NORMAL")
            await conn.execute("PRAGMA busy_timeout=5000")
            store = cls(conn, path)
            await store._migrate()
        except BaseException:
            await conn.close()
            raise
        return store

    async def close(self) -> None:
        await self._conn.close()

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # -- plumbing ----------------------------------------------------------------------
    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._lock:
            await self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
            except BaseException:
                await self._conn.execute("ROLLBACK")
                raise
            await self._conn.execute("COMMIT")

    async def _fetchone(self, sql: str, params: Sequence[Any] = ()) -> sqlite3.Row | None:
        async with self._lock:
            async with self._conn.execute(sql, params) as cur:
                return await cur.fetchone()

    async def _fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        async with self._lock:
            async with self._conn.execute(sql, params) as cur:
                return list(await cur.fetchall())

    async def _migrate(self) -> None:
        async with self._transaction() as db:
            async with db.execute("PRAGMA user_version") as cur:
                row = await cur.fetchone()
            current = row[0] if row else 0
            if current > SCHEMA_VERSION:
                raise RuntimeError(
                    f"database schema {current} is newer than this program ({SCHEMA_VERSION})"
                )
            for number, statements in enumerate(MIGRATIONS[current:], start=current + 1):
                for statement in statements:
                    await db.execute(statement)
                await db.execute(f"PRAGMA user_version = {number}")

    async def schema_version(self) -> int:
        row = await self._fetchone("PRAGMA user_version")
        return row[0] if row else 0

    async def pragma(self, name: str) -> Any:
        """Read one PRAGMA value (for diagnostics and tests)."""
        if not name.isidentifier():
            raise ValueError(f"bad pragma name {name!r}")
        row = await self._fetchone(f"PRAGMA {name}")
        return row[0] if row else None

    # -- games ---------------------------------------------------------------------------
    async def create_game(self, new: NewGame, announcement: dict[str, Any] | None) -> GameRow:
        """Insert a lobby (version 0) and its announcement; ChannelBusy if one is open there."""
        try:
            async with self._transaction() as db:
                cur = await db.execute(
                    """
                    INSERT INTO games (channel_id, guild_id, game, options, status, creator_id,
                        seats, seed, version, turn_timeout_hours, reminder_hours,
                        timeout_policy, created_at, updated_at, parent_id)
                    VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?, 0, ?, ?, ?, ?, ?, ?)
                    """,
                    (
                        new.channel_id, new.guild_id, new.game, _dump(new.options),
                        new.creator_id, _seats_json(new.seats), new.seed,
                        new.turn_timeout_hours, _dump(list(new.reminder_hours)),
                        new.timeout_policy, new.created_at, new.created_at, new.parent_id,
                    ),
                )
                game_id = cur.lastrowid
                assert game_id is not None
                if announcement is not None:
                    await self._insert_outbox(db, game_id, 0, new.channel_id, announcement,
                                              new.created_at)
        except sqlite3.IntegrityError as exc:
            if "games.channel_id" in str(exc):
                raise ChannelBusy(new.channel_id) from None
            raise
        game = await self.game(game_id)
        assert game is not None
        return game

    async def game(self, game_id: int) -> GameRow | None:
        row = await self._fetchone("SELECT * FROM games WHERE id = ?", (game_id,))
        return _game_from_row(row) if row else None

    async def open_game_in_channel(self, channel_id: int) -> GameRow | None:
        """The game in lobby or active in this channel, if any."""
        row = await self._fetchone(
            "SELECT * FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')",
            (channel_id,),
        )
        return _game_from_row(row) if row else None

    async def latest_game_in_channel(self, channel_id: int) -> GameRow | None:
        row = await self._fetchone(
            "SELECT * FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,)
        )
        return _game_from_row(row) if row else None

    async def games_with_status(self, *statuses: str) -> list[GameRow]:
        marks = ", ".join("?" for _ in statuses)
        rows = await self._fetchall(
            f"SELECT * FROM games WHERE status IN ({marks}) ORDER BY id", statuses
        )
        return [_game_from_row(r) for r in rows]

    async def commit(self, change: Change) -> None:
        """Write one change atomically, or raise :class:`StaleVersion` and write nothing."""
        game = change.game
        async with self._transaction() as db:
            await self._swap_game(db, change)
            for move in change.moves:
                await self._insert_move(db, game.id, move)
            if change.undo_versions:
                marks = ", ".join("?" for _ in change.undo_versions)
                await db.execute(
                    f"UPDATE moves SET undone = 1 WHERE game_id = ? AND version IN ({marks})",
                    (game.id, *change.undo_versions),
                )
            for payload in change.announcements:
                # An announcement may be addressed elsewhere (a thread game's recap goes
                # to the channel the thread was opened from).
                body = dict(payload)
                address = body.pop(ADDRESS_KEY, None) or game.channel_id
                await self._insert_outbox(db, game.id, game.version, address, body,
                                          game.updated_at)
            if change.fired_timer_id is not None:
                cur = await db.execute(
                    "UPDATE timers SET fired_at = ? WHERE id = ? AND fired_at IS NULL",
                    (game.updated_at, change.fired_timer_id),
                )
                if cur.rowcount != 1:
                    raise StaleVersion(game.id)
            if change.timers is not None:
                await self._replace_timers(db, game.id, change.timers)
            if change.stale_warning:  # once per version, even from two processes
                cur = await db.execute(
                    "INSERT INTO stale_warnings (game_id, version, warned_at) VALUES (?, ?, ?) "
                    "ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, "
                    "warned_at = excluded.warned_at WHERE version != excluded.version",
                    (game.id, game.version, game.updated_at),
                )
                if cur.rowcount != 1:
                    raise StaleVersion(game.id)

    async def _swap_game(self, db: aiosqlite.Connection, change: Change) -> None:
        game = change.game
        settings = change.expected_settings or game
        cur = await db.execute(
            """
            UPDATE games SET status = ?, seats = ?, version = ?, state = ?,
                turn_timeout_hours = ?, reminder_hours = ?, timeout_policy = ?,
                turn_started_at = ?, deadline_at = ?, result = ?, updated_at = ?,
                paused_at = ?, votes = ?
            WHERE id = ? AND version = ? AND turn_timeout_hours = ? AND reminder_hours = ?
                AND timeout_policy = ? AND seats = ?
            """,
            (
                game.status, _seats_json(game.seats), game.version, game.state,
                game.turn_timeout_hours, _dump(list(game.reminder_hours)), game.timeout_policy,
                game.turn_started_at, game.deadline_at,
                _dump(game.result) if game.result is not None else None, game.updated_at,
                game.paused_at, _dump(list(game.votes)),
                game.id, change.expected_version, settings.turn_timeout_hours,
                _dump(list(settings.reminder_hours)), settings.timeout_policy,
                _seats_json(settings.seats),
            ),
        )
        if cur.rowcount != 1:
            raise StaleVersion(game.id)

    async def _insert_move(self, db: aiosqlite.Connection, game_id: int, move: MoveRow) -> None:
        await db.execute(
            """
            INSERT INTO moves (game_id, version, kind, seat, user_id, by_computer, option_key,
                label, events, state_after, reveals, undone, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            (
                game_id, move.version, move.kind, move.seat, move.user_id, int(move.by_computer),
                move.option_key, move.label, _dump(list(move.events)), move.state_after,
                int(move.reveals), int(move.undone), move.created_at,
            ),
        )

    async def _insert_outbox(
        self,
        db: aiosqlite.Connection,
        game_id: int,
        version: int,
        channel_id: int,
        payload: dict[str, Any],
        now: float,
    ) -> None:
        await db.execute(
            """
            INSERT INTO outbox (game_id, version, channel_id, payload, created_at,
                next_attempt_at)
            VALUES (?, ?, ?, ?, ?, ?)
            """,
            (game_id, version, channel_id, _dump(payload), now, now),
        )

    async def _replace_timers(
        self, db: aiosqlite.Connection, game_id: int, timers: Sequence[NewTimer]
    ) -> None:
        await db.execute("DELETE FROM timers WHERE game_id = ? AND fired_at IS NULL", (game_id,))
        await db.executemany(
            "INSERT INTO timers (game_id, kind, seat, turn, due_at) VALUES (?, ?, ?, ?, ?)",
            [(game_id, t.kind, t.seat, t.turn, t.due_at) for t in timers],
        )

    # -- moves ---------------------------------------------------------------------------
    async def moves(self, game_id: int, limit: int | None = None) -> list[MoveRow]:
        """The move log, oldest first (the last ``limit`` rows when given)."""
        rows = await self._fetchall(
            "SELECT * FROM moves WHERE game_id = ? ORDER BY version DESC LIMIT ?",
            (game_id, -1 if limit is None else limit),
        )
        return [_move_from_row(r) for r in reversed(rows)]

    async def effective_moves(self, game_id: int, limit: int) -> list[MoveRow]:
        """The last ``limit`` rows that still count (not undone, not undo rows), newest first."""
        rows = await self._fetchall(
            """
            SELECT * FROM moves WHERE game_id = ? AND undone = 0 AND kind != 'undo'
            ORDER BY version DESC LIMIT ?
            """,
            (game_id, limit),
        )
        return [_move_from_row(r) for r in rows]

    async def unannounced_lines(self, game_id: int) -> list[str]:
        """Public event lines of the moves that still count and that no move
        announcement has told the channel yet (the earlier steps of the turn being
        played), oldest first."""
        kinds = ", ".join("?" * len(MOVE_ANNOUNCEMENTS))
        rows = await self._fetchall(
            f"""
            SELECT events FROM moves
            WHERE game_id = ? AND kind = 'move' AND undone = 0 AND version > COALESCE((
                SELECT MAX(version) FROM outbox WHERE game_id = ?
                AND json_extract(payload, '$.kind') IN ({kinds})), 0)
            ORDER BY version
            """,
            (game_id, game_id, *MOVE_ANNOUNCEMENTS),
        )
        return [line for row in rows for line in json.loads(row["events"])]

    async def state_at(self, game_id: int, version: int) -> str | None:
        """The game state as it stood at ``version`` (the last move at or before it)."""
        row = await self._fetchone(
            """
            SELECT state_after FROM moves WHERE game_id = ? AND version <= ?
            ORDER BY version DESC LIMIT 1
            """,
            (game_id, version),
        )
        return row["state_after"] if row else None

    # -- outbox --------------------------------------------------------------------------
    async def due_outbox(self, now: float, limit: int) -> list[OutboxRow]:
        """Unsent rows due now: only the oldest pending row of each game, so order holds.

        Abandoned rows (``next_attempt_at`` NULL) no longer hold back later ones."""
        rows = await self._fetchall(
            """
            SELECT * FROM outbox WHERE id IN (
                SELECT MIN(id) FROM outbox
                WHERE sent_at IS NULL AND next_attempt_at IS NOT NULL
                GROUP BY game_id
            ) AND next_attempt_at <= ?
            ORDER BY id LIMIT ?
            """,
            (now, limit),
        )
        return [_outbox_from_row(r) for r in rows]

    async def mark_sent(self, outbox_id: int, message_id: int | None, now: float) -> None:
        async with self._transaction() as db:
            await db.execute(
                "UPDATE outbox SET sent_at = ?, message_id = ?, attempts = attempts + 1 "
                "WHERE id = ?",
                (now, message_id, outbox_id),
            )

    async def mark_failed(self, outbox_id: int, retry_at: float | None) -> int:
        """Count a failed attempt; ``retry_at`` None abandons the row (it then no longer
        holds back the game's later rows). Returns the attempts so far."""
        async with self._transaction() as db:
            await db.execute(
                "UPDATE outbox SET attempts = attempts + 1, next_attempt_at = ? WHERE id = ?",
                (retry_at, outbox_id),
            )
            async with db.execute("SELECT attempts FROM outbox WHERE id = ?", (outbox_id,)) as cur:
                row = await cur.fetchone()
        return row["attempts"] if row else 0

    async def outbox_attempts(self, outbox_id: int) -> int | None:
        row = await self._fetchone("SELECT attempts FROM outbox WHERE id = ?", (outbox_id,))
        return row["attempts"] if row else None

    async def all_outbox(self, game_id: int) -> list[OutboxRow]:
        """Every outbox row of a game, sent or not, oldest first."""
        rows = await self._fetchall(
            "SELECT * FROM outbox WHERE game_id = ? ORDER BY id", (game_id,)
        )
        return [_outbox_from_row(r) for r in rows]

    # -- timers --------------------------------------------------------------------------
    async def next_timer_due(self) -> float | None:
        row = await self._fetchone("SELECT MIN(due_at) FROM timers WHERE fired_at IS NULL")
        return row[0] if row else None

    async def due_timers(self, now: float) -> list[TimerRow]:
        rows = await self._fetchall(
            """
            SELECT * FROM timers WHERE fired_at IS NULL AND due_at <= ?
            ORDER BY due_at, id
            """,
            (now,),
        )
        return [_timer_from_row(r) for r in rows]

    async def unfired_timers(self, game_id: int) -> list[TimerRow]:
        rows = await self._fetchall(
            "SELECT * FROM timers WHERE game_id = ? AND fired_at IS NULL ORDER BY due_at, id",
            (game_id,),
        )
        return [_timer_from_row(r) for r in rows]

    async def postpone_timer(self, timer_id: int, due_at: float) -> None:
        async with self._transaction() as db:
            await db.execute(
                "UPDATE timers SET due_at = ? WHERE id = ? AND fired_at IS NULL",
                (due_at, timer_id),
            )

    async def discard_timer(self, timer_id: int, now: float) -> None:
        """Mark a timer that no longer applies (its turn is over) as fired."""
        async with self._transaction() as db:
            await db.execute(
                "UPDATE timers SET fired_at = ? WHERE id = ? AND fired_at IS NULL",
                (now, timer_id),
            )

    # -- ratings -------------------------------------------------------------------------
    async def unrated_finished_games(self, limit: int = 50) -> list[GameRow]:
        rows = await self._fetchall(
            """
            SELECT g.* FROM games g LEFT JOIN rated_games r ON r.game_id = g.id
            WHERE g.status = 'finished' AND r.game_id IS NULL ORDER BY g.id LIMIT ?
            """,
            (limit,),
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
        """Rate one finished game exactly once; False when it was already rated.

        ``compute`` gets the players' current (mu, sigma) — read inside the transaction,
        so two processes never rate from the same stale value — and returns the new ones.
        With no players the game is only marked as dealt with.
        """
        async with self._transaction() as db:
            cur = await db.execute(
                "INSERT INTO rated_games (game_id, rated_at) VALUES (?, ?) "
                "ON CONFLICT (game_id) DO NOTHING",
                (game_id, now),
            )
            if cur.rowcount != 1:
                return False
            if not players:
                return True
            keys = sorted({p.player for p in players})
            marks = ", ".join("?" for _ in keys)
            async with db.execute(
                f"SELECT player, mu, sigma FROM ratings WHERE guild_id = ? AND game = ? "
                f"AND player IN ({marks})",
                (guild_id, game, *keys),
            ) as cur:
                current = {r["player"]: (r["mu"], r["sigma"]) for r in await cur.fetchall()}
            new = compute(current)
            for key in keys:
                seats = [p for p in players if p.player == key]
                mu, sigma = new[key]
                await db.execute(
                    """
                    INSERT INTO ratings (guild_id, game, player, name, mu, sigma, games, wins,
                                         updated_at)
                    VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?)
                    ON CONFLICT (guild_id, game, player) DO UPDATE SET
                        name = excluded.name, mu = excluded.mu, sigma = excluded.sigma,
                        games = games + 1, wins = wins + excluded.wins,
                        updated_at = excluded.updated_at
                    """,
                    (guild_id, game, key, seats[0].name, mu, sigma,
                     int(any(p.won for p in seats)), now),
                )
        return True

    async def leaderboard(self, guild_id: int, game: str, limit: int = 10) -> list[RatingRow]:
        """The best rated players of a game on a server (shown rating: mu - 3·sigma)."""
        rows = await self._fetchall(
            "SELECT * FROM ratings WHERE guild_id = ? AND game = ? "
            "ORDER BY mu - 3 * sigma DESC, games DESC, name LIMIT ?",
            (guild_id, game, limit),
        )
        return [_rating_from_row(r) for r in rows]

    async def player_ratings(self, guild_id: int, player: str) -> list[RatingRow]:
        """One player's rating in every game played on a server, most played first."""
        rows = await self._fetchall(
            "SELECT * FROM ratings WHERE guild_id = ? AND player = ? ORDER BY games DESC, game",
            (guild_id, player),
        )
        return [_rating_from_row(r) for r in rows]

    # -- servers and stale games -----------------------------------------------------------
    async def server(self, guild_id: int) -> ServerRow | None:
        row = await self._fetchone("SELECT * FROM servers WHERE guild_id = ?", (guild_id,))
        return None if row is None else ServerRow(row["guild_id"], row["stale_days"],
                                                  row["lobby_days"], row["stale_policy"])

    async def save_server(self, server: ServerRow, now: float) -> None:
        async with self._transaction() as db:
            await db.execute(
                """
                INSERT INTO servers (guild_id, stale_days, lobby_days, stale_policy, updated_at)
                VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (guild_id) DO UPDATE SET stale_days = excluded.stale_days,
                    lobby_days = excluded.lobby_days, stale_policy = excluded.stale_policy,
                    updated_at = excluded.updated_at
                """,
                (server.guild_id, server.stale_days, server.lobby_days, server.stale_policy, now),
            )

    async def active_games_activity(self) -> list[Activity]:
        """Every active game, its last move's time and its stale warning (for the sweep)."""
        rows = await self._fetchall(
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
        row = await self._fetchone("SELECT away_until FROM vacations WHERE user_id = ?",
                                   (user_id,))
        return None if row is None else row["away_until"]

    async def save_vacation(self, user_id: int, away_until: float | None) -> None:
        async with self._transaction() as db:
            if away_until is None:
                await db.execute("DELETE FROM vacations WHERE user_id = ?", (user_id,))
            else:
                await db.execute(
                    "INSERT INTO vacations (user_id, away_until) VALUES (?, ?) "
                    "ON CONFLICT (user_id) DO UPDATE SET away_until = excluded.away_until",
                    (user_id, away_until),
                )

    async def open_games_of(self, user_id: int) -> list[GameRow]:
        """Lobbies and running games in which the user has a seat."""
        rows = await self._fetchall(
            "SELECT g.* FROM games g, json_each(g.seats) s WHERE g.status IN ('lobby', 'active') "
            "AND json_extract(s.value, '$.user_id') = ? ORDER BY g.id",
            (user_id,),
        )
        return [_game_from_row(r) for r in rows]
