"""Discord faults injected in the fake, against the real client with its outbox
deliverer running: rate limits, server errors, a hanging channel, an interaction that
could not be acknowledged in time. The move is never lost and every announcement of a
committed move reaches the channel exactly once."""

from __future__ import annotations

import json
import random

import pytest

from bot.discord_ui import acknowledge
from games import get_game
from testkit.e2e.scenario import (
    client_deliver,
    open_turn,
    pick_component,
    play_turn_by_taps,
    poll,
    turn_posts,
)
from testkit.e2e.tables import Table, open_playable_panel, open_table, outbox_drained, wait_drained
from testkit.harness import settle

CHANNEL_POST = r"^/channels/\d+/messages$"


async def whose_turn(table: Table):
    await wait_drained(table.db_path)
    record = table.record()
    return table.players[record.user_of(record.to_move())], turn_posts(table.fake, table.channel_id)[-1]


async def play_a_turn(table: Table, seed: int = 1) -> None:
    mover, post = await whose_turn(table)
    await play_turn_by_taps(mover, post, random.Random(seed), on_click=table.note_tap)


def one_post_per_announcement(table: Table) -> None:
    posts = table.fake.posts_in(table.channel_id)
    assert len(posts) == len(table.record().outbox), "an announcement posted twice or never"


async def drain(client_table, table: Table, rounds: int = 30) -> None:
    """Deliver until the outbox is empty, moving the bot's clock on so that retries
    (5 s, 10 s, 20 s … backoff) fall due without waiting for them."""
    for _ in range(rounds):
        if outbox_drained(table.db_path):
            return
        client_table.clock.advance(3600)
        await client_table.bot.outbox.deliver_pending()
    raise AssertionError(f"announcements still unsent after {rounds} delivery rounds")


async def new_table(fake, client_table, channel: str = "ranch") -> Table:
    return await open_table(fake, client_table.db_path, client_deliver(client_table), "pasture",
                            channel_id=fake.channel_id(channel))


@pytest.mark.parametrize("status", [429, 500, 502, 503])
async def test_failed_announcements_are_retried_until_posted_once(fake, client_table,
                                                                  status: int) -> None:
    table = await new_table(fake, client_table)
    before = table.record().version
    fake.inject("POST", CHANNEL_POST, status=status, retry_after=0.2, times=2)
    await play_a_turn(table)
    await drain(client_table, table)
    assert table.record().version > before
    assert [c.status for c in fake.find("POST", CHANNEL_POST)].count(status) == 2
    one_post_per_announcement(table)


async def test_a_hanging_channel_does_not_hold_up_other_games(fake, client_table) -> None:
    stuck = await new_table(fake, client_table, "ranch")
    other = await new_table(fake, client_table, "corral")
    hold = fake.hold("POST", rf"^/channels/{stuck.channel_id}/messages$")
    posted_elsewhere = len(fake.posts_in(other.channel_id))
    mover, post = await whose_turn(stuck)
    await play_turn_by_taps(mover, post, random.Random(2))
    await poll(lambda: hold.held, "the stuck channel's announcement to hang")
    mover, post = await whose_turn_without_draining(other)
    await play_turn_by_taps(mover, post, random.Random(3))
    try:
        await poll(lambda: len(fake.posts_in(other.channel_id)) > posted_elsewhere,
                   "the other game's announcement while one channel hangs", timeout=20)
    finally:
        hold.release()
    await wait_drained(stuck.db_path)
    one_post_per_announcement(stuck)
    one_post_per_announcement(other)


async def whose_turn_without_draining(table: Table):
    record = table.record()
    return table.players[record.user_of(record.to_move())], turn_posts(table.fake, table.channel_id)[-1]


async def test_a_hung_announcement_is_posted_once_when_discord_answers(fake, client_table) -> None:
    table = await new_table(fake, client_table)
    hold = fake.hold("POST", CHANNEL_POST)
    mover, post = await whose_turn(table)
    await play_turn_by_taps(mover, post, random.Random(4))
    await poll(lambda: hold.held, "the announcement to hang")
    hold.release()
    await wait_drained(table.db_path)
    one_post_per_announcement(table)


