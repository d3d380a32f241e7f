"""Computer players built from the engine contract alone, so they play every game.

* :func:`choose_random` picks a legal option uniformly (property tests, soak runs).
* :func:`choose` is a greedy player: for each option it plays the rest of its *own turn*
  greedily (a shallow search over the steps of one turn), on copies of the state in which
  what the seat cannot know — the next roll, the order of a deck, other hands — has been
  re-drawn (:meth:`games.base.Game.determinize`). It never peeks at the real future.
  It scores the position with :meth:`games.base.Game.evaluate`.

Both are deterministic given their ``rng``, so a game with computer seats replays exactly.
A node budget (not a clock) bounds the work, which keeps it reproducible and well under
a second per move on the games we ship (see ``make bench``).
"""

from __future__ import annotations

from games.base import Game, GameState
from games.rng import Rng

WIN_BONUS = 1000.0


def choose_random(game: Game, state: GameState, seat: int, rng: Rng) -> str:
    decision = game.pending(state)
    if decision is None or decision.seat != seat:
        raise ValueError("no decision pending for this seat")
    return rng.choice(decision.options).key


class GreedyPlayer:
    """One-turn lookahead with determinization. ``samples`` futures per option."""

    def __init__(self, samples: int = 3, node_budget: int = 1500, branch_cap: int = 8) -> None:
        self.samples = samples
        self.node_budget = node_budget
        self.branch_cap = branch_cap

    def choose(self, game: Game, state: GameState, seat: int, rng: Rng) -> str:
        decision = game.pending(state)
        if decision is None or decision.seat != seat:
            raise ValueError("no decision pending for this seat")
        options = self._searched(game, state, decision.options)
        if len(options) == 1:
            return options[0].key
        per_option = max(1, self.node_budget // (len(options) * self.samples))
        worlds = [game.determinize(state, seat, rng) for _ in range(self.samples)]
        best_key, best_value = options[0].key, float("-inf")
        for option in options:
            total = 0.0
            for world in worlds:
                total += self._value_after(game, world, seat, option.key, decision.turn,
                                           per_option, rng)
            value = total / len(worlds)
            # Ties are broken at random so that equal options do not always favour
            # the first cell of the sheet.
            value += rng.random() * 1e-6
            if value > best_value:
                best_key, best_value = option.key, value
        return best_key

    def _value_after(self, game: Game, state: GameState, seat: int, key: str, turn: int,
                     budget: int, rng: Rng) -> float:
        after = game.apply(state, seat, key).state
        decision = game.pending(after)
        if decision is None:
            return self._final_value(game, after, seat)
        if decision.seat != seat or decision.turn != turn or budget <= 1:
            return game.evaluate(after, seat)
        options = self._searched(game, state, decision.options)
        if len(options) > self.branch_cap:
            options = [options[rng.randrange(len(options))] for _ in range(self.branch_cap)]
        share = max(1, (budget - 1) // len(options))
        return max(self._value_after(game, after, seat, o.key, turn, share, rng) for o in options)

    @staticmethod
    def _searched(game: Game, state: GameState, options: list) -> list:
        """The options worth looking at: all of them, unless the game narrows them with a
        ``search_options(state, options)`` method (options another one makes pointless)."""
        narrow = getattr(game, "search_options", None)
        return list(narrow(state, options)) if narrow is not None else list(options)

    @staticmethod
    def _final_value(game: Game, state: GameState, seat: int) -> float:
        value = game.evaluate(state, seat)
        if seat in game.winners(state):
            value += WIN_BONUS
        return value


_DEFAULT = GreedyPlayer()


def choose(game: Game, state: GameState, seat: int, rng: Rng) -> str:
    """The computer player's option key for ``seat`` (greedy, determinized)."""
    return _DEFAULT.choose(game, state, seat, rng)


def ai_rng(state: GameState) -> Rng:
    """A reproducible RNG for a computer move, derived from the game seed and step."""
    return Rng.from_seed((state.seed * 1_000_003 + state.step * 7_919 + 17) & ((1 << 64) - 1))


# -- outside the pending decision (Game.side_decision) ------------------------------------
#: A side action the seat must finish is played on greedily for at most this many steps.
SIDE_STEPS = 16


def choose_side(game: Game, state: GameState, seat: int, rng: Rng,
                samples: int = 3) -> str | None:
    """The computer's option of ``seat``'s side decision (:meth:`Game.side_decision`, e.g.
    a GWT:A exchange token on another's turn), or None to leave an offer (or when there
    is none).

    Looked at like :func:`choose`, on determinized copies: each option is played, then the
    rest of the side action it begins (the cards to discard) greedily, and the position
    valued with :meth:`Game.evaluate`. A side action the seat must finish gets its best
    option; an offer is taken only when it is worth more than leaving it."""
    side = game.side_decision(state, seat)
    if side is None:
        return None
    worlds = [game.determinize(state, seat, rng) for _ in range(samples)]

    def value_after(world: GameState, key: str) -> float:
        after = game.apply(world, seat, key).state
        for _ in range(SIDE_STEPS):
            more = game.side_decision(after, seat)
            if more is None or more.optional:
                break
            after = max((game.apply(after, seat, o.key).state for o in more.options),
                        key=lambda s: game.evaluate(s, seat))
        return game.evaluate(after, seat)

    best_key, best_value = None, float("-inf")
    for option in side.options:
        value = sum(value_after(world, option.key) for world in worlds) / len(worlds)
        value += rng.random() * 1e-6
        if value > best_value:
            best_key, best_value = option.key, value
    if side.optional:
        stay = sum(game.evaluate(world, seat) for world in worlds) / len(worlds)
        if best_value <= stay:
            return None
    return best_key
