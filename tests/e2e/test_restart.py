"""Restarts of the real bot process on the same database: the game continues, buttons
from messages sent before the restart still work, pending reminders still fire, and a
dropped gateway connection loses nothing."""

from __future__ import annotations

import random
import time

import pytest

from bot.discord_ui.panel_actions import PLAYED_ELSEWHERE
from testkit.e2e import dbcheck
from testkit.e2e.launcher import BotProcess
from testkit.e2e.scenario import (
    gateway_deliver,
    mentioned_ids,
    pick_component,
    poll,
    turn_button_of,
    wait_for_post,
)
from testkit.e2e.tables import (
    lobby_button,
    open_playable_panel,
    open_table,
    play_one_turn,
    unmatched_human_moves,
    wait_drained,
)
from tests.e2e.checks import EXTRA_GAMES, channel_post_problems, log_problems

GAME = "kuhlorado"


@pytest.mark.parametrize("stop", ["ctrl-c", "sigterm"])
async def test_the_game_and_its_old_buttons_survive_a_restart(fake, start_bot, stop: str) -> None:
    bot = await start_bot()
    table = await open_table(fake, bot.db_path, gateway_deliver(fake), GAME)
    rng = random.Random(stop)
    await play_one_turn(table, rng)
    mover, panel = await open_playable_panel(table)  # a private panel built before the restart
    before = table.record()
    lobby = next(m for m in fake.posts_in(table.channel_id) if lobby_button(m, "join"))

    exit_code = await (bot.stop() if stop == "ctrl-c" else bot.terminate())
    assert exit_code in (0, 130, -2), f"unclean exit {exit_code}:\n{bot.log_tail()}"
    assert dbcheck.replay_problems(dbcheck.read_game(bot.db_path, table.game_id)) == []
    await bot.start()

    custom_id, values = pick_component(panel, rng)
    tapped = await mover.click(panel, custom_id, values)  # the panel from before the restart
    table.note_tap(tapped)
    await tapped.wait_answered()
    assert table.record().version > before.version, f"an old panel did nothing: {tapped.texts()}"
    old_lobby = await mover.click(lobby, lobby_button(lobby, "join") or "")
    await old_lobby.wait_answered()
    assert old_lobby.all_private and old_lobby.last_text()
    for _ in range(3):
        if not await play_one_turn(table, rng):
            break
    await wait_drained(bot.db_path)
    record = table.record()
    assert dbcheck.replay_problems(record) == []
    assert len(fake.posts_in(table.channel_id)) == len(record.outbox)
    assert channel_post_problems(fake, table.channel_id) == []
    await bot.stop()
    assert log_problems(bot.log_text()) == []


def unfired_timers(db_path) -> list[tuple[str, float]]:
    return [(r["kind"], r["due_at"]) for r in dbcheck.query(
        db_path, "SELECT kind, due_at FROM timers WHERE fired_at IS NULL ORDER BY due_at")]


