"""Fixtures: a fake Discord per test and the real bot process against it."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from testkit.e2e import dbcheck
from testkit.e2e.fake import E2EFakeDiscord
from testkit.e2e.launcher import BotProcess
from testkit.e2e.scenario import WAIT


@pytest.fixture
async def fake() -> AsyncIterator[E2EFakeDiscord]:
    async with E2EFakeDiscord() as server:
        try:
            yield server
        finally:
            server.release_all()  # a held request must not keep the server from closing


BotFactory = Callable[..., Awaitable[BotProcess]]


@pytest.fixture
async def start_bot(fake: E2EFakeDiscord, tmp_path: Path,
                    db_target: str) -> AsyncIterator[BotFactory]:
    """``await start_bot(TURN_TIMEOUT_HOURS="0.01")`` starts the bot process, on each back
    end (a SQLite file of its own, or the test PostgreSQL database, emptied first); every
    process started here is killed at teardown, whatever happened."""
    started: list[BotProcess] = []
    # On PostgreSQL a process killed while it held claims leaves them to a restarted one
    # once their lease is over (90 s in production): short here, as in test_processes.
    database = ({"DATABASE_URL": db_target, "ESTANCIA_CLAIM_SECONDS": "5"}
                if dbcheck.is_postgres(db_target) else {})

    async def start(**env: str) -> BotProcess:
        bot = BotProcess(fake, tmp_path / f"bot{len(started)}", {**database, **env})
        started.append(bot)
        await bot.start()
        return bot

    try:
        yield start
    finally:
        for bot in started:
            await bot.close()


@pytest.fixture
def pasture_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Pasture test game (tests/discord) in this process's registries."""
    import games
    import renderer
    from tests.discord import pasture

    monkeypatch.setitem(games.GAME_MODULES, pasture.NAME, "tests.discord.pasture")
    monkeypatch.setitem(renderer.RENDERERS, pasture.NAME, "tests.discord.pasture")


@pytest.fixture
async def client_table(fake: E2EFakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                       pasture_registered: None, db_target: str) -> AsyncIterator[Any]:
    """The real client object in this process (tests/discord's Table), its outbox
    deliverer running, for thousands of interactions without process starts; on each
    back end."""
    import asyncio

    from bot.settings import Settings
    from testkit.harness import Table

    fake.patch_discord_py(monkeypatch)
    settings = Settings(_env_file=None, estancia_db=tmp_path / "inprocess.sqlite3",
                        turn_timeout_hours=0, dev_guild_id=None)
    table = await Table(fake, settings, db_target).open()
    deliverer = asyncio.create_task(table.bot.outbox.run())
    try:
        yield table
    finally:
        deliverer.cancel()
        # A hang guard: a deliverer that does not stop when cancelled (it once went on
        # forever when cancelled the instant it was woken) fails here, not hangs.
        stopped, _ = await asyncio.wait([deliverer], timeout=WAIT)
        await table.close()
        assert stopped, f"the outbox deliverer did not stop within {WAIT:.0f} s of cancel()"
