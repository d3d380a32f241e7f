"""Slash commands around the lobby, and the public messages the outbox posts."""

from __future__ import annotations

from testkit.fakediscord import EPHEMERAL, FakeDiscord, FakeMember
from testkit.harness import Table


async def test_commands_are_synced_as_one_group(table: Table, fake: FakeDiscord) -> None:
    (command,) = fake.commands["global"]
    assert command["name"] == "estancia"
    # Servers and the bot's DMs (where only turns, notices and vacation run), never group DMs.
    assert command["contexts"] == [0, 1]
    subcommands = {option["name"] for option in command["options"]}
    assert {"new", "join", "leave", "start", "cancel", "board", "hand", "move", "undo", "log",
            "rules", "settings", "computer"} <= subcommands


async def test_new_opens_a_lobby_and_the_outbox_posts_it(table: Table, fake: FakeDiscord,
                                                         alice: FakeMember) -> None:
    reply = await table.slash(alice, "new", game="pasture")
    assert reply.callback_type == 5  # deferred first
    assert reply.ephemeral
    assert "Lobby open for **Pasture**" in reply.text

    (post,) = await table.deliver()
    assert post.path == f"/channels/{fake.channel_id()}/messages"
    game_id = (await table.sessions.info(fake.channel_id())).id
    assert post.custom_ids == [f"est:join:{game_id}", f"est:cpu:{game_id}", f"est:start:{game_id}"]
    assert not post.flags & EPHEMERAL
