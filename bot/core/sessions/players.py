"""A player across their games: their games in one list (their turns first), their turn
notices (DMs or held for their quiet hours) and their preferences."""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace

import games
import renderer
from bot.core import cpu, timebank
from bot.core.autoplay import turn_key
from bot.core.notices import NoticeRow, PlayerPrefs, Route, route
from bot.core.quiet import parse_quiet_hours, zone_named
from bot.core.sessions.common import (
    BACKOFF_BASE,
    BACKOFF_CAP,
    GameInfo,
    SessionError,
)
from bot.core.sessions.core import SessionCore
from bot.core.thumbnails import board_thumbnail_png
from bot.core.transitions import has_board
from games import i18n
from games.i18n import N_

log = logging.getLogger(__name__)

#: A paused game's notice looks again this much later (it is sent once the game runs).
PAUSED_RETRY = 3600.0
#: Failed notices are given up after this many attempts (a notice is news, not a move).
MAX_NOTICE_ATTEMPTS = 8

NO_ZONE = N_("Quiet hours need your time zone: add time_zone (like Europe/Paris).")


@dataclass(frozen=True)
class MyGame:
    """One game of a player, as their list shows it."""

    info: GameInfo
    seat: int
    #: It is their turn (a running game, not paused).
    my_turn: bool
    #: Since when the running turn waits (None: not started, paused).
    waiting_since: float | None
    #: Their reserve now, in a game with a clock (None: no clock).
    reserve_left: float | None


@dataclass(frozen=True)
class NoticeWork:
    """A notice to send now, and what it needs."""

    notice: NoticeRow
    info: GameInfo
    route: Route
    #: The language it speaks: the player's for a DM, the game's in the channel.
    language: str
    #: The turn message's version (its board) and the deadline of the turn.
    deadline_at: float | None


