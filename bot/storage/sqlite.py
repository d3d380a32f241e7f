"""SQLite storage for sessions: games, the append-only move log, the outbox and timers.

All database access goes through :class:`Store`. Two connections in WAL mode, each
owned by one thread: the writer, where every write is ONE ``BEGIN IMMEDIATE``
transaction run whole in that thread (one hand-over from the event loop per
transaction, not one per statement), and a reader beside it, which never waits for a
write. A change to a game is a compare-and-swap on its ``version``
(:meth:`Store.commit`), so a stale or doubled request is refused (:class:`StaleVersion`)
and never applied twice. The schema is migrated at open, idempotently, with
``PRAGMA user_version``.

What stays small on disk: a move row holds the option key played, not the state after
it; the state is a zlib-compressed snapshot on the start and undo rows, on a move row
every :data:`SNAPSHOT_EVERY` versions, and in the game row (the current version).
Any other moment is the nearest snapshot before it with the logged keys replayed on it
(:meth:`Store.replay_from`; the engines are deterministic). Delivered announcements
are purged once old enough (:meth:`Store.purge_outbox`).
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sqlite3
import zlib
from collections.abc import Callable, Collection, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from bot.core.announcements import MOVE_ANNOUNCEMENTS
from bot.core.notices import NewNotice
from bot.core.timebank import Reserves, TimeBank
from bot.storage.sqlite_notices import SqliteNotices

log = logging.getLogger(__name__)

T = TypeVar("T")

#: A move row keeps the state after it when this many versions have passed since the
#: game's last snapshot: replaying at most this many logged steps rebuilds any moment.
SNAPSHOT_EVERY = 50

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
        # the defaults of bot.core.stale.
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
    # 3: moves keep option keys and a compressed snapshot now and then, not every state;
    # the game row's state is compressed. ``estancia_pack`` is registered at open. The
    # running games keep every state they have: their log was written by an earlier
    # program, whose rules (and option keys) the replay of today's engine may not know.
    [
        """
        CREATE TABLE moves_v2 (
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
            snapshot    BLOB,
            reveals     INTEGER NOT NULL DEFAULT 0,
            undone      INTEGER NOT NULL DEFAULT 0,
            created_at  REAL    NOT NULL,
            UNIQUE (game_id, version),
            CHECK (snapshot IS NOT NULL OR kind IN ('move', 'forfeit'))
        )
        """,
        """
        INSERT INTO moves_v2 (id, game_id, version, kind, seat, user_id, by_computer,
            option_key, label, events, snapshot, reveals, undone, created_at)
        SELECT id, game_id, version, kind, seat, user_id, by_computer, option_key, label,
            events,
            CASE WHEN kind IN ('start', 'undo') OR (kind = 'move' AND (version % 50 = 0
                OR version = (SELECT MAX(m.version) FROM moves m WHERE m.game_id = moves.game_id)
                OR game_id IN (SELECT id FROM games WHERE status IN ('lobby', 'active'))))
                THEN estancia_pack(state_after) END,
            reveals, undone, created_at
        FROM moves
        """,
        "DROP TABLE moves",
        "ALTER TABLE moves_v2 RENAME TO moves",
        "UPDATE games SET state = estancia_pack(state) WHERE typeof(state) = 'text'",
        "CREATE INDEX outbox_sent ON outbox (sent_at) WHERE sent_at IS NOT NULL",
    ],
    # 4: the language of a game's public posts ("en", "fr"; games.i18n.LANGUAGES). Games
    # opened before it were played in English.
    [
        "ALTER TABLE games ADD COLUMN language TEXT NOT NULL DEFAULT 'en'",
    ],
    # 5: the lease of a row being delivered or a timer being fired by one of several
    # processes. Only the PostgreSQL back end claims rows (one SQLite file has one bot
    # process); the columns are here too so that a schema number is the same tables and
    # columns on both back ends.
    [
        "ALTER TABLE outbox ADD COLUMN claimed_until REAL",
        "ALTER TABLE timers ADD COLUMN claimed_until REAL",
    ],
    # 6: the Discord interaction (the tap) that played a move, when one did: an instance
    # that receives a tap another instance already played recognises it and stays silent
    # (see ``bot.discord_ui.panels.play_from_panel``).
    [
        "ALTER TABLE moves ADD COLUMN interaction_id INTEGER",
    ],
    # 7: play many games at once (issue 25): a game's clock (its time bank and each seat's
    # reserve, JSON), a server's choice to move deadlines out of quiet hours, players'
    # notice preferences, and their notices (DMs; pings held for the end of quiet hours).
    [
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
    # 8: a server's computer players (issue 24): the level a stand-in plays a timed-out or
    # forfeited seat at, and whether players may ask the computer for hints.
    [
        "ALTER TABLE servers ADD COLUMN computer_level TEXT NOT NULL DEFAULT 'normal'",
        "ALTER TABLE servers ADD COLUMN hints INTEGER NOT NULL DEFAULT 1",
    ],
]

SCHEMA_VERSION = len(MIGRATIONS)
#: The migration that rewrote every move row in the compact form (worth a VACUUM after).
COMPACTED_AT = 3

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
    #: A computer seat's level (``games.ai.LEVELS``; None: the default).
    level: str | None = None
    #: The player asked the computer for a hint in this game.
    hinted: bool = False


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
    #: The language of the game's public posts (turn messages, events, boards, recaps).
    language: str = "en"
    #: The game's clock (None: the per-turn timer only), and each seat's reserve.
    time_bank: TimeBank | None = None
    reserves: Reserves | None = None


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
    language: str = "en"
    time_bank: TimeBank | None = None


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
    #: The state after this step. Written always; stored only as a snapshot (start and
    #: undo rows, every :data:`SNAPSHOT_EVERY` versions): None when read back otherwise.
    state_after: str | None
    reveals: bool
    undone: bool
    created_at: float
    #: The Discord interaction (tap) that played this step, if one did.
    interaction_id: int | None = None


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
class SoloBest:
    """A player's finished solo games (one seat against an automa) of one game and automa
    level: the best total and how many."""

    game: str
    level: str | None
    best: int
    games: int


@dataclass(frozen=True)
class ServerRow:
    guild_id: int
    stale_days: float
    lobby_days: float
    stale_policy: str
    #: A deadline inside the quiet hours of the player to move moves to their end.
    quiet_deadlines: bool = False
    #: The level the computer plays a timed-out or forfeited seat at.
    computer_level: str = "normal"
    #: Players may ask the computer for hints.
    hints: bool = True


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


def _without_defaults(body: dict[str, Any]) -> dict[str, Any]:
    """An announcement body without its empty fields (None, False, []): the reader's
    defaults stand for them, and a game's hundred announcements stay small."""
    return {k: v for k, v in body.items() if not (v is None or v is False or v == [])}


