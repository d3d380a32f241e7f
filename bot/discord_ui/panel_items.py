"""The :class:`discord.ui.DynamicItem` classes that route a click on a panel or a public
message to what it does (:mod:`bot.discord_ui.panel_actions`): each matches the custom ids
of one kind of component (:mod:`bot.discord_ui.panel_components` builds them and lists
their ids) and reads what the id carries. They are registered once in ``setup_hook``
(:data:`DYNAMIC_ITEMS`), so a button sent before a restart still works.

The templates are public: messages already posted carry ids they must keep matching.
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import ui

from bot.discord_ui.acknowledge import guarded, picked
from bot.discord_ui.panel_actions import (
    choose_area,
    choose_group,
    lobby_action,
    open_panel,
    play_from_panel,
    show_hint,
    take_back,
)
from bot.discord_ui.panel_components import (
    area_button,
    area_select,
    group_select,
    hint_button,
    index_of,
    lobby_button,
    option_button,
    option_select,
    undo_button,
    version_of,
    your_turn_button,
)


class TurnButton(ui.DynamicItem[ui.Button], template=r"est:turn:(?P<game>[0-9]{1,19})"):
    def __init__(self, game_id: int, label: str | None = None) -> None:
        """``label``: "Your turn", or another (a game's name in the list of your turns)."""
        super().__init__(your_turn_button(game_id, label))
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

    def __init__(self, game_id: int) -> None:
        super().__init__(lobby_button(self.action, game_id))  # type: ignore[call-arg]
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: re.Match[str]) -> Any:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, lobby_action(interaction, self.game_id, self.action))


class JoinButton(_LobbyButton, ui.DynamicItem[ui.Button], template=r"est:join:(?P<game>[0-9]{1,19})"):
    action = "join"


class ComputerButton(_LobbyButton, ui.DynamicItem[ui.Button], template=r"est:cpu:(?P<game>[0-9]{1,19})"):
    action = "cpu"


class StartButton(_LobbyButton, ui.DynamicItem[ui.Button], template=r"est:start:(?P<game>[0-9]{1,19})"):
    action = "start"


class OptionButton(ui.DynamicItem[ui.Button],
                   template=r"est:(?P<pub>p?)opt:(?P<game>[0-9]{1,19}):(?P<version>[0-9]{1,19}):(?P<choice>.+)"):
    def __init__(self, game_id: int, version: int, choice: str, label: str,
                 style: discord.ButtonStyle = discord.ButtonStyle.primary,
                 public: bool = False) -> None:
        super().__init__(option_button(game_id, version, choice, label, style, public))
        self.game_id, self.version, self.choice, self.public = game_id, version, choice, public

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
    def __init__(self, game_id: int, version: int, public: bool = False,
                 part: int | None = None) -> None:
        super().__init__(option_select(game_id, version, [], public=public, part=part))
        self.game_id, self.version, self.public = game_id, version, public

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: re.Match[str]) -> OptionSelect:
        part = int(match["part"]) if match["part"] else None
        # discord.py fills in the values
        return cls(int(match["game"]), version_of(match["version"]), public=bool(match["pub"]),
                   part=part)

    async def callback(self, interaction: discord.Interaction) -> None:
        choice = await picked(interaction, self.item.values)
        if choice is not None:
            await guarded(interaction, play_from_panel(interaction, self.game_id, self.version,
                                                       choice, self.public))


class GroupSelect(ui.DynamicItem[ui.Select],
                  template=r"est:(?P<pub>p?)grp:(?P<game>[0-9]{1,19}):(?P<version>[0-9]{1,19})"):
    def __init__(self, game_id: int, version: int, public: bool = False) -> None:
        super().__init__(group_select(game_id, version, [], public=public))
        self.game_id, self.version, self.public = game_id, version, public

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: re.Match[str]) -> GroupSelect:
        return cls(int(match["game"]), version_of(match["version"]), public=bool(match["pub"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        choice = await picked(interaction, self.item.values)
        if choice is not None:
            await guarded(interaction, choose_group(interaction, self.game_id, self.version,
                                                    index_of(choice), self.public))


class AreaButton(ui.DynamicItem[ui.Button],
                 template=r"est:area:(?P<game>[0-9]{1,19}):(?P<version>[0-9]{1,19}):(?P<area>[0-9]{1,2})"):
    """An area of the board, for a decision that asks for one first."""

    def __init__(self, game_id: int, version: int, area: int, letter: str = "") -> None:
        super().__init__(area_button(game_id, version, area, letter))
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

    def __init__(self, game_id: int, version: int) -> None:
        super().__init__(area_select(game_id, version, []))
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: re.Match[str]) -> AreaSelect:
        return cls(int(match["game"]), int(match["version"]))  # values filled in

    async def callback(self, interaction: discord.Interaction) -> None:
        choice = await picked(interaction, self.item.values)
        if choice is not None:
            await guarded(interaction, choose_area(interaction, self.game_id, self.version,
                                                   index_of(choice)))


class UndoButton(ui.DynamicItem[ui.Button],
                 template=r"est:undo:(?P<game>[0-9]{1,19}):(?P<version>[0-9]{1,19})"):
    def __init__(self, game_id: int, version: int) -> None:
        super().__init__(undo_button(game_id, version))
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
        super().__init__(hint_button(game_id))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: re.Match[str]) -> HintButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, show_hint(interaction, self.game_id))


DYNAMIC_ITEMS: tuple[type[ui.DynamicItem[Any]], ...] = (
    TurnButton, JoinButton, ComputerButton, StartButton, OptionButton, OptionSelect, GroupSelect,
    AreaButton, AreaSelect, UndoButton, HintButton,
)
