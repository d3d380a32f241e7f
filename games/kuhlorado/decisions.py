"""The options and prompts of the Kuhlorado decisions (labels are for humans, keys for machines)."""

from __future__ import annotations

from games.base import MENU_LIMIT, Option
from games.i18n import _
from games.kuhlorado.marking import dice_text, face_name, roll_case, rolled_number
from games.kuhlorado.sheet import Pos, Sheet, label


def wanted(dice: list[int]) -> str:
    """What a roll lets a player mark, in words ("3 or 5 cell", "cow cell")."""
    faces = [face_name(f) for f in sorted(set(dice))]
    if len(faces) == 1:
        return _("{face} cell", face=faces[0])
    return _("{face} or {other} cell", face=faces[0], other=faces[1])


def reroll_options(dice: list[int]) -> list[Option]:
    a, b = (face_name(f) for f in dice)
    options = [Option(key="keep", label=_("Keep {a} + {b}", a=a, b=b))]
    if a == b:
        options.append(Option(key="reroll1", label=_("Reroll one {a}, keep the other", a=a)))
    else:
        options.append(Option(key="reroll1", label=_("Reroll the {a}, keep the {b}", a=a, b=b)))
        options.append(Option(key="reroll2", label=_("Reroll the {a}, keep the {b}", a=b, b=a)))
    options.append(Option(key="rerollboth", label=_("Reroll both dice")))
    return options


def describe(sheet: Sheet, pos: Pos) -> str:
    """A cell's printed content as players read it: "cow", "trough" or its number."""
    if sheet.is_cow(pos):
        return _("cow")
    if sheet.is_trough(pos):
        return _("trough")
    return str(sheet.number(pos))


def mark_options(sheet: Sheet, cells: list[Pos], done_after: Pos | None = None) -> list[Option]:
    """One option per cell (``mark:C4``), plus ``done`` when the second mark is optional.

    Over :data:`MENU_LIMIT` options, every option is grouped by row ("Row 3").
    """
    rows = [(f"mark:{label(p)}", _("Mark {cell} ({content})", cell=label(p),
                                   content=describe(sheet, p)), p[0]) for p in cells]
    grouped = len(rows) + (done_after is not None) > MENU_LIMIT
    options = [
        Option(key=key, label=text, group=_("Row {n}", n=row + 1) if grouped else None,
               at=label(p))
        for (key, text, row), p in zip(rows, cells, strict=True)
    ]
    if done_after is not None:
        options.append(
            Option(
                key="done",
                label=_("Done: only {cell} this turn", cell=label(done_after)),
                group=_("Finish") if grouped else None,
            )
        )
    return options


def mark_prompt(who: str, sheet: Sheet, dice: list[int]) -> str:
    case = roll_case(dice)
    if case == "two_cows":
        left = len(sheet.free_cows())
        if left == 1:
            return _("{who} rolled two cows: mark the last free cow cell.", who=who)
        return _("{who} rolled two cows: mark two free cow cells (first one now).", who=who)
    if case == "two_numbers":
        return _("{who} rolled {dice}: mark exactly one free {cell}.", who=who,
                 dice=dice_text(dice), cell=wanted(dice))
    return _(
        "{who} rolled {number} and cow: mark a cow cell or a {number} cell. You may then "
        "also mark the other kind, with exactly one cell between the two (in a row, a "
        "column or a diagonal).", who=who, number=rolled_number(dice))


def second_mark_prompt(
    who: str, sheet: Sheet, dice: list[int], first: Pos, compulsory: bool
) -> str:
    if compulsory:
        return _("{who} marked {cell}: now mark a second free cow cell.", who=who,
                 cell=label(first))
    if sheet.is_cow(first):
        return _("{who} marked {cell} (cow). You may also mark a {number} cell with exactly "
                 "one cell between them (in a row, a column or a diagonal; the cell between "
                 "may be a trough), or stop.", who=who, cell=label(first),
                 number=rolled_number(dice))
    return _("{who} marked {cell} ({number}). You may also mark a cow cell with exactly one "
             "cell between them (in a row, a column or a diagonal; the cell between may be a "
             "trough), or stop.", who=who, cell=label(first), number=sheet.number(first))
