"""Where a terrain tile may go: extending or building ("Placer une tuile Terrain", p. 3–4).

A placement is an orientation (0–3: a quarter turn clockwise each; 4–7: the same after
flipping the tile over) and the cells the tile covers, listed in the shape's cell order
(data.SHAPES) so that ``tile_icons(tile)[i]`` lands on ``cells[i]``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache, cached_property

from games.llama_land import data
from games.llama_land.estate import Cell, Estate, Pos, cell_name, neighbours
from games.llama_land.state import Player

ORIENTATIONS = range(8)


@cache
def oriented(shape: str, orientation: int) -> tuple[Pos, ...]:
    """The shape's cells after flipping (4–7) then turning, top-left at (0, 0)."""
    cells = list(data.SHAPES[shape])
    if orientation >= 4:
        cells = [(r, -c) for r, c in cells]
    for _ in range(orientation % 4):
        cells = [(c, -r) for r, c in cells]  # a quarter turn clockwise
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return tuple((r - r0, c - c0) for r, c in cells)


@dataclass(frozen=True)
class Placement:
    mode: str  # "extend" or "build"
    orientation: int
    cells: tuple[Pos, ...]  # in shape order
    foundations: tuple[int, ...] = (0, 0, 0, 0, 0)  # built under each cell first

    @cached_property
    def anchor(self) -> Pos:
        return min(r for r, _ in self.cells), min(c for _, c in self.cells)

    @property
    def corner(self) -> Pos:
        return max(r for r, _ in self.cells), max(c for _, c in self.cells)

    def key(self) -> str:
        return f"{'x' if self.mode == 'extend' else 'b'}:{self.orientation}:{cell_name(self.anchor)}"

    def at(self) -> str:
        """``Option.at``: the five cells, in shape order, separated by spaces."""
        return " ".join(cell_name(p) for p in self.cells)


@cache
def _twins(shape: str, icons: str) -> tuple[int, ...]:
    """For each orientation, the first one that covers the same cells with the same icons
    (itself when no earlier one does): a symmetric shape turned so that its icons land on
    the same cells is one choice, kept under its first orientation."""
    first: dict[frozenset[tuple[Pos, str]], int] = {}
    return tuple(first.setdefault(frozenset(zip(oriented(shape, o), icons, strict=True)), o)
                 for o in ORIENTATIONS)


class _Anchors:
    """Where the shape's top-left may go so that a given shape cell lands on one of
    ``cells``: one set per offset, shared by the orientations of one search."""

    def __init__(self, cells: Iterable[Pos]) -> None:
        self.cells = tuple(cells)
        self.by_offset: dict[Pos, set[Pos]] = {}

    def at(self, offset: Pos) -> set[Pos]:
        found = self.by_offset.get(offset)
        if found is None:
            r, c = offset
            found = self.by_offset[offset] = {(er - r, ec - c) for er, ec in self.cells}
        return found

    def any_cell(self, shape_cells: tuple[Pos, ...]) -> set[Pos]:
        """Anchors putting at least one shape cell on one of the cells."""
        return set().union(*(self.at(offset) for offset in shape_cells))

    def all_cells(self, shape_cells: tuple[Pos, ...]) -> set[Pos]:
        """Anchors putting every shape cell on one of the cells."""
        return set.intersection(*(self.at(offset) for offset in shape_cells))


def extend_placements(player: Player, tile: int) -> list[Placement]:
    """"Étendre": every cell on free ground, at least one orthogonally next to the estate."""
    occupied = player.estate.cells
    shape = data.tile_shape(tile)
    twins = _twins(shape, data.tile_icons(tile))
    frontier = _Anchors({n for p in occupied for n in neighbours(p)} - occupied.keys())
    taken = _Anchors(occupied)
    found = []
    for orientation in ORIENTATIONS:
        if twins[orientation] != orientation:
            continue  # the same cells with the same icons as an earlier orientation
        shape_cells = oriented(shape, orientation)
        anchors = frontier.any_cell(shape_cells) - taken.any_cell(shape_cells)
        found += [Placement("extend", orientation, _shifted(shape_cells, anchor))
                  for anchor in sorted(anchors)]
    return found


def build_placements(player: Player, tile: int) -> list[Placement]:
    """"Construire": on terrain, level (foundations fill the lower cells), never on a
    llama, never exactly on top of one tile (the same cells are the same shape)."""
    twins = _twins(data.tile_shape(tile), data.tile_icons(tile))
    found: dict[tuple[int, Pos, tuple[int, ...]], Placement] = {}
    for placement in _builds(player, tile):
        # The same cells with the same icons (twins) and the same foundations: one choice.
        found.setdefault((twins[placement.orientation], placement.anchor, placement.foundations),
                         placement)
    return list(found.values())


def can_build(player: Player, tile: int) -> bool:
    return next(_builds(player, tile), None) is not None


def _builds(player: Player, tile: int) -> Iterator[Placement]:
    shape = data.tile_shape(tile)
    # Only cells free of llamas can hold the tile: anchor the shape on those.
    heights = {p: cell.height for p, cell in player.estate.cells.items() if cell.top != data.LLAMA}
    usable = _Anchors(heights)
    pieces = player.pieces
    for orientation in ORIENTATIONS:
        shape_cells = oriented(shape, orientation)
        for anchor in sorted(usable.all_cells(shape_cells)):
            cells = _shifted(shape_cells, anchor)
            if _covers_one_tile(pieces, cells):
                continue  # "ne peut pas recouvrir complètement une tuile de forme identique"
            below = [heights[p] for p in cells]
            top = max(below)
            needed = tuple(top - height for height in below)
            if sum(needed) > player.foundations_left:
                continue
            yield Placement("build", orientation, cells, needed)


def _shifted(shape_cells: tuple[Pos, ...], anchor: Pos) -> tuple[Pos, ...]:
    """The cells of the shape with its top-left at ``anchor``."""
    ar, ac = anchor
    return tuple([(ar + r, ac + c) for r, c in shape_cells])


def _covers_one_tile(pieces: dict[str, int], cells: tuple[Pos, ...]) -> bool:
    """Whether every cell shows the same tile on top (the start board is no tile)."""
    first = pieces.get(cell_name(cells[0]))
    return first is not None and all(pieces.get(cell_name(p)) == first for p in cells[1:])


def covered_icons(estate: Estate, placement: Placement) -> list[str]:
    """The icons a build covers and pays out: not those under foundations ("les icônes
    recouvertes par une tuile Fondations ne vous octroient aucun bénéfice")."""
    if placement.mode != "build":
        return []
    icons = []
    for pos, needed in zip(placement.cells, placement.foundations, strict=True):
        top = estate.cells[pos].top
        if needed == 0 and top in data.ICONS:
            icons.append(top)
    return icons


def place_tile(player: Player, tile: int, placement: Placement) -> list[str]:
    """Put the tile (and its foundations) on the estate; return the icons it pays out."""
    # Estates are shared between copies of a state until one changes (state.clone).
    estate = player.estate = player.estate.copy()
    player.pieces = dict(player.pieces)
    player.foundations = dict(player.foundations)
    paid = covered_icons(estate, placement)
    icons = data.tile_icons(tile)
    level = 0
    if placement.mode == "build":
        level = max(estate.cells[p].height for p in placement.cells)
    for pos, icon, needed in zip(placement.cells, icons, placement.foundations, strict=True):
        name = cell_name(pos)
        if needed:
            player.foundations[name] = player.foundations.get(name, 0) + needed
            player.foundations_left -= needed
        estate.cells[pos] = Cell(level + 1, icon)
        player.pieces[name] = tile
    return paid
