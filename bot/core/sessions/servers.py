"""A server's own rules and records: its settings, what becomes of stalled games and
forgotten lobbies, and the players' ratings."""

from __future__ import annotations

import contextlib
import logging
from dataclasses import replace

from bot.core import ratings, stale, transitions
from bot.core.announcements import payload
from bot.core.autoplay import turn_key
from bot.core.sessions.common import STORED, SessionError
from bot.core.sessions.core import SessionCore
from bot.core.sessions.standins import StandIns
from bot.storage.rows import (
    Change,
    GameRow,
    MatchPlayer,
    RatingRow,
    ServerRow,
    SoloBest,
    StaleVersion,
)
from games import ai
from games.i18n import N_, _, number, using

log = logging.getLogger(__name__)


class Servers:
    """A server's settings, the sweep of stalled games (warned, then played, forfeited
    or cancelled by the server's policy, :class:`StandIns`) and of old lobbies, ratings."""

    def __init__(self, core: SessionCore, stand_ins: StandIns) -> None:
        self.core = core
        self.stand_ins = stand_ins

    async def set_server(self, guild_id: int, *, stale_days: float | None = None,
                         lobby_days: float | None = None,
                         stale_policy: str | None = None,
                         computer_level: str | None = None,
                         hints: bool | None = None,
                         quiet_deadlines: bool | None = None) -> ServerRow:
        """Change a server's settings: stalled games and lobbies, the level the computer
        stands in at for a timed-out or forfeited seat, whether hints are allowed, whether
        deadlines move out of quiet hours."""
        current = await self.core.server(guild_id)
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
        await self.core.store.save_server(updated, self.core.clock())
        STORED.set(True)
        return updated

    # -- stalled games and lobbies -------------------------------------------------------
    async def sweep_stale(self) -> int:
        """Warn stalled games, apply the policy to warned ones, expire old lobbies;
        returns how many games changed. Each change is guarded by the game's version."""
        now, changed, servers = self.core.clock(), 0, {}

        async def server_of(row: GameRow) -> ServerRow:
            key = row.guild_id or 0
            if key not in servers:
                servers[key] = await self.core.server(key)
            return servers[key]

        for activity in await self.core.store.active_games_activity():
            verdict = stale.judge(activity, await server_of(activity.game), now)
            if verdict is None:
                continue
            try:
                with using(activity.game.language):
                    change = await self._stale_change(verdict, await server_of(activity.game),
                                                      now)
                if change is not None:
                    await self.core.commit(change)
                    changed += 1
            except StaleVersion:
                continue  # it moved meanwhile: no longer stale
            except Exception:
                log.exception("stale sweep of game %s failed", activity.game.id)
        for row in await self.core.store.games_with_status("lobby"):
            server = await server_of(row)
            if not stale.lobby_expired(row, server, now):
                continue
            with using(row.language):
                body = payload("cancelled", _(
                    "Nobody started this lobby of {title} within {days}: it expired.",
                    title=self.core.engine(row.game).title, days=stale.days(server.lobby_days)))
            expired = replace(row, status="cancelled", version=row.version + 1, updated_at=now)
            with contextlib.suppress(StaleVersion):
                await self.core.commit(Change(expired, row.version, timers=[],
                                              announcements=[body]))
                changed += 1
        return changed

    async def _stale_change(self, verdict: stale.Verdict, server: ServerRow,
                            now: float) -> Change | None:
        loaded = self.core.load(verdict.game)
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
            return await self.stand_ins.forfeit(loaded, seat, now, "stale", name=name, idle=idle)
        if server.stale_policy == "cancel":
            cancelled = replace(row, status="cancelled", version=row.version + 1,
                                updated_at=now, deadline_at=None)
            body = payload("cancelled", _("No move for {idle}: the game is cancelled.",
                                          idle=idle))
            return Change(cancelled, row.version, announcements=[body], timers=[])
        lead = _("No move for {idle}, so the computer played {name}'s turn.", idle=idle,
                 name=name)
        return await self.stand_ins.play_turn(loaded, turn_key(decision), server.computer_level,
                                              now, lead)

    # -- ratings -----------------------------------------------------------------------
    async def rate_finished_games(self) -> int:
        """Rate every finished game not rated yet (each exactly once); how many were."""
        rated = 0
        for row in await self.core.store.unrated_finished_games():
            players = self._match_players(row)
            places = self._places(row) if players else []
            keys = [p.player for p in players]

            def compute(current: dict[str, tuple[float, float]],
                        keys: list[str] = keys, places: list[int] = places,
                        ) -> dict[str, tuple[float, float]]:
                prior = {k: ratings.Rating(*v) for k, v in current.items()}
                new = ratings.rate(keys, places, prior)
                return {k: (r.mu, r.sigma) for k, r in new.items()}

            if await self.core.store.record_ratings(row.id, row.guild_id or 0, row.game,
                                                    players, compute, self.core.clock()):
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
        loaded = self.core.load(row)
        result = row.result or {}
        totals = [0] * len(row.seats)
        if loaded.state is not None:
            scores = loaded.game.scores(loaded.state)
            totals = [scores.get(seat, {}).get("total", 0) for seat in range(len(row.seats))]
        return ratings.places(totals, result.get("winners", ()), transitions.forfeited_seats(row))

    async def leaderboard(self, guild_id: int, game: str, limit: int = 10) -> list[RatingRow]:
        self.core.engine(game)  # an unknown game is refused with a clear message
        return await self.core.store.leaderboard(guild_id, game, limit)

    async def player_stats(self, guild_id: int, user_id: int) -> list[RatingRow]:
        return await self.core.store.player_ratings(guild_id, ratings.player_key(user_id))

    async def solo_bests(self, guild_id: int, user_id: int) -> list[SoloBest]:
        """The user's best solo score per game and automa level on a server."""
        return await self.core.store.best_solo_scores(guild_id, user_id)
