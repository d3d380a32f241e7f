"""Delivers players' turn notices (:mod:`bot.core.notices`): by direct message to those
who asked, else as a mention in the game's channel.

A DM notice says whose turn in which game, when the time runs out, links to the turn
message, carries a small board and a "Your turn" button (the private panel opens right
there). When Discord refuses the DM (50007: the player's DMs are closed to the bot), the
notice falls back to a mention in the game's channel at once, the player's later notices
go to the channel, and the next time they use the bot they are told so, privately, once
(:func:`bot.discord_ui.dm_note.tell_if_dms_closed`).

Like the outbox: notices are claimed by one process at a time (a lease on PostgreSQL),
each message carries a nonce made from the notice's id (a retry after a crash gets the
message already made), failures are retried with backoff, and the loop sleeps until the
next notice falls due (one held for the end of someone's quiet hours) or it is woken.
"""

from __future__ import annotations

import asyncio
import io
import logging
import time
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

import aiohttp
import discord

from bot.core.notices import NoticeRow
from bot.core.sessions import NoticeWork
from bot.core.waiting import woken
from bot.discord_ui.outbox import SEND_TIMEOUT, _retry_after, mentions_only
from bot.discord_ui.panel_components import Components
from bot.discord_ui.panel_items import TurnButton
from bot.discord_ui.text import MESSAGE_LIMIT, clip
from bot.discord_ui.turns import jump_link, relative
from games.i18n import _, using

if TYPE_CHECKING:
    from bot.core.sessions import Sessions

log = logging.getLogger(__name__)

#: Discord's "Cannot send messages to this user" (their DMs are closed to the bot).
DMS_CLOSED = 50007
#: The channel is gone: the notice can never be posted there.
UNKNOWN_CHANNEL = 10003
#: Look at the notices at least this often (another process's, a changed clock).
MAX_SLEEP = 300.0
#: Notices handed out per look.
BATCH = 20
#: Dealt-with notices are kept this long, then purged.
KEEP_SECONDS = 24 * 3600.0
PURGE_SECONDS = 3600.0


def notice_nonce(notice: NoticeRow) -> str:
    """Same notice, same nonce (Discord allows 25 characters; an id has at most 19)."""
    return f"ntc{notice.id}"


def deadline_part(deadline_at: float | None) -> str:
    if deadline_at is None:
        return ""
    return " " + _("(time runs out {time})", time=relative(deadline_at))


def dm_text(work: NoticeWork, server: str | None) -> str:
    """The DM: which game, whose turn, until when, and a link to the turn message."""
    info, notice = work.info, work.notice
    game = f"**{info.title}** #{info.id}"
    where = _("{game} on {server}", game=game, server=server) if server else game
    lead = (_("A reminder: it is your turn in {game}", game=where) if notice.kind == "reminder"
            else _("It is your turn in {game}", game=where))
    link = jump_link(info.guild_id, info.channel_id, notice.message_id)
    return clip(f"{lead}{deadline_part(work.deadline_at)}.\n"
                + _("[Go to the game]({link}) · or tap Your turn here.", link=link),
                MESSAGE_LIMIT)


def channel_text(work: NoticeWork) -> str:
    """The mention in the game's channel (no DMs, or a notice held for the morning)."""
    who = f"<@{work.notice.user_id}>"
    lead = (_("{who}, a reminder: it is your turn", who=who) if work.notice.kind == "reminder"
            else _("{who}, it's your turn", who=who))
    return clip(f"{lead}{deadline_part(work.deadline_at)}.", MESSAGE_LIMIT)


