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


async def test_a_whole_solo_game_by_taps(
        table: Table, fake: FakeDiscord, alice: FakeMember) -> None:
    """Issue 10: a whole solo game against Pedro by taps only — his turn announced after
    yours, every panel within Discord's limits, the final score at the end (a game lost to
    him has no winner)."""
    import random

    from tests.discord.scenario import pick, posted_message

    await table.slash(alice, "new", game="gwt-argentina", options="difficulty=easy")
    posts = await table.deliver()
    message = posted_message(fake, posts[-1])
    info = await table.sessions.info(fake.channel_id())
    rng = random.Random(3)
    clicks = 0
    seen: list[str] = [message["content"]]
    while (info := await table.sessions.info_by_id(info.id)).status == "active":
        reply = await table.click(alice, message, f"est:turn:{info.id}")
        while reply.message["components"] and clicks < 6000:
            assert len(reply.text) <= 2000
            for row in reply.message["components"]:
                assert len(row["components"]) <= 5
                for component in row["components"]:
                    assert len(component.get("label") or "") <= 80
                    assert len(component.get("options") or []) <= 25
            custom_id, values = pick(reply.message, rng)
            reply = await table.click(alice, reply.message, custom_id, values)
            clicks += 1
        assert clicks < 6000, "the game did not end"
        posts = await table.deliver()
        for post in posts:
            seen.append(posted_message(fake, post)["content"])
        if posts:
            message = posted_message(fake, posts[-1])
    assert info.status == "finished"
    assert any("Pedro draws his card #" in text for text in seen)
    assert "Final scores:" in message["content"] and {
        c["custom_id"].split(":")[1] for row in message["components"]
        for c in row["components"]} <= {"part"}  # the final board's parts, no "Your turn"
