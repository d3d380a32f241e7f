"""CPU and wall time of the store's calls for one move, without the rest of the bot: a
move's commit (the game row's compare-and-swap, its move row, its announcement, its two
timers), then a read of the game, a claim of the outbox and the delivery mark; ``N``
rounds (1,000) on a fresh SQLite file, or on the PostgreSQL database at ``--url`` (emptied
first). It runs the release before the one storage layer too (``PYTHONPATH=<a tree of
e65209e>``: its ``bot.storage.sqlite``), so that both can be compared round for round.
Figures are printed, never asserted.

``python -m bench.store_calls [--url postgresql://…] [--rounds N]``
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import os
import tempfile
import time
from typing import Any


async def measure(target: str, rounds: int) -> tuple[float, float]:
    """(CPU ms, wall ms) per round."""
    try:
        from bot.storage import rows
        from bot.storage.store import Store, open_store
    except ImportError:  # the release before the one storage layer
        from bot.storage.sqlite import Store, open_store  # type: ignore[no-redef]

        from bot.storage import sqlite as rows  # type: ignore[no-redef]
    if target.startswith("postgres"):
        import asyncpg

        conn = await asyncpg.connect(target)
        try:
            await conn.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public;")
        finally:
            await conn.close()
        store: Any = await open_store("unused.sqlite3", target)
    else:
        store = await Store.open(target)
    try:
        seats = (rows.SeatRow(1, "Ana"), rows.SeatRow(2, "Bo"))
        game = await store.create_game(rows.NewGame(
            1, 7, "kuhlorado", {}, 1, seats, 5, 24.0, (12.0,), "computer", time.time()),
            {"kind": "lobby"})
        state = '{"board": "' + "x" * 3000 + '"}'
        cpu, wall = time.process_time(), time.perf_counter()
        for version in range(1, rounds + 1):
            now = time.time()
            new = dataclasses.replace(game, version=version, status="active", state=state,
                                      updated_at=now)
            await store.commit(rows.Change(
                new, version - 1,
                moves=[rows.MoveRow(version, "start" if version == 1 else "move", 0, 1, False,
                                    f"k{version}", "label", ("event",), state, False, False,
                                    now)],
                announcements=[{"kind": "move", "text": "x" * 100}],
                timers=[rows.NewTimer("reminder", 0, version, now + 99),
                        rows.NewTimer("deadline", 0, version, now + 999)]))
            game = new
            await store.game(game.id)
            for row in await store.claim_outbox(now + 1, 10):
                await store.mark_sent(row.id, 5, now)
        return ((time.process_time() - cpu) / rounds * 1000,
                (time.perf_counter() - wall) / rounds * 1000)
    finally:
        await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--url", help="a PostgreSQL database to empty and use")
    parser.add_argument("--rounds", type=int, default=1000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        target = args.url or os.path.join(tmp, "calls.sqlite3")
        cpu, wall = asyncio.run(measure(target, args.rounds))
    print(f"store calls  {'postgres' if args.url else 'sqlite'}: {cpu:.2f} ms CPU, "
          f"{wall:.2f} ms wall per move (commit, read, claim, mark sent)")


if __name__ == "__main__":
    main()
