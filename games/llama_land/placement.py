"""Where a terrain tile may go: extending or building ("Placer une tuile Terrain", p. 3–4).

A placement is an orientation (0–3: a quarter turn clockwise each; 4–7: the same after
flipping the tile over) and the cells the tile covers, listed in the shape's cell order
(data.SHAPES) so that ``tile_icons(tile)[i]`` lands on ``cells[i]``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

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

    @property
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


#: What a placement covers: each cell with the icon put on it, and the foundations under it.
Covering = tuple[frozenset[tuple[Pos, str]], tuple[int, ...]]


def extend_placements(player: Player, tile: int) -> list[Placement]:
    """"Étendre": every cell on free ground, at least one orthogonally next to the estate."""
    estate = player.estate
    shape = data.tile_shape(tile)
    frontier = {n for p in estate.cells for n in neighbours(p) if n not in estate.cells}
    found: dict[Covering, Placement] = {}
    occupied = estate.cells
    for orientation in ORIENTATIONS:
        shape_cells = oriented(shape, orientation)
        anchors = {(fr - r, fc - c) for fr, fc in frontier for r, c in shape_cells}
        for ar, ac in sorted(anchors):
            cells = tuple((ar + r, ac + c) for r, c in shape_cells)
            if any(p in occupied for p in cells):
                continue
            _keep(found, Placement("extend", orientation, cells), tile)
    return list(found.values())


def build_placements(player: Player, tile: int) -> list[Placement]:
    """"Construire": on terrain, level (foundations fill the lower cells), never on a
    llama, never exactly on top of one tile (the same cells are the same shape)."""
    found: dict[Covering, Placement] = {}
    for placement in _builds(player, tile):
        _keep(found, placement, tile)
    return list(found.values())


def can_build(player: Player, tile: int) -> bool:
    return next(_builds(player, tile), None) is not None


def _builds(player: Player, tile: int) -> Iterator[Placement]:
    estate = player.estate
    shape = data.tile_shape(tile)
    # Only cells free of llamas can hold the tile: anchor the shape on those.
    usable = {p: cell for p, cell in estate.cells.items() if cell.top != data.LLAMA}
    for orientation in ORIENTATIONS:
        shape_cells = oriented(shape, orientation)
        anchors = {(er - r, ec - c) for er, ec in usable for r, c in shape_cells}
        for ar, ac in sorted(anchors):
            cells = tuple((ar + r, ac + c) for r, c in shape_cells)
            if not all(p in usable for p in cells):
                continue
            below = [usable[p] for p in cells]
            names = [cell_name(p) for p in cells]
            pieces = {player.pieces.get(n, -1) for n in names}
            if len(pieces) == 1 and -1 not in pieces:
                continue  # "ne peut pas recouvrir complètement une tuile de forme identique"
            top = max(cell.height for cell in below)
            needed = tuple(top - cell.height for cell in below)
            if sum(needed) > player.foundations_left:
                continue
            yield Placement("build", orientation, cells, needed)


def _keep(found: dict[Covering, Placement], placement: Placement, tile: int) -> None:
    """Two orientations of a symmetric shape may cover the same cells with the same icons:
    they are one choice."""
    icons = data.tile_icons(tile)
    result = (frozenset(zip(placement.cells, icons, strict=True)), placement.foundations)
    found.setdefault(result, placement)


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
