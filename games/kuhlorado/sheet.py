"""The 8×8 Kuhlorado sheet and its text notation.

Notation: 8 lines of 8 tokens separated by spaces. ``1``–``5`` is a number cell, ``C`` a
cow, ``T`` a small trough, ``L`` one cell of a large trough (two orthogonally adjacent
``L`` form one trough). A marked cell is its token followed by ``x`` or ``o``
(``3x``, ``Co``). Example line: ``1 C 3x T 5o Cx 2 L``.

Coordinates: columns A–H left to right, rows 1–8 top to bottom; a position is the
0-based pair ``(row, column)`` and its label is e.g. ``"C4"``.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass
from functools import lru_cache
from typing import NoReturn

from pydantic import BaseModel, field_validator

SIZE = 8
COLUMN_LETTERS = "ABCDEFGH"
COW = "C"
SMALL_TROUGH = "T"
LARGE_TROUGH = "L"
SYMBOLS = ("x", "o")
NUMBERS = ("1", "2", "3", "4", "5")
TROUGHS = (SMALL_TROUGH, LARGE_TROUGH)

Pos = tuple[int, int]

_UNMARKED = (*NUMBERS, COW)
_VALID_TOKENS = frozenset(
    [*_UNMARKED, *TROUGHS] + [base + symbol for base in _UNMARKED for symbol in SYMBOLS]
)
_LABEL = re.compile(r"^(?P<col>[A-Ha-h])(?P<row>[1-8])$")
ORTHOGONAL = ((-1, 0), (1, 0), (0, -1), (0, 1))


def label(pos: Pos) -> str:
    row, col = pos
    return f"{COLUMN_LETTERS[col]}{row + 1}"


def parse_label(text: str) -> Pos:
    match = _LABEL.match(text.strip())
    if not match:
        raise ValueError(f"{text!r} is not a cell: use a column A-H and a row 1-8, like C4")
    return int(match["row"]) - 1, COLUMN_LETTERS.index(match["col"].upper())


def all_positions() -> list[Pos]:
    return [(r, c) for r in range(SIZE) for c in range(SIZE)]


def on_sheet(pos: Pos) -> bool:
    return 0 <= pos[0] < SIZE and 0 <= pos[1] < SIZE


def _neighbours_of(pos: Pos) -> tuple[Pos, ...]:
    out = [(pos[0] + dr, pos[1] + dc) for dr, dc in ORTHOGONAL]
    return tuple(p for p in out if on_sheet(p))


_NEIGHBOURS = {pos: _neighbours_of(pos) for pos in all_positions()}


def orthogonal_neighbours(pos: Pos) -> tuple[Pos, ...]:
    return _NEIGHBOURS[pos]


def connected_groups(cells: Collection[Pos]) -> list[list[Pos]]:
    """``cells`` split into orthogonally connected groups, each sorted, in board order."""
    members = set(cells)
    seen: set[Pos] = set()
    groups: list[list[Pos]] = []
    for start in sorted(members):
        if start in seen:
            continue
        group, stack = [], [start]
        seen.add(start)
        while stack:
            cell = stack.pop()
            group.append(cell)
            for n in orthogonal_neighbours(cell):
                if n in members and n not in seen:
                    seen.add(n)
                    stack.append(n)
        groups.append(sorted(group))
    return groups


@dataclass(frozen=True)
class Trough:
    cells: tuple[Pos, ...]

    @property
    def large(self) -> bool:
        return len(self.cells) == 2

    @property
    def points(self) -> int:
        # "Comptage des points": un grand abreuvoir rapporte 4 points, un petit 2 points.
        return 4 if self.large else 2

    def neighbours(self) -> list[Pos]:
        """Cells orthogonally adjacent to the trough (both cells of a large one)."""
        seen: dict[Pos, None] = {}
        for cell in self.cells:
            for n in orthogonal_neighbours(cell):
                if n not in self.cells:
                    seen.setdefault(n, None)
        return list(seen)


class Sheet(BaseModel):
    """64 notation tokens, row by row. The notation is the single source of truth."""

    cells: list[str]

    @field_validator("cells")
    @classmethod
    def _valid(cls, cells: list[str]) -> list[str]:
        if len(cells) != SIZE * SIZE:
            raise ValueError(f"a sheet has {SIZE * SIZE} cells, got {len(cells)}")
        for index, token in enumerate(cells):
            if token not in _VALID_TOKENS:
                _explain_bad_token(token, divmod(index, SIZE))
        _troughs_of_layout("".join(token[0] for token in cells))  # raises on a bad L group
        return cells

    # -- reading one cell --------------------------------------------------------
    def token(self, pos: Pos) -> str:
        return self.cells[pos[0] * SIZE + pos[1]]

    def base(self, pos: Pos) -> str:
        """The printed content: ``1``–``5``, ``C``, ``T`` or ``L`` (without the mark)."""
        return self.token(pos)[0]

    def mark(self, pos: Pos) -> str | None:
        token = self.token(pos)
        return token[1] if len(token) == 2 else None

    def is_cow(self, pos: Pos) -> bool:
        return self.base(pos) == COW

    def is_trough(self, pos: Pos) -> bool:
        return self.base(pos) in TROUGHS

    def number(self, pos: Pos) -> int | None:
        base = self.base(pos)
        return int(base) if base.isdigit() else None

    def is_free(self, pos: Pos) -> bool:
        """Markable and not yet marked (troughs are never markable)."""
        token = self.token(pos)
        return len(token) == 1 and token not in TROUGHS

    # -- whole sheet -----------------------------------------------------------------
    def set_mark(self, pos: Pos, symbol: str) -> None:
        if symbol not in SYMBOLS:
            raise ValueError(f"unknown mark {symbol!r}")
        if not self.is_free(pos):
            raise ValueError(f"{label(pos)} cannot be marked")
        self.cells[pos[0] * SIZE + pos[1]] = self.base(pos) + symbol

    def free_cells(self, bases: Collection[str]) -> list[Pos]:
        """Free cells whose printed content is one of ``bases`` (e.g. ``{"C", "3"}``)."""
        return [divmod(i, SIZE) for i, token in enumerate(self.cells) if token in bases]

    def free_cows(self) -> list[Pos]:
        return self.free_cells(COW)

    def free_numbers(self) -> list[Pos]:
        return self.free_cells(NUMBERS)

    def marked(self, symbol: str) -> list[Pos]:
        return [divmod(i, SIZE) for i, token in enumerate(self.cells) if token[1:] == symbol]

    def marked_cows(self) -> int:
        return sum(1 for token in self.cells if token in ("Cx", "Co"))

    def troughs(self) -> list[Trough]:
        return list(_troughs_of_layout("".join(token[0] for token in self.cells)))


def _explain_bad_token(token: str, pos: Pos) -> NoReturn:
    where = f"{label(pos)} (row {pos[0] + 1}, column {pos[1] + 1})"
    if token[:1] in TROUGHS and token[1:] in SYMBOLS:
        raise ValueError(f"{token!r} at {where}: a trough can never be marked")
    raise ValueError(
        f"bad token {token!r} at {where}: use 1-5, C, T or L, optionally followed by x or o"
    )


@lru_cache(maxsize=64)
def _troughs_of_layout(layout: str) -> tuple[Trough, ...]:
    """The troughs of a printed layout (one base character per cell), cached."""
    small = [Trough((divmod(i, SIZE),)) for i, base in enumerate(layout) if base == SMALL_TROUGH]
    large = [Trough(tuple(group)) for group in _large_trough_groups(list(layout))]
    return tuple(sorted(small + large, key=lambda t: t.cells))


def _large_trough_groups(cells: list[str]) -> list[list[Pos]]:
    """The large troughs as pairs of positions; raises on a lone or oversized L group."""
    is_l = {p for p in all_positions() if cells[p[0] * SIZE + p[1]][0] == LARGE_TROUGH}
    groups: list[list[Pos]] = []
    for group in connected_groups(is_l):
        start = group[0]
        if len(group) == 1:
            raise ValueError(
                f"L at {label(start)} has no L neighbour: a large trough is two "
                "orthogonally adjacent L cells"
            )
        if len(group) > 2:
            where = ", ".join(label(p) for p in group)
            raise ValueError(
                f"L cells {where} touch each other: a large trough is exactly two cells "
                "(keep large troughs apart)"
            )
        groups.append(group)
    return groups


def parse_sheet(text: str) -> Sheet:
    """Read a sheet in the notation (blank lines around it and extra spaces are ignored)."""
    lines = [line.split() for line in text.strip().splitlines()]
    if len(lines) != SIZE:
        raise ValueError(f"a sheet has {SIZE} lines of {SIZE} cells, got {len(lines)} lines")
    for number, tokens in enumerate(lines, start=1):
        if len(tokens) != SIZE:
            raise ValueError(f"line {number} has {len(tokens)} cells, expected {SIZE}")
    return Sheet(cells=[token for tokens in lines for token in tokens])


def dump_sheet(sheet: Sheet) -> str:
    """Write a sheet in the notation: 8 lines, tokens separated by one space, no final newline."""
    rows = [sheet.cells[r * SIZE : (r + 1) * SIZE] for r in range(SIZE)]
    return "\n".join(" ".join(row) for row in rows)
