"""Helpers for the solo tests: a solo game, and a Ctx to call Pedro's rules directly."""

from __future__ import annotations

from games.gwt_argentina import GAME
from games.gwt_argentina.flow import Ctx, settle
from games.gwt_argentina.pedro.state import PEDRO
from games.gwt_argentina.state import GwtOptions, GwtState

__all__ = ["PEDRO", "Ctx", "play_pedro_turn", "solo", "texts"]


def solo(difficulty: str = "moderate", seed: int = 0, **options) -> GwtState:
    return GAME.setup(1, GwtOptions(difficulty=difficulty, **options), seed)


def texts(ctx: Ctx) -> list[str]:
    return [e.text for e in ctx.events]


def play_pedro_turn(state: GwtState, ctx: Ctx) -> None:
    """Pedro's turn now (his frames run until the next decision: yours, or a tie)."""
    from games.gwt_argentina.pedro.turn import start_pedro_turn

    start_pedro_turn(state, ctx)
    settle(state, ctx)
