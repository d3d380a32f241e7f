from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

import games
import renderer
from bot.settings import Settings
from testkit.fakediscord import MANAGE_CHANNELS, MEMBER_PERMISSIONS, FakeDiscord, FakeMember
from testkit.harness import Table
from tests.discord import pasture


@pytest.fixture(autouse=True)
def pasture_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(games.GAME_MODULES, pasture.NAME, "tests.discord.pasture")
    monkeypatch.setitem(renderer.RENDERERS, pasture.NAME, "tests.discord.pasture")


@pytest.fixture
async def fake(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord() as server:
        server.patch_discord_py(monkeypatch)
        yield server


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(_env_file=None, estancia_db=tmp_path / "estancia.sqlite3",
                    turn_timeout_hours=24, reminders="12,2", timeout_policy="computer")


@pytest.fixture
async def table(fake: FakeDiscord, settings: Settings) -> AsyncIterator[Table]:
    table = await Table(fake, settings, settings.estancia_db).open()
    yield table
    await table.close()


@pytest.fixture
def alice(fake: FakeDiscord) -> FakeMember:
    return fake.add_member("alice")


@pytest.fixture
def bob(fake: FakeDiscord) -> FakeMember:
    return fake.add_member("bob")


@pytest.fixture
def carol(fake: FakeDiscord) -> FakeMember:
    return fake.add_member("carol")


@pytest.fixture
def moderator(fake: FakeDiscord) -> FakeMember:
    return fake.add_member("mod", MEMBER_PERMISSIONS | MANAGE_CHANNELS)
