"""The hand panel: what a seat holds, and what it may do outside the pending decision.

``/estancia hand`` (and "Your turn" tapped while another player is to move, when the user
has something to do outside the turn) answers privately with the seat's holdings
(``Game.holdings``: its hand by names) and its side decision (``Game.side_decision``: a
GWT:A exchange token on another's turn, then the cards to discard) as buttons or select
menus. A tap plays it with :meth:`Sessions.play_side`, under the same version check as any
panel, and the answer is the panel again, as it stands after the step. When the cards'
faces matter (``Holdings.faces``) the panel carries an image of them
(:func:`renderer.render_hand_png`), as the turn panels do.

Custom ids (see :mod:`bot.discord_ui.panel_components` for the others):

* ``est:side:<game>:<version>:<key>`` (or ``#<index>`` when the key is too long) — a side
  option as a button
* ``est:ssel:<game>:<version>[:<part>]`` — side options in a select menu (values are keys)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import discord
from discord import ui

from bot.core.sessions import YOUR_TURN, SeatView, SessionError
from bot.discord_ui.acknowledge import (
    AlreadyAcknowledged,
    acknowledge_soon,
    answer_stored,
    guarded,
    picked,
    sessions_of,
    settle,
    show_panel,
)
from bot.discord_ui.hand_image import hand_image
from bot.discord_ui.panel_components import (
    BUTTON_OPTIONS,
    Components,
    fitting_choice,
    index_of,
    options_menu,
    part_suffix,
    version_of,
)
from bot.discord_ui.panel_layout import Panel, pack_menus
from bot.discord_ui.text import (
    BUTTON_LABEL_LIMIT,
    STALE_PANEL,
    clip,
    clip_lines,
    plain,
)
from games.base import MENU_LIMIT, Decision, Option
from games.i18n import N_, _

#: The hand panel's first line.
ONLY_YOU = N_("**{title}** #{id} — only you can see this.")


def hand_panel(seen: SeatView, header: Sequence[str] = ()) -> Panel:
    """The hand panel of ``seen`` (a seated user's :meth:`Sessions.seat_view`)."""
    info = seen.info
    lines = [*header, _(ONLY_YOU, title=info.title, id=info.id)]
    if seen.holdings is not None:
        lines.append(plain(seen.holdings.text))
    side = seen.side
    if side is not None:
        lines.append(f"**{plain(side.prompt)}**")
    elif seen.decision is not None:
        lines.append(_(YOUR_TURN))
    view = None if side is None else side_view(info.id, info.version, side)
    return Panel(clip_lines(lines), view)


def side_view(game_id: int, version: int, side: Decision) -> Components:
    """Buttons for a few options with labels a button holds, else select menus (one
    option one pick away, up to five menus of 25)."""
    view = Components()
    options = side.options
    if len(options) <= BUTTON_OPTIONS and all(len(o.label) <= BUTTON_LABEL_LIMIT
                                              for o in options):
        for index, option in enumerate(options):
            view.add_item(side_button(game_id, version, index, option.key, option.label))
        return view
    menus = pack_menus(options, 5) or [options[i:i + MENU_LIMIT]
                                       for i in range(0, min(len(options), 5 * MENU_LIMIT),
                                                      MENU_LIMIT)]
    for part, menu in enumerate(menus):
        view.add_item(side_select(game_id, version, menu, part if len(menus) > 1 else None))
    return view


async def present_hand(interaction: discord.Interaction, seen: SeatView,
                       header: Sequence[str] = ()) -> None:
    """Show the hand panel (with the hand image when the faces matter)."""
    images = await hand_image(seen)
    await show_panel(interaction, hand_panel(seen, header), images)


async def play_side_from_panel(interaction: discord.Interaction, game_id: int, version: int,
                               choice: str) -> None:
    """A side option tapped on the hand panel: play it, then show the panel as it stands."""
    acknowledge_soon(interaction)
    sessions = sessions_of(interaction)
    user = interaction.user.id
    key = choice
    if choice.startswith("#"):
        side = (await sessions.seat_view(game_id, user)).side
        index = index_of(choice[1:])
        if side is None or index is None or index >= len(side.options):
            raise SessionError(STALE_PANEL)
        key = side.options[index].key
    try:
        result = await sessions.play_side(game_id, user, key, version,
                                          interaction_id=interaction.id)
    except SessionError as refusal:
        if refusal.msgid == STALE_PANEL and await sessions.played_by(game_id, version + 1,
                                                                     interaction.id):
            await settle(interaction)  # the delivery that played it answers
            raise AlreadyAcknowledged from None
        raise
    header = [_("You chose **{label}**.", label=plain(result.label))]
    header += [f"• {plain(line)}" for line in result.events]

    async def show() -> None:
        await present_hand(interaction, await sessions.seat_view(game_id, user), header)

    async def bare_panel() -> Panel:
        return hand_panel(await sessions.seat_view(game_id, user), header)

    await answer_stored(interaction, show(), bare_panel)


def side_button(game_id: int, version: int, index: int, key: str,
                label: str) -> ui.Button[Any]:
    """A side option's button: its key travels in the custom id, or its index when
    the key is too long."""
    choice = fitting_choice(f"est:side:{game_id}:{version}:", key, index)
    return _side_button(game_id, version, choice, label)


def _side_button(game_id: int, version: int, choice: str, label: str) -> ui.Button[Any]:
    return ui.Button(label=clip(label, BUTTON_LABEL_LIMIT), style=discord.ButtonStyle.primary,
                     custom_id=f"est:side:{game_id}:{version}:{choice}")


def side_select(game_id: int, version: int, options: Sequence[Option],
                part: int | None = None) -> ui.Select[Any]:
    return options_menu(f"est:ssel:{game_id}:{version}{part_suffix(part)}", options)


class SideButton(ui.DynamicItem[ui.Button],
                 template=r"est:side:(?P<game>[0-9]{1,19}):(?P<version>[0-9]{1,19}):(?P<choice>.+)"):
    def __init__(self, game_id: int, version: int, choice: str, label: str) -> None:
        super().__init__(_side_button(game_id, version, choice, label))
        self.game_id, self.version, self.choice = game_id, version, choice

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: re.Match[str]) -> SideButton:
        label = getattr(item, "label", None) or match["choice"]
        return cls(int(match["game"]), version_of(match["version"]), match["choice"], label)

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, play_side_from_panel(interaction, self.game_id, self.version,
                                                        self.choice))


class SideSelect(ui.DynamicItem[ui.Select],
                 template=r"est:ssel:(?P<game>[0-9]{1,19}):(?P<version>[0-9]{1,19})(?::(?P<part>[0-9]{1,2}))?"):
    def __init__(self, game_id: int, version: int, part: int | None = None) -> None:
        super().__init__(side_select(game_id, version, [], part))
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: re.Match[str]) -> SideSelect:
        part = int(match["part"]) if match["part"] else None
        return cls(int(match["game"]), version_of(match["version"]), part)  # values filled in

    async def callback(self, interaction: discord.Interaction) -> None:
        choice = await picked(interaction, self.item.values)
        if choice is not None:
            await guarded(interaction, play_side_from_panel(interaction, self.game_id,
                                                            self.version, choice))


HAND_ITEMS: tuple[type[ui.DynamicItem[Any]], ...] = (SideButton, SideSelect)
