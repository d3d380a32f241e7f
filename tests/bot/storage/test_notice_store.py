"""What notices and preferences store, on both back ends (SQLite, and PostgreSQL when
$ESTANCIA_TEST_DATABASE_URL is set): preferences round trip, notices written with the
delivery of their announcement once per key, claims that several PostgreSQL processes
never share (a dead process's lapse), held and failed notices, the purge, and a game's
clock stored and compared with its row."""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bot.core.notices import NewNotice, PlayerPrefs
from bot.core.quiet import QuietHours
from bot.core.timebank import DAY, Reserves, TimeBank
from bot.storage.rows import Change, NewGame, SeatRow, ServerRow, StaleVersion
from bot.storage.store import CLAIM_SECONDS, Store
from tests.conftest import PG_URL_ENV, open_backend

LEASE = CLAIM_SECONDS


def new_game(channel: int, bank: TimeBank | None = None) -> NewGame:
    return NewGame(channel_id=channel, guild_id=2, game="kuhlorado", options={},
                   creator_id=10, seats=(SeatRow(10, "Ana"), SeatRow(11, "Bo")), seed=1,
                   turn_timeout_hours=24, reminder_hours=(2.0,), timeout_policy="computer",
                   created_at=100.0, time_bank=bank)


def notice(game_id: int, user: int, key: str, due: float = 100.0) -> NewNotice:
    return NewNotice(user, game_id, key, "turn", 0, 1, due, message_id=77)


@pytest.fixture(params=["sqlite", "postgres"])
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Any]:
    opened = await open_backend(request.param, tmp_path)
    yield opened
    await opened.close()


async def test_preferences_round_trip(store: Any) -> None:
    assert await store.player_prefs([1, 2]) == {}
    owl = PlayerPrefs(1, "Europe/Paris", QuietHours.from_text("22:00–08:00"), True,
                      language="fr")
    await store.save_player_prefs(owl, 5.0)
    await store.save_player_prefs(PlayerPrefs(2), 5.0)
    assert await store.player_prefs([1, 2, 3]) == {1: owl, 2: PlayerPrefs(2)}
    await store.dms_refused(1, 6.0)
    assert (await store.player_prefs([1]))[1] == replace(owl, dms_closed=True)
    assert await store.take_dms_closed_note(1) is True
    assert await store.take_dms_closed_note(1) is False
    await store.dms_refused(1, 7.0)  # already closed and told: stays told
    assert await store.take_dms_closed_note(1) is False
    assert await store.take_dms_closed_note(2) is False


async def test_notices_come_with_the_delivery_once_per_key(store: Any) -> None:
    game = await store.create_game(new_game(1), {"kind": "lobby"})
    [row] = await store.claim_outbox(100.0, 10)
    await store.mark_sent(row.id, 555, 100.0, [notice(game.id, 10, "turn:0:1"),
                                               notice(game.id, 11, "turn:0:1")])
    await store.mark_sent(row.id, 555, 101.0, [notice(game.id, 10, "turn:0:1")])  # again
    claimed = await store.claim_notices(100.0, 10)
    assert sorted(n.user_id for n in claimed) == [10, 11]
    assert all(n.message_id == 77 for n in claimed)
    first, second = claimed
    await store.finish_notice(first.id, 101.0, 9001, "dm")
    await store.postpone_notice(second.id, 500.0)  # quiet hours
    assert await store.claim_notices(499.0, 10) == []
    assert await store.next_notice_due() == 500.0
    [held] = await store.claim_notices(500.0, 10)
    assert await store.fail_notice(held.id, 600.0) == 1
    [retried] = await store.claim_notices(600.0, 10)
    assert retried.attempts == 1
    await store.fail_notice(retried.id, None)  # given up
    assert await store.claim_notices(10_000.0, 10) == []
    assert await store.next_notice_due() is None
    rows = await store.notices_of(game.id)
    assert [(r["route"], r["sent_message_id"]) for r in rows] == [("dm", 9001), (None, None)]


async def test_the_purge_keeps_each_players_latest_turn_notice_of_a_running_game(
        store: Any) -> None:
    game = await store.create_game(new_game(1), {"kind": "lobby"})
    await store.commit(Change(replace(game, version=1, status="active", state="{}"), 0))
    [row] = await store.claim_outbox(100.0, 10)
    await store.mark_sent(row.id, 1, 100.0, [
        notice(game.id, 10, "turn:0:1"), notice(game.id, 10, "turn:0:3"),
        NewNotice(10, game.id, "reminder:0:3:9", "reminder", 0, 3, 100.0)])
    for claimed in await store.claim_notices(100.0, 10):
        await store.finish_notice(claimed.id, 100.0, 1, "dm")
    assert await store.purge_notices(200.0) == 2
    [kept] = await store.notices_of(game.id)
    assert kept["key"] == "turn:0:3"  # so that this turn is never noticed twice


async def test_a_games_clock_and_a_servers_quiet_deadlines_are_stored(store: Any) -> None:
    bank = TimeBank(2 * DAY, 3600.0, 3 * DAY)
    game = await store.create_game(new_game(1, bank), None)
    assert game.time_bank == bank and game.reserves is None
    reserves = Reserves((DAY, 2 * DAY))
    await store.commit(Change(replace(game, version=1, reserves=reserves), 0))
    stored = await store.game(game.id)
    assert stored.time_bank == bank and stored.reserves == reserves
    # The clock is compared like the timer settings: changed by a settings change (same
    # version), a commit of a row read before it is refused.
    await store.commit(Change(replace(stored, time_bank=None), 1, expected_settings=stored))
    with pytest.raises(StaleVersion):
        await store.commit(Change(replace(stored, version=2), 1))
    assert (await store.game(game.id)).time_bank is None
    await store.save_server(ServerRow(2, 14.0, 7.0, "computer", quiet_deadlines=True), 1.0)
    assert (await store.server(2)).quiet_deadlines is True


@pytest.fixture
async def processes(tmp_path: Path) -> AsyncIterator[list[Any]]:
    """Three stores on one fresh PostgreSQL database (three processes' pools)."""
    first = await open_backend("postgres", tmp_path)
    others = [await Store.open(os.environ[PG_URL_ENV]) for _ in range(2)]
    yield [first, *others]
    for opened in (first, *others):
        await opened.close()


async def test_processes_never_claim_the_same_notice_and_a_dead_ones_lapse(
        processes: list[Any]) -> None:
    a, b, c = processes
    game = await a.create_game(new_game(1), {"kind": "lobby"})
    [row] = await a.claim_outbox(100.0, 10)
    await a.mark_sent(row.id, 1, 100.0,
                      [notice(game.id, user, "turn:0:1") for user in range(20, 50)])
    batches = await asyncio.gather(*(p.claim_notices(100.0, 4) for p in processes
                                     for _ in range(4)))
    ids = [n.id for batch in batches for n in batch]
    assert len(ids) == len(set(ids)) == 30  # 12 claims of 4: all 30, none twice
    assert await a.claim_notices(100.0, 50) == []
    # The process holding the first ones died: after the lease another takes them over.
    dead = batches[0]
    assert await b.claim_notices(100.0 + LEASE - 1, 50) == []
    for batch in batches[1:]:
        for claimed in batch:
            await c.finish_notice(claimed.id, 101.0, 1, "dm")
    taken = await b.claim_notices(100.0 + LEASE, 50)
    assert sorted(n.id for n in taken) == sorted(n.id for n in dead)
    await b.release_notice(taken[0].id)  # given back: another may take it at once
    assert [n.id for n in await c.claim_notices(100.0 + LEASE, 50)] == [taken[0].id]
