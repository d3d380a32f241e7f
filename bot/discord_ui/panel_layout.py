"""What a private panel shows: its text, and a decision's options laid out as buttons and
select menus with the fewest taps Discord allows (:func:`bot.discord_ui.layout.plan_rows`
plans the rows, :mod:`bot.discord_ui.panel_components` builds each component); also the
panel after a step, and the buttons of a public message. Pure: no request to Discord.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import discord
from discord import ui

from bot.core.sessions import GameInfo, MoveResult
from bot.discord_ui import layout
from bot.discord_ui.panel_components import (
    BUTTON_OPTIONS,
    LAYOUT_COMPONENT_LIMIT,
    MAX_ROWS,
    Components,
    LayoutComponents,
    area_button,
    area_select,
    component_count,
    group_select,
    hint_button,
    lobby_button,
    numbered_label,
    numbering,
    option_button_for,
    option_select,
    undo_button,
    your_turn_button,
)
from bot.discord_ui.text import (
    BUTTON_LABEL_LIMIT,
    PLACEHOLDER_LIMIT,
    clip,
    clip_lines,
    plain,
)
from games.base import MENU_LIMIT, Decision, Option
from games.i18n import _

#: Side options (the hand panel) are spread over this many select menus at most.
MAX_SELECTS = MAX_ROWS - 1

#: Areas of a board: (letter, the places in it) each (:func:`renderer.decision_areas`).
Areas = list[tuple[str, list[str]]]


@dataclass(frozen=True)
class Panel:
    content: str
    view: Components | LayoutComponents | None
    #: The decision image's marks (``Option.at`` → the number its option carries).
    marks: dict[str, str] = field(default_factory=dict)
    #: The areas of the board to pick first (:func:`renderer.decision_areas`), when the
    #: panel asks for one: its image is then their overview, not the marks.
    areas: Areas | None = None



def decision_marks(decision: Decision, group: int | None = None) -> dict[str, str]:
    """Each place of the decision → the number(s) of its options ("3" or "3/4"); only
    the places of the options of ``group`` (an index of ``decision.groups()``) when one
    was chosen, numbered as in the whole decision."""
    numbers = numbering(decision)
    name = None if group is None else decision.groups()[group]
    marks: dict[str, list[str]] = {}
    for option in decision.options:
        if name is not None and (option.group or "") != name:
            continue
        if option.key in numbers and option.at is not None:
            marks.setdefault(option.at, []).append(str(numbers[option.key]))
    return {place: _span(found) for place, found in marks.items()}


def _span(numbers: list[str]) -> str:
    """ "3", "3/4", or "3-6" for a run of three or more."""
    values = [int(n) for n in numbers]
    if len(values) >= 3 and values == list(range(values[0], values[0] + len(values))):
        return f"{values[0]}-{values[-1]}"
    return "/".join(numbers)


def _is_end(option: Option) -> bool:
    """An option that ends the turn early: its own button (see :func:`decision_view`)."""
    return option.ends_turn


def group_noun(groups: list[str]) -> str:
    """ "row" when every group is "Row …", else "group" (for select placeholders)."""
    words = {name.split(" ", 1)[0].casefold() for name in groups if name}
    return words.pop() if len(words) == 1 and all(" " in n for n in groups if n) else "group"


def _style(option: Option) -> discord.ButtonStyle:
    """Ending the turn looks different from the moves (grey, not blue)."""
    return discord.ButtonStyle.secondary if _is_end(option) else discord.ButtonStyle.primary


def choose_placeholder(count: int) -> str:
    return _("Choose…") if count == 1 else _("Choose one of {n}…", n=count)


def other_groups_placeholder(noun: str) -> str:
    return _("Other rows…") if noun == "row" else _("Other groups…")


def groups_placeholder(noun: str, count: int) -> str:
    return (_("Choose a row ({n})…", n=count) if noun == "row"
            else _("Choose a group ({n})…", n=count))


def pack_menus(options: list[Option], limit: int | None = None) -> list[list[Option]] | None:
    """Options spread over at most ``limit`` menus (default :data:`MAX_SELECTS`) of ≤ 25:
    whole groups kept together in their order when they fit so, else filled in order (a
    group may then go on in the next menu); None when even that does not fit."""
    limit = MAX_SELECTS if limit is None else limit
    if len(options) <= MENU_LIMIT:
        return [options] if options else []
    groups: dict[str, list[Option]] = {}
    for option in options:
        groups.setdefault(option.group or "", []).append(option)
    menus: list[list[Option]] = []
    for members in groups.values():
        if menus and len(menus[-1]) + len(members) <= MENU_LIMIT:
            menus[-1] += members
        else:
            menus.append(list(members))
    if len(menus) <= limit and all(len(menu) <= MENU_LIMIT for menu in menus):
        return menus
    menus = [options[i:i + MENU_LIMIT] for i in range(0, len(options), MENU_LIMIT)]
    return menus if len(menus) <= limit else None


def menu_placeholder(menu: list[Option], several: bool) -> str:
    """ "Choose one of 12…", or with the groups it holds ("Row 1 – Row 3: …")."""
    if not several:
        return choose_placeholder(len(menu))
    names = list(dict.fromkeys(o.group or _("Other") for o in menu))
    where = names[0] if len(names) == 1 else f"{names[0]} – {names[-1]}"
    return clip(f"{where}: {choose_placeholder(len(menu))}", PLACEHOLDER_LIMIT)


def button_labels(decision: Decision) -> dict[str, str]:
    """Each option's button label: numbered, within Discord's 80 characters, and still
    telling the options apart (:func:`layout.fit_labels`)."""
    numbers = numbering(decision)
    labels = [numbered_label(o, numbers) for o in decision.options]
    return dict(zip([o.key for o in decision.options],
                    layout.fit_labels(labels, BUTTON_LABEL_LIMIT), strict=True))


def decision_view(game_id: int, version: int, decision: Decision,
                  group: int | None = None, *, public: bool = False, undo: bool = False,
                  reserve: int = 0, areas: Areas | None = None,
                  area: int | None = None) -> Components | LayoutComponents:
    """Components for one decision with the fewest taps Discord allows
    (:func:`layout.plan_rows`): every option a button when they fit (25 on a classic
    message, 31 on a private Components V2 one), else the smallest groups as buttons and
    the rest in select menus, or a group first when even menus cannot hold them all.

    An option that ends the turn early ("End turn") gets its own grey button under the
    moves, beside "Take back" (``undo``), five to a row; when more than a row of them
    leaves no room for the moves, they are laid out among the moves (still grey as
    buttons), and a group's or an area's view keeps only its own when even that does not
    fit. ``public``: the components of a public turn message (other custom ids, see
    :mod:`bot.discord_ui.panel_components`; a classic message, no undo).
    The view's ``notes`` are lines for the panel's text: the whole label of a button whose
    label had to be shortened, and the hint of an option shown as a button. ``reserve``
    action rows are left free for the caller (the part buttons under a posted board).
    ``areas`` and ``area``: only the options of that area, with a menu of the other areas.
    """
    options = decision.options
    numbers = numbering(decision)
    labels = button_labels(decision)
    noun = group_noun([o.group or "" for o in options if not _is_end(o)])
    groups = decision.groups()
    undo = undo and not public
    plan, group = _plan(decision, group, areas, area, undo=undo, public=public,
                        reserve=reserve)
    menus = plan.menus()
    several = len(menus) > 1
    items: list[list[ui.Item[Any]]] = []
    notes: list[str] = []
    for row in plan.rows:
        if row.kind == "buttons":
            row_items: list[ui.Item[Any]] = []
            for option in row.options:
                row_items.append(option_button_for(
                    game_id, version, options.index(option), option, style=_style(option),
                    public=public, label=labels[option.key]))
                full = numbered_label(option, numbers)
                if labels[option.key] != full:
                    notes.append(f"• {plain(full)}")
                if option.hint:
                    notes.append(f"• {plain(labels[option.key])}: {plain(option.hint)}")
            if row.undo:
                row_items.append(undo_button(game_id, version))
            items.append(row_items)
        elif row.kind == "menu":
            if group is not None:
                placeholder = clip(f"{groups[group]}: {choose_placeholder(len(row.options))}",
                                   PLACEHOLDER_LIMIT)
            else:  # beside other menus or buttons, a menu names the groups it holds
                named = several or (plan.buttons > 0 and any(o.group for o in row.options))
                placeholder = menu_placeholder(row.options, named)
            part = menus.index(row) if several else None
            items.append([option_select(game_id, version, row.options, placeholder=placeholder,
                                        numbers=numbers, public=public, part=part)])
        elif row.kind == "areas":
            assert areas is not None
            items.append([area_select(game_id, version, [(i, label) for i, (label, _p)
                                                         in enumerate(areas) if i != area])])
        elif row.kind == "groups":
            placeholder = (other_groups_placeholder(noun) if group is not None
                           else groups_placeholder(noun, len(groups)))
            items.append([group_select(game_id, version, groups, placeholder=placeholder,
                                       public=public)])
    view: Components | LayoutComponents
    if plan.v2:
        view = LayoutComponents(items)
    else:
        view = Components()
        for index, row_items in enumerate(items):
            for item in row_items:
                item.row = index
                view.add_item(item)
    view.notes = notes
    return view


def _plan(decision: Decision, group: int | None, areas: Areas | None, area: int | None, *,
          undo: bool, public: bool, reserve: int) -> tuple[layout.Plan, int | None]:
    """The rows of :func:`decision_view`, and the group they show (None: the whole
    decision, or a group to pick first when not even menus hold it)."""
    options = decision.options
    kept = [layout.Row("reserved")] * reserve
    fixed: list[layout.Row] = kept
    inside = options  # the options of the group or area shown
    if group is not None:
        name = decision.groups()[group]
        fixed = [layout.Row("groups"), *kept]
        inside = [o for o in options if (o.group or "") == name]
    elif areas is not None and area is not None:
        places = set(areas[area][1])
        fixed = [layout.Row("areas"), *kept]
        inside = [o for o in options if o.at in places]
    ends = [o for o in options if _is_end(o)]
    keys = {o.key for o in inside}
    beside = [o for o in options if o.key in keys or _is_end(o)]
    # the ends on rows of their own under the moves; when more than a row of them leaves
    # no room, among the moves, else (a group or an area) only those of the group or area
    tries = [(beside, ends)]
    if len(ends) > layout.PER_ROW:
        tries.append((beside, []))
        if len(inside) < len(beside):
            tries.append((inside, []))
    for shown, pinned in tries:
        plan = layout.plan_rows(shown, [o.key for o in pinned], undo=undo,
                                v2_allowed=not public, fixed=fixed)
        if plan is not None:
            return plan, group
    # not even menus hold them: a group first, with the ends when they fit beside it
    fixed = [layout.Row("groups"), *kept]
    for shown in (ends, []):
        plan = layout.plan_rows(shown, [o.key for o in shown], undo=undo,
                                v2_allowed=not public, fixed=fixed)
        if plan is not None:
            return plan, None
    raise AssertionError("a group menu and 'Take back' always fit")


def panel_for(game_id: int, version: int, decision: Decision, *,
              header: list[str] | None = None, group: int | None = None,
              hand: str | None = None, undo: bool = False, areas: Areas | None = None,
              area: int | None = None, hint: bool = False) -> Panel:
    """The private panel; ``undo`` adds a "Take back" button for the step just played,
    ``hint`` a "Hint" button (the computer's suggestion, when the server allows hints).
    With ``areas`` (a decision with too many places for one legible image), the panel
    asks for an area first, or, with ``area``, shows that area's options."""
    lines = list(header or [])
    if hand:
        lines.append(plain(hand))
    prompt = f"**{plain(decision.prompt)}**"
    if group is not None:
        prompt += f" — {plain(decision.groups()[group]) or _('other')}"
    if areas is not None and area is not None:
        prompt += f" — {_('area {letter}', letter=areas[area][0])}"
    lines.append(prompt)
    if areas is not None and area is None:
        lines.append(_("Pick an area of the map first: its letter is on the image."))
        chooser = area_view(game_id, version, decision, areas, undo)
        if hint:
            add_hint(chooser, game_id)
        return Panel(clip_lines(lines), chooser, decision_marks(decision), areas)
    if areas is not None and area is not None:
        view = decision_view(game_id, version, decision, undo=undo, areas=areas, area=area)
        lines += view.notes
        if hint:
            add_hint(view, game_id)
        places = set(areas[area][1])
        marks = {place: mark for place, mark in decision_marks(decision).items()
                 if place in places}
        return Panel(clip_lines(lines), view, marks)
    view = decision_view(game_id, version, decision, group, undo=undo)
    lines += view.notes
    if hint:
        add_hint(view, game_id)
    return Panel(clip_lines(lines), view, decision_marks(decision, group))


def add_hint(view: Components | LayoutComponents, game_id: int) -> None:
    """A grey "Hint" at the end of the last row of buttons when it has room, else on a row
    of its own when the message has room for one (a classic message: five rows; a
    Components V2 one: its component limit); left out otherwise (``/estancia hint`` still
    answers)."""
    button: ui.Item[Any] = hint_button(game_id)
    if isinstance(view, LayoutComponents):
        last = view.rows[-1] if view.rows else []
        used = component_count([{"type": 1, "components": row} for row in view.rows])
        room = LAYOUT_COMPONENT_LIMIT - used - 2  # its text and its image come on top
        if (room > 0 and last and all(c["type"] == 2 for c in last)
                and len(last) < BUTTON_OPTIONS):
            last.append(button.to_component_dict())
        elif room > 1:  # a row and its button
            view.add_row([button])
        return
    rows = view.to_components()
    last = rows[-1]["components"] if rows else []
    if last and all(c["type"] == 2 for c in last) and len(last) < BUTTON_OPTIONS:
        button.row = len(rows) - 1
    elif len(rows) < MAX_ROWS:
        button.row = len(rows)
    else:
        return
    view.add_item(button)


def area_view(game_id: int, version: int, decision: Decision, areas: Areas,
              undo: bool) -> Components | LayoutComponents:
    """A button per area ("Area A" …), "End turn" and "Take back" under them: the
    options that end the turn are buttons five to a row while a Components V2 message has
    room for them, else they come in select menus."""
    buttons: list[ui.Item[Any]] = [area_button(game_id, version, i, label)
                                   for i, (label, _places) in enumerate(areas)]
    ends = [o for o in decision.options if _is_end(o)]
    tail: list[ui.Item[Any]] = [option_button_for(
        game_id, version, decision.options.index(o), o, style=_style(o)) for o in ends]
    if undo:
        tail.append(undo_button(game_id, version))
    rows = _rows_of_buttons(buttons) + _rows_of_buttons(tail)
    if not _fits_layout(rows):
        menus = [ends[i:i + MENU_LIMIT] for i in range(0, len(ends), MENU_LIMIT)]
        rows = _rows_of_buttons(buttons) + [
            [option_select(game_id, version, menu, placeholder=choose_placeholder(len(menu)),
                           part=part if len(menus) > 1 else None)]
            for part, menu in enumerate(menus)]
        if undo:
            rows.append([undo_button(game_id, version)])
    if len(rows) > MAX_ROWS:
        return LayoutComponents(rows)
    view = Components()
    for index, row in enumerate(rows):
        for item in row:
            item.row = index
            view.add_item(item)
    return view



def _rows_of_buttons(buttons: list[ui.Item[Any]]) -> list[list[ui.Item[Any]]]:
    return [buttons[i:i + BUTTON_OPTIONS] for i in range(0, len(buttons), BUTTON_OPTIONS)]


def _fits_layout(rows: list[list[ui.Item[Any]]]) -> bool:
    """The rows fit a Components V2 panel beside its text and image."""
    used = sum(1 + len(row) for row in rows)
    return used + layout.V2_RESERVED <= LAYOUT_COMPONENT_LIMIT


def waiting_text(info: GameInfo) -> str:
    if info.status == "finished":
        return _("This game is over.")
    if info.status != "active" or info.to_move is None:
        return _("The game has not started yet.")
    seat = info.seats[info.to_move]
    return _("It is not your turn — {name} is to move. You will be pinged when it is.",
             name=plain(seat.name))


def after_move_panel(result: MoveResult, info: GameInfo | None = None, *,
                     headline: str | None = None, hand: str | None = None,
                     undo: bool = False, areas: Areas | None = None,
                     hint: bool = False) -> Panel:
    """The panel after a step: the next step of the same turn, or why there is none.

    When the others (computer seats) played in between and the pending decision opens
    the user's next turn, the panel says so before asking.
    """
    header = [headline or _("You chose **{label}**.", label=plain(result.label))]
    header += [f"• {plain(line)}" for line in result.events]
    if result.decision is not None:
        if result.turn_over:
            header.append(_("**Your turn again.**"))
        return panel_for(result.game_id, result.version, result.decision, header=header,
                         hand=hand, undo=undo and not result.turn_over, areas=areas,
                         hint=hint)
    if result.finished:
        header.append(_("The game is over — the results are in the channel."))
    elif info is not None and info.to_move is not None:
        header.append(_("Your turn is over; {name} is to move.",
                        name=plain(info.seats[info.to_move].name)))
    else:
        header.append(_("Your turn is over."))
    return Panel(clip_lines(header), None)


def public_view(game_id: int, *, turn_button: bool, lobby_buttons: bool) -> Components | None:
    if not (turn_button or lobby_buttons):
        return None
    view = Components()
    if turn_button:
        view.add_item(your_turn_button(game_id))
    if lobby_buttons:
        for action in ("join", "cpu", "start"):
            view.add_item(lobby_button(action, game_id))
    return view



def choices_filename(game_id: int, version: int, page: int) -> str:
    """``estancia-7-12-choices.png``; the pages after the first ``estancia-7-12-choices-p2.png``."""
    return f"estancia-{game_id}-{version}-choices{'' if page == 1 else f'-p{page}'}.png"

