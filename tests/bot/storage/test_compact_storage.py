"""Storage that stays small: option keys and snapshots instead of every state, exact
replay (computer seats included), the outbox purge, and the migration of a database
written by the program before it (schema 1, ``tests/bot/storage/fixtures/schema1.sqlite3.gz``:
a finished Kuhlorado game with an undo, a Hazienda game against three computers with an
undo and a timed-out turn, a finished 4-player Hazienda game, a forfeited game, a lobby
and a cancelled game)."""

from __future__ import annotations

import gzip
import json
import random
import shutil
import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

import games
from bot.core import cpu
from bot.core.announcements import MOVE_ANNOUNCEMENTS
from bot.core.sessions import Sessions
from bot.settings import Settings
from bot.storage.rows import SNAPSHOT_EVERY, Change, MoveRow, NewGame, SeatRow
from bot.storage.store import Store
from bot.storage.upgrade import head
from testkit.clock import FakeClock
from tests.bot.helpers import drain, hot_seat, mover

#: Quick computers (tests/conftest.py): these tests are about what surrounds their play.
pytestmark = pytest.mark.usefixtures("quick_computers")

SCHEMA1 = Path(__file__).parent / "fixtures" / "schema1.sqlite3.gz"


def unpacked_schema1(folder: Path) -> Path:
    path = folder / "old.sqlite3"
    with gzip.open(SCHEMA1, "rb") as packed, open(path, "wb") as out:
        shutil.copyfileobj(packed, out)
    return path


async def state_at(store: Store, game: str, game_id: int, version: int) -> str:
    moment = await store.replay_from(game_id, version)
    assert moment is not None
    return cpu.replay_text(games.GAME_MODULES[game], *moment)


async def test_a_schema_1_database_migrates_without_losing_a_game(tmp_path: Path) -> None:
    path = unpacked_schema1(tmp_path)
    old = sqlite3.connect(path)
    old.row_factory = sqlite3.Row
    assert old.execute("PRAGMA user_version").fetchone()[0] == 1
    old_games = {r["id"]: dict(r) for r in old.execute("SELECT * FROM games")}
    old_moves = [dict(r) for r in old.execute("SELECT * FROM moves ORDER BY game_id, version")]
    old_outbox = [dict(r) for r in old.execute("SELECT * FROM outbox ORDER BY id")]
    old_timers = [dict(r) for r in old.execute("SELECT * FROM timers ORDER BY id")]
    old.close()
    assert {g["status"] for g in old_games.values()} == {"lobby", "active", "finished",
                                                         "cancelled"}
    assert {m["kind"] for m in old_moves} == {"start", "move", "undo", "forfeit"}

    store = await Store.open(path)
    try:
        assert await store.schema_version() == head()
        for game_id, before in old_games.items():
            row = await store.game(game_id)
            assert row is not None
            assert row.language == "en"  # games from before languages were played in English
            assert (row.status, row.version, row.state) == (
                before["status"], before["version"], before["state"])
        kept = ("version", "kind", "seat", "user_id", "option_key", "label", "undone")
        for game_id in old_games:
            now = await store.moves(game_id)
            then = [m for m in old_moves if m["game_id"] == game_id]
            assert [tuple(getattr(m, k) for k in kept) for m in now] == [
                tuple(m[k] for k in kept) for m in then]
            assert [list(m.events) for m in now] == [json.loads(m["events"]) for m in then]
            snapshots = {m.version: m.state_after for m in now if m.state_after is not None}
            assert all(snapshots[v] == m["state_after"] for m in then
                       if (v := m["version"]) in snapshots)
            if old_games[game_id]["status"] in ("lobby", "active"):
                # a running game keeps every moment as it was (its log was written by an
                # earlier program: today's engine may not replay it)
                assert sorted(snapshots) == [m["version"] for m in then]
            else:  # start and undo rows, every 50th version, the last move
                last = max((m["version"] for m in then), default=0)
                assert sorted(snapshots) == [
                    m["version"] for m in then if m["kind"] in ("start", "undo")
                    or m["kind"] == "move" and (m["version"] % 50 == 0 or m["version"] == last)]
        outbox = [r for g in old_games for r in await store.all_outbox(g)]
        assert sorted((r.id, json.dumps(r.payload)) for r in outbox) == [
            (r["id"], json.dumps(json.loads(r["payload"]))) for r in old_outbox]
        timers = [t for g in old_games for t in await store.unfired_timers(g)]
        assert sorted(t.id for t in timers) == [
            t["id"] for t in old_timers if t["fired_at"] is None]
    finally:
        await store.close()
    assert path.stat().st_size < 800_000  # was ~3 MB of repeated states


async def test_the_migrated_games_go_on(tmp_path: Path) -> None:
    path = unpacked_schema1(tmp_path)
    store = await Store.open(path)
    try:
        sessions = Sessions(store, Settings(_env_file=None), clock=FakeClock(2_000_000_000))
        (active,) = [g for g in await sessions.active_games() if g.status == "active"]
        user = active.user_to_move
        assert user is not None
        decision, _ = await sessions.decision_for(active.id, user)
        assert decision is not None
        result = await sessions.play(active.id, user, decision.options[0].key, active.version)
        assert result.version > active.version
        await sessions.wait_for_computers(active.id)
        assert (await sessions.png(active.id, 5)).startswith(b"\x89PNG")
    finally:
        await sessions.close()
        await store.close()


