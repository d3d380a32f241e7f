"""What ``estancia run`` checks before it connects, and the liveness file that
``estancia health`` (the Docker ``HEALTHCHECK``) reads.

Every start-up problem ends as one line saying what to do (:class:`StartFailure`),
never as a traceback.
"""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

#: The running bot touches its liveness file this often while it is connected …
HEARTBEAT_EVERY = 30.0
#: … and ``estancia health`` calls it unhealthy when the file is older than this.
HEARTBEAT_STALE = 120.0


class StartFailure(Exception):
    """The bot cannot start; the message is one line saying what to do."""


def check_database(path: Path) -> None:
    """Create the database's folder and check that SQLite can write there, or raise
    StartFailure (the bot opens and migrates it in earnest once connected)."""
    reason = database_problem(path)
    if reason is not None:
        raise StartFailure(
            f"cannot open the database {path} ({reason}): set ESTANCIA_DB in .env to a file "
            "in a folder this user can write to (default data/estancia.sqlite3)."
        )


def database_problem(path: Path) -> str | None:
    """Why SQLite could not keep a database at ``path`` (None: it can). Its folder is
    made; the file is read and written to (a write rolled back: nothing changes), since
    SQLite opens a file it may not write read-only without a word, and a file that is no
    database fails only when read."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.is_dir():
            raise IsADirectoryError(21, "it is a folder", str(path))
        connection = sqlite3.connect(path)
        try:
            connection.execute("BEGIN IMMEDIATE")  # takes the write lock
            (version,) = connection.execute("PRAGMA user_version").fetchone()
            connection.execute(f"PRAGMA user_version = {int(version)}")  # a write
            connection.rollback()
        finally:
            connection.close()
    except (OSError, sqlite3.Error) as why:
        return getattr(why, "strerror", None) or str(why)
    return None


def heartbeat_path(database: Path) -> Path:
    """The liveness file, next to the database (so on the same Docker volume)."""
    return database.with_name(database.name + ".alive")


def beat(database: Path) -> None:
    """Say "connected and serving" (the bot calls it every :data:`HEARTBEAT_EVERY` s)."""
    heartbeat_path(database).touch()


def health(database: Path, now: float | None = None) -> str | None:
    """None when the bot running on ``database`` beat recently, else why not (one line)."""
    path = heartbeat_path(database)
    try:
        age = (time.time() if now is None else now) - path.stat().st_mtime
    except OSError:
        return f"not running: no liveness file {path} (is `estancia run` started?)"
    if age > HEARTBEAT_STALE:
        return f"not connected to Discord for {age:.0f} s (liveness file {path})"
    return None
