"""A panel that only shows the game is its interaction's answer itself when it is ready in
time (one request to Discord); a slow one is deferred first, inside Discord's 3 seconds,
then edited in. A tap that plays is acknowledged before it plays (two instances during a
deploy both receive it: only the one that acknowledges it may play it)."""

from __future__ import annotations

import asyncio

import pytest

from bot.discord_ui import panels
from tests.discord.fakediscord import FakeDiscord, FakeMember
from tests.discord.harness import Table
from tests.discord.scenario import started_game, to_move


async def a_turn(table: Table, alice: FakeMember, bob: FakeMember):
    """A started two-player game: its id, turn message, info and the member to move."""
    game_id, turn_message = await started_game(table, alice, bob)
    info = await table.sessions.info_by_id(game_id)
    return game_id, turn_message, info, to_move(table, {alice.user.id: alice,
                                                        bob.user.id: bob}, info)


async def test_a_panel_ready_in_time_is_one_request(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember) -> None:
    game_id, turn_message, info, mover = await a_turn(table, alice, bob)
    panel = await table.click(mover, turn_message, f"est:turn:{game_id}")
    assert panel.callback_type == 4 and panel.ephemeral and "Claim a cell." in panel.text
    token = fake.interactions[panel.interaction_id].token
    assert [c.method for c in panel.calls if token in c.path] == ["POST"]  # the callback
    assert not [c for c in panel.calls if "/webhooks/" in c.path]  # and no edit after it


async def test_a_slow_panel_is_deferred_then_edited(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember,
        monkeypatch: pytest.MonkeyPatch) -> None:
    game_id, turn_message, info, mover = await a_turn(table, alice, bob)
    monkeypatch.setattr(panels, "ANSWER_WITHIN", 0.01)
    real_present = panels.show_panel

    async def slow_show_panel(*args, **kwargs):
        await asyncio.sleep(0.2)  # a busy machine: the deferral goes out first
        await real_present(*args, **kwargs)

    monkeypatch.setattr(panels, "show_panel", slow_show_panel)
    panel = await table.click(mover, turn_message, f"est:turn:{game_id}")
    assert panel.callback_type == 5 and panel.ephemeral  # "thinking", then the panel
    assert "Claim a cell." in panel.text
    assert (await table.sessions.info_by_id(game_id)).version == info.version


async def test_a_move_is_acknowledged_before_it_is_played(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember,
        monkeypatch: pytest.MonkeyPatch) -> None:
    game_id, turn_message, info, mover = await a_turn(table, alice, bob)
    panel = await table.click(mover, turn_message, f"est:turn:{game_id}")
    real_play = table.sessions.play
    seen = []

    async def play(game, user, key, version):
        seen.append(fake.interactions[max(fake.interactions)].callback_types[:])
        return await real_play(game, user, key, version)

    monkeypatch.setattr(table.sessions, "play", play)
    claimed = await table.click(mover, panel.message, f"est:sel:{game_id}:{info.version}:0",
                                ["b3"])
    assert seen == [[6]]  # deferred (an update of the panel) before the move was played
    assert claimed.callback_type == 6 and claimed.message["id"] == panel.message["id"]
    assert claimed.text.startswith("You chose **Cell B3**")
    assert (await table.sessions.info_by_id(game_id)).version == info.version + 1


async def test_a_refusal_before_the_deferral_is_the_answer_itself(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember) -> None:
    game_id, turn_message, info, mover = await a_turn(table, alice, bob)
    other = bob if mover is alice else alice
    refused = await table.click(other, turn_message, f"est:turn:{game_id}")
    assert refused.callback_type == 4 and refused.ephemeral
    assert refused.text.startswith("It is not your turn")
    await asyncio.sleep(panels.ANSWER_WITHIN + 0.2)  # the called-off deferral never comes
    assert fake.interactions[refused.interaction_id].callback_types == [4]
