"""The store: games, their append-only move log, the outbox and timers, ratings, server
settings and vacations — one implementation on two back ends, its SQL written once with
SQLAlchemy Core (:mod:`bot.storage.schema`) and run as compiled text on the drivers
(:mod:`bot.storage.compiled`).

* **SQLite** (the default, a file that needs nothing set up) through **aiosqlite**: two
  connections in WAL mode, each owned by its aiosqlite thread — the writer, where every
  write is ONE ``BEGIN IMMEDIATE`` transaction, and a reader beside it that never waits
  for a write. A transaction is run whole in its connection's thread (one hand-over from
  the event loop per transaction, not one per statement: see ``bot/storage/README.md``).
* **PostgreSQL** (``DATABASE_URL=postgresql://…``, several bot processes may share it)
  through **asyncpg**. A read of one statement is one round trip (no BEGIN); the rows
  being delivered and the timers being fired are claimed by one process at a time
  (``FOR UPDATE SKIP LOCKED``, for :data:`CLAIM_SECONDS`).

Every statement is built once, at import, as a SQLAlchemy Core construct wrapped in
:class:`~bot.storage.compiled.Sql`; a transaction of several statements is a generator
that yields them (``yield run(STATEMENT, {...})``) and is run by :meth:`Store._write`
or the back end's ``read``, whatever the back end. A change to a game is a
compare-and-swap on its ``version`` (:meth:`Store.commit`), so a stale or doubled
request is refused (:class:`StaleVersion`) and never applied twice. The schema is
upgraded at open (:mod:`bot.storage.upgrade`).

What stays small on disk: a move row holds the option key played, not the state after
it; the state is a zlib-compressed snapshot on the start and undo rows, on a move row
every :data:`SNAPSHOT_EVERY` versions, and in the game row (the current version). Any
other moment is the nearest snapshot before it with the logged keys replayed on it
(:meth:`Store.replay_from`; the engines are deterministic). Delivered announcements are
purged once old enough (:meth:`Store.purge_outbox`).

To add a table or a column: ``bot/storage/README.md``.
"""

from __future__ import annotations

