"""The public "Agree" button under a request to pause or resume a game.

Tapping it is the same as typing ``/estancia pause`` (or ``resume``) in the game's
channel: the session layer counts the vote, and the game pauses (or resumes) once every
seated player agreed. It is a DynamicItem, so a button sent before a restart still works.
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import ui

from bot.core.sessions import SessionError
from bot.discord_ui.acknowledge import acknowledge, answer_privately, guarded, sessions_of
from games.i18n import N_, _

VERBS = ("pause", "resume")


def vote_text(verb: str, done: bool, title: str) -> str:
    if done:
        return (_("**{title}** is paused.", title=title) if verb == "pause"
                else _("**{title}** is running again.", title=title))
    return (_("You agreed to pause **{title}**; the game waits for the others.", title=title)
            if verb == "pause" else
            _("You agreed to resume **{title}**; the game waits for the others.", title=title))


async def vote(interaction: discord.Interaction, game_id: int, verb: str) -> None:
    await acknowledge(interaction, ephemeral=True, thinking=True)
    sessions = sessions_of(interaction)
    info = await sessions.info_by_id(game_id)
    if info.status != "active":
        raise SessionError(N_("This game is over."))
    ask = sessions.pause if verb == "pause" else sessions.resume
    info, done = await ask(info.channel_id, interaction.user.id)
    await answer_privately(interaction, vote_text(verb, done, info.title))


class VoteButton(ui.DynamicItem[ui.Button],
                 template=r"est:vote:(?P<game>\d{1,20}):(?P<verb>pause|resume)"):
    def __init__(self, game_id: int, verb: str) -> None:
        label = _("Agree to pause") if verb == "pause" else _("Agree to resume")
        super().__init__(ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                   custom_id=f"est:vote:{game_id}:{verb}"))
        self.game_id = game_id
        self.verb = verb

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: re.Match[str]) -> VoteButton:
        return cls(int(match["game"]), match["verb"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, vote(interaction, self.game_id, self.verb))
