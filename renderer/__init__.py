"""Board images: each game's renderer turns a *view* (never the raw state) into a PNG."""

from __future__ import annotations

import importlib
import io
from pathlib import Path

from PIL import Image

from games.i18n import register_catalogues
from renderer.palettes import palette_for

register_catalogues(Path(__file__).parent)

#: machine name -> the game's renderer, a package ``renderer/<game>/`` (its modules named by
#: what they draw; shared drawing helpers stay at ``renderer/``'s top level) whose
#: ``__init__`` exports ``render(view: dict, names: list[str]) -> PIL.Image.Image``
#: and, optionally, ``render_hand(view, names) -> PIL.Image.Image | None`` (see
#: :func:`render_hand_png`), ``render_decision(view, names, marks) -> PIL.Image.Image | None``
#: (see :func:`render_decision_png`), ``render_decision_pages(view, names, marks) ->
#: list[PIL.Image.Image]`` (see :func:`render_decision_pngs`), and ``parts(view, names) ->
#: list[tuple[str, str]]`` with ``render_part(view, names, part) -> PIL.Image.Image | None``
#: (see :func:`board_parts`).
RENDERERS: dict[str, str] = {
    "kuhlorado": "renderer.kuhlorado",
    "hazienda": "renderer.hazienda",
    "llama-land": "renderer.llama_land",
    "gwt-argentina": "renderer.gwt_argentina",
}


def render_image(game: str, view: dict, names: list[str]) -> Image.Image:
    module = importlib.import_module(RENDERERS[game])
    return module.render(view, names)


def render_png(game: str, view: dict, names: list[str]) -> bytes:
    """PNG bytes of the board for a view; ``names`` are the seats' display names."""
    return encode_png(render_image(game, view, names), palette_for(RENDERERS[game]))


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
    return None if image is None else encode_png(image, palette_for(RENDERERS[game]))


def board_parts(game: str, view: dict, names: list[str]) -> list[tuple[str, str]]:
    """The parts of the board a player may ask for besides the posted board (GWT:A's
    market, railway, ships and ports, players' boards; Llama Land's estates): (key, name
    in the active language). Empty for a game whose posted board shows everything."""
    module = importlib.import_module(RENDERERS[game])
    parts = getattr(module, "parts", None)
    return [] if parts is None else list(parts(view, names))


def render_part_png(game: str, view: dict, names: list[str], part: str) -> bytes | None:
    """One part of the board (:func:`board_parts`) as the viewer of ``view`` sees it;
    None for a part the game does not have."""
    module = importlib.import_module(RENDERERS[game])
    draw = getattr(module, "render_part", None)
    image = None if draw is None else draw(view, names, part)
    return None if image is None else encode_png(image, palette_for(RENDERERS[game]))


def render_hand_png(game: str, view: dict, names: list[str]) -> bytes | None:
    """The faces of the cards a seat holds (its ``view``), for its private panel when
    they matter to its decision (``games.base.Holdings.faces``); None when the game draws
    no hand (a renderer module without ``render_hand(view, names)``) or there is none."""
    module = importlib.import_module(RENDERERS[game])
    draw = getattr(module, "render_hand", None)
    image = None if draw is None else draw(view, names)
    return None if image is None else encode_png(image, palette_for(RENDERERS[game]))


#: Pages of one decision image at most: Discord takes 10 files a message, and a turn
#: message carries the board beside its choices' images.
MAX_PAGES = 8


#: A decision with more places than this asks for an area of the board first (when its
#: renderer draws areas): a region of the board with so many numbers is hard to search.
AREA_FIRST = 60
#: Places in one area at most (one tap each on the area's panel).
AREA_PLACES = 25


def decision_areas(game: str, view: dict, marks: dict[str, str]
                   ) -> list[tuple[str, list[str]]] | None:
    """Areas of the board to pick first (Hazienda's first pond hex, 308 places):
    (letter, places) each, from the renderer's ``decision_regions(view, marks,
    per_area)``, when the decision has more than :data:`AREA_FIRST` places. None for a
    smaller decision, or a game that draws no such areas."""
    if len(marks) <= AREA_FIRST:
        return None
    module = importlib.import_module(RENDERERS[game])
    regions = getattr(module, "decision_regions", None)
    return None if regions is None else regions(view, marks, AREA_PLACES)


def render_areas_png(game: str, view: dict, names: list[str],
                     areas: list[tuple[str, list[str]]]) -> bytes | None:
    """The overview of a decision's :func:`decision_areas`: the board with each area
    framed and lettered."""
    module = importlib.import_module(RENDERERS[game])
    draw = getattr(module, "render_decision_regions", None)
    image = None if draw is None else draw(view, names, areas)
    return None if image is None else encode_png(image, palette_for(RENDERERS[game]))


def render_decision_pngs(game: str, view: dict, names: list[str],
                         marks: dict[str, str]) -> list[bytes]:
    """The decision image as the panels show it: one PNG, or several when the renderer
    splits a big decision into pages, which Discord shows as a gallery (one image when
    there would be more than :data:`MAX_PAGES`). Empty when there is nothing to draw."""
    module = importlib.import_module(RENDERERS[game])
    draw_pages = getattr(module, "render_decision_pages", None)
    pages = draw_pages(view, names, marks) if draw_pages is not None and marks else None
    if pages is not None and len(pages) <= MAX_PAGES:
        palette = palette_for(RENDERERS[game])
        return [encode_png(image, palette) for image in pages]
    png = render_decision_png(game, view, names, marks)
    return [] if png is None else [png]


#: zlib level for the palette PNG: 3 is as fast as 1 on 8-bit pixels and ~15 % smaller.
PNG_LEVEL = 3


def encode_png(image: Image.Image, palette: Image.Image | None = None) -> bytes:
    """A palette PNG of the image. Boards are flat colour and anti-aliased text: 256
    colours keep them visually identical at half the bytes of RGB, and 8-bit pixels encode
    several times faster. Each pixel takes its nearest colour, not dithered, of
    ``palette`` (the game's, :mod:`renderer.palettes`), or else of a palette chosen (fast
    octree) on every other pixel of every other row: the same pixels always give the
    same bytes."""
    if image.mode not in ("P", "L", "1"):
        if image.mode not in ("RGB", "RGBA"):
            image = image.convert("RGBA" if "A" in image.getbands() else "RGB")
        if palette is None or image.mode != "RGB":
            sample = image.resize((max(1, image.width // 2), max(1, image.height // 2)),
                                  Image.Resampling.NEAREST)
            palette = sample.quantize(256, method=Image.Quantize.FASTOCTREE,
                                      dither=Image.Dither.NONE)
        image = image.quantize(palette=palette, dither=Image.Dither.NONE)
    buf = io.BytesIO()
    image.save(buf, format="PNG", optimize=False, compress_level=PNG_LEVEL)
    return buf.getvalue()
