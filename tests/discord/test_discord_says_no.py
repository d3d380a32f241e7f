"""When Discord says no: an answer Discord refuses after the step was stored
still tells the player the truth and shows the decision as it now stands."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord.webhook.async_ as webhook_module
import pytest

from bot.discord_ui import acknowledge
from bot.discord_ui.text import UNEXPECTED
from testkit.fakediscord import FakeDiscord, FakeMember
from testkit.harness import Table
from testkit.scenario import started_game, to_move

REFUSALS = [
    pytest.param(400, 50035, "Invalid Form Body", id="400"),
    pytest.param(503, 0, "Service Unavailable", id="503"),
]
#: discord.py sends an interaction's answer again after a 5xx, five times in all.
WEBHOOK_TRIES = 5


class _QuickRetries:
    """asyncio as discord.py's webhook adapter sees it, without its pauses between tries
    (1 s, 3 s, 5 s …): a 5xx it gives up on comes at once."""

    def __getattr__(self, name: str) -> Any:
        return getattr(asyncio, name)

    @staticmethod
    async def sleep(delay: float, result: Any = None) -> Any:
        await asyncio.sleep(0)
        return result


@pytest.fixture(autouse=True)
def quick_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(webhook_module, "asyncio", _QuickRetries())


def tries(status: int) -> int:
    return WEBHOOK_TRIES if status >= 500 else 1


async def a_turn(table: Table, alice: FakeMember, bob: FakeMember):
    game_id, turn_message = await started_game(table, alice, bob)
    info = await table.sessions.info_by_id(game_id)
    mover = to_move(table, {alice.user.id: alice, bob.user.id: bob}, info)
    return game_id, turn_message, info.version, mover


async def version(table: Table, game_id: int) -> int:
    return (await table.sessions.info_by_id(game_id)).version


@pytest.mark.parametrize(("status", "code", "message"), REFUSALS)
async def test_a_panel_answer_refused_after_the_step_says_it_was_played(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember,
        status: int, code: int, message: str) -> None:
    game_id, turn_message, v, mover = await a_turn(table, alice, bob)
    panel = await table.click(mover, turn_message, f"est:turn:{game_id}")
    fake.inject("POST", r"/callback$", status=status, code=code, message=message,
                times=tries(status))
    chosen = await table.click(mover, panel.message, f"est:opt:{game_id}:{v}:a1")
    assert await version(table, game_id) == v + 1  # the step is stored …
    assert chosen.ephemeral
    assert _(UNEXPECTED) not in chosen.text and "nothing was changed" not in chosen.text
    assert chosen.text.startswith("You chose **Cell A1**")  # … and the player is told so,
    fence = f"est:opt:{game_id}:{v + 1}:fence"
    assert fence in chosen.custom_ids  # with the decision as it now stands,
    fenced = await table.click(mover, chosen.message, fence)  # which plays on
    assert fenced.text.startswith("You chose **Fence it**")
    assert await version(table, game_id) == v + 2


async def test_a_deferred_panel_whose_edit_is_refused_says_the_step_was_played(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember,
        monkeypatch: pytest.MonkeyPatch) -> None:
    game_id, turn_message, v, mover = await a_turn(table, alice, bob)
    panel = await table.click(mover, turn_message, f"est:turn:{game_id}")
    monkeypatch.setattr(acknowledge, "ANSWER_WITHIN", 0.0)  # deferred first, then edited
    fake.inject("PATCH", r"/messages/@original$", status=400, code=50035,
                message="Invalid Form Body")
    chosen = await table.click(mover, panel.message, f"est:opt:{game_id}:{v}:a1")
    assert await version(table, game_id) == v + 1
    assert chosen.text.startswith("You chose **Cell A1**")
    assert f"est:opt:{game_id}:{v + 1}:fence" in chosen.custom_ids


async def test_a_typed_move_whose_answer_is_refused_says_it_was_played(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember,
        caplog: pytest.LogCaptureFixture) -> None:
    game_id, _turn, v, mover = await a_turn(table, alice, bob)
    fake.inject("PATCH", r"/messages/@original$", status=503, message="Service Unavailable",
                times=WEBHOOK_TRIES)
    with caplog.at_level(logging.WARNING):
        typed = await table.slash(mover, "move", option="a1")
    assert await version(table, game_id) == v + 1
    assert typed.text.startswith("You chose **Cell A1**")
    assert "nothing was changed" not in typed.text
    assert f"est:opt:{game_id}:{v + 1}:fence" in typed.custom_ids


def _(text: str) -> str:
    return text


async def test_a_side_step_whose_answer_is_refused_says_it_was_played(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember) -> None:
    """GWT:A's exchange token on another's turn, from the hand panel."""
    game_id, _turn = await started_game(table, alice, bob, game="gwt-argentina")
    info = await table.sessions.info_by_id(game_id)
    waiting = bob if to_move(table, {alice.user.id: alice, bob.user.id: bob}, info) is alice \
        else alice
    hand = await table.slash(waiting, "hand")
    draw_two = f"est:side:{game_id}:{info.version}:xt:2"
    fake.inject("POST", r"/callback$", status=400, code=50035, message="Invalid Form Body")
    drawn = await table.click(waiting, hand.message, draw_two)
    assert await version(table, game_id) == info.version + 1
    assert drawn.text.startswith("You chose **Exchange token: draw 2, then discard 2")
    assert "**Exchange token: discard 2 cards.**" in drawn.text
    assert any(c.startswith(f"est:side:{game_id}:{info.version + 1}:") for c in drawn.custom_ids)


async def test_a_join_whose_answer_is_refused_does_not_say_nothing_changed(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember) -> None:
    await table.slash(alice, "new", game="pasture")
    fake.inject("PATCH", r"/messages/@original$", status=400, code=50035,
                message="Invalid Form Body")
    joined = await table.slash(bob, "join")
    info = await table.sessions.info(fake.channel_id())
    assert info.seat_of(bob.user.id) is not None
    assert "nothing was changed" not in joined.text
    assert "after your action was saved: it counts" in joined.text
