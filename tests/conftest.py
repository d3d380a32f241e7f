"""Fixtures for every test: CPU work in threads, and the storage back ends."""

from __future__ import annotations

import asyncio
import dataclasses
import gc
import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pytest

from bot.core import cpu
from bot.storage.store import Store
from games import ai

#: A hung test stops the run with every stack instead of stalling it (tests/hangguard.py).
pytest_plugins = ("tests.hangguard",)

#: A PostgreSQL database the storage tests may empty and fill (``.ci/run`` starts one).
PG_URL_ENV = "ESTANCIA_TEST_DATABASE_URL"
#: The reason PostgreSQL tests give when they are skipped (counted in the summary).
PG_SKIP_REASON = f"PostgreSQL suite: ${PG_URL_ENV} is not set"


#: The cyclic garbage collector's thresholds in the test processes: Python's (700, 10, 10)
#: start a collection every 700 allocations, and the tests' whole games allocate states by
#: the million (tests/games: 19.9 s of 381 s of CPU in collections; 7.2 s with these).
GC_THRESHOLDS = (10_000, 20, 50)


def pytest_configure(config: pytest.Config) -> None:
    """The collector's :data:`GC_THRESHOLDS`. Under pytest-xdist (``make test`` runs on
    every core) each worker empties and fills a PostgreSQL database of its own,
    ``<name>_gw0``, ``<name>_gw1``…, made here when missing: two workers never share one."""
    gc.set_threshold(*GC_THRESHOLDS)
    worker, url = os.environ.get("PYTEST_XDIST_WORKER"), os.environ.get(PG_URL_ENV)
    if worker and url:
        os.environ[PG_URL_ENV] = asyncio.run(worker_database(url, worker))


async def worker_database(url: str, worker: str) -> str:
    """The URL of ``url``'s database suffixed with ``worker``, created if it is missing
    (the test role may create databases: ``.ci/postgres`` gives it CREATEDB)."""
    import asyncpg

    parts = urlsplit(url)
    name = f"{parts.path.lstrip('/') or 'postgres'}_{worker}"
    conn = await asyncpg.connect(url)
    try:
        if not await conn.fetchval("SELECT 1 FROM pg_database WHERE datname = $1", name):
            try:
                await conn.execute(f'CREATE DATABASE "{name}"')
            except asyncpg.DuplicateDatabaseError:
                pass  # made by a run beside this one
    finally:
        await conn.close()
    return urlunsplit(parts._replace(path=f"/{name}"))


@pytest.fixture(autouse=True)
def cpu_work_in_threads() -> Iterator[None]:
    """CPU work runs in a thread of the test process, where test games registered at run
    time and monkeypatched renderers are seen (tests/bot/core/test_cpu.py starts real worker
    processes). A bot process started by a test uses its own pool, as in production."""
    cpu.configure(0)
    yield
    cpu.configure(None)


#: How long a computer thinks in tests about what surrounds its play (panels, the terminal,
#: storage, whole games driven to their end), rather than about its play: one world and a
#: dozen engine steps, where a decision of the shipped levels takes hundreds. Each level
#: keeps its temperature (easy still draws among the good options).
QUICK_STEPS = 12


