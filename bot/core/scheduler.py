"""The turn-timer scheduler: one asyncio task that fires reminders and deadlines.

Each cycle also sweeps stale games and forgotten lobbies (:meth:`Sessions.sweep_stale`,
at most every ``SWEEP_EVERY`` and at least every ``MAX_SLEEP``: the sweep reads every
running game, and a cycle runs after every move that changes timers) and rates the games that finished since
(:meth:`Sessions.rate_finished_games`), both from the database, each change guarded by
the game's version, so a restart loses or doubles nothing.

It sleeps until the nearest unfired timer in the database, fires what is due through
:meth:`bot.core.sessions.Sessions.fire_due_timers`, and is woken early whenever a commit
changes timers (``Sessions.on_timers``). All timers live in the database, so a restart
loses nothing: the first cycle fires whatever fell due while the bot was down.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable

from bot.core.sessions import Sessions
from bot.core.waiting import woken

log = logging.getLogger(__name__)

#: Never sleep longer than this (seconds of real time), so that a changed system clock
#: or a timer written by another process is noticed eventually.
MAX_SLEEP = 300.0
#: The stale sweep runs at most this often (seconds of the sessions' clock): stale games
#: are counted in days, and reading every running game after every move would make a
#: busy bot's moves cost more the more games it runs.
SWEEP_EVERY = 60.0
#: Pause after an unexpected error before trying again.
ERROR_PAUSE = 30.0


class Scheduler:
    """Fires due timers. ``clock`` defaults to the sessions' clock (a fake one in tests)."""

    def __init__(
        self,
        sessions: Sessions,
        clock: Callable[[], float] | None = None,
        max_sleep: float = MAX_SLEEP,
    ) -> None:
        self._sessions = sessions
        self._clock = clock or sessions.clock
        self._max_sleep = max_sleep
        self._wake = asyncio.Event()
        self._cycled = asyncio.Condition()
        self._task: asyncio.Task[None] | None = None
        #: Completed cycles, and the due time the scheduler is sleeping towards.
        self.cycles = 0
        self.next_due: float | None = None
        self._swept_at = float("-inf")
        sessions.on_timers(self.wake)

    def wake(self) -> None:
        """Re-read the timers now (called after every commit that changed them)."""
        self._wake.set()

    async def run_once(self) -> float | None:
        """Fire what is due; return seconds until the next timer (None: no timers)."""
        self._wake.clear()
        fired = await self._sessions.fire_due_timers()
        if fired:
            log.info("fired %d timer(s)", fired)
        now = self._clock()
        if not 0 <= now - self._swept_at < SWEEP_EVERY:  # (a clock set back sweeps too)
            self._swept_at = now
            swept = await self._sessions.sweep_stale()
            if swept:
                log.info("stale sweep changed %d game(s)", swept)
        # A game that finished (by a move, a deadline or the sweep) woke us: rate it now.
        rated = await self._sessions.rate_finished_games()
        if rated:
            log.info("rated %d finished game(s)", rated)
        self.next_due = await self._sessions.next_timer_due()
        if self.next_due is None:
            return None
        return max(0.0, self.next_due - self._clock())

    async def run(self) -> None:
        """Run until cancelled."""
        while True:
            try:
                delay = await self.run_once()
            except Exception:
                log.exception("timer scheduler failed; retrying in %.0f s", ERROR_PAUSE)
                delay = ERROR_PAUSE
            async with self._cycled:
                self.cycles += 1
                self._cycled.notify_all()
            timeout = self._max_sleep if delay is None else min(delay, self._max_sleep)
            await woken(self._wake, timeout)

    def start(self) -> asyncio.Task[None]:
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self.run(), name="estancia-timers")
        return self._task

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def wait_for_cycle(self, number: int) -> None:
        """Wait until cycle ``number`` has completed (``cycles`` counts them; for tests
        and diagnostics: read ``cycles``, cause a change, wait for ``cycles + 1``)."""
        async with self._cycled:
            await self._cycled.wait_for(lambda: self.cycles >= number)
