"""How strong and how fast the computer players are: printed, never asserted.

* **Head to head** in Kuhlorado, Hazienda and Llama Land (two seats, taking turns to
  begin): each level against today's player (``bench/legacy_ai.py``: the greedy player
  the bot had before its planning search) and the levels against each other. Wins count 1, a shared
  win ½.
* **GWT:A**: the computer in the player's seat of a solo game against Pedro at each of his
  difficulties (its wins and both scores), and two computers of one level against each
  other (the median score).
* **Decision times** per game and level, over every decision with a choice in those games:
  CPU time of the process (``time.process_time``, what a busy machine does not inflate;
  the machine these figures come from is shared) and wall time, as median, p95 and max,
  and the engine steps the searches took (the primary bound: with the same seed a search
  makes the same choice whatever the machine). The searches stopped by the CPU-time cap
  (a safety net, which would make a choice depend on the machine) are counted.
* **On one core**: a sample of those decisions (every 4th, at most 60 per game and level)
  searched again one at a time once the games are over, the bench alone on the machine:
  the speed target (p95 ≤ 300 ms, none over 1 s) is "on one core", and searches side by
  side on the two cores each take longer.

Every game has a fixed seed, so two runs of one version play the same games (up to the
cap). Games run in worker processes, one per core.

``python -m bench.strength`` (``make bench-strength``) plays the full set (about an hour
on two cores) and says which of the targets hold (:func:`targets`); ``--quick`` (part of ``make
bench``) a sample of one to four games a cell (see :data:`QUICK`) in a couple of minutes.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from bench.legacy_ai import GreedyPlayer
from bot.core.autoplay import TurnMemory
from games import ai, get_game
from games.base import Game, GameState

#: The players: the levels, and today's player.
LEGACY = "today"
PLAYERS = (*ai.LEVELS, LEGACY)
PEDRO_LEVELS = ("easy", "moderate", "expert")
HEAD_TO_HEAD = ("kuhlorado", "hazienda", "llama-land")
SEED_BASE = 24_000


@dataclass
class Timing:
    """Decision times of one player in one game."""

    cpu: list[float] = field(default_factory=list)
    wall: list[float] = field(default_factory=list)
    steps: list[int] = field(default_factory=list)
    capped: int = 0


class Player:
    """One seat's chooser: a level of :mod:`games.ai` (with the turn memory the bot keeps),
    or today's player."""

    def __init__(self, who: str) -> None:
        self.who = who
        self.memory = TurnMemory()
        self.legacy = GreedyPlayer() if who == LEGACY else None
        self.timing = Timing()
        #: Every SAMPLE_EVERY-th searched decision, to be timed again alone (:func:`alone`).
        self.samples: list[Sample] = []

    def choose(self, game: Game, state: GameState, seat: int) -> str:
        decision = game.pending(state)
        assert decision is not None
        if len(decision.options) == 1:
            self.memory.leave(decision)
            return decision.options[0].key
        rng = ai.ai_rng(state)
        wall, cpu = time.perf_counter(), time.process_time()
        if self.legacy is not None:
            key, steps, capped = self.legacy.choose(game, state, seat, rng), 0, False
        else:
            budget = ai.budget_for(game, self.who)
            seen = self.memory.seen(decision)
            if len(self.timing.cpu) % SAMPLE_EVERY == 0:
                self.samples.append(Sample(game.name, self.who, game.dump(state), seat, seen))
            report = ai.rank(game, state, seat, rng, budget, seen)
            key, steps, capped = ai.pick(report, budget, rng), report.steps, report.capped
        self.timing.cpu.append(time.process_time() - cpu)
        self.timing.wall.append(time.perf_counter() - wall)
        self.timing.steps.append(steps)
        self.timing.capped += capped
        self.memory.leave(decision)
        return key


@dataclass(frozen=True)
class Sample:
    """A searched decision, to be timed again in one process with the machine to itself."""

    game: str
    who: str
    state: str
    seat: int
    seen: frozenset[Any]


#: Searched decisions kept for the one-core timing: every SAMPLE_EVERY-th of each player,
#: at most ALONE_PER_ROW per game and level.
SAMPLE_EVERY, ALONE_PER_ROW = 4, 60


