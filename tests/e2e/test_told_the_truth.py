"""Done when "a restart, a kill and each injected refusal leave every game
playable with every player told the truth": one Kuhlorado game through the real bot
process, meeting in turn every refusal the issue names — a panel's answer refused after
its step was stored, turn messages refused with their board, a turn message refused in
every form, a stop (SIGTERM) with a tap in flight, a kill -9 — and played on to the end.
The player always reads what happened; the log replays exactly; each announcement is in
the channel once, but the one given up, whose note is there instead."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from testkit.e2e import dbcheck
from testkit.e2e.scenario import (
    gateway_deliver,
    mentioned_ids,
    pick_component,
    play_turn_by_taps,
    poll,
)
from testkit.e2e.tables import (
    Table,
    latest_turn_post,
    open_playable_panel,
    open_table,
    play_one_turn,
    unmatched_human_moves,
    wait_drained,
)
from testkit.fakediscord import Call
from tests.e2e.checks import channel_post_problems, log_problems

GAME = "kuhlorado"
CALLBACK = r"^/interactions/\d+/[^/]+/callback$"
CHANNEL_POST = r"^/channels/\d+/messages$"
INVALID = {"status": 400, "code": 50035, "message": "Invalid Form Body"}


def mover_of(table: Table) -> Any:
    record = table.record()
    return table.players[record.user_of(record.to_move())]


async def test_every_refusal_a_stop_and_a_kill_leave_the_game_playable_and_told(
        fake, start_bot) -> None:
    bot = await start_bot()
    table = await open_table(fake, bot.db_path, gateway_deliver(fake), GAME)
    rng = random.Random(22)
    await play_one_turn(table, rng)

    # 1. The answer to a tap refused (400) after its step was stored: the player reads
    # that it was played, and a panel of the turn as it now stands; the turn goes on.
    mover, panel = await open_playable_panel(table)
    before = table.record().version
    refusal = fake.inject("POST", CALLBACK, **INVALID)
    custom_id, values = pick_component(panel, rng)
    tapped = await mover.click(panel, custom_id, values)
    table.note_tap(tapped)
    await poll(lambda: tapped.acknowledged, "the plain answer")
    assert refusal.hits == 1 and table.record().version > before
    assert tapped.all_private and tapped.last_text().startswith("You chose"), tapped.texts()
    assert "nothing was changed" not in " ".join(tapped.texts())
    await play_one_turn(table, rng)  # (its turn message is out of date: the panel again)

    # 2. Turn messages refused with their board image: posted at once without it.
    no_images = fake.inject("POST", CHANNEL_POST, times=2, when=lambda c: bool(c.files),
                            **INVALID)
    await play_one_turn(table, rng)
    await wait_drained(table.db_path)
    assert no_images.hits >= 1
    latest = latest_turn_post(table)
    assert latest["attachments"] == [] and mentioned_ids(latest) == [mover_of(table).id]
    await play_one_turn(table, rng)  # played from the message without its board

    # 3. A turn message refused in every form: given up after a few tries with a note
    # pinging the player, who plays on from the old message; later ones are posted.
    doomed: dict[str, Any] = {}

    def first_seen(call: Call) -> bool:
        nonce = call.body.get("nonce")
        doomed.setdefault("nonce", nonce)
        return nonce == doomed["nonce"]

    await wait_drained(table.db_path)
    fake.inject("POST", CHANNEL_POST, times=1000, when=first_seen, **INVALID)
    posted = len(fake.posts_in(table.channel_id))
    await play_one_turn(table, rng)
    note = await poll(lambda: next((m for m in fake.posts_in(table.channel_id)[posted:]
                                    if "could not be posted" in m["content"]), None),
                      "the note of the message given up", timeout=120)
    waiting = mover_of(table)
    assert mentioned_ids(note) == [waiting.id]
    await play_turn_by_taps(waiting, latest_turn_post(table), rng, on_click=table.note_tap)
    await play_one_turn(table, rng)

    # 4. A stop with a tap in flight: answered before the bot goes; it plays on after.
    mover, panel = await open_playable_panel(table)
    held = fake.hold("POST", CALLBACK)
    custom_id, values = pick_component(panel, rng)
    in_flight = await mover.click(panel, custom_id, values)
    table.note_tap(in_flight)
    await poll(lambda: held.held >= 1, "the tap's answer under way")
    stopping = asyncio.create_task(bot.terminate())
    await poll(lambda: "stopping" in bot.log_text(), "the bot to begin stopping")
    held.release()
    assert await stopping == 0, bot.log_tail()
    assert in_flight.last_text().startswith("You chose"), in_flight.texts()
    assert all(not c.unheard for c in in_flight.calls())
    await bot.start()
    await play_one_turn(table, rng)

    # 5. A kill -9 between two turns, then a restart: the game goes on to its end.
    assert await bot.kill9() == -9
    assert dbcheck.replay_problems(table.record()) == []
    await bot.start()
    for _turn in range(500):
        if not await play_one_turn(table, rng):
            break
    record = table.record()
    assert record.status == "finished"
    assert dbcheck.replay_problems(record) == []
    assert unmatched_human_moves(table) == []

    # Every announcement once, but the one given up: its note instead.
    given_up = [o for o in record.outbox if o["sent_at"] is None]
    assert len(given_up) == 1 and given_up[0]["next_attempt_at"] is None
    assert len(fake.posts_in(table.channel_id)) == len(record.outbox) - 1 + 1
    problems = channel_post_problems(fake, table.channel_id)
    assert all("without a board image" in p for p in problems), problems
    assert len(problems) <= 2  # the two posted without their board in 2
    errors = [line for line in bot.log_text().splitlines() if " ERROR " in line]
    assert len(errors) == 1 and "given up after 3 tries" in errors[0], errors
    assert log_problems(bot.log_text(), allow_errors=True) == []
    await bot.stop()