async def test_a_click_acknowledged_too_late_still_plays_and_announces(fake, client_table) -> None:
    table = await new_table(fake, client_table)
    mover, panel = await open_playable_panel(table)
    before = table.record()
    fake.inject("POST", r"^/interactions/\d+/[^/]+/callback$", status=404, code=10062,
                message="Unknown interaction")
    custom_id, values = pick_component(panel, random.Random(5))
    await mover.click(panel, custom_id, values)
    await settle()
    assert table.record().version > before.version, "the click was dropped"
    await drain(client_table, table)
    one_post_per_announcement(table)


async def test_announcements_survive_a_long_discord_outage(fake, client_table) -> None:
    from bot.storage.rows import MAX_DELIVERY_ATTEMPTS

    table = await new_table(fake, client_table)
    fake.inject("POST", CHANNEL_POST, status=503, times=MAX_DELIVERY_ATTEMPTS + 2)
    await play_a_turn(table)
    await drain(client_table, table, rounds=MAX_DELIVERY_ATTEMPTS + 10)
    one_post_per_announcement(table)


async def test_a_failed_private_answer_does_not_lose_the_move(fake, client_table) -> None:
    """The move commits before the panel is edited; the edit failing (503) loses no move
    and the channel still hears about the turn."""
    table = await new_table(fake, client_table)
    before = table.record()
    posts_before = len(fake.posts_in(table.channel_id))
    mover, post = await whose_turn(table)
    opened = await open_turn(mover, post)
    await opened.wait_answered()
    panel = opened.panel()
    fake.inject("PATCH", r"^/webhooks/\d+/[^/]+/messages/@original$", status=503, times=1)
    while table.record().version == before.version:
        custom_id, values = pick_component(panel, random.Random(6))
        tapped = await mover.click(panel, custom_id, values)
        await settle()
        assert tapped.acknowledged
        panel = fake.messages[int(panel["id"])]
    assert table.record().version > before.version
    for _ in range(3):  # finish the turn if it has more steps
        if table.record().to_move() != before.to_move():
            break
        await play_a_turn(table, seed=7)
    await wait_drained(table.db_path)
    assert len(fake.posts_in(table.channel_id)) > posts_before
    one_post_per_announcement(table)


@pytest.mark.parametrize(("method", "path", "status"), [
    ("POST", r"^/interactions/\d+/[^/]+/callback$", 500),
    ("POST", r"^/interactions/\d+/[^/]+/callback$", 429),
    ("PATCH", r"^/webhooks/\d+/[^/]+/messages/@original$", 502),
    ("PATCH", r"^/webhooks/\d+/[^/]+/messages/@original$", 429),
])
async def test_the_player_gets_an_answer_through_transient_faults(fake, client_table, method: str,
                                                                  path: str, status: int,
                                                                  monkeypatch) -> None:
    if method == "PATCH":  # a busy bot: the tap is deferred at once, the panel edited in
        monkeypatch.setattr(acknowledge, "ANSWER_WITHIN", 0.0)
    table = await new_table(fake, client_table)
    mover, panel = await open_playable_panel(table)
    before = table.record().version
    fake.inject(method, path, status=status, retry_after=0.2, times=1)
    custom_id, values = pick_component(panel, random.Random(8))
    tapped = await mover.click(panel, custom_id, values)
    await settle()
    assert table.record().version == before + 1
    assert [c.status for c in fake.find(method, path)].count(status) == 1
    assert tapped.acknowledged and tapped.answered and tapped.all_private
    await drain(client_table, table)
    one_post_per_announcement(table)


async def test_a_typed_move_acknowledged_too_late_still_counts(fake, client_table) -> None:
    table = await new_table(fake, client_table)
    record = table.record()
    mover = table.players[record.user_of(record.to_move())]
    engine = get_game("pasture")
    decision = engine.pending(engine.load(json.dumps(record.state)))
    fake.inject("POST", r"^/interactions/\d+/[^/]+/callback$", status=404, code=10062,
                message="Unknown interaction")
    await mover.slash("move", channel_id=table.channel_id, option=decision.options[0].key)
    await settle()
    assert table.record().version == record.version + 1, "the typed move was dropped"
    await drain(client_table, table)
    one_post_per_announcement(table)