@dataclass
class Result:
    game: str
    kind: str  # "h2h", "solo", "self"
    players: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    pedro: int | None
    timings: dict[str, Timing]
    #: Pedro's difficulty (solo games).
    difficulty: str | None = None
    samples: list[Sample] = field(default_factory=list)


def play(job: tuple[str, str, tuple[str, ...], int, str | None]) -> Result:
    """One whole game: ``(game, kind, who plays each seat, seed, Pedro's difficulty)``."""
    name, kind, seats, seed, difficulty = job
    game = get_game(name)
    options = {"difficulty": difficulty} if difficulty else None
    state = game.setup(len(seats), game.parse_options(options), seed)
    players = [Player(who) for who in seats]
    steps = 0
    while (decision := game.pending(state)) is not None:
        key = players[decision.seat].choose(game, state, decision.seat)
        state = game.apply(state, decision.seat, key).state
        steps += 1
        if steps > 20_000:
            raise RuntimeError(f"{name} seed {seed}: no end after {steps} steps")
    totals = tuple(game.scores(state)[s]["total"] for s in range(len(seats)))
    pedro = game.pedro_scores(state) if difficulty else None
    timings: dict[str, Timing] = {}
    samples = [sample for player in players for sample in player.samples]
    for player in players:
        mine = timings.setdefault(player.who, Timing())
        mine.cpu += player.timing.cpu
        mine.wall += player.timing.wall
        mine.steps += player.timing.steps
        mine.capped += player.timing.capped
    return Result(name, kind, seats, totals, tuple(game.winners(state)),
                  None if pedro is None else pedro["total"], timings, difficulty, samples)


