"""The parts of a board shown on demand: what a posted board leaves out to fit a
phone's chat — GWT:A's market, railway, ships and ports and players' boards, Llama Land's
estates (:func:`renderer.board_parts`) — as buttons under the posted board, answered
privately with that part as it stands now, seen from the user's seat (their own hand
shows on GWT:A's player boards); ``/estancia board part:`` gives the same.

Custom id: ``est:part:<game>:<part>`` (the part's key, as the renderer names it).
"""

from __future__ import annotations

import io
import logging
import re
from typing import TYPE_CHECKING, Any

import discord
from discord import ui

import renderer
from bot.core import cpu
from bot.core.sessions import SessionError
from bot.discord_ui.acknowledge import acknowledge_soon, guarded, sessions_of, show_panel
from bot.discord_ui.panel_layout import Panel
from bot.discord_ui.text import BUTTON_LABEL_LIMIT, clip
from games import i18n
from games.i18n import N_, _

if TYPE_CHECKING:
    from bot.core.sessions import Sessions

log = logging.getLogger(__name__)

#: Part buttons under one posted board (one action row).
MAX_PART_BUTTONS = 5
NO_SUCH_PART = N_("This game's board has no such part.")


async def game_parts(sessions: Sessions, game_id: int,
                     user_id: int | None = None) -> list[tuple[str, str]]:
    """The parts of the board of game ``game_id`` (key, name in the active language), as
    ``user_id`` (None: a spectator) would see them; empty when there are none or the game
    has not started."""
    info = await sessions.info_by_id(game_id)
    try:
        view = await sessions.view(game_id, user_id)
    except SessionError:
        return []
    return renderer.board_parts(info.game, view, info.names)


def part_buttons(game_id: int, parts: list[tuple[str, str]]) -> list[PartButton]:
    return [PartButton(game_id, key, name) for key, name in parts[:MAX_PART_BUTTONS]]


async def part_answer(sessions: Sessions, game_id: int, user_id: int | None,
                      part: str) -> tuple[str, discord.File]:
    """The text and image of one part of the board, as ``user_id`` sees it now (None: as
    spectators see it)."""
    info = await sessions.info_by_id(game_id)
    view = await sessions.view(game_id, user_id)
    names = dict(renderer.board_parts(info.game, view, info.names))
    if part not in names:
        raise SessionError(NO_SUCH_PART)
    png = await cpu.run(cpu.render_part_png, info.game, renderer.RENDERERS[info.game], view,
                        info.names, part, i18n.current())
    if png is None:
        raise SessionError(NO_SUCH_PART)
    text = _("**{part}** — {title} #{id}, as it stands now.", part=names[part],
             title=info.title, id=info.id)
    safe = re.sub(r"[^a-z0-9]+", "-", part.lower()).strip("-") or "part"
    return text, discord.File(io.BytesIO(png), filename=f"estancia-{game_id}-{safe}.png")


async def show_part(interaction: discord.Interaction, game_id: int, part: str) -> None:
    """A part button: that part of the board, privately."""
    acknowledge_soon(interaction, ephemeral=True, thinking=True)
    text, image = await part_answer(sessions_of(interaction), game_id, interaction.user.id,
                                    part)
    await show_panel(interaction, Panel(text, None), [image])


class PartButton(ui.DynamicItem[ui.Button],
                 template=r"est:part:(?P<game>[0-9]{1,19}):(?P<part>[a-z0-9:_-]{1,40})"):
    def __init__(self, game_id: int, part: str, label: str = "") -> None:
        super().__init__(ui.Button(label=clip(label or part, BUTTON_LABEL_LIMIT),
                                   style=discord.ButtonStyle.secondary,
                                   custom_id=f"est:part:{game_id}:{part}"))
        self.game_id, self.part = game_id, part

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: re.Match[str]) -> PartButton:
        return cls(int(match["game"]), match["part"], getattr(item, "label", "") or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, show_part(interaction, self.game_id, self.part))


PART_ITEMS: tuple[type[ui.DynamicItem[Any]], ...] = (PartButton,)
