"""Several bot processes on one PostgreSQL database: each store here is its own connection
pool, as each process has. A change to a game is applied by one of them only (the version
check), an announcement is claimed by one process at a time (``FOR UPDATE SKIP LOCKED``
with a lease a dead process's rows come back from), a timer is fired once.

Skipped (one line at the end of the run) when PostgreSQL is not configured; the SQLite
file serves one process and its claims are the plain reads, checked at the end."""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bot.core.sessions import Sessions
from bot.core.timers import HOUR
from bot.settings import Settings
from bot.storage import store as storage
from bot.storage.rows import Change, MoveRow, NewGame, NewTimer, SeatRow, StaleVersion
from bot.storage.store import Store
from testkit.clock import FakeClock
from tests.bot.helpers import drain, hot_seat, mover
from tests.conftest import PG_URL_ENV, open_backend

PROCESSES = 3
LEASE = storage.CLAIM_SECONDS


@pytest.fixture
async def stores(tmp_path: Path) -> AsyncIterator[list[Any]]:
    """Three stores on one fresh PostgreSQL database (three processes' pools)."""
    first = await open_backend("postgres", tmp_path)
    others = [await Store.open(os.environ[PG_URL_ENV])
              for _ in range(PROCESSES - 1)]
    yield [first, *others]
    for store in (first, *others):
        await store.close()


def new_game(channel: int) -> NewGame:
    return NewGame(channel_id=channel, guild_id=2, game="kuhlorado", options={},
                   creator_id=10, seats=(SeatRow(10, "Ana"),), seed=1, turn_timeout_hours=24,
                   reminder_hours=(2.0,), timeout_policy="computer", created_at=100.0)


def a_move(version: int) -> MoveRow:
    return MoveRow(version=version, kind="move", seat=0, user_id=10, by_computer=False,
                   option_key="k", label="K", events=(), state_after="{}", reveals=False,
                   undone=False, created_at=100.0)


async def test_the_version_check_lets_one_process_apply_a_move(stores: list[Any]) -> None:
    """Every process tries to apply its move on the same version at once: one is applied,
    the others are refused as stale, and the log holds one row per version."""
    game = await stores[0].create_game(new_game(1), None)
    for version in range(1, 11):
        results = await asyncio.gather(*(
            store.commit(Change(replace(game, version=version, state="{}"), version - 1,
                                moves=[a_move(version)],
                                announcements=[{"kind": "turn", "by": n}]))
            for n, store in enumerate(stores)), return_exceptions=True)
        assert sum(r is None for r in results) == 1, results
        assert all(isinstance(r, StaleVersion) for r in results if r is not None)
    assert [m.version for m in await stores[1].moves(game.id)] == list(range(1, 11))
    assert len(await stores[2].all_outbox(game.id)) == 10  # one announcement per version


async def test_processes_claiming_at_once_get_different_announcements(stores: list[Any]) -> None:
    games = [await stores[0].create_game(new_game(channel), {"kind": "lobby"})
             for channel in range(40)]
    claimed = await asyncio.gather(*(store.claim_outbox(100.0, 7) for store in stores
                                     for _ in range(3)))
    ids = [row.id for batch in claimed for row in batch]
    assert len(ids) == len(set(ids)) == len(games)  # 9 claims of 7: all 40, none twice
    assert await stores[0].claim_outbox(100.0, 50) == []


async def test_a_claim_keeps_order_and_lapses_when_its_process_is_gone(stores: list[Any]) -> None:
    a, b, c = stores
    game = await a.create_game(new_game(1), {"n": 1})
    await a.commit(Change(replace(game, version=1), 0, announcements=[{"n": 2}]))
    [first] = await a.claim_outbox(100.0, 10)
    assert first.payload == {"n": 1}
    # the second announcement waits for the first (order), claimed or not
    assert await b.claim_outbox(100.0, 10) == []
    assert await b.claim_outbox(100.0 + LEASE - 1, 10) == []
    # a's process died holding it: once the lease is over, another process takes it over
    [again] = await b.claim_outbox(100.0 + LEASE, 10)
    assert again.id == first.id
    await b.mark_sent(again.id, 555, 100.0 + LEASE)
    [second] = await c.claim_outbox(100.0 + LEASE, 10)
    assert second.payload == {"n": 2}
    # given back (its game had one in flight here): another process may take it at once
    await c.release_outbox(second.id)
    assert [r.id for r in await a.claim_outbox(100.0 + LEASE, 10)] == [second.id]
    # a failed delivery is retried at its retry time by whichever process comes first
    await a.mark_failed(second.id, retry_at=1000.0)
    assert await b.claim_outbox(999.0, 10) == []
    assert [r.id for r in await b.claim_outbox(1000.0, 10)] == [second.id]