def alone(results: list[Result]) -> dict[tuple[str, str], list[float]]:
    """CPU seconds of sampled decisions searched again one at a time in this process, the
    worker processes gone: the speed target is "on one core", and two searches sharing
    the machine's cores (and its caches) each take longer. Same state, seat, budget and
    RNG as in the game, so the same search."""
    rows: dict[tuple[str, str], list[Sample]] = defaultdict(list)
    for r in results:
        for sample in r.samples:
            rows[(sample.game, sample.who)].append(sample)
    out: dict[tuple[str, str], list[float]] = {}
    for (name, who), samples in sorted(rows.items()):
        game = get_game(name)
        budget = ai.budget_for(game, who)
        step = max(1, len(samples) // ALONE_PER_ROW)
        times = []
        for sample in samples[::step][:ALONE_PER_ROW]:
            state = game.load(sample.state)
            started = time.process_time()
            ai.rank(game, state, sample.seat, ai.ai_rng(state), budget, sample.seen)
            times.append(time.process_time() - started)
        out[(name, who)] = times
    return out


#: Games per cell of the table. The target cells (see :func:`targets`: the normal level
#: against today's player; GWT:A's normal level against Pedro at easy, and two normal computers)
#: get the most; the other pairs of levels and of Pedro's difficulties fewer. A Llama Land
#: or Hazienda game against today's player takes a minute or more of CPU (today's player
#: is the slow one), a GWT:A game about one.
FULL = {
    "target": {"kuhlorado": 20, "hazienda": 10, "llama-land": 10},
    "other": {"kuhlorado": 10, "hazienda": 4, "llama-land": 4},
    "solo_target": 10, "solo_other": 3, "self_target": 5, "self_other": 2,
}
#: The quick set (``make bench``, a couple of minutes on two cores) is a sample, not a
#: verdict: the normal level against today's player in Kuhlorado (today's Hazienda and
#: Llama Land players take over a second a decision), one game of easy against normal in
#: each game for those levels' decision times, and one game of each GWT:A target cell.
QUICK = {
    "target": {"kuhlorado": 4, "hazienda": 0, "llama-land": 0},
    "other": {"kuhlorado": 0, "hazienda": 0, "llama-land": 0},
    "levels": {"kuhlorado": 1, "hazienda": 1, "llama-land": 1},
    "solo_target": 1, "solo_other": 0, "self_target": 1, "self_other": 0,
}
#: The pair of levels the quick set times in every game.
LEVELS_PAIR = ("easy", "normal")
TARGET_PAIR = ("normal", LEGACY)
PAIRS = (TARGET_PAIR, ("easy", LEGACY), ("hard", LEGACY), ("easy", "normal"),
         ("normal", "hard"))


def jobs(quick: bool, only_targets: bool = False, games: tuple[str, ...] | None = None,
         solo: int | None = None, self_play: int | None = None,
         seed_base: int = SEED_BASE,
         ) -> list[tuple[str, str, tuple[str, ...], int, str | None]]:
    """The games to play (the slow ones first): head to head, each pair of players
    taking turns to begin; GWT:A's solo game at every level against every difficulty of
    Pedro; two
    GWT:A computers of one level. ``only_targets``: the target cells alone; ``games``:
    only these games; ``solo``/``self_play``: games in GWT:A's target cells (normal
    against Pedro at easy, two normal computers) instead of the set's count; ``seed_base``:
    the first game's seed (:data:`SEED_BASE` unless told: another base plays fresh games,
    to check that a change measured on the usual ones holds beyond them)."""
    sizes = QUICK if quick else FULL
    if only_targets:
        sizes = {**sizes, "other": dict.fromkeys(HEAD_TO_HEAD, 0), "solo_other": 0,
                 "self_other": 0}
    if games is not None:
        kept = {name: (n if name in games else 0) for name, n in sizes["target"].items()}
        other = {name: (n if name in games else 0) for name, n in sizes["other"].items()}
        levels = {name: (n if name in games else 0)
                  for name, n in sizes.get("levels", {}).items()}
        sizes = {**sizes, "target": kept, "other": other, "levels": levels}
        if "gwt-argentina" not in games:
            sizes = {**sizes, "solo_target": 0, "solo_other": 0, "self_target": 0,
                     "self_other": 0}
    if solo is not None:
        sizes = {**sizes, "solo_target": solo}
    if self_play is not None:
        sizes = {**sizes, "self_target": self_play}
    out = []
    for name in ("llama-land", "hazienda", "kuhlorado"):
        for a, b in PAIRS:
            n = sizes["target" if (a, b) == TARGET_PAIR else "other"][name]
            if (a, b) == LEVELS_PAIR and not only_targets:
                n = max(n, sizes.get("levels", {}).get(name, 0))
            for i in range(n):
                seats = (a, b) if i % 2 == 0 else (b, a)
                out.append((name, "h2h", seats, seed_base + i // 2, None))
    for level in ai.LEVELS:
        for difficulty in PEDRO_LEVELS:
            target = level == "normal" and difficulty == "easy"
            n = sizes["solo_target"] if target else sizes["solo_other"]
            for i in range(n):
                out.append(("gwt-argentina", "solo", (level,), seed_base + i, difficulty))
    for level in ai.LEVELS:
        n = sizes["self_target"] if level == "normal" else sizes["self_other"]
        for i in range(n):
            out.append(("gwt-argentina", "self", (level, level), seed_base + i, None))
    return out


def _spread(values: list[float], scale: float = 1000.0) -> str:
    if not values:
        return "—"
    values = sorted(values)
    p95 = _p95(values)
    return (f"{statistics.median(values) * scale:5.0f} / {p95 * scale:5.0f} / "
            f"{values[-1] * scale:5.0f}")


def report(results: list[Result]) -> None:
    print("strength: head to head (two seats, each begins half the games; a shared win ½)")
    h2h: dict[tuple[str, str, str], list[float]] = defaultdict(list)
    for r in results:
        if r.kind != "h2h":
            continue
        a, b = sorted(set(r.players), key=PLAYERS.index)
        for seat, who in enumerate(r.players):
            if who == a:
                won = 1.0 if r.winners == (seat,) else 0.5 if seat in r.winners else 0.0
                h2h[(r.game, a, b)].append(won)
    for (name, a, b), wins in sorted(h2h.items()):
        print(f"  {name:12s} {a:>6s} vs {b:<6s} {sum(wins):5.1f}/{len(wins):<3d} "
              f"= {100 * sum(wins) / len(wins):3.0f} % won by {a}")
    solo = defaultdict(list)
    for r in results:
        if r.kind == "solo":
            solo[(r.players[0], r.difficulty)].append(r)
    if solo:
        print("strength: GWT:A solo, the computer in the player's seat against Pedro")
        for (level, difficulty), rows in sorted(
                solo.items(), key=lambda kv: (ai.LEVELS.index(kv[0][0]),
                                              PEDRO_LEVELS.index(kv[0][1]))):
            mine = [r.scores[0] for r in rows]
            his = [r.pedro for r in rows]
            wins = sum(1 for r in rows if r.winners)
            print(f"  {level:6s} vs Pedro {difficulty:8s} wins {wins}/{len(rows)}; "
                  f"computer {statistics.median(mine):5.1f} median "
                  f"{statistics.mean(mine):5.1f} mean ({min(mine)}–{max(mine)}), "
                  f"Pedro {statistics.median(his):5.1f} median "
                  f"{statistics.mean(his):5.1f} mean ({min(his)}–{max(his)})")
    self_play = defaultdict(list)
    for r in results:
        if r.kind == "self":
            self_play[r.players[0]].extend(r.scores)
    if self_play:
        print("strength: GWT:A, two computers of one level")
        for level, scores in sorted(self_play.items(), key=lambda kv: ai.LEVELS.index(kv[0])):
            print(f"  {level:6s} median {statistics.median(scores):5.1f} VP, mean "
                  f"{statistics.mean(scores):5.1f} "
                  f"({min(scores)}–{max(scores)}, {len(scores)} scores)")
    print("decision times (ms, median / p95 / max) per game and level; steps median / max; "
          "capped = stopped by the CPU-time cap")
    times: dict[tuple[str, str], Timing] = defaultdict(Timing)
    for r in results:
        for who, t in r.timings.items():
            mine = times[(r.game, who)]
            mine.cpu += t.cpu
            mine.wall += t.wall
            mine.steps += t.steps
            mine.capped += t.capped
    for (name, who), t in sorted(times.items(), key=lambda kv: (kv[0][0],
                                                                PLAYERS.index(kv[0][1]))):
        steps = (f"steps {statistics.median(t.steps):4.0f} / {max(t.steps):4d}"
                 if who != LEGACY else "steps    —")
        print(f"  {name:13s} {who:6s} CPU {_spread(t.cpu)}  wall {_spread(t.wall)}  "
              f"{steps}  capped {t.capped}/{len(t.cpu)}")


def targets(results: list[Result],
            one_core: dict[tuple[str, str], list[float]] | None = None) -> None:
    """The strength and speed targets the computer players are held to (the normal level
    beats today's player in 70 % of games, beats Pedro at easy in half, scores a median of
    90 VP against itself in GWT:A; every decision within 1 s of CPU, p95 300 ms, on one
    core: ``one_core``, the sampled decisions timed alone), each with what this run
    measured (for the cells it played)."""
    print("targets, as measured by this run:")
    for name in HEAD_TO_HEAD:
        wins = [1.0 if r.winners == (seat,) else 0.5 if seat in r.winners else 0.0
                for r in results if r.kind == "h2h" and r.game == name
                and set(r.players) == set(TARGET_PAIR)
                for seat, who in enumerate(r.players) if who == "normal"]
        if wins:
            share = sum(wins) / len(wins)
            print(f"  {name:12s} normal beats today's player in ≥70 %: "
                  f"{100 * share:3.0f} % of {len(wins)} — "
                  f"{_verdict(share >= 0.7, len(wins), FULL['target'][name])}")
    solo = [r for r in results if r.kind == "solo" and r.players == ("normal",)
            and r.difficulty == "easy"]
    if solo:
        share = sum(1 for r in solo if r.winners) / len(solo)
        print(f"  GWT:A normal beats Pedro at easy in ≥50 %: {100 * share:3.0f} % of "
              f"{len(solo)} — {_verdict(share >= 0.5, len(solo), FULL['solo_target'])}")
    scores = [s for r in results if r.kind == "self" and r.players[0] == "normal"
              for s in r.scores]
    if scores:
        median = statistics.median(scores)
        print(f"  GWT:A two normal computers, median ≥90 VP: {median:.1f} of {len(scores)} "
              f"scores — {_verdict(median >= 90, len(scores) // 2, FULL['self_target'])}")
    rows: dict[tuple[str, str], list[float]] = defaultdict(list)
    for r in results:
        for who, timing in r.timings.items():
            if who != LEGACY:
                rows[(r.game, who)] += timing.cpu
    if rows:
        p95s = {row: _p95(sorted(t)) for row, t in rows.items() if t}
        worst_p95 = max(p95s, key=p95s.get)
        slowest = max(rows, key=lambda row: max(rows[row], default=0.0))
        longest = max(rows[slowest])
        print(f"  every decision ≤1 s CPU and p95 ≤300 ms, per game and level, in the "
              f"games (searches side by side): worst p95 "
              f"{1000 * p95s[worst_p95]:.0f} ms ({' '.join(worst_p95)}), slowest "
              f"{1000 * longest:.0f} ms ({' '.join(slowest)}) — "
              f"{_verdict(p95s[worst_p95] <= 0.3 and longest <= 1.0)}")
    timed = {row: sorted(t) for row, t in (one_core or {}).items() if t}
    if timed:
        worst = max(timed, key=lambda row: _p95(timed[row]))
        slowest_row = max(timed, key=lambda row: timed[row][-1])
        print(f"  the same on one core (sampled decisions alone): worst p95 "
              f"{1000 * _p95(timed[worst]):.0f} ms ({' '.join(worst)}), slowest "
              f"{1000 * timed[slowest_row][-1]:.0f} ms ({' '.join(slowest_row)}) — "
              f"{_verdict(_p95(timed[worst]) <= 0.3 and timed[slowest_row][-1] <= 1.0)}")


def _p95(values: list[float]) -> float:
    return values[max(0, int(len(values) * 0.95) - 1)]


def _verdict(holds: bool, played: int | None = None, full: int | None = None) -> str:
    """"holds" or "NOT MET"; on fewer games than the full set plays for that cell (the
    quick set's one to four), a sample's reading, and where to get the verdict."""
    verdict = "holds" if holds else "NOT MET"
    if played is not None and full is not None and played < full:
        verdict += f" (a sample: {played} of the {full} games make bench-full plays)"
    return verdict


def main(quick: bool = False, processes: int | None = None,
         only_targets: bool = False, games: tuple[str, ...] | None = None,
         solo: int | None = None, self_play: int | None = None,
         seed_base: int = SEED_BASE) -> None:
    todo = jobs(quick, only_targets, games, solo, self_play, seed_base)
    workers = max(1, min(processes or os.cpu_count() or 1, len(todo)))
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        results = list(pool.map(play, todo))
    report(results)
    one_core = alone(results)
    print("decision times searched again one at a time, alone on the machine (CPU ms, "
          "median / p95 / max, sampled decisions)")
    for (name, who), times in one_core.items():
        print(f"  {name:13s} {who:6s} CPU {_spread(times)}  ({len(times)} decisions)")
    targets(results, one_core)
    print(f"strength: {len(todo)} games in {time.perf_counter() - started:.0f} s on "
          f"{workers} processes")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few games of each")
    parser.add_argument("--targets", action="store_true",
                        help="only the cells the targets are set for")
    parser.add_argument("--processes", type=int, default=None)
    parser.add_argument("--games", default=None,
                        help="only these games, comma-separated (e.g. gwt-argentina)")
    parser.add_argument("--solo", type=int, default=None,
                        help="GWT:A games of the normal level against Pedro at easy")
    parser.add_argument("--self-play", type=int, default=None,
                        help="GWT:A games between two normal computers")
    parser.add_argument("--seed-base", type=int, default=SEED_BASE,
                        help=f"the first game's seed (default {SEED_BASE}; e.g. 25000 for "
                             "fresh games)")
    args = parser.parse_args()
    main(quick=args.quick, processes=args.processes, only_targets=args.targets,
         games=tuple(args.games.split(",")) if args.games else None, solo=args.solo,
         self_play=args.self_play, seed_base=args.seed_base)
