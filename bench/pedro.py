"""`make bench`: GWT Argentina's solo game — Pedro's average score per difficulty against the
computer player's and a random player's. Printed, never asserted.

Whole solo games are played in worker processes (one per core, at most ``processes``): a
computer solo game is a few hundred decisions of the computer player (``normal``), about a
minute of CPU (``bench/strength.py`` plays it at every level).
Seeds are fixed, so two runs of one version print the same scores."""

from __future__ import annotations

import os
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from games.ai import DEFAULT_LEVEL, choose_random
from games.gwt_argentina import GAME
from testkit.playout import playout

DIFFICULTIES = ("easy", "moderate", "expert")


def chooser(player: str):
    """The computer player at the default level (with the turn memory the bot keeps), or
    the random player."""
    if player != "computer":
        return choose_random
    from bench.strength import Player

    computer = Player(DEFAULT_LEVEL)
    return lambda game, state, seat, rng: computer.choose(game, state, seat)


def solo_game(job: tuple[str, str, int]) -> tuple[str, str, int, int, int, float]:
    """(difficulty, player, your total, Pedro's total, steps, CPU seconds) of one game."""
    difficulty, player, seed = job
    started = time.process_time()
    end, moves = playout(GAME, 1, {"difficulty": difficulty}, 900 + seed,
                         chooser=chooser(player))
    pedro = GAME.pedro_scores(end)
    assert pedro is not None
    return (difficulty, player, GAME.scores(end)[0]["total"], pedro["total"], len(moves),
            time.process_time() - started)


def bench_pedro(games: int, *, computer: bool = True, random_games: int = 20,
                processes: int | None = None, verbose: bool = False) -> None:
    # computer games first, one of each difficulty in turn, so a run cut short still
    # says something of every difficulty (``verbose`` prints each game as it ends)
    jobs = [(d, "computer", s) for s in range(games if computer else 0) for d in DIFFICULTIES]
    jobs += [(d, "random", s) for s in range(random_games) for d in DIFFICULTIES]
    workers = max(1, min(processes or os.cpu_count() or 1, len(jobs)))
    started = time.perf_counter()
    results = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for result in pool.map(solo_game, jobs):
            results.append(result)
            if verbose:
                print("  ", *result[:5], f"{result[5]:.1f} s", flush=True)
    wall = time.perf_counter() - started
    for difficulty in DIFFICULTIES:
        for player in ("random", "computer"):
            rows = [r for r in results if r[:2] == (difficulty, player)]
            if not rows:
                continue
            mine, his = [r[2] for r in rows], [r[3] for r in rows]
            wins = sum(1 for r in rows if r[2] > r[3])
            print(f"gwt-arg solo {difficulty:8s} Pedro {statistics.mean(his):5.1f} VP "
                  f"({min(his)}–{max(his)}) against the {player} player's "
                  f"{statistics.mean(mine):5.1f} VP ({min(mine)}–{max(mine)}), who wins "
                  f"{wins}/{len(rows)}; {statistics.mean(r[4] for r in rows):.0f} steps, "
                  f"{statistics.mean(r[5] for r in rows):.1f} s CPU a game")
    print(f"gwt-arg solo {len(jobs)} games in {wall:.0f} s on {workers} processes")


if __name__ == "__main__":
    bench_pedro(1, computer=False, random_games=5)
