"""Three bot processes on one PostgreSQL database behind the fake Discord, splitting six
shards (two each). Games are played by taps in guilds on every shard, and turn timers run
out in others; one process is killed with ``kill -9`` while the others' games go on, then
started again. Afterwards nothing is lost or doubled:

* every game is exactly the replay of its move log, and every human move in it is
  explained by one tap (a move applied twice would need a second tap);
* every announcement was posted exactly once (one created message per outbox row, by
  its nonce; a re-send after the kill is answered with the existing message);
* every deadline that fired made exactly one computer move and one announcement, and no
  reminder was posted twice;
* the survivors played on (their games, and the dead process's claimed announcements and
  timers once the claims lapsed), and the restarted process took its shards back.

Skipped, with the one line at the end of the run, when PostgreSQL is not configured.
"""

from __future__ import annotations

import asyncio
import os
import random
from collections import Counter
from collections.abc import Awaitable, Callable
from pathlib import Path
from types import SimpleNamespace

import pytest

from bot.discord_ui.outbox import delivery_nonce
from testkit.e2e import dbcheck, pgcheck
from testkit.e2e.fake import E2EFakeDiscord, Hold
from testkit.e2e.launcher import BotProcess
from testkit.e2e.scenario import Deliver, mentioned_ids, play_turn_by_taps, poll
from testkit.e2e.shards import shard_deliver, split, wait_connected
from testkit.e2e.tables import Table, latest_turn_post, open_table, unmatched_human_moves
from testkit.fakediscord import FakeGuild, snowflake
from tests.conftest import PG_URL_ENV, open_backend
from tests.e2e.checks import EXTRA_GAMES, log_problems

SHARDS = 6
#: SHARD_IDS of each process: every shard in exactly one ("0,3", "1,4", "2,5").
SPLIT = split(SHARDS, 3)
VICTIM = 0
#: Claims lapse this fast here (ESTANCIA_CLAIM_SECONDS), so survivors take over soon.
LEASE = 8
#: Turns each played game takes before the kill, while the victim is dead (the
#: survivors' games only), and after its restart.
TURNS = (2, 3, 2)
#: The timed games' turn timer: 10.8 s, with a reminder 5.4 s before the deadline.
TIMER_HOURS = 0.003
#: Hang guards, never speed assertions (three bot processes on a shared machine).
WAIT = 120.0


@pytest.fixture
async def database(tmp_path: Path) -> str:
    store = await open_backend("postgres", tmp_path)  # emptied; skips without PostgreSQL
    await store.close()
    return os.environ[PG_URL_ENV]


async def until(check: Callable[[], Awaitable[bool]], what: str) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + WAIT
    while not await check():
        if loop.time() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.1)


class PgTable(Table):
    """A table whose record is read from PostgreSQL (:meth:`refresh`), not a file."""

    current: dbcheck.GameRecord | None = None

    async def refresh(self, url: str) -> dbcheck.GameRecord:
        self.current = await pgcheck.read_game(url, self.game_id)
        return self.current

    def record(self) -> dbcheck.GameRecord:
        assert self.current is not None
        return self.current


async def open_pg_table(fake: E2EFakeDiscord, deliver: Deliver, channel_id: int,
                        tag: str) -> PgTable:
    table = await open_table(fake, Path("unused"), deliver, "pasture", channel_id=channel_id,
                             names=(f"ana-{tag}", f"ben-{tag}"))
    return PgTable(**vars(table))


async def play_turns(table: PgTable, url: str, turns: int, seed: int) -> int:
    """The player each turn post pings plays a turn by taps, ``turns`` times."""
    rng = random.Random(seed)
    played = 0
    for _ in range(turns):
        await until(lambda: _delivered(url, table.game_id), f"game {table.game_id} posted")
        record = await table.refresh(url)
        if record.status != "active":
            break
        user = record.user_of(record.to_move())
        latest = latest_turn_post(table)
        assert mentioned_ids(latest) == [user], "the latest turn post pings someone else"
        await play_turn_by_taps(table.players[user], latest, rng, on_click=table.note_tap)
        played += 1
    return played


