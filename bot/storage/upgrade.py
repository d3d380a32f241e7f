"""Bringing a database to the schema this program writes, at every open (and by
``estancia db upgrade``), in one transaction:

* a new database is created from :mod:`bot.storage.schema` and stamped with the head of
  the migration history;
* a database of a release before Alembic (schema ``1``–``8``, numbered by hand: ``PRAGMA
  user_version`` on SQLite, the table ``estancia_schema`` on PostgreSQL) gets the old
  migrations it lacks up to 6 (:mod:`bot.storage.legacy`), is stamped with the revision
  of its schema (``0006``: release e65209e; ``0007``, ``0008``: the clocks and notices,
  the computer level and hints written by the program just before Alembic, the same
  tables), then upgraded by Alembic;
* a database Alembic manages is upgraded to the head (``bot/storage/migrations``).

Those old markers are then set to :data:`FOR_OLDER_RELEASES`, a number above any those
releases know: started by mistake on an upgraded database, they refuse it ("database
schema 7 is newer than this program") instead of writing into it. A database whose
revision this program does not know (written by a newer one) is refused the same way.

On PostgreSQL the transaction first takes an advisory lock, so processes opening
together upgrade once.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, inspect, text

from bot.storage import legacy
from bot.storage.schema import metadata

MIGRATIONS = Path(__file__).parent / "migrations"
#: The revision a database of release e65209e (hand-numbered schema 6) is stamped with.
BASELINE = legacy.REVISIONS[legacy.BASELINE]
#: What the hand-numbered markers say once Alembic manages a database.
FOR_OLDER_RELEASES = legacy.LAST + 1
# Alembic says at every open which dialect it found; the store logs what it upgraded.
logging.getLogger("alembic").setLevel(logging.WARNING)

#: Any 64-bit number, the same in every process: serializes upgrades on PostgreSQL.
UPGRADE_LOCK = 0x657374616E636961


class NewerDatabase(RuntimeError):
    """The database was written by a newer program than this one."""


@dataclass(frozen=True)
class Upgrade:
    #: The revision found (None: a new database; "legacy N" before Alembic).
    before: str | None
    after: str
    #: The old migrations rewrote every move row (a SQLite file is worth compacting).
    compacted: bool = False


def config(connection: Connection | None = None) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.attributes["connection"] = connection
    return cfg


@cache
def scripts() -> ScriptDirectory:
    return ScriptDirectory.from_config(config())


def head() -> str:
    """The revision this program writes."""
    found = scripts().get_current_head()
    assert found is not None
    return found


def revision(db: Connection) -> str | None:
    """The database's revision (None: not managed by Alembic yet)."""
    return MigrationContext.configure(db).get_current_revision()


def legacy_number(db: Connection) -> int:
    """The hand-numbered schema (0: none)."""
    if db.dialect.name == "sqlite":
        return db.exec_driver_sql("PRAGMA user_version").scalar() or 0
    if not inspect(db).has_table("estancia_schema"):
        return 0
    return db.exec_driver_sql("SELECT MAX(version) FROM estancia_schema").scalar() or 0


def upgrade(db: Connection) -> Upgrade:
    """Bring the database on ``db`` (in a write transaction) to :func:`head`."""
    if db.dialect.name == "postgresql":
        db.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": UPGRADE_LOCK})
    target = head()
    found = revision(db)
    if found is not None:
        if found == target:
            return Upgrade(found, found)
        _alembic_upgrade(db, found)
        _mark(db)
        return Upgrade(found, target)
    number = legacy_number(db)
    if number > legacy.LAST:
        raise NewerDatabase(f"database schema {number} is newer than this program, or was "
                            "upgraded by a newer one and lost its revision")
    if number == 0 and not inspect(db).has_table("games"):
        metadata.create_all(db)
        MigrationContext.configure(db).stamp(scripts(), target)
        _mark(db)
        return Upgrade(None, target)
    _legacy_upgrade(db, number)
    stamped = legacy.REVISIONS[max(number, legacy.BASELINE)]
    MigrationContext.configure(db).stamp(scripts(), stamped)
    _mark(db)
    if target != stamped:
        _alembic_upgrade(db, stamped)
    return Upgrade(f"legacy {number}", target,
                   compacted=db.dialect.name == "sqlite" and 0 < number < legacy.COMPACTED_AT)


def _alembic_upgrade(db: Connection, found: str) -> None:
    try:
        scripts().get_revision(found)
    except Exception as exc:  # alembic: "Can't locate revision identified by ..."
        raise NewerDatabase(f"database schema {found} is newer than this program "
                            f"({head()})") from exc
    command.upgrade(config(db), "head")


def _legacy_upgrade(db: Connection, number: int) -> None:
    if db.dialect.name == "sqlite":
        for n, statements in enumerate(legacy.SQLITE[number:], start=number + 1):
            for statement in statements:
                db.exec_driver_sql(statement)
            db.exec_driver_sql(f"PRAGMA user_version = {n}")
        return
    db.exec_driver_sql("CREATE TABLE IF NOT EXISTS estancia_schema (version INTEGER)")
    for n in sorted(n for n in legacy.POSTGRESQL if n > number):  # up to the baseline
        for statement in legacy.POSTGRESQL[n]:
            db.exec_driver_sql(statement)
        db.execute(text("INSERT INTO estancia_schema (version) VALUES (:n)"), {"n": n})


def _mark(db: Connection) -> None:
    """Set the hand-numbered marker above what the releases before Alembic know."""
    if db.dialect.name == "sqlite":
        db.exec_driver_sql(f"PRAGMA user_version = {FOR_OLDER_RELEASES}")
        return
    db.exec_driver_sql("CREATE TABLE IF NOT EXISTS estancia_schema (version INTEGER)")
    db.execute(text("INSERT INTO estancia_schema (version) VALUES (:n)"),
               {"n": FOR_OLDER_RELEASES})
