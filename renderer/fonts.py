"""Fonts for the renderers: DejaVu when the system has it, Pillow's own scalable font otherwise."""

from __future__ import annotations

from functools import lru_cache

from PIL import ImageFont

_CANDIDATES = {
    False: ["DejaVuSans.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"],
    True: ["DejaVuSans-Bold.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"],
}


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    for name in _CANDIDATES[bold]:
        try:
            return ImageFont.truetype(name, size)
        except OSError:
            continue
    # Pillow >= 10.1 ships a scalable default font when FreeType is available.
    return ImageFont.load_default(size=size)