def game_row_move(version: int, kind: str = "move") -> MoveRow:
    return MoveRow(version=version, kind=kind, seat=0, user_id=10, by_computer=False,
                   option_key=f"k{version}", label="K", events=(), state_after=f'"s{version}"',
                   reveals=False, undone=False, created_at=1.0)


async def test_snapshots_are_kept_on_start_and_undo_rows_and_every_k_versions(
        store: Store) -> None:
    game = await store.create_game(NewGame(
        channel_id=1, guild_id=None, game="diceroll", options={}, creator_id=10,
        seats=(SeatRow(10, "Ana"),), seed=1, turn_timeout_hours=0, reminder_hours=(),
        timeout_policy="computer", created_at=1.0), None)
    version = 0
    for kinds in (["start", "move", "move"], ["move"] * (SNAPSHOT_EVERY + 5), ["undo"],
                  ["move"] * (SNAPSHOT_EVERY - 1), ["move"]):
        moves = [game_row_move(version + i + 1, kind) for i, kind in enumerate(kinds)]
        new = replace(game, version=version + len(kinds), state=moves[-1].state_after)
        await store.commit(Change(new, version, moves=moves))
        game, version = new, new.version
    kept = [m.version for m in await store.moves(game.id) if m.state_after is not None]
    undo = 3 + SNAPSHOT_EVERY + 5 + 1
    assert kept == [1, 1 + SNAPSHOT_EVERY, undo, undo + SNAPSHOT_EVERY]
    assert await store.replay_from(game.id, 0) is None
    snapshot, steps = await store.replay_from(game.id, undo - 1)
    assert snapshot == f'"s{1 + SNAPSHOT_EVERY}"'
    assert steps == [(0, f"k{v}") for v in range(2 + SNAPSHOT_EVERY, undo)]
    assert await store.replay_from(game.id, undo) == (f'"s{undo}"', [])


async def test_a_game_against_computers_replays_exactly_at_every_version(
        db_path: str) -> None:
    """Computer seats choose with ``games.ai.ai_rng`` (seed and step): the logged keys,
    replayed from the snapshots, give every state that was played."""
    store = await Store.open(db_path)
    sessions = Sessions(store, Settings(_env_file=None), clock=FakeClock(),
                        seed_source=lambda: 99)
    played: dict[int, str] = {}
    commit = store.commit

    async def recording(change: Change) -> None:
        await commit(change)
        for move in change.moves:
            assert move.state_after is not None
            played[move.version] = move.state_after

    store.commit = recording  # type: ignore[method-assign]
    try:
        await sessions.new(1, None, 1, "Ana", "kuhlorado", {})
        await sessions.add_computer(1, 1)
        info = await sessions.start(1, 1)
        rng = random.Random(3)
        while len(played) < 2 * SNAPSHOT_EVERY + 10:
            await sessions.wait_for_computers(info.id)
            info = await sessions.info_by_id(info.id)
            if info.to_move is None:
                break
            decision, _ = await sessions.decision_for(info.id, 1)
            assert decision is not None
            await sessions.play(info.id, 1, rng.choice(decision.options).key, info.version)
        moves = await store.moves(info.id)
        assert any(m.by_computer for m in moves) and any(not m.by_computer for m in moves)
        assert len(played) > 2 * SNAPSHOT_EVERY
        for version, text in played.items():
            assert await state_at(store, "kuhlorado", info.id, version) == text, version
    finally:
        await sessions.close()
        await store.close()


async def test_delivered_announcements_are_purged_once_old_enough(
        sessions: Sessions, store: Store, clock: FakeClock) -> None:
    finished = await hot_seat(sessions, channel=1)
    await sessions.cancel(1, finished.creator_id, False)
    info = await hot_seat(sessions, channel=2)
    user = await mover(sessions, info.id)
    await sessions.play(info.id, user, "add1", None)  # a step that announces nothing
    await drain(sessions)
    lines = await store.unannounced_lines(info.id)
    assert lines
    clock.advance(3600)
    await sessions.set_settings(2, user, True, turn_timeout_hours=5)
    (pending,) = await sessions.pending_announcements()

    assert await sessions.purge_outbox() == 0  # delivered, but not long ago
    clock.advance(2 * 24 * 3600)
    assert await sessions.purge_outbox() > 0
    assert await store.all_outbox(finished.id) == []
    rows = await store.all_outbox(info.id)
    # the running game keeps its latest move announcement and what is not delivered yet
    assert [r.id for r in rows if r.payload["kind"] in MOVE_ANNOUNCEMENTS][-1:] == [
        r.id for r in rows if r.payload["kind"] in MOVE_ANNOUNCEMENTS]
    assert pending.outbox_id in [r.id for r in rows]
    assert await store.unannounced_lines(info.id) == lines
    assert await sessions.purge_outbox() == 0
