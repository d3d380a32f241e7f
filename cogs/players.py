"""The ``/estancia`` commands about a player rather than one game: ``turns`` (their games
in one list) and ``notices`` (DMs, time zone, quiet hours). Both work in a server and in a
direct message to the bot (as ``vacation`` does); mixed into :class:`cogs.estancia.EstanciaCog`.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.core.quiet import zone_names
from bot.discord_ui.dm_note import DMS_CLOSED_NOTE
from bot.discord_ui.turns import prefs_text, turns_message
from games import i18n
from games.i18n import N_, _

if TYPE_CHECKING:
    from discord.ext.commands import Cog as CogMixin

    from bot.core.sessions import Sessions
else:
    # For the type checker the mixin is the cog it always goes into (app commands are
    # methods of a cog); at run time it stays a plain class that EstanciaCog takes in.
    CogMixin = object

log = logging.getLogger(__name__)

#: The subcommands that also work in a direct message to the bot.
DM_COMMANDS = frozenset({"turns", "notices", "vacation"})
#: Discord's "Cannot send messages to this user".
DMS_CLOSED = 50007
WELCOME_FAILED = N_("I could not send you a first direct message just now; I will try "
                    "again when your turn comes.")
WELCOME_DM = N_("Your Estancia turn notices will come here: one when your turn begins and "
                "one at each reminder, with a small board and a link to the game.")


class PlayerCommands(CogMixin):
    """``/estancia turns`` and ``/estancia notices`` (see the module docstring)."""

    if TYPE_CHECKING:
        @property
        def sessions(self) -> Sessions: ...

        async def think(self, interaction: discord.Interaction, *,
                        public: bool = False) -> None: ...

        async def reply(self, interaction: discord.Interaction, content: str, *,
                        view: discord.ui.View | discord.ui.LayoutView | None = None
                        ) -> None: ...

    @app_commands.command(description="The games where it is your turn, and your other games")
    async def turns(self, interaction: discord.Interaction) -> None:
        await self.think(interaction)
        user = interaction.user.id
        everywhere = interaction.guild_id is None
        games = await self.sessions.my_games(user, None if everywhere else interaction.guild_id)
        client = interaction.client

        def server_of(guild_id: int | None) -> str | None:
            guild = client.get_guild(guild_id) if guild_id is not None else None
            return guild.name if guild is not None else None

        text, view = turns_message(games, server_of, everywhere=everywhere)
        await self.reply(interaction, text, view=view)

    @app_commands.command(description="Your turn notices: direct messages, time zone, quiet hours")
    @app_commands.describe(dm="Turn notices by direct message, with a small board",
                           time_zone="Your time zone, e.g. Europe/Paris (start typing a city)",
                           quiet_hours='No pings or notices then, e.g. "22:00-08:00" (or "off")')
    async def notices(self, interaction: discord.Interaction, dm: bool | None = None,
                      time_zone: str | None = None, quiet_hours: str | None = None) -> None:
        await self.think(interaction)
        user = interaction.user.id
        if (dm, time_zone, quiet_hours) == (None, None, None):
            prefs = await self.sessions.prefs(user)
        else:
            was = await self.sessions.prefs(user)
            prefs = await self.sessions.set_prefs(user, dm=dm, time_zone=time_zone,
                                                  quiet_hours=quiet_hours,
                                                  language=i18n.current())
            if dm and not (was.dm_notices and not was.dms_closed):
                note = await self._welcome(interaction)
                if note is not None:
                    prefs = await self.sessions.prefs(user)
                    await self.reply(interaction, f"{note}\n{prefs_text(prefs, self.sessions.clock())}")
                    return
        await self.reply(interaction, prefs_text(prefs, self.sessions.clock()))

    async def _welcome(self, interaction: discord.Interaction) -> str | None:
        """A first DM when notices are switched on: it tells at once whether Discord lets
        the bot write to the player. The refusal's text (None: delivered)."""
        try:
            channel = await interaction.client.create_dm(interaction.user)
            await channel.send(_(WELCOME_DM))
        except discord.HTTPException as failed:
            if failed.code != DMS_CLOSED:
                log.warning("welcome DM to user %s failed: HTTP %s (code %s)",
                            interaction.user.id, failed.status, failed.code)
                return _(WELCOME_FAILED)
            await self.sessions.dms_refused(interaction.user.id)
            await self.sessions.take_dms_closed_note(interaction.user.id)  # told right here
            return _(DMS_CLOSED_NOTE)
        return None

    @notices.autocomplete("time_zone")
    async def _time_zones(self, interaction: discord.Interaction,
                          current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=name, value=name) for name in zone_names(current)]
