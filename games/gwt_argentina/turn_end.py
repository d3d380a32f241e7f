"""Phase C and what follows a turn: « PHASE C Piochez des cartes jusqu'à atteindre votre
limite de main » (p. 12), then the next player's turn, Pedro's in the solo game, or the end
of the game after everyone's last turn.
"""

from __future__ import annotations

from games.gwt_argentina import player_board
from games.gwt_argentina.flow import AutomaticStep, Ctx, pop, step
from games.gwt_argentina.pedro.turn import after_human_turn
from games.gwt_argentina.state import Frame, GwtState
from games.gwt_argentina.told import _
from games.gwt_argentina.turn import begin_turn


@step("turn_end")
class TurnEndStep(AutomaticStep):
    """Phase C: draw up to the hand limit; then the next player's turn (or the end)."""

    @staticmethod
    def run(state: GwtState, frame: Frame, ctx: Ctx) -> None:
        pop(state, frame)
        seat = frame.seat
        player = state.players[seat]
        missing = player_board.hand_limit(player) - len(player.hand)
        if missing > 0:
            player_board.draw(state, player, missing, ctx)
        if state.pedro is not None:  # the solo game: Pedro's turn, or the end (pedro/turn.py)
            after_human_turn(state, ctx)
            return
        if state.end_triggered_by is not None:
            if seat in state.last_turns:
                state.last_turns.remove(seat)
            if not state.last_turns:
                state.finished = True
                ctx.announce(state, _("The game is over."))
                return
            begin_turn(state, state.last_turns[0])
            return
        begin_turn(state, (seat + 1) % state.seats)