async def test_a_timer_is_claimed_by_one_process(stores: list[Any]) -> None:
    a, b, _ = stores
    game = await a.create_game(new_game(1), None)
    timers = [NewTimer("reminder", 0, 1, 200.0), NewTimer("deadline", 0, 1, 1000.0)]
    await a.commit(Change(replace(game, version=1), 0, timers=timers))
    assert await a.claim_timers(199.0) == []
    [reminder] = await a.claim_timers(250.0)
    assert await b.claim_timers(250.0) == []
    # b sleeps until the reminder could be its own (a's lease over), not in a busy loop
    assert await b.next_timer_due() == 250.0 + LEASE
    [lapsed] = await b.claim_timers(250.0 + LEASE)
    assert lapsed.id == reminder.id
    await b.discard_timer(lapsed.id, 250.0 + LEASE)  # fired (here: its turn was over)
    [deadline] = await b.claim_timers(1000.0)
    assert await a.next_timer_due() == 1000.0 + LEASE
    await b.release_timer(deadline.id)  # b saw its game move meanwhile: back for anyone
    assert [t.id for t in await a.claim_timers(1000.0)] == [deadline.id]


async def test_due_timers_fire_once_across_processes(stores: list[Any]) -> None:
    """Three processes fire due timers at the same moment: each reminder and the deadline
    is fired once, the computer plays the timed-out turn once."""
    clock = FakeClock()
    settings = Settings(_env_file=None, turn_timeout_hours=24, reminders="12,2")
    sessions = [Sessions(store, settings, clock=clock, seed_source=lambda: 1234)
                for store in stores]
    info = await hot_seat(sessions[0])
    late = await mover(sessions[0], info.id)
    await drain(sessions[0])
    fired = []
    for hours in (12, 10, 2):
        clock.advance(hours * HOUR)
        fired.append(sum(await asyncio.gather(*(s.fire_due_timers() for s in sessions))))
    assert fired == [1, 1, 1]
    kinds = [a.kind for a in await drain(sessions[1])]
    assert kinds == ["reminder", "reminder", "timeout"]
    played = [m for m in await stores[2].moves(info.id) if m.version > info.version]
    assert played and all(m.by_computer and m.seat == info.seat_of(late) for m in played)
    after = await sessions[2].info_by_id(info.id)
    assert after.user_to_move != late and after.version == played[-1].version
    for s in sessions:
        await s.close()


async def test_a_sqlite_file_claims_by_reading(tmp_path: Path) -> None:
    """One process: claiming is reading what is due, as before there were claims."""
    store = await Store.open(tmp_path / "one.sqlite3")
    try:
        game = await store.create_game(new_game(1), {"n": 1})
        await store.commit(Change(replace(game, version=1), 0, timers=[
            NewTimer("deadline", 0, 1, 200.0)]))
        assert await store.claim_outbox(100.0, 10) == await store.due_outbox(100.0, 10)
        assert len(await store.claim_outbox(100.0, 10)) == 1  # still there: not claimed
        assert await store.claim_timers(200.0) == await store.due_timers(200.0) != []
        assert await store.next_timer_due() == 200.0
    finally:
        await store.close()


async def test_a_stopping_process_gives_its_claims_back(stores: list[Any]) -> None:
    """A process stopped mid-delivery (a rolling restart) gives the claims of the
    deliveries it cancels back, so another process posts them at once, not after the lease."""
    from bot.core.announcements import payload
    from bot.discord_ui.outbox import OutboxDeliverer

    a, b, _ = stores
    sending = asyncio.Event()
    games = [await a.create_game(new_game(channel), payload("lobby", "Open"))
             for channel in (1, 2)]
    sessions = Sessions(a, Settings(_env_file=None), clock=FakeClock())
    deliverer = OutboxDeliverer(None, sessions, clock=sessions.clock)  # type: ignore[arg-type]

    async def hang(announcement: Any) -> bool:
        sending.set()
        await asyncio.Event().wait()  # Discord never answers
        return True

    deliverer.deliver = hang  # type: ignore[method-assign]
    await deliverer.start_due()
    await sending.wait()
    now = sessions.clock()
    assert await b.claim_outbox(now, 10) == []  # a holds both
    await deliverer.cancel_in_flight()
    assert sorted(r.game_id for r in await b.claim_outbox(now, 10)) == [g.id for g in games]
