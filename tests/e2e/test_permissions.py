"""Permissions, with the bits Discord puts in the interaction's member payload: only
seated players move; only the creator or someone with Manage Channels cancels or changes
the settings; only the creator starts."""

from __future__ import annotations

from testkit.e2e import dbcheck
from testkit.e2e.scenario import Player, client_deliver, turn_button_of, turn_posts
from testkit.e2e.tables import lobby_button, open_table, wait_drained
from testkit.fakediscord import MANAGE_CHANNELS, MEMBER_PERMISSIONS


async def refused(sent, table, before) -> None:
    await sent.wait_answered()
    assert sent.all_private and sent.last_text(), sent.texts()
    after = table.record()
    assert (after.status, after.version) == (before.status, before.version), sent.texts()


async def test_only_the_creator_or_manage_channels_cancel_or_change_settings(fake,
                                                                            client_table) -> None:
    deliver = client_deliver(client_table)
    table = await open_table(fake, client_table.db_path, deliver, "pasture",
                             names=("alice", "bob"))
    creator, seated = table.players.values()
    outsider = Player(fake, fake.add_member("carol"), deliver)
    moderator = Player(fake, fake.add_member("mod", MEMBER_PERMISSIONS | MANAGE_CHANNELS),
                       deliver)
    for player in (seated, outsider):
        before = table.record()
        await refused(await player.slash("cancel"), table, before)
        await refused(await player.slash("settings", timeout_hours=1.0), table, before)

    changed = await moderator.slash("settings", timeout_hours=2.0)
    await changed.wait_answered()
    assert changed.all_private and "2 h" in changed.last_text(), changed.texts()
    changed = await creator.slash("settings", timeout_hours=0.0)
    await changed.wait_answered()
    assert "off" in changed.last_text(), changed.texts()

    cancelled = await moderator.slash("cancel")
    await cancelled.wait_answered()
    assert table.record().status == "cancelled", cancelled.texts()

    again = await open_table(fake, client_table.db_path, deliver, "pasture", names=("dan", "eve"))
    own = next(iter(again.players.values()))
    cancelled = await own.slash("cancel")
    await cancelled.wait_answered()
    assert again.record().status == "cancelled", cancelled.texts()


async def test_only_seated_players_move_and_only_the_creator_starts(fake, client_table) -> None:
    deliver = client_deliver(client_table)
    channel = fake.channel_id()
    creator = Player(fake, fake.add_member("alice"), deliver)
    joiner = Player(fake, fake.add_member("bob"), deliver)
    outsider = Player(fake, fake.add_member("carol", MEMBER_PERMISSIONS | MANAGE_CHANNELS),
                      deliver)
    opened = await creator.slash("new", game="pasture")
    await opened.wait_answered()
    await wait_drained(client_table.db_path)
    lobby = fake.posts_in(channel)[-1]
    joined = await joiner.click(lobby, lobby_button(lobby, "join") or "")
    await joined.wait_answered()
    game_id = int((lobby_button(lobby, "join") or "").rsplit(":", 1)[1])
    before = dbcheck.read_game(client_table.db_path, game_id)
    for player in (joiner, outsider):
        start = await player.click(lobby, lobby_button(lobby, "start") or "")
        await start.wait_answered()
        assert start.all_private
        assert dbcheck.read_game(client_table.db_path, game_id).status == "lobby", start.texts()
    started = await creator.click(lobby, lobby_button(lobby, "start") or "")
    await started.wait_answered()
    await wait_drained(client_table.db_path)
    assert dbcheck.read_game(client_table.db_path, game_id).status == "active"
    assert before.status == "lobby"

    post = turn_posts(fake, channel)[-1]
    pressed = await outsider.click(post, turn_button_of(post) or "")  # Manage Channels ≠ a seat
    await pressed.wait_answered()
    assert pressed.all_private and pressed.last_text()
    assert not [c for s in pressed.shown() for c in s.custom_ids if c.startswith("est:")]