def pack_state(text: str | None) -> bytes | None:
    """A state as stored: its JSON, zlib-compressed."""
    return None if text is None else zlib.compress(text.encode(), 6)


def unpack_state(stored: bytes | str | None) -> str | None:
    """The state JSON from a stored value (text from a database not yet migrated)."""
    if stored is None or isinstance(stored, str):
        return stored
    return zlib.decompress(stored).decode()


def move_rows(game_id: int, moves: Sequence[MoveRow],
              last_snapshot: int | None) -> list[tuple[Any, ...]]:
    """The ``moves`` table's rows for ``moves`` (both back ends): the state after a move is
    kept (compressed) on starts, undos and every :data:`SNAPSHOT_EVERY` versions after
    ``last_snapshot``, the game's latest kept one."""
    rows = []
    for move in moves:
        snapshot = None
        if move.kind in ("start", "undo") or (
            move.kind == "move"
            and (last_snapshot is None or move.version - last_snapshot >= SNAPSHOT_EVERY)
        ):
            if move.state_after is None:
                raise ValueError(f"a {move.kind} row at v{move.version} needs its state")
            snapshot = pack_state(move.state_after)
            last_snapshot = move.version
        rows.append((
            game_id, move.version, move.kind, move.seat, move.user_id,
            int(move.by_computer), move.option_key, move.label, _dump(list(move.events)),
            snapshot, int(move.reveals), int(move.undone), move.created_at,
            move.interaction_id,
        ))
    return rows


