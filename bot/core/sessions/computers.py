"""Computer seats in the background: after a commit that leaves a computer (or a forced
step) to move, one task per game plays until a human must choose, and commits its steps
under the version guard; a failed task is tried again."""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable

from bot.core.autoplay import Step, computer_to_move, think_off_loop
from bot.core.sessions.common import (
    COMPUTER_RETRY_DELAYS,
    STALE_RETRIES,
    SessionError,
    computer_levels,
)
from bot.core.sessions.core import SessionCore
from bot.storage.rows import Change, StaleVersion
from games.i18n import using

log = logging.getLogger(__name__)


class Computers:
    """The background tasks playing the computer seats, one per game."""

    def __init__(self, core: SessionCore) -> None:
        self.core = core
        #: Told of each computer step as it is played, before it is stored (the terminal
        #: shows that the computers are getting on): (game id, step).
        self.progress: Callable[[int, Step], None] | None = None
        #: game id -> the background task playing its computer seats
        self._thinking: dict[int, asyncio.Task[None]] = {}
        self._think_again: set[int] = set()
        #: game id -> failed computer tasks in a row (retried while the bot runs)
        self._think_failures: dict[int, int] = {}

    def play_if_due(self, change: Change) -> None:
        """After ``change`` was committed: if a computer seat (or a forced step) is to
        move, let the game's computer seats play in the background."""
        if (change.game.status != "active" or change.game.state is None
                or change.game.paused_at is not None):
            return
        loaded = self.core.load(change.game)
        if computer_to_move(loaded.game, loaded.state, [s.user_id for s in change.game.seats]):
            self._kick(change.game.id)

    def thinking(self, game_id: int) -> bool:
        """Whether the game's computer seats are playing now."""
        task = self._thinking.get(game_id)
        return task is not None and not task.done()

    async def wait(self, game_id: int | None = None,
                   on_wait: Callable[[], None] | None = None) -> None:
        """Wait until the computer seats of one game (or of every game) have played.

        A game with a computer to move but no task (a saved game opened again) is started
        first. ``on_wait`` is called once if there is anything to wait for (the terminal
        says "Computer is thinking…")."""
        if game_id is not None and game_id not in self._thinking:
            row = await self.core.store.game(game_id)
            if row is not None and row.status == "active":
                self.play_if_due(Change(row, row.version))
        told = False
        while True:
            tasks = [t for g, t in self._thinking.items()
                     if game_id is None or g == game_id]
            if not tasks:
                return
            if on_wait is not None and not told:
                on_wait()
                told = True
            await asyncio.wait(tasks)

    async def resume(self, owns: Callable[[int | None], bool] | None = None) -> int:
        """After a start: every running game with a computer (or forced step) to move goes
        on — of the guilds ``owns`` accepts (a process of a sharded bot: its shards').
        Returns how many games were started again."""
        resumed = 0
        for row in await self.core.store.games_with_status("active"):
            if row.paused_at is not None or (owns is not None and not owns(row.guild_id)):
                continue
            try:
                loaded = self.core.load(row)
            except SessionError:
                continue
            if computer_to_move(loaded.game, loaded.state, [s.user_id for s in row.seats]):
                self._kick(row.id)
                resumed += 1
        if resumed:
            log.info("computer seats resume in %d game(s)", resumed)
        return resumed

    async def close(self) -> None:
        """Stop the background computer tasks (their games resume at the next start)."""
        tasks = list(self._thinking.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._thinking.clear()

    def _kick(self, game_id: int, delay: float = 0.0) -> None:
        """Let the computer seats of this game play (a background task, one per game),
        after ``delay`` seconds (a retry)."""
        running = self._thinking.get(game_id)
        if running is not None and not running.done():
            self._think_again.add(game_id)  # it may have looked already: look once more
            return
        work = self._think(game_id) if delay <= 0 else self._think_after(game_id, delay)
        task = asyncio.create_task(work, name=f"estancia-computer-{game_id}")
        self._thinking[game_id] = task
        task.add_done_callback(functools.partial(self._thought, game_id))

    def _thought(self, game_id: int, task: asyncio.Task[None]) -> None:
        if self._thinking.get(game_id) is task:
            del self._thinking[game_id]
        if not task.cancelled() and task.exception() is not None:
            self._think_again.discard(game_id)
            self._retry_after_failure(game_id, task.exception())
            return
        if not task.cancelled():
            self._think_failures.pop(game_id, None)
        if game_id in self._think_again and not task.cancelled():
            self._think_again.discard(game_id)
            self._kick(game_id)

    async def _think(self, game_id: int) -> None:
        """Play every computer (and forced) step pending in the game, then commit them
        in one change guarded by the version they were computed from."""
        for _attempt in range(STALE_RETRIES):
            row = await self.core.store.game(game_id)
            if row is None or row.status != "active" or row.paused_at is not None:
                return
            loaded = self.core.load(row)
            users = [s.user_id for s in row.seats]
            if not computer_to_move(loaded.game, loaded.state, users):
                return
            assert loaded.state is not None
            with using(row.language):  # what the computers do is announced in the game's
                hook = self.progress
                steps = await think_off_loop(
                    loaded.game, loaded.state, users, levels=computer_levels(row),
                    progress=None if hook is None else functools.partial(hook, game_id))
            if not steps:
                return
            change = await self.core.advance(loaded, steps)
            try:
                await self.core.commit(change)
            except StaleVersion:
                continue  # someone changed the game meanwhile (an undo, a setting): again
            self.core.remember(loaded, change, steps[-1].state)
            return
        log.warning("computer seats of game %s: the game kept changing; will try again",
                    game_id)
        self._think_again.add(game_id)

    async def _think_after(self, game_id: int, delay: float) -> None:
        await asyncio.sleep(delay)
        await self._think(game_id)

    def _retry_after_failure(self, game_id: int, error: BaseException | None) -> None:
        """A failed computer task (a worker lost, the database busy, a bug) is tried
        again while the bot runs, :data:`COMPUTER_RETRY_DELAYS` apart; after that, at
        the next start (:meth:`resume`)."""
        failures = self._think_failures.get(game_id, 0) + 1
        self._think_failures[game_id] = failures
        if failures > len(COMPUTER_RETRY_DELAYS):
            log.error("computer seats of game %s failed %d times in a row; they try again "
                      "at the next start", game_id, failures, exc_info=error)
            self._think_failures.pop(game_id, None)
            return
        delay = COMPUTER_RETRY_DELAYS[failures - 1]
        log.error("computer seats of game %s failed (attempt %d of %d); trying again in %g s",
                  game_id, failures, len(COMPUTER_RETRY_DELAYS) + 1, delay, exc_info=error)
        self._kick(game_id, delay)
