"""Advancing a game: one human step, the steps nobody needs to choose, computer steps.

Pure functions over the engine contract (no database, no I/O), so they can run in a
worker process of the CPU pool (:func:`think_off_loop`, one computer step per task). Computer choices come from :mod:`games.ai` with an RNG derived from the game seed
and step, so a game with computer seats replays exactly.

A decision with a single option (Kuhlorado's "Roll the dice") is a *forced* step: the
platform plays it for a human seat at once, logged as that player's move, so nobody taps
a button that offers no choice.

Computer seats also use what they may do outside the pending decision
(``Game.side_decision``, e.g. a GWT:A exchange token on another's turn): each looks at its
offers once when its own turn has just ended (:func:`games.ai.choose_side`), and finishes
at once any side action it began (the cards to discard), which comes before anything else.
A human's side decisions are never played for them.

Each seat the computer plays has a level (``levels[seat]``, :data:`games.ai.LEVELS`): a
computer seat's own, and for a human seat the level its stand-in plays at (a timed-out
turn). A run of steps remembers, per turn, the decisions each seat left
(:class:`TurnMemory`), so a computer never walks back to one in the same turn (as it
did in GWT:A's "single auxiliary action instead → no auxiliary action" circle, see
``tests/games/test_ai_circles.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
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

#: The level of each seat when the computer plays it (None: the default level).
Levels = Sequence[str | None]


class TurnMemory:
    """The decisions each seat left in its current turn (their signatures), so that the
    computer never goes back to one (:func:`games.ai.choose`'s ``seen``)."""

    def __init__(self) -> None:
        self._turns: dict[int, tuple[int, set[tuple]]] = {}

    def seen(self, decision: Decision) -> frozenset:
        turn, left = self._turns.get(decision.seat, (None, set()))
        return frozenset(left) if turn == decision.turn else frozenset()

    def leave(self, decision: Decision) -> None:
        turn, left = self._turns.get(decision.seat, (None, set()))
        if turn != decision.turn:
            left = set()
            self._turns[decision.seat] = (decision.turn, left)
        signature = ai.signature(decision)
        assert signature is not None  # (a decision always has one)
        left.add(signature)


def level_of(levels: Levels | None, seat: int) -> str | None:
    return None if levels is None or seat >= len(levels) else levels[seat]


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
    """Apply one option of the pending decision, or of ``seat``'s side decision when the
    pending one is another seat's (``IllegalMove`` propagates)."""
    decision = game.pending(state)
    if decision is not None and decision.seat != seat:
        decision = game.side_decision(state, seat)
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
    levels: Levels | None = None,
) -> list[Step]:
    """Let the computer play every pending decision of a computer seat (``users[seat]``
    None), and the platform every forced step of a human seat.

    ``stand_in`` (seat, turn) also lets the computer play that one turn of a human seat
    (a timed out turn). Stops when a human must choose or the game is over.
    """
    steps: list[Step] = []
    memory = TurnMemory()
    while batch := next_steps(game, state, users, stand_in, levels, memory):
        steps += batch
        if len(steps) > MAX_COMPUTER_STEPS:
            raise RuntimeError(f"{game.name}: computer seats made {len(steps)} steps in a row")
        state = batch[-1].state
    return steps


def next_steps(game: AnyGame, state: GameState, users: Sequence[int | None],
               stand_in: tuple[int, int] | None = None, levels: Levels | None = None,
               memory: TurnMemory | None = None) -> list[Step]:
    """The forced steps pending, then at most one computer step — a side action a computer
    seat must finish first, else the pending decision (and the offers the computer takes
    when its turn just ended) — see :func:`computer_steps`; empty when a human must choose
    or the game is over."""
    steps = forced_steps(game, state, users)
    state = steps[-1].state if steps else state
    owed = owed_side_seat(game, state, users)
    if owed is not None:
        return [*steps, computer_side_step(game, state, owed)]
    decision = game.pending(state)
    if decision is None or not (users[decision.seat] is None or turn_key(decision) == stand_in):
        return steps
    memory = memory if memory is not None else TurnMemory()
    step = computer_step(game, state, decision.seat, level_of(levels, decision.seat),
                         memory.seen(decision))
    memory.leave(decision)
    offer = after_turn_offer(game, decision, step, users)
    return [*steps, step] + ([offer] if offer is not None else [])


def computer_step(game: AnyGame, state: GameState, seat: int, level: str | None = None,
                  seen: frozenset = frozenset()) -> Step:
    """The computer player's choice for ``seat`` at ``level``, applied (``seen``: the
    decisions the seat left earlier in this turn, see :class:`TurnMemory`)."""
    key = ai.choose(game, state, seat, ai.ai_rng(state), level, seen)
    return apply_step(game, state, seat, key, None, by_computer=True)


def owed_side_seat(game: AnyGame, state: GameState, users: Sequence[int | None]) -> int | None:
    """A computer seat with a side action to finish (not an offer): it plays first."""
    decision = game.pending(state)
    if decision is None:
        return None
    for seat, user in enumerate(users):
        if user is None and seat != decision.seat:
            side = game.side_decision(state, seat)
            if side is not None and not side.optional:
                return seat
    return None