def _game_from_row(row: sqlite3.Row) -> GameRow:
    return GameRow(
        id=row["id"],
        channel_id=row["channel_id"],
        guild_id=row["guild_id"],
        game=row["game"],
        options=json.loads(row["options"]),
        status=row["status"],
        creator_id=row["creator_id"],
        seats=tuple(SeatRow(s["user_id"], s["name"], s.get("away_until"), s.get("level"),
                            s.get("hinted", False))
                    for s in json.loads(row["seats"])),
        seed=row["seed"],
        version=row["version"],
        state=unpack_state(row["state"]),
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
        language=row["language"],
        time_bank=_bank_from(row["time_bank"]),
        reserves=_reserves_from(row["reserves"]),
    )


def _bank_from(stored: str | None) -> TimeBank | None:
    return None if stored is None else TimeBank.from_json(json.loads(stored))


def _reserves_from(stored: str | None) -> Reserves | None:
    return None if stored is None else Reserves.from_json(json.loads(stored))


def bank_json(bank: TimeBank | None) -> str | None:
    """A game's time bank as stored (compared like the timer settings: a settings change
    keeps the version)."""
    return None if bank is None else _dump(bank.to_json())


def reserves_json(reserves: Reserves | None) -> str | None:
    return None if reserves is None else _dump(reserves.to_json())


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
        state_after=unpack_state(row["snapshot"]),
        reveals=bool(row["reveals"]),
        undone=bool(row["undone"]),
        created_at=row["created_at"],
        interaction_id=row["interaction_id"],
    )


def _seats_json(seats: Sequence[SeatRow]) -> str:
    return _dump([{"user_id": s.user_id, "name": s.name}
                  | ({"away_until": s.away_until} if s.away_until is not None else {})
                  | ({"level": s.level} if s.level is not None else {})
                  | ({"hinted": True} if s.hinted else {})
                  for s in seats])


def _server_from_row(row: Any) -> ServerRow:
    return ServerRow(row["guild_id"], row["stale_days"], row["lobby_days"], row["stale_policy"],
                     bool(row["quiet_deadlines"]), row["computer_level"], bool(row["hints"]))


