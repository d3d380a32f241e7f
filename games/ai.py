"""Computer players built from the engine contract alone, so they play every game.

* :func:`choose` is the computer player at a level (:data:`LEVELS`): a determinized
  best-first search over the rest of its turn (:mod:`games.search`) that never reads
  another seat's secrets, with a budget per game and level (:data:`BUDGETS`). ``easy``
  searches little and does not always take the best option; ``normal`` (the default) and
  ``hard`` search more.
* :func:`analyse` is the same search's ranking of every option (hints).
* :func:`choose_random` picks a legal option uniformly (property tests, soak runs).
* :func:`choose_side` answers a seat's side decision (a GWT:A exchange token on
  another's turn).

Everything is deterministic given the ``rng`` (:func:`ai_rng` derives it from the game's
seed and step), so a game with computer seats replays exactly. The search is bounded by
engine steps, with a CPU-time cap only as a safety net (see :mod:`games.search`).

**No circles.** A computer never goes back to a decision it already left in the same turn
(an auxiliary action given up, which leads back to the location's menu): the caller keeps
the signatures of the decisions left this turn (:func:`games.search.signature`) and passes
them as ``seen``; the search neither enters nor chooses an option that leads back to one.
"""

from __future__ import annotations

from games.base import GameState
from games.i18n import N_, _
from games.rng import Rng
from games.search import AnyGame, Budget, Report, Signature, pick, rank, signature

__all__ = ["LEVELS", "LEVEL_NAMES", "DEFAULT_LEVEL", "BUDGETS", "Budget", "Report", "analyse",
           "budget_for", "choose", "choose_random", "choose_side", "ai_rng", "signature",
           "level_name", "level_or_default", "pick", "rank"]

#: Computer levels, weakest first.
LEVELS = ("easy", "normal", "hard")
DEFAULT_LEVEL = "normal"
#: Each level as players read it.
LEVEL_NAMES = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard")}

#: Engine steps (the primary bound) and determinized worlds per game and level, chosen so
#: that a decision takes at most a few hundred milliseconds of one core on the games we
#: ship (``make bench`` measures it). A game's step costs differ a lot (a Kuhlorado step is
#: a dice roll, a Llama Land one lists a tile's placements), hence one table per game.
#: ``easy`` also draws among the options that look nearly as good (a softmax at that many
#: points).
BUDGETS: dict[str, dict[str, Budget]] = {
    "default": {
        "easy": Budget(worlds=1, steps=60, temperature=1.5),
        "normal": Budget(worlds=2, steps=200),
        "hard": Budget(worlds=3, steps=400),
    },
    "kuhlorado": {
        "easy": Budget(worlds=2, steps=80, temperature=1.0),
        "normal": Budget(worlds=6, steps=500),
        "hard": Budget(worlds=10, steps=700),
    },
    "hazienda": {
        "easy": Budget(worlds=1, steps=60, temperature=1.5),
        "normal": Budget(worlds=2, steps=200),
        "hard": Budget(worlds=3, steps=250),
    },
    "llama-land": {
        "easy": Budget(worlds=1, steps=40, temperature=1.5),
        "normal": Budget(worlds=2, steps=240),
        "hard": Budget(worlds=3, steps=300),
    },
    # GWT:A: one world searched twice as deep beats two worlds at the same steps (solo
    # against Pedro at easy, seeds 24000-24002: 53.7 VP against 42.3 on average): a turn
    # has many steps (moves, then a location's actions), and the hidden cards a world
    # re-draws matter less than finding the turn's best plan. Hard's 200 steps keep its
    # p95 near 300 ms (240 steps: p95 331 ms CPU in a solo game on the busy machine).
    # Normal's 180 steps: p95 152 ms alone on one core (make bench; 400 ms before the
    # search paused the garbage collector). 130 and 160 steps scored far less (solo,
    # seeds 24000-24001: 36-39 and 30-35 VP against 54-56 at 180). A decision whose best
    # option has no finished turn below it (most often in Buenos Aires' long chain of
    # steps: 10 of ~270 decisions a game) is searched again with twice the steps
    # (``extend``; with the hand model of ai_value, 40 solo games: +1.8 VP a game and
    # +6.6 on the margin to Pedro). In the solo game normal and hard keep to the
    # opening of ai_opening (``plan``; docs/gwt-argentina-computer.md, sixteenth pass).
    "gwt-argentina": {
        "easy": Budget(worlds=1, steps=80, temperature=1.0),
        "normal": Budget(worlds=1, steps=180, extend=180, plan=True),
        "hard": Budget(worlds=1, steps=200, extend=200, plan=True),
    },
}


def level_or_default(level: str | None) -> str:
    """A known level (anything else, or None, is the default)."""
    return level if level in LEVELS else DEFAULT_LEVEL


def level_name(level: str | None) -> str:
    """A level's name in the active language."""
    return _(LEVEL_NAMES[level_or_default(level)])


def budget_for(game: AnyGame, level: str | None = None) -> Budget:
    table = BUDGETS.get(game.name, BUDGETS["default"])
    return table[level_or_default(level)]


def analyse(game: AnyGame, state: GameState, seat: int, rng: Rng, level: str | None = None,
            seen: frozenset[Signature | None] = frozenset()) -> Report:
    """Every option of ``seat``'s pending decision, best first, with its estimated value
    (see :func:`games.search.rank`)."""
    return rank(game, state, seat, rng, budget_for(game, level), seen)


def choose(game: AnyGame, state: GameState, seat: int, rng: Rng, level: str | None = None,
           seen: frozenset[Signature | None] = frozenset()) -> str:
    """The computer player's option key for ``seat`` at ``level``. ``seen``: signatures of
    the decisions ``seat`` left earlier in this turn (never gone back to)."""
    decision = game.pending(state)
    if decision is None or decision.seat != seat:
        raise ValueError("no decision pending for this seat")
    if len(decision.options) == 1:
        return decision.options[0].key
    budget = budget_for(game, level)
    return pick(rank(game, state, seat, rng, budget, seen), budget, rng)


def choose_random(game: AnyGame, state: GameState, seat: int, rng: Rng) -> str:
    decision = game.pending(state)
    if decision is None or decision.seat != seat:
        raise ValueError("no decision pending for this seat")
    return rng.choice(decision.options).key


def ai_rng(state: GameState) -> Rng:
    """A reproducible RNG for a computer move, derived from the game seed and step."""
    return Rng.from_seed((state.seed * 1_000_003 + state.step * 7_919 + 17) & ((1 << 64) - 1))


# -- outside the pending decision (Game.side_decision) ------------------------------------
#: A side action the seat must finish is played on greedily for at most this many steps.
SIDE_STEPS = 16


def choose_side(game: AnyGame, state: GameState, seat: int, rng: Rng,
                samples: int = 3) -> str | None:
    """The computer's option of ``seat``'s side decision (:meth:`Game.side_decision`, e.g.
    a GWT:A exchange token on another's turn), or None to leave an offer (or when there
    is none).

    Looked at on determinized copies: each option is played, then the rest of the side
    action it begins (the cards to discard) greedily, and the position valued with
    :meth:`Game.evaluate`. A side action the seat must finish gets its best option; an
    offer is taken only when it is worth more than leaving it."""
    side = game.side_decision(state, seat)
    if side is None:
        return None
    worlds = [game.determinize(state, seat, rng) for _ in range(samples)]

    def value_after(world: GameState, key: str) -> float:
        after = game.apply(world, seat, key).state
        for _step in range(SIDE_STEPS):
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
