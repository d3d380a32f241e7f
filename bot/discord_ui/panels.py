"""Buttons and select menus: the public "Your turn"/lobby buttons and the private move panel.

Every component carries in its ``custom_id`` what it acts on — the game id and, for the
panel, the game version the panel was built from — and is handled by a
:class:`discord.ui.DynamicItem` registered once in ``setup_hook``. Nothing lives in
memory between clicks, so buttons keep working after a restart, and a stale panel or a
double click is refused by the session layer's version check, never applied twice.

Custom ids (≤ 100 characters; ids and versions have at most 19 digits, as SQLite's
integers — a forged longer one matches no template and is ignored):

* ``est:turn:<game>`` — "Your turn": opens the private panel
* ``est:join:<game>``, ``est:cpu:<game>``, ``est:start:<game>`` — lobby buttons
* ``est:opt:<game>:<version>:<key>`` (or ``#<index>`` when the key is too long) — an option
* ``est:sel:<game>:<version>[:<part>]`` — a select menu of options (values are option
  keys); a big decision is spread over up to four menus, ``part`` tells them apart (a
  private panel needing more is a Components V2 message — text display, decision image
  in a media gallery, then one menu per action row, 40 components in all — so that any
  option stays one pick away; see :class:`LayoutComponents`)
* ``est:grp:<game>:<version>`` — a select menu of option groups (values are group indexes)
* ``est:area:<game>:<version>:<area>``, ``est:asel:<game>:<version>`` — an area of the
  board, for a decision with too many places for one legible image (values are area
  indexes, :func:`renderer.decision_areas`)
* ``est:undo:<game>:<version>`` — "Take back" the step just played (as ``/estancia undo``)
* ``est:popt:…``, ``est:psel:…``, ``est:pgrp:…`` — the same on a public turn message (a
  game without hidden information shows the choices there): only the player to move may
  use them, and the rest of the turn goes on in a private panel.

When options of a decision have places (``Option.at``), they are numbered 1, 2, … in the
order of the decision, the number starts their button or menu label, and the panel
carries the *decision image* (:func:`renderer.render_decision_png`) with the same numbers
on the board.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import aiohttp
import discord
from discord import ui

import renderer
from bot.core import cpu
from bot.core.sessions import (
    GAME_OVER,
    MAX_GAME_ID,
    NOT_STARTED,
    STORED,
    Announcement,
    GameInfo,
    MoveResult,
    SeatView,
    SessionError,
)
from bot.core.sessions.hints import hint_lines
from bot.discord_ui import layout
from bot.discord_ui.dm_note import tell_if_dms_closed
from bot.discord_ui.hand_image import hand_image
from bot.discord_ui.text import (
    BUTTON_LABEL_LIMIT,
    LABEL_LIMIT,
    PANEL_REFUSED,
    PLACEHOLDER_LIMIT,
    SPECTATOR,
    STALE_PANEL,
    UNEXPECTED,
    UNEXPECTED_AFTER_STORED,
    clip,
    clip_lines,
    fit_components,
    fit_message,
    plain,
)
from games import i18n
from games.base import MENU_LIMIT, Decision, Option
from games.i18n import N_, _

if TYPE_CHECKING:
    from bot.core.sessions import Sessions

log = logging.getLogger(__name__)

CUSTOM_ID_LIMIT = 100
MAX_ROWS = 5
UNKNOWN_INTERACTION = 10062
ALREADY_ACKNOWLEDGED = 40060
EXPIRED = "estancia.expired"
#: Buttons in one action row.
BUTTON_OPTIONS = layout.PER_ROW
#: Side options (the hand panel) are spread over this many select menus at most.
MAX_SELECTS = MAX_ROWS - 1
#: A private panel that needs more than five rows is sent as a Components V2 message
#: (discord.py's ``LayoutView``): up to 40 components in all, each action row and each
#: item in it counting one. The text and the decision image take one component each.
LAYOUT_COMPONENT_LIMIT = layout.V2_COMPONENT_LIMIT
IS_COMPONENTS_V2 = 1 << 15


class Components(ui.View):
    """A view used only to serialize components.

    It is never dispatchable, so discord.py neither stores it per message nor times it
    out: clicks are routed by the registered DynamicItem templates alone. (A stored view
    that times out would also unregister the dynamic templates it contains.)
    """

    def __init__(self) -> None:
        super().__init__(timeout=None)
        #: lines for the panel's text (see :func:`decision_view`)
        self.notes: list[str] = []

    def is_dispatchable(self) -> bool:
        return False

    def to_components(self) -> list[dict[str, Any]]:
        return fit_components(super().to_components())


class LayoutComponents(ui.LayoutView):
    """A Components V2 panel: its text, its decision image and its action rows.

    Used when a decision needs more select menus than a classic message's five rows
    (so that any option is still one pick away), and for every later panel shown in a
    message that is already V2 (Discord never takes the flag off a message). Like
    :class:`Components`, only serialized: clicks go to the DynamicItem templates.
    """

    def __init__(self, rows: list[list[ui.Item[Any]]]) -> None:
        super().__init__(timeout=None)
        self.rows = [[item.to_component_dict() for item in row] for row in rows if row]
        self.text: str | None = None
        #: lines for the panel's text (see :func:`decision_view`)
        self.notes: list[str] = []
        #: the file names of its decision image (or images, a gallery)
        self.images: list[str] = []

    @classmethod
    def from_rows(cls, rows: list[dict[str, Any]]) -> LayoutComponents:
        layout = cls([])
        layout.rows = [list(row["components"]) for row in rows]
        return layout

    def is_dispatchable(self) -> bool:
        return False

    def has_components_v2(self) -> bool:
        return True

    def add_row(self, items: list[ui.Item[Any]]) -> None:
        self.rows.append([item.to_component_dict() for item in items])

    def to_components(self) -> list[dict[str, Any]]:
        shown: list[dict[str, Any]] = []
        if self.text:
            shown.append({"type": 10, "content": self.text})
        if self.images:
            shown.append({"type": 12, "items": [{"media": {"url": f"attachment://{name}"}}
                                                for name in self.images]})
        shown += [{"type": 1, "components": list(row)} for row in self.rows]
        return fit_components(shown)


def component_count(components: list[dict[str, Any]]) -> int:
    """Components as Discord counts them against the V2 limit (nested ones too)."""
    return sum(1 + component_count(c.get("components") or []) for c in components)


# -- building ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Panel:
    content: str
    view: Components | LayoutComponents | None
    #: The decision image's marks (``Option.at`` → the number its option carries).
    marks: dict[str, str] = field(default_factory=dict)
    #: The areas of the board to pick first (:func:`renderer.decision_areas`), when the
    #: panel asks for one: its image is then their overview, not the marks.
    areas: Areas | None = None


def numbering(decision: Decision) -> dict[str, int]:
    """Option key → its number, for the options that have a place (none: no numbers)."""
    numbers: dict[str, int] = {}
    for option in decision.options:
        if option.at is not None:
            numbers[option.key] = len(numbers) + 1
    return numbers


def numbered_label(option: Option, numbers: dict[str, int]) -> str:
    """ "3. Mark C4 (cow)" for a numbered option, else its label."""
    number = numbers.get(option.key)
    return option.label if number is None else f"{number}. {option.label}"


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
    """An option that ends the turn early: its own button, never buried in a menu."""
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
    moves, beside "Take back" (``undo``). ``public``: the components of a public turn
    message (other custom ids, see the module docstring; a classic message, no undo).
    The view's ``notes`` are lines for the panel's text: the whole label of a button whose
    label had to be shortened, and the hint of an option shown as a button. ``reserve``
    action rows are left free for the caller (the part buttons under a posted board).
    ``areas`` and ``area``: only the options of that area, with a menu of the other areas.
    """
    options = decision.options
    numbers = numbering(decision)
    labels = button_labels(decision)
    ends = [o.key for o in options if _is_end(o)]
    noun = group_noun([o.group or "" for o in options if not _is_end(o)])
    groups = decision.groups()
    undo = undo and not public
    kept = [layout.Row("reserved")] * reserve
    fixed: list[layout.Row] = kept
    shown = options
    if group is not None:
        shown = [o for o in options if (o.group or "") == groups[group] or _is_end(o)]
        fixed = [layout.Row("groups"), *kept]
    elif areas is not None and area is not None:
        places = set(areas[area][1])
        shown = [o for o in options if o.at in places or _is_end(o)]
        fixed = [layout.Row("areas"), *kept]
    plan = layout.plan_rows(shown, ends, undo=undo, v2_allowed=not public, fixed=fixed)
    if plan is None:  # not even menus hold them: a group first
        fixed = [layout.Row("groups"), *kept]
        plan = layout.plan_rows([o for o in options if _is_end(o)], ends, undo=undo,
                                v2_allowed=not public, fixed=fixed)
        group = None
        assert plan is not None
    menus = plan.menus()
    several = len(menus) > 1
    items: list[list[ui.Item[Any]]] = []
    notes: list[str] = []
    for row in plan.rows:
        if row.kind == "buttons":
            row_items: list[ui.Item[Any]] = []
            for option in row.options:
                row_items.append(OptionButton.for_option(
                    game_id, version, options.index(option), option, style=_style(option),
                    public=public, label=labels[option.key]))
                full = numbered_label(option, numbers)
                if labels[option.key] != full:
                    notes.append(f"• {plain(full)}")
                if option.hint:
                    notes.append(f"• {plain(labels[option.key])}: {plain(option.hint)}")
            if row.undo:
                row_items.append(UndoButton(game_id, version))
            items.append(row_items)
        elif row.kind == "menu":
            if group is not None:
                placeholder = clip(f"{groups[group]}: {choose_placeholder(len(row.options))}",
                                   PLACEHOLDER_LIMIT)
            else:  # beside other menus or buttons, a menu names the groups it holds
                named = several or (plan.buttons > 0 and any(o.group for o in row.options))
                placeholder = menu_placeholder(row.options, named)
            part = menus.index(row) if several else None
            items.append([OptionSelect(game_id, version, row.options, placeholder=placeholder,
                                       numbers=numbers, public=public, part=part)])
        elif row.kind == "areas":
            assert areas is not None
            items.append([AreaSelect(game_id, version, [(i, label) for i, (label, _p)
                                                        in enumerate(areas) if i != area])])
        elif row.kind == "groups":
            placeholder = (other_groups_placeholder(noun) if group is not None
                           else groups_placeholder(noun, len(groups)))
            items.append([GroupSelect(game_id, version, groups, placeholder=placeholder,
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
    button = HintButton(game_id)
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


#: Areas of a board: (letter, the places in it) each (:func:`renderer.decision_areas`).
Areas = list[tuple[str, list[str]]]


def area_view(game_id: int, version: int, decision: Decision, areas: Areas,
              undo: bool) -> Components | LayoutComponents:
    """A button per area ("Area A" …), "End turn" and "Take back" under them."""
    buttons: list[ui.Item[Any]] = [AreaButton(game_id, version, i, label)
                                   for i, (label, _places) in enumerate(areas)]
    rows = [buttons[i:i + BUTTON_OPTIONS] for i in range(0, len(buttons), BUTTON_OPTIONS)]
    tail: list[ui.Item[Any]] = [OptionButton.for_option(
        game_id, version, decision.options.index(o), o, style=_style(o))
        for o in decision.options if _is_end(o)]
    if undo:
        tail.append(UndoButton(game_id, version))
    rows += [tail[i:i + BUTTON_OPTIONS] for i in range(0, len(tail), BUTTON_OPTIONS)]
    if len(rows) > MAX_ROWS:
        return LayoutComponents(rows)
    view = Components()
    for index, row in enumerate(rows):
        for item in row:
            item.row = index
            view.add_item(item)
    return view


async def areas_of(seen: SeatView | None, decision: Decision | None) -> Areas | None:
    """The areas a panel for ``decision`` asks for first, from the viewer's ``seen`` view
    (found in the CPU pool: splitting a map is a few dozen legibility checks)."""
    if decision is None or seen is None or seen.view is None:
        return None
    marks = decision_marks(decision)
    if len(marks) <= renderer.AREA_FIRST:
        return None
    info = seen.info
    try:
        return await cpu.run(cpu.decision_areas, info.game, renderer.RENDERERS[info.game],
                             seen.view, marks)
    except Exception:  # the panel goes on without areas (numbers on one image)
        log.exception("areas of game %s could not be found", info.id)
        return None


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
        view.add_item(TurnButton(game_id))
    if lobby_buttons:
        view.add_item(JoinButton(game_id))
        view.add_item(ComputerButton(game_id))
        view.add_item(StartButton(game_id))
    return view


async def public_components(sessions: Sessions, announcement: Announcement
                            ) -> tuple[Components | None, list[discord.File]]:
    """The components of a public message, and the decision images they need, if any.

    In a game without hidden information the choices of the turn go on the turn message
    itself (built from the decision at the announced version: stale once the game moved
    on); otherwise a "Your turn" button opens the private panel. Under a board, a row of
    buttons shows the parts of the board it leaves out (:mod:`bot.discord_ui.parts`)."""
    from bot.discord_ui.parts import game_parts, part_buttons

    parts = []
    if announcement.image:
        try:
            parts = part_buttons(announcement.game_id,
                                 await game_parts(sessions, announcement.game_id))
        except Exception:  # the board and the turn go out without them
            log.exception("parts of game %s could not be listed", announcement.game_id)
    view: Components | LayoutComponents | None = None
    images: list[discord.File] = []
    if announcement.turn_button:
        decision = await sessions.public_decision(announcement.game_id, announcement.version)
        if decision is not None:
            view = decision_view(announcement.game_id, announcement.version, decision,
                                 public=True, reserve=1 if parts else 0)
            images = await decision_images(sessions, announcement.game_id, None, decision,
                                           announcement.version)
    if view is None:
        view = public_view(announcement.game_id, turn_button=announcement.turn_button,
                           lobby_buttons=announcement.lobby_buttons)
    if parts:
        view = view if view is not None else Components()
        row = len(view.to_components())
        for button in parts:
            button.row = row
            view.add_item(button)  # type: ignore[union-attr]
    return view, images


async def decision_images(sessions: Sessions, game_id: int, user_id: int | None,
                          decision: Decision, version: int,
                          seen: SeatView | None = None,
                          marks: dict[str, str] | None = None) -> list[discord.File]:
    """The decision image (drawn off the event loop) — or its pages, a big decision split
    by the renderer — or none: no places, no drawing for this game, or a drawing that
    failed (logged; the panel goes out without it). ``seen``: the user's view as the
    panel read it (else it is read here); ``marks``: the decision's marks as the panel
    numbered them (else numbered here)."""
    marks = decision_marks(decision) if marks is None else marks
    if not marks:
        return []
    try:
        if seen is None or seen.view is None:
            info = await sessions.info_by_id(game_id)
            view = await sessions.view(game_id, user_id)
        else:
            info, view = seen.info, seen.view
        pngs = await cpu.run(cpu.render_decision_pngs, info.game, renderer.RENDERERS[info.game],
                             view, info.names, marks, i18n.current())
    except Exception:
        log.exception("decision image of game %s at version %s could not be drawn",
                      game_id, version)
        return []
    return [discord.File(io.BytesIO(png), filename=choices_filename(game_id, version, page))
            for page, png in enumerate(pngs, start=1)]


async def areas_image(sessions: Sessions, game_id: int, user_id: int, version: int,
                      areas: Areas, seen: SeatView | None = None) -> list[discord.File]:
    """The overview of a decision's areas (their letters on the board), or none when it
    cannot be drawn (logged)."""
    try:
        if seen is None or seen.view is None:
            info = await sessions.info_by_id(game_id)
            view = await sessions.view(game_id, user_id)
        else:
            info, view = seen.info, seen.view
        png = await cpu.run(cpu.render_areas_png, info.game, renderer.RENDERERS[info.game],
                            view, info.names, areas, i18n.current())
    except Exception:
        log.exception("areas of game %s at version %s could not be drawn", game_id, version)
        return []
    return [] if png is None else [
        discord.File(io.BytesIO(png), filename=choices_filename(game_id, version, 1))]


def choices_filename(game_id: int, version: int, page: int) -> str:
    """``estancia-7-12-choices.png``; the pages after the first ``estancia-7-12-choices-p2.png``."""
    return f"estancia-{game_id}-{version}-choices{'' if page == 1 else f'-p{page}'}.png"


# -- answering -----------------------------------------------------------------------------


def sessions_of(interaction: discord.Interaction) -> Sessions:
    return interaction.client.sessions  # type: ignore[attr-defined]


class AlreadyAcknowledged(Exception):
    """This interaction reached us twice and the other delivery is handling it."""


async def acknowledge(interaction: discord.Interaction, **defer_options: Any) -> bool:
    """Defer the response; False when Discord no longer knows the interaction.

    That happens when the 3-second window was missed (a slow loop, a gateway backlog).
    The handler still does what the user asked — a move counts and the channel hears of
    it through the outbox — but there is nobody left to answer privately.
    """
    async with _responding(interaction, "acknowledged"):
        await interaction.response.defer(**defer_options)
    return not expired(interaction)


@contextlib.asynccontextmanager
async def _responding(interaction: discord.Interaction, what: str) -> AsyncIterator[None]:
    """Around the interaction's response: too late, Discord no longer knows it (marked
    :func:`expired`); already answered, it was delivered twice (:class:`AlreadyAcknowledged`)."""
    try:
        yield
    except discord.NotFound as error:
        if error.code != UNKNOWN_INTERACTION:
            raise
        log.warning("interaction %s expired before it was %s", interaction.id, what)
        interaction.extras[EXPIRED] = True
    except discord.HTTPException as error:
        if error.code != ALREADY_ACKNOWLEDGED:
            raise
        # The same interaction delivered twice (two bot instances during a deploy, a
        # replayed gateway event): the first delivery does the work; this one stops.
        log.warning("interaction %s was already acknowledged — delivered twice; is another "
                    "instance of the bot running?", interaction.id)
        raise AlreadyAcknowledged from None


def expired(interaction: discord.Interaction) -> bool:
    return bool(interaction.extras.get(EXPIRED))


#: A panel ready within this long (after "Your turn", a group of a big menu, a step
#: played) is its interaction's answer itself: one request to Discord, a round trip
#: sooner than deferring and then editing. One that takes longer (a busy machine) is
#: deferred at that moment, well inside the 3 s Discord waits. "Take back" is
#: acknowledged first (see :func:`take_back`).
ANSWER_WITHIN = 1.0
_DEFERRAL = "estancia.deferral"


class _Deferral:
    """The deferral of an interaction that may yet be answered directly."""

    def __init__(self, interaction: discord.Interaction, options: dict[str, Any]) -> None:
        self.options = options
        #: the answer is a new (private) message, not an update of the clicked one
        self.new_message = bool(options.get("thinking"))
        self.sending = False
        self.task = asyncio.get_running_loop().create_task(self._later(interaction))

    async def _later(self, interaction: discord.Interaction) -> None:
        await asyncio.sleep(ANSWER_WITHIN)
        self.sending = True
        await acknowledge(interaction, **self.options)


def acknowledge_soon(interaction: discord.Interaction, **defer_options: Any) -> None:
    """Acknowledge like :func:`acknowledge` (same options), unless the handler answers
    within :data:`ANSWER_WITHIN` (:func:`show_panel`, :func:`answer_privately`)."""
    if not interaction.response.is_done() and _DEFERRAL not in interaction.extras:
        interaction.extras[_DEFERRAL] = _Deferral(interaction, defer_options)


async def settle(interaction: discord.Interaction) -> _Deferral | None:
    """Before answering: a deferral not yet sent is called off (returned: the answer is
    the response itself, shaped as the deferral would have been); one being sent is
    waited for (its :class:`AlreadyAcknowledged` raised here)."""
    deferral = interaction.extras.pop(_DEFERRAL, None)
    if deferral is None:
        return None
    if deferral.sending:
        await deferral.task
        return None
    deferral.task.cancel()
    return None if interaction.response.is_done() else deferral


async def settle_unanswered(interaction: discord.Interaction) -> None:
    """A handler ended without answering: acknowledge now, as it would have been."""
    deferral = await settle(interaction)
    if deferral is not None:
        await acknowledge(interaction, **deferral.options)


async def answer_directly(interaction: discord.Interaction, deferral: _Deferral,
                          **message: Any) -> None:
    """The interaction's response itself: a new private message, or the clicked message
    edited, with :func:`acknowledge`'s handling of a late or doubled interaction."""
    async with _responding(interaction, "answered"):
        if deferral.new_message:
            attachments = message.pop("attachments", [])
            for key in ("content", "view"):
                if message.get(key) is None:
                    message.pop(key, None)
            await interaction.response.send_message(files=attachments, ephemeral=True,
                                                    **message)
        else:
            await interaction.response.edit_message(**message)


async def answer_privately(interaction: discord.Interaction, text: str) -> None:
    """A private answer that leaves any panel as it is."""
    if expired(interaction):
        return
    await settle(interaction)
    text = fit_message(text)
    response = interaction.response
    if not response.is_done():
        async with _responding(interaction, "answered"):
            await response.send_message(text, ephemeral=True)
    elif response.type == discord.InteractionResponseType.deferred_channel_message:
        await interaction.edit_original_response(content=text, view=None)
    else:
        await interaction.followup.send(text, ephemeral=True)


async def show_panel(interaction: discord.Interaction, panel: Panel,
                     images: Sequence[discord.File] = ()) -> None:
    """Edit the panel message: a classic message, or a Components V2 one when the panel
    needs it or the message already is one (Discord keeps the flag on a message)."""
    if expired(interaction):
        return
    direct = await settle(interaction)
    if expired(interaction):
        return
    view: Any = panel.view
    content: str | None = fit_message(panel.content)
    if isinstance(view, LayoutComponents) or _editing_layout(interaction, direct):
        layout = (view if isinstance(view, LayoutComponents)
                  else LayoutComponents.from_rows(view.to_components() if view else []))
        layout.text, content, view = content, None, layout
        layout.images = [image.filename for image in images]
    message = dict(content=content, view=view, attachments=list(images))
    if direct is not None:
        try:
            await answer_directly(interaction, direct, **message)
            return
        except AlreadyAcknowledged:
            # The tap reached another instance too, which acknowledged it and then found
            # that this one played it: the answer is this one's to give.
            message["attachments"] = [_fresh(image) for image in images]
    await interaction.edit_original_response(**message)


def _fresh(file: discord.File) -> discord.File:
    """The same image as a file not yet read (a failed request may have consumed it)."""
    fp = file.fp
    assert isinstance(fp, io.BytesIO)
    return discord.File(io.BytesIO(fp.getvalue()), filename=file.filename)


def _editing_layout(interaction: discord.Interaction, direct: _Deferral | None) -> bool:
    """Whether the message this answer edits is a Components V2 one: the clicked panel,
    when the answer is an update of it (not a new private message)."""
    message = interaction.message
    if message is None or not message.flags.components_v2:
        return False
    if direct is not None:
        return not direct.new_message
    return interaction.response.type == discord.InteractionResponseType.deferred_message_update


async def present(interaction: discord.Interaction, game_id: int, version: int,
                  decision: Decision | None, panel: Panel, seen: SeatView | None = None) -> None:
    """Show a private panel with the decision image of its decision (when it has places)
    and the faces of the user's cards (when they matter to it: ``Holdings.faces``)."""
    images: list[discord.File] = []
    if decision is not None and panel.areas is not None and not expired(interaction):
        images = await areas_image(sessions_of(interaction), game_id, interaction.user.id,
                                   version, panel.areas, seen)
    elif decision is not None and panel.marks and not expired(interaction):
        images = await decision_images(sessions_of(interaction), game_id, interaction.user.id,
                                       decision, version, seen, panel.marks)
    if decision is not None and not expired(interaction):
        if seen is None or seen.info.version != version:
            seen = await sessions_of(interaction).seat_view(game_id, interaction.user.id)
        if seen.info.version == version:
            images += await hand_image(seen)
    await show_panel(interaction, panel, images)


def unexpected() -> str:
    """The answer to a failure nobody foresaw: nothing was changed — unless this
    interaction's change was stored before it (:data:`bot.core.sessions.STORED`)."""
    return _(UNEXPECTED_AFTER_STORED) if STORED.get() else _(UNEXPECTED)


def answering(interaction: discord.Interaction) -> None:
    """The running task answers ``interaction``: a stopping bot lets it finish before it
    closes its connection to Discord (:meth:`bot.discord_ui.client.EstanciaBot.close`).
    Nothing is stored by it yet (:data:`bot.core.sessions.STORED`)."""
    STORED.set(False)
    track = getattr(interaction.client, "answering", None)
    task = asyncio.current_task()
    if track is not None and task is not None:
        track(task)


def speak_to(interaction: discord.Interaction) -> str:
    """Make the user's language (their Discord client's, ``interaction.locale``) the active
    one for the rest of this interaction's handling.

    discord.py handles every interaction in a task of its own, and a context variable set
    in a task ends with it: this language reaches the panels, refusals and images of this
    interaction and nothing else. Texts meant for the channel are written inside
    ``using(<the game's language>)`` by the session layer and the outbox.
    """
    language = i18n.normalize(interaction.locale)
    # Not ``with using(…)``: the language holds until the handler task ends, errors and
    # their answers included; the task's context ends with it.
    i18n._active.set(language)
    return language


async def guarded(interaction: discord.Interaction, handler: Awaitable[None]) -> None:
    """Run a component handler in the user's language: refusals are answered privately,
    failures logged and answered."""
    answering(interaction)
    speak_to(interaction)
    try:
        try:
            await handler
            await settle_unanswered(interaction)
        except SessionError as refusal:
            await answer_privately(interaction, str(refusal))
        await tell_if_dms_closed(interaction)
    except AlreadyAcknowledged:
        return
    except Exception:
        log.exception("component %s failed", (interaction.data or {}).get("custom_id"))
        with contextlib.suppress(*REFUSED, AlreadyAcknowledged):
            await answer_privately(interaction, unexpected())


async def open_panel(interaction: discord.Interaction, game_id: int) -> None:
    """The "Your turn" button: a private panel with the user's pending decision."""
    acknowledge_soon(interaction, ephemeral=True, thinking=True)
    seen = await sessions_of(interaction).seat_view(game_id, interaction.user.id)
    info = seen.info
    if info.seat_of(interaction.user.id) is None and info.status == "active":
        raise SessionError(SPECTATOR)
    if playing(seen, interaction.user.id) is None and seen.side is not None:
        # another's turn, and the user may act outside it (an exchange token): their hand
        from bot.discord_ui.hand import present_hand

        await present_hand(interaction, seen, [waiting_text(info)])
        return
    decision = turn_of(seen, interaction.user.id)
    await present(interaction, game_id, info.version, decision,
                  panel_for(game_id, info.version, decision, hand=hand_of(seen),
                            hint=seen.hints, areas=await areas_of(seen, decision)), seen)


def playing(seen: SeatView, user_id: int) -> Decision | None:
    """The user's pending decision (None: another seat's turn, or no seat), or the refusal
    of :meth:`Sessions.seat_view` when the game is not running."""
    info = seen.info
    if info.status == "lobby":
        raise SessionError(NOT_STARTED)
    if info.status != "active":
        raise SessionError(GAME_OVER)
    return seen.decision


def turn_of(seen: SeatView, user_id: int) -> Decision:
    """The user's pending decision, or the refusal saying why there is none."""
    decision = playing(seen, user_id)
    if decision is None:
        raise SessionError.verbatim(waiting_text(seen.info))
    return decision


def hand_of(seen: SeatView) -> str | None:
    """What the user's seat holds as one line (``Game.holdings``), for the panel's header."""
    return None if seen.holdings is None else seen.holdings.text


async def play_from_panel(interaction: discord.Interaction, game_id: int, version: int,
                          choice: str, public: bool = False) -> None:
    """An option button or select: play it, then show the next step of the turn (if any).

    ``public``: it was on the public turn message, so the answer is a new private panel
    (the public message stays as it is for everyone; its choices are stale from now)."""
    # Answered directly when the next panel is ready in time (one request to Discord),
    # acknowledged like any tap otherwise. The move is logged with the tap's id: when two
    # instances receive the same tap (a deploy's overlap), both try to play it, one wins
    # the version check, and the other recognises its own tap in the log and stays silent
    # rather than answering "out of date".
    if public:
        acknowledge_soon(interaction, ephemeral=True, thinking=True)
    else:
        acknowledge_soon(interaction)
    sessions = sessions_of(interaction)
    key = await _resolve_choice(sessions, game_id, interaction.user.id, choice)
    try:
        result = await sessions.play(game_id, interaction.user.id, key, version,
                                     interaction_id=interaction.id)
    except SessionError as refusal:
        if refusal.msgid == STALE_PANEL and await sessions.played_by(game_id, version + 1,
                                                                     interaction.id):
            await settle(interaction)  # the delivery that played it answers
            log.info("interaction %s %s", interaction.id, PLAYED_ELSEWHERE)
            raise AlreadyAcknowledged from None
        # An old turn message (the turn went on in a private panel that was then lost,
        # say): nothing is played, and the player to move gets the turn as it stands.
        if not (public and refusal.msgid == STALE_PANEL
                and await present_current(interaction, game_id, [_(STALE_PUBLIC)])):
            raise
        return
    await present_result(interaction, sessions, result)


#: Logged by an instance that received a tap another delivery of it had played.
PLAYED_ELSEWHERE = "was delivered twice and the other delivery played it; not answering"

#: The answer to the player to move who taps an out-of-date turn message.
STALE_PUBLIC = N_("That message is out of date — nothing was played. Your turn as it stands:")


async def present_current(interaction: discord.Interaction, game_id: int,
                          header: list[str]) -> bool:
    """Show the user's pending decision in a fresh private panel; False if there is none."""
    seen = await sessions_of(interaction).seat_view(game_id, interaction.user.id, undo=True)
    info = seen.info
    decision = playing(seen, interaction.user.id)
    if decision is None:
        return False
    await present(interaction, game_id, info.version, decision,
                  panel_for(game_id, info.version, decision, header=header, hand=hand_of(seen),
                            undo=seen.undoable, hint=seen.hints,
                            areas=await areas_of(seen, decision)), seen)
    return True


async def present_result(interaction: discord.Interaction, sessions: Sessions,
                         result: MoveResult, headline: str | None = None,
                         undo_button: bool = True) -> None:
    """The panel after a step or an undo: the next step of the turn, or why there is none.

    The step is stored by now: when Discord refuses this answer (or drawing it fails), a
    plainer one still says what was played and shows the decision as it now stands."""
    await answer_stored(
        interaction, _present_result(interaction, sessions, result, headline, undo_button),
        lambda: _plain_result(interaction, sessions, result, headline, undo_button))


async def _present_result(interaction: discord.Interaction, sessions: Sessions,
                          result: MoveResult, headline: str | None,
                          undo_button: bool) -> None:
    game_id, user_id = result.game_id, interaction.user.id
    info = None if result.decision is not None else await sessions.info_by_id(game_id)
    hand = seen = None
    if result.decision is not None:
        seen = await sessions.seat_view(game_id, user_id, undo=undo_button)
        hand = hand_of(seen)
    fresh = seen is not None and seen.info.version == result.version
    panel = after_move_panel(result, info, headline=headline, hand=hand,
                             undo=seen is not None and seen.undoable,
                             hint=seen is not None and seen.hints,
                             areas=await areas_of(seen, result.decision) if fresh else None)
    if seen is not None and seen.info.version != result.version:
        seen = None  # moved on meanwhile: the image is drawn from a fresh read
    await present(interaction, game_id, result.version, result.decision, panel, seen)


async def _plain_result(interaction: discord.Interaction, sessions: Sessions,
                        result: MoveResult, headline: str | None, undo_button: bool) -> Panel:
    """The answer after a step as it now stands, without images: the same panel when
    nothing moved since, else what was played and the user's decision now."""
    known = after_move_panel(result, headline=headline)
    try:
        seen = await sessions.seat_view(result.game_id, interaction.user.id, undo=undo_button)
    except Exception:
        log.exception("game %s could not be read again for a plain answer", result.game_id)
        return known
    info = seen.info
    decision = seen.decision if info.status == "active" else None
    if info.version == result.version:
        return after_move_panel(result, None if decision is not None else info,
                                headline=headline, hand=hand_of(seen),
                                undo=undo_button and seen.undoable)
    if decision is None:
        return after_move_panel(result, info, headline=headline)
    header = [headline or _("You chose **{label}**.", label=result.label)]
    header += [f"• {line}" for line in result.events]
    return panel_for(result.game_id, info.version, decision, header=header, hand=hand_of(seen))


#: What an answer Discord refuses raises: its refusal, or the connection to it failing.
REFUSED = (discord.HTTPException, aiohttp.ClientError, OSError, TimeoutError)


async def answer_stored(interaction: discord.Interaction, answer: Awaitable[None],
                        plain: Callable[[], Awaitable[Panel]]) -> None:
    """Give ``answer``, the answer to an interaction whose change is stored already.

    When Discord refuses it (a 400, a 5xx, a lost connection) or it fails, the user is
    still told the truth: ``plain()``'s panel as a private message without images, else
    its text alone — never "nothing was changed"."""
    try:
        await answer
        return
    except AlreadyAcknowledged:
        raise
    except REFUSED as error:
        log.warning("the answer to interaction %s was refused after its change was stored "
                    "(%s); answering plainly", interaction.id, refusal_of(error))
    except Exception:
        log.exception("the answer to interaction %s failed after its change was stored; "
                      "answering plainly", interaction.id)
    if expired(interaction):
        return
    with contextlib.suppress(*REFUSED):
        await settle(interaction)  # a deferral still to come is called off
    try:
        panel = await plain()
    except Exception:
        log.exception("no plain answer for interaction %s", interaction.id)
        panel = Panel(_(UNEXPECTED_AFTER_STORED), None)
    attempts = [panel]
    if panel.view is not None:
        attempts.append(Panel(clip_lines([panel.content, _(PANEL_REFUSED)]), None))
    for attempt in attempts:
        try:
            await send_private(interaction, attempt)
            return
        except REFUSED as error:
            log.warning("the plain answer to interaction %s was refused too (%s)",
                        interaction.id, refusal_of(error))
        if expired(interaction):
            return


def refusal_of(error: BaseException) -> str:
    """ "HTTP 400 (code 50035): Invalid Form Body", or the connection error."""
    if isinstance(error, discord.HTTPException):
        return f"HTTP {error.status} (code {error.code}): {error.text[:200]}"
    return repr(error)


async def send_private(interaction: discord.Interaction, panel: Panel) -> None:
    """``panel`` (no image) as a private message: the interaction's response when it has
    none yet, else in place of its "thinking…" placeholder, else a followup."""
    content: str | None = fit_message(panel.content)
    view: Any = panel.view
    if isinstance(view, LayoutComponents):
        view.text, view.images, content = content, [], None
    extra = {} if view is None else {"view": view}
    response = interaction.response
    if not response.is_done():
        try:
            async with _responding(interaction, "answered"):
                await response.send_message(content, ephemeral=True, **extra)
            return
        except AlreadyAcknowledged:
            pass  # Discord took the refused answer after all (a 5xx): a followup then
    if expired(interaction):
        return
    if response.type == discord.InteractionResponseType.deferred_channel_message:
        await interaction.edit_original_response(content=content, attachments=[], **extra)
    else:
        await interaction.followup.send(content, ephemeral=True, **extra)


async def take_back(interaction: discord.Interaction, game_id: int, version: int) -> None:
    """The panel's "Take back": undo the step just played and show its decision again."""
    # Acknowledged before the undo: when two instances receive the tap (a deploy's
    # overlap), only the one that acknowledges it undoes (an undo is not logged with its
    # tap, as a step is: see play_from_panel).
    await acknowledge(interaction)
    sessions = sessions_of(interaction)
    info = await sessions.info_by_id(game_id)
    if info.version != version:
        raise SessionError(STALE_PANEL)
    result = await sessions.undo(info.channel_id, interaction.user.id)
    await present_result(interaction, sessions, result,
                         headline=_("You took back your last step."))


async def _resolve_choice(sessions: Sessions, game_id: int, user_id: int, choice: str) -> str:
    if not choice.startswith("#"):
        return choice
    decision, _seat = await sessions.decision_for(game_id, user_id)
    if decision is None:
        return choice  # not this user's turn: the session layer says so
    index = _index(choice[1:])
    if index is None or index >= len(decision.options):
        raise SessionError(STALE_PANEL)
    return decision.options[index].key


def _index(text: str) -> int | None:
    return int(text) if text.isdecimal() and len(text) < 4 else None


async def still_deciding(interaction: discord.Interaction, game_id: int,
                         version: int) -> tuple[Any, Decision]:
    """The tapping seat's view and its decision, when the panel tapped at ``version`` still
    holds (only others' side steps since); else the answer for a stale panel or a seat
    that is not to move."""
    sessions = sessions_of(interaction)
    seen = await sessions.seat_view(game_id, interaction.user.id, undo=True)
    decision = playing(seen, interaction.user.id)
    if seen.info.version != version and not await sessions.panel_holds(
            game_id, interaction.user.id, version):
        raise SessionError(STALE_PANEL)
    if decision is None:
        raise SessionError.verbatim(waiting_text(seen.info))
    return seen, decision


async def choose_group(interaction: discord.Interaction, game_id: int, version: int,
                       group: int | None, public: bool = False) -> None:
    """A group of a big decision was chosen: show that group's options in the same panel
    (a new private panel when the menu was on the public turn message)."""
    if public:
        acknowledge_soon(interaction, ephemeral=True, thinking=True)
    else:
        acknowledge_soon(interaction)
    seen, decision = await still_deciding(interaction, game_id, version)
    info = seen.info
    if group is None or group >= len(decision.groups()):
        raise SessionError(STALE_PANEL)
    await present(interaction, game_id, info.version, decision,
                  panel_for(game_id, info.version, decision, group=group, hand=hand_of(seen),
                            undo=seen.undoable, hint=seen.hints), seen)


async def choose_area(interaction: discord.Interaction, game_id: int, version: int,
                      area: int | None) -> None:
    """An area of a big decision was chosen: show that area's options and its image."""
    acknowledge_soon(interaction)
    seen, decision = await still_deciding(interaction, game_id, version)
    info = seen.info
    areas = await areas_of(seen, decision)
    if areas is None or area is None or area >= len(areas):
        raise SessionError(STALE_PANEL)
    await present(interaction, game_id, info.version, decision,
                  panel_for(game_id, info.version, decision, hand=hand_of(seen),
                            undo=seen.undoable, areas=areas, area=area,
                            hint=seen.hints), seen)


async def lobby_action(interaction: discord.Interaction, game_id: int, action: str) -> None:
    """Join / Add computer / Start from the lobby message of game ``game_id``."""
    await acknowledge(interaction, ephemeral=True, thinking=True)
    sessions = sessions_of(interaction)
    user = interaction.user
    current = await sessions.info(interaction.channel_id or 0)
    if current.id != game_id:
        raise SessionError(N_("This lobby is closed."))
    if action == "join":
        info = await sessions.join(current.channel_id, user.id, user.display_name)
        text = _("You joined **{title}** (seat {n}).", title=info.title,
                 n=(info.seat_of(user.id) or 0) + 1)
    elif action == "cpu":
        info = await sessions.add_computer(current.channel_id, user.id)
        text = _("A computer player joined: {name}.", name=plain(info.seats[-1].name))
    else:
        info = await sessions.start(current.channel_id, user.id)
        text = _("**{title}** has started.", title=info.title)
    await answer_privately(interaction, text)


# -- dynamic items -------------------------------------------------------------------------


class TurnButton(ui.DynamicItem[ui.Button], template=r"est:turn:(?P<game>[0-9]{1,19})"):
    def __init__(self, game_id: int, label: str | None = None) -> None:
        """``label``: "Your turn", or another (a game's name in the list of your turns)."""
        super().__init__(ui.Button(label=label or _("Your turn"),
                                   style=discord.ButtonStyle.success,
                                   custom_id=f"est:turn:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: re.Match[str]) -> TurnButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, open_panel(interaction, self.game_id))


class _LobbyButton:
    """Shared by the three lobby buttons (a DynamicItem subclass needs its own template)."""

    action: str
    label: str
    style = discord.ButtonStyle.secondary

    def __init__(self, game_id: int) -> None:
        super().__init__(ui.Button(label=_(self.label), style=self.style,  # type: ignore[call-arg]
                                   custom_id=f"est:{self.action}:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: re.Match[str]) -> Any:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, lobby_action(interaction, self.game_id, self.action))


class JoinButton(_LobbyButton, ui.DynamicItem[ui.Button], template=r"est:join:(?P<game>[0-9]{1,19})"):
    action = "join"
    label = N_("Join")
    style = discord.ButtonStyle.primary


class ComputerButton(_LobbyButton, ui.DynamicItem[ui.Button], template=r"est:cpu:(?P<game>[0-9]{1,19})"):
    action = "cpu"
    label = N_("Add computer")


class StartButton(_LobbyButton, ui.DynamicItem[ui.Button], template=r"est:start:(?P<game>[0-9]{1,19})"):
    action = "start"
    label = N_("Start")
    style = discord.ButtonStyle.success


#: A version no running game has (a new game's lobby is at 0): what a custom id carrying
#: a number past SQLite's integers stands for (its panel is out of date, like any other
#: old one).
NO_VERSION = 0


def version_of(digits: str) -> int:
    """The game version a custom id carries (at most 19 digits, by the templates); one
    past SQLite's integers is :data:`NO_VERSION`."""
    version = int(digits)
    return version if version < MAX_GAME_ID else NO_VERSION


def _prefix(public: bool) -> str:
    return "p" if public else ""


class OptionButton(ui.DynamicItem[ui.Button],
                   template=r"est:(?P<pub>p?)opt:(?P<game>[0-9]{1,19}):(?P<version>[0-9]{1,19}):(?P<choice>.+)"):
    def __init__(self, game_id: int, version: int, choice: str, label: str,
                 style: discord.ButtonStyle = discord.ButtonStyle.primary,
                 public: bool = False) -> None:
        super().__init__(ui.Button(
            label=clip(label, BUTTON_LABEL_LIMIT), style=style,
            custom_id=f"est:{_prefix(public)}opt:{game_id}:{version}:{choice}"))
        self.game_id, self.version, self.choice, self.public = game_id, version, choice, public

    @classmethod
    def for_option(cls, game_id: int, version: int, index: int, option: Option,
                   style: discord.ButtonStyle = discord.ButtonStyle.primary,
                   numbers: dict[str, int] | None = None, public: bool = False,
                   label: str | None = None) -> OptionButton:
        """The option's key travels in the custom id, or its index when the key is too long.
        ``label``: as :func:`button_labels` fitted it (else the numbered label, clipped)."""
        choice = option.key
        if len(f"est:{_prefix(public)}opt:{game_id}:{version}:{choice}") > CUSTOM_ID_LIMIT:
            choice = f"#{index}"
        return cls(game_id, version, choice, label or numbered_label(option, numbers or {}),
                   style, public)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: re.Match[str]) -> OptionButton:
        label = getattr(item, "label", None) or match["choice"]
        style = getattr(item, "style", None) or discord.ButtonStyle.primary
        return cls(int(match["game"]), version_of(match["version"]), match["choice"], label, style,
                   bool(match["pub"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, play_from_panel(interaction, self.game_id, self.version,
                                                   self.choice, self.public))


class OptionSelect(ui.DynamicItem[ui.Select],
                   template=r"est:(?P<pub>p?)sel:(?P<game>[0-9]{1,19}):(?P<version>[0-9]{1,19})(?::(?P<part>[0-9]{1,2}))?"):
    def __init__(self, game_id: int, version: int, options: list[Option],
                 placeholder: str | None = None, numbers: dict[str, int] | None = None,
                 public: bool = False, part: int | None = None) -> None:
        choices = [discord.SelectOption(label=clip(numbered_label(o, numbers or {}), LABEL_LIMIT),
                                        value=o.key, description=o.hint)
                   for o in options[:MENU_LIMIT]]
        suffix = "" if part is None else f":{part}"
        super().__init__(ui.Select(
            custom_id=f"est:{_prefix(public)}sel:{game_id}:{version}{suffix}",
            placeholder=placeholder or _("Choose…"), options=choices))
        self.game_id, self.version, self.public = game_id, version, public

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: re.Match[str]) -> OptionSelect:
        part = int(match["part"]) if match["part"] else None
        # discord.py fills in the values
        return cls(int(match["game"]), version_of(match["version"]), [], public=bool(match["pub"]),
                   part=part)

    async def callback(self, interaction: discord.Interaction) -> None:
        values = self.item.values
        if not values:
            speak_to(interaction)
            await answer_privately(interaction, _("Nothing was chosen."))
            return
        await guarded(interaction, play_from_panel(interaction, self.game_id, self.version,
                                                   values[0], self.public))


class GroupSelect(ui.DynamicItem[ui.Select],
                  template=r"est:(?P<pub>p?)grp:(?P<game>[0-9]{1,19}):(?P<version>[0-9]{1,19})"):
    def __init__(self, game_id: int, version: int, groups: list[str],
                 placeholder: str | None = None, public: bool = False) -> None:
        choices = [discord.SelectOption(label=clip(name or _("Other"), LABEL_LIMIT), value=str(i))
                   for i, name in enumerate(groups[:MENU_LIMIT])]
        super().__init__(ui.Select(custom_id=f"est:{_prefix(public)}grp:{game_id}:{version}",
                                   placeholder=placeholder or _("Choose a group…"),
                                   options=choices))
        self.game_id, self.version, self.public = game_id, version, public

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: re.Match[str]) -> GroupSelect:
        return cls(int(match["game"]), version_of(match["version"]), [], public=bool(match["pub"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = self.item.values
        if not values:
            speak_to(interaction)
            await answer_privately(interaction, _("Nothing was chosen."))
            return
        await guarded(interaction, choose_group(interaction, self.game_id, self.version,
                                                _index(values[0]), self.public))


class AreaButton(ui.DynamicItem[ui.Button],
                 template=r"est:area:(?P<game>[0-9]{1,19}):(?P<version>[0-9]{1,19}):(?P<area>[0-9]{1,2})"):
    """An area of the board, for a decision that asks for one first."""

    def __init__(self, game_id: int, version: int, area: int, letter: str = "") -> None:
        super().__init__(ui.Button(label=_("Area {letter}", letter=letter or str(area + 1)),
                                   style=discord.ButtonStyle.primary,
                                   custom_id=f"est:area:{game_id}:{version}:{area}"))
        self.game_id, self.version, self.area = game_id, version, area

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: re.Match[str]) -> AreaButton:
        return cls(int(match["game"]), int(match["version"]), int(match["area"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, choose_area(interaction, self.game_id, self.version,
                                               self.area))


class AreaSelect(ui.DynamicItem[ui.Select],
                 template=r"est:asel:(?P<game>[0-9]{1,19}):(?P<version>[0-9]{1,19})"):
    """The other areas of the board, under one area's options."""

    def __init__(self, game_id: int, version: int, areas: list[tuple[int, str]]) -> None:
        choices = [discord.SelectOption(label=_("Area {letter}", letter=letter), value=str(i))
                   for i, letter in areas[:MENU_LIMIT]]
        super().__init__(ui.Select(custom_id=f"est:asel:{game_id}:{version}",
                                   placeholder=_("Other areas…"), options=choices))
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: re.Match[str]) -> AreaSelect:
        return cls(int(match["game"]), int(match["version"]), [])  # values filled in

    async def callback(self, interaction: discord.Interaction) -> None:
        values = self.item.values
        if not values:
            speak_to(interaction)
            await answer_privately(interaction, _("Nothing was chosen."))
            return
        await guarded(interaction, choose_area(interaction, self.game_id, self.version,
                                               _index(values[0])))


class UndoButton(ui.DynamicItem[ui.Button],
                 template=r"est:undo:(?P<game>[0-9]{1,19}):(?P<version>[0-9]{1,19})"):
    def __init__(self, game_id: int, version: int) -> None:
        super().__init__(ui.Button(label=_("Take back"), style=discord.ButtonStyle.secondary,
                                   custom_id=f"est:undo:{game_id}:{version}"))
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: re.Match[str]) -> UndoButton:
        return cls(int(match["game"]), version_of(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, take_back(interaction, self.game_id, self.version))


class HintButton(ui.DynamicItem[ui.Button], template=r"est:hint:(?P<game>[0-9]{1,19})"):
    """The panel's "Hint": the computer's suggestion for the user's decision, in a private
    message of its own (the panel stays as it is)."""

    def __init__(self, game_id: int) -> None:
        super().__init__(ui.Button(label=_("Hint"), style=discord.ButtonStyle.secondary,
                                   custom_id=f"est:hint:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: re.Match[str]) -> HintButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, show_hint(interaction, self.game_id))


async def show_hint(interaction: discord.Interaction, game_id: int) -> None:
    """Answer privately with the computer's suggestion for the user's pending decision."""
    await acknowledge(interaction, ephemeral=True, thinking=True)
    hint = await sessions_of(interaction).hint(game_id, interaction.user.id)
    await answer_privately(interaction, "\n".join(hint_lines(hint, bold=True)))


DYNAMIC_ITEMS: tuple[type[ui.DynamicItem[Any]], ...] = (
    TurnButton, JoinButton, ComputerButton, StartButton, OptionButton, OptionSelect, GroupSelect,
    AreaButton, AreaSelect, UndoButton, HintButton,
)
