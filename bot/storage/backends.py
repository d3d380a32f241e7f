"""How the store's transactions reach each database. A transaction is a generator of
compiled statements (:mod:`bot.storage.compiled`), the same on both back ends; the rare
work that needs SQLAlchemy itself — the upgrade at open (Alembic), ``estancia db check``
— gets a SQLAlchemy :class:`~sqlalchemy.engine.Connection` through :meth:`sa_write` and
:meth:`sa_read`.

* :class:`SqliteBackend`: two aiosqlite connections (a writer and a reader, WAL). A
  transaction runs whole in its connection's aiosqlite thread on the raw sqlite3
  connection: one hand-over from the event loop per transaction. Writes are ``BEGIN
  IMMEDIATE`` … ``COMMIT`` on the one writer, in the order asked.
* :class:`PgBackend`: an asyncpg pool; a transaction awaits its statements one by one on
  one connection. A read of one statement is one round trip (no BEGIN).
"""

from __future__ import annotations

import sqlite3
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol, TypeVar

import aiosqlite
import asyncpg
from sqlalchemy import Connection, Engine, create_engine
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import create_async_engine
from sqlalchemy.pool import NullPool, StaticPool

from bot.storage.compiled import Body, Query, Result, drive

T = TypeVar("T")

#: Connections of one process to PostgreSQL.
PG_POOL_SIZE = 10
#: What a unique constraint's violation raises, by driver (the message names it).
UNIQUE_VIOLATIONS: tuple[type[Exception], ...] = (sqlite3.IntegrityError,
                                                  asyncpg.UniqueViolationError)


class Backend(Protocol):
    #: SQLAlchemy's dialect name: ``sqlite`` or ``postgresql``.
    dialect: str
    #: Several bot processes may share the database (then rows are claimed).
    shared: bool
    #: The file or the URL (without its password), for messages.
    where: str

    async def write(self, body: Body[T], durable: bool = True) -> T:
        """``body`` as one transaction (rolled back if it raises)."""

    async def read(self, body: Body[T], snapshot: bool = False) -> T:
        """``body`` on a reader (``snapshot``: its statements see one consistent state)."""

    async def fetch(self, query: Query) -> Result:
        """One reading statement, outside any transaction."""

    async def sa_write(self, work: Callable[[Connection], T]) -> T:
        """``work`` on a SQLAlchemy connection, in one transaction."""

    async def sa_read(self, work: Callable[[Connection], T], snapshot: bool = False) -> T: ...

    async def vacuum(self) -> None: ...

    async def pragma(self, name: str) -> Any: ...

    async def close(self) -> None: ...


async def connect(target: str) -> Backend:
    """The back end for a ``postgresql://`` URL, else for a SQLite file path."""
    if target.startswith(("postgresql:", "postgres:", "postgresql+asyncpg:")):
        return await PgBackend.open(target)
    return await SqliteBackend.open(target)


# -- SQLite ------------------------------------------------------------------------------
def pack_for_migration(text: str | bytes | None) -> bytes | None:
    """``estancia_pack(state)`` for the SQL of a database older than schema 3 (see
    :mod:`bot.storage.legacy`)."""
    if text is None or isinstance(text, bytes):
        return text
    return zlib.compress(text.encode(), 6)


def _sqlite_execute(raw: sqlite3.Connection, query: Query) -> Result:
    """One compiled statement on a sqlite3 connection (in its thread)."""
    if query.many:
        if not query.params:
            return Result([], 0)
        plan = query.sql.plan("sqlite", query.params[0])
        args = plan.args
        cursor = raw.executemany(plan.text, [args(p) for p in query.params])
        return Result([], cursor.rowcount)
    plan = query.sql.plan("sqlite", query.params)
    cursor = raw.execute(plan.text, plan.args(query.params))
    if cursor.description is None:
        return Result([], cursor.rowcount)
    found = cursor.fetchall()
    return Result(plan.rows((d[0] for d in cursor.description), found), cursor.rowcount)


