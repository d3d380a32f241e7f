"""The image of the faces of a seat's cards, for its private panels (turn panels and the
hand panel) when they matter to its decision (``games.base.Holdings.faces``)."""

from __future__ import annotations

import io
import logging

import discord

import renderer
from bot.core import cpu
from bot.core.sessions import SeatView
from games import i18n

log = logging.getLogger(__name__)


async def hand_image(seen: SeatView) -> list[discord.File]:
    """The faces of the user's cards when they matter now (``Holdings.faces``), drawn in
    the CPU pool; none otherwise, or when the drawing failed (logged)."""
    info = seen.info
    if seen.holdings is None or not seen.holdings.faces or seen.view is None:
        return []
    try:
        png = await cpu.run(cpu.render_hand_png, info.game, renderer.RENDERERS[info.game],
                            seen.view, info.names, i18n.current())
    except Exception:
        log.exception("hand image of game %s at version %s could not be drawn", info.id,
                      info.version)
        return []
    if png is None:
        return []
    return [discord.File(io.BytesIO(png), filename=hand_filename(info.id, info.version))]


def hand_filename(game_id: int, version: int) -> str:
    """``estancia-7-12-hand.png``."""
    return f"estancia-{game_id}-{version}-hand.png"
