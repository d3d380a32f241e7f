"""Players' notice preferences and their notices (:class:`bot.core.notices.NoticeStore`),
mixed into :class:`bot.storage.store.Store`: written once, on both back ends (the tables:
:data:`bot.storage.schema.players` and :data:`~bot.storage.schema.notices`).

On PostgreSQL several processes share the database, so a due notice is claimed by one
process at a time (``FOR UPDATE SKIP LOCKED``, a lease of ``CLAIM_SECONDS`` as for the
outbox and the timers): a process killed while it holds one leaves it to the others once
the lease is over, and their re-send carries the same nonce (Discord answers with the
message made). One SQLite file has one bot process: nothing is claimed there, the
deliverer of that process keeps one delivery at a time.
"""

from __future__ import annotations

from collections.abc import Awaitable, Collection, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from sqlalchemy import Text, bindparam, case, delete, func, or_, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.sql.expression import BindParameter

from bot.core.notices import NewNotice, NoticeRow, PlayerPrefs
from bot.core.quiet import QuietHours
from bot.storage.compiled import Body, Result, Sql, many, once, run
from bot.storage.schema import games, notices, players

T = TypeVar("T")


def _claim_seconds() -> float:
    """The store's lease (:data:`bot.storage.store.CLAIM_SECONDS`), read when claiming:
    the store module imports this one (its :class:`StoreNotices` mixin), so this one
    cannot import the store as it loads."""
    from bot.storage import store

    return store.CLAIM_SECONDS


def prefs_from(row: Any) -> PlayerPrefs:
    """A ``players`` row as preferences."""
    return PlayerPrefs(
        user_id=row.user_id, time_zone=row.time_zone,
        quiet=None if row.quiet_hours is None else QuietHours.from_text(row.quiet_hours),
        dm_notices=bool(row.dm_notices), dms_closed=bool(row.dms_closed),
        told_closed=bool(row.told_closed), language=row.language,
    )


def notice_from(row: Any) -> NoticeRow:
    return NoticeRow(id=row.id, user_id=row.user_id, game_id=row.game_id, key=row.key,
                     kind=row.kind, seat=row.seat, turn=row.turn, due_at=row.due_at,
                     message_id=row.message_id, attempts=row.attempts)


_ID: BindParameter[int] = bindparam("p_id")
_NOW: BindParameter[float] = bindparam("p_now")
_open = notices.c.done_at.is_(None)

_PLAYERS = Sql(select(players).where(
    players.c.user_id.in_(bindparam("p_user_ids", expanding=True))))
_TAKE_CLOSED_NOTE = Sql(update(players).where(
    players.c.user_id == bindparam("p_user_id"), players.c.dms_closed == 1,
    players.c.told_closed == 0).values(told_closed=1))

_DUE = Sql(select(notices).where(_open, notices.c.due_at <= _NOW)
           .order_by(notices.c.due_at, notices.c.id).limit(bindparam("p_limit")))
_claimable = (select(notices.c.id)
              .where(_open, notices.c.due_at <= _NOW,
                     or_(notices.c.claimed_until.is_(None), notices.c.claimed_until <= _NOW))
              .order_by(notices.c.due_at, notices.c.id).limit(bindparam("p_limit"))
              .with_for_update(skip_locked=True))
_CLAIM = Sql(update(notices).where(notices.c.id.in_(_claimable.scalar_subquery()))
             .values(claimed_until=bindparam("p_until")).returning(*notices.c))
#: The nearest moment a notice may be delivered here: its due time, or the end of
#: another process's claim on it.
_NEXT_DUE = Sql(select(func.min(case(
    (notices.c.claimed_until > notices.c.due_at, notices.c.claimed_until),
    else_=notices.c.due_at))).where(_open))
_POSTPONE = Sql(update(notices).where(notices.c.id == _ID, _open).values(
    due_at=bindparam("p_due_at"), claimed_until=None))
