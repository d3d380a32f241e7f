"""Database bytes per finished game: whole games played through the session layer with
random choices for every seat, then the live pages of the SQLite file per game."""

from __future__ import annotations

import asyncio
import sqlite3
import tempfile
import time
from pathlib import Path

from games import get_game
from games.rng import Rng


async def play_games(db: Path, name: str, seats: int, games: int, computers: int = 0) -> int:
    """Play ``games`` whole games of ``name`` at ``seats`` (the last ``computers`` seats
    are computer players); returns the moves logged."""
    from bot.sessions import Sessions
    from bot.settings import Settings
    from bot.storage import Store

    settings = Settings(_env_file=None, estancia_db=str(db))
    store = await Store.open(db)
    sessions = Sessions(store, settings)
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
                await sessions.play(info.id, uid, key, info.version)
            moves += len(await store.moves(info.id))
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
    """Prints and returns the database bytes per finished game."""
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "size.sqlite3"
        started = time.perf_counter()
        moves = asyncio.run(play_games(db, name, seats, games, computers))
        elapsed = time.perf_counter() - started
        empty = Path(tmp) / "empty.sqlite3"
        asyncio.run(play_games(empty, name, seats, 0))
        per_game = (live_bytes(db) - live_bytes(empty)) / games
    print(f"{name:10s} database {per_game / 1024:8.1f} KiB per finished {seats}-player game "
          f"({games} games, {moves / games:.0f} logged moves/game, {elapsed:.1f} s)")
    return per_game


if __name__ == "__main__":
    game = get_game("hazienda")
    bench_db_bytes("hazienda", 4, 3)
