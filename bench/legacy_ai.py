"""Today's computer player, frozen for comparison (``make bench``'s strength table): the
greedy one-turn lookahead that ``games/ai.py`` held before the planning search, with the
position values the games had then.

It is kept as it was — a node budget of 1,500, three determinized worlds, eight options
at most followed per step — except for one guard: it never takes an option it already
took at the same decision of the same turn (without it, it walks GWT:A's "single
auxiliary action instead → no auxiliary action" circle thousands of times in a solo game,
see ``tests/games/test_ai_circles.py``), and past :data:`CIRCLE_STEPS` decisions in one
turn, only the options it took least often in that turn (in Llama Land, seed 25004, it
took a tile and put it back for an hour). Only benchmarks use it.
"""

from __future__ import annotations

from collections import Counter

from games.base import Game, GameState
from games.rng import Rng

WIN_BONUS = 1000.0
#: Decisions of one turn after which the player keeps to the options it took least often
#: in that turn: far more than a real turn of any game takes, so a turn that is not a
#: circle plays as it did.
CIRCLE_STEPS = 100


class GreedyPlayer:
    """One-turn lookahead with determinization. ``samples`` futures per option. One
    instance per game (it remembers the options taken in the turn)."""

    def __init__(self, samples: int = 3, node_budget: int = 1500, branch_cap: int = 8) -> None:
        self.samples = samples
        self.node_budget = node_budget
        self.branch_cap = branch_cap
        self.taken: dict[tuple, set[str]] = {}
        #: The keys taken in the current turn, in order.
        self.this_turn: list[str] = []

    def choose(self, game: Game, state: GameState, seat: int, rng: Rng) -> str:
        decision = game.pending(state)
        if decision is None or decision.seat != seat:
            raise ValueError("no decision pending for this seat")
        here = (decision.seat, decision.turn, decision.prompt,
                tuple(o.key for o in decision.options))
        if self.taken and next(iter(self.taken))[:2] != here[:2]:
            self.taken.clear()
            self.this_turn.clear()
        taken = self.taken.setdefault(here, set())
        options = [o for o in self._searched(game, state, decision.options)
                   if o.key not in taken] or self._searched(game, state, decision.options)
        if len(self.this_turn) > CIRCLE_STEPS:
            times = Counter(self.this_turn)
            fewest = min(times[o.key] for o in options)
            options = [o for o in options if times[o.key] == fewest]
        key = self._best(game, state, seat, rng, decision.turn, options)
        taken.add(key)
        self.this_turn.append(key)
        return key

    def _best(self, game: Game, state: GameState, seat: int, rng: Rng, turn: int,
              options: list) -> str:
        if len(options) == 1:
            return options[0].key
        per_option = max(1, self.node_budget // (len(options) * self.samples))
        worlds = [game.determinize(state, seat, rng) for _ in range(self.samples)]
        best_key, best_value = options[0].key, float("-inf")
        for option in options:
            total = 0.0
            for world in worlds:
                total += self._value_after(game, world, seat, option.key, turn, per_option,
                                           rng)
            value = total / len(worlds)
            value += rng.random() * 1e-6
            if value > best_value:
                best_key, best_value = option.key, value
        return best_key

    def _value_after(self, game: Game, state: GameState, seat: int, key: str, turn: int,
                     budget: int, rng: Rng) -> float:
        after = game.apply(state, seat, key).state
        decision = game.pending(after)
        if decision is None:
            value = legacy_evaluate(game, after, seat)
            return value + (WIN_BONUS if seat in game.winners(after) else 0.0)
        if decision.seat != seat or decision.turn != turn or budget <= 1:
            return legacy_evaluate(game, after, seat)
        options = self._searched(game, state, decision.options)
        if len(options) > self.branch_cap:
            options = [options[rng.randrange(len(options))] for _ in range(self.branch_cap)]
        share = max(1, (budget - 1) // len(options))
        return max(self._value_after(game, after, seat, o.key, turn, share, rng)
                   for o in options)

    @staticmethod
    def _searched(game: Game, state: GameState, options: list) -> list:
        # only GWT:A narrowed its options then (an exchange token drawing 1 left out)
        if game.name != "gwt-argentina":
            return list(options)
        return list(game.search_options(state, options))


def legacy_evaluate(game: Game, state: GameState, seat: int) -> float:
    """The position value each game had before the planning search."""
    if game.name == "gwt-argentina":
        return _gwt_evaluate(game, state, seat)
    if game.name == "kuhlorado":
        return _kuhlorado_evaluate(game, state, seat)
    if game.name == "hazienda":
        return _hazienda_evaluate(game, state, seat)
    return game.evaluate(state, seat)


# -- Hazienda's value before the planning search (games/hazienda/ai_value.py then) -----------
def _hazienda_evaluate(game: Game, state, seat: int) -> float:
    from games.hazienda.ai_value import markets_in_reach

    scores = game.scores(state)

    def worth(s: int) -> float:
        player = state.players[s]
        colour = player.colour
        tiles = sum(1 for c in state.lands.values() if c == colour)
        tiles += sum(1 for a in state.animals.values() if a.colour == colour)
        money = 0.35 * min(player.money, 30) + 0.12 * max(0, player.money - 30)
        value = (scores[s]["total"] - scores[s]["money"] + money + 1.0 * player.hand_size()
                 + 1.25 * tiles)
        if not state.finished:
            value += 1.5 * markets_in_reach(state, colour)
        return value

    values = {s: worth(s) for s in range(state.seats)}
    return values[seat] - max(v for s, v in values.items() if s != seat)


# -- Kuhlorado's value before the planning search (KuhloradoGame.evaluate then) -------------
def _kuhlorado_evaluate(game: Game, state, seat: int) -> float:
    from games.kuhlorado.game import symbol_of
    from games.kuhlorado.scoring import herds

    scores = game.scores(state)
    lead = scores[seat]["total"] - scores[1 - seat]["total"]
    growth = 0.0
    for s, sign in ((seat, 1), (1 - seat, -1)):
        sizes = [len(h) for h in herds(state.sheet, symbol_of(s))]
        growth += sign * sum(n * n for n in sizes) / 100
    return lead + growth


# -- GWT:A's value before the planning search (games/gwt_argentina/ai_value.py then) ---------
def _gwt_potential(state, seat: int) -> float:
    from games.gwt_argentina import pieces
    from games.gwt_argentina.trail import track_value

    p = state.players[seat]
    workers = sum(len(row) - 1 for row in p.workers.values())
    values = {c.breed: c.value for c in map(pieces.cattle, p.herd()) if c is not None}
    return (3.0 * workers + 0.4 * p.grain + 0.4 * p.certificates
            + 0.25 * min(track_value(p.locomotive), 31) + 0.3 * p.exchange_tokens
            + 0.3 * sum(values.values()))


def _gwt_evaluate(game: Game, state, seat: int) -> float:
    scores = game.scores(state)

    def value(s: int) -> float:
        total = scores[s]["total"]
        return total if state.finished else total + _gwt_potential(state, s)

    mine = value(seat)
    others = [value(s) for s in range(state.seats) if s != seat]
    lead = mine - (max(others) if others else 0)
    pedro = game.pedro_scores(state)
    return lead - pedro["total"] if pedro is not None else lead
