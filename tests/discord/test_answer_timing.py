"""A panel is its interaction's answer itself when it is ready in time (one request to
Discord); a slow one is deferred first, inside Discord's 3 seconds, then edited in. A tap
that plays a step is logged with the step: delivered twice (two instances during a
deploy), it is played once and answered once, by the delivery that played it."""

from __future__ import annotations

import asyncio

import pytest

from bot.discord_ui import acknowledge, panel_actions
from testkit.fakediscord import FakeDiscord, FakeMember
from testkit.harness import Table, settle
from testkit.scenario import offering, started_game, tap, to_move


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
    monkeypatch.setattr(acknowledge, "ANSWER_WITHIN", 0.01)
    real_present = panel_actions.show_panel

    async def slow_show_panel(*args, **kwargs):
        await asyncio.sleep(0.2)  # a busy machine: the deferral goes out first
        await real_present(*args, **kwargs)

    monkeypatch.setattr(panel_actions, "show_panel", slow_show_panel)
    panel = await table.click(mover, turn_message, f"est:turn:{game_id}")
    assert panel.callback_type == 5 and panel.ephemeral  # "thinking", then the panel
    assert "Claim a cell." in panel.text
    assert (await table.sessions.info_by_id(game_id)).version == info.version


async def test_a_move_ready_in_time_is_one_request(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember) -> None:
    game_id, turn_message, info, mover = await a_turn(table, alice, bob)
    panel = await table.click(mover, turn_message, f"est:turn:{game_id}")
    claimed = await tap(table, mover, panel.message, "b3")
    assert claimed.callback_type == 7 and claimed.message["id"] == panel.message["id"]
    assert claimed.text.startswith("You chose **Cell B3**")
    token = fake.interactions[claimed.interaction_id].token
    assert [c.method for c in claimed.calls if token in c.path] == ["POST"]
    assert (await table.sessions.info_by_id(game_id)).version == info.version + 1
    moves = await table.sessions.store.moves(game_id)
    assert moves[-1].interaction_id == claimed.interaction_id


async def test_a_slow_move_is_deferred_then_edited(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember,
        monkeypatch: pytest.MonkeyPatch) -> None:
    game_id, turn_message, info, mover = await a_turn(table, alice, bob)
    panel = await table.click(mover, turn_message, f"est:turn:{game_id}")
    monkeypatch.setattr(acknowledge, "ANSWER_WITHIN", 0.01)
    real_play = table.sessions.play

    async def slow_play(*args, **kwargs):
        await asyncio.sleep(0.2)  # a busy machine: the deferral goes out first
        return await real_play(*args, **kwargs)

    monkeypatch.setattr(table.sessions, "play", slow_play)
    claimed = await tap(table, mover, panel.message, "b3")
    assert claimed.callback_type == 6 and claimed.message["id"] == panel.message["id"]
    assert claimed.text.startswith("You chose **Cell B3**")


async def test_a_move_delivered_twice_is_played_and_answered_once(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember,
        caplog: pytest.LogCaptureFixture) -> None:
    """Two instances during a deploy both receive the tap: one plays it and answers with
    the next panel; the other finds the tap in the move log and says nothing (not "out of
    date")."""
    game_id, turn_message, info, mover = await a_turn(table, alice, bob)
    panel = await table.click(mover, turn_message, f"est:turn:{game_id}")
    payload = fake.click(mover, panel.message, *offering(panel.message, "b3"))
    table.bot._connection.parse_interaction_create(payload)
    table.bot._connection.parse_interaction_create(payload)
    await settle()
    await asyncio.sleep(acknowledge.ANSWER_WITHIN + 0.2)  # no deferral comes later either
    answered = fake.interactions[int(payload["id"])]
    assert answered.callback_types in ([7], [6])  # one answer: the panel, or its deferral
    assert (await table.sessions.info_by_id(game_id)).version == info.version + 1
    texts = [c.body for c in fake.calls if answered.token in c.path]
    assert "out of date" not in repr(texts)
    assert "You chose **Cell B3**" in repr(texts)
    assert [r.getMessage() for r in caplog.records if r.levelno >= 40] == []


async def test_a_refusal_before_the_deferral_is_the_answer_itself(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember) -> None:
    game_id, turn_message, info, mover = await a_turn(table, alice, bob)
    other = bob if mover is alice else alice
    refused = await table.click(other, turn_message, f"est:turn:{game_id}")
    assert refused.callback_type == 4 and refused.ephemeral
    assert refused.text.startswith("It is not your turn")
    await asyncio.sleep(acknowledge.ANSWER_WITHIN + 0.2)  # the called-off deferral never comes
    assert fake.interactions[refused.interaction_id].callback_types == [4]
