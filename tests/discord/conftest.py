from __future__ import annotations

import pytest

from tests.discord.fakediscord import FakeDiscord


@pytest.fixture
async def fake(monkeypatch: pytest.MonkeyPatch) -> FakeDiscord:
    async with FakeDiscord() as server:
        server.patch_discord_py(monkeypatch)
        yield server
