"""The databases the release before the one storage layer wrote (e65209e, hand-numbered
schema 6), as its users have them: ``tests/bot/storage/fixtures/release-e65209e.*``, made by
``tests/bot/storage/fixtures/make_release_db.py`` through that program's real bot and fake
Discord. Per back end: the database, and a manifest of what the fake Discord showed (ids
of the guild, members, channels and threads; the clock; per game its id, status,
version and the last turn message posted, with its buttons as that program drew them).
"""

from __future__ import annotations

import gzip
import itertools
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from testkit import fakediscord
from testkit.fakediscord import MANAGE_GUILD, MEMBER_PERMISSIONS, FakeMember, FakeUser
from tests.conftest import empty_postgres, postgres_url

FIXTURES = Path(__file__).parent / "bot" / "storage" / "fixtures"
RELEASE = "e65209e"


def manifest(backend: str) -> dict[str, Any]:
    return json.loads((FIXTURES / f"release-{RELEASE}.{backend}.json").read_text())


async def release_database(backend: str, folder: Path) -> str:
    """A SQLite file as that release left it, or the test PostgreSQL database restored
    from the dump of one it wrote (emptied first)."""
    if backend == "sqlite":
        path = folder / "release.sqlite3"
        with gzip.open(FIXTURES / f"release-{RELEASE}.sqlite3.gz") as packed, \
                open(path, "wb") as out:
            shutil.copyfileobj(packed, out)
        return str(path)
    url = postgres_url()
    await empty_postgres(url)
    dump = gzip.decompress((FIXTURES / f"release-{RELEASE}.pg.sql.gz").read_bytes()).decode()
    # pg_dump's psql commands (\restrict) are not SQL
    sql = "\n".join(line for line in dump.splitlines() if not line.startswith("\\"))
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        await conn.execute(sql)
    finally:
        await conn.close()
    return url


def restore_the_scene(fake: Any, seen: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    """The fake Discord as the release's bot knew it: the same guild, members, channels,
    threads and posted turn messages; new snowflakes come after the recorded ones."""

    fake.guilds.pop(fake.guild.id)
    fake.guild.id = seen["guild_id"]
    fake.guilds[fake.guild.id] = fake.guild
    for name, user_id in seen["members"].items():
        permissions = MEMBER_PERMISSIONS | (MANAGE_GUILD if name == "mod" else 0)
        fake.guild.members[user_id] = FakeMember(FakeUser(user_id, name), permissions)
    fake.guild.channels.update(seen["channels"])
    fake.threads.update({int(k): v for k, v in seen["threads"].items()})
    fake.messages.update({int(k): v for k, v in seen["messages"].items()})
    last = max([int(k) for k in seen["messages"]] + [int(k) for k in seen["threads"]])
    monkeypatch.setattr(fakediscord, "_snowflakes", itertools.count(last + 1_000))
