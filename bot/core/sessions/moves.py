"""Moves: a player's step from a panel or a typed command (or a side step outside the
pending decision), checked against the panel's version and answered at once."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import replace

from bot.core.autoplay import Step, human_step, retell, turn_key
from bot.core.sessions.common import (
    NOT_YOUR_TURN,
    PANEL_LOOKBACK,
    PAUSED,
    STALE,
    YOUR_TURN,
    MoveResult,
    SessionError,
    refusal,
)
from bot.core.sessions.computers import Computers
from bot.core.sessions.core import SessionCore
from bot.core.transitions import Loaded, visible
from bot.storage.rows import Change, StaleVersion
from games import i18n
from games.base import Decision, IllegalMove
from games.i18n import using


class Moves:
    """A human's step: checked, applied with the forced steps after it, committed, and
    answered; then the computer seats play on (:class:`Computers`)."""

    def __init__(self, core: SessionCore, computers: Computers) -> None:
        self.core = core
        self.computers = computers

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
            return await self.core.retrying(
                lambda: self._play(game_id, user_id, key, None, interaction_id))
        try:
            return await self._play(game_id, user_id, key, expected_version, interaction_id)
        except StaleVersion:
            raise SessionError(STALE) from None

    async def played_by(self, game_id: int, version: int, interaction_id: int) -> bool:
        """Whether the tap ``interaction_id`` played the step that made ``version`` (it
        was delivered twice, and the other delivery played it)."""
        return await self.core.store.played_by(game_id, version, interaction_id)

    async def play_side(
        self, game_id: int, user_id: int, key: str, expected_version: int | None,
        interaction_id: int | None = None,
    ) -> MoveResult:
        """Play option ``key`` of what the user's seat may do outside the pending decision
        (``Game.side_decision``: a GWT:A exchange token on another's turn), from their hand
        panel. Checked, logged and announced like :meth:`play` (a move of that seat, with
        the same version check); the answer's ``side`` is what they may still do."""
        if expected_version is None:
            return await self.core.retrying(
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
        row = await self.core.row_by_id(game_id)
        behind = expected_version is not None and expected_version != row.version
        if behind and (row.status != "active" or row.paused_at is not None
                       or all(s.user_id != user_id for s in row.seats)):
            raise SessionError(STALE)
        self.core.require_active(row)
        seat = self.core.require_seat(row, user_id)
        if row.paused_at is not None:
            raise SessionError(PAUSED)
        loaded = self.core.load(row)
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
        change = await self.core.advance(loaded, steps)
        if interaction_id is not None:
            change.moves[0] = replace(change.moves[0], interaction_id=interaction_id)
        await self.core.commit(change)
        self.core.remember(loaded, change, steps[-1].state)
        self.computers.play_if_due(change)
        if reader != row.language:  # the player's own answer, in their language
            steps = await asyncio.to_thread(retell, loaded.game, loaded.state, steps)
        return self._result_for(seat, loaded, change, steps)

    async def panel_holds(self, game_id: int, user_id: int, version: int) -> bool:
        """Whether a turn panel built at ``version`` still holds now (see
        :meth:`_still_asked`): the same version, or only other seats' side steps since."""
        row = await self.core.row_by_id(game_id)
        if version == row.version:
            return True
        seat = next((i for i, s in enumerate(row.seats) if s.user_id == user_id), None)
        if row.status != "active" or row.paused_at is not None or seat is None:
            return False
        loaded = self.core.load(row)
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
        since = [m for m in await self.core.store.moves(row.id, behind) if m.version > version]
        if ([m.version for m in since] != list(range(version + 1, row.version + 1))
                or any(m.kind != "move" or m.seat == seat or m.undone for m in since)):
            raise SessionError(STALE)
        then = self.core.states.get(loaded.game, await self.core.state_text_at(row, version))
        before = (loaded.game.side_decision(then, seat) if side
                  else loaded.game.pending(then))
        if before != (loaded.game.side_decision(loaded.state, seat) if side
                      else loaded.game.pending(loaded.state)):
            raise SessionError(STALE)

    def _result_for(
        self, seat: int, before: Loaded, change: Change, steps: Sequence[Step]
    ) -> MoveResult:
        after = self.core.load(change.game)
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
