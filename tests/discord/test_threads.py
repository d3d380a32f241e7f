"""A thread per game: opened by /estancia new, played in, archived with a recap outside;
and the server rules (/estancia server) that keep a channel tidy."""

from __future__ import annotations

import io

from PIL import Image

from testkit.fakediscord import (
    MANAGE_GUILD,
    MEMBER_PERMISSIONS,
    THREAD_PERMISSIONS,
    FakeDiscord,
    FakeMember,
)
from testkit.harness import Table


async def test_new_opens_a_thread_and_the_game_lives_there(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember) -> None:
    channel = fake.channel_id()
    reply = await table.feed(fake.slash(alice, "estancia", "new", game="pasture",
                                        app_permissions=THREAD_PERMISSIONS))
    ((thread_id, thread),) = fake.threads.items()
    assert thread["parent_id"] == channel and thread["name"] == "Pasture — alice"
    assert reply.text.startswith(f"Lobby open in <#{thread_id}> for **Pasture**")
    info = await table.sessions.info(thread_id)
    assert info.parent_id == channel
    (lobby,) = await table.deliver()
    assert lobby.path == f"/channels/{thread_id}/messages"

    # a second game in the same channel gets a second thread: one channel, many games
    await table.feed(fake.slash(bob, "estancia", "new", game="pasture",
                                app_permissions=THREAD_PERMISSIONS))
    assert len(fake.threads) == 2


async def test_without_the_permission_the_game_is_played_in_the_channel_and_says_why(
        table: Table, fake: FakeDiscord, alice: FakeMember) -> None:
    reply = await table.slash(alice, "new", game="pasture")
    assert fake.threads == {}
    assert "It is played in this channel. With Create Public Threads" in reply.text
    assert (await table.sessions.info(fake.channel_id())).parent_id is None


async def test_bad_options_open_no_thread(table: Table, fake: FakeDiscord,
                                          alice: FakeMember) -> None:
    reply = await table.feed(fake.slash(alice, "estancia", "new", game="pasture",
                                        options="nonsense=1", app_permissions=THREAD_PERMISSIONS))
    assert reply.ephemeral and "Invalid options" in reply.text
    assert fake.threads == {}


async def test_the_end_posts_a_recap_in_the_channel_and_archives_the_thread(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember) -> None:
    channel = fake.channel_id()
    await table.feed(fake.slash(alice, "estancia", "new", game="pasture",
                                app_permissions=THREAD_PERMISSIONS))
    (thread_id,) = fake.threads
    await table.feed(fake.slash(bob, "estancia", "join", channel_id=thread_id))
    await table.feed(fake.slash(alice, "estancia", "start", channel_id=thread_id))
    info = await table.sessions.info(thread_id)
    while info.status == "active":
        user = info.user_to_move
        decision, _ = await table.sessions.decision_for(info.id, user)
        await table.sessions.play(info.id, user, decision.options[0].key, None)
        info = await table.sessions.info_by_id(info.id)
    posts = await table.deliver()

    final, recap = posts[-2:]
    assert final.path == f"/channels/{thread_id}/messages"
    assert [f.filename for f in final.files] == [f"estancia-{info.id}-{info.version}.png",
                                                 f"estancia-{info.id}-recap.png"]
    assert recap.path == f"/channels/{channel}/messages"
    assert recap.body["content"].startswith(f"The game in <#{thread_id}> is over. Final scores:")
    (image,) = recap.files
    assert Image.open(io.BytesIO(image.data)).width == 720
    assert fake.threads[thread_id]["archived"] is True


async def test_server_rules_are_shown_to_all_and_changed_by_managers(
        table: Table, fake: FakeDiscord, alice: FakeMember) -> None:
    shown = await table.slash(alice, "server")
    assert shown.ephemeral and shown.text.startswith("A game with no move for 14 days")
    refused = await table.slash(alice, "server", stale_days=3)
    assert refused.text == "Only someone who can manage this server can change that."
    admin = fake.add_member("admin", MEMBER_PERMISSIONS | MANAGE_GUILD)
    changed = await table.slash(admin, "server", stale_days=3, stale_policy="cancel")
    assert changed.text.startswith("A game with no move for 3 days gets one reminder; 24 h "
                                   "later the game is cancelled.")
