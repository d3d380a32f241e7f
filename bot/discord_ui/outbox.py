"""Delivers the session layer's outbox as new channel messages.

Each announcement becomes a NEW message (an edit would not notify anyone): the one-line
text, the mention of the player to move (``allowed_mentions`` limited to exactly those
users), the board PNG at the announced version, and the "Your turn" or lobby buttons.
A message that Discord refuses or that cannot be sent stays in the outbox: it is marked
failed with a retry time (the rate limit's ``retry_after`` for a 429, the session layer's
exponential backoff otherwise) and tried again. Games are delivered independently (a
channel that hangs holds back only its own game); a send is bounded by ``SEND_TIMEOUT``.

Each message carries a nonce made from its outbox id, which Discord enforces: if the bot
crashes after Discord accepted a message but before :meth:`Sessions.mark_sent`, the retry
after the restart gets the existing message back instead of posting it twice.

Several processes on PostgreSQL each run a deliverer: every announcement handed out is
claimed by this process (:meth:`bot.storage.store.Store.claim_outbox`), one it does
not deliver now is given back, and a process that dies leaves its claims to lapse — the
next process's re-send carries the same nonce, so Discord answers with the message it
already made (exactly once while Discord remembers the nonce, a few minutes).
"""

from __future__ import annotations

import asyncio
import functools
import io
import logging
import os
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import aiohttp
import discord

from bot.core.sessions import Announcement
from bot.core.waiting import woken
from bot.discord_ui.panels import Components, public_components
from bot.discord_ui.text import MESSAGE_LIMIT, breakdown_lines, clip
from bot.discord_ui.votes import VERBS, VoteButton
from games import get_game
from games.i18n import _, using

if TYPE_CHECKING:
    from bot.core.sessions import Sessions

log = logging.getLogger(__name__)

def _tuning(name: str, default: int) -> int:
    """A tuning knob from the environment (``make bench-load`` compares values)."""
    try:
        return max(1, int(os.environ.get(name, default)))
    except ValueError:
        return default


#: How often the outbox is looked at when nothing wakes the deliverer (retries are due).
POLL_SECONDS = 5.0
#: Deliveries under way at once (different games). A delivery is a board drawn in the CPU
#: pool, then an upload: enough of them keep every pool worker busy while others upload.
#: Measured (``python -m bench.load --sizes 100 --env ESTANCIA_OUTBOX_IN_FLIGHT=N``, 100
#: Hazienda games at once, 2 cores): 8 → 6.5 boards/s, click → board p50 10.7 s; 32 →
#: 8.9/s, 2.1 s; 64 → 10.4/s, 2.5 s. Past 32 the gain is within the noise while more
#: boards wait in the pool's queue, and a real upload takes longer than the fake's.
MAX_IN_FLIGHT = _tuning("ESTANCIA_OUTBOX_IN_FLIGHT", 32)
#: Deliveries started and not finished at most (under way, or waiting for a slot): enough
#: to fill the slots freed before the next look.
BATCH = _tuning("ESTANCIA_OUTBOX_BATCH", 2 * MAX_IN_FLIGHT)
#: A send that takes longer is given up and retried (the nonce prevents a duplicate).
SEND_TIMEOUT = 30.0
#: How often announcements delivered long enough ago are purged from the database.
PURGE_SECONDS = 3600.0


def mentions_only(user_ids: tuple[int, ...]) -> discord.AllowedMentions:
    """Ping exactly these users: never @everyone, roles or a replied-to author."""
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=[discord.Object(uid) for uid in user_ids])