async def _delivered(url: str, game_id: int | None = None) -> bool:
    return await pgcheck.undelivered(url, game_id) == 0


async def victim_posting(fake: E2EFakeDiscord, url: str, table: PgTable) -> Hold:
    """Hold the next post in ``table``'s channel, made by the victim process: its creator
    changes a setting (an announcement, committed by the victim, whose deliverer it wakes
    at once; should a survivor's deliverer take it first, the change is made again)."""
    creator = next(iter(table.players.values()))
    path = rf"^/channels/{table.channel_id}/messages$"
    for policy in ("forfeit", "computer") * 3:
        held = fake.hold("POST", path)
        answer = await creator.slash("settings", channel_id=table.channel_id, policy=policy)
        await answer.wait_answered(WAIT)
        await poll(lambda: held.held >= 1, "the announcement being posted", WAIT)  # noqa: B023
        [call] = [c for c in fake.find("POST", path) if c.status == 0]
        if call.agent.endswith(f"estancia-process/bot{VICTIM}"):
            return held
        held.release()
        await until(lambda: _delivered(url, table.game_id), "the announcement posted")
    raise AssertionError("another process always posted the victim's announcement")


async def test_three_processes_on_one_database_lose_and_double_nothing_across_a_kill(
        fake: E2EFakeDiscord, database: str, tmp_path: Path, pasture_registered: None) -> None:
    guilds: list[FakeGuild] = []
    for shard in range(SHARDS):
        guild = fake.add_guild(f"Ranch {shard}", shard=(shard, SHARDS))
        guild.channels["corral"] = snowflake()
        guilds.append(guild)
    bots = [BotProcess(fake, tmp_path / f"bot{n}", {
        "DATABASE_URL": database, "SHARD_COUNT": str(SHARDS), "SHARD_IDS": SPLIT[n],
        "DEV_GUILD_ID": "", "ESTANCIA_CLAIM_SECONDS": str(LEASE),
        "ESTANCIA_CPU_WORKERS": "0", "E2E_EXTRA_GAMES": EXTRA_GAMES,
        "E2E_PROCESS_TAG": f"bot{n}",
    }) for n in range(len(SPLIT))]
    try:
        for bot in bots:
            await bot.start(wait=False)
        await wait_connected(fake, bots, SPLIT, SHARDS, WAIT)
        deliver = shard_deliver(fake, SHARDS, WAIT)

        # a played game in every guild; in the first three, a game left to its timers
        played = list(await asyncio.gather(*(
            open_pg_table(fake, deliver, g.channels["ranch"], f"{n}")
            for n, g in enumerate(guilds))))
        timed = list(await asyncio.gather(*(
            open_pg_table(fake, deliver, g.channels["corral"], f"t{n}")
            for n, g in enumerate(guilds[:3]))))
        for table in timed:
            creator = next(iter(table.players.values()))
            answer = await creator.slash("settings", channel_id=table.channel_id,
                                         timeout_hours=TIMER_HOURS,
                                         reminders=f"{TIMER_HOURS / 2:g}")
            await answer.wait_answered(WAIT)

        await asyncio.gather(*(play_turns(t, database, TURNS[0], n)
                               for n, t in enumerate(played)))

        # The victim is killed while it posts an announcement of its own guild's game:
        # Discord accepts the message after the victim died, before it was marked sent.
        victim_shards = {int(s) for s in SPLIT[VICTIM].split(",")}
        target = played[min(victim_shards)]
        held = await victim_posting(fake, database, target)
        survivors = [t for n, t in enumerate(played) if n not in victim_shards]
        before = {t.game_id: (await t.refresh(database)).version for t in survivors}
        posts = len(fake.created_posts)
        going = asyncio.gather(*(play_turns(t, database, TURNS[1], 100 + n)
                                 for n, t in enumerate(survivors)))
        await poll(lambda: len(fake.created_posts) >= posts + 3 or going.done(),
                   "the survivors' games under way", WAIT)
        await bots[VICTIM].kill9()
        held.release()  # the dead process's request goes through now
        await going
        for table in survivors:  # the survivors played on
            assert (await table.refresh(database)).version > before[table.game_id]
        # a survivor took the dead process's claim over once it lapsed: its re-send with
        # the same nonce was answered with the message Discord had accepted
        await until(lambda: _delivered(database, target.game_id), "the claim taken over")
        assert target.channel_id in {channel for channel, _ in fake.nonce_replays}, (
            "the announcement was not re-sent after the kill")

        # started again, the victim takes its shards back; every game plays on
        await bots[VICTIM].start(wait=False)
        await wait_connected(fake, [bots[VICTIM]], [SPLIT[VICTIM]], SHARDS, WAIT)
        await asyncio.gather(*(play_turns(t, database, TURNS[2], 200 + n)
                               for n, t in enumerate(played)))
        for table in timed:  # timers off, so that the database comes to rest
            creator = next(iter(table.players.values()))
            answer = await creator.slash("settings", channel_id=table.channel_id,
                                         timeout_hours=0)
            await answer.wait_answered(WAIT)
        await until(lambda: _delivered(database), "every announcement posted")
        for bot in bots:
            await bot.stop()
    finally:
        for bot in bots:
            await bot.close()

    records = {r.id: r for r in await pgcheck.read_games(database)}
    assert len(records) == len(played) + len(timed)

    # every move applied once: the log replays, each human move explained by one tap
    for table in played:
        record = records[table.game_id]
        table.current = record
        assert dbcheck.replay_problems(record) == []
        assert dbcheck.version_gaps(record) == []
        assert unmatched_human_moves(table) == []
        turns = sum(m.kind == "move" and m.option_key in ("fence", "graze")
                    for m in record.moves)
        assert turns == sum(TURNS) - (0 if table.game_id in before else TURNS[1])
    for table in timed:
        assert dbcheck.replay_problems(records[table.game_id]) == []

    # every announcement posted once: one created message per outbox row, by its nonce
    rows = [o for r in records.values() for o in r.outbox]
    assert all(o["sent_at"] is not None for o in rows)
    expected = {delivery_nonce(SimpleNamespace(outbox_id=o["id"], game_id=o["game_id"]))
                for o in rows}
    posted = Counter(str(m.get("nonce")) for m in fake.created_posts)
    assert {n: c for n, c in posted.items() if c > 1} == {}, "an announcement posted twice"
    assert set(posted) == expected, "a post lost, or one made from no announcement"

    # timers fired once: each fired deadline made one computer turn; no reminder twice
    fired = await pgcheck.fetch(
        database, "SELECT game_id, kind FROM timers WHERE fired_at IS NOT NULL")
    for table in timed:
        record = records[table.game_id]
        kinds = [(o["version"], o["payload"].get("kind")) for o in record.outbox]
        timeouts = [v for v, k in kinds if k == "timeout"]
        reminders = [v for v, k in kinds if k == "reminder"]
        deadlines = sum(f["game_id"] == record.id and f["kind"] == "deadline" for f in fired)
        assert timeouts and len(timeouts) == deadlines == len(set(timeouts))
        assert len(reminders) == len(set(reminders)), "a reminder posted twice"
        computer_turns = sum(m.by_computer and m.option_key in ("fence", "graze")
                             for m in record.moves)
        assert computer_turns == deadlines

    # each process connected its own shards; the victim twice; nobody logged an error
    identified = Counter(tuple(i["shard"]) for i in fake.identifies)
    assert identified == {(s, SHARDS): 2 if s in victim_shards else 1 for s in range(SHARDS)}
    for bot in bots:
        assert log_problems(bot.log_text()) == []