@pytest.fixture
def quick_computers(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every game's computer levels think :data:`QUICK_STEPS` engine steps in one world
    (and never search again with more)."""
    for name, levels in list(ai.BUDGETS.items()):
        monkeypatch.setitem(ai.BUDGETS, name, {
            level: dataclasses.replace(budget, worlds=1, steps=QUICK_STEPS, extend=0)
            for level, budget in levels.items()})


#: Every test that touches storage runs on both back ends …
BACKENDS = ("sqlite", "postgres")
#: … in ``make soak``. In ``make test`` the PostgreSQL variant runs where the subject is
#: storage itself — the store and its migrations, several processes on one database,
#: ``kill -9`` and restarts, simultaneous clicks, a release's database upgraded (the
#: ``kill -9`` runs in a row once, on SQLite, whose files a kill can tear). Elsewhere
#: (sessions, the Discord layer, faults of Discord) the same store runs the same statements
#: compiled for the other dialect, so ``make test`` runs those on SQLite only.
POSTGRES_IN_EVERY_RUN = (
    "tests/bot/storage/",
    "tests/e2e/test_crash.py::test_kill_9_as_the_lobby_opens_and_as_the_game_starts",
    "tests/e2e/test_processes.py",
    "tests/e2e/test_restart.py",
    "tests/e2e/test_races.py",
    "tests/e2e/test_notice_kill.py",
    "tests/discord/test_release_upgrade.py",
)


#: Variants that take the path another variant takes, left to ``make soak``: Ctrl-C and
#: SIGTERM reach the one stop handler (``bot/discord_ui/client.py``, ``_serve``), and the
#: store's part of a restart does not depend on the signal, so every run stops the SQLite
#: bot with Ctrl-C and the PostgreSQL one with SIGTERM (both signals, both back ends).
SOAK_ONLY = tuple(
    f"tests/e2e/test_restart.py::test_the_game_and_its_old_buttons_survive_a_restart[{v}]"
    for v in ("sqlite-sigterm", "postgres-ctrl-c"))


#: The tests that take longest (whole games with every check, bot processes started and
#: killed): run first, so that parallel workers share them out and none is left running
#: one alone at the end (`make test` runs on every core, workers stealing queued tests).
LONGEST_FIRST = (
    "tests/games/test_contract.py",
    "tests/games/test_ai_circles.py",
    "tests/renderer/test_palettes.py",
    "tests/e2e/",
    "tests/games/test_old_states.py",
)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The PostgreSQL variants outside :data:`POSTGRES_IN_EVERY_RUN` and the
    :data:`SOAK_ONLY` ones belong to the soak (marked before ``-m 'not soak'`` deselects);
    the longest tests go first."""
    for item in items:
        params = getattr(getattr(item, "callspec", None), "params", {})
        if params.get("backend") == "postgres" and not item.nodeid.startswith(
                POSTGRES_IN_EVERY_RUN):
            item.add_marker(pytest.mark.soak)
        if item.nodeid in SOAK_ONLY:
            item.add_marker(pytest.mark.soak)
    items.sort(key=lambda item: not item.nodeid.startswith(LONGEST_FIRST))


def postgres_url() -> str:
    """The test database's URL, or skip (with the reason) when there is none."""
    url = os.environ.get(PG_URL_ENV)
    if not url:
        pytest.skip(PG_SKIP_REASON)
    return url


async def empty_postgres(url: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        await conn.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public;")
    finally:
        await conn.close()


async def backend_target(backend: str, folder: Path) -> str:
    """Where a fresh, empty database on ``backend`` is: a SQLite file in ``folder``, or
    the database at $ESTANCIA_TEST_DATABASE_URL, emptied first (skips when PostgreSQL is
    not configured here)."""
    if backend == "sqlite":
        return str(folder / "estancia.sqlite3")
    url = postgres_url()
    await empty_postgres(url)
    return url


async def open_backend(backend: str, folder: Path) -> Store:
    """A fresh, empty store on ``backend`` (see :func:`backend_target`)."""
    return await Store.open(await backend_target(backend, folder))


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return request.param


@pytest.fixture
async def db_target(backend: str, tmp_path: Path) -> str:
    """A fresh database on each back end: a SQLite path or a PostgreSQL URL (the same
    target reopened is the same database: a restart)."""
    return await backend_target(backend, tmp_path)


@pytest.fixture
async def any_store(db_target: str) -> AsyncIterator[Store]:
    """A fresh store, on each back end."""
    store = await Store.open(db_target)
    yield store
    await store.close()


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Say plainly when the PostgreSQL half of the storage tests did not run (the skips
    are counted from the reports, which also come back from xdist workers)."""
    skipped = [r for r in terminalreporter.stats.get("skipped", [])
               if PG_SKIP_REASON in str(getattr(r, "longrepr", ""))]
    if skipped:
        terminalreporter.write_line(
            f"PostgreSQL suite skipped ({len(skipped)} tests): ${PG_URL_ENV} is not set "
            "(.ci/run starts a PostgreSQL server and sets it).")
