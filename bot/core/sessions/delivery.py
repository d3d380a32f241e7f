"""What leaves the session: the outbox of announcements (claimed, sent, retried, purged,
and whom each pings) and the turn timers (reminders and deadlines, fired when due)."""

from __future__ import annotations

import logging
from collections.abc import Collection, Sequence

from bot.core import notices, transitions
from bot.core.announcements import Announcement
from bot.core.autoplay import (
    turn_key,
)
from bot.core.notices import NewNotice, PingPlan
from bot.core.sessions.common import (
    BACKOFF_BASE,
    BACKOFF_CAP,
    OUTBOX_KEEP_SECONDS,
    TIMER_RETRY,
)
from bot.core.sessions.core import SessionCore
from bot.core.sessions.standins import StandIns
from bot.core.transitions import Loaded
from bot.storage.rows import MAX_DELIVERY_ATTEMPTS, Change, StaleVersion, TimerRow
from games.i18n import _, using

log = logging.getLogger(__name__)


class Delivery:
    """What leaves the session: the outbox of announcements and turn timers. A turn that
    times out is played or forfeited by the computer (:class:`StandIns`)."""

    def __init__(self, core: SessionCore, stand_ins: StandIns) -> None:
        self.core = core
        self.stand_ins = stand_ins

    # -- outbox --------------------------------------------------------------------------
    async def pending_announcements(self, limit: int = 20,
                                    busy_games: Collection[int] = ()) -> list[Announcement]:
        """Due, unsent announcements, oldest first, at most one per game (keeps order),
        claimed for this process (several processes on PostgreSQL never get the same);
        none of ``busy_games`` (this process is delivering their previous one)."""
        rows = await self.core.store.claim_outbox(self.core.clock(), limit, busy_games)
        return [
            Announcement.from_payload(r.id, r.game_id, r.channel_id, r.version, r.attempts,
                                      r.payload)
            for r in rows
        ]

    async def mark_sent(self, outbox_id: int, message_id: int | None,
                        notices: Sequence[NewNotice] = ()) -> None:
        """The announcement was posted as ``message_id``; ``notices`` are what its message
        did not ping (:meth:`ping_plan`), written in the same transaction (each once)."""
        await self.core.store.mark_sent(outbox_id, message_id, self.core.clock(), notices)
        if notices:
            self.core.notify_notices()

    async def ping_plan(self, announcement: Announcement) -> PingPlan:
        """Who the announcement's message pings, and the notices it leaves for the players
        who asked for DMs or are in their quiet hours (:func:`bot.core.notices.plan_pings`)."""
        if not announcement.mention_user_ids or announcement.turn is None:
            return PingPlan(announcement.mention_user_ids)
        prefs = await self.core.store.player_prefs(announcement.mention_user_ids)
        return notices.plan_pings(announcement, prefs, self.core.clock())

    async def purge_outbox(self) -> int:
        """Forget announcements delivered more than :data:`OUTBOX_KEEP_SECONDS` ago."""
        return await self.core.store.purge_outbox(self.core.clock() - OUTBOX_KEEP_SECONDS)

    async def mark_failed(
        self, outbox_id: int, retry_at: float | None = None, *, permanent: bool = False
    ) -> None:
        """Count a failed delivery.

        A transient failure (5xx, 429, timeout, lost connection) is retried at
        ``retry_at`` or after an exponential backoff (5 s, 10 s, 20 s … capped at one
        hour), never given up. A ``permanent`` one (the channel is gone, or Discord
        refused the message in every form a few times) abandons the announcement, so
        later ones of the game go ahead.
        """
        attempts = await self.core.store.outbox_attempts(outbox_id)
        if attempts is None:
            return
        if permanent:
            log.warning("announcement %s cannot be delivered; dropping it", outbox_id)
            await self.core.store.mark_failed(outbox_id, None)
            return
        if attempts + 1 == MAX_DELIVERY_ATTEMPTS:
            log.error("announcement %s failed %s times; still retrying", outbox_id,
                      attempts + 1)
        if retry_at is None:
            retry_at = self.core.clock() + min(BACKOFF_CAP, BACKOFF_BASE * 2 ** min(attempts, 20))
        await self.core.store.mark_failed(outbox_id, retry_at)

    # -- timers --------------------------------------------------------------------------
    async def next_timer_due(self) -> float | None:
        """Unix time of the nearest unfired timer, or None."""
        return await self.core.store.next_timer_due()

    async def fire_due_timers(self) -> int:
        """Fire every timer due now (reminders, deadlines); returns how many fired.

        A timer whose firing fails unexpectedly is logged and retried a few minutes
        later, so that one broken game never stalls the others' timers."""
        fired = 0
        due = await self.core.store.claim_timers(self.core.clock())
        for timer in due:
            if overtaken(timer, due):
                # Due together with a later timer of its turn (the bot was down): a
                # reminder then would only be a pointless ping before the next one.
                await self.core.store.discard_timer(timer.id, self.core.clock())
                continue
            try:
                fired += await self._fire(timer)
            except StaleVersion:
                # The game moved meanwhile (or another process fired it): look again.
                await self.core.store.release_timer(timer.id)
                continue
            except Exception:
                log.exception("timer %s of game %s failed", timer.id, timer.game_id)
                await self.core.store.postpone_timer(timer.id, self.core.clock() + TIMER_RETRY)
        return fired

    async def _fire(self, timer: TimerRow) -> bool:
        now = self.core.clock()
        row = await self.core.store.game(timer.game_id)
        loaded = self.core.load(row) if row is not None and row.status == "active" else None
        if loaded is None or turn_key(loaded.decision) != (timer.seat, timer.turn):
            await self.core.store.discard_timer(timer.id, now)  # its turn is over
            return False
        deadline = loaded.row.deadline_at
        if timer.kind == "reminder" and deadline is not None and deadline <= now:
            await self.core.store.discard_timer(timer.id, now)  # too late to remind anyone
            return False
        assert loaded.state is not None
        if timer.kind == "reminder" and await self._held(loaded, timer, now):
            return False
        with using(loaded.row.language):
            change = await self._fire_change(loaded, timer, now)
        change.fired_timer_id = timer.id
        await self.core.commit(change)
        return True

    async def _held(self, loaded: Loaded, timer: TimerRow, now: float) -> bool:
        """A reminder due inside the quiet hours of its player waits for their end (or
        is dropped when that is not before the deadline): True when it was held."""
        user = loaded.row.seats[timer.seat].user_id
        if user is None:
            return False
        prefs = (await self.core.store.player_prefs([user])).get(user)
        until = notices.reminder_hold(prefs, now, loaded.row.deadline_at)
        if until is None:
            return False
        if until < 0:
            await self.core.store.discard_timer(timer.id, now)
        else:
            await self.core.store.postpone_timer(timer.id, until)
            self.core.notify(outbox=False, timers=True)
        return True

    async def release_announcement(self, outbox_id: int) -> None:
        """Give back a claimed announcement this process does not deliver now."""
        await self.core.store.release_outbox(outbox_id)

    async def _fire_change(self, loaded: Loaded, timer: TimerRow, now: float) -> Change:
        assert loaded.state is not None
        name = loaded.row.seats[timer.seat].name
        if timer.kind == "reminder":
            return transitions.reminder(loaded, timer.seat, now)
        if loaded.row.timeout_policy == "forfeit":
            return await self.stand_ins.forfeit(loaded, timer.seat, now, "timeout", name=name)
        level = (await self.core.server(loaded.row.guild_id or 0)).computer_level
        lead = _("{name} ran out of time, so the computer played their turn.", name=name)
        return await self.stand_ins.play_turn(loaded, (timer.seat, timer.turn), level, now, lead)


def overtaken(timer: TimerRow, due: list[TimerRow]) -> bool:
    """Whether ``timer`` is a reminder due together with a later timer of the same turn
    (a later reminder, or the deadline itself)."""
    return timer.kind == "reminder" and any(
        other.id != timer.id and (other.game_id, other.seat, other.turn)
        == (timer.game_id, timer.seat, timer.turn) and other.due_at > timer.due_at
        for other in due)
