"""The outbox deliverer under Discord errors: nothing is lost, order is kept."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from bot.core.scheduler import Scheduler
from bot.discord_ui.outbox import delivery_nonce
from testkit.fakediscord import Call, FakeDiscord, FakeMember
from testkit.harness import Table
from testkit.scenario import to_move
from tests.discord import pasture


async def lobby_with_two(table: Table, alice: FakeMember, bob: FakeMember) -> None:
    await table.slash(alice, "new", game="pasture")
    await table.slash(bob, "join")
    await table.deliver()


async def test_a_long_rate_limit_is_waited_out_later(table: Table, fake: FakeDiscord,
                                                     alice: FakeMember, bob: FakeMember) -> None:
    await lobby_with_two(table, alice, bob)
    await table.slash(alice, "start")
    fake.inject("POST", r"^/channels/\d+/messages$", status=429, retry_after=120)
    assert await table.deliver() == []
    assert [c.status for c in fake.find("POST", r"/messages$")][-1] == 429

    table.clock.advance(60)
    assert await table.deliver() == []  # not due yet: no request at all
    assert fake.find("POST", r"/messages$")[-1].status == 429

    table.clock.advance(61)
    (post,) = await table.deliver()
    assert "it's your turn" in post.body["content"]


async def test_server_errors_and_refusals_are_retried_in_order(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember) -> None:
    await lobby_with_two(table, alice, bob)
    await table.slash(alice, "start")
    fake.inject("POST", r"^/channels/\d+/messages$", status=503)
    assert await table.deliver() == []

    info = await table.sessions.info(fake.channel_id())
    mover = to_move(table, {alice.user.id: alice, bob.user.id: bob}, info)
    await table.slash(mover, "move", option="a1")
    await table.slash(mover, "move", option="fence")  # a turn announcement queues behind
    fake.inject("POST", r"^/channels/\d+/messages$", status=403, code=50001,
                message="Missing Access")
    table.clock.advance(3600)
    assert await table.deliver() == []

    table.clock.advance(3600)
    start, turn = await table.deliver()
    assert "fences A1" not in start.body["content"] and "fences A1" in turn.body["content"]
    assert [c.status for c in fake.find("POST", r"/messages$")][-4:] == [503, 403, 200, 200]
    assert await table.deliver() == []  # each announcement was sent exactly once


async def test_a_board_that_cannot_be_drawn_does_not_hold_back_the_ping(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember,
        monkeypatch: pytest.MonkeyPatch) -> None:
    await lobby_with_two(table, alice, bob)

    def broken(view: dict, names: list[str]) -> None:
        raise RuntimeError("renderer bug")

    monkeypatch.setattr(pasture, "render", broken)
    await table.slash(alice, "start")
    (post,) = await table.deliver()
    assert "it's your turn" in post.body["content"] and post.files == []
    assert post.custom_ids[0].startswith("est:turn:")


async def test_reminders_and_deadlines_become_channel_messages(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember) -> None:
    await lobby_with_two(table, alice, bob)
    await table.slash(alice, "start")
    await table.deliver()
    info = await table.sessions.info(fake.channel_id())
    mover = info.seats[info.to_move].user_id
    scheduler = Scheduler(table.sessions)

    table.clock.advance(12 * 3600 + 1)  # 12 h before the 24 h deadline
    await scheduler.run_once()
    (reminder,) = await table.deliver()
    assert f"<@{mover}>, a reminder: it is your turn" in reminder.body["content"]
    assert reminder.body["allowed_mentions"]["users"] == [mover]
    assert reminder.custom_ids == [f"est:turn:{info.id}"]

    table.clock.advance(12 * 3600)  # the deadline: the computer plays the turn
    await scheduler.run_once()
    posts = await table.deliver()
    other = bob.user.id if mover == alice.user.id else alice.user.id
    assert f"<@{other}>, it's your turn" in posts[-1].body["content"]
    assert (await table.sessions.info_by_id(info.id)).to_move != info.to_move


async def test_a_slow_channel_holds_back_only_its_own_game(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember) -> None:
    await table.slash(alice, "new", game="pasture")
    await table.feed(fake.slash(bob, "estancia", "new", channel_id=fake.channel_id("corral"),
                                game="pasture"))
    ranch = rf"^/channels/{fake.channel_id('ranch')}/messages$"
    fake.inject("POST", ranch, delay=0.5)
    outbox = table.bot.outbox
    slow, quick = await outbox.start_due()
    await quick
    assert len(fake.channel_posts(fake.channel_id("corral"))) == 1
    assert not slow.done() and fake.channel_posts(fake.channel_id("ranch")) == []
    await slow
    assert len(fake.channel_posts(fake.channel_id("ranch"))) == 1
    assert await table.deliver() == []


async def test_a_deleted_channel_drops_its_announcement_and_not_the_next(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember) -> None:
    """404 Unknown Channel (10003) cannot succeed later: that announcement is dropped
    at once instead of being retried for ever, and the game's later ones still go."""
    await lobby_with_two(table, alice, bob)
    await table.slash(alice, "start")
    fake.inject("POST", r"^/channels/\d+/messages$", status=404, code=10003,
                message="Unknown Channel")
    assert await table.deliver() == []
    attempts = len(fake.find("POST", r"/messages$"))

    table.clock.advance(7200)
    assert await table.deliver() == []  # nothing left to retry
    assert len(fake.find("POST", r"/messages$")) == attempts

    info = await table.sessions.info(fake.channel_id())
    mover = to_move(table, {alice.user.id: alice, bob.user.id: bob}, info)
    await table.slash(mover, "move", option="a1")
    await table.slash(mover, "move", option="fence")
    (turn,) = await table.deliver()
    assert "fences A1" in turn.body["content"]


