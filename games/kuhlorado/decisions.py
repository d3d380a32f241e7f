"""The options and prompts of the Kuhlorado decisions (labels are for humans, keys for machines)."""

from __future__ import annotations

from games.base import MENU_LIMIT, Option
from games.kuhlorado.marking import dice_text, face_name, roll_case, rolled_number
from games.kuhlorado.sheet import Pos, Sheet, label


def wanted(dice: list[int]) -> str:
    """What a roll lets a player mark, in words ("3 or 5 cell", "cow cell")."""
    faces = sorted(set(dice))
    return " or ".join(face_name(f) for f in faces) + " cell"


def reroll_options(dice: list[int]) -> list[Option]:
    a, b = (face_name(f) for f in dice)
    options = [Option(key="keep", label=f"Keep {a} + {b}")]
    if a == b:
        options.append(Option(key="reroll1", label=f"Reroll one {a}, keep the other"))
    else:
        options.append(Option(key="reroll1", label=f"Reroll the {a}, keep the {b}"))
        options.append(Option(key="reroll2", label=f"Reroll the {b}, keep the {a}"))
    options.append(Option(key="rerollboth", label="Reroll both dice"))
    return options


def mark_options(sheet: Sheet, cells: list[Pos], done_after: Pos | None = None) -> list[Option]:
    """One option per cell (``mark:C4``), plus ``done`` when the second mark is optional.

    Over :data:`MENU_LIMIT` options, every option is grouped by row ("Row 3").
    """
    rows = [(f"mark:{label(p)}", f"Mark {label(p)} ({sheet.describe(p)})", p[0]) for p in cells]
    grouped = len(rows) + (done_after is not None) > MENU_LIMIT
    options = [
        Option(key=key, label=text, group=f"Row {row + 1}" if grouped else None, at=label(p))
        for (key, text, row), p in zip(rows, cells, strict=True)
    ]
    if done_after is not None:
        options.append(
            Option(
                key="done",
                label=f"Done: only {label(done_after)} this turn",
                group="Finish" if grouped else None,
            )
        )
    return options


def mark_prompt(who: str, sheet: Sheet, dice: list[int]) -> str:
    case = roll_case(dice)
    if case == "two_cows":
        left = len(sheet.free_cows())
        if left == 1:
            return f"{who} rolled two cows: mark the last free cow cell."
        return f"{who} rolled two cows: mark two free cow cells (first one now)."
    if case == "two_numbers":
        return f"{who} rolled {dice_text(dice)}: mark exactly one free {wanted(dice)}."
    number = rolled_number(dice)
    return (
        f"{who} rolled {number} and cow: mark a cow cell or a {number} cell. You may then "
        "also mark the other kind, with exactly one cell between the two (in a row, a "
        "column or a diagonal)."
    )


def second_mark_prompt(
    who: str, sheet: Sheet, dice: list[int], first: Pos, compulsory: bool
) -> str:
    if compulsory:
        return f"{who} marked {label(first)}: now mark a second free cow cell."
    other = f"a {rolled_number(dice)}" if sheet.is_cow(first) else "a cow"
    return (
        f"{who} marked {label(first)} ({sheet.describe(first)}). You may also mark {other} "
        "cell with exactly one cell between them (in a row, a column or a diagonal; the "
        "cell between may be a trough), or stop."
    )
