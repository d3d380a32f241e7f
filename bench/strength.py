"""How strong and how fast the computer players are (issue 24): printed, never asserted.

* **Head to head** in Kuhlorado, Hazienda and Llama Land (two seats, taking turns to
  begin): each level against today's player (``bench/legacy_ai.py``: the greedy player
  the bot had before issue 24) and the levels against each other. Wins count 1, a shared
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

Every game has a fixed seed, so two runs of one version play the same games (up to the
cap). Games run in worker processes, one per core.

``python -m bench.strength`` (``make bench-strength``) plays the full set (about an hour
on two cores); ``--quick`` (part of ``make bench``) a few games of each, in minutes.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

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
            report = ai.rank(game, state, seat, rng, budget, self.memory.seen(decision))
            key, steps, capped = ai.pick(report, budget, rng), report.steps, report.capped
        self.timing.cpu.append(time.process_time() - cpu)
        self.timing.wall.append(time.perf_counter() - wall)
        self.timing.steps.append(steps)
        self.timing.capped += capped
        self.memory.leave(decision)
        return key


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
    for player in players:
        mine = timings.setdefault(player.who, Timing())
        mine.cpu += player.timing.cpu
        mine.wall += player.timing.wall
        mine.steps += player.timing.steps
        mine.capped += player.timing.capped
    return Result(name, kind, seats, totals, tuple(game.winners(state)),
                  None if pedro is None else pedro["total"], timings, difficulty)


def jobs(quick: bool) -> list[tuple[str, str, tuple[str, ...], int, str | None]]:
    """The games to play, the slow ones first."""
    out = []
    n = {"kuhlorado": 10, "hazienda": 4, "llama-land": 2} if quick else {
        "kuhlorado": 60, "hazienda": 30, "llama-land": 20}
    pairs = [("normal", LEGACY)] if quick else [
        ("easy", LEGACY), ("normal", LEGACY), ("hard", LEGACY), ("normal", "easy"),
        ("hard", "normal")]
    for name in ("llama-land", "hazienda", "kuhlorado"):
        for a, b in pairs:
            for i in range(n[name]):
                seats = (a, b) if i % 2 == 0 else (b, a)
                out.append((name, "h2h", seats, SEED_BASE + i // 2, None))
    solo_levels = ("normal",) if quick else ai.LEVELS
    solo_games = 2 if quick else 10
    for level in solo_levels:
        for difficulty in (("easy",) if quick else PEDRO_LEVELS):
            for i in range(solo_games):
                out.append(("gwt-argentina", "solo", (level,), SEED_BASE + i, difficulty))
    for level in (("normal",) if quick else ai.LEVELS):
        for i in range(1 if quick else 6):
            out.append(("gwt-argentina", "self", (level, level), SEED_BASE + i, None))
    return out


def _spread(values: list[float], scale: float = 1000.0) -> str:
    if not values:
        return "—"
    values = sorted(values)
    p95 = values[max(0, int(len(values) * 0.95) - 1)]
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
                  f"computer {statistics.median(mine):5.1f} median ({min(mine)}–{max(mine)}), "
                  f"Pedro {statistics.median(his):5.1f} median ({min(his)}–{max(his)})")
    self_play = defaultdict(list)
    for r in results:
        if r.kind == "self":
            self_play[r.players[0]].extend(r.scores)
    if self_play:
        print("strength: GWT:A, two computers of one level")
        for level, scores in sorted(self_play.items(), key=lambda kv: ai.LEVELS.index(kv[0])):
            print(f"  {level:6s} median {statistics.median(scores):5.1f} VP "
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


def main(quick: bool = False, processes: int | None = None) -> None:
    todo = jobs(quick)
    workers = max(1, min(processes or os.cpu_count() or 1, len(todo)))
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        results = list(pool.map(play, todo))
    report(results)
    print(f"strength: {len(todo)} games in {time.perf_counter() - started:.0f} s on "
          f"{workers} processes")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few games of each")
    parser.add_argument("--processes", type=int, default=None)
    args = parser.parse_args()
    main(quick=args.quick, processes=args.processes)
