"""The Discord client: connects the session layer to Discord.

* Intents: ``guilds`` only — slash commands and components need nothing privileged (no
  message content, no member list).
* ``setup_hook`` opens the database and :class:`Sessions`, loads the ``/estancia`` cog,
  registers the DynamicItem templates (so every button ever sent keeps working after a
  restart), syncs the commands (to ``DEV_GUILD_ID`` at once, else globally), and starts
  the outbox deliverer and the turn-timer scheduler.
* :func:`run_bot` runs it until interrupted. The token is passed to discord.py and never
  logged.
* Sharding (``SHARD_COUNT``, ``SHARD_IDS``): :func:`make_bot` builds a
  :class:`ShardedEstanciaBot` that connects only this process's shards; several processes
  share one PostgreSQL database. Every process delivers announcements and fires timers
  (each claimed by one process at a time, see :mod:`bot.storage.store`); the process
  that runs shard 0 syncs the slash commands.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import time
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands

from bot.core import cpu
from bot.core.scheduler import Scheduler
from bot.core.sessions import SessionError, Sessions
from bot.discord_ui.acknowledge import (
    REFUSED,
    AlreadyAcknowledged,
    answer_privately,
    answering,
    speak_to,
    unexpected,
)
from bot.discord_ui.dm_note import tell_if_dms_closed
from bot.discord_ui.hand import HAND_ITEMS
from bot.discord_ui.notices import NoticeDeliverer
from bot.discord_ui.outbox import OutboxDeliverer
from bot.discord_ui.panel_items import DYNAMIC_ITEMS
from bot.discord_ui.parts import PART_ITEMS
from bot.discord_ui.startup import HEARTBEAT_EVERY, StartFailure, beat
from bot.discord_ui.text import IN_DIRECT_MESSAGES, NOT_IN_GUILD
from bot.discord_ui.votes import VoteButton
from bot.logs import started
from bot.settings import Settings, shard_of
from bot.storage.store import Store, open_store
from cogs.estancia import EstanciaCog
from cogs.translator import CatalogueTranslator
from games.i18n import N_, _

log = logging.getLogger(__name__)

#: The answer to a command this version does not have (or has changed since).
OUTDATED_COMMAND = N_("That command has changed since your Discord app loaded it: reload "
                      "Discord (Ctrl+R, or close and reopen the app) and try again.")
#: How long a stop waits for the interactions being answered (``docker stop`` waits 10 s
#: before it kills; an answer normally takes well under a second).
FINISH_ANSWERS = 5.0


class EstanciaTree(app_commands.CommandTree):
    """Answers every refusal privately, in the user's language; only unexpected errors
    are logged."""

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        # Before any command or autocomplete runs: the user's language for the whole
        # handling of this interaction, refusals (``on_error``) included.
        answering(interaction)
        speak_to(interaction)
        return True

    async def on_error(self, interaction: discord.Interaction,
                       error: app_commands.AppCommandError) -> None:
        original = getattr(error, "original", error)
        if isinstance(original, AlreadyAcknowledged):
            return  # the other delivery of this interaction answers it
        if isinstance(original, SessionError):
            text = str(original)
        elif isinstance(error, app_commands.CommandNotFound | app_commands.CommandSignatureMismatch):
            # A Discord client that still shows the commands of an older version.
            log.info("interaction %s: a command this version does not have (%s)",
                     interaction.id, error)
            text = _(OUTDATED_COMMAND)
        elif isinstance(error, app_commands.NoPrivateMessage):
            text = f"{_(NOT_IN_GUILD)} {_(IN_DIRECT_MESSAGES)}"
        elif isinstance(error, app_commands.CheckFailure):
            text = _("You cannot use this command here.")
        else:
            log.error("command %s failed", interaction.command and interaction.command.qualified_name,
                      exc_info=original)
            text = unexpected()
        try:
            await answer_privately(interaction, text)
        except (*REFUSED, AlreadyAcknowledged):
            log.warning("could not answer interaction %s (%s)", interaction.id, text)
            return
        await tell_if_dms_closed(interaction)


class EstanciaBot(commands.Bot):
    """The bot.

    ``sessions`` shares an already open session layer (tests), ``clock`` is the Unix time
    the outbox retries are counted in (the session layer's), and ``background_tasks=False``
    leaves the outbox deliverer and the scheduler to be driven by hand (tests).
    """

    def __init__(self, settings: Settings, *, sessions: Sessions | None = None,
                 clock: Callable[[], float] = time.time, background_tasks: bool = True,
                 **options: Any) -> None:
        # Estancia has no voice: spare the log discord.py's notices about voice libraries.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents(guilds=True),
            tree_cls=EstanciaTree,
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            # A long rate limit raises (the outbox retries later) instead of blocking.
            max_ratelimit_timeout=30.0,
            **options,
        )
        self.settings = settings
        self.clock = clock
        self._sessions = sessions
        self._owns_store: Store | None = None
        self.background_tasks = background_tasks
        self.outbox: OutboxDeliverer | None = None
        self.notices: NoticeDeliverer | None = None
        self.scheduler: Scheduler | None = None
        self._tasks: list[asyncio.Task[None]] = []
        #: The tasks answering interactions now (a stop lets them finish first).
        self._answers: set[asyncio.Task[Any]] = set()

    @property
    def sessions(self) -> Sessions:
        if self._sessions is None:
            raise RuntimeError("the session layer opens in setup_hook")
        return self._sessions

    async def setup_hook(self) -> None:
        if self._sessions is None:
            path = Path(self.settings.estancia_db)
            path.parent.mkdir(parents=True, exist_ok=True)
            url = self.settings.database_url
            try:
                self._owns_store = await open_store(path, url.get_secret_value() if url else None)
            except Exception as why:
                if url is None:
                    raise
                raise StartFailure(NO_DATABASE.format(why=_short(why))) from None
            self._sessions = Sessions(self._owns_store, self.settings, clock=self.clock)
        self.outbox = OutboxDeliverer(self, self.sessions, clock=self.clock)
        self.sessions.on_outbox(self.outbox.wake)
        self.notices = NoticeDeliverer(self, self.sessions, clock=self.clock)
        self.sessions.on_notices(self.notices.wake)
        await self.add_cog(EstanciaCog(self))
        await self.tree.set_translator(CatalogueTranslator())
        self.add_dynamic_items(*DYNAMIC_ITEMS, *HAND_ITEMS, *PART_ITEMS, VoteButton)
        await self.sync_commands()
        started()  # logged in, commands synced: the start's INFO lines may be written
        await cpu.warm_up()  # the first board after a start waits for no worker to start
        # A game left with a computer to move (each process its own shards' games).
        await self.sessions.resume_computers(self.owns_guild)
        if self.background_tasks:
            self._start(self.outbox.run(), "estancia-outbox")
            self._start(self.notices.run(), "estancia-notices")
            self.scheduler = Scheduler(self.sessions)  # wakes itself on timer changes
            self.scheduler.start()
            self._start(self._heartbeat(), "estancia-heartbeat")

    async def _heartbeat(self) -> None:
        """Touch the liveness file while connected (``estancia health`` reads it)."""
        await self.wait_until_ready()
        while True:
            if self.is_ready() and not self.is_closed():
                try:
                    await asyncio.to_thread(beat, Path(self.settings.estancia_db))
                except OSError as why:
                    log.warning("cannot write the liveness file: %s", why)
            await asyncio.sleep(HEARTBEAT_EVERY)

    def owns_guild(self, guild_id: int | None) -> bool:
        """Whether this process connects the shard of this guild (always, unsharded; a
        game with no guild belongs to shard 0's process)."""
        shards, count = self.settings.own_shards, self.settings.shard_count
        if shards is None or count is None:
            return True
        return (0 if guild_id is None else shard_of(guild_id, count)) in shards

    async def sync_commands(self) -> None:
        if not self.owns_guild(None):
            log.info("slash commands are synced by the process that runs shard 0")
            return
        guild_id = self.settings.dev_guild_id
        if guild_id:
            guild = discord.Object(guild_id)
            self.tree.copy_global_to(guild=guild)
            try:
                synced = await self.tree.sync(guild=guild)
            except discord.Forbidden as refused:
                raise StartFailure(NOT_IN_DEV_GUILD.format(
                    guild=guild_id, why=refused.text or "Missing Access")) from None
            log.info("synced %d commands to the development guild %s", len(synced), guild_id)
        else:
            synced = await self.tree.sync()
            log.info("synced %d global commands (they may take a while to appear)", len(synced))

    def _start(self, coroutine: Coroutine[Any, Any, None], name: str) -> None:
        task = asyncio.create_task(coroutine, name=name)
        task.add_done_callback(_report_crash)
        self._tasks.append(task)

    async def on_ready(self) -> None:
        log.info("connected as %s (%s) to %d guilds", self.user, self.user and self.user.id,
                 len(self.guilds))

    def answering(self, task: asyncio.Task[Any]) -> None:
        """``task`` answers an interaction (see :func:`bot.discord_ui.acknowledge.answering`)."""
        self._answers.add(task)
        task.add_done_callback(self._answers.discard)

    async def finish_answers(self, within: float = FINISH_ANSWERS) -> None:
        """Let the interactions being answered finish, at most ``within`` seconds: a tap
        whose move is stored must not lose its answer to the HTTP session closing under
        it. Taps that arrive meanwhile are answered too."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + within
        told = False
        while pending := [t for t in self._answers if not t.done()]:
            left = deadline - loop.time()
            if left <= 0:
                log.warning("stopping with %d interaction(s) still being answered",
                            len(pending))
                return
            if not told:
                log.info("finishing the answers to %d interaction(s) first", len(pending))
                told = True
            await asyncio.wait(pending, timeout=left)

    async def close(self) -> None:
        await self.finish_answers()
        if self.scheduler is not None:
            await self.scheduler.stop()
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._tasks.clear()
        if self._sessions is not None:
            await self._sessions.close()  # computer seats stop; they resume at the next start
        await super().close()
        if self._owns_store is not None:
            await self._owns_store.close()
            self._owns_store = None


class ShardedEstanciaBot(EstanciaBot, commands.AutoShardedBot):
    """The bot on the shards ``SHARD_IDS`` of ``SHARD_COUNT`` (discord.py's
    AutoShardedClient: one gateway connection per shard, in this one process)."""


def make_bot(settings: Settings, **options: Any) -> EstanciaBot:
    """The bot for these settings: sharded when ``SHARD_COUNT`` is set."""
    if settings.shard_count is None:
        return EstanciaBot(settings, **options)
    shards = list(settings.own_shards or ())
    log.info("connecting shards %s of %d", ",".join(map(str, shards)), settings.shard_count)
    if settings.shard_ids is not None and settings.database_url is None:
        log.warning("SHARD_IDS without DATABASE_URL: this process keeps its games in its own "
                    "SQLite file and shares nothing with the processes of the other shards "
                    "(a player's vacation and stats stay per process); set DATABASE_URL")
    return ShardedEstanciaBot(settings, shard_count=settings.shard_count, shard_ids=shards,
                              **options)


def _report_crash(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("background task %s stopped", task.get_name(), exc_info=task.exception())


#: Start-up failures discord.py reports as exceptions, each as the line that says what to do.
BAD_TOKEN = ("Discord refused the bot token: in the developer portal "
             "(https://discord.com/developers/applications → your app → Bot) reset the token "
             "and put the new one in .env as DISCORD_TOKEN=.")
NO_DATABASE = ("cannot open the PostgreSQL database of DATABASE_URL ({why}): check that "
               "the server runs and accepts the URL's user, password and database name.")
NOT_IN_DEV_GUILD = ("DEV_GUILD_ID={guild} is a server the bot is not in (Discord refused it: "
                    "{why}): invite the bot there (README: \"Create the Discord application "
                    "and invite the bot\") or remove DEV_GUILD_ID from .env.")
NO_NETWORK = ("cannot reach Discord ({why}): check this machine's internet connection "
              "(DNS, proxy, firewall), then start again.")


def run_bot(settings: Settings) -> None:
    """Run the bot until interrupted (Ctrl-C or SIGTERM), then close it cleanly.

    A token Discord refuses and a network that does not reach Discord raise
    :class:`StartFailure` with one line saying what to do.
    """
    if settings.discord_token is None:
        raise StartFailure("DISCORD_TOKEN is not set (see .env.example).")
    try:
        asyncio.run(_serve(settings, settings.discord_token.get_secret_value()))
    except discord.LoginFailure:
        raise StartFailure(BAD_TOKEN) from None
    except discord.PrivilegedIntentsRequired:
        raise StartFailure("Discord asks for a privileged intent Estancia does not use: "
                           "update Estancia.") from None
    except (aiohttp.ClientConnectionError, ConnectionError, TimeoutError) as why:
        raise StartFailure(NO_NETWORK.format(why=_short(why))) from None
    finally:
        # Now, not at exit: Python's exit would first wait for the work the workers run.
        cpu.shutdown()


def _short(error: BaseException) -> str:
    """The gist of a connection error ("Cannot connect to host discord.com:443 …")."""
    text = str(error).split("[", 1)[0].strip() or type(error).__name__
    return text[:120]


async def _serve(settings: Settings, token: str) -> None:
    stopping = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):  # not on Windows
            loop.add_signal_handler(signum, stopping.set)
    async with make_bot(settings) as bot:  # leaving the block closes the bot
        runner = asyncio.create_task(bot.start(token), name="estancia-bot")
        stop = asyncio.create_task(stopping.wait(), name="estancia-stop")
        await asyncio.wait({runner, stop}, return_when=asyncio.FIRST_COMPLETED)
        stop.cancel()
        if runner.done():
            runner.result()  # the bot stopped by itself: raise why (bad token, …)
            return
        log.info("stopping")
    await runner
