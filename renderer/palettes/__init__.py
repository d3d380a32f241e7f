"""One 256-colour palette per game, chosen once from many of its images and kept here.

A posted PNG is a palette image (:func:`renderer.encode_png`). Choosing a palette for every
image (an octree over its pixels) was two thirds of encoding it; mapping an image onto a
palette kept per game is a third of the work, and gives the same image the same bytes, as
before. The palette is chosen (:func:`choose`) from the boards and decision images of
seeded random games of every seat count and variant (the renderer's ``palette_variants``),
so it holds every colour the renderer draws and the blends of its anti-aliased edges: measured
on other games' images, pixels keep their drawn colours better than with a palette chosen
per image (``tests/renderer/test_palettes.py`` keeps it so).

A renderer that draws new colours needs its palette chosen again:
``python -m renderer.palettes [game ...]`` rewrites ``renderer/palettes/<module>.txt``
(one ``#rrggbb`` a line). A renderer without a file here (a test game) keeps the palette
chosen per image.
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import cast

from PIL import Image

# The package imports this module for palette_for while it is being imported itself: only
# its renderer_of and renderer_module are read from here, at call time, once both are
# complete.
import renderer
from games import GAMES, Decision, get_game
from games.rng import Rng
from renderer.base import GameRenderer, Marks, View

FOLDER = Path(__file__).parent
COLOURS = 256

#: Seeds of the reference games (the palette test draws other seeds).
REFERENCE_SEEDS = (101, 102)
#: A board and a decision image every this many steps of a reference game.
EVERY = 7


def path_for(module: str) -> Path:
    """The palette file of the renderer module ``module`` ("renderer.hazienda")."""
    return FOLDER / f"{module.rsplit('.', 1)[-1]}.txt"


@cache
def palette_for(module: str) -> Image.Image | None:
    """The kept palette of the renderer module ``module`` as a 1×1 palette image (what
    :meth:`PIL.Image.Image.quantize` maps onto), or None when it has none."""
    try:
        text = path_for(module).read_text()
    except FileNotFoundError:
        return None
    return palette_image(parse(text, path_for(module).name))


def parse(text: str, source: str = "palette") -> list[tuple[int, int, int]]:
    """The colours of a palette file: ``#rrggbb`` lines, 1 to 256 of them."""
    colours = []
    for number, line in enumerate(text.splitlines(), 1):
        word = line.strip()
        if len(word) != 7 or word[0] != "#":
            raise ValueError(f"{source}:{number}: expected #rrggbb, got {line!r}")
        try:
            colours.append((int(word[1:3], 16), int(word[3:5], 16), int(word[5:7], 16)))
        except ValueError:
            raise ValueError(f"{source}:{number}: expected #rrggbb, got {line!r}") from None
    if not 1 <= len(colours) <= COLOURS:
        raise ValueError(f"{source}: {len(colours)} colours, expected 1 to {COLOURS}")
    return colours


def format_palette(colours: list[tuple[int, int, int]]) -> str:
    return "".join(f"#{r:02x}{g:02x}{b:02x}\n" for r, g, b in colours)


def palette_image(colours: list[tuple[int, int, int]]) -> Image.Image:
    image = Image.new("P", (1, 1))
    flat = [value for colour in colours for value in colour]
    image.putpalette(flat + flat[-3:] * (COLOURS - len(colours)))
    return image


# -- choosing the palettes -----------------------------------------------------------------
def reference_images(game: str, seeds: tuple[int, ...] = REFERENCE_SEEDS,
                     every: int = EVERY, fewest_and_most: bool = False,
                     ) -> Iterator[Image.Image]:
    """Boards, decision images (every page) and the parts of the board shown on demand,
    of seeded random games of ``game``: every seat count (``fewest_and_most``: only the
    smallest and the largest, between them every player colour and every solo piece),
    every variant of the renderer's ``palette_variants``."""
    engine = get_game(game)
    drawer = renderer.renderer_of(game)
    counts = (sorted({engine.min_seats, engine.max_seats}) if fewest_and_most
              else list(range(engine.min_seats, engine.max_seats + 1)))
    for options in drawer.palette_variants:
        for seats in counts:
            names = [f"Player {n + 1}" for n in range(seats)]
            for seed in seeds:
                state = engine.setup(seats, engine.parse_options(options), seed)
                rng = Rng.from_seed(seed)
                step = 0
                while (decision := engine.pending(state)) is not None:
                    if step % every == 0:
                        yield drawer.render(engine.view(state, None), names)
                        seated = engine.view(state, decision.seat)
                        yield from decision_images(drawer, seated, names, marks_of(decision))
                        yield from part_images(drawer, seated, names)
                    step += 1
                    state = engine.apply(state, decision.seat,
                                         rng.choice(decision.options).key).state
                yield drawer.render(engine.view(state, None), names)


