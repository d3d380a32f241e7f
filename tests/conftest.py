"""Fixtures for every test: CPU work in threads, and the storage back ends."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.core import cpu

#: A hung test stops the run with every stack instead of stalling it (tests/hangguard.py).
pytest_plugins = ("tests.hangguard",)

#: A PostgreSQL database the storage tests may empty and fill (``.ci/run`` starts one).
PG_URL_ENV = "ESTANCIA_TEST_DATABASE_URL"
_PG_SKIPPED: list[str] = []


@pytest.fixture(autouse=True)
def cpu_work_in_threads() -> Iterator[None]:
    """CPU work runs in a thread of the test process, where test games registered at run
    time and monkeypatched renderers are seen (tests/bot/test_cpu.py starts real worker
    processes). A bot process started by a test uses its own pool, as in production."""
    cpu.configure(0)
    yield
    cpu.configure(None)


async def open_backend(backend: str, folder: Path) -> Any:
    """A fresh, empty store on ``backend`` ("sqlite": a file in ``folder``; "postgres":
    the database at $ESTANCIA_TEST_DATABASE_URL, emptied first). Skips when PostgreSQL
    is not configured here."""
    if backend == "sqlite":
        from bot.storage.sqlite import Store

        return await Store.open(folder / "estancia.sqlite3")
    url = os.environ.get(PG_URL_ENV)
    if not url:
        _PG_SKIPPED.append(backend)
        pytest.skip(f"PostgreSQL suite: ${PG_URL_ENV} is not set")
    import asyncpg

    from bot.storage.postgres import PgStore

    conn = await asyncpg.connect(url)
    try:
        await conn.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public;")
    finally:
        await conn.close()
    return await PgStore.open(url)


@pytest.fixture(params=["sqlite", "postgres"])
async def any_store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Any]:
    """The storage tests run on both back ends."""
    store = await open_backend(request.param, tmp_path)
    yield store
    await store.close()


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if _PG_SKIPPED:
        terminalreporter.write_line(
            f"PostgreSQL suite skipped ({len(_PG_SKIPPED)} tests): ${PG_URL_ENV} is not set "
            "(.ci/run starts a PostgreSQL server and sets it).")
