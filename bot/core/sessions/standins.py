"""The computer standing in for a human seat: for one turn (a timed-out or stalled turn),
or for good (a forfeit), at the level the server chose."""

from __future__ import annotations

from bot.core import transitions
from bot.core.autoplay import think_off_loop
from bot.core.sessions.common import FORFEITS, computer_levels
from bot.core.sessions.core import SessionCore
from bot.core.transitions import Loaded
from bot.storage.rows import Change
from games.i18n import _, using


class StandIns:
    """The changes in which the computer takes over a human seat."""

    def __init__(self, core: SessionCore) -> None:
        self.core = core

    async def forfeit(self, loaded: Loaded, seat: int, now: float, cause: str,
                      **params: object) -> Change:
        """The change for a seat that forfeits (a timeout under the forfeit policy, a
        stalled game, or leaving a running game: ``cause`` is a key of :data:`FORFEITS`),
        told in the game's language."""
        ends, plays_on = FORFEITS[cause]
        with using(loaded.row.language):
            if not transitions.plays_on(loaded.row):
                return transitions.forfeit(loaded, seat, now, _(ends, **params))
            assert loaded.state is not None
            level = (await self.core.server(loaded.row.guild_id or 0)).computer_level
            taken = transitions.hand_to_computer(loaded.row, seat, level)
            steps = await think_off_loop(loaded.game, loaded.state,
                                         [s.user_id for s in taken.seats],
                                         levels=computer_levels(taken))
            return transitions.forfeit_and_play_on(loaded, seat, steps, now,
                                                   _(plays_on, **params), level)

    async def play_turn(self, loaded: Loaded, turn: tuple[int, int] | None, level: str,
                        now: float, lead: str) -> Change:
        """The change in which the computer plays the human's turn ``turn`` (seat, turn
        counter) at ``level``; ``lead`` (in the game's language) says why."""
        assert loaded.state is not None
        users = [s.user_id for s in loaded.row.seats]
        steps = await think_off_loop(loaded.game, loaded.state, users, turn,
                                     computer_levels(loaded.row, level))
        return transitions.advance(
            loaded, steps, now, kind="timeout", lead=lead,
            earlier_lines=await self.core.store.unannounced_lines(loaded.row.id),
        )
