from __future__ import annotations

import os
import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

from bot.storage import upgrade
from bot.storage.rows import Change, ChannelBusy, MoveRow, NewGame, SeatRow, StaleVersion
from bot.storage.store import Store, open_store
from tests.conftest import PG_URL_ENV

SCHEMA_VERSION = upgrade.head()


def new_game(channel: int = 1) -> NewGame:
    return NewGame(
        channel_id=channel, guild_id=2, game="diceroll", options={}, creator_id=10,
        seats=(SeatRow(10, "Ana"),), seed=1, turn_timeout_hours=24, reminder_hours=(2.0,),
        timeout_policy="computer", created_at=100.0,
    )


def move(version: int) -> MoveRow:
    return MoveRow(
        version=version, kind="move", seat=0, user_id=10, by_computer=False, option_key="k",
        label="K", events=("Ana moves.",), state_after="{}", reveals=False, undone=False,
        created_at=100.0,
    )


async def test_open_migrates_once_with_wal_and_foreign_keys(sqlite_path: Path) -> None:
    db_path = sqlite_path
    store = await Store.open(db_path)
    assert await store.schema_version() == SCHEMA_VERSION
    assert await store.pragma("journal_mode") == "wal"
    assert await store.pragma("foreign_keys") == 1
    assert await store.pragma("synchronous") == 1  # NORMAL
    game = await store.create_game(new_game(), None)
    await store.close()

    again = await Store.open(db_path)  # migrating an up-to-date database is a no-op
    assert await again.schema_version() == SCHEMA_VERSION
    assert await again.game(game.id) == game
    await again.close()


async def test_refuses_a_database_from_a_newer_program(db_path: str) -> None:
    """A revision this program does not know was written by a newer one: refused, and
    left as it was."""
    store = await Store.open(db_path)
    await store._backend.sa_write(lambda db: db.exec_driver_sql(
        "UPDATE alembic_version SET version_num = '9999'"))
    await store.close()
    with pytest.raises(RuntimeError, match="newer"):
        await Store.open(db_path)


async def test_refuses_a_hand_numbered_schema_above_the_last_release_before_alembic(
        sqlite_path: Path) -> None:
    with sqlite3.connect(sqlite_path) as conn:
        conn.execute("CREATE TABLE games (id INTEGER PRIMARY KEY)")
        conn.execute("PRAGMA user_version = 9")
    with pytest.raises(RuntimeError, match="newer"):
        await Store.open(sqlite_path)


async def test_one_open_game_per_channel(store: Store) -> None:
    first = await store.create_game(new_game(channel=1), None)
    with pytest.raises(ChannelBusy):
        await store.create_game(new_game(channel=1), None)
    await store.create_game(new_game(channel=2), None)
    done = replace(first, status="cancelled", version=1)
    await store.commit(Change(done, expected_version=0))
    again = await store.create_game(new_game(channel=1), None)
    assert again.id != first.id


async def test_compare_and_swap_refuses_a_stale_version(store: Store) -> None:
    game = await store.create_game(new_game(), None)
    await store.commit(Change(replace(game, version=1), expected_version=0, moves=[move(1)]))
    with pytest.raises(StaleVersion):
        await store.commit(Change(replace(game, version=1), expected_version=0, moves=[move(1)]))
    assert [m.version for m in await store.moves(game.id)] == [1]
    stored = await store.game(game.id)
    assert stored is not None and stored.version == 1


async def test_a_change_is_atomic(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    game = await store.create_game(new_game(), None)

    def broken_outbox(*args: object, **kwargs: object) -> None:
        raise OSError("disk on fire")

    change = Change(
        replace(game, version=1, state="{}"), expected_version=0, moves=[move(1)],
        announcements=[{"kind": "turn", "text": "hi"}],
    )
    with monkeypatch.context() as patch:
        patch.setattr(store, "_insert_outbox", broken_outbox)
        with pytest.raises(OSError):
            await store.commit(change)

    stored = await store.game(game.id)
    assert stored == game  # version, state: untouched
    assert await store.moves(game.id) == []
    assert await store.all_outbox(game.id) == []
    await store.commit(change)  # the connection is usable again: no dangling transaction
    assert len(await store.all_outbox(game.id)) == 1


async def test_outbox_offers_only_the_oldest_unsent_row_of_each_game(store: Store) -> None:
    a = await store.create_game(new_game(channel=1), {"n": 1})
    b = await store.create_game(new_game(channel=2), {"n": 2})
    await store.commit(Change(replace(a, version=1), 0, announcements=[{"n": 3}]))
    due = await store.due_outbox(now=100.0, limit=10)
    assert [(r.game_id, r.payload["n"]) for r in due] == [(a.id, 1), (b.id, 2)]
    await store.mark_failed(due[0].id, retry_at=500.0)
    assert [r.payload["n"] for r in await store.due_outbox(now=100.0, limit=10)] == [2]
    await store.mark_sent(due[0].id, 42, now=500.0)
    assert [r.payload["n"] for r in await store.due_outbox(now=100.0, limit=10)] == [2, 3]


async def test_open_store_takes_the_sqlite_file_unless_database_url_is_set(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DATABASE_URL", raising=False)
    store = await open_store(tmp_path / "a.sqlite3")
    assert isinstance(store, Store) and (tmp_path / "a.sqlite3").exists()
    await store.close()
    url = os.environ.get(PG_URL_ENV)
    if not url:
        pytest.skip(f"PostgreSQL suite: ${PG_URL_ENV} is not set")
    monkeypatch.setenv("DATABASE_URL", url)
    store = await open_store(tmp_path / "b.sqlite3")
    assert store.dialect == "postgresql" and not (tmp_path / "b.sqlite3").exists()
    await store.close()
