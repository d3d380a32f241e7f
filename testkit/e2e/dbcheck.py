"""Read the bot's database from outside (the bot may be running, stopped or killed) and
check what must hold after anything: every game is exactly the replay of its log.

``database`` is the SQLite file's path, or a PostgreSQL URL (read with asyncpg in a
thread of its own: these checks are plain functions, called from the tests' event loop).

Checked per game that has started:

* move versions strictly increase, none above the game's version;
* the ``start`` row holds ``setup(seats, options, seed)``;
* the log replays: each ``move`` row's option key is legal on the state before it
  (``apply(state, seat, option_key)``), and every snapshot a row keeps is that replay
  — so no half-applied move, nothing applied without a row, nothing applied twice
  without a second row;
* an ``undo`` row goes back to the state before the step it undoes;
* the game's stored state is the replay of its whole log;
* every outbox row belongs to a version that exists (nothing announced that was not
  committed).
"""

from __future__ import annotations

import json
import re
import sqlite3
import zlib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from games import get_game


@dataclass(frozen=True)
class MoveLogRow:
    version: int
    kind: str
    seat: int | None
    user_id: int | None
    by_computer: bool
    option_key: str | None
    #: The snapshot the row keeps (None: a row that keeps only its option key).
    state_after: dict[str, Any] | None
    undone: bool


@dataclass(frozen=True)
class GameRecord:
    id: int
    channel_id: int
    game: str
    status: str
    version: int
    seed: int
    seats: list[dict[str, Any]]
    options: dict[str, Any]
    state: dict[str, Any] | None
    moves: list[MoveLogRow]
    outbox: list[dict[str, Any]]

    def to_move(self) -> int | None:
        """The seat whose decision is pending, from the stored state."""
        if self.state is None or self.status != "active":
            return None
        engine = get_game(self.game)
        decision = engine.pending(engine.load(json.dumps(self.state)))
        return None if decision is None else decision.seat

    def user_of(self, seat: int) -> int | None:
        return self.seats[seat]["user_id"]


def stored_state(value: bytes | str | None) -> dict[str, Any] | None:
    """A state column's JSON (zlib-compressed since schema 2)."""
    if value is None:
        return None
    if isinstance(value, bytes):
        value = zlib.decompress(value).decode()
    return json.loads(value)


def connect(path: Path) -> sqlite3.Connection:
    # Read-write mode only so SQLite may create the WAL index; nothing is written.
    conn = sqlite3.connect(path, timeout=30, isolation_level=None)
    conn.row_factory = sqlite3.Row
    return conn


def game_record(row: Any, moves: Iterable[Any], outbox: Iterable[Any]) -> GameRecord:
    """A :class:`GameRecord` from a ``games`` row and its ``moves`` and ``outbox`` rows (as
    either back end returns them: mappings by column name)."""
    return GameRecord(
        id=row["id"], channel_id=row["channel_id"], game=row["game"],
        status=row["status"], version=row["version"], seed=row["seed"],
        seats=json.loads(row["seats"]), options=json.loads(row["options"]),
        state=stored_state(row["state"]),
        moves=[MoveLogRow(m["version"], m["kind"], m["seat"], m["user_id"],
                          bool(m["by_computer"]), m["option_key"],
                          stored_state(m["snapshot"]), bool(m["undone"])) for m in moves],
        outbox=[{**dict(o), "payload": json.loads(o["payload"])} for o in outbox],
    )


def is_postgres(database: Path | str) -> bool:
    return str(database).startswith(("postgresql:", "postgres:"))