class Store(SqliteNotices):
    """The database. Open with :meth:`Store.open`, close with :meth:`close`.

    Each connection lives in its own thread (a one-thread executor), so the writer runs
    one transaction at a time, in order, and no coroutine ever sees another's
    uncommitted rows; the reader sees the last committed state without waiting for it.
    """

    def __init__(self, writer: sqlite3.Connection, reader: sqlite3.Connection | None,
                 path: str, write_thread: ThreadPoolExecutor,
                 read_thread: ThreadPoolExecutor | None) -> None:
        self._writer = writer
        self._reader = reader or writer
        self.path = path
        self._write_thread = write_thread
        # An in-memory database has one connection: reads queue behind the writes.
        self._read_thread = read_thread or write_thread
        self._closed = False

    @classmethod
    async def open(cls, path: str | Path) -> Store:
        """Open (creating if needed) and migrate the database at ``path``."""
        path = str(path)
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        loop = asyncio.get_running_loop()
        write_thread = ThreadPoolExecutor(1, thread_name_prefix="estancia-db-write")
        read_thread = (None if path == ":memory:"
                       else ThreadPoolExecutor(1, thread_name_prefix="estancia-db-read"))
        writer = reader = None
        try:
            writer = await loop.run_in_executor(write_thread, _connect, path, True)
            migrated = await loop.run_in_executor(write_thread, _migrate, writer)
            if migrated and path != ":memory:":
                log.info("database migrated to schema %s; compacting it once", SCHEMA_VERSION)
                await loop.run_in_executor(write_thread, writer.execute, "VACUUM")
            if read_thread is not None:
                reader = await loop.run_in_executor(read_thread, _connect, path, False)
        except BaseException:
            for conn, thread in ((writer, write_thread), (reader, read_thread)):
                if conn is not None and thread is not None:
                    await loop.run_in_executor(thread, conn.close)
            write_thread.shutdown(wait=False)
            if read_thread is not None:
                read_thread.shutdown(wait=False)
            raise
        return cls(writer, reader, path, write_thread, read_thread)

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        loop = asyncio.get_running_loop()
        if self._read_thread is not self._write_thread:
            await loop.run_in_executor(self._read_thread, self._reader.close)
            self._read_thread.shutdown(wait=True)
        await loop.run_in_executor(self._write_thread, self._writer.close)
        self._write_thread.shutdown(wait=True)

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # -- plumbing ----------------------------------------------------------------------
    async def _write(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """``work(db)`` as one transaction in the writer's thread (rolled back if it raises)."""

        def transaction() -> T:
            db = self._writer
            db.execute("BEGIN IMMEDIATE")
            try:
                result = work(db)
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
            return result

        return await asyncio.get_running_loop().run_in_executor(self._write_thread, transaction)

    async def _read(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """``work(db)`` on the reader, in one read transaction (one consistent snapshot)."""

        def snapshot() -> T:
            db = self._reader
            if db is self._writer:
                return work(db)
            db.execute("BEGIN")
            try:
                return work(db)
            finally:
                db.execute("COMMIT")

        return await asyncio.get_running_loop().run_in_executor(self._read_thread, snapshot)

    async def _fetchone(self, sql: str, params: Sequence[Any] = ()) -> sqlite3.Row | None:
        return await self._read(lambda db: db.execute(sql, params).fetchone())

    async def _fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        return await self._read(lambda db: db.execute(sql, params).fetchall())

    async def schema_version(self) -> int:
        row = await self._fetchone("PRAGMA user_version")
        return row[0] if row else 0

    async def pragma(self, name: str) -> Any:
        """Read one PRAGMA value of the writer's connection (for diagnostics and tests)."""
        if not name.isidentifier():
            raise ValueError(f"bad pragma name {name!r}")

        def read() -> Any:
            row = self._writer.execute(f"PRAGMA {name}").fetchone()
            return row[0] if row else None

        return await asyncio.get_running_loop().run_in_executor(self._write_thread, read)

    # -- games ---------------------------------------------------------------------------
    async def create_game(self, new: NewGame, announcement: dict[str, Any] | None) -> GameRow:
        """Insert a lobby (version 0) and its announcement; ChannelBusy if one is open there."""

        def insert(db: sqlite3.Connection) -> GameRow:
            cur = db.execute(
                """
                INSERT INTO games (channel_id, guild_id, game, options, status, creator_id,
                    seats, seed, version, turn_timeout_hours, reminder_hours,
                    timeout_policy, created_at, updated_at, parent_id, language, time_bank)
                VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                (
                    new.channel_id, new.guild_id, new.game, _dump(new.options),
                    new.creator_id, _seats_json(new.seats), new.seed,
                    new.turn_timeout_hours, _dump(list(new.reminder_hours)),
                    new.timeout_policy, new.created_at, new.created_at, new.parent_id,
                    new.language, bank_json(new.time_bank),
                ),
            )
            game_id = cur.lastrowid
            assert game_id is not None
            if announcement is not None:
                self._insert_outbox(db, game_id, 0, new.channel_id, announcement,
                                    new.created_at)
            return _game_from_row(
                db.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone())

        try:
            return await self._write(insert)
        except sqlite3.IntegrityError as exc:
            if "games.channel_id" in str(exc):
                raise ChannelBusy(new.channel_id) from None
            raise

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

    async def games_from_channel(self, channel_id: int, limit: int) -> list[GameRow]:
        """Games played in threads opened from this channel (``parent_id``): the open ones
        first, then the others, newest first."""
        rows = await self._fetchall(
            """
            SELECT * FROM games WHERE parent_id = ?
            ORDER BY status IN ('lobby', 'active') DESC, id DESC LIMIT ?
            """,
            (channel_id, limit),
        )
        return [_game_from_row(r) for r in rows]

    async def games_with_status(self, *statuses: str) -> list[GameRow]:
        marks = ", ".join("?" for _ in statuses)
        rows = await self._fetchall(
            f"SELECT * FROM games WHERE status IN ({marks}) ORDER BY id", statuses
        )
        return [_game_from_row(r) for r in rows]

    async def commit(self, change: Change) -> None:
        """Write one change atomically, or raise :class:`StaleVersion` and write nothing."""
        await self._write(lambda db: self._commit(db, change))

    def _commit(self, db: sqlite3.Connection, change: Change) -> None:
        game = change.game
        self._swap_game(db, change)
        if change.moves:
            self._insert_moves(db, game.id, change.moves)
        if change.undo_versions:
            marks = ", ".join("?" for _ in change.undo_versions)
            db.execute(
                f"UPDATE moves SET undone = 1 WHERE game_id = ? AND version IN ({marks})",
                (game.id, *change.undo_versions),
            )
        for payload in change.announcements:
            # An announcement may be addressed elsewhere (a thread game's recap goes
            # to the channel the thread was opened from).
            body = dict(payload)
            address = body.pop(ADDRESS_KEY, None) or game.channel_id
            self._insert_outbox(db, game.id, game.version, address, body, game.updated_at)
        if change.fired_timer_id is not None:
            cur = db.execute(
                "UPDATE timers SET fired_at = ? WHERE id = ? AND fired_at IS NULL",
                (game.updated_at, change.fired_timer_id),
            )
            if cur.rowcount != 1:
                raise StaleVersion(game.id)
        if change.timers is not None:
            self._replace_timers(db, game.id, change.timers)
        if change.stale_warning:  # once per version, even from two processes
            cur = db.execute(
                "INSERT INTO stale_warnings (game_id, version, warned_at) VALUES (?, ?, ?) "
                "ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, "
                "warned_at = excluded.warned_at WHERE version != excluded.version",
                (game.id, game.version, game.updated_at),
            )
            if cur.rowcount != 1:
                raise StaleVersion(game.id)

    def _swap_game(self, db: sqlite3.Connection, change: Change) -> None:
        game = change.game
        settings = change.expected_settings or game
        cur = db.execute(
            """
            UPDATE games SET status = ?, seats = ?, version = ?, state = ?,
                turn_timeout_hours = ?, reminder_hours = ?, timeout_policy = ?,
                turn_started_at = ?, deadline_at = ?, result = ?, updated_at = ?,
                paused_at = ?, votes = ?, language = ?, time_bank = ?, reserves = ?
            WHERE id = ? AND version = ? AND turn_timeout_hours = ? AND reminder_hours = ?
                AND timeout_policy = ? AND seats = ? AND time_bank IS ?
            """,
            (
                game.status, _seats_json(game.seats), game.version, pack_state(game.state),
                game.turn_timeout_hours, _dump(list(game.reminder_hours)), game.timeout_policy,
                game.turn_started_at, game.deadline_at,
                _dump(game.result) if game.result is not None else None, game.updated_at,
                game.paused_at, _dump(list(game.votes)), game.language,
                bank_json(game.time_bank), reserves_json(game.reserves),
                game.id, change.expected_version, settings.turn_timeout_hours,
                _dump(list(settings.reminder_hours)), settings.timeout_policy,
                _seats_json(settings.seats), bank_json(settings.time_bank),
            ),
        )
        if cur.rowcount != 1:
            raise StaleVersion(game.id)

    def _insert_moves(self, db: sqlite3.Connection, game_id: int,
                      moves: Sequence[MoveRow]) -> None:
        row = db.execute(
            """
            SELECT version FROM moves WHERE game_id = ? AND snapshot IS NOT NULL
            ORDER BY version DESC LIMIT 1
            """,
            (game_id,),
        ).fetchone()
        rows = move_rows(game_id, moves, row[0] if row else None)
        db.executemany(
            """
            INSERT INTO moves (game_id, version, kind, seat, user_id, by_computer, option_key,
                label, events, snapshot, reveals, undone, created_at, interaction_id)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            rows,
        )

    def _insert_outbox(
        self,
        db: sqlite3.Connection,
        game_id: int,
        version: int,
        channel_id: int,
        body: dict[str, Any],
        now: float,
    ) -> None:
        db.execute(
            """
            INSERT INTO outbox (game_id, version, channel_id, payload, created_at,
                next_attempt_at)
            VALUES (?, ?, ?, ?, ?, ?)
            """,
            (game_id, version, channel_id, _dump(_without_defaults(body)), now, now),
        )

    def _replace_timers(
        self, db: sqlite3.Connection, game_id: int, timers: Sequence[NewTimer]
    ) -> None:
        db.execute("DELETE FROM timers WHERE game_id = ? AND fired_at IS NULL", (game_id,))
        db.executemany(
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

    async def played_by(self, game_id: int, version: int, interaction_id: int) -> bool:
        """Whether the move at ``version`` was played by the Discord interaction
        ``interaction_id`` (a tap delivered twice: to another instance as well, say)."""
        row = await self._fetchone(
            "SELECT 1 FROM moves WHERE game_id = ? AND version = ? AND interaction_id = ?",
            (game_id, version, interaction_id),
        )
        return row is not None

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

    async def replay_from(self, game_id: int,
                          version: int) -> tuple[str, list[tuple[int, str]]] | None:
        """How to rebuild the state at ``version``: the nearest snapshot at or before it,
        and the steps (seat, option key) logged after that snapshot up to ``version``, to
        apply in order. None before the game started."""

        def read(db: sqlite3.Connection) -> tuple[str, list[tuple[int, str]]] | None:
            base = db.execute(
                """
                SELECT version, snapshot FROM moves
                WHERE game_id = ? AND version <= ? AND snapshot IS NOT NULL
                ORDER BY version DESC LIMIT 1
                """,
                (game_id, version),
            ).fetchone()
            if base is None:
                return None
            steps = db.execute(
                """
                SELECT seat, option_key FROM moves
                WHERE game_id = ? AND version > ? AND version <= ? AND kind = 'move'
                ORDER BY version
                """,
                (game_id, base["version"], version),
            ).fetchall()
            text = unpack_state(base["snapshot"])
            assert text is not None
            return text, [(r["seat"], r["option_key"]) for r in steps]

        return await self._read(read)

    # -- outbox --------------------------------------------------------------------------
    async def due_outbox(self, now: float, limit: int,
                         skip_games: Collection[int] = ()) -> list[OutboxRow]:
        """Unsent rows due now: only the oldest pending row of each game, so order holds;
        none of the games in ``skip_games`` (their previous one is being delivered).

        Abandoned rows (``next_attempt_at`` NULL) no longer hold back later ones."""
        skip = sorted(set(skip_games))
        rows = await self._fetchall(
            f"""
            SELECT * FROM outbox WHERE id IN (
                SELECT MIN(id) FROM outbox
                WHERE sent_at IS NULL AND next_attempt_at IS NOT NULL
                    AND game_id NOT IN ({", ".join("?" * len(skip))})
                GROUP BY game_id
            ) AND next_attempt_at <= ?
            ORDER BY id LIMIT ?
            """,
            (*skip, now, limit),
        )
        return [_outbox_from_row(r) for r in rows]

    async def claim_outbox(self, now: float, limit: int,
                           skip_games: Collection[int] = ()) -> list[OutboxRow]:
        """The rows to deliver now, none of ``skip_games``. One process uses a SQLite
        file, and its deliverer keeps one delivery per game: nothing to claim (PostgreSQL
        claims them)."""
        return await self.due_outbox(now, limit, skip_games)

    async def release_outbox(self, outbox_id: int) -> None:
        """Give back a claimed row (nothing to do: rows are not claimed here)."""

    async def mark_sent(self, outbox_id: int, message_id: int | None, now: float,
                        notices: Sequence[NewNotice] = ()) -> None:
        """The row was delivered as ``message_id``; the ``notices`` it leaves are written
        with it, each once (see :meth:`SqliteNotices.insert_notices`)."""

        def sent(db: sqlite3.Connection) -> None:
            db.execute(
                "UPDATE outbox SET sent_at = ?, message_id = ?, attempts = attempts + 1 "
                "WHERE id = ?",
                (now, message_id, outbox_id),
            )
            self.insert_notices(db, notices, now)

        await self._write(sent)

    async def mark_failed(self, outbox_id: int, retry_at: float | None) -> int:
        """Count a failed attempt; ``retry_at`` None abandons the row (it then no longer
        holds back the game's later rows). Returns the attempts so far."""

        def fail(db: sqlite3.Connection) -> int:
            db.execute(
                "UPDATE outbox SET attempts = attempts + 1, next_attempt_at = ? WHERE id = ?",
                (retry_at, outbox_id),
            )
            row = db.execute("SELECT attempts FROM outbox WHERE id = ?", (outbox_id,)).fetchone()
            return row["attempts"] if row else 0

        return await self._write(fail)

    async def outbox_attempts(self, outbox_id: int) -> int | None:
        row = await self._fetchone("SELECT attempts FROM outbox WHERE id = ?", (outbox_id,))
        return row["attempts"] if row else None

    async def all_outbox(self, game_id: int) -> list[OutboxRow]:
        """Every outbox row of a game, sent or not, oldest first."""
        rows = await self._fetchall(
            "SELECT * FROM outbox WHERE game_id = ? ORDER BY id", (game_id,)
        )
        return [_outbox_from_row(r) for r in rows]

    async def purge_outbox(self, sent_before: float) -> int:
        """Delete announcements delivered before ``sent_before``; returns how many.

        A running game keeps its latest move announcement, which tells which of its
        steps the channel has heard of (:meth:`unannounced_lines`). Unsent rows stay."""
        kinds = ", ".join("?" * len(MOVE_ANNOUNCEMENTS))
        return await self._write(lambda db: db.execute(
            f"""
            DELETE FROM outbox WHERE sent_at IS NOT NULL AND sent_at < ? AND (
                game_id IN (SELECT id FROM games WHERE status IN ('finished', 'cancelled'))
                OR id < (SELECT MAX(o.id) FROM outbox o WHERE o.game_id = outbox.game_id
                         AND json_extract(o.payload, '$.kind') IN ({kinds})))
            """,
            (sent_before, *MOVE_ANNOUNCEMENTS),
        ).rowcount)

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

    async def claim_timers(self, now: float) -> list[TimerRow]:
        """The timers to fire now (one process: nothing to claim, as for the outbox)."""
        return await self.due_timers(now)

    async def release_timer(self, timer_id: int) -> None:
        """Give back a claimed timer (nothing to do here)."""

    async def unfired_timers(self, game_id: int) -> list[TimerRow]:
        rows = await self._fetchall(
            "SELECT * FROM timers WHERE game_id = ? AND fired_at IS NULL ORDER BY due_at, id",
            (game_id,),
        )
        return [_timer_from_row(r) for r in rows]

    async def postpone_timer(self, timer_id: int, due_at: float) -> None:
        await self._write(lambda db: db.execute(
            "UPDATE timers SET due_at = ? WHERE id = ? AND fired_at IS NULL",
            (due_at, timer_id),
        ))

    async def discard_timer(self, timer_id: int, now: float) -> None:
        """Mark a timer that no longer applies (its turn is over) as fired."""
        await self._write(lambda db: db.execute(
            "UPDATE timers SET fired_at = ? WHERE id = ? AND fired_at IS NULL",
            (now, timer_id),
        ))


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

        def rate(db: sqlite3.Connection) -> bool:
            cur = db.execute(
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
            current = {r["player"]: (r["mu"], r["sigma"]) for r in db.execute(
                f"SELECT player, mu, sigma FROM ratings WHERE guild_id = ? AND game = ? "
                f"AND player IN ({marks})",
                (guild_id, game, *keys),
            ).fetchall()}
            new = compute(current)
            for key in keys:
                seats = [p for p in players if p.player == key]
                mu, sigma = new[key]
                db.execute(
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

        return await self._write(rate)

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

    async def best_solo_scores(self, guild_id: int, user_id: int) -> list[SoloBest]:
        """The user's best total per game and automa level in their finished solo games on a
        server (the result's ``automa`` and ``totals``, see ``transitions.automa_result``)."""
        rows = await self._fetchall(
            """
            SELECT game, json_extract(result, '$.automa.level') AS level,
                   MAX(json_extract(result, '$.totals[0]')) AS best, COUNT(*) AS games
            FROM games WHERE guild_id = ? AND status = 'finished'
                AND json_extract(result, '$.automa') IS NOT NULL
                AND json_extract(seats, '$[0].user_id') = ?
            GROUP BY game, level ORDER BY game, best DESC
            """,
            (guild_id, user_id),
        )
        return [SoloBest(r["game"], r["level"], r["best"], r["games"]) for r in rows]

    # -- servers and stale games -----------------------------------------------------------
    async def server(self, guild_id: int) -> ServerRow | None:
        row = await self._fetchone("SELECT * FROM servers WHERE guild_id = ?", (guild_id,))
        return None if row is None else _server_from_row(row)

    async def save_server(self, server: ServerRow, now: float) -> None:
        await self._write(lambda db: db.execute(
            """
            INSERT INTO servers (guild_id, stale_days, lobby_days, stale_policy, updated_at,
                                 quiet_deadlines, computer_level, hints)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (guild_id) DO UPDATE SET stale_days = excluded.stale_days,
                lobby_days = excluded.lobby_days, stale_policy = excluded.stale_policy,
                updated_at = excluded.updated_at, quiet_deadlines = excluded.quiet_deadlines,
                computer_level = excluded.computer_level, hints = excluded.hints
            """,
            (server.guild_id, server.stale_days, server.lobby_days, server.stale_policy, now,
             int(server.quiet_deadlines), server.computer_level, int(server.hints)),
        ))

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
        def save(db: sqlite3.Connection) -> None:
            if away_until is None:
                db.execute("DELETE FROM vacations WHERE user_id = ?", (user_id,))
            else:
                db.execute(
                    "INSERT INTO vacations (user_id, away_until) VALUES (?, ?) "
                    "ON CONFLICT (user_id) DO UPDATE SET away_until = excluded.away_until",
                    (user_id, away_until),
                )

        await self._write(save)

    async def open_games_of(self, user_id: int) -> list[GameRow]:
        """Lobbies and running games in which the user has a seat."""
        rows = await self._fetchall(
            "SELECT g.* FROM games g, json_each(g.seats) s WHERE g.status IN ('lobby', 'active') "
            "AND json_extract(s.value, '$.user_id') = ? ORDER BY g.id",
            (user_id,),
        )
        return [_game_from_row(r) for r in rows]

async def open_store(path: str | Path, url: str | None = None) -> Any:
    """The bot's database: PostgreSQL at ``url`` (default: ``$DATABASE_URL``) when one is
    given, else the SQLite file at ``path`` (the default, nothing to set up)."""
    url = os.environ.get("DATABASE_URL", "") if url is None else url
    if url:
        from bot.storage.postgres import PgStore

        return await PgStore.open(url)
    return await Store.open(path)


def _connect(path: str, writer: bool) -> sqlite3.Connection:
    """A connection in autocommit mode (transactions are explicit), used by one thread."""
    conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    conn.row_factory = sqlite3.Row
    try:
        if writer:
            conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA foreign_keys=ON")
        conn.execute("PRAGMA synchronous=NORMAL")
        conn.execute("PRAGMA busy_timeout=5000")
        conn.create_function("estancia_pack", 1, pack_state, deterministic=True)
    except BaseException:
        conn.close()
        raise
    return conn


def _migrate(db: sqlite3.Connection) -> bool:
    """Bring the schema up to date in one transaction; True when it rewrote the moves of
    an existing database into the compact form (:data:`COMPACTED_AT`), which leaves the
    file worth compacting once."""
    db.execute("BEGIN IMMEDIATE")
    try:
        current = db.execute("PRAGMA user_version").fetchone()[0]
        if current > SCHEMA_VERSION:
            raise RuntimeError(
                f"database schema {current} is newer than this program ({SCHEMA_VERSION})"
            )
        for number, statements in enumerate(MIGRATIONS[current:], start=current + 1):
            for statement in statements:
                db.execute(statement)
            db.execute(f"PRAGMA user_version = {number}")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")
    return 0 < current < COMPACTED_AT
