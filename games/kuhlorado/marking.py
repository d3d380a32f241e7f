"""Which cells a roll lets a player mark (rulebook "Déroulement de la partie").

A die shows 1–5 or a cow; the cow is stored as :data:`COW_FACE` (it sits on the "6").
"""

from __future__ import annotations

from games.i18n import _
from games.kuhlorado.sheet import COW, Pos, Sheet, on_sheet

COW_FACE = 6
#: "Vache et chiffre": both cells may be marked only when exactly one cell lies between
#: them, horizontally, vertically or diagonally (the cell between may be a trough).
PAIR_OFFSETS = tuple(
    (dr, dc) for dr in (-2, 0, 2) for dc in (-2, 0, 2) if (dr, dc) != (0, 0)
)


def face_key(face: int) -> str:
    """A die face in views, the same in every language: ``"cow"`` or the number."""
    return "cow" if face == COW_FACE else str(face)


def face_name(face: int) -> str:
    """A die face as players read it, in the active language."""
    return _("cow") if face == COW_FACE else str(face)


def both(first: str, second: str) -> str:
    """Two things named together ("3 and cow", "C4 and E6")."""
    return _("{first} and {second}", first=first, second=second)


def dice_text(dice: list[int]) -> str:
    """One or two die faces in words."""
    names = [face_name(f) for f in dice]
    return names[0] if len(names) == 1 else both(*names)


def roll_case(dice: list[int]) -> str:
    """``"two_cows"``, ``"two_numbers"`` or ``"cow_number"``."""
    cows = dice.count(COW_FACE)
    return {2: "two_cows", 0: "two_numbers", 1: "cow_number"}[cows]


def rolled_number(dice: list[int]) -> int:
    """The number of a cow + number roll."""
    return next(f for f in dice if f != COW_FACE)


def face_token(face: int) -> str:
    """The sheet token a die face lets a player mark (``C`` for the cow)."""
    return COW if face == COW_FACE else str(face)


def first_marks(sheet: Sheet, dice: list[int]) -> list[Pos]:
    """Every cell the first mark of the turn may go on (empty: the player marks nothing)."""
    return sheet.free_cells({face_token(f) for f in dice})


def second_marks(sheet: Sheet, dice: list[int], first: Pos) -> list[Pos]:
    """Cells a second mark may go on after ``first`` was marked this turn (maybe none).

    Two cows: any other free cow ("précisément deux cases vache"). Two numbers: none
    ("précisément une case"). Cow + number: a free cell of the *other* face, exactly one
    cell away from the first mark in one of the 8 directions.
    """
    case = roll_case(dice)
    if case == "two_cows":
        return [p for p in sheet.free_cows() if p != first]
    if case == "two_numbers":
        return []
    wanted_cow = not sheet.is_cow(first)
    number = rolled_number(dice)
    out = []
    for dr, dc in PAIR_OFFSETS:
        pos = (first[0] + dr, first[1] + dc)
        if not on_sheet(pos) or not sheet.is_free(pos):
            continue
        if (sheet.is_cow(pos) if wanted_cow else sheet.number(pos) == number):
            out.append(pos)
    return sorted(out)


def second_mark_compulsory(dice: list[int]) -> bool:
    """Two cows oblige a second cow mark when one is free; cow + number leaves it optional."""
    return roll_case(dice) == "two_cows"