def wait_for(coroutine: Any) -> Any:
    """Run ``coroutine`` to its end on an event loop of its own, in another thread."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, coroutine).result()


def query(database: Path | str, sql: str, *params: Any) -> list[dict[str, Any]]:
    """Rows of one query (``?`` placeholders) on either back end."""
    if is_postgres(database):
        from testkit.e2e import pgcheck

        numbered = iter(range(1, sql.count("?") + 1))
        sql = re.sub(r"\?", lambda _: f"${next(numbered)}", sql)
        return [dict(r) for r in wait_for(pgcheck.fetch(str(database), sql, *params))]
    conn = connect(Path(database))
    try:
        return [dict(r) for r in conn.execute(sql, params).fetchall()]
    finally:
        conn.close()


def read_games(path: Path | str) -> list[GameRecord]:
    if is_postgres(path):
        from testkit.e2e import pgcheck

        return wait_for(pgcheck.read_games(str(path)))
    conn = connect(Path(path))
    try:
        conn.execute("BEGIN")  # one snapshot for all the reads
        games = [
            game_record(
                row,
                conn.execute("SELECT * FROM moves WHERE game_id = ? ORDER BY version",
                             (row["id"],)),
                conn.execute("SELECT * FROM outbox WHERE game_id = ? ORDER BY id",
                             (row["id"],)))
            for row in conn.execute("SELECT * FROM games ORDER BY id").fetchall()
        ]
        conn.execute("COMMIT")
        return games
    finally:
        conn.close()


def read_game(path: Path | str, game_id: int) -> GameRecord:
    return next(g for g in read_games(path) if g.id == game_id)


def replay_problems(record: GameRecord) -> list[str]:
    """Everything that breaks "the game is exactly the replay of its log" (empty: fine)."""
    problems: list[str] = []
    where = f"game {record.id}"
    versions = [m.version for m in record.moves]
    if versions != sorted(set(versions)):
        problems.append(f"{where}: move versions not strictly increasing: {versions}")
    if versions and versions[-1] > record.version:
        problems.append(f"{where}: a move at v{versions[-1]} above the game's v{record.version}")
    if record.status == "lobby":
        if record.moves:
            problems.append(f"{where}: moves logged in the lobby")
        return problems
    if not record.moves:
        if record.status != "cancelled":
            problems.append(f"{where}: {record.status} without a start row")
        return problems
    engine = get_game(record.game)
    history: list[dict[str, Any]] = []  # states after each effective step
    state: Any = None
    for move in record.moves:
        label = f"{where} v{move.version} ({move.kind} {move.option_key!r})"
        if move.kind == "start":
            state = engine.setup(len(record.seats), engine.parse_options(record.options),
                                 record.seed)
            expected = json.loads(engine.dump(state))
            history = [expected]
        elif move.kind == "move":
            if state is None:
                problems.append(f"{label}: a move before the start")
                return problems
            try:
                state = engine.apply(state, move.seat, move.option_key).state
            except Exception as exc:  # noqa: BLE001 - any failure is a finding
                problems.append(f"{label}: replay refused the logged move: {exc}")
                return problems
            expected = json.loads(engine.dump(state))
            history.append(expected)
        elif move.kind == "undo":
            if len(history) < 2:
                problems.append(f"{label}: undo with nothing to undo")
                return problems
            history.pop()
            expected = history[-1]
            state = engine.load(json.dumps(expected))
        else:  # a forfeit ends the game where it stands
            expected = history[-1] if history else None
        if move.state_after is not None and move.state_after != expected:
            problems.append(f"{label}: stored state differs from the replay")
            return problems
    if history and record.state != history[-1]:
        problems.append(f"{where}: the game's state is not the replay of its log")
    known = {0, *versions} | {record.version}
    for entry in record.outbox:
        if entry["version"] not in known and entry["version"] > record.version:
            problems.append(f"{where}: outbox row {entry['id']} for uncommitted v{entry['version']}")
    return problems


def replayed_states(record: GameRecord) -> dict[int, dict[str, Any]]:
    """The game's state after each logged row, by version, replayed once from the start
    (rows keep only a snapshot now and then)."""
    engine = get_game(record.game)
    states: dict[int, dict[str, Any]] = {}
    state: Any = None
    for move in record.moves:
        if move.state_after is not None:
            state = engine.load(json.dumps(move.state_after))
        elif move.kind == "move":
            state = engine.apply(state, move.seat, move.option_key).state
        states[move.version] = json.loads(engine.dump(state))
    return states


def state_at(record: GameRecord, version: int) -> str:
    """The game's state (JSON text) at ``version``: its nearest snapshot at or before
    it with the logged steps after that replayed."""
    rows = [m for m in record.moves if m.version <= version]
    base = max(i for i, m in enumerate(rows) if m.state_after is not None)
    engine = get_game(record.game)
    state = engine.load(json.dumps(rows[base].state_after))
    for move in rows[base + 1:]:
        if move.kind == "move":
            state = engine.apply(state, move.seat, move.option_key).state
    return engine.dump(state)


def version_gaps(record: GameRecord) -> list[int]:
    """Versions after the start without a log row. Only settings changes and a cancel
    bump the version without one, so where neither happened the log must be contiguous."""
    starts = [m.version for m in record.moves if m.kind == "start"]
    if not starts:
        return []
    logged = {m.version for m in record.moves}
    return [v for v in range(starts[0], record.version + 1) if v not in logged]


def all_problems(path: Path | str) -> list[str]:
    problems: list[str] = []
    for record in read_games(path):
        problems.extend(replay_problems(record))
    return problems