_route = bindparam("p_route", type_=Text())  # typed: PostgreSQL sees it in "IS NOT NULL"
_FINISH = Sql(update(notices).where(notices.c.id == _ID, _open).values(
    done_at=_NOW, sent_message_id=bindparam("p_message_id"), route=_route,
    attempts=notices.c.attempts + case((_route.is_not(None), 1), else_=0),
    claimed_until=None))
_GIVE_UP = Sql(update(notices).where(notices.c.id == _ID, _open).values(
    attempts=notices.c.attempts + 1, done_at=notices.c.due_at, claimed_until=None))
_RETRY = Sql(update(notices).where(notices.c.id == _ID, _open).values(
    attempts=notices.c.attempts + 1, due_at=bindparam("p_retry_at"), claimed_until=None))
_ATTEMPTS = Sql(select(notices.c.attempts).where(notices.c.id == _ID))
_RELEASE = Sql(update(notices).where(notices.c.id == _ID, _open).values(claimed_until=None))
_later = notices.alias("later")
_PURGE = Sql(delete(notices).where(
    notices.c.done_at.is_not(None), notices.c.done_at < bindparam("p_before"),
    or_(notices.c.kind == "reminder",
        notices.c.game_id.in_(select(games.c.id)
                              .where(games.c.status.in_(("finished", "cancelled")))),
        notices.c.id < (select(func.max(_later.c.id))
                        .where(_later.c.game_id == notices.c.game_id,
                               _later.c.user_id == notices.c.user_id,
                               _later.c.kind == "turn")
                        .scalar_subquery()))))
_OF_GAME = Sql(select(notices).where(notices.c.game_id == bindparam("p_game_id"))
               .order_by(notices.c.id))


def _upserts(dialect: str) -> tuple[Sql, Sql, Sql]:
    """(save preferences, DMs refused, insert a notice once): ``INSERT … ON CONFLICT`` is
    its own construct in each dialect (the same SQL text in both)."""
    insert_ = postgresql.insert if dialect == "postgresql" else sqlite.insert
    save = insert_(players)
    refused = insert_(players).values(dms_closed=1, told_closed=0)
    return (
        Sql(save.on_conflict_do_update(index_elements=["user_id"], set_={
            c: save.excluded[c] for c in ("time_zone", "quiet_hours", "dm_notices",
                                          "dms_closed", "told_closed", "language",
                                          "updated_at")})),
        Sql(refused.on_conflict_do_update(
            index_elements=["user_id"],
            set_={"dms_closed": 1, "told_closed": 0, "updated_at": refused.excluded.updated_at},
            where=players.c.dms_closed == 0)),
        Sql(insert_(notices).on_conflict_do_nothing(
            index_elements=["game_id", "user_id", "key"])),
    )


_UPSERTS = {dialect: _upserts(dialect) for dialect in ("sqlite", "postgresql")}


