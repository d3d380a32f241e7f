"""Start-up through the fake gateway: IDENTIFY, on_ready, the guild cache, live dispatch."""

from __future__ import annotations

import asyncio

import discord

from bot.discord_ui.client import EstanciaBot
from bot.settings import Settings
from testkit.fakediscord import FakeDiscord, FakeMember


async def test_the_bot_starts_connects_and_serves_a_command(
        fake: FakeDiscord, settings: Settings, alice: FakeMember, bob: FakeMember) -> None:
    bot = EstanciaBot(settings, guild_ready_timeout=0.05)
    runner = asyncio.create_task(bot.start("secret-token"))
    ready = asyncio.create_task(bot.wait_until_ready())
    try:
        await asyncio.wait({ready, runner}, timeout=10, return_when=asyncio.FIRST_COMPLETED)
        if runner.done():
            runner.result()  # start-up failed: show why
        assert ready.done()
        assert fake.identifies[0]["token"] == "secret-token"
        assert fake.identifies[0]["intents"] == discord.Intents(guilds=True).value
        assert not bot.intents.message_content and not bot.intents.members
        guild = bot.get_guild(fake.guild.id)
        assert guild is not None and guild.get_channel(fake.channel_id()).name == "ranch"
        assert [c["name"] for c in fake.commands["global"]] == ["estancia"]

        # an interaction over the websocket: the command answers and the outbox, woken
        # by the session layer, posts the lobby to the channel on its own
        await fake.dispatch("INTERACTION_CREATE", fake.slash(alice, "estancia", "new",
                                                             game="pasture"))
        await fake.wait_for(lambda: bool(fake.channel_posts(fake.channel_id())))
        (lobby,) = fake.channel_posts(fake.channel_id())
        assert "est:join:" in lobby.custom_ids[0]
        callbacks = fake.find("POST", r"^/interactions/\d+/[^/]+/callback$")
        assert [c.body["type"] for c in callbacks] == [5]

        # Discord drops the connection: the bot resumes its session and keeps serving
        await fake.drop_connections(code=4000)
        await fake.wait_for(lambda: fake.resumes and fake.connected)
        assert fake.resumes[0]["session_id"] == fake.session_id
        assert len(fake.identifies) == 1
        await fake.dispatch("INTERACTION_CREATE", fake.slash(bob, "estancia", "join"))
        await fake.wait_for(lambda: len(fake.channel_posts(fake.channel_id())) == 2)
        assert "bob joined" in fake.channel_posts(fake.channel_id())[-1].body["content"]
    finally:
        ready.cancel()
        await bot.close()
    await runner  # start() returns cleanly after close()
