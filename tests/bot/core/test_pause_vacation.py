"""Pause and resume (the creator, or every seated player), and vacations."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.core.sessions import PAUSED, SessionError, Sessions
from bot.core.stale import DAY
from bot.storage.rows import Change, StaleVersion
from bot.storage.store import Store
from testkit.clock import FakeClock
from tests.bot.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD
from tests.bot.helpers import drain, hot_seat, lobby, mover

HOUR = 3600.0


async def test_the_creator_pauses_and_the_clock_stands_still(
        sessions: Sessions, clock: FakeClock) -> None:
    info = await hot_seat(sessions)
    deadline = info.deadline_at
    await drain(sessions)
    clock.advance(5 * HOUR)
    paused, done = await sessions.pause(CHANNEL, ALICE)
    assert done and paused.deadline_at is not None
    assert await sessions.next_timer_due() is None  # no reminder, no deadline
    user = await mover(sessions, info.id)
    with pytest.raises(SessionError) as refused:
        await sessions.play(info.id, user, "add1", None)
    assert str(refused.value) == PAUSED == "The game is paused: `/estancia resume` to go on."
    clock.advance(3 * DAY)
    assert await sessions.fire_due_timers() == 0

    running, done = await sessions.resume(CHANNEL, ALICE)
    assert done and running.deadline_at == deadline + 3 * DAY  # the 3 days paused
    assert await sessions.next_timer_due() == running.deadline_at - 12 * HOUR
    (_, told) = await drain(sessions)
    assert told.text == "Alice resumed the game." and told.mention_user_ids == (user,)
    await sessions.play(info.id, user, "add1", None)


async def test_other_players_pause_only_when_every_seat_agrees(sessions: Sessions) -> None:
    await lobby(sessions)
    await sessions.join(CHANNEL, BOB, "Bob")
    await sessions.join(CHANNEL, CAROL, "Carol")
    await sessions.start(CHANNEL, ALICE)
    await drain(sessions)
    info, done = await sessions.pause(CHANNEL, BOB)
    assert not done
    (asked,) = await drain(sessions)
    assert asked.vote == "pause"
    assert asked.text.startswith("Bob would like to pause the game (1 of 3 agree)")
    _, done = await sessions.pause(CHANNEL, CAROL)
    assert not done
    _, done = await sessions.pause(CHANNEL, ALICE)
    assert done and (await sessions.info(CHANNEL)).deadline_at is not None
    with pytest.raises(SessionError, match="already paused"):
        await sessions.pause(CHANNEL, BOB)


async def test_a_vacation_moves_the_running_turn_and_delays_new_turns(
        sessions: Sessions, clock: FakeClock) -> None:
    info = await hot_seat(sessions)
    await drain(sessions)
    user = await mover(sessions, info.id)
    other = BOB if user == ALICE else ALICE
    clock.advance(4 * HOUR)
    until = await sessions.vacation(user, 3)
    assert until == clock() + 3 * DAY
    moved = await sessions.info_by_id(info.id)
    assert moved.deadline_at == info.deadline_at + 3 * DAY  # the 20 h left, after the vacation
    assert moved.version == info.version  # an open panel stays valid

    await sessions.vacation(other, 2)  # the other player's next turn waits for them
    await sessions.play(info.id, user, "add1", None)
    await sessions.play(info.id, user, "end", None)
    after = await sessions.info_by_id(info.id)
    assert after.deadline_at == clock() + 2 * DAY + 24 * HOUR
    (*_, turn) = await drain(sessions)
    assert turn.away_until == clock() + 2 * DAY
    assert "on vacation until" in turn.content()

    await sessions.vacation(other, 0)  # back early: the clock runs from now
    assert (await sessions.info_by_id(info.id)).deadline_at == clock() + 24 * HOUR


async def test_a_vacation_is_not_a_stall(sessions: Sessions, clock: FakeClock) -> None:
    await sessions.set_server(GUILD, stale_days=1)
    info = await hot_seat(sessions)
    await sessions.vacation(await mover(sessions, info.id), 30)
    clock.advance(10 * DAY)
    assert await sessions.sweep_stale() == 0


async def test_joining_while_away_carries_the_vacation(sessions: Sessions, clock: FakeClock) -> None:
    until = await sessions.vacation(BOB, 5)
    await lobby(sessions)
    info = await sessions.join(CHANNEL, BOB, "Bob")
    row = await sessions.store.game(info.id)
    assert row is not None and row.seats[1].away_until == until


async def test_a_move_read_before_a_vacation_does_not_overwrite_it(
        sessions: Sessions, store: Store) -> None:
    """A vacation keeps the version (open panels stay valid), so the compare-and-swap
    also covers the seats: a change built from the row read before is refused."""
    info = await hot_seat(sessions)
    before = await store.game(info.id)
    assert before is not None
    await sessions.vacation(BOB, 3)
    with pytest.raises(StaleVersion):
        await store.commit(Change(replace(before, version=before.version + 1), before.version))
    row = await store.game(info.id)
    assert row is not None and row.seats[1].away_until is not None


async def test_a_pause_and_a_vacation_outlive_a_restart(
        sessions: Sessions, store: Store, settings, clock: FakeClock, db_path) -> None:
    info = await hot_seat(sessions)
    user = await mover(sessions, info.id)
    await sessions.vacation(user, 2)
    await sessions.pause(CHANNEL, ALICE)
    await store.close()

    reopened = await Store.open(db_path)  # the bot restarts: everything comes from the file
    try:
        again = Sessions(reopened, settings, clock=clock)
        clock.advance(5 * DAY)
        assert await again.fire_due_timers() == 0
        with pytest.raises(SessionError):
            await again.play(info.id, user, "add1", None)
        running, done = await again.resume(CHANNEL, ALICE)
        assert done
        row = await reopened.game(info.id)
        assert row is not None and row.seats[info.seat_of(user)].away_until is not None
        assert running.deadline_at == info.deadline_at + 2 * DAY + 5 * DAY
    finally:
        await reopened.close()


async def idle_turn_with_a_timer_set_late(sessions: Sessions, clock: FakeClock):
    """A turn with no timer at first, left idle two days, then a 24 h timer set
    mid-turn (it counts from the change, not from the turn's start)."""
    await lobby(sessions)
    await sessions.join(CHANNEL, BOB, "Bob")
    await sessions.set_settings(CHANNEL, ALICE, False, turn_timeout_hours=0)
    info = await sessions.start(CHANNEL, ALICE)
    await drain(sessions)
    clock.advance(2 * DAY)
    timed = await sessions.set_settings(CHANNEL, ALICE, False, turn_timeout_hours=24,
                                        timeout_policy="forfeit")
    assert timed.deadline_at == clock() + 24 * HOUR
    return info, timed


async def test_pause_and_resume_give_back_a_deadline_set_mid_turn(
        sessions: Sessions, clock: FakeClock) -> None:
    info, timed = await idle_turn_with_a_timer_set_late(sessions, clock)
    clock.advance(HOUR)  # 23 h left
    await sessions.pause(CHANNEL, ALICE)
    clock.advance(5 * HOUR)
    running, _ = await sessions.resume(CHANNEL, ALICE)
    assert running.deadline_at == timed.deadline_at + 5 * HOUR  # exactly the 23 h left
    assert await sessions.fire_due_timers() == 0
    assert (await sessions.info_by_id(info.id)).status == "active"  # nobody forfeited
    clock.advance(23 * HOUR - 1)
    await sessions.fire_due_timers()
    assert (await sessions.info_by_id(info.id)).status == "active"
    clock.advance(1)
    await sessions.fire_due_timers()
    assert (await sessions.info_by_id(info.id)).status == "finished"  # the forfeit, on time


async def test_a_vacation_gives_back_a_deadline_set_mid_turn(
        sessions: Sessions, clock: FakeClock) -> None:
    info, timed = await idle_turn_with_a_timer_set_late(sessions, clock)
    user = await mover(sessions, info.id)
    clock.advance(HOUR)
    until = await sessions.vacation(user, 1)
    moved = await sessions.info_by_id(info.id)
    assert moved.deadline_at == timed.deadline_at + DAY  # the 23 h left, after a day away
    clock.advance(2 * HOUR)
    await sessions.vacation(user, 0)  # back early: 22 h away were not used
    back = await sessions.info_by_id(info.id)
    assert back.deadline_at == clock() + 23 * HOUR
    assert until is not None and await sessions.fire_due_timers() == 0


async def test_a_vacation_during_a_pause_keeps_the_deadline(
        sessions: Sessions, clock: FakeClock) -> None:
    info, timed = await idle_turn_with_a_timer_set_late(sessions, clock)
    user = await mover(sessions, info.id)
    await sessions.pause(CHANNEL, ALICE)
    await sessions.vacation(user, 1)
    clock.advance(3 * HOUR)
    await sessions.vacation(user, 0)
    running, _ = await sessions.resume(CHANNEL, ALICE)
    assert running.deadline_at == timed.deadline_at + 3 * HOUR  # the pause's 3 h
    assert await sessions.fire_due_timers() == 0


async def test_a_timer_set_while_paused_starts_when_the_game_resumes(
        sessions: Sessions, clock: FakeClock) -> None:
    info = await hot_seat(sessions)
    await drain(sessions)
    await sessions.pause(CHANNEL, ALICE)
    clock.advance(HOUR)
    await sessions.set_settings(CHANNEL, ALICE, False, turn_timeout_hours=1,
                                reminder_hours=[])
    assert await sessions.next_timer_due() is None  # no timer runs while paused
    clock.advance(2 * HOUR)
    assert await sessions.fire_due_timers() == 0
    running, _ = await sessions.resume(CHANNEL, ALICE)
    assert running.deadline_at == clock() + HOUR and running.to_move == info.to_move


async def test_a_resume_while_the_mover_is_away_waits_for_them(
        sessions: Sessions, clock: FakeClock) -> None:
    info = await hot_seat(sessions)
    await drain(sessions)
    user = await mover(sessions, info.id)
    clock.advance(4 * HOUR)  # 20 h left
    await sessions.pause(CHANNEL, ALICE)
    until = await sessions.vacation(user, 2)
    clock.advance(DAY)
    running, _ = await sessions.resume(CHANNEL, ALICE)
    assert until is not None and running.deadline_at == until + 20 * HOUR
