"""Moves per second with 1, 2 and 4 bot processes on one PostgreSQL database, beside one
process on the SQLite file.

Each run starts the real bot processes (``SHARD_COUNT=4``, the shards split between them)
behind the fake Discord on this machine, opens Kuhlorado games in guilds spread over the
four shards, lets the simulated players take turns by taps as fast as the bot answers for
a fixed time, and counts the moves stored in that time (every step: taps and the steps the
bot plays itself) and the turns. Figures are printed, never asserted.

The database is the test one (``ESTANCIA_TEST_DATABASE_URL``, as ``.ci/postgres`` writes
it in ``.ci/postgres.env``): it is emptied before each run. Without one, one line says so.
``python -m bench.processes [--quick] [--processes 1 2 4]``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import tempfile
import time
from pathlib import Path

from testkit.e2e.fake import E2EFakeDiscord
from testkit.e2e.launcher import BotProcess
from testkit.e2e.scenario import mentioned_ids, play_turn_by_taps, turn_posts
from testkit.e2e.shards import shard_deliver, split, wait_connected
from testkit.e2e.tables import Table, open_table

GAME = "kuhlorado"
SHARDS = 4
PROCESSES = (1, 2, 4)
GAMES = 24
MEASURE_SECONDS = 40.0
QUICK_SECONDS = 10.0
WAIT = 120.0
ENV_FILE = Path(__file__).resolve().parents[1] / ".ci" / "postgres.env"


def database_url() -> str | None:
    url = os.environ.get("ESTANCIA_TEST_DATABASE_URL")
    if url:
        return url
    try:
        for line in ENV_FILE.read_text().splitlines():
            if line.startswith("ESTANCIA_TEST_DATABASE_URL="):
                return line.split("=", 1)[1].strip()
    except OSError:
        return None
    return None


async def empty(url: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        await conn.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public;")
    finally:
        await conn.close()


async def count_moves(url: str, since: float, until: float) -> tuple[int, int]:
    """(moves stored, turns announced) between two moments."""
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        moves = await conn.fetchval(
            "SELECT COUNT(*) FROM moves WHERE kind = 'move' AND created_at >= $1 "
            "AND created_at < $2", since, until)
        turns = await conn.fetchval(
            "SELECT COUNT(*) FROM outbox WHERE payload::jsonb ->> 'kind' = 'turn' "
            "AND created_at >= $1 AND created_at < $2", since, until)
        return moves, turns
    finally:
        await conn.close()


async def keep_playing(table: Table, until: float, seed: int) -> None:
    """The player each new turn post pings plays it, until ``until``."""
    rng = random.Random(seed)
    played = 0
    while time.time() < until:
        posts = [m for m in turn_posts(table.fake, table.channel_id) if mentioned_ids(m)]
        if len(posts) <= played:
            await asyncio.sleep(0.05)
            continue
        played = len(posts)
        [user] = mentioned_ids(posts[-1])
        await play_turn_by_taps(table.players[user], posts[-1], rng)


def count_sqlite_moves(path: Path, since: float, until: float) -> tuple[int, int]:
    import sqlite3

    conn = sqlite3.connect(path)
    try:
        [(moves,)] = conn.execute("SELECT COUNT(*) FROM moves WHERE kind = 'move' "
                                  "AND created_at >= ? AND created_at < ?", (since, until))
        [(turns,)] = conn.execute("SELECT COUNT(*) FROM outbox WHERE json_extract(payload, "
                                  "'$.kind') = 'turn' AND created_at >= ? AND created_at < ?",
                                  (since, until))
        return moves, turns
    finally:
        conn.close()


async def run(url: str | None, processes: int, seconds: float,
              workdir: Path) -> tuple[float, float]:
    """(moves, turns) per second; ``url`` None: one process on its SQLite file."""
    if url is not None:
        await empty(url)
    ids = split(SHARDS, processes)
    async with E2EFakeDiscord() as fake:
        guilds = [fake.add_guild(f"Ranch {s}", shard=(s, SHARDS)) for s in range(SHARDS)]
        channels = []
        for n in range(GAMES):
            guild = guilds[n % SHARDS]
            channels.append(guild.channels.setdefault(f"field-{n}", 9_100_000 + n))
        database = {} if url is None else {"DATABASE_URL": url}
        bots = [BotProcess(fake, workdir / f"{'pg' if url else 'sqlite'}{processes}-{n}", {
            **database, "SHARD_COUNT": str(SHARDS), "SHARD_IDS": ids[n],
            "DEV_GUILD_ID": "", "LOG_LEVEL": "WARNING",
        }, fresh=True) for n in range(processes)]
        try:
            for bot in bots:
                await bot.start(wait=False)
            await wait_connected(fake, bots, ids, SHARDS, WAIT)
            deliver = shard_deliver(fake, SHARDS, WAIT)
            tables = await asyncio.gather(*(
                open_table(fake, Path("unused"), deliver, GAME, channel_id=channel,
                           names=(f"a{n}", f"b{n}")) for n, channel in enumerate(channels)))
            started = time.time()
            until = started + seconds
            await asyncio.gather(*(keep_playing(t, until, n) for n, t in enumerate(tables)))
            if url is None:
                moves, turns = count_sqlite_moves(bots[0].db_path, started, until)
            else:
                moves, turns = await count_moves(url, started, until)
        finally:
            for bot in bots:
                await bot.close()
    return moves / seconds, turns / seconds


def main(quick: bool = False, processes: tuple[int, ...] = PROCESSES,
         sqlite: bool = True) -> None:
    url = database_url()
    seconds = QUICK_SECONDS if quick else MEASURE_SECONDS
    runs: list[tuple[str | None, int]] = [(None, 1)] if sqlite else []
    if url is None:
        print("postgres   processes: skipped (no PostgreSQL: run .ci/postgres as root, or "
              "set ESTANCIA_TEST_DATABASE_URL)")
    else:
        runs += [(url, count) for count in processes]
    with tempfile.TemporaryDirectory() as tmp:
        for database, count in runs:
            where = "postgres" if database else "sqlite  "
            try:
                moves, turns = asyncio.run(run(database, count, seconds, Path(tmp)))
            except Exception as error:  # noqa: BLE001 - reported, the other runs go on
                print(f"{where}   {count} process(es): failed ({error!r:.200})")
                continue
            print(f"{where}   {count} process(es): {moves:6.1f} moves/s, {turns:5.1f} turns/s "
                  f"({GAMES} {GAME} games on {SHARDS} shards, {seconds:.0f} s, "
                  f"{os.cpu_count()} cores)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="10 s per run")
    parser.add_argument("--processes", type=int, nargs="+", default=list(PROCESSES))
    parser.add_argument("--no-sqlite", action="store_true",
                        help="skip the one process on SQLite")
    args = parser.parse_args()
    main(quick=args.quick, processes=tuple(args.processes), sqlite=not args.no_sqlite)
