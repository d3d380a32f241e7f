"""Hazienda boards as data: the ``.map`` files in ``games/hazienda/maps/`` and their loader.

A map file is a small header and a hex grid (pointy-top hexes, "odd-r" offset layout:
odd rows are drawn shifted right by half a hex)::

    # comments start with '#'
    name: symmetric
    title: Symmetric map (dog-bone)
    ---
    .. Pa Pa Mo ..
    Pa K1 Pa Sw ..

Every grid row holds the same number of space-separated two-character tokens, one per
column. Players see a space as row letter + column number (``"C7"`` is row 2, column 6,
both 0-based). Tokens are listed in :data:`TOKEN_KINDS`; ``K1`` … ``K9``, ``KA``, ``KB``
are market hexes, equal tokens forming one market.
"""

from __future__ import annotations

import string
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

LAND_KINDS = ("mountain", "forest", "meadow", "stone", "swamp")
#: every kind a board space can have
SPACE_KINDS = ("pampa", *LAND_KINDS, "water", "market")

EMPTY_TOKEN = ".."
TOKEN_KINDS = {
    "Pa": "pampa",
    "Mo": "mountain",
    "Fo": "forest",
    "Me": "meadow",
    "St": "stone",
    "Sw": "swamp",
    "Wa": "water",
}
MARKET_TOKENS = tuple(f"K{c}" for c in "123456789AB")
ROW_LETTERS = string.ascii_uppercase

MAPS_DIR = Path(__file__).with_name("maps")
MAP_SUFFIX = ".map"
#: the printed board's two sides come first; any other ``.map`` file follows by name
PRINTED_SIDES = ("symmetric", "asymmetric")

_HEADER_KEYS = ("name", "title")
_SEPARATOR = "---"


def coord_name(row: int, col: int) -> str:
    """The player-facing name of a space: ``coord_name(2, 6) == "C7"``."""
    if not 0 <= row < len(ROW_LETTERS) or col < 0:
        raise ValueError(f"no coordinate name for row {row}, column {col}")
    return f"{ROW_LETTERS[row]}{col + 1}"


def parse_coord(coord: str) -> tuple[int, int]:
    """``"C7"`` -> ``(2, 6)`` (0-based row and column)."""
    text = coord.strip().upper()
    letter, digits = text[:1], text[1:]
    if not letter or letter not in ROW_LETTERS or not digits.isdigit() or int(digits) < 1:
        raise ValueError(
            f"not a coordinate: {coord!r} (expected a row letter and a column number, e.g. 'C7')"
        )
    return ROW_LETTERS.index(letter), int(digits) - 1


def hex_neighbours(row: int, col: int) -> tuple[tuple[int, int], ...]:
    """The six grid positions around (row, col) in the odd-r layout (on-board or not)."""
    if row % 2 == 0:
        deltas = ((0, -1), (0, 1), (-1, -1), (-1, 0), (1, -1), (1, 0))
    else:
        deltas = ((0, -1), (0, 1), (-1, 0), (-1, 1), (1, 0), (1, 1))
    return tuple((row + dr, col + dc) for dr, dc in deltas)


@dataclass(frozen=True)
class Space:
    coord: str
    row: int
    col: int
    kind: str  # "pampa" | one of LAND_KINDS | "water" | "market"
    market: str | None = None  # the market id (e.g. "K3") when kind == "market"


@dataclass(frozen=True, eq=False)
class HaziendaMap:
    name: str
    title: str
    rows: int
    cols: int
    spaces: dict[str, Space]  # every on-board space by coord, row by row
    markets: dict[str, tuple[str, ...]]  # market id -> its hexes
    water_spaces: tuple[str, ...]  # printed water spaces
    _neighbours: dict[str, tuple[str, ...]] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        table = {}
        for coord, space in self.spaces.items():
            around = (
                coord_name(r, c)
                for r, c in hex_neighbours(space.row, space.col)
                if r >= 0 and c >= 0
            )
            table[coord] = tuple(nb for nb in around if nb in self.spaces)
        object.__setattr__(self, "_neighbours", table)

    def neighbours(self, coord: str) -> tuple[str, ...]:
        """The on-board spaces next to ``coord``."""
        try:
            return self._neighbours[coord]
        except KeyError:
            raise ValueError(f"{coord!r} is not a space of the {self.name} map") from None

    def market_edges(self, market_id: str) -> tuple[str, ...]:
        """The non-market spaces next to a market; each is one edge ("bord") of it."""
        if market_id not in self.markets:
            raise ValueError(f"no market {market_id!r} on the {self.name} map")
        found = {
            nb
            for hex_coord in self.markets[market_id]
            for nb in self.neighbours(hex_coord)
            if self.spaces[nb].kind != "market"
        }
        return tuple(coord for coord in self.spaces if coord in found)

    def coords_of_kind(self, kind: str) -> tuple[str, ...]:
        if kind not in SPACE_KINDS:
            raise ValueError(f"unknown space kind {kind!r}; kinds are {', '.join(SPACE_KINDS)}")
        return tuple(coord for coord, space in self.spaces.items() if space.kind == kind)


