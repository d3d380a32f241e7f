from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from bot.core.scheduler import SWEEP_EVERY, Scheduler
from bot.core.sessions import Sessions
from bot.core.timers import HOUR
from tests.bot.conftest import FakeClock
from tests.bot.helpers import drain, hot_seat, mover

#: A safety net against a hung test, not a timing assertion.
GUARD = 10.0


@pytest.fixture
async def scheduler(sessions: Sessions) -> AsyncIterator[Scheduler]:
    scheduler = Scheduler(sessions)
    yield scheduler
    await scheduler.stop()


async def cycle(scheduler: Scheduler, number: int) -> None:
    await asyncio.wait_for(scheduler.wait_for_cycle(number), GUARD)


async def test_run_once_reports_the_nearest_timer(
    sessions: Sessions, scheduler: Scheduler, clock: FakeClock
) -> None:
    assert await scheduler.run_once() is None
    await hot_seat(sessions)
    assert await scheduler.run_once() == 12 * HOUR
    clock.advance(13 * HOUR)
    assert await scheduler.run_once() == 9 * HOUR  # fired the first reminder
    assert [a.kind for a in await drain(sessions)][-1] == "reminder"


async def test_a_move_wakes_the_scheduler_for_the_nearest_timer(
    sessions: Sessions, scheduler: Scheduler, clock: FakeClock
) -> None:
    scheduler.start()
    await cycle(scheduler, 1)
    assert scheduler.next_due is None  # no timers: it sleeps

    info = await hot_seat(sessions)  # writes timers and wakes it
    await cycle(scheduler, 2)
    assert scheduler.next_due == clock() + 12 * HOUR

    user = await mover(sessions, info.id)
    clock.advance(HOUR)
    await sessions.play(info.id, user, "add1", None)  # same turn: timers unchanged
    await sessions.play(info.id, user, "add1", None)  # new turn: new timers
    await cycle(scheduler, 3)
    assert scheduler.next_due == clock() + 12 * HOUR
    assert scheduler.cycles == 3


async def test_due_timers_fire_from_the_running_task(
    sessions: Sessions, scheduler: Scheduler, clock: FakeClock
) -> None:
    delivered = asyncio.Event()
    info = await hot_seat(sessions)
    await drain(sessions)
    sessions.on_outbox(delivered.set)
    scheduler.start()
    await cycle(scheduler, 1)
    assert not delivered.is_set()

    clock.advance(24 * HOUR)  # both reminders and the deadline are due
    scheduler.wake()
    await asyncio.wait_for(delivered.wait(), GUARD)
    await cycle(scheduler, 2)
    kinds = [a.kind for a in await drain(sessions)]
    assert kinds == ["timeout"]  # (reminders due with their deadline are not posted)
    after = await sessions.info_by_id(info.id)
    assert scheduler.next_due == after.deadline_at - 12 * HOUR


async def test_a_failing_cycle_does_not_stop_the_scheduler(
    sessions: Sessions, scheduler: Scheduler, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = 0
    real = sessions.fire_due_timers

    async def flaky() -> int:
        nonlocal calls
        calls += 1
        if calls == 1:
            raise OSError("database is locked")
        return await real()

    monkeypatch.setattr(sessions, "fire_due_timers", flaky)
    scheduler.start()
    await cycle(scheduler, 1)
    scheduler.wake()
    await cycle(scheduler, 2)
    assert calls == 2 and scheduler.next_due is None


async def test_the_stale_sweep_runs_at_most_once_a_minute(
    sessions: Sessions, scheduler: Scheduler, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A cycle runs after every move that changes timers; the sweep reads every running
    game, so it is not repeated on each of them."""
    sweeps = []
    real = sessions.sweep_stale

    async def counted() -> int:
        sweeps.append(clock())
        return await real()

    monkeypatch.setattr(sessions, "sweep_stale", counted)
    await scheduler.run_once()
    await scheduler.run_once()
    assert len(sweeps) == 1
    clock.advance(SWEEP_EVERY)
    await scheduler.run_once()
    assert len(sweeps) == 2
