"""Where a decision's options go on a panel: buttons (one tap) wherever Discord leaves room,
select menus (two taps: open, pick) for the rest, a group first only when even menus cannot
hold them all (a phone counts every tap).

Pure planning, no discord.py: :func:`plan_rows` says which action row holds what, and
whether the message must be a Components V2 one; :mod:`bot.discord_ui.panel_layout` builds the
components from the plan.

Discord's limits (discord-api-docs, "Component reference"): a classic message holds five
action rows of up to five buttons or one select menu; a Components V2 message holds 40
components in all, each action row, button and select counting one, beside its text and
image (:data:`V2_RESERVED`). So a classic panel shows up to 25 buttons, a V2 panel up to
31; beyond that whole groups of options go into menus, the smallest groups staying buttons.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from games.base import MENU_LIMIT, Option

MAX_ROWS = 5
PER_ROW = 5
#: A Components V2 message holds this many components, nested ones included.
V2_COMPONENT_LIMIT = 40
#: What a V2 panel holds besides its action rows: the text display and the media gallery.
V2_RESERVED = 2


@dataclass
class Row:
    """One action row: buttons (``options`` and maybe "Take back") or one select menu."""

    kind: str  # "buttons" | "menu" | "groups" (the group menu of a big decision)
    options: list[Option] = field(default_factory=list)
    #: "Take back" is the last button of this row.
    undo: bool = False

    @property
    def components(self) -> int:
        """Components Discord counts for this row (the row itself and what it holds)."""
        if self.kind == "buttons":
            return 1 + len(self.options) + self.undo
        return 2


@dataclass
class Plan:
    rows: list[Row]
    #: The rows need a Components V2 message (more than five rows).
    v2: bool

    @property
    def buttons(self) -> int:
        return sum(len(r.options) for r in self.rows if r.kind == "buttons")

    def menus(self) -> list[Row]:
        return [r for r in self.rows if r.kind == "menu"]


def fits(rows: Sequence[Row], v2: bool) -> bool:
    if v2:
        return V2_RESERVED + sum(r.components for r in rows) <= V2_COMPONENT_LIMIT
    return len(rows) <= MAX_ROWS


def _units(moves: list[Option]) -> list[list[Option]]:
    """The options cut where their group changes; ungrouped runs in fives (each unit is
    shown whole as buttons or whole in a menu)."""
    units: list[list[Option]] = []
    for option in moves:
        if units and (units[-1][-1].group == option.group) and (
                option.group is not None or len(units[-1]) < PER_ROW):
            units[-1].append(option)
        else:
            units.append([option])
    return units


def _button_rows(options: list[Option], by_unit: list[list[Option]] | None) -> list[Row]:
    """Rows of five buttons: each unit from a new row (``by_unit``), else densely."""
    chunks = by_unit if by_unit is not None else [options]
    return [Row("buttons", chunk[i:i + PER_ROW])
            for chunk in chunks for i in range(0, len(chunk), PER_ROW)]


def _menu_rows(options: list[Option], dense: bool = False) -> list[Row]:
    """Options in menus of ≤ 25: whole groups kept together in their order, or (``dense``)
    filled in order, a group going on in the next menu."""
    if dense:
        return [Row("menu", options[i:i + MENU_LIMIT])
                for i in range(0, len(options), MENU_LIMIT)]
    menus: list[list[Option]] = []
    groups: dict[str | None, list[Option]] = {}
    for option in options:
        groups.setdefault(option.group, []).append(option)
    for members in groups.values():
        if menus and len(menus[-1]) + len(members) <= MENU_LIMIT:
            menus[-1] += members
        else:
            menus += [members[i:i + MENU_LIMIT] for i in range(0, len(members), MENU_LIMIT)]
    return [Row("menu", menu) for menu in menus]


def _tail(ends: list[Option], undo: bool) -> list[Row]:
    """The rows of "End turn" (grey, five to a row) and "Take back" under the moves:
    "Take back" ends the last row when it has room, else takes a row of its own."""
    rows = [Row("buttons", ends[i:i + PER_ROW]) for i in range(0, len(ends), PER_ROW)]
    if undo and rows and len(rows[-1].options) < PER_ROW:
        rows[-1].undo = True
    elif undo:
        rows.append(Row("buttons", [], undo=True))
    return rows


def _mixed(units: list[list[Option]], buttoned: set[int], dense: bool = False) -> list[Row]:
    """Units in order: those in ``buttoned`` as rows of buttons, each run of the others
    packed into menus."""
    rows: list[Row] = []
    pending: list[Option] = []
    for index, unit in enumerate(units):
        if index in buttoned:
            rows += _menu_rows(pending, dense)
            pending = []
            rows += _button_rows(unit, None)
        else:
            pending += unit
    return rows + _menu_rows(pending, dense)


def plan_rows(options: list[Option], ends: Sequence[str] = (), *, undo: bool = False,
              v2_allowed: bool = True, fixed: Sequence[Row] = ()) -> Plan | None:
    """The fewest taps Discord allows for these options: every option a button when they
    fit (a classic message, else a V2 one when ``v2_allowed``); else as many as fit as
    buttons (whole groups, or the first options in order) and the others in select
    menus; None when
    even menus cannot hold them (the caller asks for a group first).

    Options whose key is in ``ends`` (ending the turn early) get rows of their own under
    the moves, with "Take back" (``undo``) — except that up to five options in all share
    one row in their order (when there are no ``fixed`` rows). ``fixed`` rows come between
    the moves and those rows (the menu of the other groups of a big decision). None too
    when those rows leave no room for the moves (the caller lays the ends out as moves).
    """
    if 0 < len(options) <= PER_ROW and not fixed:
        rows = [Row("buttons", list(options)), *_tail([], undo)]
        if fits(rows, False) or (v2_allowed and fits(rows, True)):
            return Plan(rows, not fits(rows, False))
    moves = [o for o in options if o.key not in ends] or list(options)
    tail = _tail([o for o in options if o.key in ends and o not in moves], undo)
    if not moves:
        rows = [*fixed, *tail]
        return Plan(rows, not fits(rows, False)) if fits(rows, v2_allowed) else None
    units = _units(moves)
    kinds = (False, True) if v2_allowed else (False,)
    inline = [*moves, *(o for o in options if o not in moves)]
    for v2 in kinds:  # everything as buttons: by group when that fits, else densely, else
        # with "End turn" after the moves rather than on a row of its own
        for rows in ([*_button_rows(moves, units), *fixed, *tail],
                     [*_button_rows(moves, None), *fixed, *tail],
                     [*_button_rows(inline, None), *fixed, *_tail([], undo)]):
            if fits(rows, v2):
                return Plan(rows, v2)
    best: Plan | None = None
    chunks = [unit[i:i + PER_ROW] for unit in units for i in range(0, len(unit), PER_ROW)]
    for v2 in kinds:
        for dense in (False, True):  # menus by whole groups, else filled in order
            if not fits([*_mixed(units, set(), dense), *fixed, *tail], v2):
                continue
            # whole groups as buttons (the best choice of them), or the options in order,
            # five by five, as long as they fit: whichever makes more buttons
            for plan in (_best_groups(units, fixed, tail, v2, dense),
                         _in_order(chunks, fixed, tail, v2, dense)):
                if best is None or plan.buttons > best.buttons:
                    best = plan
            break
    return best


#: Up to this many groups, every choice of them as buttons is tried (2 ** 8 layouts).
EXHAUSTIVE = 8


def _best_groups(units: list[list[Option]], fixed: Sequence[Row], tail: list[Row], v2: bool,
                 dense: bool) -> Plan:
    """The whole groups to show as buttons that make the most buttons (all choices tried
    for a few groups; else the smallest first, as long as they fit)."""
    best = [*_mixed(units, set(), dense), *fixed, *tail]
    count = 0
    if len(units) <= EXHAUSTIVE:
        budget = V2_COMPONENT_LIMIT - V2_RESERVED if v2 else None
        for mask in range(1, 1 << len(units)):
            trying = {i for i in range(len(units)) if mask >> i & 1}
            size = sum(len(units[i]) for i in trying)
            if size <= count:
                continue
            cost = sum(1 + len(units[i]) + (len(units[i]) - 1) // PER_ROW for i in trying)
            if budget is not None and cost > budget:
                continue
            rows = [*_mixed(units, trying, dense), *fixed, *tail]
            if fits(rows, v2):
                best, count = rows, size
        return Plan(best, v2)
    chosen: set[int] = set()
    for index in sorted(range(len(units)), key=lambda i: (len(units[i]), i)):
        trial = [*_mixed(units, chosen | {index}, dense), *fixed, *tail]
        if fits(trial, v2):
            chosen.add(index)
            best = trial
    return Plan(best, v2)


def _in_order(chunks: list[list[Option]], fixed: Sequence[Row], tail: list[Row], v2: bool,
              dense: bool) -> Plan:
    """The options five by five in their order as buttons while they fit, the rest in
    menus (so the buttons hold the first numbers, the menus the last)."""
    best = [*_mixed(chunks, set(), dense), *fixed, *tail]
    for count in range(1, len(chunks) + 1):
        trial = [*_mixed(chunks, set(range(count)), dense), *fixed, *tail]
        if not fits(trial, v2):
            break
        best = trial
    return Plan(best, v2)


# -- labels ---------------------------------------------------------------------------------

_SPACES = re.compile(r"\s+")


def fit_labels(labels: Sequence[str], limit: int) -> list[str]:
    """Each label within ``limit`` characters, the labels still telling their options
    apart: a long one is cut at a word with "…"; when that makes two alike, each keeps its
    start and the part where it differs from the others."""
    fitted = [_cut(_SPACES.sub(" ", label).strip(), limit) for label in labels]
    seen: dict[str, list[int]] = {}
    for index, text in enumerate(fitted):
        seen.setdefault(text, []).append(index)
    for indexes in seen.values():
        if len(indexes) < 2 or all(len(labels[i]) <= limit for i in indexes):
            continue
        whole = [_SPACES.sub(" ", labels[i]).strip() for i in indexes]
        for i, text in zip(indexes, whole, strict=True):
            fitted[i] = _keep_difference(text, [w for w in whole if w != text], limit)
    return fitted


def _cut(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    head = text[:limit - 1]
    space = head.rfind(" ")
    if space >= limit // 2:
        head = head[:space]
    return head.rstrip(" ,;:·—-") + "…"


def _keep_difference(text: str, others: list[str], limit: int) -> str:
    """``text`` shortened to its start, "…", and the window where it first differs from
    every one of ``others``."""
    start = min((_first_difference(text, other) for other in others), default=0)
    head = _cut(text, max(limit // 3, 12))
    head = head[:-1] if head.endswith("…") else head
    room = limit - len(head) - 1
    window = text[max(min(start - 4, len(text) - room), len(head)):][:room]
    return f"{head}…{window}" if not text.startswith(head + window) else (head + window)[:limit]


def _first_difference(a: str, b: str) -> int:
    for index, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return index
    return min(len(a), len(b))
