"""The planning computer player: a determinized best-first search over the rest of a turn.

Built on the engine contract alone (``pending``, ``apply``, ``determinize``, ``evaluate``),
so it plays every game:

* **Determinized worlds.** The search never looks at the real state's secrets: it plays on
  ``budget.worlds`` copies from :meth:`games.base.Game.determinize`, in which whatever the
  seat cannot know (the other hands, the order of every deck, the next roll) is re-drawn.
  An option's value is the mean over the worlds.
* **The turn as a tree.** In each world the steps left in the seat's own turn form a tree
  (one node per decision, one child per option). Below each option of the decision, in
  turn and with an equal share of the steps, it is searched best-first: the open node
  whose position looks best (``evaluate`` as if the turn ended there, a little more for a
  deeper node) has its next few options tried. A position where the turn is over (the next decision is
  another seat's, or a new turn of the seat, or the game is over) is a leaf valued by
  ``evaluate`` (with a win bonus at the end of the game). A node is worth the best leaf
  found below it (its own estimate while none is), so a root option is worth the best
  way found to finish the turn after it.
* **No circles.** A decision the seat already left in this turn (``seen``, kept by the
  caller from one step to the next) or that the path to a node already passed through is
  never entered again: an option leading back to it is not searched, and not chosen. A
  decision is recognised by :func:`signature` (its seat, turn, prompt and options).
* **Bounds.** ``budget.steps`` engine steps (``apply`` calls) in all bound the work: with
  the same state, seat and RNG the search makes the same choice on any machine.
  ``budget.seconds`` of CPU time is only a safety cap for an unusually large position
  (it would make the choice depend on the machine's speed, which the step bounds are
  chosen never to let happen on the games we ship: ``make bench`` counts how often it
  does).

Options that look alike (same label, group and place) are searched once: they are the same
card of a hand, the same move by another name.
"""

from __future__ import annotations

import gc
import heapq
import math
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any

from games.base import Decision, Game, GameState, Option
from games.rng import Rng

#: Any game, whatever its state and options types (the search uses the contract only).
AnyGame = Game[Any, Any]
#: What identifies a decision (:func:`signature`).
Signature = tuple[Any, ...]

#: Added to the value of a finished game the seat wins.
WIN_BONUS = 1000.0
#: Best-first tie-break: among open nodes of equal estimate the deeper one goes first, so
#: a turn whose steps change nothing yet (moves on the trail) is followed to its end.
DEPTH_BONUS = 1e-3
#: Depth at which a path is given up (a turn never has that many steps).
MAX_DEPTH = 60
#: Engine steps between two readings of the CPU-time cap's clock.
CLOCK_STEPS = 16
#: Options of a node tried at a time (its first ones, then more if it stays promising);
#: each widening lowers the node's priority by this many points.
WIDEN, WIDEN_PENALTY = 6, 0.25


@dataclass(frozen=True)
class Budget:
    """How much one decision may think."""

    #: Determinized worlds the options are valued in.
    worlds: int
    #: Engine steps (``apply``) in all, shared by the worlds: the primary bound.
    steps: int
    #: CPU seconds: a safety cap only (see the module docstring).
    seconds: float = 0.8
    #: Easy players: the choice is drawn among the options with a chance that falls
    #: off with how much worse each looks (a softmax at this many points); 0 is the best.
    temperature: float = 0.0
    #: The seat's own turns searched: 1 is the rest of this one; 2 goes on into its next
    #: turn when nobody else decides in between (a solo game's automa plays inside a step).
    turns: int = 1
    #: Steps of a second search, from scratch with this many more steps, when the best
    #: option found has no finished turn below it in any world (0: none).
    extend: int = 0
    #: Keep to the game's standing plan (:meth:`games.base.Game.planned_options`): the
    #: best-valued option it prefers is played, whatever the others are worth.
    plan: bool = False


@dataclass(frozen=True)
class Ranked:
    """One option of the decision with its estimated value (mean over the worlds of the
    best end of turn found after it, in the game's ``evaluate`` units: points)."""

    key: str
    label: str
    value: float
    #: Worlds in which a way to finish the turn after it was found.
    finished: int = 0
    #: The best way found to finish the turn after it, in the first world (labels).
    plan: tuple[str, ...] = ()
    #: Put first by the game's standing plan, not by its value (:func:`rank`).
    planned: bool = False


@dataclass
class Report:
    """What a search did: its ranking, and the work it took."""

    ranked: list[Ranked]
    steps: int = 0
    worlds: int = 0
    #: True when the CPU-time cap, not the step budget, ended the search.
    capped: bool = False
    seconds: float = 0.0
    extra: dict[str, Any] = field(default_factory=dict)


