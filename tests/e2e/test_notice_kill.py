"""kill -9 of the real bot process the instant Discord accepted a DM turn notice, before
the bot recorded it: after a restart the notice is re-sent with its nonce, Discord hands
back the message it made, and the player has exactly one DM for that turn."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from testkit.e2e import dbcheck
from testkit.e2e.scenario import gateway_deliver, poll
from testkit.e2e.tables import open_table, play_one_turn, wait_drained
from tests.e2e.checks import log_problems

GAME = "kuhlorado"
TURN_DM = "It is your turn in **"


def notices_done(db_path: Path | str) -> bool:
    """(The bot's database on either back end: a SQLite file or a PostgreSQL URL.)"""
    [open_] = dbcheck.query(db_path, "SELECT COUNT(*) AS n FROM notices WHERE done_at IS NULL")
    [done] = dbcheck.query(db_path, "SELECT COUNT(*) AS n FROM notices WHERE route = 'dm'")
    return open_["n"] == 0 and done["n"] > 0


async def test_kill_9_as_discord_accepts_a_dm_notice(fake, start_bot) -> None:
    bot = await start_bot()
    table = await open_table(fake, bot.db_path, gateway_deliver(fake), GAME)
    for player in table.players.values():
        on = await player.send(fake.slash(player.member, "estancia", "notices",
                                          named={"dm": True}))
        await on.wait_answered()
        assert "Turn notices by direct message: on" in on.last_text(), on.texts()
    killed: list[dict[str, Any]] = []

    def kill_on_accept(message: dict[str, Any]) -> None:
        if fake.dm_recipient(int(message["channel_id"])) is not None and (
                message["content"].startswith(TURN_DM)):
            fake.after_accept = None
            killed.append(message)
            bot.kill9_now()

    fake.after_accept = kill_on_accept
    await play_one_turn(table, random.Random(25))  # the next player's turn: a DM notice
    await poll(lambda: not bot.running, "the kill as Discord accepts the DM notice")
    [accepted] = killed
    user = fake.dm_recipient(int(accepted["channel_id"]))
    await bot.start()
    await wait_drained(bot.db_path)
    await poll(lambda: notices_done(bot.db_path), "the DM notice to be recorded as sent")
    turn_dms = [m for m in fake.posts_in(fake.dm_channels[user])
                if m["content"].startswith(TURN_DM)]
    assert len(turn_dms) == 1 and turn_dms[0]["id"] == accepted["id"]
    assert (fake.dm_channels[user], accepted["nonce"]) in fake.nonce_replays
    await bot.stop()
    assert log_problems(bot.log_text()) == []