class Players:
    """A player across their games: their list, their notices and preferences."""

    def __init__(self, core: SessionCore) -> None:
        self.core = core

    # -- preferences ------------------------------------------------------------------------
    async def prefs(self, user_id: int) -> PlayerPrefs:
        return (await self.core.store.player_prefs([user_id])).get(user_id) or PlayerPrefs(user_id)

    async def set_prefs(self, user_id: int, *, dm: bool | None = None,
                        time_zone: str | None = None, quiet_hours: str | None = None,
                        language: str | None = None) -> PlayerPrefs:
        """Change a player's notice preferences. ``time_zone`` is an IANA name,
        ``quiet_hours`` a window like "22:00-08:00" or "off". Turning DMs on again also
        forgets that Discord refused one (the next notice tries a DM again)."""
        current = await self.prefs(user_id)
        updated = current
        if time_zone is not None:
            try:
                zone = zone_named(time_zone)
            except ValueError as why:
                raise SessionError.verbatim(str(why)) from None
            updated = replace(updated, time_zone=zone.key)
        if quiet_hours is not None:
            try:
                updated = replace(updated, quiet=parse_quiet_hours(quiet_hours))
            except ValueError as why:
                raise SessionError.verbatim(str(why)) from None
            if updated.quiet is not None and updated.time_zone is None:
                raise SessionError(NO_ZONE)
        if dm is not None:
            updated = replace(updated, dm_notices=dm)
            if dm:
                updated = replace(updated, dms_closed=False, told_closed=False)
        if language is not None:
            updated = replace(updated, language=i18n.normalize(language))
        await self.core.store.save_player_prefs(updated, self.core.clock())
        return updated

    async def dms_refused(self, user_id: int) -> None:
        """Discord refused a DM to the player (50007): their notices go to the channel
        from now on, and they are told once (:meth:`take_dms_closed_note`)."""
        await self.core.store.dms_refused(user_id, self.core.clock())

    async def take_dms_closed_note(self, user_id: int) -> bool:
        """Whether to tell the player now (once) that their DMs are closed to the bot.
        Asked after every interaction: a read, and a write only when there is news."""
        prefs = (await self.core.store.player_prefs([user_id])).get(user_id)
        if prefs is None or not prefs.dms_closed or prefs.told_closed:
            return False
        return await self.core.store.take_dms_closed_note(user_id)

    # -- notices ----------------------------------------------------------------------------
    async def claim_notices(self, limit: int = 20) -> list[NoticeRow]:
        return await self.core.store.claim_notices(self.core.clock(), limit)

    async def next_notice_due(self) -> float | None:
        return await self.core.store.next_notice_due()

    async def notice_work(self, notice: NoticeRow) -> NoticeWork | None:
        """What a due notice needs to be sent now, or None: it was dropped (its turn is
        over) or held (the player's quiet hours, a paused game)."""
        now = self.core.clock()
        row = await self.core.store.game(notice.game_id)
        loaded = self.core.load(row) if row is not None and row.status == "active" else None
        if (loaded is None or turn_key(loaded.decision) != (notice.seat, notice.turn)
                or loaded.row.seats[notice.seat].user_id != notice.user_id):
            await self.core.store.finish_notice(notice.id, now, None, None)
            return None
        if loaded.row.paused_at is not None:
            await self.core.store.postpone_notice(notice.id, now + PAUSED_RETRY)
            return None
        prefs = await self.prefs(notice.user_id)
        until = prefs.quiet_until(now)
        if until is not None:
            await self.core.store.postpone_notice(notice.id, until)
            return None
        where = route(prefs)
        language = (prefs.language or loaded.row.language) if where == "dm" else loaded.row.language
        return NoticeWork(notice, self.core.info(loaded), where, language, loaded.row.deadline_at)

    async def notice_sent(self, notice_id: int, message_id: int | None, where: Route) -> None:
        await self.core.store.finish_notice(notice_id, self.core.clock(), message_id, where)

    async def notice_failed(self, notice: NoticeRow, retry_at: float | None = None, *,
                            permanent: bool = False) -> None:
        """A failed notice: retried with backoff (or at ``retry_at``), given up after
        :data:`MAX_NOTICE_ATTEMPTS` or at once when ``permanent``."""
        if permanent or notice.attempts + 1 >= MAX_NOTICE_ATTEMPTS:
            log.warning("notice %s to user %s given up", notice.id, notice.user_id)
            await self.core.store.fail_notice(notice.id, None)
            return
        if retry_at is None:
            retry_at = self.core.clock() + min(BACKOFF_CAP, BACKOFF_BASE * 2 ** notice.attempts)
        await self.core.store.fail_notice(notice.id, retry_at)

    async def release_notice(self, notice_id: int) -> None:
        await self.core.store.release_notice(notice_id)

    async def purge_notices(self, keep_seconds: float) -> int:
        return await self.core.store.purge_notices(self.core.clock() - keep_seconds)

    async def thumbnail(self, game_id: int) -> bytes | None:
        """The current public board, small (a DM notice's picture); None without one."""
        row = await self.core.row_by_id(game_id)
        if row.state is None or not has_board(row.game):
            return None
        names = [s.name for s in row.seats]
        return await cpu.run(board_thumbnail_png, games.GAME_MODULES[row.game],
                             renderer.RENDERERS[row.game], row.state, [], names,
                             i18n.current())

    # -- the list -----------------------------------------------------------------------------
    async def my_games(self, user_id: int, guild_id: int | None = None) -> list[MyGame]:
        """The user's running games and lobbies (those of ``guild_id`` only, when given):
        the ones where it is their turn first, the longest waiting first; then the others."""
        now = self.core.clock()
        found = []
        for row in await self.core.store.open_games_of(user_id):
            if guild_id is not None and row.guild_id != guild_id:
                continue
            try:
                loaded = self.core.load(row)
            except SessionError:
                continue  # its engine does not load (logged): leave it out
            info = self.core.info(loaded)
            seat = info.seat_of(user_id)
            if seat is None:
                continue
            mine = info.to_move == seat and info.paused_at is None
            left = None
            if info.time_bank is not None and info.status == "active":
                left = timebank.left_now(timebank.Reserves(info.reserves), seat,
                                         info.turn_started_at, now, running=mine)
            found.append(MyGame(info, seat, mine, info.turn_started_at if mine else None, left))
        found.sort(key=lambda g: (not g.my_turn, g.waiting_since or 0.0, g.info.id))
        return found