def signature(decision: Decision | None) -> Signature | None:
    """What identifies a decision to the seat deciding: whose, which turn, the question and
    every option (keys and labels, which tell the seat's hand, money and places). Leaving a
    decision and coming back to one with the same signature in the same turn is a circle."""
    if decision is None:
        return None
    return (decision.seat, decision.turn, decision.prompt,
            tuple((o.key, o.label) for o in decision.options))


def searched_options(game: AnyGame, state: GameState, options: list[Option]) -> list[Option]:
    """The options worth searching: the game may narrow them (``search_options``: options
    another one makes pointless), and options that look alike are kept once."""
    options = list(game.search_options(state, options))
    seen: set[tuple[Any, ...]] = set()
    kept = []
    for option in options:
        look = (option.label, option.group, option.at)
        if look not in seen:
            seen.add(look)
            kept.append(option)
    return kept


class _Node:
    __slots__ = ("state", "parent", "option", "depth", "estimate", "best", "leaf",
                 "untried", "widened", "sig", "best_leaf", "turn", "turns")

    def __init__(self, state: GameState, parent: _Node | None, option: Option | None,
                 depth: int, estimate: float, leaf: bool, sig: Signature | None) -> None:
        self.state = state
        self.parent = parent
        self.option = option
        self.depth = depth
        self.estimate = estimate
        #: Best leaf value found at or below this node (None: none yet).
        self.best: float | None = estimate if leaf else None
        #: The leaf that gave ``best`` (the rest of the turn's plan).
        self.best_leaf: _Node | None = self if leaf else None
        self.leaf = leaf
        #: Options not tried yet (None: not listed yet), and how many times it widened.
        self.untried: list[Option] | None = None
        self.widened = 0
        self.sig = sig
        #: The turn of its decision, and how many times the path changed turn.
        self.turn: int = parent.turn if parent is not None else 0
        self.turns: int = parent.turns if parent is not None else 0

    def value(self) -> float:
        return self.best if self.best is not None else self.estimate


#: An open node in a best-first heap: (minus its priority, a tie-break count, the node).
_Entry = tuple[float, int, _Node]


class _Clock:
    """Counts engine steps against the budget and CPU time against the cap."""

    def __init__(self, budget: Budget) -> None:
        self.steps = 0
        self.limit = budget.steps
        self.started = time.process_time()
        self.deadline = self.started + budget.seconds
        self.capped = False
        self._next_look = 0

    def spend(self, steps: int = 1) -> None:
        self.steps += steps

    def out(self, limit: int) -> bool:
        if self.steps >= limit or self.capped:
            return True
        # The CPU clock is read every CLOCK_STEPS steps only: on a busy virtual machine a
        # reading can take milliseconds of wall time.
        if self.steps >= self._next_look:
            self._next_look = self.steps + CLOCK_STEPS
            if time.process_time() > self.deadline:
                self.capped = True
                return True
        return False


def leaf_value(game: AnyGame, state: GameState, seat: int) -> float:
    """A finished turn's worth to ``seat``: ``evaluate``, and the win bonus once the game is
    over (a shared win counts)."""
    value = game.evaluate(state, seat)
    if game.pending(state) is None and seat in game.winners(state):
        value += WIN_BONUS
    return value


