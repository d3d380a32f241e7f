"""``estancia db upgrade``, ``estancia db backup PATH``, ``estancia db check``: the
database the bot uses, looked after from the command line, also while the bot runs."""

from __future__ import annotations

import asyncio
import os
import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

from bot import cli
from bot.storage import operations, upgrade
from bot.storage.rows import Change, MoveRow, NewGame, SeatRow
from bot.storage.store import Store
from tests.release import release_database

pytestmark = pytest.mark.usefixtures("no_env_file")


@pytest.fixture
def no_env_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The command reads .env from the working directory: an empty one here."""
    monkeypatch.chdir(tmp_path)
    for name in ("DATABASE_URL", "ESTANCIA_DB"):
        monkeypatch.delenv(name, raising=False)


def use(monkeypatch: pytest.MonkeyPatch, target: str) -> None:
    name = "DATABASE_URL" if operations.is_url(target) else "ESTANCIA_DB"
    monkeypatch.setenv(name, target)


def a_move(version: int) -> MoveRow:
    return MoveRow(version=version, kind="start" if version == 1 else "move", seat=0,
                   user_id=10, by_computer=False, option_key="k", label="K", events=(),
                   state_after=f'{{"v": {version}}}', reveals=False, undone=False,
                   created_at=100.0)


async def test_upgrade_then_check_a_database_of_the_last_release(
        backend: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    target = await release_database(backend, tmp_path)
    use(monkeypatch, target)
    assert await asyncio.to_thread(cli.main, ["db", "check"]) == 1  # not upgraded yet
    out = capsys.readouterr().out
    assert "schema    6 (numbered before Alembic)" in out and "estancia db upgrade" in out

    assert await asyncio.to_thread(cli.main, ["db", "upgrade"]) == 0
    assert capsys.readouterr().out == (f"estancia db: schema {upgrade.head()}, upgraded from "
                                       "6 (numbered before Alembic)\n")
    assert await asyncio.to_thread(cli.main, ["db", "upgrade"]) == 0
    assert "(already)" in capsys.readouterr().out

    assert await asyncio.to_thread(cli.main, ["db", "check"]) == 0
    out = capsys.readouterr().out
    assert f"schema    {upgrade.head()}\n" in out and "problems  none" in out
    assert "games     15, " in out
    assert "  kuhlorado      3 active, 2 finished, 1 cancelled" in out
    assert "  llama-land     1 lobby, 2 active" in out


async def test_check_finds_a_game_whose_state_does_not_load(db_path: str) -> None:
    store = await Store.open(db_path)
    try:
        game = await store.create_game(NewGame(
            channel_id=1, guild_id=2, game="kuhlorado", options={}, creator_id=10,
            seats=(SeatRow(10, "Ana"), SeatRow(11, "Bo")), seed=1, turn_timeout_hours=0,
            reminder_hours=(), timeout_policy="computer", created_at=1.0), None)
        await store.commit(Change(replace(game, status="active", version=1,
                                          state='{"not": "a kuhlorado state"}'), 0,
                                  moves=[a_move(1)]))
    finally:
        await store.close()
    health = await operations.check(db_path)
    assert health.games == {("kuhlorado", "active"): 1} and health.moves == 1
    [problem] = health.problems
    assert problem.startswith(f"game {game.id} (kuhlorado, active): its state does not load")


async def test_a_backup_while_the_bot_writes_is_a_consistent_copy(tmp_path: Path) -> None:
    """Moves keep being committed while the copy is made: the copy is a database of its
    own, whole, at one moment (each game's version is its last logged move's)."""
    source = tmp_path / "estancia.sqlite3"
    store = await Store.open(source)
    game = await store.create_game(NewGame(
        channel_id=1, guild_id=2, game="kuhlorado", options={}, creator_id=10,
        seats=(SeatRow(10, "Ana"),), seed=1, turn_timeout_hours=0, reminder_hours=(),
        timeout_policy="computer", created_at=1.0), None)
    writing = True

    async def play() -> int:
        row, version = replace(game, status="active"), 0
        while writing or version < 50:
            new = replace(row, version=version + 1, state=f'{{"v": {version + 1}}}')
            await store.commit(Change(new, version, moves=[a_move(version + 1)]))
            row, version = new, version + 1
            await asyncio.sleep(0)
        return version

    player = asyncio.create_task(play())
    try:
        await asyncio.sleep(0.2)
        copies = []
        for n in range(3):
            path = tmp_path / "backups" / f"copy{n}.sqlite3"
            assert await operations.backup(str(source), path) > 0
            copies.append(path)
            await asyncio.sleep(0.05)
        writing = False
        last = await player
    finally:
        writing = False
        await store.close()
    versions = []
    for path in copies:
        with sqlite3.connect(path) as copy:
            assert copy.execute("PRAGMA integrity_check").fetchone() == ("ok",)
            [(version, logged)] = copy.execute(
                "SELECT g.version, (SELECT MAX(version) FROM moves m WHERE m.game_id = g.id) "
                "FROM games g")
            assert version == logged
            versions.append(version)
    assert versions == sorted(versions) and 0 < versions[-1] <= last
    health = await operations.check(str(copies[-1]))
    assert health.schema == upgrade.head() and health.moves == versions[-1]


async def test_backup_refuses_to_overwrite_and_sends_postgresql_to_pg_dump(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    await (await Store.open(tmp_path / "estancia.sqlite3")).close()
    use(monkeypatch, str(tmp_path / "estancia.sqlite3"))
    (tmp_path / "taken.sqlite3").write_text("mine")
    assert await asyncio.to_thread(cli.main, ["db", "backup", "taken.sqlite3"]) == 2
    assert "exists already" in capsys.readouterr().err
    assert (tmp_path / "taken.sqlite3").read_text() == "mine"

    use(monkeypatch, "postgresql://someone:secret@db.example:5432/estancia")
    assert await asyncio.to_thread(cli.main, ["db", "backup", "x.dump"]) == 2
    err = capsys.readouterr().err
    assert "pg_dump --format=custom --file=x.dump" in err and "secret" not in err
    assert not os.path.exists(tmp_path / "x.dump")


async def test_commands_on_no_database_say_where_they_looked(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    use(monkeypatch, str(tmp_path / "none.sqlite3"))
    for command in (["db", "check"], ["db", "upgrade"], ["db", "backup", "b.sqlite3"]):
        assert await asyncio.to_thread(cli.main, command) == 2
        assert "none.sqlite3" in capsys.readouterr().err
    assert not (tmp_path / "none.sqlite3").exists()
