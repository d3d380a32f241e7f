"""Playing through the "Your turn" button and the private panel; the turn announcements."""

from __future__ import annotations

import random

import pytest

from bot.discord_ui import layout
from testkit.fakediscord import EPHEMERAL, IS_COMPONENTS_V2, FakeDiscord, FakeMember
from testkit.harness import Table
from testkit.scenario import action_rows, play_to_the_end, started_game, tap, to_move
from tests.discord.pasture import CELLS


async def test_start_posts_the_board_and_pings_only_the_player_to_move(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember) -> None:
    await table.slash(alice, "new", game="pasture")
    await table.slash(bob, "join")
    await table.deliver()
    await table.slash(alice, "start")
    (post,) = await table.deliver()

    info = await table.sessions.info(fake.channel_id())
    mover = info.seats[info.to_move].user_id
    assert f"<@{mover}>" in post.body["content"]
    assert post.body["allowed_mentions"] == {"parse": [], "users": [mover]}
    (board,) = post.files
    assert board.is_png and board.filename == f"estancia-{info.id}-{info.version}.png"
    assert post.custom_ids == [f"est:turn:{info.id}"]


async def test_your_turn_opens_a_private_panel_of_grouped_options(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember) -> None:
    game_id, turn_message = await started_game(table, alice, bob)
    info = await table.sessions.info_by_id(game_id)
    mover = to_move(table, {alice.user.id: alice, bob.user.id: bob}, info)

    panel = await table.click(mover, turn_message, f"est:turn:{game_id}")
    assert panel.callback_type == 4 and panel.ephemeral  # answered at once
    assert "Claim a cell." in panel.text
    # 30 free cells: more than a classic message's 25 buttons, so the panel is a
    # Components V2 message holding a button for each, row by row: every cell is one tap
    assert panel.message["flags"] & IS_COMPONENTS_V2
    assert panel.custom_ids == [f"est:opt:{game_id}:{info.version}:{cell.lower()}"
                                for cell in CELLS] + [f"est:hint:{game_id}"]
    rows = action_rows(panel.message)
    assert [b["label"] for b in rows[-2]["components"]] == [f"Cell E{i}" for i in range(2, 7)]
    assert [b["label"] for b in rows[-1]["components"]] == ["Hint"]  # the computer's view

    claimed = await tap(table, mover, panel.message, "b3")
    assert claimed.callback_type == 7  # the same private panel is edited
    assert claimed.message["id"] == panel.message["id"] and claimed.ephemeral
    # the turn goes on in the same panel: fence or graze, as buttons
    assert "You chose **Cell B3**." in claimed.text
    assert claimed.custom_ids == [f"est:opt:{game_id}:{info.version + 1}:fence",
                                  f"est:opt:{game_id}:{info.version + 1}:graze",
                                  f"est:undo:{game_id}:{info.version + 1}",
                                  f"est:hint:{game_id}"]

    grazed = await table.click(mover, claimed.message, f"est:opt:{game_id}:{info.version + 1}:graze")
    assert "Your turn is over" in grazed.text and action_rows(grazed.message) == []

    (post,) = await table.deliver()
    other = bob if mover is alice else alice
    assert f"<@{other.user.id}>" in post.body["content"]
    assert "grazes B3" in post.body["content"]
    assert post.files[0].is_png
    assert post.body["allowed_mentions"]["users"] == [other.user.id]
    assert not post.flags & EPHEMERAL


async def test_a_whole_game_is_played_with_clicks_only(
        table: Table, alice: FakeMember, bob: FakeMember, monkeypatch: pytest.MonkeyPatch
        ) -> None:
    # Discord's V2 limit as if it were half: the first decisions (30 cells) then hold
    # some rows as buttons and the others in select menus
    monkeypatch.setattr(layout, "V2_COMPONENT_LIMIT", 20)
    game_id, shapes, last = await play_to_the_end(table, [alice, bob], "pasture",
                                                  random.Random(2))
    assert shapes == {"sel", "opt"}  # select menus and buttons all came up
    assert last["components"] == []  # the last message has no "Your turn" button
    assert "The pasture is full." in last["content"]
    assert last["attachments"][0]["filename"].endswith(".png")


@pytest.mark.parametrize("game", ["kuhlorado", "hazienda"])
async def test_a_real_game_is_played_to_the_end_with_clicks_only(
        table: Table, alice: FakeMember, bob: FakeMember, game: str) -> None:
    game_id, shapes, last = await play_to_the_end(table, [alice, bob], game, random.Random(7))
    info = await table.sessions.info_by_id(game_id)
    assert info.status == "finished"
    assert last["components"] == [] and last["attachments"]
    assert "Final scores: alice" in last["content"] and "it's your turn" not in last["content"]
