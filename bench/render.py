"""Board images: drawing, palette quantizing and PNG encoding timed apart, and the bytes."""

from __future__ import annotations

import io
import statistics
import time
from typing import Any

from games import get_game
from games.rng import Rng


def mid_game_view(name: str, steps: int = 120, seed: int = 11) -> tuple[dict[str, Any], list[str]]:
    """The spectators' view of a game after ``steps`` random steps, and the seat names."""
    game = get_game(name)
    seats = 4 if game.min_seats <= 4 <= game.max_seats else game.max_seats
    state = game.setup(seats, game.parse_options(None), seed)
    rng = Rng.from_seed(3)
    for _ in range(steps):
        decision = game.pending(state)
        if decision is None:
            break
        state = game.apply(state, decision.seat, rng.choice(decision.options).key).state
    return game.view(state, None), [f"Player {i + 1}" for i in range(seats)]


def _median_ms(work: Any, times: int) -> tuple[float, Any]:
    samples, result = [], None
    for _ in range(times):
        started = time.process_time()
        result = work()
        samples.append((time.process_time() - started) * 1000)
    return statistics.median(samples), result


def bench_render(name: str, images: int) -> None:
    """Per board: draw ms, then encode ms (quantize + palette PNG as posted, and the RGB
    PNG at level 1 it replaced), the ratio render_png ÷ encode, and the bytes."""
    from PIL import Image

    import renderer

    view, names = mid_game_view(name)
    draw, image = _median_ms(lambda: renderer.render_image(name, view, names), images)
    encode, data = _median_ms(lambda: renderer.encode_png(image), images)

    def rgb_level_1() -> bytes:
        buf = io.BytesIO()
        image.save(buf, format="PNG", optimize=False, compress_level=1)
        return buf.getvalue()

    encode_rgb, rgb = _median_ms(rgb_level_1, images)
    quantize, _ = _median_ms(lambda: image.quantize(256, method=Image.Quantize.FASTOCTREE,
                                                    dither=Image.Dither.NONE), images)
    print(f"{name:10s} render   {draw:6.1f} ms draw + {encode:5.1f} ms encode "
          f"({quantize:.1f} quantize) = {draw + encode:.1f} ms CPU/board; "
          f"render ÷ encode {(draw + encode) / encode:.2f}; {len(data) / 1024:.0f} KiB "
          f"{image.size[0]}×{image.size[1]} (RGB level 1: {encode_rgb:.1f} ms, "
          f"{len(rgb) / 1024:.0f} KiB)")
