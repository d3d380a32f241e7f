"""A fingerprint of how the engines behave, to show that a speed-up changed nothing.

Plays seeded random games (the way ``testkit.playout`` does: ``choose_random`` with the
same RNG, some with side steps) and hashes, step after step, the pending decision (seat,
turn, prompt, every option's fields in order), the events and ``reveals`` of each step,
the state's JSON, and every few steps the views, holdings, scores and side decisions.
Run it before and after a change: the same hashes mean the same behaviour on those games.

    python -m bench.trace_hash [--games N] [--lang fr] [game ...]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import time
from typing import Any

from games import available_games, get_game, i18n
from games.ai import choose_random
from games.base import Decision, Game, GameState
from games.rng import Rng

#: Views, holdings, scores and side decisions are hashed every this many steps.
READ_EVERY = 5


def _decision(decision: Decision | None) -> Any:
    return None if decision is None else decision.model_dump()


def _reads(game: Game, state: GameState) -> Any:
    seats = range(state.seats)
    holdings = [game.holdings(state, s) for s in seats]
    return {
        "views": [game.view(state, None), *(game.view(state, s) for s in seats)],
        "holdings": [None if h is None else h.model_dump() for h in holdings],
        "scores": {str(s): sc for s, sc in game.scores(state).items()},
        "sides": [_decision(game.side_decision(state, s)) for s in seats],
    }


def trace(game: Game, seats: int, seed: int, sides: float) -> tuple[str, int]:
    """The hash of one game and its number of steps (dicts in their own key order)."""
    digest = hashlib.sha256()

    def feed(item: Any) -> None:
        digest.update(json.dumps(item, default=str).encode())

    state = game.setup(seats, game.parse_options(None), seed)
    rng = Rng.from_seed(seed ^ 0x5DEECE66D)
    steps = 0
    while (decision := game.pending(state)) is not None:
        feed(_decision(decision))
        moves = []
        if sides:
            for seat in range(seats):
                side = game.side_decision(state, seat) if seat != decision.seat else None
                if side is not None and rng.random() < sides:
                    moves.append((seat, rng.choice(side.options).key))
        moves.append((decision.seat, choose_random(game, state, decision.seat, rng)))
        for seat, key in moves:
            outcome = game.apply(state, seat, key)
            state = outcome.state
            feed([seat, key, [e.model_dump() for e in outcome.events], outcome.reveals])
            feed(game.dump(state))
            steps += 1
            if steps % READ_EVERY == 0:
                feed(_reads(game, state))
            if game.pending(state) is None:
                break
    feed(_reads(game, state))
    feed(game.winners(state))
    return digest.hexdigest(), steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", help="game names (default: all)")
    parser.add_argument("--games", dest="count", type=int, default=3, help="games per seating")
    parser.add_argument("--lang", default=None, help="the language of the texts (default: English)")
    args = parser.parse_args()
    with i18n.using(args.lang):
        for name in args.games or available_games():
            print(f"{name:14s} {args.lang or 'en'}  {hash_game(name, args.count)}", flush=True)


def hash_game(name: str, count: int) -> str:
    """The hash of ``count`` games per seating of one game, its steps and time."""
    game = get_game(name)
    whole = hashlib.sha256()
    steps, started = 0, time.perf_counter()
    for seats in range(max(2, game.min_seats), game.max_seats + 1):
        for seed in range(count):
            digest, n = trace(game, seats, seed, sides=0.3 if seed % 2 else 0.0)
            whole.update(digest.encode())
            steps += n
    return f"{whole.hexdigest()[:16]}  {steps} steps ({time.perf_counter() - started:.1f} s)"


if __name__ == "__main__":
    main()
