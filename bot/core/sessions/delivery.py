"""What leaves the session: the outbox of announcements and turn timers."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from bot.core import notices, transitions
from bot.core.announcements import Announcement
from bot.core.autoplay import (
    think_off_loop,
    turn_key,
)
from bot.core.notices import NewNotice, PingPlan
from bot.core.sessions.common import (
    BACKOFF_BASE,
    BACKOFF_CAP,
    FORFEITS,
    OUTBOX_KEEP_SECONDS,
    TIMER_RETRY,
    SessionsCore,
    computer_levels,
    log,
)
from bot.core.transitions import Loaded
from bot.storage.rows import MAX_DELIVERY_ATTEMPTS, Change, StaleVersion, TimerRow
from games.i18n import _, using


class Delivery(SessionsCore):
    """What leaves the session: the outbox of announcements and turn timers."""

    # -- outbox --------------------------------------------------------------------------
    async def pending_announcements(self, limit: int = 20,
                                    busy_games: Collection[int] = ()) -> list[Announcement]:
        """Due, unsent announcements, oldest first, at most one per game (keeps order),
        claimed for this process (several processes on PostgreSQL never get the same);
        none of ``busy_games`` (this process is delivering their previous one)."""
        rows = await self.store.claim_outbox(self.clock(), limit, busy_games)
        return [
            Announcement.from_payload(r.id, r.game_id, r.channel_id, r.version, r.attempts,
                                      r.payload)
            for r in rows
        ]

    async def mark_sent(self, outbox_id: int, message_id: int | None,
                        notices: Sequence[NewNotice] = ()) -> None:
        """The announcement was posted as ``message_id``; ``notices`` are what its message
        did not ping (:meth:`ping_plan`), written in the same transaction (each once)."""
        await self.store.mark_sent(outbox_id, message_id, self.clock(), notices)
        if notices:
            self._notify_notices()

    async def ping_plan(self, announcement: Announcement) -> PingPlan:
        """Who the announcement's message pings, and the notices it leaves for the players
        who asked for DMs or are in their quiet hours (:func:`bot.core.notices.plan_pings`)."""
        if not announcement.mention_user_ids or announcement.turn is None:
            return PingPlan(announcement.mention_user_ids)
        prefs = await self.store.player_prefs(announcement.mention_user_ids)
        return notices.plan_pings(announcement, prefs, self.clock())

    async def purge_outbox(self) -> int:
        """Forget announcements delivered more than :data:`OUTBOX_KEEP_SECONDS` ago."""
        return await self.store.purge_outbox(self.clock() - OUTBOX_KEEP_SECONDS)

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
        attempts = await self.store.outbox_attempts(outbox_id)
        if attempts is None:
            return
        if permanent:
            log.warning("announcement %s cannot be delivered; dropping it", outbox_id)
            await self.store.mark_failed(outbox_id, None)
            return
        if attempts + 1 == MAX_DELIVERY_ATTEMPTS:
            log.error("announcement %s failed %s times; still retrying", outbox_id,
                      attempts + 1)
        if retry_at is None:
            retry_at = self.clock() + min(BACKOFF_CAP, BACKOFF_BASE * 2 ** min(attempts, 20))
        await self.store.mark_failed(outbox_id, retry_at)

    # -- timers --------------------------------------------------------------------------
    async def next_timer_due(self) -> float | None:
        """Unix time of the nearest unfired timer, or None."""
        return await self.store.next_timer_due()

    async def fire_due_timers(self) -> int:
        """Fire every timer due now (reminders, deadlines); returns how many fired.

        A timer whose firing fails unexpectedly is logged and retried a few minutes
        later, so that one broken game never stalls the others' timers."""
        fired = 0
        due = await self.store.claim_timers(self.clock())
        for timer in due:
            if overtaken(timer, due):
                # Due together with a later timer of its turn (the bot was down): a
                # reminder then would only be a pointless ping before the next one.
                await self.store.discard_timer(timer.id, self.clock())
                continue
            try:
                fired += await self._fire(timer)
            except StaleVersion:
                # The game moved meanwhile (or another process fired it): look again.
                await self.store.release_timer(timer.id)
                continue
            except Exception:
                log.exception("timer %s of game %s failed", timer.id, timer.game_id)
                await self.store.postpone_timer(timer.id, self.clock() + TIMER_RETRY)
        return fired

    async def _forfeit(self, loaded: Loaded, seat: int, now: float, cause: str,
                       **params: object) -> Change:
        """The change for a seat that forfeits (a timeout under the forfeit policy, a
        stalled game, or leaving a running game: ``cause`` is a key of :data:`FORFEITS`),
        told in the game's language."""
        ends, plays_on = FORFEITS[cause]
        with using(loaded.row.language):
            if not transitions.plays_on(loaded.row):
                return transitions.forfeit(loaded, seat, now, _(ends, **params))
            assert loaded.state is not None
            level = (await self.server(loaded.row.guild_id or 0)).computer_level
            taken = transitions.hand_to_computer(loaded.row, seat, level)
            steps = await think_off_loop(loaded.game, loaded.state,
                                         [s.user_id for s in taken.seats],
                                         levels=computer_levels(taken))
            return transitions.forfeit_and_play_on(loaded, seat, steps, now,
                                                   _(plays_on, **params), level)

    async def _fire(self, timer: TimerRow) -> bool:
        now = self.clock()
        row = await self.store.game(timer.game_id)
        loaded = self._load(row) if row is not None and row.status == "active" else None
        if loaded is None or turn_key(loaded.decision) != (timer.seat, timer.turn):
            await self.store.discard_timer(timer.id, now)  # its turn is over
            return False
        deadline = loaded.row.deadline_at
        if timer.kind == "reminder" and deadline is not None and deadline <= now:
            await self.store.discard_timer(timer.id, now)  # too late to remind anyone
            return False
        assert loaded.state is not None
        if timer.kind == "reminder" and await self._held(loaded, timer, now):
            return False
        with using(loaded.row.language):
            change = await self._fire_change(loaded, timer, now)
        change.fired_timer_id = timer.id
        await self._commit(change)
        return True

    async def _held(self, loaded: Loaded, timer: TimerRow, now: float) -> bool:
        """A reminder due inside the quiet hours of its player waits for their end (or
        is dropped when that is not before the deadline): True when it was held."""
        user = loaded.row.seats[timer.seat].user_id
        if user is None:
            return False
        prefs = (await self.store.player_prefs([user])).get(user)
        until = notices.reminder_hold(prefs, now, loaded.row.deadline_at)
        if until is None:
            return False
        if until < 0:
            await self.store.discard_timer(timer.id, now)
        else:
            await self.store.postpone_timer(timer.id, until)
            self._notify(outbox=False, timers=True)
        return True

    async def release_announcement(self, outbox_id: int) -> None:
        """Give back a claimed announcement this process does not deliver now."""
        await self.store.release_outbox(outbox_id)

    async def _fire_change(self, loaded: Loaded, timer: TimerRow, now: float) -> Change:
        assert loaded.state is not None
        name = loaded.row.seats[timer.seat].name
        if timer.kind == "reminder":
            return transitions.reminder(loaded, timer.seat, now)
        if loaded.row.timeout_policy == "forfeit":
            return await self._forfeit(loaded, timer.seat, now, "timeout", name=name)
        users = [s.user_id for s in loaded.row.seats]
        level = (await self.server(loaded.row.guild_id or 0)).computer_level
        steps = await think_off_loop(loaded.game, loaded.state, users, (timer.seat, timer.turn),
                                     computer_levels(loaded.row, level))
        return transitions.advance(
            loaded, steps, now, kind="timeout",
            lead=_("{name} ran out of time, so the computer played their turn.", name=name),
            earlier_lines=await self.store.unannounced_lines(loaded.row.id),
        )


def overtaken(timer: TimerRow, due: list[TimerRow]) -> bool:
    """Whether ``timer`` is a reminder due together with a later timer of the same turn
    (a later reminder, or the deadline itself)."""
    return timer.kind == "reminder" and any(
        other.id != timer.id and (other.game_id, other.seat, other.turn)
        == (timer.game_id, timer.seat, timer.turn) and other.due_at > timer.due_at
        for other in due)
