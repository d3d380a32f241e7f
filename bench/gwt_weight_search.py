"""A cross-entropy search over the GWT:A computer's value weights, by whole solo games
against Pedro: printed, never asserted, and it changes no file.

Each weight alone moves the score within chance (docs/gwt-argentina-computer.md), so this
changes them together. Every generation draws candidates around a mean — each searched
weight times e^x, x normal — plays each of them and the mean itself on the same fresh
seeds, and moves the mean (and the spread) towards the best few by margin to Pedro.
It prints the mean after every generation as factors of today's weights, and appends
each generation to ``--out`` (JSON lines) if given. The fourteenth pass of the tuning log
ran it with the defaults below (810 games, 85 minutes on two cores); the weights it found
are what :data:`games.gwt_argentina.ai_value.W` holds. To keep a result, write its
weights into ``ai_value`` and measure them with ``bench.strength`` on other seeds.

    python -m bench.gwt_weight_search [--generations 15] [--candidates 8] [--seeds 6]
                                      [--seed-base 60000] [--elite 3] [--processes 2]
                                      [--keys peso,grain,...] [--first-spread 0.35]
                                      [--rng-seed 14] [--out FILE]
"""

from __future__ import annotations

import argparse
import json
import math
import random
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass

from bench.strength import play
from games.gwt_argentina import ai_value

NAME = "gwt-argentina"
#: The factors searched by default (``--keys``): a key of ``W`` (``peso`` scales the three
#: peso weights together), or ``use_<row>`` for a row of ``WORKER_USE``.
KEYS = ("peso", "grain", "certificate", "token", "worker", "track_step", "own_building",
        "disc_off_board", "objective_card", "visit", "use_gaucho", "use_carpintero")
PESO_KEYS = ("peso", "spare_peso", "late_peso")
#: The spread of the first generation, in e-folds of a weight.
FIRST_SPREAD = 0.35
#: The least spread, so that the search never stops looking around its mean.
LEAST_SPREAD = 0.08
#: How far the mean and the spread move towards the elite's each generation.
STEP = 0.7

Weights = tuple[dict[str, float], dict[str, tuple[float, ...]]]


def searchable() -> list[str]:
    """Every factor the search may take: the keys of ``W`` and ``use_<row>``."""
    return ([k for k in ai_value.W if k not in PESO_KEYS[1:]]
            + [f"use_{row}" for row in ai_value.WORKER_USE])


def weighted(x: Sequence[float], base: Weights | None = None,
             keys: Sequence[str] = KEYS) -> Weights:
    """The weights ``x`` (one log-factor per key of ``keys``) make of ``base`` (today's)."""
    w, use = base if base is not None else (ai_value.W, ai_value.WORKER_USE)
    new_w, new_use = dict(w), dict(use)
    for key, log_factor in zip(keys, x, strict=True):
        factor = math.exp(log_factor)
        if key.startswith("use_"):
            new_use[key[4:]] = tuple(v * factor for v in use[key[4:]])
        else:
            for k in PESO_KEYS if key == "peso" else (key,):
                new_w[k] = w[k] * factor
    return new_w, new_use


@contextmanager
def installed(weights: Weights) -> Iterator[None]:
    """``ai_value`` valuing with ``weights`` inside the block (in this process)."""
    saved = dict(ai_value.W), dict(ai_value.WORKER_USE)

    def put(w: dict[str, float], use: dict[str, tuple[float, ...]]) -> None:
        ai_value.W.clear()
        ai_value.W.update(w)
        ai_value.WORKER_USE.clear()
        ai_value.WORKER_USE.update(use)
        # the quays' worth is computed once from the peso and grain weights
        ai_value._QUAY_WORTH.clear()
        ai_value._QUAY_WORTH.update(ai_value._quay_worths())

    put(*weights)
    try:
        yield
    finally:
        put(*saved)


def margin(job: tuple[tuple[float, ...], int, str, str, tuple[str, ...]]) -> float:
    """One solo game, ``(x, seed, level, Pedro's difficulty, keys)``: the player's score
    less Pedro's."""
    x, seed, level, difficulty, keys = job
    with installed(weighted(x, keys=keys)):
        result = play((NAME, "solo", (level,), seed, difficulty))
    assert result.pedro is not None
    return float(result.scores[0] - result.pedro)


