"""`make bench`: speed figures, printed, never asserted.

* random-game steps per second for every game (engine only),
* the computer players' strength and decision times per game and level, a quick set
  (:mod:`bench.strength`; ``make bench-strength`` plays the full table),
* milliseconds per rendered board image (drawing and encoding apart) and the PNG's size,
* milliseconds per stored move through the session layer on SQLite (WAL),
* database bytes per finished game (beside the release before the one storage layer,
  :mod:`bench.storage`: ``make bench-full`` and ``make bench-storage``),
* taps per turn on a phone, from a scripted whole game (:mod:`testkit.taps`),
* Llama Land: whole games of computer players — turns and llamas fed per game, and the
  decision images drawn on the way,
* GWT Argentina's solo game: Pedro's average score per difficulty (``bench/pedro.py``),
* the bot process under load: the limit (cores ÷ CPU per board) and one burst of 50
  games (``make bench-load`` runs the full set: bursts of 50/200/500 games and a minute
  of sustained turns at 25/50/75 % of the limit),
* moves per second with one bot process on SQLite and 1, 2 and 4 on one PostgreSQL
  database (:mod:`bench.processes`; PostgreSQL skipped, with one line, without it), this
  tree beside the release e65209e, alternately (:mod:`bench.storage`): in ``make
  bench-full`` and ``make bench-storage``, not in the quick ``make bench``.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from games import available_games, get_game
from games.ai import choose
from games.rng import Rng
from testkit.playout import playout
from testkit.taps import taps_per_turn


def bench_engine(name: str, games: int) -> None:
    game = get_game(name)
    steps = 0
    started = time.perf_counter()
    for seed in range(games):
        seats = max(2, game.min_seats)
        _, moves = playout(game, seats, None, seed)
        steps += len(moves)
    elapsed = time.perf_counter() - started
    print(f"{name:10s} engine   {steps / elapsed:10.0f} random steps/s  "
          f"({games} games, {steps / games:.0f} steps/game)")


def bench_render(name: str, images: int) -> None:
    from bench.render import bench_render as render

    render(name, images)


async def bench_store(name: str, games: int) -> None:
    from bot.core.sessions import Sessions
    from bot.settings import Settings
    from bot.storage.store import Store

    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(_env_file=None, estancia_db=str(Path(tmp) / "bench.sqlite3"))
        store = await Store.open(settings.estancia_db)
        sessions = Sessions(store, settings)
        game = get_game(name)
        times = []
        try:
            for g in range(games):
                channel = 1000 + g
                await sessions.new(channel, 1, 1, "Alice", name, {})
                await sessions.join(channel, 2, "Bob")
                for extra in range(2, game.min_seats):
                    await sessions.join(channel, 10 + extra, f"P{extra}")
                info = await sessions.start(channel, 1)
                rng = Rng.from_seed(g)
                users = {seat.index: seat.user_id for seat in info.seats}
                while True:
                    info = await sessions.info_by_id(info.id)
                    if info.to_move is None:
                        break
                    uid = users[info.to_move]
                    decision, _ = await sessions.decision_for(info.id, uid)
                    key = rng.choice(decision.options).key
                    t0 = time.perf_counter()
                    await sessions.play(info.id, uid, key, info.version)
                    times.append((time.perf_counter() - t0) * 1000)
        finally:
            await store.close()
    times.sort()
    print(f"{name:10s} stored   {statistics.median(times):8.2f} ms/move median, "
          f"{times[int(len(times) * 0.95) - 1]:.2f} ms p95 ({len(times)} moves, SQLite WAL)")


# -- Llama Land: how the computer player plays a whole game -----------------------------------
def bench_llama_land(games: int, seats: int = 2) -> None:
    """Whole games of computer players: ms per decision, turns and llamas fed per game,
    and the decision images drawn on the way (a decent player takes 12–16 turns and feeds
    5–9 llamas)."""
    from games.ai import ai_rng
    from renderer import render_decision_pngs

    name = "llama-land"
    if name not in available_games():
        print(f"{name:10s} computer games: engine not present")
        return
    game = get_game(name)
    times: list[float] = []
    image_ms: list[float] = []
    turns: list[float] = []
    fed: list[float] = []
    totals: list[float] = []
    steps = 0
    for seed in range(games):
        state = game.setup(seats, game.parse_options(None), 100 + seed)
        while (decision := game.pending(state)) is not None:
            placed = {o.at: str(i + 1) for i, o in enumerate(decision.options) if o.at}
            if placed and len(image_ms) < 40:
                view = game.view(state, decision.seat)
                t0 = time.perf_counter()
                render_decision_pngs(name, view, [f"P{i + 1}" for i in range(seats)], placed)
                image_ms.append((time.perf_counter() - t0) * 1000)
            t0 = time.perf_counter()
            key = choose(game, state, decision.seat, ai_rng(state))
            times.append((time.perf_counter() - t0) * 1000)
            state = game.apply(state, decision.seat, key).state
            steps += 1
        view = game.view(state, None)
        for player in view["players"]:
            turns.append(player["turns"])
            fed.append(len(player["llama_cards"]))
        totals += [sc["total"] for sc in game.scores(state).values()]
    times.sort()
    print(f"{name:10s} computer {statistics.median(times):8.1f} ms/decision median, "
          f"{times[max(0, int(len(times) * 0.95) - 1)]:.1f} ms p95, {max(times):.1f} ms max "
          f"({len(times)} decisions in {games} whole {seats}-player games)")
    print(f"{name:10s} per player: {statistics.mean(turns):.1f} turns, "
          f"{statistics.mean(fed):.1f} llamas fed (min {min(fed)}, max {max(fed)}), "
          f"{statistics.mean(totals):.0f} points; {steps / games:.0f} steps/game")
    if image_ms:
        print(f"{name:10s} decision {statistics.median(image_ms):8.1f} ms/image median, "
              f"{max(image_ms):.1f} ms max ({len(image_ms)} images)")


@contextmanager
def section(name: str) -> Iterator[None]:
    """Print how long a part of the bench took (so a slow part is seen, and cut)."""
    started = time.perf_counter()
    yield
    print(f"bench      ({name}: {time.perf_counter() - started:.0f} s)", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--quick", action="store_true", help="small counts, for a smoke run")
    args = parser.parse_args()
    scale = 0.1 if args.quick else 1.0
    for name in available_games():
        with section(name):
            if name == "gwt-argentina":  # its own, shorter run (a game is ~800 steps)
                from bench import gwt_argentina

                gwt_argentina.main(quick=args.quick)
                print(asyncio.run(taps_per_turn(name)).line(name))
                continue
            bench_engine(name, max(5, int(args.games * scale)))
            bench_render(name, max(3, int(20 * scale)))
            asyncio.run(bench_store(name, max(1, int(5 * scale))))
            print(asyncio.run(taps_per_turn(name)).line(name))
    with section("llama-land computer games"):
        bench_llama_land(max(1, int(3 * scale)))  # ~30 s a game at 2 seats
    from bench import strength

    with section("strength"):
        # The quick sample; the full table with its verdicts: make bench-strength.
        strength.main(quick=args.quick)
    from bench.pedro import bench_pedro

    with section("pedro"):
        bench_pedro(5, computer=not args.quick, random_games=max(3, int(20 * scale)))
    try:
        from bench import load
    except ImportError:
        print("discord    load run: harness not present")
    else:
        with section("load burst"):
            load.main(quick=args.quick, sizes=(50,), rates=(), stall=False, live=None,
                      storage=False)
    if not args.quick:  # about 5 minutes even on small counts: make bench-storage
        from bench import storage

        with section("storage beside the release"):
            storage.main()


if __name__ == "__main__":
    main()
