"""Advancing a game: one human step, then computer steps until a human must decide.

Pure functions over the engine contract (no database, no I/O), so they can run in a
worker thread. Computer choices come from :mod:`games.ai` with an RNG derived from the
game seed and step, so a game with computer seats replays exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from games import ai
from games.base import Decision, Event, Game, GameState

#: Any game engine (the session layer never depends on one game's types).
AnyGame = Game[Any, Any]

#: Guards against an engine that never hands the turn back to a human.
MAX_COMPUTER_STEPS = 10_000


@dataclass(frozen=True)
class Step:
    """One applied step, as it will be logged."""

    seat: int
    user_id: int | None
    by_computer: bool
    key: str
    label: str
    events: tuple[Event, ...]
    state: GameState
    reveals: bool


def turn_key(decision: Decision | None) -> tuple[int, int] | None:
    """Identifies a turn: (seat, turn counter); None once the game is over."""
    return None if decision is None else (decision.seat, decision.turn)


def apply_step(
    game: AnyGame, state: GameState, seat: int, key: str, user_id: int | None, by_computer: bool
) -> Step:
    """Apply one option (``IllegalMove`` propagates)."""
    decision = game.pending(state)
    outcome = game.apply(state, seat, key)
    option = decision.option(key) if decision is not None else None
    return Step(
        seat=seat,
        user_id=user_id,
        by_computer=by_computer,
        key=key,
        label=option.label if option is not None else key,
        events=tuple(outcome.events),
        state=outcome.state,
        reveals=outcome.reveals,
    )


def computer_steps(
    game: AnyGame,
    state: GameState,
    computer_seats: Sequence[bool],
    stand_in: tuple[int, int] | None = None,
) -> list[Step]:
    """Let the computer play every pending decision of a computer seat.

    ``stand_in`` (seat, turn) also lets it play that one turn of a human seat (a timed
    out turn). Stops when a human must decide or the game is over.
    """
    steps: list[Step] = []
    while True:
        decision = game.pending(state)
        if decision is None:
            return steps
        if not (computer_seats[decision.seat] or turn_key(decision) == stand_in):
            return steps
        if len(steps) >= MAX_COMPUTER_STEPS:
            raise RuntimeError(f"{game.name}: computer seats made {len(steps)} steps in a row")
        key = ai.choose(game, state, decision.seat, ai.ai_rng(state))
        step = apply_step(game, state, decision.seat, key, None, by_computer=True)
        steps.append(step)
        state = step.state


def human_step_then_computers(
    game: AnyGame,
    state: GameState,
    seat: int,
    key: str,
    user_id: int,
    computer_seats: Sequence[bool],
) -> list[Step]:
    first = apply_step(game, state, seat, key, user_id, by_computer=False)
    return [first, *computer_steps(game, first.state, computer_seats)]
