"""A player's estate (domaine) as heights and top icons, and its plain-text notation.

The notation is documented in games/llama_land/NOTATION.md. Cells are ``(row, column)``
pairs of integers; the start board of a game covers rows 1–4 and columns 1–4, and the
estate may grow into row 0 and negative rows or columns. A cell's name is ``r3c4``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any, NamedTuple

from pydantic_core import core_schema

from games.llama_land.data import GRASS, ICONS, LLAMA

Pos = tuple[int, int]
ORTHOGONAL: tuple[Pos, ...] = ((-1, 0), (1, 0), (0, -1), (0, 1))
TOPS = (GRASS, *ICONS, LLAMA)
_TOKEN = re.compile(r"^(?P<height>[1-9][0-9]*)(?P<top>[-ckp$hL])$")
_NAME = re.compile(r"^r(?P<row>-?[0-9]+)c(?P<col>-?[0-9]+)$")


class Cell(NamedTuple):
    height: int  # level of the top (the start board is level 1)
    top: str  # one of TOPS: grass, an icon, or a llama


class EstateTextError(ValueError):
    """Bad estate text; the message names the line and column (both 1-based)."""

    def __init__(self, message: str, line: int, column: int) -> None:
        super().__init__(f"line {line}, column {column}: {message}")
        self.line = line
        self.column = column


def cell_name(pos: Pos) -> str:
    return f"r{pos[0]}c{pos[1]}"


def parse_cell_name(text: str) -> Pos:
    match = _NAME.match(text.strip())
    if not match:
        raise ValueError(f"{text!r} is not a cell: write r<row>c<column>, like r3c4")
    return int(match["row"]), int(match["col"])


def neighbours(pos: Pos) -> Iterator[Pos]:
    r, c = pos
    for dr, dc in ORTHOGONAL:
        yield r + dr, c + dc


class Estate:
    """Cells with terrain, each its height and top. Compares equal by content: the same
    cells with the same heights and tops, wherever the grid sits (a parsed text and the
    estate it was dumped from are equal even if the game's rows started elsewhere)."""

    __slots__ = ("cells", "__weakref__")

    def __init__(self, cells: dict[Pos, Cell] | None = None) -> None:
        self.cells: dict[Pos, Cell] = dict(cells or {})

    # -- reading ------------------------------------------------------------------------
    def __contains__(self, pos: object) -> bool:
        return pos in self.cells

    def __getitem__(self, pos: Pos) -> Cell:
        return self.cells[pos]

    def __len__(self) -> int:
        return len(self.cells)

    def get(self, pos: Pos) -> Cell | None:
        return self.cells.get(pos)

    def bounds(self) -> tuple[int, int, int, int]:
        """(first row, first column, last row, last column); (1, 1, 0, 0) when empty."""
        if not self.cells:
            return 1, 1, 0, 0
        rows, cols = zip(*self.cells, strict=True)
        return min(rows), min(cols), max(rows), max(cols)

    def llamas(self) -> list[Pos]:
        return sorted(p for p, cell in self.cells.items() if cell.top == LLAMA)

    def is_edge(self, pos: Pos) -> bool:
        """A terrain cell with an orthogonal neighbour that is not terrain (bord or trou)."""
        return any(n not in self.cells for n in neighbours(pos))

    def touches(self, pos: Pos) -> bool:
        return any(n in self.cells for n in neighbours(pos))

    def _content(self) -> frozenset[tuple[Pos, Cell]]:
        r0, c0, _, _ = self.bounds()
        return frozenset(((r - r0, c - c0), cell) for (r, c), cell in self.cells.items())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Estate):
            return NotImplemented
        return self._content() == other._content()

    def __hash__(self) -> int:
        return hash(self._content())

    def __repr__(self) -> str:
        return f"parse_estate({dump_estate(self)!r})"

    # -- changing (the engine works on private copies) -----------------------------------
    def copy(self) -> Estate:
        return Estate(self.cells)

    def set(self, pos: Pos, height: int, top: str) -> None:
        self.cells[pos] = Cell(height, top)

    # -- pydantic: an estate inside a game state is a list of [row, col, height, top] ------
    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> core_schema.CoreSchema:
        return core_schema.no_info_plain_validator_function(
            cls._validate,
            serialization=core_schema.plain_serializer_function_ser_schema(cls._serialise),
        )

    @classmethod
    def _validate(cls, value: Any) -> Estate:
        if isinstance(value, Estate):
            return value
        if isinstance(value, str):
            return parse_estate(value)
        cells = {}
        for item in value:
            r, c, height, top = item
            if top not in TOPS or int(height) < 1:
                raise ValueError(f"bad estate cell {item!r}")
            cells[(int(r), int(c))] = Cell(int(height), str(top))
        return cls(cells)

    def _serialise(self) -> list[list[int | str]]:
        return [[r, c, cell.height, cell.top] for (r, c), cell in sorted(self.cells.items())]


def parse_estate(text: str) -> Estate:
    """An estate from its text: one line per grid row, cells separated by spaces, ``.``
    for a cell without terrain, else ``<height><top>`` (``1-``, ``3c``, ``2L``). The
    first line is row 1 and the first cell column 1. Blank lines around are ignored."""
    lines = text.split("\n")
    while lines and not lines[-1].strip():
        lines.pop()
    first = 0
    while first < len(lines) and not lines[first].strip():
        first += 1
    if first == len(lines):
        raise EstateTextError("the estate is empty", 1, 1)
    cells: dict[Pos, Cell] = {}
    width = None
    for index in range(first, len(lines)):
        line, number = lines[index].rstrip("\r"), index + 1
        if not line.strip():
            raise EstateTextError("blank line inside the estate", number, 1)
        tokens = list(_tokens(line))
        if width is None:
            width = len(tokens)
        elif len(tokens) != width:
            raise EstateTextError(
                f"{len(tokens)} cells in this row, {width} in the first: every row has the same number",
                number, tokens[min(len(tokens), width) - 1][0] if tokens else 1)
        for col, (column, token) in enumerate(tokens, start=1):
            if token == ".":
                continue
            match = _TOKEN.match(token)
            if not match:
                raise EstateTextError(
                    f"{token!r} is not a cell: write '.' or a height 1-9 then one of - c k p $ h L",
                    number, column)
            cells[(index - first + 1, col)] = Cell(int(match["height"]), match["top"])
    if not cells:
        raise EstateTextError("the estate has no terrain cell", first + 1, 1)
    estate = Estate(cells)
    r0, c0, r1, c1 = estate.bounds()
    if r0 != 1 or c0 != 1 or r1 != len(lines) - first or c1 != width:
        which = ("first row" if r0 != 1 else "last row" if r1 != len(lines) - first
                 else "first column" if c0 != 1 else "last column")
        raise EstateTextError(f"the {which} has no terrain: leave out empty border rows and columns",
                              first + 1, 1)
    return estate


def _tokens(line: str) -> Iterable[tuple[int, str]]:
    """(1-based character column, token) for each space-separated token of a line."""
    for match in re.finditer(r"\S+", line):
        yield match.start() + 1, match.group()


def dump_estate(estate: Estate) -> str:
    """The text of an estate: its bounding box, one line per row, no trailing newline."""
    if not estate.cells:
        raise ValueError("an empty estate has no text")
    r0, c0, r1, c1 = estate.bounds()
    grid = [["."] * (c1 - c0 + 1) for _ in range(r1 - r0 + 1)]
    for (r, c), (height, top) in estate.cells.items():
        grid[r - r0][c - c0] = f"{height}{top}"
    return "\n".join(" ".join(row) for row in grid)