class NoticeDeliverer:
    """Sends due notices, one after the other, until none is due; then sleeps."""

    def __init__(self, client: discord.Client, sessions: Sessions,
                 clock: Callable[[], float] = time.time) -> None:
        self.client = client
        self.sessions = sessions
        self.clock = clock
        self._wake = asyncio.Event()

    def wake(self) -> None:
        self._wake.set()

    async def run(self) -> None:
        purged_at = float("-inf")
        while True:
            self._wake.clear()
            try:
                await self.deliver_due()
                if time.monotonic() - purged_at >= PURGE_SECONDS:
                    purged_at = time.monotonic()
                    await self.sessions.purge_notices(KEEP_SECONDS)
                due = await self.sessions.next_notice_due()
            except Exception:
                log.exception("notice delivery failed")
                due = None
            delay = MAX_SLEEP if due is None else min(MAX_SLEEP, max(0.0, due - self.clock()))
            await woken(self._wake, max(delay, 0.05))

    async def deliver_due(self) -> int:
        """Deliver every notice due now; how many were sent."""
        sent = 0
        while batch := await self.sessions.claim_notices(BATCH):
            for notice in batch:
                sent += await self.deliver(notice)
            if len(batch) < BATCH:
                break
        return sent

    async def deliver(self, notice: NoticeRow) -> bool:
        try:
            work = await self.sessions.notice_work(notice)
        except Exception:
            log.exception("notice %s could not be prepared", notice.id)
            await self.sessions.notice_failed(notice)
            return False
        if work is None:
            return False
        try:
            async with asyncio.timeout(SEND_TIMEOUT):
                message, work = await self._send(work)
        except asyncio.CancelledError:  # closing: another process may take it at once
            await asyncio.shield(self.sessions.release_notice(notice.id))
            raise
        except discord.RateLimited as limited:
            await self.sessions.notice_failed(notice, self.clock() + limited.retry_after)
            return False
        except discord.HTTPException as error:
            log.warning("notice %s to user %s not delivered: HTTP %s (code %s)", notice.id,
                        notice.user_id, error.status, error.code)
            retry = _retry_after(error) if error.status == 429 else None
            await self.sessions.notice_failed(
                notice, None if retry is None else self.clock() + retry,
                permanent=error.code == UNKNOWN_CHANNEL)
            return False
        except (aiohttp.ClientError, OSError, TimeoutError) as error:
            log.warning("notice %s not delivered: %r", notice.id, error)
            await self.sessions.notice_failed(notice)
            return False
        except Exception:
            log.exception("notice %s could not be sent", notice.id)
            await self.sessions.notice_failed(notice)
            return False
        await self.sessions.notice_sent(notice.id, message.id, work.route)
        return True

    async def _send(self, work: NoticeWork) -> tuple[discord.Message, NoticeWork]:
        if work.route == "dm":
            try:
                return await self._dm(work), work
            except discord.Forbidden as refused:
                if refused.code != DMS_CLOSED:
                    raise
                log.info("user %s does not take DMs: their notices go to the channel",
                         work.notice.user_id)
                await self.sessions.dms_refused(work.notice.user_id)
                work = replace(work, route="channel", language=work.info.language)
        return await self._in_channel(work), work

    async def _dm(self, work: NoticeWork) -> discord.Message:
        with using(work.language):
            guild = self.client.get_guild(work.info.guild_id or 0)
            channel = await self.client.create_dm(discord.Object(work.notice.user_id))
            kwargs: dict = {"content": dm_text(work, guild.name if guild else None),
                            "nonce": notice_nonce(work.notice), "view": _turn_view(work)}
            board = await self._board(work)
            if board is not None:
                kwargs["file"] = board
            return await channel.send(**kwargs)

    async def _in_channel(self, work: NoticeWork) -> discord.Message:
        with using(work.language):
            channel = self.client.get_partial_messageable(work.info.channel_id)
            return await channel.send(
                content=channel_text(work), nonce=notice_nonce(work.notice),
                allowed_mentions=mentions_only((work.notice.user_id,)), view=_turn_view(work))

    async def _board(self, work: NoticeWork) -> discord.File | None:
        """The small board; one that cannot be drawn does not hold the notice back."""
        try:
            png = await self.sessions.thumbnail(work.info.id)
        except Exception:
            log.exception("the small board of game %s could not be drawn", work.info.id)
            return None
        if png is None:
            return None
        return discord.File(io.BytesIO(png), filename=f"estancia-{work.info.id}-turn.png")


def _turn_view(work: NoticeWork) -> Components:
    view = Components()
    view.add_item(TurnButton(work.info.id))
    return view
