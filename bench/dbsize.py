"""Database bytes per finished game: whole games played through the session layer with
random choices for every seat, then the live pages of the SQLite file per game."""

from __future__ import annotations

import asyncio
import sqlite3
import tempfile
import time
from pathlib import Path

from games import available_games, get_game
from games.rng import Rng


async def play_games(db: Path, name: str, seats: int, games: int, computers: int = 0,
                     purge_after: float | None = None) -> int:
    """Play ``games`` whole games of ``name`` at ``seats`` (the last ``computers`` seats
    are computer players), delivering every announcement; returns the moves logged.
    ``purge_after``: then purge the outbox that many seconds later."""
    from bot.core.sessions import Sessions
    from bot.settings import Settings
    from bot.storage.store import Store

    settings = Settings(_env_file=None, estancia_db=str(db))
    store = await Store.open(db)
    now = [1_800_000_000.0]
    seeds = iter(range(1, 1 << 30))
    sessions = Sessions(store, settings, clock=lambda: now[0], seed_source=lambda: next(seeds))
    moves = 0
    try:
        for g in range(games):
            channel = 1000 + g
            await sessions.new(channel, 1, 1, "Player 1", name, {})
            for extra in range(1, seats - computers):
                await sessions.join(channel, 1 + extra, f"Player {extra + 1}")
            for _ in range(computers):
                await sessions.add_computer(channel, 1)
            info = await sessions.start(channel, 1)
            rng = Rng.from_seed(g)
            while True:
                info = await sessions.info_by_id(info.id)
                if info.to_move is None:
                    break
                uid = info.seats[info.to_move].user_id
                decision, _ = await sessions.decision_for(info.id, uid)
                key = rng.choice(decision.options).key
                # each step as a tap plays it: logged with a Discord-sized interaction id
                await sessions.play(info.id, uid, key, info.version,
                                    interaction_id=1_300_000_000_000_000_000 + moves + info.version)
                now[0] += 1.0
                for announcement in await sessions.pending_announcements(100):
                    await sessions.mark_sent(announcement.outbox_id, 1)
            moves += len(await store.moves(info.id))
        if purge_after is not None:
            now[0] += purge_after
            await sessions.purge_outbox()
    finally:
        await store.close()
    return moves


def live_bytes(db: Path) -> int:
    """Bytes of the pages in use (file size less free pages), after a checkpoint."""
    conn = sqlite3.connect(db)
    try:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        page = conn.execute("PRAGMA page_size").fetchone()[0]
        count = conn.execute("PRAGMA page_count").fetchone()[0]
        free = conn.execute("PRAGMA freelist_count").fetchone()[0]
        return (count - free) * page
    finally:
        conn.close()


def bench_db_bytes(name: str, seats: int, games: int, computers: int = 0) -> float:
    """Prints and returns the database bytes per finished game (as it ends, and once its
    delivered announcements are old enough to be purged)."""
    from bot.core.sessions import OUTBOX_KEEP_SECONDS

    with tempfile.TemporaryDirectory() as tmp:
        empty = Path(tmp) / "empty.sqlite3"
        asyncio.run(play_games(empty, name, seats, 0))
        sizes = []
        for purge_after in (None, OUTBOX_KEEP_SECONDS + 1):
            db = Path(tmp) / f"size{len(sizes)}.sqlite3"
            started = time.perf_counter()
            moves = asyncio.run(play_games(db, name, seats, games, computers, purge_after))
            elapsed = time.perf_counter() - started
            sizes.append((live_bytes(db) - live_bytes(empty)) / games)
    print(f"{name:10s} database {sizes[0] / 1024:8.1f} KiB per finished {seats}-player game, "
          f"{sizes[1] / 1024:.1f} KiB once its announcements are purged "
          f"({games} games, {moves / games:.0f} logged moves/game, {elapsed:.1f} s)")
    return sizes[0]


def main(quick: bool = False) -> None:
    for name in available_games():
        game = get_game(name)
        seats = 4 if game.min_seats <= 4 <= game.max_seats else game.min_seats
        bench_db_bytes(name, seats, 2 if quick else 5)


if __name__ == "__main__":
    main()