def parse_map(text: str) -> HaziendaMap:
    """Build a map from the text of a ``.map`` file; a malformed text raises ValueError."""
    lines = [line.rstrip() for line in text.splitlines()]
    content = [
        (number, line)
        for number, line in enumerate(lines, 1)
        if line.strip() and not line.lstrip().startswith("#")
    ]
    separator_at = next(
        (i for i, (_, line) in enumerate(content) if line.strip() == _SEPARATOR), None
    )
    if separator_at is None:
        raise ValueError(f"map has no '{_SEPARATOR}' line between the header and the grid")
    header = _parse_header(content[:separator_at])
    grid = [(number, line.split()) for number, line in content[separator_at + 1 :]]
    if not grid:
        raise ValueError(f"map {header['name']!r} has an empty grid")
    if len(grid) > len(ROW_LETTERS):
        raise ValueError(
            f"map {header['name']!r} has {len(grid)} rows; at most {len(ROW_LETTERS)} are allowed"
        )
    cols = len(grid[0][1])
    spaces: dict[str, Space] = {}
    for row, (number, tokens) in enumerate(grid):
        if len(tokens) != cols:
            raise ValueError(
                f"line {number} (row {ROW_LETTERS[row]}) has {len(tokens)} tokens, expected {cols} like the first grid row"
            )
        for col, token in enumerate(tokens):
            space = _space_for_token(token, row, col, number)
            if space is not None:
                spaces[space.coord] = space
    markets: dict[str, list[str]] = {}
    for space in spaces.values():
        if space.market is not None:
            markets.setdefault(space.market, []).append(space.coord)
    hazienda_map = HaziendaMap(
        name=header["name"],
        title=header["title"],
        rows=len(grid),
        cols=cols,
        spaces=spaces,
        markets={mid: tuple(markets[mid]) for mid in sorted(markets, key=MARKET_TOKENS.index)},
        water_spaces=tuple(coord for coord, space in spaces.items() if space.kind == "water"),
    )
    _check_markets_connected(hazienda_map)
    return hazienda_map


def _parse_header(lines: list[tuple[int, str]]) -> dict[str, str]:
    header: dict[str, str] = {}
    for number, line in lines:
        key, colon, value = line.partition(":")
        key = key.strip()
        if not colon or key not in _HEADER_KEYS:
            raise ValueError(
                f"line {number}: expected a header line 'name: …' or 'title: …', got {line.strip()!r}"
            )
        if key in header:
            raise ValueError(f"line {number}: header {key!r} given twice")
        header[key] = value.strip()
    for key in _HEADER_KEYS:
        if not header.get(key):
            raise ValueError(f"map header has no {key!r} line")
    return header


def _space_for_token(token: str, row: int, col: int, line_number: int) -> Space | None:
    if token == EMPTY_TOKEN:
        return None
    coord = coord_name(row, col)
    if token in TOKEN_KINDS:
        return Space(coord, row, col, TOKEN_KINDS[token])
    if token in MARKET_TOKENS:
        return Space(coord, row, col, "market", token)
    known = ", ".join([EMPTY_TOKEN, *TOKEN_KINDS, "K1…K9", "KA", "KB"])
    raise ValueError(
        f"line {line_number}, space {coord}: unknown token {token!r} (known tokens: {known})"
    )


def _check_markets_connected(hazienda_map: HaziendaMap) -> None:
    for market_id, hexes in hazienda_map.markets.items():
        reached = {hexes[0]}
        frontier = [hexes[0]]
        while frontier:
            for nb in hazienda_map.neighbours(frontier.pop()):
                if nb in hexes and nb not in reached:
                    reached.add(nb)
                    frontier.append(nb)
        if len(reached) != len(hexes):
            raise ValueError(
                f"map {hazienda_map.name!r}: the hexes of market {market_id} ({', '.join(hexes)}) are not all adjacent to each other"
            )


def _map_names() -> tuple[str, ...]:
    present = sorted(path.stem for path in MAPS_DIR.glob(f"*{MAP_SUFFIX}"))
    return tuple(name for name in PRINTED_SIDES if name in present) + tuple(
        name for name in present if name not in PRINTED_SIDES
    )


MAP_NAMES: tuple[str, ...] = _map_names()


@cache
def load_map(name: str) -> HaziendaMap:
    """The map called ``name`` (one of :data:`MAP_NAMES`), read once and cached."""
    if name not in MAP_NAMES:
        raise ValueError(f"unknown Hazienda map {name!r}; maps are {', '.join(MAP_NAMES)}")
    path = MAPS_DIR / f"{name}{MAP_SUFFIX}"
    hazienda_map = parse_map(path.read_text(encoding="utf-8"))
    if hazienda_map.name != name:
        raise ValueError(
            f"{path.name} declares the name {hazienda_map.name!r}; it must match the file name"
        )
    return hazienda_map
