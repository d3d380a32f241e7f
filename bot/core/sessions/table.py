"""A game's table: its turn timer, clock and language, pausing it by vote, and the
players' vacations."""

from __future__ import annotations

import contextlib
import math
from collections.abc import Sequence
from dataclasses import replace

from bot.core import stale, timebank, transitions
from bot.core.announcements import payload
from bot.core.autoplay import turn_key
from bot.core.sessions.common import (
    LANGUAGE_NAMES,
    MAX_VACATION_DAYS,
    STORED,
    GameInfo,
    SessionError,
    TimeoutPolicy,
)
from bot.core.sessions.computers import Computers
from bot.core.sessions.core import SessionCore
from bot.core.timebank import TimeBank
from bot.core.timers import deadline_after_change, plan_turn_clock
from bot.settings import MAX_TIMEOUT_HOURS
from bot.storage.rows import Change, GameRow, NewTimer, StaleVersion
from games import i18n
from games.i18n import N_, _, number, using


class Table:
    """A game's settings, clock, pause and vacations. A computer to move waits while the
    game is paused and plays when it resumes (:class:`Computers`)."""

    def __init__(self, core: SessionCore, computers: Computers) -> None:
        self.core = core
        self.computers = computers

    # -- pause, resume, vacation ----------------------------------------------------------
    async def pause(self, channel_id: int, user_id: int) -> tuple[GameInfo, bool]:
        """Ask to pause the game: the creator pauses at once, anyone else casts a vote and
        the game pauses when every seated player agrees. A paused game has no turn timer
        and takes no move. Returns the game and whether it is paused now."""
        return await self.core.retrying(lambda: self._vote(channel_id, user_id, pause=True))

    async def resume(self, channel_id: int, user_id: int) -> tuple[GameInfo, bool]:
        """Ask to resume a paused game (the same rule); the turn's clock goes on where it
        stopped. Returns the game and whether it runs again."""
        return await self.core.retrying(lambda: self._vote(channel_id, user_id, pause=False))

    async def _vote(self, channel_id: int, user_id: int, *, pause: bool) -> tuple[GameInfo, bool]:
        row = await self.core.open_row(channel_id)
        self.core.require_active(row)
        seat = self.core.require_seat(row, user_id)
        if pause == (row.paused_at is not None):
            raise SessionError(N_("The game is already paused: `/estancia resume` to go on.")
                               if pause else N_("The game is not paused."))
        humans = {s.user_id for s in row.seats if s.user_id is not None}
        votes = set(row.votes) | {user_id}
        now, name = self.core.clock(), row.seats[seat].name
        done = user_id == row.creator_id or votes >= humans
        if not done:
            verb = "pause" if pause else "resume"
            new_row = replace(row, votes=tuple(sorted(votes)), version=row.version + 1,
                              updated_at=now)
            wish = (N_("{name} would like to pause the game ({n} of {of} agree): the others "
                       "agree with `/estancia pause` or the button.") if pause else
                    N_("{name} would like to resume the game ({n} of {of} agree): the others "
                       "agree with `/estancia resume` or the button."))
            with using(row.language):
                body = payload("settings", _(wish, name=name, n=len(votes), of=len(humans)),
                               vote=verb)
            await self.core.commit(Change(new_row, row.version, announcements=[body]))
            return self.core.info(self.core.load(new_row)), False
        loaded = self.core.load(row)
        if pause:
            new_row = replace(row, paused_at=now, votes=(), version=row.version + 1,
                              updated_at=now)
            with using(row.language):
                body = payload("settings", _(
                    "{name} paused the game: no turn timer and no moves until it resumes "
                    "(`/estancia resume`).", name=name))
            change = Change(new_row, row.version, timers=[], announcements=[body])
        else:
            assert row.paused_at is not None
            stood = now - row.paused_at  # the clock stood still while paused …
            if loaded.decision is not None:  # … and waits for a mover still on vacation
                back = transitions.away(row.seats[loaded.decision.seat], now)
                stood += (back - now) if back is not None else 0.0
            started = (row.turn_started_at or now) + stood
            deadline = None if row.deadline_at is None else row.deadline_at + stood
            new_row = replace(row, paused_at=None, votes=(), version=row.version + 1,
                              updated_at=now, turn_started_at=started)
            clock = transitions.turn_clock(new_row, loaded.decision, started_at=started, now=now,
                                           new_turn=False, deadline_at=deadline)
            new_row = replace(new_row, deadline_at=clock.deadline_at)
            mover = loaded.decision.seat if loaded.decision is not None else None
            user = row.seats[mover].user_id if mover is not None else None
            with using(row.language):
                body = payload("settings", _("{name} resumed the game.", name=name),
                               mention_user_ids=[user] if user is not None else [],
                               deadline_at=clock.deadline_at, turn_button=True,
                               turn=turn_key(loaded.decision))
            change = Change(new_row, row.version, timers=clock.timers, announcements=[body])
        await self.core.commit(change)
        self.computers.play_if_due(change)  # a computer to move waited for the game to resume
        return self.core.info(self.core.load(change.game)), True

    async def vacation(self, user_id: int, days: float) -> float | None:
        """Go on vacation for ``days`` (0: back now) in every game: the clocks of your
        turns wait until you are back (a running turn keeps the time it had left).
        Returns until when you are away."""
        if not 0 <= days <= MAX_VACATION_DAYS:
            raise SessionError(N_("A vacation lasts 0 to {n} days."), n=MAX_VACATION_DAYS)
        now = self.core.clock()
        until = now + days * stale.DAY if days > 0 else None
        await self.core.store.save_vacation(user_id, until)
        STORED.set(True)
        for row in await self.core.store.open_games_of(user_id):
            with contextlib.suppress(StaleVersion, SessionError):
                await self.core.commit(self._away_change(row, user_id, until, now))
        return until

    def _away_change(self, row: GameRow, user_id: int, until: float | None,
                     now: float) -> Change:
        """The game with the user's seat away until ``until``; a running turn of theirs
        gets its clock moved by the change in how long they are away."""
        index = next(i for i, seat in enumerate(row.seats) if seat.user_id == user_id)
        before = row.seats[index]
        seats = tuple(replace(seat, away_until=until) if i == index else seat
                      for i, seat in enumerate(row.seats))
        new_row = replace(row, seats=seats, updated_at=now)
        change = Change(new_row, row.version, expected_settings=row)
        decision = self.core.load(row).decision if row.status == "active" else None
        if (decision is None or decision.seat != index or row.turn_started_at is None
                or row.paused_at is not None):  # (paused: the resume counts the vacation)
            return change
        shift = (until or now) - (transitions.away(before, now) or now)
        started = row.turn_started_at + shift
        new_row = replace(new_row, turn_started_at=started)
        deadline = None if row.deadline_at is None else row.deadline_at + shift
        clock = transitions.turn_clock(new_row, decision, started_at=started,
                                       now=now, new_turn=False, deadline_at=deadline)
        change.game = replace(new_row, deadline_at=clock.deadline_at)
        change.timers = clock.timers
        return change

    # -- the turn timer, the language, the clock -------------------------------------------
    async def set_settings(
        self,
        channel_id: int,
        user_id: int,
        can_manage_channel: bool,
        *,
        turn_timeout_hours: float | None = None,
        reminder_hours: Sequence[float] | None = None,
        timeout_policy: TimeoutPolicy | None = None,
        language: str | None = None,
    ) -> GameInfo:
        """Change this game's timer settings or language (creator or Manage Channels).

        ``turn_timeout_hours=0`` switches the turn timer off. Reminders must come before
        the deadline: given ones at or beyond the timer are refused, kept ones that a
        shorter timer leaves beyond it are dropped. A running turn keeps its panels (the
        version does not change) and gets a deadline by :func:`bot.core.timers.deadline_after_change`:
        a timer turned on or shortened counts from now, a longer one from the turn's start.
        ``language`` ("en", "fr") is that of the game's public posts from now on.
        """
        return await self.core.retrying(lambda: self._set_settings(
            channel_id, user_id, can_manage_channel, turn_timeout_hours, reminder_hours,
            timeout_policy, language,
        ))

    async def _set_settings(
        self,
        channel_id: int,
        user_id: int,
        can_manage_channel: bool,
        turn_timeout_hours: float | None,
        reminder_hours: Sequence[float] | None,
        timeout_policy: TimeoutPolicy | None,
        language: str | None = None,
    ) -> GameInfo:
        row = await self.core.open_row(channel_id)
        if user_id != row.creator_id and not can_manage_channel:
            raise SessionError(N_(
                "Only the player who opened the game or someone who can manage this "
                "channel can change its settings."
            ))
        hours = row.turn_timeout_hours if turn_timeout_hours is None else turn_timeout_hours
        if not (math.isfinite(hours) and 0 <= hours <= MAX_TIMEOUT_HOURS):
            raise SessionError(N_("The turn timer must be between 0 and {n} hours."),
                               n=MAX_TIMEOUT_HOURS)
        reminders = row.reminder_hours if reminder_hours is None else tuple(
            sorted({float(h) for h in reminder_hours}, reverse=True)
        )
        if not all(math.isfinite(h) and h > 0 for h in reminders):
            raise SessionError(N_("Reminders are hours before the deadline and must be above 0."))
        # With a clock, reminders are thresholds of the reserve: they must lie under its cap.
        limit = hours if row.time_bank is None else row.time_bank.cap / 3600
        if limit > 0:
            if reminder_hours is not None and reminders and reminders[0] >= limit:
                raise SessionError(N_(
                    "A reminder {reminder} h before the deadline can never come with a "
                    "{hours} h turn timer: choose reminders under {hours} h (or none)."),
                    reminder=number(reminders[0]), hours=number(limit))
            reminders = tuple(h for h in reminders if h < limit)
        policy = timeout_policy or row.timeout_policy
        if policy not in ("computer", "forfeit"):
            raise SessionError(N_('The timeout policy is "computer" or "forfeit".'))
        if language is not None and i18n.normalize(language) != language:
            raise SessionError(N_('The language is "en" (English) or "fr" (French).'))
        now = self.core.clock()
        # The version stays: a settings change must not make the mover's panel stale.
        new_row = replace(
            row, turn_timeout_hours=hours, reminder_hours=reminders, timeout_policy=policy,
            updated_at=now, language=language or row.language,
        )
        change = Change(new_row, row.version, expected_settings=row)
        if row.status == "active":
            change.game, change.timers = self._reclocked(row, new_row, now)
        timer_changed = (turn_timeout_hours, reminder_hours, timeout_policy) != (None, None, None)
        with using(new_row.language):
            who = next((s.name for s in row.seats if s.user_id == user_id), _("A moderator"))
            if language is not None and language != row.language:
                change.announcements.append(payload("settings", _(
                    "{name} set the game's language: {language}.", name=who,
                    language=LANGUAGE_NAMES.get(language, language))))
            if timer_changed or not change.announcements:
                timer = transitions.describe_timer(hours, reminders, policy)
                change.announcements.append(payload("settings", _(
                    "{name} changed the turn timer: {timer}", name=who, timer=timer)))
        await self.core.commit(change)
        return self.core.info(self.core.load(change.game))

    def _reclocked(self, before: GameRow, after: GameRow,
                   now: float) -> tuple[GameRow, list[NewTimer]]:
        """The running turn's deadline and timers under ``after``'s settings."""
        decision = self.core.load(before).decision
        if decision is None:
            return replace(after, deadline_at=None), []
        started = before.turn_started_at if before.turn_started_at is not None else now
        if after.time_bank is not None:  # the reserve decides the deadline, not the timer
            clock = transitions.turn_clock(after, decision, started_at=started, now=now,
                                           new_turn=False)
            return replace(after, deadline_at=clock.deadline_at), clock.timers
        deadline = None
        if after.turn_timeout_hours > 0:
            deadline = deadline_after_change(
                turn_started_at=started, old_deadline=before.deadline_at,
                hours=after.turn_timeout_hours,
                now=now if before.paused_at is None else before.paused_at,  # (clock stood)
            )
        if before.paused_at is not None:  # no timers while paused; the resume sets them
            return replace(after, deadline_at=deadline), []
        clock = plan_turn_clock(
            seat=decision.seat, turn=decision.turn,
            human=after.seats[decision.seat].user_id is not None,
            turn_started_at=started, now=now, timeout_hours=after.turn_timeout_hours,
            reminder_hours=after.reminder_hours, deadline_at=deadline,
        )
        return replace(after, deadline_at=clock.deadline_at), clock.timers

    async def set_clock(self, channel_id: int, user_id: int, can_manage_channel: bool,
                        bank: TimeBank | None) -> GameInfo:
        """Give this channel's game a clock (``bank``) or switch it off (None): the creator
        or someone who can manage the channel, in the lobby or mid-game.

        Mid-game, a clock switched on gives every seat the whole reserve, and the running
        turn counts from now; a clock changed keeps each seat's reserve (the running turn
        charged until now), cut to the new cap; a clock switched off hands the running
        turn to the turn timer (counted from now, see ``set_settings``). The version stays,
        so the mover's panel keeps working."""
        return await self.core.retrying(lambda: self._set_clock(channel_id, user_id,
                                                                can_manage_channel, bank))

    async def _set_clock(self, channel_id: int, user_id: int, can_manage_channel: bool,
                         bank: TimeBank | None) -> GameInfo:
        row = await self.core.open_row(channel_id)
        if user_id != row.creator_id and not can_manage_channel:
            raise SessionError(N_(
                "Only the player who opened the game or someone who can manage this "
                "channel can change its settings."
            ))
        now = self.core.clock()
        new_row = replace(row, time_bank=bank, updated_at=now)
        change = Change(new_row, row.version, expected_settings=row)
        if row.status == "active":
            change.game, change.timers = self._clock_changed(row, new_row, now)
        with using(row.language):
            who = next((s.name for s in row.seats if s.user_id == user_id), _("A moderator"))
            text = (_("{name} set the game's clock: {clock}.", name=who,
                      clock=timebank.describe(bank)) if bank is not None else
                    _("{name} switched the game's clock off: {timer}", name=who,
                      timer=transitions.describe_timer(row.turn_timeout_hours,
                                                       row.reminder_hours, row.timeout_policy)))
            change.announcements.append(payload("settings", text))
        await self.core.commit(change)
        return self.core.info(self.core.load(change.game))

    def _clock_changed(self, before: GameRow, after: GameRow,
                       now: float) -> tuple[GameRow, list[NewTimer]]:
        """The running turn's reserves, deadline and timers once the clock changed."""
        decision = self.core.load(before).decision
        bank = after.time_bank
        if bank is None:
            return self._reclocked(before, after, now)
        seats = len(after.seats)
        if decision is None:
            return replace(after, reserves=timebank.start(bank, seats), deadline_at=None), []
        # A paused turn has used its reserve until the pause; it counts on from the resume.
        reference = before.paused_at if before.paused_at is not None else now
        reserves = timebank.retuned(before.time_bank, bank, before.reserves, seats,
                                    decision.seat, before.turn_started_at, reference)
        started = max(reference, before.turn_started_at or reference)
        game = replace(after, reserves=reserves, turn_started_at=started)
        clock = transitions.turn_clock(game, decision, started_at=started, now=now,
                                       new_turn=False)
        return replace(game, deadline_at=clock.deadline_at), clock.timers
