"""``/estancia …``: the slash commands. Thin: parse the input, call Sessions, answer.

Every command acknowledges at once (``defer``) because it touches the database and may
render an image; the answer then replaces the "thinking…" placeholder. Answers are
private (ephemeral) unless a command is meant to show something to the channel; public
news (a lobby opened, a move played, whose turn it is) comes from the session layer's
outbox, delivered by :mod:`bot.discord_outbox`. Refusals (:class:`SessionError`) are
answered privately by the command tree's error handler and change nothing.
"""

from __future__ import annotations

import asyncio
import io
from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_panels import acknowledge, expired, numbered_label, numbering, present_result
from bot.discord_text import (
    clip,
    clip_lines,
    hand_text,
    parse_hours_list,
    parse_options_text,
    players_range,
    seat_lines,
    settings_text,
)
from bot.sessions import GameInfo, SessionError
from games import available_games, get_game
from games.base import Decision
from renderer import render_png

if TYPE_CHECKING:
    from bot.client import EstanciaBot
    from bot.sessions import Sessions

Choice = app_commands.Choice


def resolve_game(text: str) -> str:
    """Machine name of a game from its name or title as typed (``"Kuhlorado"`` → ``"kuhlorado"``)."""
    wanted = text.strip().casefold()
    for name in available_games():
        if wanted in (name, get_game(name).title.casefold()):
            return name
    known = ", ".join(get_game(n).title for n in available_games()) or "none yet"
    raise SessionError(f"There is no game called {text!r}. Games: {known}.")


def game_choices(current: str) -> list[Choice[str]]:
    needle = current.strip().casefold()
    choices = []
    for name in available_games():
        title = get_game(name).title
        if needle in name or needle in title.casefold():
            choices.append(Choice(name=title, value=name))
    return choices[:25]


def channel_of(interaction: discord.Interaction) -> int:
    """The channel (or thread) a guild interaction comes from; games live there."""
    if interaction.channel_id is None:
        raise app_commands.NoPrivateMessage()
    return interaction.channel_id


def png_file(png: bytes, info: GameInfo) -> discord.File:
    return discord.File(io.BytesIO(png), filename=f"estancia-{info.id}-{info.version}.png")


def require_posting_rights(interaction: discord.Interaction) -> None:
    """Refuse to open a game where the bot could not post its turn messages."""
    can = interaction.app_permissions
    in_thread = isinstance(interaction.channel, discord.Thread)
    needed = {
        "View Channel": can.view_channel,
        "Send Messages in Threads" if in_thread else "Send Messages":
            can.send_messages_in_threads if in_thread else can.send_messages,
        "Attach Files": can.attach_files,
    }
    missing = [name for name, granted in needed.items() if not granted]
    if missing:
        raise SessionError(f"I cannot post the game here: I need {', '.join(missing)} in this "
                           "channel. Ask a moderator, then try again.")


def option_choice_name(label: str, group: str | None) -> str:
    return clip(f"{group} — {label}" if group else label, 100)


def move_choices(decision: Decision) -> list[tuple[str, str, int | None]]:
    """(autocomplete name, option key, number) of each option: the numbered label the
    panel shows ("3. Mark C4 (cow)") for a numbered option, else "group — label"."""
    numbers = numbering(decision)
    return [
        (clip(numbered_label(o, numbers), 100) if o.key in numbers
         else option_choice_name(o.label, o.group), o.key, numbers.get(o.key))
        for o in decision.options
    ]


