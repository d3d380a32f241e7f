"""A new client on the same database: buttons sent before the restart keep working."""

from __future__ import annotations

import pytest

from bot.discord_ui import layout
from testkit.fakediscord import FakeDiscord, FakeMember
from testkit.harness import Table
from testkit.scenario import started_game, to_move


async def test_old_buttons_and_panels_work_after_a_restart(
        fake: FakeDiscord, table: Table, alice: FakeMember, bob: FakeMember,
        monkeypatch: pytest.MonkeyPatch) -> None:
    # a select menu beside buttons (as if Discord allowed two rows, ten components)
    monkeypatch.setattr(layout, "V2_COMPONENT_LIMIT", 10)
    monkeypatch.setattr(layout, "MAX_ROWS", 2)
    game_id, turn_message = await started_game(table, alice, bob)
    info = await table.sessions.info_by_id(game_id)
    mover = to_move(table, {alice.user.id: alice, bob.user.id: bob}, info)
    panel = await table.click(mover, turn_message, f"est:turn:{game_id}")
    await table.close()

    restarted = await Table(fake, table.settings, table.db_path).open()
    try:
        reopened = await restarted.click(mover, turn_message, f"est:turn:{game_id}")
        assert reopened.custom_ids == [
            *(f"est:opt:{game_id}:{info.version}:a{i}" for i in range(1, 6)),
            f"est:sel:{game_id}:{info.version}", f"est:hint:{game_id}"]

        # the panel opened before the restart is still current and still answers
        played = await restarted.click(mover, panel.message,
                                       f"est:sel:{game_id}:{info.version}", ["e5"])
        assert played.text.startswith("You chose **Cell E5**.")
        assert (await restarted.sessions.info_by_id(game_id)).version == info.version + 1
    finally:
        await restarted.close()