class OutboxDeliverer:
    """Posts due announcements, each game on its own so that one stuck channel or rate
    limit holds back no other game; within a game, strictly one after the other."""

    def __init__(self, client: discord.Client, sessions: Sessions,
                 clock: Callable[[], float] = time.time) -> None:
        self.client = client
        self.sessions = sessions
        self.clock = clock
        self._wake = asyncio.Event()
        self._picking = asyncio.Lock()
        self._slots = asyncio.Semaphore(MAX_IN_FLIGHT)
        #: game id -> the delivery of that game's oldest unsent announcement
        self._in_flight: dict[int, asyncio.Task[bool]] = {}
        #: game id -> the outbox id being delivered (given back if we stop first)
        self._claimed: dict[int, int] = {}

    def wake(self) -> None:
        """Deliver soon (called by the session layer after it wrote an announcement)."""
        self._wake.set()

    async def run(self) -> None:
        """Deliver forever: after every wake-up, and every few seconds for due retries."""
        purged_at = float("-inf")
        try:
            while True:
                self._wake.clear()
                try:
                    await self.start_due()
                except Exception:
                    log.exception("outbox delivery failed")
                if time.monotonic() - purged_at >= PURGE_SECONDS:
                    purged_at = time.monotonic()
                    try:
                        purged = await self.sessions.purge_outbox()
                    except Exception:
                        log.exception("purging delivered announcements failed")
                    else:
                        if purged:
                            log.info("purged %s delivered announcements", purged)
                await woken(self._wake, POLL_SECONDS)
        finally:
            await self.cancel_in_flight()

    async def start_due(self) -> list[asyncio.Task[bool]]:
        """Start delivering each due announcement whose game has none in flight."""
        async with self._picking:
            started: list[asyncio.Task[bool]] = []
            room = BATCH - len(self._in_flight)
            if room <= 0:
                return started  # a finishing delivery wakes us again
            # Not the games under way: under load they are most of what is due, and a
            # look at them again on every wake-up was a tenth of the bot's CPU.
            for announcement in await self.sessions.pending_announcements(
                    room, busy_games=list(self._in_flight)):
                if announcement.game_id in self._in_flight:
                    # A guard (the query leaves these games out): never two deliveries of
                    # one game at once. Give the claim back (another process's would wait
                    # out the lease); the finish wakes us again.
                    await self.sessions.release_announcement(announcement.outbox_id)
                    continue
                task = asyncio.create_task(self._deliver_in_slot(announcement),
                                           name=f"estancia-outbox-{announcement.outbox_id}")
                self._in_flight[announcement.game_id] = task
                self._claimed[announcement.game_id] = announcement.outbox_id
                task.add_done_callback(functools.partial(self._done, announcement.game_id))
                started.append(task)
            return started

    def _done(self, game_id: int, task: asyncio.Task[bool]) -> None:
        self._in_flight.pop(game_id, None)
        self._claimed.pop(game_id, None)
        if not task.cancelled() and task.exception() is None and task.result():
            self.wake()  # the game's next announcement may be waiting

    async def _deliver_in_slot(self, announcement: Announcement) -> bool:
        async with self._slots:
            return await self.deliver(announcement)

    async def deliver_pending(self) -> int:
        """Deliver until nothing more is due, waiting for the deliveries under way too;
        returns how many were sent.

        The session layer hands out one announcement per game at a time (each game's
        messages keep their order), so a game's next one comes in the next round.
        """
        total = 0
        while True:
            await self.start_due()
            under_way = list(self._in_flight.values())
            if not under_way:
                return total
            results = await asyncio.gather(*under_way, return_exceptions=True)
            sent = sum(result is True for result in results)
            total += sent
            if not sent:
                return total

    async def cancel_in_flight(self) -> None:
        """Stop the deliveries under way (closing); their announcements stay unsent, and
        their claims are given back (another process delivers them at once)."""
        tasks, claimed = list(self._in_flight.values()), list(self._claimed.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for outbox_id in claimed:
            try:
                await self.sessions.release_announcement(outbox_id)
            except Exception as error:  # noqa: BLE001 - the claim then lapses by itself
                log.warning("claim of announcement %s not given back: %r", outbox_id, error)

    async def deliver(self, announcement: Announcement) -> bool:
        try:
            async with asyncio.timeout(SEND_TIMEOUT):  # (wait_for may lose a cancel)
                message = await self._send(announcement)
        except discord.RateLimited as limited:
            await self._retry(announcement, limited.retry_after, "rate limited")
            return False
        except discord.HTTPException as error:
            if error.code in PERMANENT_ERROR_CODES:
                # The channel is gone or closed to the bot: retrying cannot help, and the
                # game's later announcements must not wait behind this one.
                log.warning("announcement %s for game %s dropped: HTTP %s (code %s)",
                            announcement.outbox_id, announcement.game_id, error.status,
                            error.code)
                await self.sessions.mark_failed(announcement.outbox_id, permanent=True)
                return False
            retry_after = _retry_after(error) if error.status == 429 else None
            await self._retry(announcement, retry_after, f"HTTP {error.status} {error.text!r}")
            return False
        except (aiohttp.ClientError, OSError, TimeoutError) as error:
            await self._retry(announcement, None, f"connection error {error!r}")
            return False
        except Exception:
            log.exception("announcement %s could not be built", announcement.outbox_id)
            await self._retry(announcement, None, "unexpected error")
            return False
        await self.sessions.mark_sent(announcement.outbox_id, message.id)
        return True

    async def _send(self, announcement: Announcement) -> discord.Message:
        """The message, in the language its text was written in (the game's)."""
        with using(announcement.locale):
            return await self._send_in_language(announcement)

    async def _send_in_language(self, announcement: Announcement) -> discord.Message:
        channel = self.client.get_partial_messageable(announcement.channel_id)
        content, mentioned = announcement.content(), announcement.mention_user_ids
        if announcement.game_over:
            content, mentioned = await self._final_words(announcement, content)
        kwargs: dict = {
            "content": clip(content, MESSAGE_LIMIT),
            "allowed_mentions": mentions_only(mentioned),
            "nonce": delivery_nonce(announcement),
        }
        files = []
        if announcement.image:
            files.append(await self._board(announcement))
        if announcement.recap:
            files.append(await self._recap(announcement))
        view, choices_images = await public_components(self.sessions, announcement)
        files += choices_images
        if any(files):
            kwargs["files"] = [f for f in files if f is not None]
        if announcement.vote in VERBS:
            view = view or Components()
            view.add_item(VoteButton(announcement.game_id, announcement.vote))
        if view is not None:
            kwargs["view"] = view
        message = await channel.send(**kwargs)
        if announcement.archive_thread is not None:
            await self._archive(announcement.archive_thread)
        return message

    async def _final_words(self, announcement: Announcement,
                           content: str) -> tuple[str, tuple[int, ...]]:
        """The end of a game: every category's points, and a ping for every player —
        in a game played over days, the others learn it is over only from this message."""
        try:
            info = await self.sessions.info_by_id(announcement.game_id)
            scores = ({} if info.forfeited is not None
                      else await self.sessions.scores(announcement.game_id))
        except Exception:
            log.exception("final scores of game %s could not be read", announcement.game_id)
            return content, announcement.mention_user_ids
        lines = [content]
        if len(scores) > 0:
            game = get_game(info.game)
            lines += [f"• {line}" for line in breakdown_lines(info.names, scores, game)]
        players = tuple(dict.fromkeys(s.user_id for s in info.seats if s.user_id is not None))
        if players:
            lines.append(_("Good game, {players}!",
                           players=", ".join(f"<@{uid}>" for uid in players)))
        return "\n".join(lines), players

    async def _board(self, announcement: Announcement) -> discord.File | None:
        """The board image; a board that cannot be drawn must not hold back the ping."""
        try:
            png = await self.sessions.png(announcement.game_id, announcement.version)
        except Exception:
            log.exception("board of game %s at version %s could not be drawn; sending the text",
                          announcement.game_id, announcement.version)
            return None
        name = f"estancia-{announcement.game_id}-{announcement.version}.png"
        return discord.File(io.BytesIO(png), filename=name)

    async def _recap(self, announcement: Announcement) -> discord.File | None:
        """The end-of-game recap image; one that cannot be drawn holds nothing back."""
        try:
            png = await self.sessions.recap_png(announcement.game_id)
        except Exception:
            log.exception("recap of game %s could not be drawn; sending without it",
                          announcement.game_id)
            return None
        return discord.File(io.BytesIO(png), filename=f"estancia-{announcement.game_id}-recap.png")

    async def _archive(self, thread_id: int) -> None:
        """Archive a finished game's thread (the recap is in its parent channel by now).
        Best effort: a thread that cannot be archived stays open, nothing is re-sent."""
        try:
            await self.client.http.edit_channel(thread_id, archived=True,
                                                reason="Estancia: the game is over")
        except (discord.HTTPException, aiohttp.ClientError, OSError) as error:
            log.warning("thread %s could not be archived: %r", thread_id, error)

    async def _retry(self, announcement: Announcement, retry_after: float | None,
                     reason: str) -> None:
        log.warning("announcement %s for game %s not delivered (%s, attempt %s); will retry",
                    announcement.outbox_id, announcement.game_id, reason, announcement.attempts + 1)
        retry_at = None if retry_after is None else self.clock() + retry_after
        await self.sessions.mark_failed(announcement.outbox_id, retry_at)


#: Discord error codes after which a channel message can never be delivered:
#: 10003 Unknown Channel (deleted). Missing Access or Permissions (50001, 50013) are
#: retried with backoff: a server admin can still fix them and the ping then arrives.
PERMANENT_ERROR_CODES = frozenset({10003})


def delivery_nonce(announcement: Announcement) -> str:
    """Same announcement, same nonce (Discord allows 25 characters)."""
    return f"est{announcement.outbox_id}g{announcement.game_id}"[:25]


def _retry_after(error: discord.HTTPException) -> float | None:
    header = error.response.headers.get("Retry-After") if error.response is not None else None
    try:
        return float(header) if header is not None else None
    except ValueError:
        return None
