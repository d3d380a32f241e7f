"""``/estancia …``: the slash commands. Thin: parse the input, call Sessions, answer.

Every command acknowledges at once (``defer``) because it touches the database and may
render an image; the answer then replaces the "thinking…" placeholder. Answers are
private (ephemeral) unless a command is meant to show something to the channel; public
news (a lobby opened, a move played, whose turn it is) comes from the session layer's
outbox, delivered by :mod:`bot.discord_ui.outbox`. Refusals (:class:`SessionError`) are
answered privately by the command tree's error handler and change nothing.

Languages: the command tree makes the user's language (``interaction.locale``) active
for each interaction (:func:`bot.discord_ui.acknowledge.speak_to`), so private answers are in
it; what a command posts for everyone (``share:True``) is in the game's language (the
server's for a leaderboard), and a new game takes the server's language
(``interaction.guild_locale``) until ``/estancia settings language:`` changes it.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

import renderer
from bot.core import cpu, ratings, stale
from bot.core.sessions import LANGUAGE_NAMES, MAX_LOG_LINES, NOT_STARTED, GameInfo, SessionError
from bot.core.sessions.hints import hint_lines
from bot.core.timebank import TimeBank, parse_time_bank
from bot.discord_ui.acknowledge import acknowledge, expired
from bot.discord_ui.dm_note import tell_if_dms_closed
from bot.discord_ui.hand import hand_panel
from bot.discord_ui.hand_image import hand_image
from bot.discord_ui.panel_actions import present_result
from bot.discord_ui.panel_components import Components, numbered_label, numbering
from bot.discord_ui.parts import game_parts, part_answer, part_buttons
from bot.discord_ui.text import (
    LABEL_LIMIT,
    clip,
    clip_lines,
    echo,
    fit_message,
    parse_hours_list,
    parse_options_text,
    plain,
    plain_lines,
    players_range,
    seat_lines,
    settings_text,
)
from bot.discord_ui.votes import vote_text
from bot.storage.rows import RatingRow, ServerRow, SoloBest
from cogs.players import DM_COMMANDS, PlayerCommands
from games import ai, available_games, get_game, i18n
from games.ai import level_name
from games.base import Decision
from games.i18n import N_, _, _n, number, using
from renderer import leaderboard

if TYPE_CHECKING:
    from bot.core.sessions import Sessions
    from bot.discord_ui.client import EstanciaBot

Choice = app_commands.Choice
#: The computer's levels, as slash-command choices (their names translated by the tree).
LEVEL_CHOICES = [Choice(name=ai.LEVEL_NAMES[level], value=level) for level in ai.LEVELS]

#: Players shown on a leaderboard.
LEADERBOARD_SIZE = 10
#: A game's thread hides itself after a week without a message (it re-opens on the next).
THREAD_ARCHIVE_MINUTES = 10080

log = logging.getLogger(__name__)


def resolve_game(text: str) -> str:
    """Machine name of a game from its name or title as typed (``"Kuhlorado"`` → ``"kuhlorado"``)."""
    wanted = text.strip().casefold()
    for name in available_games():
        if wanted in (name, get_game(name).title.casefold()):
            return name
    known = ", ".join(get_game(n).title for n in available_games()) or _("none yet")
    raise SessionError(N_("There is no game called {name}. Games: {known}."), name=echo(text),
                       known=known)


def server_language(interaction: discord.Interaction) -> str:
    """The server's language (its community locale; English when it has none)."""
    return i18n.normalize(str(interaction.guild_locale or i18n.SOURCE))


def player_name(row: RatingRow) -> str:
    """A leaderboard line's name: a computer player is named in the active language."""
    return _("Computer") if ratings.user_of(row.player) is None else row.name


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
    # Discord's names of permissions, as its settings show them in each language.
    needed = {
        N_("View Channel"): can.view_channel,
        N_("Send Messages in Threads") if in_thread else N_("Send Messages"):
            can.send_messages_in_threads if in_thread else can.send_messages,
        N_("Attach Files"): can.attach_files,
    }
    missing = [_(name) for name, granted in needed.items() if not granted]
    if missing:
        raise SessionError(N_("I cannot post the game here: I need {missing} in this "
                              "channel. Ask a moderator, then try again."),
                           missing=", ".join(missing))


