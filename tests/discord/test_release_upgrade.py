"""A database written by the release before the one storage layer (e65209e) is upgraded
when the bot starts on it, on SQLite and on PostgreSQL, and every game plays on from
where it stood (``tests/release.py`` says what the databases hold):

* every game is stored as it was: its row, its log (start, moves, the undo, snapshots),
  its outbox (the replay of an old log by today's engines is not the point: their rules
  moved on since, as ``tests/games/test_old_states.py`` says);
* the announcements it had not posted are posted;
* the buttons of the turn messages it had posted work: the player to move taps them and
  plays a whole turn, in every game in progress (Kuhlorado's choices on the message,
  Hazienda's, Llama Land's and GWT:A's "Your turn"); the computers play on; a button of
  a moment since gone is refused as out of date; the paused game waits for its resume;
* the lobby starts, the turn timers the release set fire, the finished games replay.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.settings import Settings
from bot.storage import upgrade
from testkit.e2e import dbcheck, pgcheck
from testkit.fakediscord import FakeDiscord, custom_ids
from testkit.harness import Table
from testkit.scenario import take_turn_by_clicks
from tests.release import manifest, release_database, restore_the_scene

#: Quick computers (tests/conftest.py): these tests are about what surrounds their play.
pytestmark = pytest.mark.usefixtures("quick_computers")

IN_PROGRESS = ("kuh-duel", "kuh-pro-cpu", "haz-three", "haz-cpu", "llama-duel", "gwt-three",
               "gwt-solo", "threads", "llama-fr")


async def records(backend: str, target: str) -> list[dbcheck.GameRecord]:
    if backend == "sqlite":
        return dbcheck.read_games(target)  # type: ignore[arg-type]
    return await pgcheck.read_games(target)


async def test_a_release_database_plays_on_buttons_included(
        backend: str, fake: FakeDiscord, tmp_path: Any,
        monkeypatch: pytest.MonkeyPatch) -> None:
    target = await release_database(backend, tmp_path)
    seen = manifest(backend)
    before = {r.id: r for r in await records(backend, target)}
    restore_the_scene(fake, seen, monkeypatch)
    settings = Settings(_env_file=None, estancia_db=tmp_path / "unused.sqlite3",
                        turn_timeout_hours=24, reminders="12,2", timeout_policy="computer")
    table = Table(fake, settings, target)  # type: ignore[arg-type]
    table.clock.now = seen["clock"]
    await table.open()
    try:
        sessions = table.sessions
        assert await table.store.schema_version() == upgrade.head()
        after = {r.id: r for r in await records(backend, target)}
        assert after.keys() == before.keys() == {g["game_id"] for g in seen["games"].values()}
        for game_id, record in after.items():
            old = before[game_id]
            assert (record.status, record.version, record.state, record.moves,
                    record.outbox) == (old.status, old.version, old.state, old.moves,
                                       old.outbox), game_id
        assert any(m.kind == "undo" for r in after.values() for m in r.moves)

        # what the release had not posted yet is posted now
        unsent = [o for r in before.values() for o in r.outbox if o["sent_at"] is None
                  and o["next_attempt_at"] is not None]
        assert unsent
        posted = await table.deliver()
        assert len(posted) >= len(unsent)

        members = {m.user.id: m for m in fake.guild.members.values()}
        rng = random.Random(5)
        for name in IN_PROGRESS:
            game = seen["games"][name]
            info = await sessions.info_by_id(game["game_id"])
            assert (info.status, info.version) == ("active", game["version"]), name
            message = game["turn_message"]
            buttons = custom_ids(message["components"])
            current = (f"est:turn:{info.id}" in buttons
                       or any(f":{info.id}:{info.version}" in b for b in buttons))
            if not current:  # its last step was not announced: that message is out of date
                stale = next(b for b in buttons if b.startswith("est:p"))
                refused = await table.click(members[info.user_to_move], message, stale,
                                            _values(message, stale))
                assert refused.ephemeral and "out of date" in refused.text, refused.text
                message = _latest_turn_message(fake, info.channel_id)
            clicked = await take_turn_by_clicks(table, members[info.user_to_move], message, rng)
            assert clicked or f"est:turn:{info.id}" in buttons
            await table.computers_played(info.id)
            played = await sessions.info_by_id(info.id)
            assert played.version > info.version, name
            await table.deliver()

        # the paused game waits for its resume, then plays on from its (old) buttons' panel
        paused = seen["games"]["kuh-paused"]
        info = await sessions.info_by_id(paused["game_id"])
        assert (await table.store.game(info.id)).paused_at is not None
        creator = members[info.creator_id]
        await table.slash(creator, "resume", channel_id=info.channel_id)
        await table.deliver()
        info = await sessions.info_by_id(info.id)
        assert (await table.store.game(info.id)).paused_at is None
        await take_turn_by_clicks(table, members[info.user_to_move],
                                  _latest_turn_message(fake, info.channel_id), rng)
        assert (await sessions.info_by_id(info.id)).version > info.version

        # the lobby starts; the finished games replay from their snapshots
        lobby = seen["games"]["llama-lobby"]
        info = await sessions.info_by_id(lobby["game_id"])
        await table.slash(members[info.creator_id], "start", channel_id=info.channel_id)
        assert (await sessions.info_by_id(info.id)).status == "active"
        for name in ("kuh-finished", "gwt-solo-done", "kuh-forfeit"):
            game = seen["games"][name]
            assert (await sessions.png(game["game_id"], game["version"] // 2)).startswith(
                b"\x89PNG")

        # the turn timers the release set (and those set since) fire when due
        table.clock.advance(3 * 24 * 3600)
        assert await sessions.fire_due_timers() > 0
    finally:
        await table.close()

    # what was played since is logged after what was there, each version once
    for record in await records(backend, target):
        versions = [m.version for m in record.moves]
        assert versions == sorted(set(versions)) and record.moves[:len(
            before[record.id].moves)] == before[record.id].moves, record.id


def _values(message: dict[str, Any], custom_id: str) -> list[str] | None:
    from testkit.fakediscord import find_component

    component = find_component(message, custom_id)
    if component is not None and component["type"] == 3:
        return [component["options"][0]["value"]]
    return None


def _latest_turn_message(fake: FakeDiscord, channel_id: int) -> dict[str, Any]:
    prefixes = ("est:turn:", "est:popt:", "est:psel:", "est:pgrp:")
    return [m for m in fake.created_posts if int(m["channel_id"]) == channel_id
            and any(c.startswith(prefixes) for c in custom_ids(m["components"]))][-1]