def computer_side_step(game: AnyGame, state: GameState, seat: int) -> Step:
    """The computer's answer to the side action ``seat`` must finish, applied."""
    key = ai.choose_side(game, state, seat, ai.ai_rng(state))
    assert key is not None, "a side action to finish always has an answer"
    return apply_step(game, state, seat, key, None, by_computer=True)


def after_turn_offer(game: AnyGame, decision: Decision, step: Step,
                     users: Sequence[int | None]) -> Step | None:
    """When ``step`` ended the turn of a computer seat (``decision`` was its): the offer
    of its side decision it takes then, applied, if any."""
    seat = decision.seat
    if users[seat] is not None or turn_key(game.pending(step.state)) == turn_key(decision):
        return None
    after = game.pending(step.state)
    if after is None or after.seat == seat:
        return None
    key = ai.choose_side(game, step.state, seat, ai.ai_rng(step.state))
    if key is None:
        return None
    return apply_step(game, step.state, seat, key, None, by_computer=True)


def computer_step_of(module: str, state: GameState, seat: int, locale: str,
                     level: str | None = None, seen: frozenset = frozenset()) -> Step:
    """:func:`computer_step` in the game defined in ``module``, its events and label in
    ``locale``: one unit of work for the CPU pool (picklable arguments and result; the
    active language does not cross into a worker process, so it is passed)."""
    with using(locale):
        return computer_step(cpu.game_at(module), state, seat, level, seen)


def computer_side_step_of(module: str, state: GameState, seat: int, locale: str) -> Step:
    """:func:`computer_side_step`, as :func:`computer_step_of` for the CPU pool."""
    with using(locale):
        return computer_side_step(cpu.game_at(module), state, seat)


def after_turn_offer_of(module: str, decision: Decision, step: Step,
                        users: tuple[int | None, ...], locale: str) -> Step | None:
    """:func:`after_turn_offer`, as :func:`computer_step_of` for the CPU pool."""
    with using(locale):
        return after_turn_offer(cpu.game_at(module), decision, step, users)


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
    """Whether a computer seat (or a forced step, or a side action a computer seat must
    finish) is pending: the game goes on by itself."""
    decision = None if state is None else game.pending(state)
    if decision is None:
        return False
    assert state is not None
    return (users[decision.seat] is None or is_forced(decision)
            or owed_side_seat(game, state, users) is not None)


def think(game: AnyGame, state: GameState, users: Sequence[int | None],
          stand_in: tuple[int, int] | None = None, levels: Levels | None = None) -> list[Step]:
    """The slow part, run off the event loop: every computer (and forced) step until a
    human must choose. The one function a worker pool replaces (see ``bot/core/cpu.py``)."""
    return computer_steps(game, state, users, stand_in, levels)


async def think_off_loop(game: AnyGame, state: GameState, users: Sequence[int | None],
                         stand_in: tuple[int, int] | None = None,
                         levels: Levels | None = None,
                         progress: Callable[[Step], None] | None = None) -> list[Step]:
    """:func:`think` with each computer decision in the CPU pool (:mod:`bot.core.cpu`), one
    per task: a long run of computer turns takes its turn in the pool with every other
    game's work instead of holding a worker (or the event loop) to itself. Steps without a
    choice (forced steps, a computer's only option) are a single engine step: played here.
    Texts are in the active language, which the workers are told. ``progress`` is told of
    each computer step as it is played (the terminal shows them)."""
    module = games.GAME_MODULES[game.name]
    steps: list[Step] = []
    memory = TurnMemory()
    while True:
        forced = forced_steps(game, state, users)
        steps += forced
        state = forced[-1].state if forced else state
        if len(steps) > MAX_COMPUTER_STEPS:
            raise RuntimeError(f"{game.name}: computer seats made {len(steps)} steps in a row")
        owed = owed_side_seat(game, state, users)
        if owed is not None:
            step = await cpu.run(computer_side_step_of, module, state, owed, i18n.current(),
                                 background=True)
            steps.append(step)
            state = step.state
            continue
        decision = game.pending(state)
        if decision is None or not (users[decision.seat] is None
                                    or turn_key(decision) == stand_in):
            return steps
        if is_forced(decision):
            step = apply_step(game, state, decision.seat, decision.options[0].key, None,
                              by_computer=True)
        else:
            step = await cpu.run(computer_step_of, module, state, decision.seat,
                                 i18n.current(), level_of(levels, decision.seat),
                                 memory.seen(decision), background=True)
        memory.leave(decision)
        steps.append(step)
        if progress is not None:
            progress(step)
        state = step.state
        if users[decision.seat] is None and game.side_decision(state, decision.seat):
            offer = await cpu.run(after_turn_offer_of, module, decision, step, tuple(users),
                                  i18n.current(), background=True)
            if offer is not None:
                steps.append(offer)
                state = offer.state