import json
import logging
import os
import zlib
from collections.abc import Awaitable, Callable, Collection, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import (
    and_,
    bindparam,
    case,
    delete,
    exists,
    func,
    insert,
    literal,
    or_,
    select,
    update,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.sql.expression import BindParameter

from bot.core.announcements import MOVE_ANNOUNCEMENTS
from bot.core.notices import NewNotice
from bot.core.timebank import Reserves, TimeBank
from bot.storage import backends, upgrade
from bot.storage.compiled import Body, Query, Result, Sql, many, once, run
from bot.storage.notices import StoreNotices
from bot.storage.rows import (
    ADDRESS_KEY,
    SNAPSHOT_EVERY,
    Activity,
    Change,
    ChannelBusy,
    GameRow,
    MatchPlayer,
    MoveRow,
    NewGame,
    NewTimer,
    OutboxRow,
    RatingRow,
    SeatRow,
    ServerRow,
    SoloBest,
    StaleVersion,
    TimerRow,
)
from bot.storage.schema import (
    games,
    json_has,
    json_int,
    json_list_has,
    json_text,
    moves,
    outbox,
    rated_games,
    ratings,
    servers,
    stale_warnings,
    timers,
    vacations,
)

log = logging.getLogger(__name__)

T = TypeVar("T")

#: How long a claimed announcement or timer belongs to the process that claimed it
#: (PostgreSQL). A delivery takes at most ``SEND_TIMEOUT`` (30 s) once it has a slot;
#: past the lease the claimer is taken for dead and another process takes the row over.
#: Kept well inside the few minutes Discord remembers a message nonce, so a row whose
#: message was accepted just before its process died is answered with that same
#: message, not posted again.
CLAIM_SECONDS = float(os.environ.get("ESTANCIA_CLAIM_SECONDS", "90"))
#: Timers claimed per look (the scheduler looks again at once while more are due).
TIMER_BATCH = 100


# -- stored forms ------------------------------------------------------------------------
def dump(value: Any) -> str:
    """JSON as stored: compact, keys sorted (the compare-and-swap compares seats as text)."""
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def without_defaults(body: dict[str, Any]) -> dict[str, Any]:
    """An announcement body without its empty fields (None, False, []): the reader's
    defaults stand for them, and a game's hundred announcements stay small."""
    return {k: v for k, v in body.items() if not (v is None or v is False or v == [])}


def pack_state(text: str | None) -> bytes | None:
    """A state as stored: its JSON, zlib-compressed."""
    return None if text is None else zlib.compress(text.encode(), 6)


def unpack_state(stored: bytes | str | None) -> str | None:
    """The state JSON from a stored value (text from a database not yet migrated)."""
    if stored is None or isinstance(stored, str):
        return stored
    return zlib.decompress(stored).decode()


def seats_json(seats: Sequence[SeatRow]) -> str:
    return dump([{"user_id": s.user_id, "name": s.name}
                 | ({"away_until": s.away_until} if s.away_until is not None else {})
                 | ({"level": s.level} if s.level is not None else {})
                 | ({"hinted": True} if s.hinted else {})
                 for s in seats])


def move_rows(game_id: int, rows: Sequence[MoveRow],
              last_snapshot: int | None) -> list[dict[str, Any]]:
    """The ``moves`` table's rows for ``rows``: the state after a move is kept
    (compressed) on starts, undos and every :data:`SNAPSHOT_EVERY` versions after
    ``last_snapshot``, the game's latest kept one."""
    out = []
    for move in rows:
        snapshot = None
        if move.kind in ("start", "undo") or (
            move.kind == "move"
            and (last_snapshot is None or move.version - last_snapshot >= SNAPSHOT_EVERY)
        ):
            if move.state_after is None:
                raise ValueError(f"a {move.kind} row at v{move.version} needs its state")
            snapshot = pack_state(move.state_after)
            last_snapshot = move.version
        out.append({
            "game_id": game_id, "version": move.version, "kind": move.kind,
            "seat": move.seat, "user_id": move.user_id, "by_computer": int(move.by_computer),
            "option_key": move.option_key, "label": move.label,
            "events": dump(list(move.events)), "snapshot": snapshot,
            "reveals": int(move.reveals), "undone": int(move.undone),
            "created_at": move.created_at, "interaction_id": move.interaction_id,
        })
    return out


def game_from(r: Any) -> GameRow:
    return GameRow(
        id=r.id, channel_id=r.channel_id, guild_id=r.guild_id, game=r.game,
        options=json.loads(r.options), status=r.status, creator_id=r.creator_id,
        seats=tuple(SeatRow(s["user_id"], s["name"], s.get("away_until"), s.get("level"),
                            s.get("hinted", False))
                    for s in json.loads(r.seats)),
        seed=r.seed, version=r.version, state=unpack_state(r.state),
        turn_timeout_hours=r.turn_timeout_hours,
        reminder_hours=tuple(json.loads(r.reminder_hours)),
        timeout_policy=r.timeout_policy, turn_started_at=r.turn_started_at,
        deadline_at=r.deadline_at, result=json.loads(r.result) if r.result else None,
        created_at=r.created_at, updated_at=r.updated_at, parent_id=r.parent_id,
        paused_at=r.paused_at, votes=tuple(json.loads(r.votes)), language=r.language,
        time_bank=None if r.time_bank is None else TimeBank.from_json(json.loads(r.time_bank)),
        reserves=None if r.reserves is None else Reserves.from_json(json.loads(r.reserves)),
    )


def bank_json(bank: TimeBank | None) -> str | None:
    """A game's time bank as stored (compared like the timer settings: a settings change
    keeps the version)."""
    return None if bank is None else dump(bank.to_json())


def reserves_json(reserves: Reserves | None) -> str | None:
    return None if reserves is None else dump(reserves.to_json())


def move_from(r: Any) -> MoveRow:
    return MoveRow(
        version=r.version, kind=r.kind, seat=r.seat, user_id=r.user_id,
        by_computer=bool(r.by_computer), option_key=r.option_key, label=r.label,
        events=tuple(json.loads(r.events)), state_after=unpack_state(r.snapshot),
        reveals=bool(r.reveals), undone=bool(r.undone), created_at=r.created_at,
        interaction_id=r.interaction_id,
    )


def outbox_from(r: Any) -> OutboxRow:
    return OutboxRow(id=r.id, game_id=r.game_id, version=r.version, channel_id=r.channel_id,
                     payload=json.loads(r.payload), attempts=r.attempts)


def timer_from(r: Any) -> TimerRow:
    return TimerRow(id=r.id, game_id=r.game_id, kind=r.kind, seat=r.seat, turn=r.turn,
                    due_at=r.due_at)


def rating_from(r: Any) -> RatingRow:
    return RatingRow(r.guild_id, r.game, r.player, r.name, r.mu, r.sigma, r.games, r.wins)


# -- the statements, built once ----------------------------------------------------------
_ID: BindParameter[int] = bindparam("p_id")
_GAME: BindParameter[int] = bindparam("p_game_id")
_NOW: BindParameter[float] = bindparam("p_now")

_GAME_BY_ID = Sql(select(games).where(games.c.id == _ID))
_GAME_OPEN_IN_CHANNEL = Sql(select(games).where(
    games.c.channel_id == bindparam("p_channel_id"), games.c.status.in_(("lobby", "active"))))
_GAME_LATEST_IN_CHANNEL = (Sql(select(games).where(games.c.channel_id == bindparam("p_channel_id"))
                           .order_by(games.c.id.desc()).limit(1)))
_GAMES_FROM_CHANNEL = Sql(
    select(games).where(games.c.parent_id == bindparam("p_channel_id"))
    .order_by(games.c.status.in_(("lobby", "active")).desc(), games.c.id.desc())
    .limit(bindparam("p_limit")))
_GAMES_WITH_STATUS = (Sql(select(games).where(games.c.status.in_(bindparam("p_statuses",
                                                                        expanding=True)))
                      .order_by(games.c.id)))
_INSERT_GAME = Sql(insert(games).returning(*games.c))
_SWAP_GAME = Sql(update(games).where(
    games.c.id == _ID, games.c.version == bindparam("p_expected_version"),
    games.c.turn_timeout_hours == bindparam("p_expected_timeout"),
    games.c.reminder_hours == bindparam("p_expected_reminders"),
    games.c.timeout_policy == bindparam("p_expected_policy"),
    games.c.seats == bindparam("p_expected_seats"),
    games.c.time_bank.is_not_distinct_from(bindparam("p_expected_bank")),
).values({c: bindparam(f"p_new_{c}") for c in (
    "status", "seats", "version", "state", "turn_timeout_hours", "reminder_hours",
    "timeout_policy", "turn_started_at", "deadline_at", "result", "updated_at", "paused_at",
    "votes", "language", "time_bank", "reserves")}))

_LAST_SNAPSHOT = (Sql(select(moves.c.version)
                  .where(moves.c.game_id == _GAME, moves.c.snapshot.is_not(None))
                  .order_by(moves.c.version.desc()).limit(1)))
_INSERT_MOVE = Sql(insert(moves))
_MARK_UNDONE = Sql(update(moves).where(
    moves.c.game_id == _GAME, moves.c.version.in_(bindparam("p_versions", expanding=True))
).values(undone=1))
_MOVES_NEWEST_FIRST = (Sql(select(moves).where(moves.c.game_id == _GAME)
                       .order_by(moves.c.version.desc())))
_MOVES_LAST = Sql(_MOVES_NEWEST_FIRST.clause.limit(bindparam("p_limit")))
_PLAYED_BY = Sql(select(literal(1)).where(moves.c.game_id == _GAME,
                                      moves.c.version == bindparam("p_version"),
                                      moves.c.interaction_id == bindparam("p_interaction_id")))
_EFFECTIVE_MOVES = (Sql(select(moves).where(moves.c.game_id == _GAME, moves.c.undone == 0,
                                        moves.c.kind != "undo")
                    .order_by(moves.c.version.desc()).limit(bindparam("p_limit"))))
_MOVE_KINDS = tuple(MOVE_ANNOUNCEMENTS)
_announced = (select(func.max(outbox.c.version))
              .where(outbox.c.game_id == moves.c.game_id,
                     json_text(outbox.c.payload, "kind").in_(_MOVE_KINDS))
              .scalar_subquery())
_UNANNOUNCED_EVENTS = (Sql(select(moves.c.events)
                       .where(moves.c.game_id == _GAME, moves.c.kind == "move",
                              moves.c.undone == 0,
                              moves.c.version > func.coalesce(_announced, 0))
                       .order_by(moves.c.version)))
_REPLAY_BASE = (Sql(select(moves.c.version, moves.c.snapshot)
                .where(moves.c.game_id == _GAME, moves.c.version <= bindparam("p_version"),
                       moves.c.snapshot.is_not(None))
                .order_by(moves.c.version.desc()).limit(1)))
_REPLAY_STEPS = (Sql(select(moves.c.seat, moves.c.option_key)
                 .where(moves.c.game_id == _GAME, moves.c.version > bindparam("p_after"),
                        moves.c.version <= bindparam("p_version"), moves.c.kind == "move")
                 .order_by(moves.c.version)))

_INSERT_OUTBOX = Sql(insert(outbox))
_pending = and_(outbox.c.sent_at.is_(None), outbox.c.next_attempt_at.is_not(None))
_SKIP: BindParameter[int] = bindparam("p_skip", expanding=True)  # a list of game ids
_oldest_pending = (select(func.min(outbox.c.id))
                   .where(_pending, outbox.c.game_id.not_in(_SKIP))
                   .group_by(outbox.c.game_id))
_DUE_OUTBOX = (Sql(select(outbox).where(outbox.c.id.in_(_oldest_pending),
                                    outbox.c.next_attempt_at <= _NOW)
               .order_by(outbox.c.id).limit(bindparam("p_limit"))))
_earlier = outbox.alias("earlier")
_claimable_outbox = (
    select(outbox.c.id)
    .where(outbox.c.sent_at.is_(None), outbox.c.next_attempt_at <= _NOW,
           or_(outbox.c.claimed_until.is_(None), outbox.c.claimed_until <= _NOW),
           outbox.c.game_id.not_in(_SKIP),
           ~exists().where(_earlier.c.game_id == outbox.c.game_id,
                           _earlier.c.sent_at.is_(None),
                           _earlier.c.next_attempt_at.is_not(None),
                           _earlier.c.id < outbox.c.id))
    .order_by(outbox.c.id).limit(bindparam("p_limit"))
    .with_for_update(skip_locked=True)
)
_CLAIM_OUTBOX = (Sql(update(outbox).where(outbox.c.id.in_(_claimable_outbox.scalar_subquery()))
                 .values(claimed_until=bindparam("p_until")).returning(*outbox.c)))
_RELEASE_OUTBOX = (Sql(update(outbox).where(outbox.c.id == _ID, outbox.c.sent_at.is_(None))
                   .values(claimed_until=None)))
_MARK_SENT = Sql(update(outbox).where(outbox.c.id == _ID).values(
    sent_at=_NOW, message_id=bindparam("p_message_id"), attempts=outbox.c.attempts + 1))
_MARK_FAILED = Sql(update(outbox).where(outbox.c.id == _ID).values(
    attempts=outbox.c.attempts + 1, next_attempt_at=bindparam("p_retry_at"),
    claimed_until=None))
_ATTEMPTS = Sql(select(outbox.c.attempts).where(outbox.c.id == _ID))
_ALL_OUTBOX = Sql(select(outbox).where(outbox.c.game_id == _GAME).order_by(outbox.c.id))
_later = outbox.alias("later")
_PURGE_OUTBOX = Sql(delete(outbox).where(
    outbox.c.sent_at.is_not(None), outbox.c.sent_at < bindparam("p_sent_before"),
    or_(outbox.c.game_id.in_(select(games.c.id)
                             .where(games.c.status.in_(("finished", "cancelled")))),
        outbox.c.id < (select(func.max(_later.c.id))
                       .where(_later.c.game_id == outbox.c.game_id,
                              json_text(_later.c.payload, "kind").in_(_MOVE_KINDS))
                       .scalar_subquery()))))

_unfired = timers.c.fired_at.is_(None)
#: The nearest moment an unfired timer may be fired: its due time, or the end of another
#: process's claim on it.
_NEXT_TIMER_DUE = Sql(select(func.min(case(
    (timers.c.claimed_until > timers.c.due_at, timers.c.claimed_until),
    else_=timers.c.due_at))).where(_unfired))
_DUE_TIMERS = (Sql(select(timers).where(_unfired, timers.c.due_at <= _NOW)
               .order_by(timers.c.due_at, timers.c.id)))
_claimable_timers = (
    select(timers.c.id)
    .where(_unfired, timers.c.due_at <= _NOW,
           or_(timers.c.claimed_until.is_(None), timers.c.claimed_until <= _NOW))
    .order_by(timers.c.due_at, timers.c.id).limit(TIMER_BATCH)
    .with_for_update(skip_locked=True)
)
_CLAIM_TIMERS = (Sql(update(timers).where(timers.c.id.in_(_claimable_timers.scalar_subquery()))
                 .values(claimed_until=bindparam("p_until")).returning(*timers.c)))
_RELEASE_TIMER = Sql(update(timers).where(timers.c.id == _ID, _unfired).values(claimed_until=None))
_UNFIRED_TIMERS = (Sql(select(timers).where(timers.c.game_id == _GAME, _unfired)
                   .order_by(timers.c.due_at, timers.c.id)))
_POSTPONE_TIMER = Sql(update(timers).where(timers.c.id == _ID, _unfired).values(
    due_at=bindparam("p_due_at"), claimed_until=None))
_FIRE_TIMER = Sql(update(timers).where(timers.c.id == _ID, _unfired).values(fired_at=_NOW))
_CLEAR_TIMERS = Sql(delete(timers).where(timers.c.game_id == _GAME, _unfired))
_INSERT_TIMER = Sql(insert(timers))

_UNRATED = (Sql(select(games)
            .outerjoin(rated_games, rated_games.c.game_id == games.c.id)
            .where(games.c.status == "finished", rated_games.c.game_id.is_(None))
            .order_by(games.c.id).limit(bindparam("p_limit"))))
_CURRENT_RATINGS = (Sql(select(ratings.c.player, ratings.c.mu, ratings.c.sigma)
                    .where(ratings.c.guild_id == bindparam("p_guild_id"),
                           ratings.c.game == bindparam("p_game"),
                           ratings.c.player.in_(bindparam("p_players", expanding=True)))
                    .with_for_update()))
_LEADERBOARD = (Sql(select(ratings).where(ratings.c.guild_id == bindparam("p_guild_id"),
                                      ratings.c.game == bindparam("p_game"))
                .order_by((ratings.c.mu - 3 * ratings.c.sigma).desc(), ratings.c.games.desc(),
                          ratings.c.name)
                .limit(bindparam("p_limit"))))
_PLAYER_RATINGS = (Sql(select(ratings).where(ratings.c.guild_id == bindparam("p_guild_id"),
                                         ratings.c.player == bindparam("p_player"))
                   .order_by(ratings.c.games.desc(), ratings.c.game)))

_solo_level = json_text(games.c.result, "automa", "level").label("level")
_solo_best = func.max(json_int(games.c.result, "totals", 0)).label("best")
_BEST_SOLO_SCORES = Sql(
    select(games.c.game, _solo_level, _solo_best, func.count().label("games"))
    .where(games.c.guild_id == bindparam("p_guild_id"), games.c.status == "finished",
           json_has(games.c.result, "automa"),
           json_int(games.c.seats, 0, "user_id") == bindparam("p_user_id"))
    .group_by(games.c.game, _solo_level).order_by(games.c.game, _solo_best.desc()))

_SERVER = Sql(select(servers).where(servers.c.guild_id == bindparam("p_guild_id")))
_last_move = (select(func.max(moves.c.created_at)).where(moves.c.game_id == games.c.id)
              .scalar_subquery().label("last_move"))
_ACTIVITY = (Sql(select(games, _last_move, stale_warnings.c.version.label("warned_version"),
                    stale_warnings.c.warned_at.label("warned_at"))
             .outerjoin(stale_warnings, stale_warnings.c.game_id == games.c.id)
             .where(games.c.status == "active").order_by(games.c.id)))

_AWAY_UNTIL = Sql(select(vacations.c.away_until).where(vacations.c.user_id == bindparam("p_user_id")))
_BACK = Sql(delete(vacations).where(vacations.c.user_id == bindparam("p_user_id")))
_OPEN_GAMES_OF = (Sql(select(games)
                  .where(games.c.status.in_(("lobby", "active")),
                         json_list_has(games.c.seats, "user_id", bindparam("p_user_id")))
                  .order_by(games.c.id)))


@dataclass(frozen=True)
class _Upserts:
    """The statements that insert or update a row: ``INSERT … ON CONFLICT`` is its own
    construct in each dialect (the same SQL text in both)."""

    rate_once: Sql
    rating: Sql
    server: Sql
    vacation: Sql
    stale_warning: Sql


@cache
def _upserts(dialect: str) -> _Upserts:
    insert_ = postgresql.insert if dialect == "postgresql" else sqlite.insert
    rating = insert_(ratings).values(games=1)
    server = insert_(servers)
    vacation = insert_(vacations)
    warning = insert_(stale_warnings)
    return _Upserts(
        rate_once=Sql(insert_(rated_games).on_conflict_do_nothing(index_elements=["game_id"])),
        rating=Sql(rating.on_conflict_do_update(
            index_elements=["guild_id", "game", "player"],
            set_={"name": rating.excluded.name, "mu": rating.excluded.mu,
                  "sigma": rating.excluded.sigma, "games": ratings.c.games + 1,
                  "wins": ratings.c.wins + rating.excluded.wins,
                  "updated_at": rating.excluded.updated_at})),
        server=Sql(server.on_conflict_do_update(
            index_elements=["guild_id"],
            set_={c: server.excluded[c] for c in ("stale_days", "lobby_days",
                                                  "stale_policy", "updated_at",
                                                  "quiet_deadlines", "computer_level",
                                                  "hints")})),
        vacation=Sql(vacation.on_conflict_do_update(
            index_elements=["user_id"], set_={"away_until": vacation.excluded.away_until})),
        # once per version, even from two processes
        stale_warning=Sql(warning.on_conflict_do_update(
            index_elements=["game_id"],
            set_={"version": warning.excluded.version, "warned_at": warning.excluded.warned_at},
            where=stale_warnings.c.version != warning.excluded.version)),
    )


class Store(StoreNotices):
    """The database. Open with :meth:`Store.open` (or :func:`open_store`), close with
    :meth:`close`. Players' notice preferences and their notices: :class:`StoreNotices`
    (the :class:`bot.core.notices.NoticeStore` interface)."""

    def __init__(self, backend: backends.Backend) -> None:
        self._backend = backend
        self._upsert = _upserts(backend.dialect)
        #: Several processes may use the database: rows to deliver and timers to fire are
        #: claimed (PostgreSQL). One SQLite file has one bot process: nothing to claim.
        self._claims = backend.shared
        self.path = backend.where

    @classmethod
    async def open(cls, target: str | Path) -> Store:
        """Open (creating it if needed) and upgrade the database at ``target``: a
        ``postgresql://`` URL, else the path of a SQLite file."""
        backend = await backends.connect(str(target))
        try:
            done = await backend.sa_write(upgrade.upgrade)
            if done.compacted:
                log.info("database upgraded to schema %s; compacting it once", done.after)
                await backend.vacuum()
            elif done.before != done.after:
                log.info("database upgraded from schema %s to %s", done.before, done.after)
        except BaseException:
            await backend.close()
            raise
        return cls(backend)

    async def close(self) -> None:
        await self._backend.close()

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @property
    def dialect(self) -> str:
        """``sqlite`` or ``postgresql``."""
        return self._backend.dialect

    # -- plumbing ----------------------------------------------------------------------
    def _write(self, body: Body[T]) -> Awaitable[T]:
        """``body`` as one transaction (rolled back if it raises)."""
        return self._backend.write(body)

    async def _write_one(self, sql: Sql, **params: Any) -> Result:
        """One statement as one transaction."""
        return await self._backend.write(once(run(sql, params)))

    def _bookkeeping(self, body: Body[T]) -> Awaitable[T]:
        """A write that may be lost in a crash of the database server itself: claims and
        delivery marks (on PostgreSQL they commit without waiting for the disk, ~9 ms
        each otherwise). Lost, a claim is taken again, a delivery is re-sent with its
        nonce; changes to games always wait for the disk."""
        return self._backend.write(body, durable=False)

    async def _all(self, sql: Sql, **params: Any) -> list[Any]:
        return (await self._backend.fetch(run(sql, params))).rows

    async def _one(self, sql: Sql, **params: Any) -> Any:
        return (await self._backend.fetch(run(sql, params))).first()

    async def schema_version(self) -> str:
        """The schema's revision in the migration history (``bot/storage/migrations``):
        :meth:`open` upgraded the database, so it has one."""
        revision = await self._backend.sa_read(upgrade.revision)
        if revision is None:
            raise RuntimeError("the database has no schema revision")
        return revision

    async def pragma(self, name: str) -> Any:
        """One PRAGMA value of the SQLite writer's connection (diagnostics and tests)."""
        return await self._backend.pragma(name)

    # -- games ---------------------------------------------------------------------------
    async def create_game(self, new: NewGame, announcement: dict[str, Any] | None) -> GameRow:
        """Insert a lobby (version 0) and its announcement; ChannelBusy if one is open there."""

        def insert_game() -> Body[GameRow]:
            row = (yield run(_INSERT_GAME, {
                "channel_id": new.channel_id, "guild_id": new.guild_id, "game": new.game,
                "options": dump(new.options), "status": "lobby", "creator_id": new.creator_id,
                "seats": seats_json(new.seats), "seed": new.seed, "version": 0,
                "turn_timeout_hours": new.turn_timeout_hours,
                "reminder_hours": dump(list(new.reminder_hours)),
                "timeout_policy": new.timeout_policy, "created_at": new.created_at,
                "updated_at": new.created_at, "parent_id": new.parent_id,
                "language": new.language, "time_bank": bank_json(new.time_bank),
            })).one()
            if announcement is not None:
                yield self._insert_outbox(row.id, 0, new.channel_id, announcement,
                                          new.created_at)
            return game_from(row)

        try:
            return await self._write(insert_game())
        except backends.UNIQUE_VIOLATIONS as exc:
            if any(name in str(exc) for name in ("games_one_open_per_channel",
                                                  "games.channel_id")):
                raise ChannelBusy(new.channel_id) from None
            raise

    async def game(self, game_id: int) -> GameRow | None:
        row = await self._one(_GAME_BY_ID, id=game_id)
        return game_from(row) if row else None

    async def open_game_in_channel(self, channel_id: int) -> GameRow | None:
        """The game in lobby or active in this channel, if any."""
        row = await self._one(_GAME_OPEN_IN_CHANNEL, channel_id=channel_id)
        return game_from(row) if row else None

    async def latest_game_in_channel(self, channel_id: int) -> GameRow | None:
        row = await self._one(_GAME_LATEST_IN_CHANNEL, channel_id=channel_id)
        return game_from(row) if row else None

    async def games_from_channel(self, channel_id: int, limit: int) -> list[GameRow]:
        """Games played in threads opened from this channel (``parent_id``): the open ones
        first, then the others, newest first."""
        return [game_from(r) for r in await self._all(_GAMES_FROM_CHANNEL,
                                                       channel_id=channel_id, limit=limit)]

    async def games_with_status(self, *statuses: str) -> list[GameRow]:
        return [game_from(r) for r in await self._all(_GAMES_WITH_STATUS,
                                                       statuses=list(statuses))]

    async def commit(self, change: Change) -> None:
        """Write one change atomically, or raise :class:`StaleVersion` and write nothing."""
        await self._write(self._commit(change))

    def _commit(self, change: Change) -> Body[None]:
        game = change.game
        settings = change.expected_settings or game
        swapped = yield run(_SWAP_GAME, {
            "id": game.id, "expected_version": change.expected_version,
            "expected_timeout": settings.turn_timeout_hours,
            "expected_reminders": dump(list(settings.reminder_hours)),
            "expected_policy": settings.timeout_policy,
            "expected_seats": seats_json(settings.seats),
            "expected_bank": bank_json(settings.time_bank),
            "new_status": game.status, "new_seats": seats_json(game.seats),
            "new_version": game.version, "new_state": pack_state(game.state),
            "new_turn_timeout_hours": game.turn_timeout_hours,
            "new_reminder_hours": dump(list(game.reminder_hours)),
            "new_timeout_policy": game.timeout_policy,
            "new_turn_started_at": game.turn_started_at, "new_deadline_at": game.deadline_at,
            "new_result": dump(game.result) if game.result is not None else None,
            "new_updated_at": game.updated_at, "new_paused_at": game.paused_at,
            "new_votes": dump(list(game.votes)), "new_language": game.language,
            "new_time_bank": bank_json(game.time_bank),
            "new_reserves": reserves_json(game.reserves),
        })
        if swapped.rowcount != 1:
            raise StaleVersion(game.id)
        if change.moves:
            last = (yield run(_LAST_SNAPSHOT, {"game_id": game.id})).scalar()
            yield many(_INSERT_MOVE, move_rows(game.id, change.moves, last))
        if change.undo_versions:
            yield run(_MARK_UNDONE, {"game_id": game.id, "versions": list(change.undo_versions)})
        for payload in change.announcements:
            # An announcement may be addressed elsewhere (a thread game's recap goes
            # to the channel the thread was opened from).
            body = dict(payload)
            address = body.pop(ADDRESS_KEY, None) or game.channel_id
            yield self._insert_outbox(game.id, game.version, address, body, game.updated_at)
        if change.fired_timer_id is not None:
            fired = yield run(_FIRE_TIMER, {"id": change.fired_timer_id,
                                            "now": game.updated_at})
            if fired.rowcount != 1:
                raise StaleVersion(game.id)
        if change.timers is not None:
            yield from self._replace_timers(game.id, change.timers)
        if change.stale_warning:
            warned = yield run(self._upsert.stale_warning, {
                "game_id": game.id, "version": game.version, "warned_at": game.updated_at})
            if warned.rowcount != 1:
                raise StaleVersion(game.id)

    @staticmethod
    def _replace_timers(game_id: int, new: Sequence[NewTimer]) -> Body[None]:
        """The game's unfired timers are ``new`` from now on."""
        yield run(_CLEAR_TIMERS, {"game_id": game_id})
        if new:
            yield many(_INSERT_TIMER, [{"game_id": game_id, "kind": t.kind, "seat": t.seat,
                                        "turn": t.turn, "due_at": t.due_at} for t in new])

    @staticmethod
    def _insert_outbox(game_id: int, version: int, channel_id: int,
                       body: dict[str, Any], now: float) -> Query:
        return run(_INSERT_OUTBOX, {
            "game_id": game_id, "version": version, "channel_id": channel_id,
            "payload": dump(without_defaults(body)), "created_at": now,
            "next_attempt_at": now})

    # -- moves ---------------------------------------------------------------------------
    async def moves(self, game_id: int, limit: int | None = None) -> list[MoveRow]:
        """The move log, oldest first (the last ``limit`` rows when given)."""
        rows = (await self._all(_MOVES_NEWEST_FIRST, game_id=game_id) if limit is None
                else await self._all(_MOVES_LAST, game_id=game_id, limit=limit))
        return [move_from(r) for r in reversed(rows)]

    async def played_by(self, game_id: int, version: int, interaction_id: int) -> bool:
        """Whether the move at ``version`` was played by the Discord interaction
        ``interaction_id`` (a tap delivered twice: to another instance as well, say)."""
        return await self._one(_PLAYED_BY, game_id=game_id, version=version,
                               interaction_id=interaction_id) is not None

    async def effective_moves(self, game_id: int, limit: int) -> list[MoveRow]:
        """The last ``limit`` rows that still count (not undone, not undo rows), newest first."""
        return [move_from(r) for r in await self._all(_EFFECTIVE_MOVES, game_id=game_id,
                                                       limit=limit)]

    async def unannounced_lines(self, game_id: int) -> list[str]:
        """Public event lines of the moves that still count and that no move
        announcement has told the channel yet (the earlier steps of the turn being
        played), oldest first."""
        rows = await self._all(_UNANNOUNCED_EVENTS, game_id=game_id)
        return [line for row in rows for line in json.loads(row.events)]

    async def replay_from(self, game_id: int,
                          version: int) -> tuple[str, list[tuple[int, str]]] | None:
        """How to rebuild the state at ``version``: the nearest snapshot at or before it,
        and the steps (seat, option key) logged after that snapshot up to ``version``, to
        apply in order. None before the game started."""

        def read() -> Body[tuple[bytes, list[tuple[int, str]]] | None]:
            base = (yield run(_REPLAY_BASE, {"game_id": game_id, "version": version})).first()
            if base is None:
                return None
            steps = (yield run(_REPLAY_STEPS, {"game_id": game_id, "after": base.version,
                                               "version": version})).all()
            return base.snapshot, [(r.seat, r.option_key) for r in steps]

        found = await self._backend.read(read(), snapshot=True)
        if found is None:
            return None
        text = unpack_state(found[0])
        assert text is not None
        return text, found[1]

    # -- outbox --------------------------------------------------------------------------
    async def due_outbox(self, now: float, limit: int,
                         skip_games: Collection[int] = ()) -> list[OutboxRow]:
        """Unsent rows due now: only the oldest pending row of each game, so order holds;
        none of the games in ``skip_games`` (their previous one is being delivered).

        Abandoned rows (``next_attempt_at`` NULL) no longer hold back later ones."""
        return [outbox_from(r) for r in await self._all(
            _DUE_OUTBOX, now=now, limit=limit, skip=sorted(set(skip_games)))]

    async def claim_outbox(self, now: float, limit: int,
                           skip_games: Collection[int] = ()) -> list[OutboxRow]:
        """The rows to deliver now, none of ``skip_games``: the oldest pending row of each
        game (order holds), claimed for this process until ``now + CLAIM_SECONDS`` unless
        another process holds it (``FOR UPDATE SKIP LOCKED``: processes claiming at once
        get different rows). On SQLite, one process: nothing to claim."""
        if not self._claims:
            return await self.due_outbox(now, limit, skip_games)
        claimed = await self._bookkeeping(once(run(_CLAIM_OUTBOX, {
            "now": now, "until": now + CLAIM_SECONDS, "limit": limit,
            "skip": sorted(set(skip_games))})))
        return sorted((outbox_from(r) for r in claimed.rows), key=lambda r: r.id)

    async def release_outbox(self, outbox_id: int) -> None:
        """Give back a claimed row this process will not deliver now."""
        if self._claims:
            await self._bookkeeping(once(run(_RELEASE_OUTBOX, {"id": outbox_id})))

    async def mark_sent(self, outbox_id: int, message_id: int | None, now: float,
                        notices: Sequence[NewNotice] = ()) -> None:
        """The row was delivered as ``message_id``; the ``notices`` it leaves are written
        with it, each once (:meth:`StoreNotices.insert_notices`). (Bookkeeping: lost in a
        crash of the database server, the row is re-sent with its nonce, gets the same
        message back and writes the notices then.)"""

        def sent() -> Body[None]:
            yield run(_MARK_SENT, {"id": outbox_id, "message_id": message_id, "now": now})
            yield from self.insert_notices(notices, now)

        await self._bookkeeping(sent())

    async def mark_failed(self, outbox_id: int, retry_at: float | None) -> int:
        """Count a failed attempt; ``retry_at`` None abandons the row (it then no longer
        holds back the game's later rows). Returns the attempts so far."""

        def fail() -> Body[int]:
            yield run(_MARK_FAILED, {"id": outbox_id, "retry_at": retry_at})
            return (yield run(_ATTEMPTS, {"id": outbox_id})).scalar() or 0

        return await self._bookkeeping(fail())

    async def outbox_attempts(self, outbox_id: int) -> int | None:
        row = await self._one(_ATTEMPTS, id=outbox_id)
        return row.attempts if row else None

    async def all_outbox(self, game_id: int) -> list[OutboxRow]:
        """Every outbox row of a game, sent or not, oldest first."""
        return [outbox_from(r) for r in await self._all(_ALL_OUTBOX, game_id=game_id)]

    async def purge_outbox(self, sent_before: float) -> int:
        """Delete announcements delivered before ``sent_before``; returns how many.

        A running game keeps its latest move announcement, which tells which of its
        steps the channel has heard of (:meth:`unannounced_lines`). Unsent rows stay."""
        return (await self._write_one(_PURGE_OUTBOX, sent_before=sent_before)).rowcount

    # -- timers --------------------------------------------------------------------------
    async def next_timer_due(self) -> float | None:
        """The nearest moment an unfired timer may be fired here: its due time, or the
        end of another process's claim on it."""
        row = await self._one(_NEXT_TIMER_DUE)
        return row[0] if row else None

    async def due_timers(self, now: float) -> list[TimerRow]:
        return [timer_from(r) for r in await self._all(_DUE_TIMERS, now=now)]

    async def claim_timers(self, now: float) -> list[TimerRow]:
        """The timers due now that no other process holds, claimed (as
        :meth:`claim_outbox`); firing one commits ``fired_at`` with the game's version
        check. On SQLite, one process: nothing to claim."""
        if not self._claims:
            return await self.due_timers(now)
        claimed = await self._bookkeeping(once(run(_CLAIM_TIMERS, {
            "now": now, "until": now + CLAIM_SECONDS})))
        return sorted((timer_from(r) for r in claimed.rows), key=lambda t: (t.due_at, t.id))

    async def release_timer(self, timer_id: int) -> None:
        """Give back a claimed timer."""
        if self._claims:
            await self._bookkeeping(once(run(_RELEASE_TIMER, {"id": timer_id})))

    async def unfired_timers(self, game_id: int) -> list[TimerRow]:
        return [timer_from(r) for r in await self._all(_UNFIRED_TIMERS, game_id=game_id)]

    async def postpone_timer(self, timer_id: int, due_at: float) -> None:
        await self._write_one(_POSTPONE_TIMER, id=timer_id, due_at=due_at)

    async def discard_timer(self, timer_id: int, now: float) -> None:
        """Mark a timer that no longer applies (its turn is over) as fired."""
        await self._write_one(_FIRE_TIMER, id=timer_id, now=now)

    # -- ratings -------------------------------------------------------------------------
    async def unrated_finished_games(self, limit: int = 50) -> list[GameRow]:
        return [game_from(r) for r in await self._all(_UNRATED, limit=limit)]

    async def record_ratings(
        self,
        game_id: int,
        guild_id: int,
        game: str,
        players: Sequence[MatchPlayer],
        compute: Callable[[dict[str, tuple[float, float]]], dict[str, tuple[float, float]]],
        now: float,
    ) -> bool:
        """Rate one finished game exactly once; False when it was already rated.

        ``compute`` gets the players' current (mu, sigma) — read inside the transaction
        (and locked on PostgreSQL), so two processes never rate from the same stale
        value — and returns the new ones. With no players the game is only marked as
        dealt with.
        """

        def rate() -> Body[bool]:
            marked = yield run(self._upsert.rate_once, {"game_id": game_id, "rated_at": now})
            if marked.rowcount != 1:
                return False
            if not players:
                return True
            keys = sorted({p.player for p in players})
            found = yield run(_CURRENT_RATINGS, {"guild_id": guild_id, "game": game,
                                                 "players": keys})
            new = compute({r.player: (r.mu, r.sigma) for r in found.rows})
            for key in keys:
                seats = [p for p in players if p.player == key]
                mu, sigma = new[key]
                yield run(self._upsert.rating, {
                    "guild_id": guild_id, "game": game, "player": key, "name": seats[0].name,
                    "mu": mu, "sigma": sigma, "wins": int(any(p.won for p in seats)),
                    "updated_at": now})
            return True

        return await self._write(rate())

    async def leaderboard(self, guild_id: int, game: str, limit: int = 10) -> list[RatingRow]:
        """The best rated players of a game on a server (shown rating: mu - 3·sigma)."""
        return [rating_from(r) for r in await self._all(_LEADERBOARD, guild_id=guild_id,
                                                         game=game, limit=limit)]

    async def player_ratings(self, guild_id: int, player: str) -> list[RatingRow]:
        """One player's rating in every game played on a server, most played first."""
        return [rating_from(r) for r in await self._all(_PLAYER_RATINGS, guild_id=guild_id,
                                                         player=player)]

    async def best_solo_scores(self, guild_id: int, user_id: int) -> list[SoloBest]:
        """The user's best total per game and automa level in their finished solo games on a
        server (the result's ``automa`` and ``totals``, see ``transitions.automa_result``)."""
        return [SoloBest(r.game, r.level, r.best, r.games)
                for r in await self._all(_BEST_SOLO_SCORES, guild_id=guild_id,
                                         user_id=user_id)]

    # -- servers and stale games -----------------------------------------------------------
    async def server(self, guild_id: int) -> ServerRow | None:
        row = await self._one(_SERVER, guild_id=guild_id)
        return None if row is None else ServerRow(
            row.guild_id, row.stale_days, row.lobby_days, row.stale_policy,
            bool(row.quiet_deadlines), row.computer_level, bool(row.hints))

    async def save_server(self, server: ServerRow, now: float) -> None:
        await self._write(once(run(self._upsert.server, {
            "guild_id": server.guild_id, "stale_days": server.stale_days,
            "lobby_days": server.lobby_days, "stale_policy": server.stale_policy,
            "updated_at": now, "quiet_deadlines": int(server.quiet_deadlines),
            "computer_level": server.computer_level, "hints": int(server.hints)})))

    async def active_games_activity(self) -> list[Activity]:
        """Every active game, its last move's time and its stale warning (for the sweep)."""
        return [Activity(game_from(r), r.last_move or r.created_at, r.warned_version,
                         r.warned_at) for r in await self._all(_ACTIVITY)]

    # -- vacations -------------------------------------------------------------------------
    async def away_until(self, user_id: int) -> float | None:
        row = await self._one(_AWAY_UNTIL, user_id=user_id)
        return None if row is None else row.away_until

    async def save_vacation(self, user_id: int, away_until: float | None) -> None:
        if away_until is None:
            await self._write_one(_BACK, user_id=user_id)
        else:
            await self._write(once(run(self._upsert.vacation, {
                "user_id": user_id, "away_until": away_until})))

    async def open_games_of(self, user_id: int) -> list[GameRow]:
        """Lobbies and running games in which the user has a seat."""
        return [game_from(r) for r in await self._all(_OPEN_GAMES_OF, user_id=user_id)]


async def open_store(path: str | Path, url: str | None = None) -> Store:
    """The bot's database: PostgreSQL at ``url`` (default: ``$DATABASE_URL``) when one is
    given, else the SQLite file at ``path`` (the default, nothing to set up)."""
    url = os.environ.get("DATABASE_URL", "") if url is None else url
    return await Store.open(url or path)