class _Planner:
    """Best-first search of one world's turn tree."""

    def __init__(self, game: AnyGame, seat: int, clock: _Clock, seen: frozenset[Signature | None],
                 turns: int = 1) -> None:
        self.game = game
        self.seat = seat
        self.clock = clock
        self.seen = seen
        self.turns = turns
        self._count = 0
        #: Every node made, to untangle the tree once the search is over (:meth:`untangle`).
        self.made: list[_Node] = []

    def child(self, node: _Node, option: Option) -> _Node | None:
        """The node ``option`` leads to: a leaf once the turns searched are over, None when
        it goes back to a decision already left (a circle)."""
        game, seat = self.game, self.seat
        state = game.apply(node.state, seat, option.key).state
        self.clock.spend()
        decision = game.pending(state)
        turns = node.turns + (decision is not None and decision.turn != node.turn)
        if decision is None or decision.seat != seat or turns >= self.turns:
            leaf = _Node(state, node, option, node.depth + 1, leaf_value(game, state, seat),
                         True, None)
            self.made.append(leaf)
            return leaf
        sig = signature(decision)
        if sig in self.seen or self._on_path(node, sig):
            return None
        made = _Node(state, node, option, node.depth + 1, game.evaluate(state, seat), False,
                     sig)
        made.turn, made.turns = decision.turn, turns
        self.made.append(made)
        return made

    def untangle(self) -> None:
        """Drop the references that make the tree a web of cycles (a node's best leaf is
        below it, and a leaf is its own): the tree is then freed as soon as it is let go,
        without the cyclic garbage collector."""
        for node in self.made:
            node.best_leaf = None
            node.parent = None
        self.made.clear()

    @staticmethod
    def _on_path(node: _Node | None, sig: Signature | None) -> bool:
        while node is not None:
            if node.sig == sig:
                return True
            node = node.parent
        return False

    def widen(self, node: _Node, room: int) -> list[_Node]:
        """Try the next options of ``node`` (at most :data:`WIDEN` and ``room``): a node
        with many options is searched a few at a time, in the order the game gives them
        (``search_options`` may put the likeliest first), so that the budget goes to the
        most promising positions rather than to listing every option of one."""
        if node.untried is None:
            decision = self.game.pending(node.state)
            assert decision is not None
            node.untried = searched_options(self.game, node.state, decision.options)
        batch, node.untried = node.untried[:min(WIDEN, room)], node.untried[min(WIDEN, room):]
        node.widened += 1
        children = []
        for option in batch:
            made = self.child(node, option)
            if made is not None:
                children.append(made)
        return children

    def run(self, root_children: list[_Node], limit: int) -> None:
        """Search below each root option in turn, an equal share of the steps left each
        (an option whose tree is searched through gives its share back to the others):
        an option's value is the best way found to finish the turn after it, so every
        option gets as many steps to find it."""
        heaps: dict[int, list[_Entry]] = {}
        for index, node in enumerate(root_children):
            if not node.leaf:
                heaps[index] = []
                self._push(heaps[index], node)
        while heaps and not self.clock.out(limit):
            share = max(1, (limit - self.clock.steps) // len(heaps))
            for index in list(heaps):
                self._best_first(heaps[index], min(limit, self.clock.steps + share))
                if not heaps[index]:
                    del heaps[index]
                if self.clock.out(limit):
                    break

    def _best_first(self, heap: list[_Entry], limit: int) -> None:
        """Widen the open nodes of one root option's tree, best first, until ``limit``."""
        while heap and not self.clock.out(limit):
            _, _, node = heapq.heappop(heap)
            if node.depth >= MAX_DEPTH:
                continue
            for child in self.widen(node, limit - self.clock.steps):
                if child.leaf:
                    self._back_up(child)
                else:
                    self._push(heap, child)
            if node.untried:
                self._push(heap, node)

    def _push(self, heap: list[_Entry], node: _Node) -> None:
        if node.leaf:
            return
        self._count += 1
        priority = node.estimate + DEPTH_BONUS * node.depth - WIDEN_PENALTY * node.widened
        heapq.heappush(heap, (-priority, self._count, node))

    @staticmethod
    def _back_up(leaf: _Node) -> None:
        value = leaf.best
        assert value is not None
        node = leaf.parent
        while node is not None and node.parent is not None:
            if node.best is None or value > node.best:
                node.best = value
                node.best_leaf = leaf
            else:
                return
            node = node.parent


def plan_of(node: _Node, game: AnyGame | None = None, seat: int = 0) -> list[Option]:
    """The options from ``node`` (excluded) down to its best leaf: the rest of the turn.
    Given the game, the line stops where the game's standing plan would choose otherwise
    (:meth:`games.base.Game.planned_options`): the player keeping to it would not go on
    that way, and a hint must not say it would."""
    steps: list[_Node] = []
    leaf = node.best_leaf
    while leaf is not None and leaf is not node:
        steps.append(leaf)
        leaf = leaf.parent
    path: list[Option] = []
    for step in reversed(steps):
        assert step.option is not None and step.parent is not None
        if game is not None:
            preferred = game.planned_options(step.parent.state, seat)
            if preferred and step.option.key not in preferred:
                break
        path.append(step.option)
    return path


def rank(game: AnyGame, state: GameState, seat: int, rng: Rng, budget: Budget,
         seen: frozenset[Signature | None] = frozenset()) -> Report:
    """Every option of ``seat``'s pending decision valued by the search, best first (see the
    module docstring). Options that lead back to a decision in ``seen`` (the signatures of
    the decisions the seat left earlier in this turn) come last, valued ``-inf``, unless
    every option does. With ``budget.plan``, the best-valued option the game's standing
    plan prefers comes first (:func:`keep_to_plan`)."""
    with _collector_paused():
        report = _rank(game, state, seat, rng, budget, seen)
        if budget.extend and report.ranked and report.ranked[0].finished == 0 \
                and math.isfinite(report.ranked[0].value):
            first = report
            report = _rank(game, state, seat, rng,
                           replace(budget, steps=budget.steps + budget.extend,
                                   seconds=max(0.0, budget.seconds - first.seconds)), seen)
            report.steps += first.steps
            report.seconds += first.seconds
            report.capped |= first.capped
    if budget.plan:
        keep_to_plan(report, game.planned_options(state, seat))
    return report


def keep_to_plan(report: Report, preferred: frozenset[str]) -> None:
    """Move the best-valued option of ``preferred`` to the front of the ranking, marked
    ``planned`` when the plan changed the choice (the search's own first is left as it
    is). Options leading back to a decision left before (``-inf``) never count: a plan
    does not make a circle."""
    for index, ranked in enumerate(report.ranked):
        if ranked.key in preferred and math.isfinite(ranked.value):
            if index:
                report.ranked.insert(0, replace(report.ranked.pop(index), planned=True))
            return


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector paused while a search runs. The search tree holds
    every position it reached until it is done, and the collector, run again and again as
    the tree grows, walked all of it each time: the same decision took 130 or 240 ms
    (GWT:A), and those pauses made the slowest decisions. The tree leaves no cycles behind
    (:meth:`_Planner.untangle`), so nothing waits for the collector afterwards."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _rank(game: AnyGame, state: GameState, seat: int, rng: Rng, budget: Budget,
          seen: frozenset[Signature | None]) -> Report:
    decision = game.pending(state)
    if decision is None or decision.seat != seat:
        raise ValueError("no decision pending for this seat")
    clock = _Clock(budget)
    options = searched_options(game, state, decision.options)
    labels = {o.key: o.label for o in decision.options}
    totals: dict[str, float] = {o.key: 0.0 for o in options}
    counts: dict[str, int] = {o.key: 0 for o in options}
    finished: dict[str, int] = {o.key: 0 for o in options}
    plans: dict[str, tuple[str, ...]] = {}
    circling: set[str] = set()
    worlds = 0
    own = signature(decision)
    seen_here = seen | {own}
    # every world tries each option at least once: a decision with very many options
    # (a tile's places) is looked at in fewer worlds, so the steps stay within bounds
    count = max(1, min(budget.worlds, budget.steps // max(1, len(options))))
    for index in range(count):
        if index and clock.out(budget.steps):
            break
        world = game.determinize(state, seat, rng)
        planner = _Planner(game, seat, clock, seen_here, budget.turns)
        root = _Node(world, None, None, 0, 0.0, False, own)
        root.turn = decision.turn
        children = []
        for option in options:
            made = planner.child(root, option)
            if made is None:
                circling.add(option.key)
            else:
                children.append(made)
        limit = budget.steps * (index + 1) // count
        planner.run(children, limit)
        worlds += 1
        for node in children:
            assert node.option is not None
            key = node.option.key
            totals[key] += node.value()
            counts[key] += 1
            finished[key] += node.best is not None
            if key not in plans:
                line = plan_of(node, game if budget.plan else None, seat)
                plans[key] = tuple(o.label for o in line)
        planner.untangle()
    ranked = [Ranked(key, labels[key], totals[key] / counts[key], finished[key],
                     plans.get(key, ()))
              for key in totals if counts[key]]
    ranked.sort(key=lambda r: -r.value)
    if not ranked:  # every option goes back to a decision left before: take them anyway
        ranked = [Ranked(o.key, o.label, -math.inf) for o in options]
    else:
        ranked += [Ranked(o.key, o.label, -math.inf) for o in options
                   if o.key in circling and not counts[o.key]]
    return Report(ranked, steps=clock.steps, worlds=worlds, capped=clock.capped,
                  seconds=time.process_time() - clock.started)


def pick(report: Report, budget: Budget, rng: Rng) -> str:
    """The option to play: the best, or for a gentle player one drawn with a chance that
    falls off with how much worse it looks."""
    ranked = report.ranked
    if budget.temperature <= 0 or len(ranked) == 1 or not math.isfinite(ranked[0].value):
        return ranked[0].key
    best = ranked[0].value
    weights = [math.exp((r.value - best) / budget.temperature) if math.isfinite(r.value)
               else 0.0 for r in ranked]
    draw = rng.random() * sum(weights)
    for r, w in zip(ranked, weights, strict=True):
        draw -= w
        if draw <= 0:
            return r.key
    return ranked[0].key
