"""The computer player's view of a Kuhlorado sheet: the final score counted softly.

The score is all-or-nothing (a meadow or a trough goes to the strict majority, a herd
scores from 5, 10, 15 or 20 connected marks), so a position is valued by what it should
still become while free cells are left:

* a border meadow or a trough is worth its points times a chance of winning its majority,
  from the marks ahead and the free cells left around it (certain once none is free);
* a herd is worth its points now, plus part of the next step's, by how far it has come
  towards it, as long as it has free cells to grow into and the game has cells left.

The value of a seat is its own soft score less its opponent's.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from functools import lru_cache
from math import tanh

from games.kuhlorado.scoring import HERD_TABLE, MEADOW_POINTS, MEADOWS, herd_value
from games.kuhlorado.sheet import (
    NUMBERS,
    SYMBOLS,
    Pos,
    Sheet,
    connected_groups,
    orthogonal_neighbours,
)

#: Herd thresholds smallest first: (size, points), from nothing.
STEPS = ((0, 0), *sorted(HERD_TABLE))
#: How much of the way to a herd's next step counts (a herd may never get there).
GROWTH = 0.8
#: The marks ahead that make a majority about as good as won, per free cell left.
LEAD_SCALE = 0.6


def soft_scores(sheet: Sheet) -> dict[str, float]:
    """Each symbol's soft score (see the module docstring)."""
    return _soft(tuple(sheet.cells))


@lru_cache(maxsize=8192)
def _soft(cells: tuple[str, ...]) -> dict[str, float]:
    sheet = Sheet.model_construct(cells=list(cells))
    free = {divmod(i, 8) for i, t in enumerate(cells) if t in _FREE_TOKENS}
    cows = sum(1 for t in cells if t == "C")
    numbers = sum(1 for t in cells if t in NUMBERS)
    # the game ends with no free cow or with 5 free number cells
    left = min(1.0, cows / 8, max(0, numbers - 5) / 20)
    out = {}
    for symbol in SYMBOLS:
        other = "o" if symbol == "x" else "x"
        value = 0.0
        for meadow in MEADOWS.values():
            value += MEADOW_POINTS * _chance(sheet, meadow, symbol, other, free)
        for trough in sheet.troughs():
            value += trough.points * _chance(sheet, trough.neighbours(), symbol, other, free)
        for group in connected_groups(sheet.marked(symbol)):
            value += _herd(len(group), group, free, left)
        out[symbol] = value
    return out


_FREE_TOKENS = frozenset((*NUMBERS, "C"))


def _chance(
    sheet: Sheet, cells: Collection[Pos], symbol: str, other: str, free: set[Pos]
) -> float:
    """The chance of ``symbol`` winning the majority of ``cells`` (0.5 for even)."""
    mine = sum(1 for p in cells if sheet.mark(p) == symbol)
    theirs = sum(1 for p in cells if sheet.mark(p) == other)
    open_cells = sum(1 for p in cells if p in free)
    if open_cells == 0:
        return 1.0 if mine > theirs else 0.0
    return 0.5 + 0.5 * tanh((mine - theirs) / (LEAD_SCALE * (1 + open_cells)))


def _herd(size: int, group: Iterable[Pos], free: set[Pos], left: float) -> float:
    points = herd_value(size)
    frontier = {n for p in group for n in orthogonal_neighbours(p) if n in free}
    if not frontier or left <= 0:
        return points
    for (low, _), (high, then) in zip(STEPS, STEPS[1:], strict=False):
        if low <= size < high:
            way = (size - low) / (high - low)
            room = min(1.0, len(frontier) / 3)
            return points + GROWTH * (then - points) * way * room * left
    return points


def evaluate(sheet: Sheet, symbol: str, finished: bool, exact: dict[str, int]) -> float:
    """``symbol``'s soft score less its opponent's (the exact ones once the game is over)."""
    other = "o" if symbol == "x" else "x"
    if finished:
        return exact[symbol] - exact[other]
    soft = soft_scores(sheet)
    return soft[symbol] - soft[other]
