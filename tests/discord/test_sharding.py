"""Discord sharding: SHARD_COUNT / SHARD_IDS settings, a process connecting only its shards,
and the fake gateway routing each guild's events to the connection owning its shard."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest
from pydantic import ValidationError

from bot import cli
from bot.discord_ui.client import EstanciaBot, ShardedEstanciaBot, make_bot
from bot.settings import Settings, shard_of
from testkit.fakediscord import FakeDiscord


def test_shard_of_is_discords_formula() -> None:
    """discord-api-docs, topics/gateway: shard_id = (guild_id >> 22) % num_shards."""
    guild_id = 197038439483310086  # the example guild id of Discord's documentation
    assert shard_of(guild_id, 1) == 0
    assert shard_of(guild_id, 4) == (guild_id >> 22) % 4
    assert [shard_of(n << 22, 3) for n in range(6)] == [0, 1, 2, 0, 1, 2]


def test_shard_settings() -> None:
    unsharded = Settings(_env_file=None)
    assert (unsharded.sharded, unsharded.own_shards) == (False, None)
    every = Settings(_env_file=None, shard_count="3")
    assert every.own_shards == (0, 1, 2)
    some = Settings(_env_file=None, shard_count="4", shard_ids=" 3, 1 ")
    assert some.shard_ids == some.own_shards == (1, 3)
    assert Settings(_env_file=None, shard_count="", shard_ids="").own_shards is None


@pytest.mark.parametrize("env, words", [
    ({"SHARD_IDS": "0"}, "SHARD_IDS needs SHARD_COUNT"),
    ({"SHARD_COUNT": "2", "SHARD_IDS": "2"}, "shard 2 does not exist with SHARD_COUNT=2"),
    ({"SHARD_COUNT": "2", "SHARD_IDS": "1,1"}, "lists shard 1 twice"),
    ({"SHARD_COUNT": "2", "SHARD_IDS": "0;1"}, "separated by commas"),
    ({"SHARD_COUNT": "2", "SHARD_IDS": "-1"}, "separated by commas"),
    ({"SHARD_COUNT": "0"}, "greater than or equal to 1"),
    ({"SHARD_COUNT": "two"}, "valid integer"),
])
def test_bad_shard_settings_are_refused_in_one_line(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        env: dict[str, str], words: str) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    with pytest.raises(ValidationError, match=words):
        Settings(_env_file=None)
    monkeypatch.chdir(Path(__file__).parent)  # no .env here
    assert cli.main(["run"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "invalid settings" in err and words in err, err


def test_make_bot_shards_only_when_asked(tmp_path: Path) -> None:
    plain = make_bot(Settings(_env_file=None))
    assert type(plain) is EstanciaBot
    sharded = make_bot(Settings(_env_file=None, shard_count=4, shard_ids="1,3"))
    assert isinstance(sharded, ShardedEstanciaBot)
    assert (sharded.shard_count, sharded.shard_ids) == (4, [1, 3])
    guilds = {n: n << 22 for n in range(4)}  # guild n is on shard n of 4
    assert [sharded.owns_guild(g) for g in guilds.values()] == [False, True, False, True]
    assert not sharded.owns_guild(None)  # a game without a guild belongs to shard 0
    assert plain.owns_guild(guilds[1]) and plain.owns_guild(None)


def games_in(db: Path) -> list[tuple[int, str]]:
    with sqlite3.connect(db) as conn:
        return conn.execute("SELECT channel_id, game FROM games ORDER BY id").fetchall()


async def test_two_processes_split_the_shards_and_each_serves_its_guilds(
        fake: FakeDiscord, tmp_path: Path) -> None:
    """Each bot identifies for its own shard, gets only its shard's guilds, and only it
    receives their interactions; only shard 0's process syncs the commands."""
    west = fake.add_guild("West", shard=(0, 2))
    east = fake.add_guild("East", shard=(1, 2))
    ana = fake.add_member("ana", guild=west)
    ben = fake.add_member("ben", guild=east)
    bots = [make_bot(Settings(_env_file=None, estancia_db=tmp_path / f"shard{n}.sqlite3",
                              turn_timeout_hours=0, shard_count=2, shard_ids=str(n)),
                     guild_ready_timeout=0.05) for n in range(2)]
    runners = [asyncio.create_task(bot.start("token")) for bot in bots]
    try:
        ready = asyncio.gather(*(bot.wait_until_ready() for bot in bots))
        await asyncio.wait({ready, *runners}, timeout=20, return_when=asyncio.FIRST_COMPLETED)
        for runner in runners:
            if runner.done():
                runner.result()  # a start-up failure: show why
        assert ready.done()
        assert sorted(tuple(i["shard"]) for i in fake.identifies) == [(0, 2), (1, 2)]
        assert {g.id for g in bots[0].guilds} == {g.id for g in fake.guilds_on((0, 2))}
        assert {g.id for g in bots[1].guilds} == {g.id for g in fake.guilds_on((1, 2))}
        assert west.id in {g.id for g in bots[0].guilds} and east.id not in {
            g.id for g in bots[0].guilds}
        assert len(fake.find("PUT", r"/commands$")) == 1  # shard 0's process synced

        for member, guild in ((ana, west), (ben, east)):
            await fake.dispatch("INTERACTION_CREATE", fake.slash(
                member, "estancia", "new", channel_id=guild.channels["ranch"], game="pasture"))
        await fake.wait_for(lambda: len(fake.channel_posts()) == 2, 20)
        assert [(s, g) for s, _, g in fake.dispatched[-2:]] == [((0, 2), west.id),
                                                                ((1, 2), east.id)]
        assert games_in(tmp_path / "shard0.sqlite3") == [(west.channels["ranch"], "pasture")]
        assert games_in(tmp_path / "shard1.sqlite3") == [(east.channels["ranch"], "pasture")]
    finally:
        for bot in bots:
            await bot.close()
        await asyncio.gather(*runners, return_exceptions=True)


async def test_an_event_for_a_shard_nobody_connects_is_not_delivered(
        fake: FakeDiscord, tmp_path: Path) -> None:
    """As on Discord, a guild whose shard is not connected gets nothing through (the
    test sees it at once instead of waiting for an answer that cannot come)."""
    east = fake.add_guild("East", shard=(1, 2))
    ben = fake.add_member("ben", guild=east)
    bot = make_bot(Settings(_env_file=None, estancia_db=tmp_path / "e.sqlite3",
                            shard_count=2, shard_ids="0"), guild_ready_timeout=0.05)
    runner = asyncio.create_task(bot.start("token"))
    try:
        await fake.wait_for(lambda: fake.shard_connected((0, 2)), 20)
        with pytest.raises(AssertionError, match="no connection owns the shard"):
            await fake.dispatch("INTERACTION_CREATE", fake.slash(
                ben, "estancia", "new", channel_id=east.channels["ranch"], game="pasture"))
    finally:
        await bot.close()
        await asyncio.gather(runner, return_exceptions=True)


async def test_a_database_url_that_cannot_be_opened_stops_the_start_in_one_line(
        tmp_path: Path) -> None:
    """The line names DATABASE_URL and never its password."""
    from bot.discord_ui.startup import StartFailure

    url = "postgresql://estancia:hunter2@127.0.0.1:1/estancia"  # nothing listens on port 1
    bot = make_bot(Settings(_env_file=None, estancia_db=tmp_path / "e.sqlite3",
                            database_url=url))
    with pytest.raises(StartFailure) as failure:
        await bot.setup_hook()
    line = str(failure.value)
    assert "DATABASE_URL" in line and "hunter2" not in line and "\n" not in line
