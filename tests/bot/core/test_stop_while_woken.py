"""Stopping a background loop (outbox deliverer, timer scheduler) in the very moment it is
woken up must stop it.

Both loops sleep on "woken up, or a few seconds passed". With ``asyncio.wait_for`` on
Python 3.11, a cancellation that arrives after the wake-up event was set but before the
loop's task resumed is swallowed (``wait_for`` returns the event's result instead), so the
loop goes round again and whoever awaits it after ``cancel()`` waits forever, the event
loop idle: the in-process e2e tests hung that way in their teardown, under load, when the
test's last move woke the deliverer just as the fixture cancelled it.

Here the race happens by construction: the loop is waiting, the test wakes it, lets the
event loop run ``yields`` callbacks (0 to 5: one of them is the instant the wake-up is
delivered but the task has not resumed yet) and cancels it then.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest

from bot.core.scheduler import Scheduler
from bot.core.sessions import Sessions
from bot.discord_ui.outbox import OutboxDeliverer

#: A hang guard, not a timing assertion.
GUARD = 30.0
YIELDS = range(6)


async def until(condition: Callable[[], bool], what: str) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + GUARD
    while not condition():
        assert loop.time() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.001)


async def wake_then_cancel(task: asyncio.Task[None], event: asyncio.Event,
                           wake: Callable[[], None], yields: int) -> None:
    await until(lambda: bool(getattr(event, "_waiters", None)), "the loop to sleep")
    wake()
    for _ in range(yields):
        await asyncio.sleep(0)
    task.cancel()
    done, _ = await asyncio.wait([task], timeout=GUARD)
    if not done:  # the bug: clean up, then fail with what happened
        task.cancel()
        await asyncio.wait([task], timeout=GUARD)
    assert done, f"cancelled {yields} callbacks after a wake-up, the loop kept running"


@pytest.mark.parametrize("yields", YIELDS)
async def test_the_outbox_deliverer_stops_when_cancelled_as_it_wakes(
        sessions: Sessions, yields: int) -> None:
    deliverer = OutboxDeliverer(None, sessions, clock=sessions.clock)  # type: ignore[arg-type]
    task = asyncio.create_task(deliverer.run())
    await wake_then_cancel(task, deliverer._wake, deliverer.wake, yields)


@pytest.mark.parametrize("yields", YIELDS)
async def test_the_scheduler_stops_when_cancelled_as_it_wakes(
        sessions: Sessions, yields: int) -> None:
    scheduler = Scheduler(sessions)
    task = scheduler.start()
    await until(lambda: scheduler.cycles >= 1, "the first cycle")
    await wake_then_cancel(task, scheduler._wake, scheduler.wake, yields)
