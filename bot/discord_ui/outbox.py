"""Delivers the session layer's outbox as new channel messages.

Each announcement becomes a NEW message (an edit would not notify anyone): the one-line
text, the mention of the player to move (``allowed_mentions`` limited to exactly those
users), the board PNG at the announced version, and the "Your turn" or lobby buttons.
A message that cannot be sent (Discord down, a rate limit, a lost connection) stays in
the outbox: it is marked failed with a retry time (the rate limit's ``retry_after`` for a
429, the session layer's exponential backoff otherwise) and tried again, never given up.
A message Discord *refuses* (a 4xx) goes again at once in a plainer form — without its
images, then bare — and one refused in every form is given up after a few tries, with
an ERROR and a note in the channel (:meth:`OutboxDeliverer.deliver`). Games are
delivered independently (a channel that hangs holds back only its own game); a send is
bounded by ``SEND_TIMEOUT``.

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
from dataclasses import replace
from typing import TYPE_CHECKING

import aiohttp
import discord

from bot.core.notices import NewNotice
from bot.core.sessions import Announcement
from bot.core.waiting import woken
from bot.discord_ui.panel_actions import public_components
from bot.discord_ui.panel_components import Components
from bot.discord_ui.text import MESSAGE_LIMIT, breakdown_lines, clip, plain
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
        """Post one announcement; True when it was posted (or given up for good).

        Discord refusing the message itself (a 4xx: an image too big, the bot may no
        longer attach files, a body it does not take) is not waited out as if Discord
        were down: the message goes again at once in a plainer form (:data:`FORMS`) —
        without its images, then as its bare text and mentions. One refused in every form
        is tried again a few times (:data:`REFUSED_TRIES`) and then given up, with an
        ERROR and a short note in the channel, so that the game's later announcements
        never wait on it. Server errors, rate limits and lost connections are retried
        with backoff, never given up (a long Discord outage loses nothing); after many
        of them the message goes in a plainer form too.
        """
        forms = FORMS[_first_form(announcement.attempts):]
        for form in forms:
            try:
                async with asyncio.timeout(SEND_TIMEOUT):  # (wait_for may lose a cancel)
                    message, notices = await self._send(announcement, form)
            except discord.RateLimited as limited:
                await self._retry(announcement, limited.retry_after, "rate limited")
                return False
            except discord.HTTPException as error:
                if error.code in PERMANENT_ERROR_CODES:
                    # The channel is gone: retrying cannot help, and the game's later
                    # announcements must not wait behind this one.
                    log.warning("announcement %s for game %s dropped: HTTP %s (code %s)",
                                announcement.outbox_id, announcement.game_id, error.status,
                                error.code)
                    await self.sessions.mark_failed(announcement.outbox_id, permanent=True)
                    return False
                why = f"HTTP {error.status} (code {error.code}) {error.text[:200]!r}"
                if not refused(error):
                    retry_after = _retry_after(error) if error.status == 429 else None
                    await self._retry(announcement, retry_after, why)
                    return False
                if form != forms[-1]:
                    log.warning("announcement %s for game %s refused %s (%s); sending it %s",
                                announcement.outbox_id, announcement.game_id, form, why,
                                FORMS[FORMS.index(form) + 1])
                    continue
                await self._refused_in_every_form(announcement, why)
                return False
            except (aiohttp.ClientError, OSError, TimeoutError) as error:
                await self._retry(announcement, None, f"connection error {error!r}")
                return False
            except Exception:
                log.exception("announcement %s could not be built %s", announcement.outbox_id,
                              form)
                if form != forms[-1]:
                    continue
                await self._retry(announcement, None, "unexpected error")
                return False
            await self.sessions.mark_sent(announcement.outbox_id, message.id, notices)
            return True
        return False  # (every form is tried above)

    async def _refused_in_every_form(self, announcement: Announcement, why: str) -> None:
        """Discord took no form of it. A refusal that stays is a forbidden channel (the
        bot may not post there: a moderator can fix it, so it is retried like an outage)
        or a message Discord will never take: tried :data:`REFUSED_TRIES` times, then
        given up with an ERROR and a note in the channel."""
        if why.startswith("HTTP 403"):
            await self._retry(announcement, None, why)
            return
        if announcement.attempts + 1 < REFUSED_TRIES:
            await self._retry(announcement, None, f"refused in every form: {why}")
            return
        log.error("announcement %s for game %s given up after %s tries: Discord refused it "
                  "in every form (%s)", announcement.outbox_id, announcement.game_id,
                  announcement.attempts + 1, why)
        await self._post_note(announcement)
        await self.sessions.mark_failed(announcement.outbox_id, permanent=True)

    async def _post_note(self, announcement: Announcement) -> None:
        """The short note that a message of the game could not be posted (best effort:
        a channel that takes nothing takes no note either)."""
        with using(announcement.locale):
            text = _("A message of this game could not be posted: Discord refused it. "
                     "`/estancia board` shows the game as it stands.")
            if announcement.mention_user_ids:
                text = " ".join(f"<@{uid}>" for uid in announcement.mention_user_ids) + " " + text
        channel = self.client.get_partial_messageable(announcement.channel_id)
        try:
            async with asyncio.timeout(SEND_TIMEOUT):
                await channel.send(content=text,
                                   allowed_mentions=mentions_only(announcement.mention_user_ids),
                                   nonce=delivery_nonce(announcement, note=True))
        except (discord.HTTPException, aiohttp.ClientError, OSError, TimeoutError) as error:
            log.warning("the note for announcement %s could not be posted either: %r",
                        announcement.outbox_id, error)

    async def _send(self, announcement: Announcement, form: str = "whole"
                    ) -> tuple[discord.Message, tuple[NewNotice, ...]]:
        """The message, in the language its text was written in (the game's), and the
        notices it leaves for players it names without pinging them (DMs, quiet hours:
        :meth:`Sessions.ping_plan`)."""
        with using(announcement.locale):
            return await self._send_in_language(announcement, form)

    async def _send_in_language(self, announcement: Announcement, form: str = "whole"
                                ) -> tuple[discord.Message, tuple[NewNotice, ...]]:
        channel = self.client.get_partial_messageable(announcement.channel_id)
        content, mentioned = announcement.content(plain), announcement.mention_user_ids
        plan = None
        if announcement.game_over:
            content, mentioned = await self._final_words(announcement, content)
        else:
            plan = await self.sessions.ping_plan(announcement)
            mentioned = plan.ping
        if form == "bare":
            message = await self._send_bare(channel, announcement, mentioned)
            return message, () if plan is None else plan.with_message(message.id)
        kwargs: dict = {
            "content": clip(content, MESSAGE_LIMIT),
            "allowed_mentions": mentions_only(mentioned),
            "nonce": delivery_nonce(announcement),
        }
        files = []
        if announcement.image and form == "whole":
            files.append(await self._board(announcement))
        if announcement.recap and form == "whole":
            files.append(await self._recap(announcement))
        view, choices_images = await public_components(self.sessions, announcement)
        if form == "whole":
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
        return message, () if plan is None else plan.with_message(message.id)

    async def _send_bare(self, channel: discord.PartialMessageable,
                         announcement: Announcement,
                         mentioned: tuple[int, ...]) -> discord.Message:
        """The plainest form: the first line of its text, the ping and where to see the
        rest; no image, no button."""
        first = announcement.text.split("\n", 1)[0]
        bare = replace(announcement, text=clip(first, BARE_TEXT), scores_text=(
            clip(announcement.scores_text, BARE_TEXT) if announcement.scores_text else None))
        content = "\n".join([bare.content(plain), _("(`/estancia board` shows the board.)")])
        message = await channel.send(content=clip(content, MESSAGE_LIMIT),
                                     allowed_mentions=mentions_only(mentioned),
                                     nonce=delivery_nonce(announcement))
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
            automa = None if not scores else await self.sessions.automa(announcement.game_id)
        except Exception:
            log.exception("final scores of game %s could not be read", announcement.game_id)
            return content, announcement.mention_user_ids
        lines = [content]
        if len(scores) > 0:
            game = get_game(info.game)
            names = list(info.names)
            if automa is not None:  # a solo game's opponent, beside the seat
                scores = {**scores, len(names): automa.scores}
                names.append(automa.label())
            lines += [f"• {line}" for line in breakdown_lines(names, scores, game)]
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
#: retried with backoff: a server admin can still fix them and the ping then arrives
#: (after Missing Permissions, first in a plainer form: Attach Files may be what is missing).
PERMANENT_ERROR_CODES = frozenset({10003})
#: 50001 Missing Access: the bot cannot see the channel; no form of the message helps.
MISSING_ACCESS = 50001
#: The forms a message is sent in, each plainer than the one before: whole (images,
#: buttons), without its images (buttons kept: the player can still play), bare (the
#: first line, the ping, no button).
FORMS = ("whole", "without images", "bare")
#: After this many failed attempts (outages included, about 1.4 h of them) a message goes
#: without its images: one Discord keeps failing on (a 5xx for that message alone) still
#: gets through with its buttons. (Never bare for failures that are not refusals: after
#: an outage the player to move still has their buttons.)
PLAINER_AFTER = {1: 10}
#: A message Discord refuses in every form is tried this many times in all, then given up.
REFUSED_TRIES = 3
#: How much of the text the bare form keeps.
BARE_TEXT = 300


def _first_form(attempts: int) -> int:
    """The form a message's next attempt starts from (see :data:`PLAINER_AFTER`)."""
    return max((form for form, after in PLAINER_AFTER.items() if attempts >= after), default=0)


def refused(error: discord.HTTPException) -> bool:
    """Discord refused this message (a 4xx): a plainer one may go through. Not a refusal:
    a rate limit, an expired token, the bot shut out of the channel."""
    return (400 <= error.status < 500 and error.status not in (401, 429)
            and error.code != MISSING_ACCESS)


def delivery_nonce(announcement: Announcement, note: bool = False) -> str:
    """Same announcement, same nonce (Discord allows 25 characters); its note (when it
    is given up) has one of its own."""
    return f"est{announcement.outbox_id}{'n' if note else 'g'}{announcement.game_id}"[:25]


def _retry_after(error: discord.HTTPException) -> float | None:
    header = error.response.headers.get("Retry-After") if error.response is not None else None
    try:
        return float(header) if header is not None else None
    except ValueError:
        return None
