"""/estancia new with a solo game's option (an automa's difficulty) starts at once."""

from __future__ import annotations

import pytest

import games
from tests.discord.fakediscord import FakeDiscord, FakeMember
from tests.discord.harness import Table


@pytest.fixture(autouse=True)
def gwt_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(games.GAME_MODULES, "gwt-argentina", "games.gwt_argentina")


async def test_a_difficulty_starts_a_solo_game_without_a_lobby(
        table: Table, fake: FakeDiscord, alice: FakeMember) -> None:
    reply = await table.slash(alice, "new", game="gwt-argentina", options="difficulty=expert")
    assert reply.ephemeral
    assert reply.text.startswith("Your solo game of **Great Western Trail: Argentina** has "
                                 "started")
    info = await table.sessions.info(fake.channel_id())
    assert info.status == "active" and [s.user_id for s in info.seats] == [alice.user.id]
    assert info.options["difficulty"] == "expert"
    lobby, start = await table.deliver()
    assert lobby.custom_ids == []  # no Join / Start buttons: nobody else can sit
    assert f"<@{alice.user.id}>" in start.body["content"]


async def test_without_a_difficulty_it_is_a_lobby_as_usual(
        table: Table, fake: FakeDiscord, alice: FakeMember) -> None:
    reply = await table.slash(alice, "new", game="gwt-argentina")
    assert reply.text.startswith("Lobby open for **Great Western Trail: Argentina**")
    assert (await table.sessions.info(fake.channel_id())).status == "lobby"