class _Link:
    """One aiosqlite connection: its raw sqlite3 connection is used only in its thread."""

    def __init__(self, path: str, writer: bool) -> None:
        self.raw: sqlite3.Connection | None = None
        self.writer = writer
        self.conn = aiosqlite.Connection(lambda: self._connect(path), iter_chunk_size=64)
        # A store left open (a test that failed, a crash) must not keep the process alive.
        self.conn._thread.daemon = True
        self._engine: Engine | None = None
        self._sa: Connection | None = None

    def _connect(self, path: str) -> sqlite3.Connection:
        """In the aiosqlite thread: autocommit mode (transactions are explicit)."""
        raw = sqlite3.connect(path, isolation_level=None, check_same_thread=False,
                              cached_statements=256)
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
        return raw

    async def start(self) -> None:
        await self.conn

    def _run(self, body: Body[T], begin: str | None) -> T:
        """In the aiosqlite thread: ``body`` in a transaction opened with ``begin`` (None:
        each statement on its own)."""
        raw = self.raw
        assert raw is not None
        if begin is None:
            return drive(body, lambda query: _sqlite_execute(raw, query))
        raw.execute(begin)
        try:
            result = drive(body, lambda query: _sqlite_execute(raw, query))
        except BaseException:
            raw.execute("ROLLBACK")
            raise
        raw.execute("COMMIT" if self.writer else "ROLLBACK")  # a read snapshot wrote nothing
        return result

    async def run(self, body: Body[T], begin: str | None) -> T:
        # aiosqlite's own methods hand their work to its thread this way
        return await self.conn._execute(self._run, body, begin)

    async def fetch(self, query: Query) -> Result:
        raw = self.raw
        assert raw is not None
        return await self.conn._execute(_sqlite_execute, raw, query)

    def _run_sa(self, work: Callable[[Connection], T], begin: str | None) -> T:
        """In the aiosqlite thread: ``work`` on SQLAlchemy's Core over the raw connection."""
        if self._sa is None:
            raw = self.raw
            self._engine = create_engine("sqlite://", creator=lambda: raw,
                                         poolclass=StaticPool)
            self._sa = self._engine.connect()
        db = self._sa
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
            db.rollback()
        return result

    async def run_sa(self, work: Callable[[Connection], T], begin: str | None) -> T:
        return await self.conn._execute(self._run_sa, work, begin)

    def _close(self) -> None:
        if self._sa is not None:
            self._sa.close()
            self._sa = None

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

    async def write(self, body: Body[T], durable: bool = True) -> T:
        return await self._writer.run(body, "BEGIN IMMEDIATE")

    async def read(self, body: Body[T], snapshot: bool = False) -> T:
        if self._reader is self._writer:
            return await self._writer.run(body, None)
        return await self._reader.run(body, "BEGIN" if snapshot else None)

    async def fetch(self, query: Query) -> Result:
        return await self._reader.fetch(query)

    async def sa_write(self, work: Callable[[Connection], T]) -> T:
        return await self._writer.run_sa(work, "BEGIN IMMEDIATE")

    async def sa_read(self, work: Callable[[Connection], T], snapshot: bool = False) -> T:
        if self._reader is self._writer:
            return await self._writer.run_sa(work, None)
        return await self._reader.run_sa(work, "BEGIN" if snapshot else None)

    async def vacuum(self) -> None:
        if self.where != ":memory:":
            await self._writer.run_sa(lambda db: db.exec_driver_sql("VACUUM"), None)

    async def pragma(self, name: str) -> Any:
        if not name.isidentifier():
            raise ValueError(f"bad pragma name {name!r}")
        return await self._writer.run_sa(
            lambda db: db.exec_driver_sql(f"PRAGMA {name}").scalar(), None)

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        if self._reader is not self._writer:
            await self._reader.close()
        await self._writer.close()


# -- PostgreSQL --------------------------------------------------------------------------
def _count(status: str) -> int:
    """Rows touched, from asyncpg's command status ("UPDATE 1")."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else -1


async def _pg_execute(conn: Any, query: Query) -> Result:
    """One compiled statement on an asyncpg connection (or pool)."""
    if query.many:
        if not query.params:
            return Result([], 0)
        plan = query.sql.plan("postgresql", query.params[0])
        args = plan.args
        await conn.executemany(plan.text, [args(p) for p in query.params])
        return Result([], len(query.params))
    plan = query.sql.plan("postgresql", query.params)
    if not plan.returns_rows:
        return Result([], _count(await conn.execute(plan.text, *plan.args(query.params))))
    found = await conn.fetch(plan.text, *plan.args(query.params))
    return Result(plan.rows(found[0].keys(), found) if found else [], len(found))


async def _pg_drive(body: Body[T], conn: Any) -> T:
    try:
        query = next(body)
        while True:
            query = body.send(await _pg_execute(conn, query))
    except StopIteration as done:
        return done.value
    finally:
        body.close()


class PgBackend:
    dialect = "postgresql"
    shared = True

    def __init__(self, url: str, pool: asyncpg.Pool) -> None:
        parsed = make_url(url).set(drivername="postgresql+asyncpg")
        self.where = parsed.render_as_string(hide_password=True)
        self._url = parsed
        self._pool = pool

    @classmethod
    async def open(cls, url: str) -> PgBackend:
        dsn = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
        pool = await asyncpg.create_pool(dsn, min_size=1, max_size=PG_POOL_SIZE,
                                         statement_cache_size=500)
        return cls(url, pool)

    async def write(self, body: Body[T], durable: bool = True) -> T:
        async with self._pool.acquire() as conn, conn.transaction():
            if not durable:
                await conn.execute("SET LOCAL synchronous_commit = off")
            return await _pg_drive(body, conn)

    async def read(self, body: Body[T], snapshot: bool = False) -> T:
        async with self._pool.acquire() as conn:
            if not snapshot:
                return await _pg_drive(body, conn)
            async with conn.transaction(isolation="repeatable_read", readonly=True):
                return await _pg_drive(body, conn)

    async def fetch(self, query: Query) -> Result:
        return await _pg_execute(self._pool, query)

    async def _sa(self, work: Callable[[Connection], T], isolation: str | None,
                  write: bool) -> T:
        """``work`` on a SQLAlchemy connection of its own (opened for it, then closed)."""
        engine = create_async_engine(self._url, poolclass=NullPool)
        try:
            async with engine.connect() as db:
                if isolation is not None:
                    await db.execution_options(isolation_level=isolation,
                                               postgresql_readonly=not write)
                async with db.begin():
                    return await db.run_sync(work)
        finally:
            await engine.dispose()

    async def sa_write(self, work: Callable[[Connection], T]) -> T:
        return await self._sa(work, None, write=True)

    async def sa_read(self, work: Callable[[Connection], T], snapshot: bool = False) -> T:
        return await self._sa(work, "REPEATABLE READ" if snapshot else None, write=False)

    async def vacuum(self) -> None:
        """Nothing to compact by hand (autovacuum does it)."""

    async def pragma(self, name: str) -> Any:
        raise NotImplementedError("PRAGMA is SQLite's")

    async def close(self) -> None:
        await self._pool.close()
