"""Board images: each game's renderer turns a *view* (never the raw state) into a PNG.

A game's renderer is the ``RENDERER`` (a :class:`renderer.base.GameRenderer`) of the module
its registration names (:data:`games.GAMES`); the functions below draw with it, by the
game's name, and encode the image in the game's palette (:mod:`renderer.palettes`).
Shared drawing helpers (fonts, text fitting, icons) are at ``renderer/``'s top level, each
game's drawing in its package ``renderer/<game>/``.
"""

from __future__ import annotations

import importlib
import io
from pathlib import Path

from PIL import Image

from games import GAMES, ModulePaths
from games.i18n import register_catalogues
from renderer.base import Areas, GameRenderer, Marks, View
from renderer.palettes import palette_for

register_catalogues(Path(__file__).parent)

#: Games this process draws without their registration, by their renderer's module: a
#: CPU worker (a fresh interpreter) is handed the module of a game the bot's process
#: registered at run time, such as a test's game (:func:`learn`).
_LEARNT: dict[str, str] = {}


def renderer_module(game: str) -> str:
    """The module path of ``game``'s renderer: its registration's (else the one this
    process learnt for it)."""
    if game not in GAMES and game in _LEARNT:
        return _LEARNT[game]
    return RENDERERS[game]


def learn(game: str, module: str) -> None:
    """Draw ``game`` with the renderer at ``module`` in this process when it is not
    registered here (a CPU worker's case; a registered game keeps its registration)."""
    _LEARNT.setdefault(game, module)


#: Machine name -> the module of the game's renderer (read-only, from the registrations).
RENDERERS = ModulePaths(lambda entry: entry.renderer)


def renderer_at(module: str) -> GameRenderer:
    """The ``RENDERER`` declared by the module at ``module``."""
    found = importlib.import_module(module).RENDERER
    if not isinstance(found, GameRenderer):
        raise TypeError(f"{module}.RENDERER is not a renderer.base.GameRenderer")
    return found


def renderer_of(game: str) -> GameRenderer:
    """The renderer of ``game``."""
    return renderer_at(renderer_module(game))


def _png(game: str, image: Image.Image | None) -> bytes | None:
    return None if image is None else encode_png(image, palette_for(renderer_module(game)))


def render_image(game: str, view: View, names: list[str]) -> Image.Image:
    return renderer_of(game).render(view, names)


def render_png(game: str, view: View, names: list[str]) -> bytes:
    """PNG bytes of the board for a view; ``names`` are the seats' display names."""
    return encode_png(render_image(game, view, names), palette_for(renderer_module(game)))


def render_decision_png(game: str, view: View, names: list[str],
                        marks: Marks) -> bytes | None:
    """A decision image: the region of the board holding the places of a decision.

    ``marks`` maps each option's place (``Option.at``, in the game's notation) to the
    number or letter its button or select option carries (several options at one place
    share a mark, e.g. "3/4"). None when the game draws no decision images.
    """
    if not marks:
        return None
    return _png(game, renderer_of(game).render_decision(view, names, marks))


def board_parts(game: str, view: View, names: list[str]) -> list[tuple[str, str]]:
    """The parts of the board a player may ask for besides the posted board (GWT:A's
    market, railway, ships and ports, players' boards; Llama Land's estates): (key, name
    in the active language). Empty for a game whose posted board shows everything."""
    return list(renderer_of(game).parts(view, names))


def render_part_png(game: str, view: View, names: list[str], part: str) -> bytes | None:
    """One part of the board (:func:`board_parts`) as the viewer of ``view`` sees it;
    None for a part the game does not have."""
    return _png(game, renderer_of(game).render_part(view, names, part))


def render_hand_png(game: str, view: View, names: list[str]) -> bytes | None:
    """The faces of the cards a seat holds (its ``view``), for its private panel when
    they matter to its decision (``games.base.Holdings.faces``); None when the game draws
    no hand or there is none."""
    return _png(game, renderer_of(game).render_hand(view, names))


#: Pages of one decision image at most: Discord takes 10 files a message, and a turn
#: message carries the board beside its choices' images.
MAX_PAGES = 8


#: A decision with more places than this asks for an area of the board first (when its
#: renderer draws areas): a region of the board with so many numbers is hard to search.
AREA_FIRST = 60
#: Places in one area at most (one tap each on the area's panel).
AREA_PLACES = 25


def decision_areas(game: str, view: View, marks: Marks) -> Areas | None:
    """Areas of the board to pick first (Hazienda's first pond hex, 308 places):
    (letter, places) each, from the renderer's ``decision_regions(view, marks,
    per_area)``, when the decision has more than :data:`AREA_FIRST` places. None for a
    smaller decision, or a game that draws no such areas."""
    if len(marks) <= AREA_FIRST:
        return None
    return renderer_of(game).decision_regions(view, marks, AREA_PLACES)


def render_areas_png(game: str, view: View, names: list[str], areas: Areas) -> bytes | None:
    """The overview of a decision's :func:`decision_areas`: the board with each area
    framed and lettered."""
    return _png(game, renderer_of(game).render_decision_regions(view, names, areas))


def render_decision_pngs(game: str, view: View, names: list[str],
                         marks: Marks) -> list[bytes]:
    """The decision image as the panels show it: one PNG, or several when the renderer
    splits a big decision into pages, which Discord shows as a gallery (one image when
    there would be more than :data:`MAX_PAGES`). Empty when there is nothing to draw."""
    pages = renderer_of(game).render_decision_pages(view, names, marks) if marks else None
    if pages is not None and len(pages) <= MAX_PAGES:
        palette = palette_for(renderer_module(game))
        return [encode_png(image, palette) for image in pages]
    png = render_decision_png(game, view, names, marks)
    return [] if png is None else [png]


#: zlib level for the palette PNG: 3 is as fast as 1 on 8-bit pixels and ~15 % smaller.
PNG_LEVEL = 3


def encode_png(image: Image.Image, palette: Image.Image | None = None) -> bytes:
    """A palette PNG of the image (:func:`as_posted`). Boards are flat colour and
    anti-aliased text: 256 colours keep them visually identical at half the bytes of RGB,
    and 8-bit pixels encode several times faster."""
    buf = io.BytesIO()
    as_posted(image, palette).save(buf, format="PNG", optimize=False, compress_level=PNG_LEVEL)
    return buf.getvalue()


def as_posted(image: Image.Image, palette: Image.Image | None = None) -> Image.Image:
    """The image as :func:`encode_png` writes it: each pixel takes its nearest colour, not
    dithered, of ``palette`` (the game's, :mod:`renderer.palettes`), or else of a palette
    chosen (fast octree) on every other pixel of every other row: the same pixels always
    give the same bytes."""
    if image.mode in ("P", "L", "1"):
        return image
    if image.mode not in ("RGB", "RGBA"):
        image = image.convert("RGBA" if "A" in image.getbands() else "RGB")
    if palette is None or image.mode != "RGB":
        sample = image.resize((max(1, image.width // 2), max(1, image.height // 2)),
                              Image.Resampling.NEAREST)
        palette = sample.quantize(256, method=Image.Quantize.FASTOCTREE,
                                  dither=Image.Dither.NONE)
    return image.quantize(palette=palette, dither=Image.Dither.NONE)
