"""Moves: a human's step, the computer seats' turns in the background, undo."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Sequence
from dataclasses import replace

from bot.core import transitions
from bot.core.autoplay import (
    Step,
    computer_to_move,
    human_step,
    is_forced,
    retell,
    think_off_loop,
    turn_key,
)
from bot.core.sessions.common import (
    CANNOT_UNDO,
    COMPUTER_RETRY_DELAYS,
    NOT_YOUR_TURN,
    PANEL_LOOKBACK,
    PAUSED,
    STALE,
    STALE_RETRIES,
    UNDO_LOOKBACK,
    YOUR_TURN,
    MoveResult,
    SessionError,
    SessionsCore,
    computer_levels,
    log,
    refusal,
)
from bot.core.transitions import Loaded, visible
from bot.storage.rows import Change, MoveRow, StaleVersion
from games import i18n
from games.base import Decision, IllegalMove
from games.i18n import N_, _, using


class Moves(SessionsCore):
    """Moves: a human's step, the computer seats' turns in the background, undo."""

    # -- playing -----------------------------------------------------------------------
    async def play(
        self, game_id: int, user_id: int, key: str, expected_version: int | None,
        interaction_id: int | None = None,
    ) -> MoveResult:
        """Play option ``key`` for the user's seat.

        ``expected_version`` comes from a panel or button: a different current version
        means the panel is out of date and the move is refused — unless all that happened
        since are other seats' side steps (an exchange token used on this player's turn)
        and the decision is still the one the panel shows (:meth:`_still_asked`). ``None`` (a typed
        command) means "the current version" (retried if another change lands first).
        ``interaction_id``: the Discord tap playing it, logged with the move
        (:meth:`played_by`).
        """
        if expected_version is None:
            return await self._retrying(
                lambda: self._play(game_id, user_id, key, None, interaction_id))
        try:
            return await self._play(game_id, user_id, key, expected_version, interaction_id)
        except StaleVersion:
            raise SessionError(STALE) from None

    async def played_by(self, game_id: int, version: int, interaction_id: int) -> bool:
        """Whether the tap ``interaction_id`` played the step that made ``version`` (it
        was delivered twice, and the other delivery played it)."""
        return await self.store.played_by(game_id, version, interaction_id)

    async def play_side(
        self, game_id: int, user_id: int, key: str, expected_version: int | None,
        interaction_id: int | None = None,
    ) -> MoveResult:
        """Play option ``key`` of what the user's seat may do outside the pending decision
        (``Game.side_decision``: a GWT:A exchange token on another's turn), from their hand
        panel. Checked, logged and announced like :meth:`play` (a move of that seat, with
        the same version check); the answer's ``side`` is what they may still do."""
        if expected_version is None:
            return await self._retrying(
                lambda: self._play(game_id, user_id, key, None, interaction_id, side=True))
        try:
            return await self._play(game_id, user_id, key, expected_version, interaction_id,
                                    side=True)
        except StaleVersion:
            raise SessionError(STALE) from None

    async def _play(
        self, game_id: int, user_id: int, key: str, expected_version: int | None,
        interaction_id: int | None = None, side: bool = False,
    ) -> MoveResult:
        row = await self._row_by_id(game_id)
        behind = expected_version is not None and expected_version != row.version
        if behind and (row.status != "active" or row.paused_at is not None
                       or all(s.user_id != user_id for s in row.seats)):
            raise SessionError(STALE)
        self._require_active(row)
        seat = self._require_seat(row, user_id)
        if row.paused_at is not None:
            raise SessionError(PAUSED)
        loaded = self._load(row)
        decision = loaded.decision
        assert loaded.state is not None and decision is not None
        asked = loaded.game.side_decision(loaded.state, seat) if side else decision
        if behind:
            assert expected_version is not None
            await self._still_asked(loaded, seat, expected_version, asked, side)
        if side and asked is None:
            raise SessionError(NOT_YOUR_TURN if decision.seat != seat else YOUR_TURN)
        if not side and decision.seat != seat:
            raise SessionError(NOT_YOUR_TURN)
        users = [s.user_id for s in row.seats]
        reader = i18n.current()
        try:
            # One engine step (and the forced ones after it): quick, so the player is
            # answered at once; computer seats then play in the background. Its events
            # are logged and announced in the game's language.
            with using(row.language):
                steps = await asyncio.to_thread(human_step, loaded.game, loaded.state, seat,
                                                key, users)
        except IllegalMove as exc:
            raise SessionError.verbatim(refusal(loaded.game, loaded.state, seat, key, exc)
                                        ) from None
        change = await self._advance(loaded, steps)
        if interaction_id is not None:
            change.moves[0] = replace(change.moves[0], interaction_id=interaction_id)
        await self._commit(change)
        self._remember(loaded, change, steps[-1].state)
        self._kick_if_computer(change)
        if reader != row.language:  # the player's own answer, in their language
            steps = await asyncio.to_thread(retell, loaded.game, loaded.state, steps)
        return self._result_for(seat, loaded, change, steps)

    async def panel_holds(self, game_id: int, user_id: int, version: int) -> bool:
        """Whether a turn panel built at ``version`` still holds now (see
        :meth:`_still_asked`): the same version, or only other seats' side steps since."""
        row = await self._row_by_id(game_id)
        if version == row.version:
            return True
        seat = next((i for i, s in enumerate(row.seats) if s.user_id == user_id), None)
        if row.status != "active" or row.paused_at is not None or seat is None:
            return False
        loaded = self._load(row)
        try:
            await self._still_asked(loaded, seat, version, loaded.decision, side=False)
        except SessionError:
            return False
        return True

    async def _still_asked(self, loaded: Loaded, seat: int, version: int,
                           asked: Decision | None, side: bool) -> None:
        """A panel built at ``version`` (older than the game's) still holds when all that
        happened since are other seats' side steps (an exchange token on this player's
        turn) and what it asks is still asked the same way; else it is out of date
        (refused with :data:`STALE`). Its own player's steps since (a double tap) never
        leave it standing."""
        row = loaded.row
        behind = row.version - version
        if asked is None or not 0 < behind <= PANEL_LOOKBACK:
            raise SessionError(STALE)
        since = [m for m in await self.store.moves(row.id, behind) if m.version > version]
        if ([m.version for m in since] != list(range(version + 1, row.version + 1))
                or any(m.kind != "move" or m.seat == seat or m.undone for m in since)):
            raise SessionError(STALE)
        then = self.states.get(loaded.game, await self._state_text_at(row, version))
        before = (loaded.game.side_decision(then, seat) if side
                  else loaded.game.pending(then))
        if before != (loaded.game.side_decision(loaded.state, seat) if side
                      else loaded.game.pending(loaded.state)):
            raise SessionError(STALE)

    # -- computer seats in the background ----------------------------------------------------
    def _kick_if_computer(self, change: Change) -> None:
        if (change.game.status != "active" or change.game.state is None
                or change.game.paused_at is not None):
            return
        loaded = self._load(change.game)
        if computer_to_move(loaded.game, loaded.state, [s.user_id for s in change.game.seats]):
            self._kick(change.game.id)

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
            row = await self.store.game(game_id)
            if row is None or row.status != "active" or row.paused_at is not None:
                return
            loaded = self._load(row)
            users = [s.user_id for s in row.seats]
            if not computer_to_move(loaded.game, loaded.state, users):
                return
            assert loaded.state is not None
            with using(row.language):  # what the computers do is announced in the game's
                hook = self.computer_progress
                steps = await think_off_loop(
                    loaded.game, loaded.state, users, levels=computer_levels(row),
                    progress=None if hook is None else functools.partial(hook, game_id))
            if not steps:
                return
            change = await self._advance(loaded, steps)
            try:
                await self._commit(change)
            except StaleVersion:
                continue  # someone changed the game meanwhile (an undo, a setting): again
            self._remember(loaded, change, steps[-1].state)
            return
        log.warning("computer seats of game %s: the game kept changing; will try again",
                    game_id)
        self._think_again.add(game_id)

    def computers_thinking(self, game_id: int) -> bool:
        task = self._thinking.get(game_id)
        return task is not None and not task.done()

    async def wait_for_computers(self, game_id: int | None = None,
                                 on_wait: Callable[[], None] | None = None) -> None:
        """Wait until the computer seats of one game (or of every game) have played.

        A game with a computer to move but no task (a saved game opened again) is started
        first. ``on_wait`` is called once if there is anything to wait for (the terminal
        says "Computer is thinking…")."""
        if game_id is not None and game_id not in self._thinking:
            row = await self.store.game(game_id)
            if row is not None and row.status == "active":
                self._kick_if_computer(Change(row, row.version))
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

    async def resume_computers(self, owns: Callable[[int | None], bool] | None = None) -> int:
        """After a start: every running game with a computer (or forced step) to move goes
        on — of the guilds ``owns`` accepts (a process of a sharded bot: its shards').
        Returns how many games were started again."""
        resumed = 0
        for row in await self.store.games_with_status("active"):
            if row.paused_at is not None or (owns is not None and not owns(row.guild_id)):
                continue
            try:
                loaded = self._load(row)
            except SessionError:
                continue
            if computer_to_move(loaded.game, loaded.state, [s.user_id for s in row.seats]):
                self._kick(row.id)
                resumed += 1
        if resumed:
            log.info("computer seats resume in %d game(s)", resumed)
        return resumed

    def _result_for(
        self, seat: int, before: Loaded, change: Change, steps: Sequence[Step]
    ) -> MoveResult:
        after = self._load(change.game)
        decision = after.decision if after.row.status == "active" else None
        names = [s.name for s in after.row.seats]
        events = [line for step in steps for line in visible(step.events, seat, names)]
        return MoveResult(
            game_id=after.row.id,
            version=after.row.version,
            label=steps[0].label,
            events=events,
            decision=decision if decision is not None and decision.seat == seat else None,
            turn_over=turn_key(before.decision) != turn_key(decision),
            finished=after.row.status == "finished",
            side=after.side_of(seat),
        )

    async def _think_after(self, game_id: int, delay: float) -> None:
        await asyncio.sleep(delay)
        await self._think(game_id)

    def _retry_after_failure(self, game_id: int, error: BaseException | None) -> None:
        """A failed computer task (a worker lost, the database busy, a bug) is tried
        again while the bot runs, :data:`COMPUTER_RETRY_DELAYS` apart; after that, at
        the next start (:meth:`resume_computers`)."""
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

    async def _advance(self, loaded: Loaded, steps: Sequence[Step]) -> Change:
        """:func:`transitions.advance` for a turn's steps; the lines of the turn's earlier
        steps are read only when the change announces something (a step in the middle
        of a turn tells nobody yet)."""
        now = self.clock()
        with using(loaded.row.language):  # the turn message, for everyone
            change = transitions.advance(loaded, steps, now, kind="turn")
            if change.announcements:
                earlier = await self.store.unannounced_lines(loaded.row.id)
                if earlier:
                    change = transitions.advance(loaded, steps, now, kind="turn",
                                                 earlier_lines=earlier)
        return change

    async def _undoable(self, loaded: Loaded, user_id: int) -> bool:
        seat = next((i for i, s in enumerate(loaded.row.seats) if s.user_id == user_id), None)
        if loaded.row.status != "active" or seat is None:
            return False
        try:
            await self._undo_target(loaded, seat)
        except SessionError:
            return False
        return True

    async def undo(self, channel_id: int, user_id: int) -> MoveResult:
        """Take back the user's own last step.

        Allowed only while nothing random or hidden was revealed by that step and nobody
        else (computer seats included) has moved since — a side step of another seat (an
        exchange token on this player's turn) counts as a move; the user's own last step
        may be a side step. Bumps the version, so panels built before the undo are refused.
        """
        return await self._retrying(lambda: self._undo(channel_id, user_id))

    async def _undo(self, channel_id: int, user_id: int) -> MoveResult:
        row = await self._open_row(channel_id)
        self._require_active(row)
        seat = self._require_seat(row, user_id)
        if row.paused_at is not None:
            raise SessionError(PAUSED)
        before = self._load(row)
        last, forced, previous = await self._undo_target(before, seat)
        restored = await self._state_text_at(row, previous)
        with using(row.language):
            change, after = transitions.take_back(
                before, seat, user_id, last, restored, self.clock(), also=forced
            )
        await self._commit(change)
        decision = after.decision
        return MoveResult(
            game_id=row.id,
            version=after.row.version,
            label=_("Undo: {label}", label=last.label),
            events=[_("You took back: {label}.", label=last.label)],
            decision=decision if decision is not None and decision.seat == seat else None,
            turn_over=turn_key(before.decision) != turn_key(decision),
            finished=False,
        )

    async def _undo_target(
        self, loaded: Loaded, seat: int
    ) -> tuple[MoveRow, list[MoveRow], MoveRow]:
        """(the seat's last choice, the forced steps the platform played after it, the
        move before that choice), or the refusal saying why there is nothing to take back.

        Forced steps (a decision with one option) are nobody's choice: taking back a
        choice takes them back too, unless one of them revealed something."""
        moves = await self.store.effective_moves(loaded.row.id, UNDO_LOOKBACK)
        forced: list[MoveRow] = []
        for index, move in enumerate(moves):
            previous = moves[index + 1] if index + 1 < len(moves) else None
            if move.kind == "start" or previous is None:
                raise SessionError(N_("There is nothing to take back yet."))
            if move.kind != "move" or move.by_computer:
                raise SessionError(CANNOT_UNDO)
            asked = loaded.game.pending(
                self.states.get(loaded.game, await self._state_text_at(loaded.row, previous)))
            # a side step (the pending decision was another seat's) is always a choice
            choice = (asked is not None and asked.seat != move.seat) or not is_forced(asked)
            if move.reveals or (choice and move.seat != seat):
                if move.seat != seat:  # another player's roll counts as their move
                    raise SessionError(CANNOT_UNDO)
                raise SessionError(N_("That move revealed something (a roll, a card), so it "
                                      "cannot be taken back."))
            if choice:
                return move, forced, previous
            forced.append(move)
        raise SessionError(CANNOT_UNDO)

    async def undoable(self, game_id: int, user_id: int) -> bool:
        """Whether :meth:`undo` would take back this user's last choice now (the panel's
        "Take back" button)."""
        return await self._undoable(self._load(await self._row_by_id(game_id)), user_id)
