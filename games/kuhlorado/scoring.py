"""Scoring of a sheet (rulebook "Comptage des points" and "Variante pro")."""

from __future__ import annotations

from games.kuhlorado.sheet import (
    SIZE,
    SYMBOLS,
    Pos,
    Sheet,
    connected_groups,
)

MEADOW_POINTS = 3
#: "Terrains": (minimum size, points), biggest first.
HERD_TABLE = ((20, 20), (15, 12), (10, 5), (5, 2))
DOUBLE_POINTS = 2
#: "Variante pro": the intermediate scoring happens once 9 cows are marked in total.
PRO_COW_THRESHOLD = 9

MEADOWS: dict[str, list[Pos]] = {
    "north": [(0, c) for c in range(SIZE)],
    "east": [(r, SIZE - 1) for r in range(SIZE)],
    "south": [(SIZE - 1, c) for c in range(SIZE)],
    "west": [(r, 0) for r in range(SIZE)],
}


def majority(sheet: Sheet, cells: list[Pos]) -> str | None:
    """The symbol with strictly more marks among ``cells``; None on a tie."""
    marks = [sheet.mark(p) for p in cells]
    x, o = marks.count("x"), marks.count("o")
    if x == o:
        return None
    return "x" if x > o else "o"


def meadow_winners(sheet: Sheet) -> dict[str, str | None]:
    """Border meadows: the 8 cells of an edge, corners counting for both of their edges."""
    return {name: majority(sheet, cells) for name, cells in MEADOWS.items()}


def herds(sheet: Sheet, symbol: str) -> list[list[Pos]]:
    """Groups of orthogonally connected marks of one player (diagonals do not connect)."""
    return connected_groups(sheet.marked(symbol))


def herd_value(size: int) -> int:
    for minimum, points in HERD_TABLE:
        if size >= minimum:
            return points
    return 0


def count_doubles(sheet: Sheet, symbol: str) -> int:
    """'Variante pro': exactly two (never more) orthogonally adjacent marks form a double."""
    return sum(1 for group in herds(sheet, symbol) if len(group) == 2)


def score_sheet(sheet: Sheet) -> dict[str, dict[str, int]]:
    """Final points by category for ``"x"`` and ``"o"`` (no doubles: see the game state)."""
    result = {s: {"meadows": 0, "troughs": 0, "herds": 0, "total": 0} for s in SYMBOLS}
    for winner in meadow_winners(sheet).values():
        if winner:
            result[winner]["meadows"] += MEADOW_POINTS
    for trough in sheet.troughs():
        winner = majority(sheet, trough.neighbours())
        if winner:
            result[winner]["troughs"] += trough.points
    for symbol in SYMBOLS:
        result[symbol]["herds"] = sum(herd_value(len(g)) for g in herds(sheet, symbol))
        parts = result[symbol]
        parts["total"] = parts["meadows"] + parts["troughs"] + parts["herds"]
    return result
