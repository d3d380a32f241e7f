"""Waiting for a wake-up without losing a cancellation.

The bot's background loops (outbox deliverer, timer scheduler) sleep until woken or a
few seconds have passed. ``asyncio.wait_for(event.wait(), t)`` must not be used for that
on Python 3.11: a ``cancel()`` that arrives after the event was set but before the
waiting task resumed is swallowed (``wait_for`` returns the event's result), the loop goes
round again, and whoever awaits the cancelled task waits forever. ``asyncio.timeout``
(3.11+) keeps the cancellation.
"""

from __future__ import annotations

import asyncio
import contextlib


async def woken(event: asyncio.Event, timeout: float) -> bool:
    """Wait until ``event`` is set (True) or ``timeout`` seconds have passed (False)."""
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(timeout):
            return await event.wait()
    return False