class StoreNotices:
    """Players' preferences and notices, on either back end."""

    if TYPE_CHECKING:
        @property
        def dialect(self) -> str: ...
        _claims: bool

        def _write(self, body: Body[T]) -> Awaitable[T]: ...

        def _bookkeeping(self, body: Body[T]) -> Awaitable[T]: ...

        async def _write_one(self, sql: Sql, **params: Any) -> Result: ...

        async def _all(self, sql: Sql, **params: Any) -> list[Any]: ...

        async def _one(self, sql: Sql, **params: Any) -> Any: ...

    # -- preferences ------------------------------------------------------------------------
    async def player_prefs(self, user_ids: Collection[int]) -> dict[int, PlayerPrefs]:
        """The stored preferences of these players (players with none are left out)."""
        ids = sorted(set(user_ids))
        if not ids:
            return {}
        return {r.user_id: prefs_from(r) for r in await self._all(_PLAYERS, user_ids=ids)}

    async def save_player_prefs(self, prefs: PlayerPrefs, now: float) -> None:
        save, _, _ = _UPSERTS[self.dialect]
        await self._write(once(run(save, {
            "user_id": prefs.user_id, "time_zone": prefs.time_zone,
            "quiet_hours": None if prefs.quiet is None else prefs.quiet.text,
            "dm_notices": int(prefs.dm_notices), "dms_closed": int(prefs.dms_closed),
            "told_closed": int(prefs.told_closed), "language": prefs.language,
            "updated_at": now})))

    async def dms_refused(self, user_id: int, now: float) -> None:
        """Discord refused a DM to the player: ``dms_closed`` on, ``told_closed`` off."""
        _, refused, _ = _UPSERTS[self.dialect]
        await self._write(once(run(refused, {"user_id": user_id, "updated_at": now})))

    async def take_dms_closed_note(self, user_id: int) -> bool:
        """Whether the player is to be told now that their DMs are closed (True once:
        ``told_closed`` is set in the same statement, so two processes never both tell)."""
        return (await self._write_one(_TAKE_CLOSED_NOTE, user_id=user_id)).rowcount == 1

    # -- notices ----------------------------------------------------------------------------
    def insert_notices(self, new: Sequence[NewNotice], now: float) -> Body[None]:
        """Write notices (statements of a transaction); one already there for its game,
        player and key stays as it is."""
        if new:
            _, _, insert_once = _UPSERTS[self.dialect]
            yield many(insert_once, [{
                "game_id": n.game_id, "user_id": n.user_id, "key": n.key, "kind": n.kind,
                "seat": n.seat, "turn": n.turn, "message_id": n.message_id,
                "due_at": n.due_at, "created_at": now} for n in new])

    async def claim_notices(self, now: float, limit: int) -> list[NoticeRow]:
        """Notices due now, undelivered, claimed for this process (a lease, as the outbox);
        on SQLite, one process: nothing to claim."""
        if not self._claims:
            return [notice_from(r) for r in await self._all(_DUE, now=now, limit=limit)]
        claimed = await self._bookkeeping(once(run(_CLAIM, {
            "now": now, "until": now + _claim_seconds(), "limit": limit})))
        return sorted((notice_from(r) for r in claimed.rows), key=lambda n: (n.due_at, n.id))

    async def next_notice_due(self) -> float | None:
        row = await self._one(_NEXT_DUE)
        return row[0] if row else None

    async def postpone_notice(self, notice_id: int, due_at: float) -> None:
        """Due later (quiet hours; a paused game); the claim is given back."""
        await self._write_one(_POSTPONE, id=notice_id, due_at=due_at)

    async def finish_notice(self, notice_id: int, now: float, message_id: int | None,
                            route: str | None) -> None:
        """Delivered (``route`` "dm" or "channel") or dropped (``route`` None)."""
        await self._bookkeeping(once(run(_FINISH, {
            "id": notice_id, "now": now, "message_id": message_id, "route": route})))

    async def fail_notice(self, notice_id: int, retry_at: float | None) -> int:
        """A failed attempt: retried at ``retry_at`` (None: given up, dealt with and
        delivered nowhere); the attempts so far."""

        def fail() -> Body[int]:
            if retry_at is None:
                yield run(_GIVE_UP, {"id": notice_id})
            else:
                yield run(_RETRY, {"id": notice_id, "retry_at": retry_at})
            return (yield run(_ATTEMPTS, {"id": notice_id})).scalar() or 0

        return await self._write(fail())

    async def release_notice(self, notice_id: int) -> None:
        """Give back a claimed notice (SQLite: nothing was claimed)."""
        if self._claims:
            await self._bookkeeping(once(run(_RELEASE, {"id": notice_id})))

    async def purge_notices(self, before: float) -> int:
        """Forget notices dealt with before then, except each player's latest turn
        notice of a running game (it keeps that turn from being noticed twice)."""
        return (await self._write_one(_PURGE, before=before)).rowcount

    async def notices_of(self, game_id: int) -> list[dict[str, Any]]:
        """Every notice of a game, oldest first, as stored (for tests and diagnostics)."""
        return [r._asdict() for r in await self._all(_OF_GAME, game_id=game_id)]