@dataclass
class Search:
    """The search's state: the mean and spread of each log-factor."""

    mean: list[float]
    spread: list[float]

    @classmethod
    def start(cls, size: int = len(KEYS), spread: float = FIRST_SPREAD) -> Search:
        return cls([0.0] * size, [spread] * size)

    def draw(self, rng: random.Random, n: int) -> list[list[float]]:
        """The mean, then ``n`` candidates around it."""
        return [list(self.mean)] + [[rng.gauss(m, s) for m, s in zip(self.mean, self.spread,
                                                                     strict=True)]
                                    for _ in range(n)]

    def update(self, candidates: Sequence[Sequence[float]], scores: Sequence[float],
               elite: int) -> None:
        """Move towards the ``elite`` best of ``candidates[1:]`` (the first is the mean)."""
        best = sorted(range(1, len(candidates)), key=lambda i: -scores[i])[:elite]
        for k in range(len(self.mean)):
            values = [candidates[i][k] for i in best]
            centre = sum(values) / len(values)
            spread = math.sqrt(sum((v - centre) ** 2 for v in values) / len(values))
            self.mean[k] += STEP * (centre - self.mean[k])
            self.spread[k] = max(LEAST_SPREAD, self.spread[k] + STEP * (spread - self.spread[k]))


def factors(x: Sequence[float], keys: Sequence[str] = KEYS) -> str:
    return " ".join(f"{k}×{math.exp(v):.2f}" for k, v in zip(keys, x, strict=True))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.gwt_weight_search",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--generations", type=int, default=15)
    parser.add_argument("--candidates", type=int, default=8)
    parser.add_argument("--seeds", type=int, default=6, help="games a candidate plays")
    parser.add_argument("--seed-base", type=int, default=60000)
    parser.add_argument("--elite", type=int, default=3)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--difficulty", default="easy")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--out", help="append every generation here (JSON lines)")
    parser.add_argument("--keys", default=",".join(KEYS),
                        help="the factors searched, comma-separated (default: %(default)s)")
    parser.add_argument("--first-spread", type=float, default=FIRST_SPREAD,
                        help="the first generation's spread, in e-folds (default: %(default)s)")
    parser.add_argument("--rng-seed", type=int, default=14,
                        help="the candidates' draws; the games' seeds come from --seed-base")
    args = parser.parse_args(argv)
    keys = tuple(k for k in args.keys.split(",") if k)
    unknown = sorted(set(keys) - set(searchable()))
    if unknown or not keys:
        parser.error(f"unknown keys {', '.join(unknown) or '(none given)'}; "
                     f"the search takes: {', '.join(searchable())}")
    twice = sorted({k for k in keys if keys.count(k) > 1})
    if twice:
        # each key is one factor: given twice, it would scale its weights twice
        parser.error(f"keys given more than once: {', '.join(twice)}")
    search, rng = Search.start(len(keys), args.first_spread), random.Random(args.rng_seed)
    with ProcessPoolExecutor(args.processes) as pool:
        for generation in range(args.generations):
            candidates = search.draw(rng, args.candidates)
            seeds = [args.seed_base + generation * args.seeds + i for i in range(args.seeds)]
            jobs = [(tuple(c), s, args.level, args.difficulty, keys)
                    for c in candidates for s in seeds]
            margins = list(pool.map(margin, jobs))
            scores = [sum(margins[i * len(seeds):(i + 1) * len(seeds)]) / len(seeds)
                      for i in range(len(candidates))]
            search.update(candidates, scores, args.elite)
            print(f"generation {generation}: the mean's margin {scores[0]:.1f}, the best "
                  f"{max(scores[1:]):.1f}; now {factors(search.mean, keys)}", flush=True)
            if args.out:
                with open(args.out, "a", encoding="utf-8") as out:
                    out.write(json.dumps({"generation": generation, "keys": keys,
                                          "seeds": seeds,
                                          "candidates": candidates, "scores": scores,
                                          "mean": search.mean, "spread": search.spread}) + "\n")


if __name__ == "__main__":
    main()