@app_commands.guild_only()
class EstanciaCog(commands.GroupCog, group_name="estancia",
                  group_description="Ranching board games, played in turns in this channel"):
    def __init__(self, bot: EstanciaBot) -> None:
        self.bot = bot
        super().__init__()

    @property
    def sessions(self) -> Sessions:
        return self.bot.sessions

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if interaction.guild_id is None:
            raise app_commands.NoPrivateMessage()
        return True

    # -- helpers ---------------------------------------------------------------------
    @staticmethod
    async def think(interaction: discord.Interaction, *, public: bool = False) -> None:
        """Acknowledge first; if that came too late, the command still does its work."""
        await acknowledge(interaction, ephemeral=not public, thinking=True)

    @staticmethod
    async def reply(interaction: discord.Interaction, content: str, *,
                    file: discord.File | None = None, view: discord.ui.View | None = None) -> None:
        if expired(interaction):
            return
        await interaction.edit_original_response(
            content=clip(content, 2000), attachments=[file] if file else [], view=view)

    async def channel_game(self, interaction: discord.Interaction) -> GameInfo:
        return await self.sessions.info(channel_of(interaction))

    async def latest_game(self, interaction: discord.Interaction) -> GameInfo:
        """The open game, or else the last one finished here (its final board stays visible)."""
        try:
            return await self.channel_game(interaction)
        except SessionError:
            latest = await self.sessions.latest_info(channel_of(interaction))
            if latest.status != "finished":
                raise
            return latest

    @staticmethod
    def can_manage_channel(interaction: discord.Interaction) -> bool:
        return interaction.permissions.manage_channels

    # -- lobby -----------------------------------------------------------------------
    @app_commands.command(description="Open a lobby for a new game in this channel")
    @app_commands.describe(game="The game to play",
                           options='Variant options, e.g. "pro sheet=3"',
                           computers="Computer players to seat right away")
    async def new(self, interaction: discord.Interaction, game: str, options: str | None = None,
                  computers: app_commands.Range[int, 0, 5] = 0) -> None:
        await self.think(interaction)
        require_posting_rights(interaction)
        user = interaction.user
        info = await self.sessions.new(channel_of(interaction), interaction.guild_id, user.id,
                                       user.display_name, resolve_game(game),
                                       parse_options_text(options))
        for _ in range(computers):
            info = await self.sessions.add_computer(info.channel_id, user.id)
        await self.reply(interaction, (
            f"Lobby open for **{info.title}** ({players_range(info.min_seats, info.max_seats)}).\n"
            "Others join with `/estancia join` or the Join button; start with `/estancia start`."))

    @new.autocomplete("game")
    async def _new_game(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return game_choices(current)

    @app_commands.command(description="Take a seat in this channel's lobby")
    async def join(self, interaction: discord.Interaction) -> None:
        await self.think(interaction)
        user = interaction.user
        info = await self.sessions.join(channel_of(interaction), user.id, user.display_name)
        await self.reply(interaction, f"You joined **{info.title}**.\n" + "\n".join(seat_lines(info)))

    @app_commands.command(description="Add a computer player to this channel's lobby")
    async def computer(self, interaction: discord.Interaction) -> None:
        await self.think(interaction)
        info = await self.sessions.add_computer(channel_of(interaction), interaction.user.id)
        await self.reply(interaction, f"{info.seats[-1].name} joined.\n" + "\n".join(seat_lines(info)))

    @app_commands.command(description="Leave this channel's lobby")
    async def leave(self, interaction: discord.Interaction) -> None:
        await self.think(interaction)
        info = await self.sessions.leave(channel_of(interaction), interaction.user.id)
        await self.reply(interaction, f"You left the **{info.title}** lobby.")

    @app_commands.command(description="Start the game (the creator)")
    async def start(self, interaction: discord.Interaction) -> None:
        await self.think(interaction)
        info = await self.sessions.start(channel_of(interaction), interaction.user.id)
        await self.reply(interaction, f"**{info.title}** has started.")

    @app_commands.command(description="Cancel this channel's game (the creator or Manage Channels)")
    async def cancel(self, interaction: discord.Interaction) -> None:
        await self.think(interaction)
        info = await self.sessions.cancel(channel_of(interaction), interaction.user.id,
                                          self.can_manage_channel(interaction))
        await self.reply(interaction, f"**{info.title}** #{info.id} is cancelled.")

    # -- reading -----------------------------------------------------------------------
    @app_commands.command(description="Show the board")
    @app_commands.describe(share="Post it for everyone instead of only you")
    async def board(self, interaction: discord.Interaction, share: bool = False) -> None:
        await self.think(interaction, public=share)
        info = await self.latest_game(interaction)
        png = await self.sessions.png(info.id)
        if info.status == "finished":
            to_move = " — the game is over (final board)"
        else:
            to_move = "" if info.to_move is None else f" — {info.seats[info.to_move].name} to move"
        await self.reply(interaction, f"**{info.title}** #{info.id}{to_move}",
                         file=png_file(png, info))

    @app_commands.command(description="Your private view of the game (your hand, your sheet)")
    async def hand(self, interaction: discord.Interaction) -> None:
        await self.think(interaction)
        info = await self.latest_game(interaction)
        seated = info.seat_of(interaction.user.id) is not None
        view = await self.sessions.view(info.id, interaction.user.id)
        png = await asyncio.to_thread(render_png, info.game, view, info.names)
        hand = hand_text(view) if seated else None
        if not seated:
            note = "you have no seat in this game; this is the public view."
        elif hand:
            note = f"only you can see this.\n{hand}"
        else:
            note = "your view."
        await self.reply(interaction, f"**{info.title}** #{info.id} — {note}",
                         file=png_file(png, info))

    @app_commands.command(description="The last moves of this channel's game")
    @app_commands.describe(lines="How many lines (default 15)")
    async def log(self, interaction: discord.Interaction,
                  lines: app_commands.Range[int, 1, 50] = 15) -> None:
        await self.think(interaction)
        entries = await self.sessions.log(channel_of(interaction), lines)
        await self.reply(interaction, clip_lines(entries) if entries else "Nothing has happened yet.")

    @app_commands.command(description="A summary of a game's rules")
    @app_commands.describe(game="The game (default: the one in this channel)")
    async def rules(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await self.think(interaction)
        name = resolve_game(game) if game else (await self.latest_game(interaction)).game
        definition = get_game(name)
        summary = definition.summary or "This game has no summary yet."
        players = players_range(definition.min_seats, definition.max_seats)
        await self.reply(interaction, f"**{definition.title}** ({players})\n{summary}")

    @rules.autocomplete("game")
    async def _rules_game(self, interaction: discord.Interaction,
                          current: str) -> list[Choice[str]]:
        return game_choices(current)

    # -- playing -----------------------------------------------------------------------
    @app_commands.command(description="Play a move by typing it (or use the Your turn button)")
    @app_commands.describe(option="The move; start typing to see the legal ones")
    async def move(self, interaction: discord.Interaction, option: str) -> None:
        await self.think(interaction)
        info = await self.channel_game(interaction)
        key = await self.key_for(info.id, interaction.user.id, option)
        result = await self.sessions.play(info.id, interaction.user.id, key, None)
        await present_result(interaction, self.sessions, result, undo_button=False)

    async def key_for(self, game_id: int, user_id: int, typed: str) -> str:
        """The option key for what was typed: a key, the number the panel and the decision
        image show, or a label (as autocomplete shows it)."""
        decision, _seat = await self.sessions.decision_for(game_id, user_id)
        if decision is None:
            return typed  # the session layer says whose turn it is
        wanted = typed.strip().casefold().rstrip(".")
        for _name, key, number in move_choices(decision):
            if number is not None and wanted == str(number):
                return key
        for option, (name, key, _number) in zip(decision.options, move_choices(decision),
                                                strict=True):
            if typed.strip().casefold() in (key.casefold(), option.label.casefold(),
                                            name.casefold(),
                                            option_choice_name(option.label,
                                                               option.group).casefold()):
                return key
        return typed

    @move.autocomplete("option")
    async def _move_option(self, interaction: discord.Interaction,
                           current: str) -> list[Choice[str]]:
        try:
            info = await self.channel_game(interaction)
            decision, _seat = await self.sessions.decision_for(info.id, interaction.user.id)
        except SessionError:
            return []
        if decision is None:
            return []
        needle = current.strip().casefold().rstrip(".")
        listed = move_choices(decision)
        exact = [c for c in listed if c[2] is not None and needle == str(c[2])]
        choices = [Choice(name=name, value=key) for name, key, _number in exact]
        for name, key, _number in listed:
            if len(choices) == 25:
                break
            if (needle in name.casefold() or needle == key.casefold()) and (
                    not exact or key != exact[0][1]):
                choices.append(Choice(name=name, value=key))
        return choices

    @app_commands.command(description="Take back your last step (before anything was revealed)")
    async def undo(self, interaction: discord.Interaction) -> None:
        await self.think(interaction)
        result = await self.sessions.undo(channel_of(interaction), interaction.user.id)
        await present_result(interaction, self.sessions, result,
                             headline="You took back your last step.", undo_button=False)

    @app_commands.command(description="Turn timer settings of this channel's game")
    @app_commands.describe(timeout_hours="Hours per turn (0 switches the timer off)",
                           reminders='Reminders, in hours before the deadline, e.g. "12,2"',
                           policy="What happens at the deadline")
    async def settings(self, interaction: discord.Interaction,
                       timeout_hours: app_commands.Range[float, 0, 720] | None = None,
                       reminders: str | None = None,
                       policy: Literal["computer", "forfeit"] | None = None) -> None:
        await self.think(interaction)
        if timeout_hours is None and reminders is None and policy is None:
            info = await self.channel_game(interaction)
        else:
            try:
                hours = None if reminders is None else parse_hours_list(reminders)
            except ValueError:
                raise SessionError('Reminders are hours before the deadline, like "12,2".') from None
            info = await self.sessions.set_settings(
                channel_of(interaction), interaction.user.id,
                self.can_manage_channel(interaction), turn_timeout_hours=timeout_hours,
                reminder_hours=hours, timeout_policy=policy)
        await self.reply(interaction, settings_text(info))

