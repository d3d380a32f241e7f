"""The components of panels and public messages: views that are only serialized, and each
button and select menu with the custom id it carries.

Every component carries in its ``custom_id`` what it acts on — the game id and, for the
panel, the game version the panel was built from. The components are built here as plain
discord.py items; a click on one is routed by the :class:`discord.ui.DynamicItem` whose
template matches its custom id (:mod:`bot.discord_ui.panel_items`, registered once in
``setup_hook``). Nothing lives in memory between clicks, so buttons keep working after a
restart, and a stale panel or a double click is refused by the session layer's version
check, never applied twice.

Custom ids (≤ 100 characters; ids and versions have at most 19 digits, as SQLite's
integers — a forged longer one matches no template and is ignored). Messages already
posted carry them: they never change.

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
* ``est:hint:<game>`` — "Hint": the computer's suggestion, privately
* ``est:popt:…``, ``est:psel:…``, ``est:pgrp:…`` — the same on a public turn message (a
  game without hidden information shows the choices there): only the player to move may
  use them, and the rest of the turn goes on in a private panel.

The hand panel's ids are in :mod:`bot.discord_ui.hand`, the board parts' in
:mod:`bot.discord_ui.parts`.

When options of a decision have places (``Option.at``), they are numbered 1, 2, … in the
order of the decision, the number starts their button or menu label, and the panel
carries the *decision image* (:func:`renderer.render_decision_png`) with the same numbers
on the board.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord
from discord import ui

from bot.core.sessions import MAX_GAME_ID
from bot.discord_ui import layout
from bot.discord_ui.text import (
    BUTTON_LABEL_LIMIT,
    CUSTOM_ID_LIMIT,
    LABEL_LIMIT,
    clip,
    fit_components,
)
from games.base import MENU_LIMIT, Decision, Option
from games.i18n import N_, _

MAX_ROWS = 5
#: Buttons in one action row.
BUTTON_OPTIONS = layout.PER_ROW
#: A private panel that needs more than five rows is sent as a Components V2 message
#: (discord.py's ``LayoutView``): up to 40 components in all, each action row and each
#: item in it counting one. The text and the decision image take one component each.
LAYOUT_COMPONENT_LIMIT = layout.V2_COMPONENT_LIMIT


class Components(ui.View):
    """A view used only to serialize components.

    It is never dispatchable, so discord.py neither stores it per message nor times it
    out: clicks are routed by the registered DynamicItem templates alone. (A stored view
    that times out would also unregister the dynamic templates it contains.)
    """

    def __init__(self) -> None:
        super().__init__(timeout=None)
        #: lines for the panel's text (see :func:`bot.discord_ui.panel_layout.decision_view`)
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
        #: lines for the panel's text (see :func:`bot.discord_ui.panel_layout.decision_view`)
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


# -- numbers --------------------------------------------------------------------------------


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


# -- what a custom id carries ---------------------------------------------------------------

#: A version no running game has (a new game's lobby is at 0): what a custom id carrying
#: a number past SQLite's integers stands for (its panel is out of date, like any other
#: old one).
NO_VERSION = 0


def version_of(digits: str) -> int:
    """The game version a custom id carries (at most 19 digits, by the templates); one
    past SQLite's integers is :data:`NO_VERSION`."""
    version = int(digits)
    return version if version < MAX_GAME_ID else NO_VERSION


def index_of(text: str) -> int | None:
    """The index a menu value or a ``#<index>`` choice carries (None: not one)."""
    return int(text) if text.isdecimal() and len(text) < 4 else None


def fitting_choice(stem: str, key: str, index: int) -> str:
    """What the custom id ``stem + choice`` of an option carries: its key, or
    ``#<index>`` when the key would make the id longer than Discord allows."""
    return key if len(f"{stem}{key}") <= CUSTOM_ID_LIMIT else f"#{index}"


def _prefix(public: bool) -> str:
    return "p" if public else ""


def part_suffix(part: int | None) -> str:
    return "" if part is None else f":{part}"


# -- the components -------------------------------------------------------------------------


def your_turn_button(game_id: int, label: str | None = None) -> ui.Button[Any]:
    """ "Your turn", or another label (a game's name in the list of your turns)."""
    return ui.Button(label=label or _("Your turn"), style=discord.ButtonStyle.success,
                     custom_id=f"est:turn:{game_id}")


