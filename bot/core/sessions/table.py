"""The server's table: settings, pause and vacation, stale games, ratings."""

from __future__ import annotations

import contextlib
import math
from collections.abc import Sequence
from dataclasses import replace

from bot.core import ratings, stale, transitions
from bot.core.announcements import payload
from bot.core.autoplay import (
    think_off_loop,
    turn_key,
)
from bot.core.sessions.common import (
    LANGUAGE_NAMES,
    MAX_VACATION_DAYS,
    STORED,
    GameInfo,
    SessionError,
    SessionsCore,
    TimeoutPolicy,
    computer_levels,
    log,
)
from bot.core.timers import deadline_after_change, plan_turn_clock
from bot.settings import MAX_TIMEOUT_HOURS
from bot.storage.rows import (
    Change,
    GameRow,
    MatchPlayer,
    NewTimer,
    RatingRow,
    ServerRow,
    SoloBest,
    StaleVersion,
)
from games import ai, i18n
from games.i18n import N_, _, number, using


class Table(SessionsCore):
    """The server's table: settings, pause and vacation, stale games, ratings."""

    # -- pause, resume, vacation ----------------------------------------------------------
    async def pause(self, channel_id: int, user_id: int) -> tuple[GameInfo, bool]:
        """Ask to pause the game: the creator pauses at once, anyone else casts a vote and
        the game pauses when every seated player agrees. A paused game has no turn timer
        and takes no move. Returns the game and whether it is paused now."""
        return await self._retrying(lambda: self._vote(channel_id, user_id, pause=True))

    async def resume(self, channel_id: int, user_id: int) -> tuple[GameInfo, bool]:
        """Ask to resume a paused game (the same rule); the turn's clock goes on where it
        stopped. Returns the game and whether it runs again."""
        return await self._retrying(lambda: self._vote(channel_id, user_id, pause=False))

    async def _vote(self, channel_id: int, user_id: int, *, pause: bool) -> tuple[GameInfo, bool]:
        row = await self._open_row(channel_id)
        self._require_active(row)
        seat = self._require_seat(row, user_id)
        if pause == (row.paused_at is not None):
            raise SessionError(N_("The game is already paused: `/estancia resume` to go on.")
                               if pause else N_("The game is not paused."))
        humans = {s.user_id for s in row.seats if s.user_id is not None}
        votes = set(row.votes) | {user_id}
        now, name = self.clock(), row.seats[seat].name
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
            await self._commit(Change(new_row, row.version, announcements=[body]))
            return self._info(self._load(new_row)), False
        loaded = self._load(row)
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
        await self._commit(change)
        self._kick_if_computer(change)  # a computer to move waited for the game to resume
        return self._info(self._load(change.game)), True

    async def vacation(self, user_id: int, days: float) -> float | None:
        """Go on vacation for ``days`` (0: back now) in every game: the clocks of your
        turns wait until you are back (a running turn keeps the time it had left).
        Returns until when you are away."""
        if not 0 <= days <= MAX_VACATION_DAYS:
            raise SessionError(N_("A vacation lasts 0 to {n} days."), n=MAX_VACATION_DAYS)
        now = self.clock()
        until = now + days * stale.DAY if days > 0 else None
        await self.store.save_vacation(user_id, until)
        STORED.set(True)
        for row in await self.store.open_games_of(user_id):
            with contextlib.suppress(StaleVersion, SessionError):
                await self._commit(self._away_change(row, user_id, until, now))
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
        decision = self._load(row).decision if row.status == "active" else None
        if (decision is None or decision.seat != index or row.turn_started_at is None
                or row.paused_at is not None):  # (paused: the resume counts the vacation)
            return change
        shift = (until or now) - (transitions.away(before, now) or now)
        new_row = replace(new_row, turn_started_at=row.turn_started_at + shift)
        deadline = None if row.deadline_at is None else row.deadline_at + shift
        clock = transitions.turn_clock(new_row, decision, started_at=new_row.turn_started_at,
                                       now=now, new_turn=False, deadline_at=deadline)
        change.game = replace(new_row, deadline_at=clock.deadline_at)
        change.timers = clock.timers
        return change

    # -- stale games ---------------------------------------------------------------------
    async def server(self, guild_id: int) -> ServerRow:
        """A server's settings (the defaults until it chose)."""
        return await self.store.server(guild_id) or stale.defaults(
            guild_id, self.settings.timeout_policy)

    async def set_server(self, guild_id: int, *, stale_days: float | None = None,
                         lobby_days: float | None = None,
                         stale_policy: str | None = None,
                         computer_level: str | None = None,
                         hints: bool | None = None,
                         quiet_deadlines: bool | None = None) -> ServerRow:
        """Change a server's settings: stalled games and lobbies, the level the computer
        stands in at for a timed-out or forfeited seat, whether hints are allowed, whether
        deadlines move out of quiet hours."""
        current = await self.server(guild_id)
        if stale_policy is not None and stale_policy not in stale.STALE_POLICIES:
            raise SessionError(N_('The stale policy is "computer", "forfeit" or "cancel".'))
        if computer_level is not None and computer_level not in ai.LEVELS:
            raise SessionError(N_("A computer is easy, normal or hard."))
        for value in (stale_days, lobby_days):
            if value is not None and not (0 <= value <= 365):
                raise SessionError(N_("Days are between 0 (never) and 365."))
        updated = replace(current,
                          stale_days=current.stale_days if stale_days is None else stale_days,
                          lobby_days=current.lobby_days if lobby_days is None else lobby_days,
                          stale_policy=stale_policy or current.stale_policy,
                          computer_level=computer_level or current.computer_level,
                          hints=current.hints if hints is None else hints)
        if quiet_deadlines is not None:
            updated = replace(updated, quiet_deadlines=quiet_deadlines)
        await self.store.save_server(updated, self.clock())
        STORED.set(True)
        return updated

    async def sweep_stale(self) -> int:
        """Warn stalled games, apply the policy to warned ones, expire old lobbies;
        returns how many games changed. Each change is guarded by the game's version."""
        now, changed, servers = self.clock(), 0, {}

        async def server_of(row: GameRow) -> ServerRow:
            key = row.guild_id or 0
            if key not in servers:
                servers[key] = await self.server(key)
            return servers[key]

        for activity in await self.store.active_games_activity():
            verdict = stale.judge(activity, await server_of(activity.game), now)
            if verdict is None:
                continue
            try:
                with using(activity.game.language):
                    change = await self._stale_change(verdict, await server_of(activity.game),
                                                      now)
                if change is not None:
                    await self._commit(change)
                    changed += 1
            except StaleVersion:
                continue  # it moved meanwhile: no longer stale
            except Exception:
                log.exception("stale sweep of game %s failed", activity.game.id)
        for row in await self.store.games_with_status("lobby"):
            server = await server_of(row)
            if not stale.lobby_expired(row, server, now):
                continue
            with using(row.language):
                body = payload("cancelled", _(
                    "Nobody started this lobby of {title} within {days}: it expired.",
                    title=self._engine(row.game).title, days=stale.days(server.lobby_days)))
            expired = replace(row, status="cancelled", version=row.version + 1, updated_at=now)
            with contextlib.suppress(StaleVersion):
                await self._commit(Change(expired, row.version, timers=[],
                                          announcements=[body]))
                changed += 1
        return changed

    async def _stale_change(self, verdict: stale.Verdict, server: ServerRow,
                            now: float) -> Change | None:
        loaded = self._load(verdict.game)
        decision = loaded.decision
        if decision is None or loaded.state is None or loaded.row.paused_at is not None:
            return None
        row, seat = loaded.row, decision.seat
        if transitions.away(row.seats[seat], now) is not None:
            return None  # the player said they are away: that is not a stall
        name, idle = row.seats[seat].name, stale.days(verdict.idle_days)
        if verdict.action == "warn":
            user = row.seats[seat].user_id
            text = _(stale.WARNINGS[server.stale_policy], idle=idle,
                     hours=number(stale.GRACE_HOURS))
            body = payload("stale", text, mention_user_ids=[user] if user is not None else [],
                           turn_button=True)
            return Change(replace(row, updated_at=now), row.version, announcements=[body],
                          stale_warning=True)
        if server.stale_policy == "forfeit":
            return await self._forfeit(loaded, seat, now, "stale", name=name, idle=idle)
        if server.stale_policy == "cancel":
            cancelled = replace(row, status="cancelled", version=row.version + 1,
                                updated_at=now, deadline_at=None)
            body = payload("cancelled", _("No move for {idle}: the game is cancelled.",
                                          idle=idle))
            return Change(cancelled, row.version, announcements=[body], timers=[])
        steps = await think_off_loop(loaded.game, loaded.state, [s.user_id for s in row.seats],
                                     turn_key(decision),
                                     computer_levels(row, server.computer_level))
        return transitions.advance(
            loaded, steps, now, kind="timeout",
            lead=_("No move for {idle}, so the computer played {name}'s turn.", idle=idle,
                   name=name),
            earlier_lines=await self.store.unannounced_lines(row.id))

    # -- ratings -----------------------------------------------------------------------
    async def rate_finished_games(self) -> int:
        """Rate every finished game not rated yet (each exactly once); how many were."""
        rated = 0
        for row in await self.store.unrated_finished_games():
            players = self._match_players(row)
            places = self._places(row) if players else []
            keys = [p.player for p in players]

            def compute(current: dict[str, tuple[float, float]],
                        keys: list[str] = keys, places: list[int] = places,
                        ) -> dict[str, tuple[float, float]]:
                prior = {k: ratings.Rating(*v) for k, v in current.items()}
                new = ratings.rate(keys, places, prior)
                return {k: (r.mu, r.sigma) for k, r in new.items()}

            if await self.store.record_ratings(row.id, row.guild_id or 0, row.game, players,
                                               compute, self.clock()):
                rated += 1
        return rated

    @staticmethod
    def _match_players(row: GameRow) -> list[MatchPlayer]:
        """The seats to rate; none for a game played alone (nobody to be ranked against)."""
        if len(row.seats) < 2:
            return []
        winners = set((row.result or {}).get("winners", ()))
        # A forfeited seat is rated as the player who forfeited, not the computer that
        # finished the game for them.
        players = []
        for index, seat in enumerate(transitions.original_seats(row)):
            name = seat.name if seat.user_id is not None else "Computer"  # shown translated
            players.append(MatchPlayer(ratings.player_key(seat.user_id), name, index in winners))
        return players

    def _places(self, row: GameRow) -> list[int]:
        loaded = self._load(row)
        result = row.result or {}
        totals = [0] * len(row.seats)
        if loaded.state is not None:
            scores = loaded.game.scores(loaded.state)
            totals = [scores.get(seat, {}).get("total", 0) for seat in range(len(row.seats))]
        return ratings.places(totals, result.get("winners", ()), transitions.forfeited_seats(row))

    async def leaderboard(self, guild_id: int, game: str, limit: int = 10) -> list[RatingRow]:
        self._engine(game)  # an unknown game is refused with a clear message
        return await self.store.leaderboard(guild_id, game, limit)

    async def player_stats(self, guild_id: int, user_id: int) -> list[RatingRow]:
        return await self.store.player_ratings(guild_id, ratings.player_key(user_id))

    async def solo_bests(self, guild_id: int, user_id: int) -> list[SoloBest]:
        """The user's best solo score per game and automa level on a server."""
        return await self.store.best_solo_scores(guild_id, user_id)

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
        return await self._retrying(lambda: self._set_settings(
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
        row = await self._open_row(channel_id)
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
        now = self.clock()
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
        await self._commit(change)
        return self._info(self._load(change.game))

    def _reclocked(self, before: GameRow, after: GameRow,
                   now: float) -> tuple[GameRow, list[NewTimer]]:
        """The running turn's deadline and timers under ``after``'s settings."""
        decision = self._load(before).decision
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