async def test_a_resent_announcement_is_deduplicated_by_its_nonce(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember) -> None:
    """Every post carries a fixed nonce with enforce_nonce: if the bot sends one again
    (it crashed before recording that Discord accepted it), no second message appears."""
    await lobby_with_two(table, alice, bob)
    await table.slash(alice, "start")
    (announcement,) = await table.sessions.pending_announcements()
    (post,) = await table.deliver()
    assert post.body["enforce_nonce"] is True and post.body["nonce"]
    created = len(fake.created_posts)

    assert table.bot is not None and table.bot.outbox is not None
    await table.bot.outbox.deliver(announcement)  # the same announcement once more

    assert len(fake.created_posts) == created
    assert fake.nonce_replays[-1] == (fake.channel_id(), str(post.body["nonce"]))


async def test_a_game_being_delivered_is_not_read_again(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember) -> None:
    """While a game's announcement is under way, the deliverer's next looks leave that
    game out (under load those looks read every game under way again, for nothing)."""
    await table.slash(alice, "new", game="pasture")
    await table.feed(fake.slash(bob, "estancia", "new", channel_id=fake.channel_id("corral"),
                                game="pasture"))
    fake.inject("POST", rf"^/channels/{fake.channel_id('ranch')}/messages$", delay=0.5)
    outbox = table.bot.outbox
    slow, quick = await outbox.start_due()
    await quick
    store = table.sessions.store
    read: list[int] = []
    claim = store.claim_outbox

    async def spy(now: float, limit: int, skip_games: Any = ()) -> Any:
        rows = await claim(now, limit, skip_games)
        read.extend(r.game_id for r in rows)
        return rows

    store.claim_outbox = spy
    assert await outbox.start_due() == []
    assert read == [] and not slow.done()
    await slow
    assert len(fake.channel_posts(fake.channel_id("ranch"))) == 1
    assert await table.deliver() == []


def with_files(call: Call) -> bool:
    return bool(call.files)


async def test_a_post_refused_with_its_image_goes_without_it_at_once(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember,
        caplog: pytest.LogCaptureFixture) -> None:
    """A refusal (a 400, or Attach Files taken away) is not waited out as if
    Discord were down: the message goes again at once without its image."""
    await lobby_with_two(table, alice, bob)
    await table.slash(alice, "start")
    refusal = fake.inject("POST", r"^/channels/\d+/messages$", status=400, code=50035,
                          message="Invalid Form Body", times=100, when=with_files)
    with caplog.at_level(logging.WARNING):
        (post,) = await table.deliver()
    assert refusal.hits == 1
    assert "it's your turn" in post.body["content"] and post.files == []
    assert post.custom_ids, "the buttons are kept: the player can still play"
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]

    info = await table.sessions.info(fake.channel_id())
    mover = to_move(table, {alice.user.id: alice, bob.user.id: bob}, info)
    await table.slash(mover, "move", option="a1")
    await table.slash(mover, "move", option="fence")
    (turn,) = await table.deliver()  # the next one does not wait behind anything
    assert "fences A1" in turn.body["content"]


async def test_a_post_refused_in_every_form_is_given_up_with_a_note(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember,
        caplog: pytest.LogCaptureFixture) -> None:
    """A turn announcement Discord refuses every time (a 400) is tried a
    bounded number of times, then given up with an ERROR and a short note in the
    channel; the game's later announcements never wait on it."""
    await lobby_with_two(table, alice, bob)
    await table.slash(alice, "start")
    (doomed,) = await table.sessions.pending_announcements()
    nonce = delivery_nonce(doomed)
    fake.inject("POST", r"^/channels/\d+/messages$", status=400, code=50035,
                message="Invalid Form Body", times=1000,
                when=lambda call: call.body.get("nonce") == nonce)
    info = await table.sessions.info(fake.channel_id())
    mover = to_move(table, {alice.user.id: alice, bob.user.id: bob}, info)
    await table.slash(mover, "move", option="a1")
    await table.slash(mover, "move", option="fence")  # a turn announcement behind it

    posted: list[Call] = []
    with caplog.at_level(logging.WARNING):
        for _ in range(20):
            posted += await table.deliver()
            table.clock.advance(3600)
    tries = [c for c in fake.find("POST", r"/messages$") if c.body.get("nonce") == nonce]
    assert 1 < len(tries) <= 3 * 3, "bounded: a few tries of each form, then no more"
    assert all(c.status == 400 for c in tries)
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(errors) == 1 and f"announcement {doomed.outbox_id}" in errors[0].getMessage()
    note, turn = posted
    assert "could not be posted" in note.body["content"]
    assert note.body["allowed_mentions"]["users"] == [mover.user.id]
    assert "fences A1" in turn.body["content"]
    assert await table.deliver() == []


async def test_a_long_outage_is_waited_out_and_the_post_keeps_its_buttons(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember) -> None:
    """Server errors are not refusals: a turn announcement is never given up for them
    (after many, it goes without its image: a 5xx may be about that message alone)."""
    await lobby_with_two(table, alice, bob)
    await table.slash(alice, "start")
    fake.inject("POST", r"^/channels/\d+/messages$", status=503, times=30)
    for _ in range(30):
        assert await table.deliver() == []
        table.clock.advance(3600)
    (post,) = await table.deliver()
    assert "it's your turn" in post.body["content"] and post.custom_ids
