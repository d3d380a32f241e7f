"""Board images: drawing, palette mapping and PNG encoding timed apart, and the bytes."""

from __future__ import annotations

import io
import statistics
import time
from typing import Any

from games import get_game
from games.rng import Rng
from testkit.positions import mid_game_view

#: random steps each game of :func:`many_games_draw_ms` is played before its boards count
MID_GAME_STEPS = 100


def many_games_draw_ms(name: str, games: int = 20, rounds: int = 8) -> tuple[float, float]:
    """(median draw ms, median encode ms) of boards of ``games`` games taking turns, a
    board after each turn (random steps until another seat is to move), as the bot posts
    them: the drawn-once caches of a worker serving many games, not one board drawn again."""
    import renderer

    game = get_game(name)
    seats = 4 if game.min_seats <= 4 <= game.max_seats else game.max_seats
    names = [f"Player {i + 1}" for i in range(seats)]
    tables = []
    for seed in range(games):  # each from the middle of its game
        state, rng = game.setup(seats, game.parse_options(None), seed), Rng.from_seed(seed)
        for _ in range(MID_GAME_STEPS):
            decision = game.pending(state)
            if decision is None:
                break
            state = game.apply(state, decision.seat, rng.choice(decision.options).key).state
        tables.append([state, rng])
    draws, encodes = [], []
    palette = renderer.palette_for(renderer.RENDERERS[name])
    for _ in range(rounds):
        for table in tables:
            mover = None
            while (decision := game.pending(table[0])) is not None:
                if mover is not None and decision.seat != mover:
                    break
                mover = decision.seat
                table[0] = game.apply(table[0], decision.seat,
                                      table[1].choice(decision.options).key).state
            view = game.view(table[0], None)
            started = time.process_time()
            image = renderer.render_image(name, view, names)
            drawn = time.process_time()
            renderer.encode_png(image, palette)
            draws.append((drawn - started) * 1000)
            encodes.append((time.process_time() - drawn) * 1000)
    return statistics.median(draws), statistics.median(encodes)


def _median_ms(work: Any, times: int) -> tuple[float, Any]:
    samples, result = [], None
    for _ in range(times):
        started = time.process_time()
        result = work()
        samples.append((time.process_time() - started) * 1000)
    return statistics.median(samples), result


#: Boards drawn before the timed ones: the first boards of a process fill its caches of
#: drawn-once parts (a worker does that once, then draws thousands of boards).
WARM_UP = 4


def bench_render(name: str, images: int) -> None:
    """Per board: draw ms once the caches are warm (and the first, cold board), then
    encode ms (mapped onto the game's palette as posted; with a palette chosen per image as
    before; the RGB PNG at level 1 both replaced), the ratio render_png ÷ encode (and ÷
    the RGB level 1 encode, the first encode, kept as a yardstick), and the bytes."""
    import renderer

    view, names = mid_game_view(name)
    cold, _ = _median_ms(lambda: renderer.render_image(name, view, names), 1)
    for _ in range(WARM_UP - 1):
        renderer.render_image(name, view, names)
    draw, image = _median_ms(lambda: renderer.render_image(name, view, names), images)
    palette = renderer.palette_for(renderer.RENDERERS[name])
    encode, data = _median_ms(lambda: renderer.encode_png(image, palette), images)

    def rgb_level_1() -> bytes:
        buf = io.BytesIO()
        image.save(buf, format="PNG", optimize=False, compress_level=1)
        return buf.getvalue()

    encode_rgb, rgb = _median_ms(rgb_level_1, images)
    chosen, _ = _median_ms(lambda: renderer.encode_png(image), images)
    print(f"{name:10s} render   {draw:6.1f} ms draw + {encode:5.1f} ms encode "
          f"(with a palette chosen per image: {chosen:.1f} ms) = "
          f"{draw + encode:.1f} ms CPU/board; render ÷ encode {(draw + encode) / encode:.2f}; "
          f"{len(data) / 1024:.0f} KiB {image.size[0]}×{image.size[1]} (RGB level 1: "
          f"{encode_rgb:.1f} ms, {len(rgb) / 1024:.0f} KiB; render ÷ that "
          f"{(draw + encode) / encode_rgb:.2f}); the first board {cold:.0f} ms to draw")
    many_draw, many_encode = many_games_draw_ms(name)
    print(f"{'':10s} 20 games taking turns: {many_draw:.1f} ms draw + {many_encode:.1f} ms "
          f"encode; render ÷ encode {(many_draw + many_encode) / many_encode:.2f}")


def main() -> None:
    """``python -m bench.render [game ...]``: the figures of :func:`bench_render` for the
    games named (every game with a renderer when none is)."""
    import argparse

    import renderer

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("games", nargs="*", help="games (default: all with a renderer)")
    parser.add_argument("--images", type=int, default=20, help="boards timed per figure")
    args = parser.parse_args()
    for name in args.games or list(renderer.RENDERERS):
        bench_render(name, args.images)


if __name__ == "__main__":
    main()
