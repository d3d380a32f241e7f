"""A finished game as an animated GIF: one frame per turn, each the public board as the
turn left it (every renderer outlines the last turn's changes in its player's colour).

The file must stay under Discord's upload limit: frames are scaled to a phone's width
first and, while the result is too big, scaled down further and thinned out.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageChops

from renderer import render_image

#: Discord's upload limit is 10 MiB; keep a margin for the request around the file.
MAX_BYTES = 9 * 1024 * 1024
#: Wide enough to read on a phone without zooming far.
WIDTH = 720
FRAME_MS = 900
LAST_FRAME_MS = 4000
MAX_FRAMES = 120
#: Palette index left free for "unchanged" pixels.
TRANSPARENT = 255


def animate(game: str, views: Sequence[dict], names: list[str],
            max_bytes: int = MAX_BYTES) -> bytes:
    """GIF bytes of the boards of ``views`` in order (at most ``max_bytes``)."""
    if not views:
        raise ValueError("a replay needs at least one board")
    boards = [render_image(game, view, names).convert("RGB") for view in thin(views, MAX_FRAMES)]
    width, frames = WIDTH, boards
    while True:
        data = encode(frames, width)
        if len(data) <= max_bytes:
            return data
        if width > 360:
            width = int(width * 0.8)
        elif len(frames) > 2:
            frames = thin(frames, max(2, len(frames) * 2 // 3))
        else:
            raise ValueError("this game's boards do not fit in one upload")


def thin(items: Sequence, most: int) -> list:
    """At most ``most`` items evenly spread, always the first and the last."""
    if len(items) <= most:
        return list(items)
    step = (len(items) - 1) / (most - 1)
    return [items[round(i * step)] for i in range(most)]


def encode(boards: Sequence[Image.Image], width: int) -> bytes:
    """One palette for every frame (taken from the last board, which has the most on it);
    after the first frame, every pixel the turn did not change is transparent, so GIF's
    compression stores little more than the turn's changes."""
    scaled = []
    for board in boards:
        scale = min(1.0, width / board.width)
        size = (max(1, round(board.width * scale)), max(1, round(board.height * scale)))
        scaled.append(board.resize(size, Image.Resampling.BILINEAR) if scale < 1 else board)
    palette = scaled[-1].quantize(colors=TRANSPARENT, method=Image.Quantize.MEDIANCUT)
    frames = []
    previous: Image.Image | None = None
    for board in scaled:
        frame = board.quantize(palette=palette, dither=Image.Dither.NONE)
        if previous is not None and previous.size == frame.size:
            same = ImageChops.difference(indices(previous), indices(frame)).point(
                lambda v: 255 if v == 0 else 0)
            frame = frame.copy()
            frame.paste(TRANSPARENT, mask=same)
            frame.info["transparency"] = TRANSPARENT
        previous = board.quantize(palette=palette, dither=Image.Dither.NONE)
        frames.append(frame)
    durations = [FRAME_MS] * (len(frames) - 1) + [LAST_FRAME_MS]
    buf = io.BytesIO()
    frames[0].save(buf, format="GIF", save_all=True, append_images=frames[1:],
                   duration=durations, loop=0, optimize=False, disposal=1,
                   transparency=TRANSPARENT)
    return buf.getvalue()


def indices(frame: Image.Image) -> Image.Image:
    """A palette image's colour indices as a greyscale image (to compare two frames)."""
    return Image.frombytes("L", frame.size, frame.tobytes())
