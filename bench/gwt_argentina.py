"""`make bench` figures for Great Western Trail: Argentina, kept short (a whole game is
~800 steps, and the computer player looks ahead on each of its decisions).

* random-game steps per second at 2, 3 and 4 players,
* the computer player's time per decision (median, p95, max; wall clock and CPU time —
  the CPU time is what a busy machine does not inflate),
* render time of the public board and of a seated board, and the PNG sizes,
* the computer player's final score at 2–4 players (one game each; 2 players only with
  ``--quick``), next to the random players' in the same games (one computer seat, the
  others random).
"""

from __future__ import annotations

import statistics
import time

from bench.strength import Player
from games import get_game
from games.ai import choose, choose_random
from games.rng import Rng
from testkit.playout import playout

NAME = "gwt-argentina"


def _spread(values: list[float]) -> str:
    values = sorted(values)
    p95 = values[max(0, int(len(values) * 0.95) - 1)]
    return f"{statistics.median(values):7.1f} median, {p95:.1f} p95, {values[-1]:.1f} max"


def bench_engine(games: int) -> None:
    game = get_game(NAME)
    for seats in (2, 3, 4):
        steps, started = 0, time.perf_counter()
        for seed in range(games):
            steps += len(playout(game, seats, None, seed)[1])
        elapsed = time.perf_counter() - started
        print(f"{NAME} engine   {steps / elapsed:8.0f} random steps/s at {seats} players "
              f"({games} games, {steps / games:.0f} steps/game)")


def _positions(seats: int, seed: int, count: int) -> list:
    """``count`` positions spread over a random game, each with a choice to make."""
    game = get_game(NAME)
    state = game.setup(seats, game.parse_options(None), seed)
    rng = Rng.from_seed(seed)
    states = []
    while (decision := game.pending(state)) is not None:
        if len(decision.options) > 1:
            states.append(state)
        state = game.apply(state, decision.seat, choose_random(game, state, decision.seat,
                                                               rng)).state
    step = max(1, len(states) // count)
    return states[::step][:count]


def bench_ai(decisions: int) -> None:
    game = get_game(NAME)
    for seats in (2, 4):
        wall, cpu = [], []
        for state in _positions(seats, 7, decisions):
            seat = game.pending(state).seat
            w0, c0 = time.perf_counter(), time.process_time()
            choose(game, state, seat, Rng.from_seed(state.step))
            wall.append((time.perf_counter() - w0) * 1000)
            cpu.append((time.process_time() - c0) * 1000)
        print(f"{NAME} computer at {seats} players, ms/decision: wall {_spread(wall)}; "
              f"CPU {_spread(cpu)} ({len(wall)} decisions)")


def bench_render(images: int) -> None:
    from renderer import render_decision_png, render_png
    from testkit.samples import decision_marks

    game = get_game(NAME)
    state = _positions(3, 11, 3)[1]
    names = ["Player 1", "Player 2", "Player 3"]
    for label, seat in (("public", None), ("seated", 0)):
        view = game.view(state, seat)
        times, size = [], 0
        for _ in range(images):
            t0 = time.perf_counter()
            size = len(render_png(NAME, view, names))
            times.append((time.perf_counter() - t0) * 1000)
        print(f"{NAME} render {label}: {statistics.median(times):6.1f} ms/image median, "
              f"{size / 1024:.0f} KiB PNG")
    for state in _positions(3, 11, 40):
        decision = game.pending(state)
        marks = decision_marks(decision)
        if marks:
            view = game.view(state, decision.seat)
            t0 = time.perf_counter()
            png = render_decision_png(NAME, view, names, marks)
            print(f"{NAME} render decision: {(time.perf_counter() - t0) * 1000:6.1f} ms, "
                  f"{len(png or b'') / 1024:.0f} KiB PNG ({len(marks)} places)")
            break


def bench_scores(games: int, player_counts: tuple[int, ...] = (2, 3, 4)) -> None:
    """One computer seat (rotating) against random seats: average final totals. A game
    takes the computer one to a few minutes (hundreds of decisions)."""
    game = get_game(NAME)
    for seats in player_counts:
        computer, random_seats, wins = [], [], 0
        started = time.perf_counter()
        for seed in range(games):
            ai_seat = seed % seats
            player = Player("normal")

            def chooser(g, state, seat, rng, ai_seat=ai_seat, player=player):
                if seat == ai_seat:
                    return player.choose(g, state, seat)
                return choose_random(g, state, seat, rng)

            end, _ = playout(game, seats, None, 500 + seed, chooser=chooser)
            totals = {s: sc["total"] for s, sc in game.scores(end).items()}
            computer.append(totals[ai_seat])
            random_seats += [t for s, t in totals.items() if s != ai_seat]
            wins += ai_seat in game.winners(end)
        print(f"{NAME} final score at {seats} players: computer "
              f"{statistics.mean(computer):5.1f}, random {statistics.mean(random_seats):5.1f} "
              f"(computer won {wins}/{games}; {time.perf_counter() - started:.0f} s)")


def main(quick: bool = False) -> None:
    bench_engine(2 if quick else 5)
    bench_ai(10 if quick else 40)
    bench_render(3 if quick else 10)
    bench_scores(1, (2,) if quick else (2, 3, 4))