def server_text(server: ServerRow) -> str:
    """``/estancia server``: the stale-game rules in force."""
    if server.stale_days > 0:
        stalled = _(stale.RULES[server.stale_policy], days=number(server.stale_days),
                    hours=number(stale.GRACE_HOURS))
    else:
        stalled = _("Stalled games are left alone.")
    lobbies = (_("A lobby nobody starts within {days} days expires.",
                 days=number(server.lobby_days))
               if server.lobby_days > 0 else _("Lobbies never expire."))
    quiet = (_("A deadline inside the quiet hours of the player to move moves to their end.")
             if server.quiet_deadlines else
             _("Deadlines stay as they are, even inside a player's quiet hours."))
    stand_in = _("When the computer plays a player's turn or seat, it plays at the {level} "
                 "level.", level=level_name(server.computer_level))
    hints = (_("Players may ask the computer for hints (`/estancia hint`).") if server.hints
             else _("Hints are switched off."))
    return f"{stalled}\n{lobbies}\n{quiet}\n{stand_in}\n{hints}"


def stats_text(name: str, rows: list[RatingRow], solo: Sequence[SoloBest] = ()) -> str:
    """``/estancia stats``: games, wins, rating per game, the favourite game, and the best
    score of each solo game per level of its automa (solo games are not rated)."""
    if not rows and not solo:
        return _("**{name}** has no finished game on this server yet.", name=name)
    lines = []
    if rows:
        games = sum(r.games for r in rows)
        wins = sum(r.wins for r in rows)
        favourite = get_game(rows[0].game).title
        lines.append(_("**{name}** — {games}, {wins}; favourite game: {favourite}.", name=name,
                       games=_n("{n} game", "{n} games", games),
                       wins=_n("{n} win", "{n} wins", wins), favourite=favourite))
    else:
        lines.append(_("**{name}** — solo games only so far.", name=name))
    for row in rows:
        shown = ratings.Rating(row.mu, row.sigma).shown
        lines.append(_("• {game}: rating {rating} ({games}, {wins})",
                       game=get_game(row.game).title, rating=number(shown, 1, fixed=True),
                       games=_n("{n} game", "{n} games", row.games),
                       wins=_n("{n} win", "{n} wins", row.wins)))
    for best in solo:
        lines.append(_n("• {game} solo, {level}: best score {best} ({n} game)",
                        "• {game} solo, {level}: best score {best} ({n} games)", best.games,
                        game=get_game(best.game).title,
                        level=get_game(best.game).automa_level_name(best.level)
                        if best.level else "—",
                        best=best.best))
    return clip_lines(lines)


async def game_thread(interaction: discord.Interaction, title: str,
                      creator: str) -> tuple[int, int | None, str]:
    """Where a new game is played: (channel or thread id, parent channel id, a note).

    In a text channel the game gets a public thread of its own when the bot may open one,
    so one channel holds many games and stays tidy; otherwise it is played right here
    and the note says why.
    """
    channel = interaction.channel
    if not isinstance(channel, discord.TextChannel):  # already a thread, a voice chat …
        return channel_of(interaction), None, ""
    can = interaction.app_permissions
    if not (can.create_public_threads and can.send_messages_in_threads):
        return channel.id, None, "\n" + _(
            "(It is played in this channel. With Create Public Threads and Send Messages "
            "in Threads, each game gets a thread of its own.)")
    try:
        thread = await channel.create_thread(
            name=clip(f"{title} — {creator}", 100), type=discord.ChannelType.public_thread,
            auto_archive_duration=THREAD_ARCHIVE_MINUTES, reason="Estancia: a new game")
    except discord.HTTPException as error:
        log.warning("could not open a thread in channel %s: HTTP %s", channel.id, error.status)
        return channel.id, None, "\n" + _(
            "(I could not open a thread for it, so it is played here.)")
    return thread.id, channel.id, ""


