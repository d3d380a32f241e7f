"""Board images: each game's renderer turns a *view* (never the raw state) into a PNG."""

from __future__ import annotations

import importlib
import io

from PIL import Image

#: machine name -> module with ``render(view: dict, names: list[str]) -> PIL.Image.Image``
#: and, optionally, ``render_decision(view, names, marks) -> PIL.Image.Image | None``
#: (see :func:`render_decision_png`).
RENDERERS: dict[str, str] = {
    "kuhlorado": "renderer.kuhlorado",
    "hazienda": "renderer.hazienda",
    "llama-land": "renderer.llama_land",
}


def render_image(game: str, view: dict, names: list[str]) -> Image.Image:
    module = importlib.import_module(RENDERERS[game])
    return module.render(view, names)


def render_png(game: str, view: dict, names: list[str]) -> bytes:
    """PNG bytes of the board for a view; ``names`` are the seats' display names."""
    return encode_png(render_image(game, view, names))


def render_decision_png(game: str, view: dict, names: list[str],
                        marks: dict[str, str]) -> bytes | None:
    """A decision image: the region of the board holding the places of a decision.

    ``marks`` maps each option's place (``Option.at``, in the game's notation) to the
    number or letter its button or select option carries (several options at one place
    share a mark, e.g. "3/4"). None when the game draws no decision images.
    """
    module = importlib.import_module(RENDERERS[game])
    draw = getattr(module, "render_decision", None)
    if draw is None or not marks:
        return None
    image = draw(view, names, marks)
    return None if image is None else encode_png(image)


def encode_png(image: Image.Image) -> bytes:
    buf = io.BytesIO()
    # Level 1: the images are mostly flat colour, so the file grows by ~15 % while encoding
    # takes ~40 % less time — what matters when many games post boards at once.
    image.save(buf, format="PNG", optimize=False, compress_level=1)
    return buf.getvalue()
