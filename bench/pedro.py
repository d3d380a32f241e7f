"""`make bench`: GWT Argentina's solo game — Pedro's average score per difficulty against
the computer player's and a random player's (issue 10). Printed, never asserted. The
computer player takes minutes per solo game, hence its small count."""

from __future__ import annotations

import statistics
import time

from games.ai import choose, choose_random
from games.gwt_argentina import GAME
from tests.games.playout import playout

DIFFICULTIES = ("easy", "moderate", "expert")


def bench_pedro(games: int, *, computer: bool = True, random_games: int = 20) -> None:
    players = [("random", choose_random, random_games)]
    if computer:
        players.append(("computer", choose, games))
    for difficulty in DIFFICULTIES:
        for label, chooser, count in players:
            started = time.perf_counter()
            mine, his, wins = [], [], 0
            for seed in range(count):
                end, _ = playout(GAME, 1, {"difficulty": difficulty}, seed, chooser=chooser)
                mine.append(GAME.scores(end)[0]["total"])
                his.append(GAME.pedro_scores(end)["total"])
                wins += GAME.winners(end) == [0]
            elapsed = time.perf_counter() - started
            print(f"gwt-arg solo {difficulty:8s} Pedro {statistics.mean(his):6.1f} VP against "
                  f"the {label} player's {statistics.mean(mine):6.1f} VP, who wins "
                  f"{wins}/{count} ({elapsed / count:.1f} s/game)")


if __name__ == "__main__":
    bench_pedro(1, computer=False, random_games=5)
