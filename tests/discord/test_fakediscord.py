"""The fake Discord itself, driven by a plain discord.py client (no Estancia code)."""

from __future__ import annotations

import asyncio
import io

import discord
import pytest

from testkit.fakediscord import FakeDiscord


async def test_gateway_startup_fills_the_cache_and_dispatches_interactions(fake: FakeDiscord) -> None:
    alice = fake.add_member("alice")
    client = discord.Client(intents=discord.Intents.default(), guild_ready_timeout=0.05)
    ready = asyncio.Event()
    seen: list[discord.Interaction] = []
    interacted = asyncio.Event()

    @client.event
    async def on_ready() -> None:
        ready.set()

    @client.event
    async def on_interaction(interaction: discord.Interaction) -> None:
        seen.append(interaction)
        interacted.set()

    runner = asyncio.create_task(client.start("secret-token"))
    try:
        await asyncio.wait_for(ready.wait(), 10)
        assert fake.identifies[0]["token"] == "secret-token"
        assert fake.heartbeats >= 1
        guild = client.get_guild(fake.guild.id)
        assert guild is not None and guild.name == "Ranch"
        assert guild.me.id == fake.bot_user.id  # no members intent: only the bot is cached
        assert {c.name for c in guild.text_channels} == {"ranch", "corral"}
        await fake.dispatch("INTERACTION_CREATE", fake.slash(alice, "ping"))
        await asyncio.wait_for(interacted.wait(), 10)
        assert isinstance(seen[0].channel, discord.TextChannel)
        assert seen[0].guild.name == "Ranch"
    finally:
        await client.close()
        await runner


async def test_multipart_messages_are_recorded_with_their_files(fake: FakeDiscord) -> None:
    client = discord.Client(intents=discord.Intents.default())
    await client.login("t")
    try:
        channel = await client.fetch_channel(fake.channel_id())
        png = b"\x89PNG\r\n\x1a\n" + b"0" * 100
        sent = await channel.send("hello <@1>", file=discord.File(io.BytesIO(png), "board.png"),
                                  allowed_mentions=discord.AllowedMentions(users=[discord.Object(1)]))
        post = fake.channel_posts(fake.channel_id())[-1]
        assert post.body["content"] == "hello <@1>"
        assert post.body["allowed_mentions"]["users"] == [1]
        assert [(f.filename, f.size, f.is_png) for f in post.files] == [("board.png", 108, True)]
        assert sent.attachments[0].filename == "board.png"
    finally:
        await client.close()


async def test_injected_faults_reach_the_client(fake: FakeDiscord) -> None:
    client = discord.Client(intents=discord.Intents.default())
    await client.login("t")
    try:
        channel = await client.fetch_channel(fake.channel_id())
        fake.inject("POST", r"/messages$", status=503)
        with pytest.raises(discord.DiscordServerError):
            await channel.send("x")
        fake.inject("POST", r"/messages$", status=429, retry_after=0.01)
        await channel.send("after a short rate limit")
        assert [c.status for c in fake.find("POST", r"/messages$")] == [503, 429, 200]
    finally:
        await client.close()


async def test_a_dropped_connection_resumes_or_identifies_again(fake: FakeDiscord) -> None:
    client = discord.Client(intents=discord.Intents(guilds=True), guild_ready_timeout=0.05)

    async def identify_at_once(shard_id: int | None, *, initial: bool = False) -> None:
        """discord.py waits 5 s before every IDENTIFY but the first one."""

    client.before_identify_hook = identify_at_once  # type: ignore[method-assign]
    runner = asyncio.create_task(client.start("t"))
    try:
        await fake.wait_for(lambda: fake.identifies and fake.connected)
        await fake.drop_connections()
        await fake.wait_for(lambda: len(fake.resumes) == 1 and fake.connected)
        assert len(fake.identifies) == 1  # resumed: same session, no new IDENTIFY

        fake.session_id = "a-new-session"  # the old one is gone: RESUME is refused
        await fake.drop_connections()
        await fake.wait_for(lambda: len(fake.identifies) == 2 and fake.connected)
        assert len(fake.resumes) == 2
    finally:
        await client.close()
        await runner