def marks_of(decision: Decision) -> Marks:
    """Each option's place marked with its number, as the panels mark them (the labels'
    digits and letters only change which glyphs are drawn, not their colours)."""
    marks: dict[str, str] = {}
    for number, option in enumerate(decision.options, 1):
        if option.at:
            marks[option.at] = f"{marks[option.at]}/{number}" if option.at in marks else str(number)
    return marks


def part_images(drawer: GameRenderer, view: View, names: list[str]) -> list[Image.Image]:
    """The parts of the board a player may ask for (``render_part``), as a seat sees them."""
    drawn = [drawer.render_part(view, names, key) for key, _name in drawer.parts(view, names)]
    return [image for image in drawn if image is not None]


def decision_images(drawer: GameRenderer, view: View, names: list[str],
                    marks: Marks) -> list[Image.Image]:
    """A decision's images as the panels show them: its pages, else its one image."""
    if not marks:
        return []
    pages = drawer.render_decision_pages(view, names, marks)
    if pages is not None:
        return pages
    image = drawer.render_decision(view, names, marks)
    return [] if image is None else [image]


#: The most used colours (backgrounds, inks, tiles) are kept exactly, so flat areas keep
#: their drawn colour to the unit.
EXACT = 64
#: Pixels of the sample the rest of the palette is chosen from: every other drawn colour
#: at least once, the rest in proportion to how much of the reference images it covers.
SAMPLE_PIXELS = 4_000_000


def choose(images: Iterator[Image.Image]) -> list[tuple[int, int, int]]:
    """The :data:`EXACT` most used colours of ``images``, then the colours that best cover
    the others (Pillow's maximum coverage, weighted by pixels). Measured on Llama Land
    against an octree over the same colours: the worst pixel 25 units from its colour
    instead of 38, 49 pixels in 10⁸ more than 20 units off instead of 4·10⁴, and flat
    areas exact (mean error 0.21 instead of 0.68); on GWT:A, 64 exact colours rather than
    32 bring the mean error from 2.2 to 1.4 units."""
    counts: Counter[tuple[int, int, int]] = Counter()
    for image in images:
        rgb = image.convert("RGB")
        # an RGB image's colours are (r, g, b) triples
        colours = cast(list[tuple[int, tuple[int, int, int]]],
                       rgb.getcolors(rgb.width * rgb.height) or [])
        for count, colour in colours:
            counts[colour] += count
    exact = [colour for colour, _count in counts.most_common(EXACT)]
    for colour in exact:
        del counts[colour]
    if not counts:
        return exact
    total = sum(counts.values())
    data = bytearray()
    for colour, count in sorted(counts.items()):
        data += bytes(colour) * max(1, round(count * SAMPLE_PIXELS / total))
    width = 4096
    pixels = len(data) // 3
    data += bytes(data[-3:]) * (width * -(-pixels // width) - pixels)
    sample = Image.frombytes("RGB", (width, len(data) // 3 // width), bytes(data))
    chosen = sample.quantize(COLOURS - len(exact), method=Image.Quantize.MAXCOVERAGE,
                             dither=Image.Dither.NONE)
    flat = chosen.getpalette() or []
    # a palette image's colours are its palette indexes
    indexes = cast(list[tuple[int, int]], chosen.getcolors(COLOURS) or [])
    used = sorted({index for _count, index in indexes})
    return exact + [(flat[3 * i], flat[3 * i + 1], flat[3 * i + 2]) for i in used]


def main(argv: list[str] | None = None) -> None:
    """``python -m renderer.palettes [game ...]``: choose the games' palettes again."""
    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("games", nargs="*", help="games (default: every registered game)")
    args = parser.parse_args(argv)
    for game in args.games or list(GAMES):
        colours = choose(reference_images(game))
        target = path_for(renderer.renderer_module(game))
        target.write_text(format_palette(colours))
        print(f"{game}: {len(colours)} colours → {target}")
