"""Undo: taking back a player's own last choice (and the forced steps after it) while
nothing was revealed and nobody else moved since."""

from __future__ import annotations

from bot.core import transitions
from bot.core.autoplay import is_forced, turn_key
from bot.core.sessions.common import (
    CANNOT_UNDO,
    PAUSED,
    UNDO_LOOKBACK,
    MoveResult,
    SessionError,
)
from bot.core.sessions.core import SessionCore
from bot.core.transitions import Loaded
from bot.storage.rows import MoveRow
from games.i18n import N_, _, using


class Undo:
    """Taking back a player's own last choice."""

    def __init__(self, core: SessionCore) -> None:
        self.core = core

    async def undoable(self, game_id: int, user_id: int) -> bool:
        """Whether :meth:`undo` would take back this user's last choice now (the panel's
        "Take back" button)."""
        return await self.can_undo(self.core.load(await self.core.row_by_id(game_id)), user_id)

    async def can_undo(self, loaded: Loaded, user_id: int) -> bool:
        """Whether :meth:`undo` would take back this user's last choice in ``loaded``."""
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
        return await self.core.retrying(lambda: self._undo(channel_id, user_id))

    async def _undo(self, channel_id: int, user_id: int) -> MoveResult:
        row = await self.core.open_row(channel_id)
        self.core.require_active(row)
        seat = self.core.require_seat(row, user_id)
        if row.paused_at is not None:
            raise SessionError(PAUSED)
        before = self.core.load(row)
        last, forced, previous = await self._undo_target(before, seat)
        restored = await self.core.state_text_at(row, previous)
        with using(row.language):
            change, after = transitions.take_back(
                before, seat, user_id, last, restored, self.core.clock(), also=forced
            )
        await self.core.commit(change)
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
        moves = await self.core.store.effective_moves(loaded.row.id, UNDO_LOOKBACK)
        forced: list[MoveRow] = []
        for index, move in enumerate(moves):
            previous = moves[index + 1] if index + 1 < len(moves) else None
            if move.kind == "start" or previous is None:
                raise SessionError(N_("There is nothing to take back yet."))
            if move.kind != "move" or move.by_computer:
                raise SessionError(CANNOT_UNDO)
            before = await self.core.state_text_at(loaded.row, previous)
            asked = loaded.game.pending(self.core.states.get(loaded.game, before))
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
