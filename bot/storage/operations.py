"""``estancia db``: look after the database (the one ``estancia run`` uses: ``DATABASE_URL``
when set, else the SQLite file ``ESTANCIA_DB``), also while the bot runs.

* ``estancia db upgrade``: bring it to this program's schema (the bot does it at start);
* ``estancia db backup PATH``: an online copy of the SQLite file (SQLite's backup API:
  consistent, while the bot goes on writing); for PostgreSQL, use ``pg_dump``;
* ``estancia db check``: its schema revision, its integrity, and its games by state —
  reading only.
"""

from __future__ import annotations

import json
import zlib
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import aiosqlite
from sqlalchemy import Connection, func, inspect, select
from sqlalchemy.engine import make_url

from bot.storage import backends, upgrade
from bot.storage.schema import games, moves
from bot.storage.store import Store
from games import get_game


class OperationError(Exception):
    """What stopped the command, said in one line."""


def is_url(target: str) -> bool:
    return target.startswith(("postgresql:", "postgres:"))


def _existing(target: str) -> None:
    if not is_url(target) and not Path(target).is_file():
        raise OperationError(f"no database at {target} (set ESTANCIA_DB or DATABASE_URL)")


async def upgrade_database(target: str) -> tuple[str, str]:
    """(the schema found, the schema now)."""
    if not is_url(target) and not Path(target).is_file():
        raise OperationError(f"no database at {target}: the bot creates it at its first start")
    before = await _read(target, _schema_name)
    store = await Store.open(target)
    try:
        return before, await store.schema_version()
    finally:
        await store.close()


async def backup(target: str, path: Path) -> int:
    """Copy the SQLite database to ``path`` (a new file) while it may be in use; its size."""
    if is_url(target):
        raise OperationError(
            "the database is PostgreSQL: back it up with pg_dump, e.g. "
            f"pg_dump --format=custom --file={path} '{_without_password(target)}'")
    _existing(target)
    if path.exists():
        raise OperationError(f"{path} exists already: give a new file")
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".partial")
    partial.unlink(missing_ok=True)
    try:
        async with aiosqlite.connect(target) as source, aiosqlite.connect(partial) as copy:
            await source.execute("PRAGMA busy_timeout=5000")
            await source.backup(copy)
            row = await (await copy.execute("PRAGMA quick_check")).fetchone()
            verdict = row[0] if row is not None else "no answer"
            if verdict != "ok":
                raise OperationError(f"the copy does not check out: {verdict}")
        partial.rename(path)
    finally:
        partial.unlink(missing_ok=True)
    return path.stat().st_size


@dataclass
class Health:
    where: str
    schema: str
    #: The schema this program writes; ``schema`` differs until ``estancia db upgrade``.
    head: str
    problems: list[str] = field(default_factory=list)
    #: (game, status) -> how many.
    games: Counter[tuple[str, str]] = field(default_factory=Counter)
    moves: int = 0

    @property
    def ok(self) -> bool:
        return not self.problems


async def check(target: str) -> Health:
    """Read the database (it is not changed, not even upgraded)."""
    _existing(target)
    backend = await backends.connect(target)
    try:
        return await backend.sa_read(lambda db: _health(db, backend.where), snapshot=True)
    finally:
        await backend.close()


def _schema_name(db: Connection) -> str:
    found = upgrade.revision(db)
    if found is not None:
        return found
    number = upgrade.legacy_number(db)
    return f"{number} (numbered before Alembic)" if number else "none (a new database)"


def _health(db: Connection, where: str) -> Health:
    health = Health(where, _schema_name(db), upgrade.head())
    if health.schema != health.head:
        health.problems.append(f"schema {health.schema}, this program writes {health.head}: "
                               "run estancia db upgrade (the bot does it at start)")
    if db.dialect.name == "sqlite":
        verdicts = [r[0] for r in db.exec_driver_sql("PRAGMA integrity_check")]
        if verdicts != ["ok"]:
            health.problems += [f"integrity: {v}" for v in verdicts[:20]]
        for table, rowid, parent, _ in db.exec_driver_sql("PRAGMA foreign_key_check"):
            health.problems.append(f"{table} row {rowid} points at a missing {parent} row")
    if not _has_games_table(db):
        return health
    for name, status, count in db.execute(
            select(games.c.game, games.c.status, func.count()).group_by(games.c.game,
                                                                        games.c.status)):
        health.games[(name, status)] = count
    health.moves = db.execute(select(func.count()).select_from(moves)).scalar() or 0
    for game_id, name, status, version, state in db.execute(
            select(games.c.id, games.c.game, games.c.status, games.c.version, games.c.state)
            .where(games.c.status.in_(("active", "finished")))):
        health.problems += _game_problems(db, game_id, name, status, version, state)
    return health


def _has_games_table(db: Connection) -> bool:
    return inspect(db).has_table("games")


def _game_problems(db: Connection, game_id: int, name: str, status: str, version: int,
                   state: bytes | str) -> list[str]:
    """A running or finished game whose state does not load, or whose log goes past it."""
    where = f"game {game_id} ({name}, {status})"
    last = db.execute(select(func.max(moves.c.version)).where(moves.c.game_id == game_id)
                      ).scalar()
    problems = []
    if last is not None and last > version:
        problems.append(f"{where}: a move at v{last} past the game's v{version}")
    try:
        text = zlib.decompress(state).decode() if isinstance(state, bytes) else state
        json.loads(text)
        if status == "active":
            get_game(name).load(text)
    except Exception as exc:  # noqa: BLE001 - any failure is a finding
        problems.append(f"{where}: its state does not load ({exc.__class__.__name__}: "
                        f"{str(exc)[:120]})")
    return problems


async def _read(target: str, work: Callable[[Connection], str]) -> str:
    backend = await backends.connect(target)
    try:
        return await backend.sa_read(work)
    finally:
        await backend.close()


def _without_password(url: str) -> str:
    return make_url(url).render_as_string(hide_password=True).replace("***", "PASSWORD")
