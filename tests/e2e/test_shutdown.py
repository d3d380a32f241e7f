"""A stop (SIGTERM, as ``docker stop`` sends it) while a tap is being
answered finishes that answer before the bot closes its connection to Discord: the
move is stored and the player sees it, and the game plays on after the restart."""

from __future__ import annotations

import asyncio
import random

from testkit.e2e.scenario import gateway_deliver, pick_component, poll
from testkit.e2e.tables import open_playable_panel, open_table
from tests.e2e.checks import log_problems

GAME = "kuhlorado"


async def test_a_tap_in_flight_at_sigterm_is_answered_before_the_bot_stops(
        fake, start_bot) -> None:
    bot = await start_bot()
    table = await open_table(fake, bot.db_path, gateway_deliver(fake), GAME)
    mover, panel = await open_playable_panel(table)
    before = table.record().version

    held = fake.hold("POST", r"^/interactions/\d+/[^/]+/callback$")
    custom_id, values = pick_component(panel, random.Random(3))
    tapped = await mover.click(panel, custom_id, values)
    await poll(lambda: held.held >= 1, "the tap's answer under way")

    stopping = asyncio.create_task(bot.terminate())
    await poll(lambda: "stopping" in bot.log_text(), "the bot to begin stopping")
    held.release()  # Discord answers the tap now, while the bot is stopping
    exit_code = await stopping
    assert exit_code == 0, f"unclean exit {exit_code}:\n{bot.log_tail()}"

    calls = [c for c in tapped.calls() if c.status]
    assert calls and all(c.status < 300 and not c.unheard for c in calls), [
        (c.method, c.path, c.status, c.unheard) for c in tapped.calls()]
    assert tapped.answered and tapped.last_text().startswith("You chose"), tapped.texts()
    assert table.record().version > before, "the move was stored"
    assert log_problems(bot.log_text()) == []

    await bot.start()  # and the game goes on
    mover, panel = await open_playable_panel(table)
    custom_id, values = pick_component(panel, random.Random(4))
    again = await mover.click(panel, custom_id, values)
    await again.wait_answered()
    assert again.last_text().startswith("You chose"), again.texts()
    await bot.stop()
