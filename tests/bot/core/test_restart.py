from __future__ import annotations

from pathlib import Path

from bot.core.sessions import Sessions
from bot.core.timers import HOUR
from bot.settings import Settings
from bot.storage.store import Store
from tests.bot.conftest import CHANNEL, FakeClock
from tests.bot.helpers import drain, hot_seat, mover, peek


async def test_a_new_process_continues_the_game(
    db_path: Path, settings: Settings, clock: FakeClock
) -> None:
    store = await Store.open(db_path)
    before = Sessions(store, settings, clock=clock, seed_source=lambda: 99)
    info = await hot_seat(before)
    user = await mover(before, info.id)
    await before.play(info.id, user, "add2", info.version)
    played = await before.info_by_id(info.id)
    undelivered = [a.outbox_id for a in await peek(before)]
    await store.close()

    clock.advance(12 * HOUR)  # the bot was down while a reminder fell due
    store = await Store.open(db_path)
    try:
        after = Sessions(store, settings, clock=clock)
        assert await after.info(CHANNEL) == played
        assert [a.outbox_id for a in await peek(after)] == undelivered
        assert await after.fire_due_timers() == 1
        # A panel built before the restart still works: its version is still current.
        result = await after.play(info.id, user, "add1", played.version)
        assert result.turn_over
        kinds = [a.kind for a in await drain(after)]
        assert kinds == ["lobby", "lobby", "start", "reminder", "turn"]
        while (now := await after.info_by_id(info.id)).status == "active":
            assert now.user_to_move is not None
            await after.play(info.id, now.user_to_move, "add2", now.version)
        assert now.status == "finished"
        assert (await drain(after))[-1].kind == "game_over"
    finally:
        await store.close()
