"""Advancing a game: one human step, the steps nobody needs to choose, computer steps.

Pure functions over the engine contract (no database, no I/O), so they can run in a
worker process of the CPU pool (:func:`think_off_loop`, one computer step per task). Computer choices come from :mod:`games.ai` with an RNG derived from the game seed
and step, so a game with computer seats replays exactly.

A decision with a single option (Kuhlorado's "Roll the dice") is a *forced* step: the
platform plays it for a human seat at once, logged as that player's move, so nobody taps
a button that offers no choice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import games
from bot.core import cpu
from games import ai, i18n
from games.base import Decision, Event, Game, GameState
from games.i18n import using

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


def is_forced(decision: Decision | None) -> bool:
    """A decision that offers no choice: the platform plays it without asking."""
    return decision is not None and len(decision.options) == 1


def forced_steps(game: AnyGame, state: GameState, users: Sequence[int | None]) -> list[Step]:
    """Play every forced decision of a human seat (``users[seat]`` is None for a computer
    seat); stops at a real choice, a computer seat or the end of the game."""
    steps: list[Step] = []
    while True:
        decision = game.pending(state)
        if decision is None or users[decision.seat] is None or not is_forced(decision):
            return steps
        if len(steps) >= MAX_COMPUTER_STEPS:
            raise RuntimeError(f"{game.name}: {len(steps)} forced steps in a row")
        step = apply_step(game, state, decision.seat, decision.options[0].key,
                          users[decision.seat], by_computer=False)
        steps.append(step)
        state = step.state


def computer_steps(
    game: AnyGame,
    state: GameState,
    users: Sequence[int | None],
    stand_in: tuple[int, int] | None = None,
) -> list[Step]:
    """Let the computer play every pending decision of a computer seat (``users[seat]``
    None), and the platform every forced step of a human seat.

    ``stand_in`` (seat, turn) also lets the computer play that one turn of a human seat
    (a timed out turn). Stops when a human must choose or the game is over.
    """
    steps: list[Step] = []
    while batch := next_steps(game, state, users, stand_in):
        steps += batch
        if len(steps) > MAX_COMPUTER_STEPS:
            raise RuntimeError(f"{game.name}: computer seats made {len(steps)} steps in a row")
        state = batch[-1].state
    return steps


def next_steps(game: AnyGame, state: GameState, users: Sequence[int | None],
               stand_in: tuple[int, int] | None = None) -> list[Step]:
    """The forced steps pending, then at most one computer step (see
    :func:`computer_steps`); empty when a human must choose or the game is over."""
    steps = forced_steps(game, state, users)
    state = steps[-1].state if steps else state
    decision = game.pending(state)
    if decision is None or not (users[decision.seat] is None or turn_key(decision) == stand_in):
        return steps
    return [*steps, computer_step(game, state, decision.seat)]


def computer_step(game: AnyGame, state: GameState, seat: int) -> Step:
    """The computer player's choice for ``seat``, applied."""
    key = ai.choose(game, state, seat, ai.ai_rng(state))
    return apply_step(game, state, seat, key, None, by_computer=True)


def computer_step_of(module: str, state: GameState, seat: int, locale: str) -> Step:
    """:func:`computer_step` in the game defined in ``module``, its events and label in
    ``locale``: one unit of work for the CPU pool (picklable arguments and result; the
    active language does not cross into a worker process, so it is passed)."""
    with using(locale):
        return computer_step(cpu.game_at(module), state, seat)


def retell(game: AnyGame, state: GameState, steps: Sequence[Step]) -> list[Step]:
    """The same steps applied again from ``state``, their labels and events in the active
    language (engines are deterministic: the states are the same)."""
    told = []
    for step in steps:
        again = apply_step(game, state, step.seat, step.key, step.user_id, step.by_computer)
        told.append(again)
        state = again.state
    return told


def human_step(
    game: AnyGame,
    state: GameState,
    seat: int,
    key: str,
    users: Sequence[int | None],
) -> list[Step]:
    """A human's choice and the forced steps after it (computer seats wait: see
    :func:`think`). ``IllegalMove`` propagates."""
    user_id = users[seat]
    assert user_id is not None, "a computer seat does not choose through the panel"
    first = apply_step(game, state, seat, key, user_id, by_computer=False)
    return [first, *forced_steps(game, first.state, users)]


def computer_to_move(game: AnyGame, state: GameState | None, users: Sequence[int | None]) -> bool:
    """Whether a computer seat (or a forced step) is pending: the game goes on by itself."""
    decision = None if state is None else game.pending(state)
    if decision is None:
        return False
    return users[decision.seat] is None or is_forced(decision)


def think(game: AnyGame, state: GameState, users: Sequence[int | None],
          stand_in: tuple[int, int] | None = None) -> list[Step]:
    """The slow part, run off the event loop: every computer (and forced) step until a
    human must choose. The one function a worker pool replaces (see ``bot/core/cpu.py``)."""
    return computer_steps(game, state, users, stand_in)


async def think_off_loop(game: AnyGame, state: GameState, users: Sequence[int | None],
                         stand_in: tuple[int, int] | None = None) -> list[Step]:
    """:func:`think` with each computer decision in the CPU pool (:mod:`bot.core.cpu`), one
    per task: a long run of computer turns takes its turn in the pool with every other
    game's work instead of holding a worker (or the event loop) to itself. Steps without a
    choice (forced steps, a computer's only option) are a single engine step: played here.
    Texts are in the active language, which the workers are told."""
    module = games.GAME_MODULES[game.name]
    steps: list[Step] = []
    while True:
        forced = forced_steps(game, state, users)
        steps += forced
        state = forced[-1].state if forced else state
        decision = game.pending(state)
        if decision is None or not (users[decision.seat] is None
                                    or turn_key(decision) == stand_in):
            return steps
        if len(steps) > MAX_COMPUTER_STEPS:
            raise RuntimeError(f"{game.name}: computer seats made {len(steps)} steps in a row")
        if is_forced(decision):
            step = apply_step(game, state, decision.seat, decision.options[0].key, None,
                              by_computer=True)
        else:
            step = await cpu.run(computer_step_of, module, state, decision.seat,
                                 i18n.current(), background=True)
        steps.append(step)
        state = step.state