async def test_reminders_and_the_deadline_fire_after_a_restart(fake, start_bot) -> None:
    # The server has no turn timer; the creator gives this game turns of 10.8 s with a
    # reminder 5.4 s before the end. The bot is then stopped and stays down until a timer
    # has fallen due.
    bot = await start_bot(TIMEOUT_POLICY="computer")
    table = await open_table(fake, bot.db_path, gateway_deliver(fake), GAME)
    creator = next(iter(table.players.values()))
    changed = await creator.slash("settings", channel_id=table.channel_id,
                                  timeout_hours=0.003, reminders="0.0015")
    await changed.wait_answered()
    assert "0.003 h" in changed.last_text(), changed.texts()
    await bot.stop()
    record = table.record()
    waiting_user = record.user_of(record.to_move())
    pending = unfired_timers(bot.db_path)
    assert pending and pending[-1][0] == "deadline", pending
    await poll(lambda: time.time() > pending[0][1] + 0.5, "a timer to fall due", timeout=60)
    posted = len(fake.posts_in(table.channel_id))

    await bot.start()
    back_before_deadline = time.time() + 2 < pending[-1][1]
    await wait_for_post(fake, table.channel_id, posted,
                        lambda m: turn_button_of(m) is not None
                        and mentioned_ids(m) != [waiting_user], timeout=60)
    reminders = [m for m in fake.posts_in(table.channel_id)[posted:]
                 if "a reminder: it is your turn" in m["content"]]
    assert all(mentioned_ids(m) == [waiting_user] for m in reminders)
    # The reminder fell due while the bot was down; back well before the deadline, the bot
    # sends it (under heavy load it may have fired before the stop; a reminder found
    # overdue together with its deadline is dropped, the turn being played at once).
    if pending[0][0] == "reminder" and back_before_deadline:
        assert reminders, "the reminder due while the bot was down was not sent"
    after = table.record()
    assert after.version > record.version, "the deadline did not play the turn"
    assert any(m.by_computer and m.seat == record.to_move() for m in after.moves)
    assert dbcheck.replay_problems(after) == []
    await wait_drained(bot.db_path)
    reminders = [m for m in fake.posts_in(table.channel_id)
                 if "a reminder: it is your turn" in m["content"]]
    assert len(reminders) <= 1, "the reminder was posted more than once"
    await bot.stop()
    assert log_problems(bot.log_text()) == []


async def test_a_dropped_gateway_connection_loses_nothing(fake, start_bot) -> None:
    bot = await start_bot(E2E_EXTRA_GAMES=EXTRA_GAMES)
    table = await open_table(fake, bot.db_path, gateway_deliver(fake), GAME)
    rng = random.Random(3)
    connections = len(fake.identifies) + len(fake.resumes)
    await fake.drop_connections()
    await poll(lambda: fake.connected and len(fake.identifies) + len(fake.resumes) > connections,
               "the bot to reconnect")
    await play_one_turn(table, rng)
    mover, panel = await open_playable_panel(table)
    custom_id, values = pick_component(panel, rng)
    tapped = await mover.click(panel, custom_id, values)
    table.note_tap(tapped)
    await tapped.wait_answered()
    await fake.drop_connections()  # while the announcement may be in flight
    await poll(lambda: fake.connected, "the bot to reconnect")
    await wait_drained(bot.db_path)
    record = table.record()
    assert dbcheck.replay_problems(record) == []
    assert len(fake.posts_in(table.channel_id)) == len(record.outbox)
    assert record.status != "active" or await play_one_turn(table, rng)
    await bot.stop()
    assert log_problems(bot.log_text()) == []


async def test_a_rolling_restart_with_two_instances_applies_and_posts_once(fake, start_bot) -> None:
    """The new instance starts before the old one has stopped (a deploy overlap): for a
    while both receive every interaction and both deliver the outbox."""
    old = await start_bot()
    new = BotProcess(fake, old.workdir, {"LOG_LEVEL": "INFO", **{
        k: v for k, v in old.extra_env.items() if k == "DATABASE_URL"}})
    try:
        table = await open_table(fake, old.db_path, gateway_deliver(fake), GAME)
        await new.start()
        rng = random.Random(12)
        for _ in range(2):
            assert await play_one_turn(table, rng)
        # Both received every tap: for each step one played it, and the other lost the
        # race to answer (400) or found the step played by its tap and kept silent.
        logs = old.log_text() + new.log_text()
        assert (any(c.status == 400 for c in fake.callbacks())
                or PLAYED_ELSEWHERE in logs), "only one instance was answering"
        await old.stop()
        assert await play_one_turn(table, rng)
        await wait_drained(new.db_path)
        record = table.record()
        assert dbcheck.replay_problems(record) == []
        assert dbcheck.version_gaps(record) == []
        assert unmatched_human_moves(table) == []
        assert len(fake.posts_in(table.channel_id)) == len(record.outbox)
        assert channel_post_problems(fake, table.channel_id) == []
    finally:
        await new.close()
    assert log_problems(new.log_text(), allow_errors=True) == []
