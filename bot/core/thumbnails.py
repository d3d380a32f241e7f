"""A small board for a direct-message turn notice (drawn in the CPU pool, like boards)."""

from __future__ import annotations

from PIL import Image

import renderer
from bot.core.cpu import game_at, replay
from games.i18n import using
from renderer.palettes import palette_for

#: A notice's board is this wide at most: a glance in a DM, the full board is in the channel.
THUMBNAIL_WIDTH = 400
#: ... and at most this many times as tall as wide (a tall board keeps its top: the header
#: that says whose turn it is, and the board itself; its scores are below).
MAX_RATIO = 2


def board_thumbnail_png(game_module: str, render_module: str, snapshot: str,
                        steps: list[tuple[int, str]], names: list[str], locale: str = "en",
                        width: int = THUMBNAIL_WIDTH) -> bytes:
    """The spectators' board at a moment (see :func:`bot.core.cpu.board_png`), at most
    ``width`` pixels wide and twice as tall, as a palette PNG in the game's palette."""
    with using(locale):
        view = game_at(game_module).view(replay(game_module, snapshot, steps), None)
        image = renderer.renderer_at(render_module).render(view, names)
    if image.width > width:
        height = max(1, round(image.height * width / image.width))
        image = image.convert("RGB").resize((width, height), Image.Resampling.LANCZOS)
    if image.height > MAX_RATIO * image.width:
        image = image.crop((0, 0, image.width, MAX_RATIO * image.width))
    return renderer.encode_png(image, palette_for(render_module))