#: The lobby buttons: action (in the custom id) → label and style.
LOBBY_BUTTONS: dict[str, tuple[str, discord.ButtonStyle]] = {
    "join": (N_("Join"), discord.ButtonStyle.primary),
    "cpu": (N_("Add computer"), discord.ButtonStyle.secondary),
    "start": (N_("Start"), discord.ButtonStyle.success),
}


def lobby_button(action: str, game_id: int) -> ui.Button[Any]:
    label, style = LOBBY_BUTTONS[action]
    return ui.Button(label=_(label), style=style, custom_id=f"est:{action}:{game_id}")


def option_button(game_id: int, version: int, choice: str, label: str,
                  style: discord.ButtonStyle = discord.ButtonStyle.primary,
                  public: bool = False) -> ui.Button[Any]:
    return ui.Button(label=clip(label, BUTTON_LABEL_LIMIT), style=style,
                     custom_id=f"est:{_prefix(public)}opt:{game_id}:{version}:{choice}")


def option_button_for(game_id: int, version: int, index: int, option: Option,
                      style: discord.ButtonStyle = discord.ButtonStyle.primary,
                      numbers: dict[str, int] | None = None, public: bool = False,
                      label: str | None = None) -> ui.Button[Any]:
    """The option's button: its key travels in the custom id, or its index when the key is
    too long. ``label``: as :func:`bot.discord_ui.panel_layout.button_labels` fitted it
    (else the numbered label, clipped)."""
    choice = fitting_choice(f"est:{_prefix(public)}opt:{game_id}:{version}:", option.key, index)
    return option_button(game_id, version, choice,
                         label or numbered_label(option, numbers or {}), style, public)


def options_menu(custom_id: str, options: Sequence[Option], placeholder: str | None = None,
                 numbers: dict[str, int] | None = None) -> ui.Select[Any]:
    """A select menu of options (values are their keys; the first 25), labelled with their
    numbers, if any, and described by their hints."""
    choices = [discord.SelectOption(label=clip(numbered_label(o, numbers or {}), LABEL_LIMIT),
                                    value=o.key, description=o.hint)
               for o in options[:MENU_LIMIT]]
    return ui.Select(custom_id=custom_id, placeholder=placeholder or _("Choose…"),
                     options=choices)


def option_select(game_id: int, version: int, options: Sequence[Option],
                  placeholder: str | None = None, numbers: dict[str, int] | None = None,
                  public: bool = False, part: int | None = None) -> ui.Select[Any]:
    return options_menu(f"est:{_prefix(public)}sel:{game_id}:{version}{part_suffix(part)}",
                        options, placeholder, numbers)


def group_select(game_id: int, version: int, groups: list[str],
                 placeholder: str | None = None, public: bool = False) -> ui.Select[Any]:
    choices = [discord.SelectOption(label=clip(name or _("Other"), LABEL_LIMIT), value=str(i))
               for i, name in enumerate(groups[:MENU_LIMIT])]
    return ui.Select(custom_id=f"est:{_prefix(public)}grp:{game_id}:{version}",
                     placeholder=placeholder or _("Choose a group…"), options=choices)


def area_button(game_id: int, version: int, area: int, letter: str = "") -> ui.Button[Any]:
    """An area of the board, for a decision that asks for one first."""
    return ui.Button(label=_("Area {letter}", letter=letter or str(area + 1)),
                     style=discord.ButtonStyle.primary,
                     custom_id=f"est:area:{game_id}:{version}:{area}")


def area_select(game_id: int, version: int, areas: list[tuple[int, str]]) -> ui.Select[Any]:
    """The other areas of the board, under one area's options."""
    choices = [discord.SelectOption(label=_("Area {letter}", letter=letter), value=str(i))
               for i, letter in areas[:MENU_LIMIT]]
    return ui.Select(custom_id=f"est:asel:{game_id}:{version}",
                     placeholder=_("Other areas…"), options=choices)


def undo_button(game_id: int, version: int) -> ui.Button[Any]:
    return ui.Button(label=_("Take back"), style=discord.ButtonStyle.secondary,
                     custom_id=f"est:undo:{game_id}:{version}")


def hint_button(game_id: int) -> ui.Button[Any]:
    """The panel's "Hint": the computer's suggestion for the user's decision, in a private
    message of its own (the panel stays as it is)."""
    return ui.Button(label=_("Hint"), style=discord.ButtonStyle.secondary,
                     custom_id=f"est:hint:{game_id}")
