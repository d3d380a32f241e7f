"""How the store's transactions reach each database: a transaction is a function of a
SQLAlchemy :class:`~sqlalchemy.engine.Connection` (``work(db) -> T``), the same on both.

* :class:`SqliteBackend`: two aiosqlite connections (a writer and a reader, WAL), each
  with SQLAlchemy's Core over it. ``work`` runs whole in the connection's aiosqlite
  thread: one hand-over from the event loop per transaction (SQLAlchemy's async engine
  on aiosqlite hands over three or four times per statement: ``bot/storage/README.md``).
  Writes are ``BEGIN IMMEDIATE`` … ``COMMIT`` on the one writer, in the order asked.
* :class:`PgBackend`: SQLAlchemy's async engine on asyncpg (``work`` through
  ``run_sync``). A read outside a snapshot runs in autocommit: one statement, one round
  trip.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol, TypeVar

import aiosqlite
from sqlalchemy import Connection, Engine, create_engine
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine
from sqlalchemy.pool import StaticPool

T = TypeVar("T")

#: Connections of one process to PostgreSQL (as asyncpg's pool had).
PG_POOL_SIZE = 10


class Backend(Protocol):
    #: SQLAlchemy's dialect name: ``sqlite`` or ``postgresql``.
    dialect: str
    #: Several bot processes may share the database (then rows are claimed).
    shared: bool
    #: The file or the URL (without its password), for messages.
    where: str

    async def write(self, work: Callable[[Connection], T], durable: bool = True) -> T: ...

    async def read(self, work: Callable[[Connection], T], snapshot: bool = False) -> T: ...

    async def vacuum(self) -> None: ...

    async def pragma(self, name: str) -> Any: ...

    async def close(self) -> None: ...


async def connect(target: str) -> Backend:
    """The back end for a ``postgresql://`` URL, else for a SQLite file path."""
    if target.startswith(("postgresql:", "postgres:", "postgresql+asyncpg:")):
        return PgBackend(target)
    return await SqliteBackend.open(target)


# -- SQLite ------------------------------------------------------------------------------
def pack_for_migration(text: str | bytes | None) -> bytes | None:
    """``estancia_pack(state)`` for the SQL of a database older than schema 3 (see
    :mod:`bot.storage.legacy`)."""
    import zlib

    if text is None or isinstance(text, bytes):
        return text
    return zlib.compress(text.encode(), 6)


class _Link:
    """One aiosqlite connection, and SQLAlchemy's Core over the very sqlite3 connection
    it owns: used only in that connection's thread."""

    def __init__(self, path: str, writer: bool) -> None:
        self.raw: sqlite3.Connection | None = None
        self.writer = writer
        self.conn = aiosqlite.Connection(lambda: self._connect(path), iter_chunk_size=64)
        # A store left open (a test that failed, a crash) must not keep the process alive.
        self.conn._thread.daemon = True
        self.engine: Engine | None = None
        self.db: Connection | None = None

    def _connect(self, path: str) -> sqlite3.Connection:
        """In the aiosqlite thread: autocommit mode (transactions are explicit)."""
        raw = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        try:
            if self.writer:
                raw.execute("PRAGMA journal_mode=WAL")
            raw.execute("PRAGMA foreign_keys=ON")
            raw.execute("PRAGMA synchronous=NORMAL")
            raw.execute("PRAGMA busy_timeout=5000")
            raw.create_function("estancia_pack", 1, pack_for_migration, deterministic=True)
        except BaseException:
            raw.close()
            raise
        self.raw = raw
        self.engine = create_engine("sqlite://", creator=lambda: raw, poolclass=StaticPool)
        return raw

    async def start(self) -> None:
        await self.conn

    def _run(self, work: Callable[[Connection], T], begin: str | None) -> T:
        """In the aiosqlite thread: ``work`` in a transaction opened with ``begin`` (None:
        each statement on its own)."""
        if self.db is None:
            assert self.engine is not None
            self.db = self.engine.connect()
        db = self.db
        if begin is not None:
            db.exec_driver_sql(begin)
        try:
            result = work(db)
        except BaseException:
            db.rollback()
            raise
        if begin is None or self.writer:
            db.commit()
        else:
            db.rollback()  # a read snapshot wrote nothing
        return result

    async def run(self, work: Callable[[Connection], T], begin: str | None) -> T:
        # aiosqlite's own methods hand their work to its thread this way
        return await self.conn._execute(self._run, work, begin)

    def _close(self) -> None:
        if self.db is not None:
            self.db.close()
            self.db = None

    async def close(self) -> None:
        try:
            await self.conn._execute(self._close)
        finally:
            await self.conn.close()


class SqliteBackend:
    dialect = "sqlite"
    shared = False

    def __init__(self, writer: _Link, reader: _Link, where: str) -> None:
        self._writer = writer
        # An in-memory database has one connection: reads queue behind the writes.
        self._reader = reader
        self.where = where
        self._closed = False

    @classmethod
    async def open(cls, path: str) -> SqliteBackend:
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        writer = _Link(path, writer=True)
        await writer.start()
        reader = writer
        if path != ":memory:":
            reader = _Link(path, writer=False)
            try:
                await reader.start()
            except BaseException:
                await writer.close()
                raise
        return cls(writer, reader, path)

    async def write(self, work: Callable[[Connection], T], durable: bool = True) -> T:
        return await self._writer.run(work, "BEGIN IMMEDIATE")

    async def read(self, work: Callable[[Connection], T], snapshot: bool = False) -> T:
        if self._reader is self._writer:
            return await self._writer.run(work, None)
        return await self._reader.run(work, "BEGIN" if snapshot else None)

    async def vacuum(self) -> None:
        if self.where != ":memory:":
            await self._writer.run(lambda db: db.exec_driver_sql("VACUUM"), None)

    async def pragma(self, name: str) -> Any:
        if not name.isidentifier():
            raise ValueError(f"bad pragma name {name!r}")
        return await self._writer.run(
            lambda db: db.exec_driver_sql(f"PRAGMA {name}").scalar(), None)

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        if self._reader is not self._writer:
            await self._reader.close()
        await self._writer.close()


# -- PostgreSQL --------------------------------------------------------------------------
class PgBackend:
    dialect = "postgresql"
    shared = True

    def __init__(self, url: str) -> None:
        parsed = make_url(url).set(drivername="postgresql+asyncpg")
        self.where = parsed.render_as_string(hide_password=True)
        self._engine: AsyncEngine = create_async_engine(
            parsed, pool_size=PG_POOL_SIZE, max_overflow=0,
            connect_args={"prepared_statement_cache_size": 500})
        self._autocommit = self._engine.execution_options(isolation_level="AUTOCOMMIT")

    async def write(self, work: Callable[[Connection], T], durable: bool = True) -> T:
        async with self._engine.begin() as db:
            if not durable:
                await db.exec_driver_sql("SET LOCAL synchronous_commit = off")
            return await db.run_sync(work)

    async def read(self, work: Callable[[Connection], T], snapshot: bool = False) -> T:
        if not snapshot:
            async with self._autocommit.connect() as db:
                return await db.run_sync(work)
        async with self._engine.connect() as db:
            await db.execution_options(isolation_level="REPEATABLE READ",
                                       postgresql_readonly=True)
            async with db.begin():
                return await db.run_sync(work)

    async def vacuum(self) -> None:
        """Nothing to compact by hand (autovacuum does it)."""

    async def pragma(self, name: str) -> Any:
        raise NotImplementedError("PRAGMA is SQLite's")

    async def close(self) -> None:
        await self._engine.dispose()