def clock_option(options: dict[str, object]) -> TimeBank | None:
    """Take ``clock=3d+12h`` out of a new game's options (the platform's clock, not the
    game's rules; :func:`bot.core.timebank.parse_time_bank`)."""
    if "clock" not in options:
        return None
    value = options.pop("clock")
    if value is False:
        return None
    return parse_time_bank("" if value is True else str(value))


def option_choice_name(label: str, group: str | None) -> str:
    return clip(f"{group} — {label}" if group else label, LABEL_LIMIT)


def move_choices(decision: Decision) -> list[tuple[str, str, int | None]]:
    """(autocomplete name, option key, number) of each option: the numbered label the
    panel shows ("3. Mark C4 (cow)") for a numbered option, else "group — label"."""
    numbers = numbering(decision)
    return [
        (clip(numbered_label(o, numbers), LABEL_LIMIT) if o.key in numbers
         else option_choice_name(o.label, o.group), o.key, numbers.get(o.key))
        for o in decision.options
    ]


# Servers and direct messages to the bot: in a DM only the commands about a player (their
# turns, notices, vacation) run; the others say so (interaction_check).
@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
class EstanciaCog(PlayerCommands, commands.GroupCog, group_name="estancia",
                  group_description="Ranching board games, played in turns in this channel"):
    def __init__(self, bot: EstanciaBot) -> None:
        self.bot = bot
        super().__init__()

    @property
    def sessions(self) -> Sessions:
        return self.bot.sessions

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if interaction.guild_id is None:
            command = interaction.command
            if command is None or command.name not in DM_COMMANDS:
                raise app_commands.NoPrivateMessage()
        return True

    # -- helpers ---------------------------------------------------------------------
    @staticmethod
    async def think(interaction: discord.Interaction, *, public: bool = False) -> None:
        """Acknowledge first; if that came too late, the command still does its work."""
        await acknowledge(interaction, ephemeral=not public, thinking=True)

    @staticmethod
    async def reply(interaction: discord.Interaction, content: str, *,
                    file: discord.File | None = None, view: discord.ui.View | None = None,
                    files: Sequence[discord.File] = ()) -> None:
        if expired(interaction):
            return
        await interaction.edit_original_response(
            content=fit_message(content), attachments=[file, *files] if file else list(files),
            view=view)
        await tell_if_dms_closed(interaction)  # once, after a refused DM notice

    async def channel_game(self, interaction: discord.Interaction) -> GameInfo:
        return await self.sessions.info(channel_of(interaction))

    async def latest_game(self, interaction: discord.Interaction) -> GameInfo:
        """The open game, or else the last one finished here (its final board stays
        visible) — also in the channel a game's thread was opened from, where its recap is
        posted (:meth:`Sessions.game_here`)."""
        return await self.sessions.game_here(channel_of(interaction))

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
        name = resolve_game(game)
        try:
            parsed = parse_options_text(options)
            bank = clock_option(parsed)  # not the game's: the platform's clock
        except ValueError as why:
            raise SessionError.verbatim(str(why)) from None
        self.sessions.check_options(name, parsed)  # before a thread is opened for nothing
        solo = sorted(get_game(name).solo_options & set(parsed))
        if solo and computers:
            raise SessionError(N_(
                "{options} means the solo game (one seat, against the game's automa): leave "
                "out computers, or leave out {options} for a game with computer players."),
                options=", ".join(solo))
        channel_id, parent_id, note = await game_thread(interaction, get_game(name).title,
                                                        user.display_name)
        info = await self.sessions.new(channel_id, interaction.guild_id, user.id,
                                       user.display_name, name, parsed, parent_id=parent_id,
                                       language=server_language(interaction), time_bank=bank)
        thread = f"<#{channel_id}>" if parent_id is not None else None
        if info.status == "active":  # a solo game (its options said so) starts at once
            automa = await self.sessions.automa(info.id)
            title = (f"**{info.title}**" if automa is None else
                     _("**{title}** against {automa}", title=info.title, automa=automa.label()))
            text = (_("Your solo game of {title} has started in {thread}: the board and "
                      "your turn are in the channel.", title=title, thread=thread)
                    if thread else
                    _("Your solo game of {title} has started: the board and your turn are "
                      "in the channel.", title=title))
            await self.reply(interaction, text + note)
            return
        for _seat in range(computers):
            info = await self.sessions.add_computer(info.channel_id, user.id)
        players = players_range(info.min_seats, info.max_seats)
        text = (_("Lobby open in {thread} for **{title}** ({players}).\nOthers join there "
                  "with `/estancia join` or the Join button; start with `/estancia start`.",
                  thread=thread, title=info.title, players=players)
                if thread else
                _("Lobby open for **{title}** ({players}).\nOthers join with `/estancia join` "
                  "or the Join button; start with `/estancia start`.", title=info.title,
                  players=players))
        await self.reply(interaction, text + note)

    @new.autocomplete("game")
    async def _new_game(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return game_choices(current)

    @app_commands.command(description="Take a seat in this channel's lobby")
    async def join(self, interaction: discord.Interaction) -> None:
        await self.think(interaction)
        user = interaction.user
        info = await self.sessions.join(channel_of(interaction), user.id, user.display_name)
        await self.reply(interaction, "\n".join([_("You joined **{title}**.", title=info.title),
                                                 *seat_lines(info)]))

    @app_commands.command(description="Add a computer player to this channel's lobby")
    @app_commands.describe(level="How well it plays (default: normal)")
    @app_commands.choices(level=LEVEL_CHOICES)
    async def computer(self, interaction: discord.Interaction, level: str | None = None) -> None:
        await self.think(interaction)
        info = await self.sessions.add_computer(channel_of(interaction), interaction.user.id,
                                                level)
        await self.reply(interaction, "\n".join([_("{name} joined.", name=plain(info.seats[-1].name)),
                                                 *seat_lines(info)]))

    @app_commands.command(description="Leave this channel's lobby")
    @app_commands.describe(confirm="In a running game: yes, I forfeit it")
    async def leave(self, interaction: discord.Interaction, confirm: bool = False) -> None:
        await self.think(interaction)
        before = await self.channel_game(interaction)
        if before.status == "active" and before.seat_of(interaction.user.id) is not None:
            if not confirm:
                warning = (N_("**{title}** is under way: leaving forfeits it (the computer "
                              "plays your seat from now on and you rank last). To leave "
                              "anyway: `/estancia leave confirm:True`.")
                           if len(before.seats) - len(before.forfeits) > 2 else
                           N_("**{title}** is under way: leaving forfeits it (the game ends "
                              "and the other player wins). To leave anyway: "
                              "`/estancia leave confirm:True`."))
                await self.reply(interaction, _(warning, title=before.title))
                return
            info = await self.sessions.leave(channel_of(interaction), interaction.user.id)
            await self.reply(interaction, _("You left **{title}** and forfeited.",
                                            title=info.title))
            return
        info = await self.sessions.leave(channel_of(interaction), interaction.user.id)
        await self.reply(interaction, _("You left the **{title}** lobby.", title=info.title))

    @app_commands.command(description="Start the game (the creator)")
    async def start(self, interaction: discord.Interaction) -> None:
        await self.think(interaction)
        info = await self.sessions.start(channel_of(interaction), interaction.user.id)
        await self.reply(interaction, _("**{title}** has started.", title=info.title))

    @app_commands.command(description="Cancel this channel's game (the creator or Manage Channels)")
    async def cancel(self, interaction: discord.Interaction) -> None:
        await self.think(interaction)
        info = await self.sessions.cancel(channel_of(interaction), interaction.user.id,
                                          self.can_manage_channel(interaction))
        await self.reply(interaction, _("**{title}** #{id} is cancelled.", title=info.title,
                                        id=info.id))

    # -- reading -----------------------------------------------------------------------
    @app_commands.command(description="Show the board")
    @app_commands.describe(share="Post it for everyone instead of only you",
                           part="A part of the board the posted board leaves out (market, …)")
    async def board(self, interaction: discord.Interaction, share: bool = False,
                    part: str | None = None) -> None:
        await self.think(interaction, public=share)
        info = await self.latest_game(interaction)
        viewer = None if share else interaction.user.id
        with using(info.language if share else i18n.current()):  # for everyone: the game's
            if part:
                text, image = await part_answer(self.sessions, info.id, viewer, part.strip())
                await self.reply(interaction, text, file=image)
                return
            png = await self.sessions.png(info.id)
            if info.status == "finished":
                text = _("**{title}** #{id} — the game is over (final board)", title=info.title,
                         id=info.id)
            elif info.to_move is not None:
                text = _("**{title}** #{id} — {name} to move", title=info.title, id=info.id,
                         name=plain(info.seats[info.to_move].name))
            else:
                text = f"**{info.title}** #{info.id}"
            buttons = part_buttons(info.id, await game_parts(self.sessions, info.id, viewer))
        view = None
        if buttons:
            view = Components()
            for button in buttons:
                view.add_item(button)
        await self.reply(interaction, text, file=png_file(png, info), view=view)

    @board.autocomplete("part")
    async def _board_part(self, interaction: discord.Interaction,
                          current: str) -> list[Choice[str]]:
        try:
            info = await self.latest_game(interaction)
            parts = await game_parts(self.sessions, info.id, interaction.user.id)
        except SessionError:
            return []
        needle = current.strip().casefold()
        return [Choice(name=clip(name, 100), value=key) for key, name in parts
                if needle in name.casefold() or needle in key][:25]

    @app_commands.command(description="An animated replay of this channel's last finished game")
    @app_commands.describe(share="Post it for everyone instead of only you")
    async def replay(self, interaction: discord.Interaction, share: bool = False) -> None:
        await self.think(interaction, public=share)
        info = await self.latest_game(interaction)
        with using(info.language if share else i18n.current()):  # for everyone: the game's
            gif = await self.sessions.replay_gif(info.id)
            text = _("**{title}** #{id} — the game turn by turn.", title=info.title, id=info.id)
        await self.reply(interaction, text,
                         file=discord.File(io.BytesIO(gif), filename=f"estancia-{info.id}.gif"))

    @app_commands.command(description="Your private view of the game (your hand, your sheet)")
    async def hand(self, interaction: discord.Interaction) -> None:
        """The seat's view as an image, what it holds, and what it may do outside the
        pending decision (an exchange token on another's turn) as buttons: the hand panel
        (:mod:`bot.discord_ui.hand`)."""
        await self.think(interaction)
        info = await self.latest_game(interaction)
        seen = await self.sessions.seat_view(info.id, interaction.user.id)
        if seen.view is None:
            raise SessionError(NOT_STARTED)
        info = seen.info
        png = await cpu.run(cpu.render_png, renderer.RENDERERS[info.game], seen.view,
                            info.names, i18n.current())
        files = [png_file(png, info)]
        view = None
        if info.seat_of(interaction.user.id) is None:
            text = _("**{title}** #{id} — you have no seat in this game; this is the public "
                     "view.", title=info.title, id=info.id)
        elif seen.holdings is None and seen.side is None:
            text = _("**{title}** #{id} — your view.", title=info.title, id=info.id)
        else:
            panel = hand_panel(seen)
            text, view = panel.content, panel.view
            files += await hand_image(seen)
        await self.reply(interaction, text, files=files, view=view)

    @app_commands.command(description="The last moves of this channel's game")
    @app_commands.describe(lines="How many lines (default 15)")
    async def log(self, interaction: discord.Interaction,
                  lines: app_commands.Range[int, 1, MAX_LOG_LINES] = 15) -> None:
        await self.think(interaction)
        info = await self.latest_game(interaction)
        # (Discord checks the range; a forged interaction is bounded by the session layer)
        entries = await self.sessions.log_of(info.id, lines)
        await self.reply(interaction, clip_lines(plain_lines(entries)) if entries
                         else _("Nothing has happened yet."))

    @app_commands.command(description="A summary of a game's rules")
    @app_commands.describe(game="The game (default: the one in this channel)")
    async def rules(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await self.think(interaction)
        name = resolve_game(game) if game else (await self.latest_game(interaction)).game
        definition = get_game(name)
        summary = (_(definition.summary) if definition.summary
                   else _("This game has no summary yet."))
        players = players_range(definition.min_seats, definition.max_seats)
        await self.reply(interaction, f"**{definition.title}** ({players})\n{summary}")

    @rules.autocomplete("game")
    async def _rules_game(self, interaction: discord.Interaction,
                          current: str) -> list[Choice[str]]:
        return game_choices(current)

    # -- pause and vacation --------------------------------------------------------------
    @app_commands.command(description="Pause this game: no turn timer, no moves (all agree)")
    async def pause(self, interaction: discord.Interaction) -> None:
        await self.think(interaction)
        info, done = await self.sessions.pause(channel_of(interaction), interaction.user.id)
        await self.reply(interaction, vote_text("pause", done, info.title))

    @app_commands.command(description="Resume a paused game (all agree)")
    async def resume(self, interaction: discord.Interaction) -> None:
        await self.think(interaction)
        info, done = await self.sessions.resume(channel_of(interaction), interaction.user.id)
        await self.reply(interaction, vote_text("resume", done, info.title))

    @app_commands.command(description="Away for a while: your turns' clocks wait in all games")
    @app_commands.describe(days="How many days (0: you are back)")
    async def vacation(self, interaction: discord.Interaction,
                       days: app_commands.Range[float, 0, 60]) -> None:
        await self.think(interaction)
        until = await self.sessions.vacation(interaction.user.id, days)
        await self.reply(interaction, (
            _("Enjoy! Until {time} the clocks of your turns wait, in every game.",
              time=f"<t:{int(until)}:f>")
            if until is not None else _("Welcome back: your turns' clocks run again.")))

    # -- server ------------------------------------------------------------------------
    @app_commands.command(description="This server's rules for stalled games and old lobbies")
    @app_commands.describe(stale_days="Days without a move before a game is warned (0: never)",
                           lobby_days="Days before a lobby nobody started expires (0: never)",
                           stale_policy="A day after the warning: what happens",
                           quiet_deadlines="A deadline inside the quiet hours of the player "
                                           "to move moves to their end",
                           computer_level="How well the computer plays a timed-out or "
                                          "forfeited seat",
                           hints="Whether players may ask the computer for hints")
    @app_commands.choices(computer_level=LEVEL_CHOICES)
    async def server(self, interaction: discord.Interaction,
                     stale_days: app_commands.Range[float, 0, 365] | None = None,
                     lobby_days: app_commands.Range[float, 0, 365] | None = None,
                     stale_policy: Literal["computer", "forfeit", "cancel"] | None = None,
                     quiet_deadlines: bool | None = None,
                     computer_level: str | None = None,
                     hints: bool | None = None) -> None:
        await self.think(interaction)
        guild = interaction.guild_id or 0
        if (stale_days, lobby_days, stale_policy, quiet_deadlines, computer_level,
                hints) == (None,) * 6:
            current = await self.sessions.server(guild)
        elif not interaction.permissions.manage_guild:
            raise SessionError(N_("Only someone who can manage this server can change that."))
        else:
            current = await self.sessions.set_server(guild, stale_days=stale_days,
                                                     lobby_days=lobby_days,
                                                     stale_policy=stale_policy,
                                                     quiet_deadlines=quiet_deadlines,
                                                     computer_level=computer_level,
                                                     hints=hints)
        await self.reply(interaction, server_text(current))

    # -- ratings -----------------------------------------------------------------------
    @app_commands.command(description="The best rated players of a game on this server")
    @app_commands.describe(game="The game (default: the one in this channel)",
                           share="Post it for everyone instead of only you")
    async def leaderboard(self, interaction: discord.Interaction, game: str | None = None,
                          share: bool = False) -> None:
        await self.think(interaction, public=share)
        name = resolve_game(game) if game else (await self.latest_game(interaction)).game
        title = get_game(name).title
        rows = await self.sessions.leaderboard(interaction.guild_id or 0, name, LEADERBOARD_SIZE)
        with using(server_language(interaction) if share else i18n.current()):
            lines = [leaderboard.Line(player_name(r), ratings.Rating(r.mu, r.sigma).shown,
                                      r.games, r.wins) for r in rows]
            heading = _("{title} — leaderboard", title=title)
            png = await cpu.run(leaderboard.render_png, heading, lines, i18n.current())
            text = (_("**{title}** — the best rated players of this server", title=title)
                    if rows else
                    _("**{title}** — no rated game on this server yet: ratings change when a "
                      "game ends.", title=title))
        await self.reply(interaction, text, file=discord.File(
            io.BytesIO(png), filename=f"leaderboard-{name}.png"))

    @leaderboard.autocomplete("game")
    async def _leaderboard_game(self, interaction: discord.Interaction,
                                current: str) -> list[Choice[str]]:
        return game_choices(current)

    @app_commands.command(description="A player's games, wins and ratings on this server")
    @app_commands.describe(user="The player (default: you)")
    async def stats(self, interaction: discord.Interaction,
                    user: discord.User | None = None) -> None:
        # (a User, not a Member: the player may have left the server since)
        await self.think(interaction)
        who = user or interaction.user
        rows = await self.sessions.player_stats(interaction.guild_id or 0, who.id)
        solo = await self.sessions.solo_bests(interaction.guild_id or 0, who.id)
        await self.reply(interaction, stats_text(plain(who.display_name), rows, solo))

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
        for _name, key, numbered in move_choices(decision):
            if numbered is not None and wanted == str(numbered):
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

    @app_commands.command(description="The computer's suggestion for your decision (private)")
    async def hint(self, interaction: discord.Interaction) -> None:
        await self.think(interaction)
        info = await self.channel_game(interaction)
        hint = await self.sessions.hint(info.id, interaction.user.id)
        await self.reply(interaction, fit_message("\n".join(hint_lines(hint, bold=True))))

    @app_commands.command(description="Take back your last step (before anything was revealed)")
    async def undo(self, interaction: discord.Interaction) -> None:
        await self.think(interaction)
        result = await self.sessions.undo(channel_of(interaction), interaction.user.id)
        await present_result(interaction, self.sessions, result,
                             headline=_("You took back your last step."), undo_button=False)

    @app_commands.command(description="Turn timer and language of this channel's game")
    @app_commands.describe(timeout_hours="Hours per turn (0 switches the timer off)",
                           reminders='Reminders, in hours before the deadline, e.g. "12,2"',
                           policy="What happens at the deadline",
                           language="The language of the game's posts in the channel",
                           clock='A time bank: reserve+gain per move[/cap], e.g. "3d+12h" '
                                 '(or "off")')
    @app_commands.choices(language=[Choice(name=LANGUAGE_NAMES[code], value=code)
                                    for code in i18n.LANGUAGES])
    async def settings(self, interaction: discord.Interaction,
                       timeout_hours: app_commands.Range[float, 0, 720] | None = None,
                       reminders: str | None = None,
                       policy: Literal["computer", "forfeit"] | None = None,
                       language: str | None = None, clock: str | None = None) -> None:
        await self.think(interaction)
        if clock is not None:
            try:
                bank = parse_time_bank(clock)
            except ValueError as why:
                raise SessionError.verbatim(str(why)) from None
            info = await self.sessions.set_clock(channel_of(interaction), interaction.user.id,
                                                 self.can_manage_channel(interaction), bank)
        if (timeout_hours, reminders, policy, language) == (None, None, None, None):
            info = await self.channel_game(interaction)
        else:
            try:
                hours = None if reminders is None else parse_hours_list(reminders)
            except ValueError:
                raise SessionError(N_('Reminders are hours before the deadline, like "12,2" '
                                      '(or "none").')) from None
            info = await self.sessions.set_settings(
                channel_of(interaction), interaction.user.id,
                self.can_manage_channel(interaction), turn_timeout_hours=timeout_hours,
                reminder_hours=hours, timeout_policy=policy, language=language)
        await self.reply(interaction, settings_text(info))

