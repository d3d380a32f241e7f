from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

import games
import renderer
from bot.core.sessions import Sessions
from bot.settings import Settings
from bot.storage.store import Store
from testkit.clock import FakeClock
from tests.bot import toygame

ALICE, BOB, CAROL, MOD = 101, 102, 103, 999
CHANNEL = 5000
GUILD = 77


@pytest.fixture(autouse=True)
def toy_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(games.GAME_MODULES, toygame.NAME, "tests.bot.toygame")
    monkeypatch.setitem(renderer.RENDERERS, toygame.NAME, "tests.bot.toygame")


@pytest.fixture
def settings() -> Settings:
    return Settings(_env_file=None, turn_timeout_hours=24, reminders="12,2",
                    timeout_policy="computer")


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def db_path(db_target: str) -> str:
    """The database of the test, on each back end: a SQLite file or a PostgreSQL URL."""
    return db_target


@pytest.fixture
def sqlite_path(tmp_path: Path) -> Path:
    """A SQLite file, for what only SQLite has."""
    return tmp_path / "estancia.sqlite3"


@pytest.fixture
async def store(db_path: str) -> AsyncIterator[Store]:
    """The store of the sessions suite: every test that takes it runs on SQLite and on
    PostgreSQL."""
    store = await Store.open(db_path)
    yield store
    await store.close()


@pytest.fixture
async def sessions(store: Store, settings: Settings, clock: FakeClock) -> AsyncIterator[Sessions]:
    sessions = Sessions(store, settings, clock=clock, seed_source=lambda: 1234)
    yield sessions
    await sessions.close()
