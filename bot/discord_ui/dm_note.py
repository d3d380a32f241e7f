"""Telling a player, privately and once, that Discord refused them a DM notice."""

from __future__ import annotations

import logging

import discord

from games.i18n import N_, _

log = logging.getLogger(__name__)

DMS_CLOSED_NOTE = N_(
    "I tried to send you a turn notice by direct message, but Discord refused: your "
    "direct messages are closed to me. I mention you in the game's channel instead. To "
    "get DMs, allow direct messages from this server's members (Privacy Settings), then "
    "run `/estancia notices dm:True` again.")


async def tell_if_dms_closed(interaction: discord.Interaction) -> None:
    """After answering an interaction: tell its user, privately and once, that Discord
    refused them a DM notice (best effort; the answer itself is already given)."""
    if not interaction.response.is_done():
        return
    try:
        sessions = interaction.client.sessions  # type: ignore[attr-defined]
        if not await sessions.take_dms_closed_note(interaction.user.id):
            return
        await interaction.followup.send(_(DMS_CLOSED_NOTE), ephemeral=True)
    except Exception as error:  # noqa: BLE001 - a note after the answer: never an error
        log.warning("could not tell user %s that their DMs are closed: %r",
                    interaction.user.id, error)
