"""Thousands of generated bad interactions against the real client object (and a few
through the real bot process): each gets a clear private answer (or, where a real
Discord could never send it, is ignored), nothing changes in the database, nothing is
logged at ERROR, and the game goes on afterwards."""

from __future__ import annotations

import json
import logging
import random
from pathlib import Path

import pytest

from games import get_game
from testkit.e2e import dbcheck
from testkit.e2e.fake import E2EFakeDiscord
from testkit.e2e.scenario import (
    Deliver,
    Sent,
    client_deliver,
    gateway_deliver,
    play_turn_by_taps,
    poll,
    turn_posts,
)
from testkit.e2e.tables import Table, open_table, wait_drained
from testkit.harness import settle
from tests.e2e import badinput
from tests.e2e.checks import EXTRA_GAMES, log_problems

PROBES = 3000
SOAK_PROBES = 20000
PROCESS_PROBES = 60
BATCH = 50


def database_snapshot(db_path: Path | str) -> list[tuple]:
    games = dbcheck.query(db_path, "SELECT id, status, version, state, seats FROM games "
                          "ORDER BY id")
    counts = [dbcheck.query(db_path, f"SELECT COUNT(*) AS n FROM {t}")[0]["n"]
              for t in ("moves", "outbox", "timers")]
    return [tuple(row.values()) for row in games] + [tuple(counts)]


async def build_world(fake: E2EFakeDiscord, db_path: Path | str,
                      deliver: Deliver) -> tuple[badinput.World, Table]:
    """A running Pasture game in #ranch (at the start of a turn) and another in #corral."""
    table = await open_table(fake, db_path, deliver, "pasture", names=("alice", "bob"))
    foreign = await open_table(fake, db_path, deliver, "pasture",
                               channel_id=fake.channel_id("corral"), names=("carol", "dave"))
    await wait_drained(db_path)
    record = table.record()
    mover = table.players[record.user_of(record.to_move())]
    waiting = next(p for p in table.players.values() if p is not mover)
    engine = get_game("pasture")
    decision = engine.pending(engine.load(json.dumps(record.state)))
    world = badinput.World(
        fake=fake, channel_id=table.channel_id, game_id=table.game_id, version=record.version,
        offered=[o.key for o in decision.options], to_move=mover.member,
        waiting=waiting.member, outsider=fake.add_member("mallory"),
        foreign_game_id=foreign.game_id, foreign_channel_id=foreign.channel_id)
    return world, table


def unanswered(probes: list[badinput.Probe], fake: E2EFakeDiscord) -> list[str]:
    failures = []
    for probe in probes:
        sent = Sent(fake, probe.payload)
        if not sent.calls() and not probe.deliverable:
            continue  # ignored, as it can only come from a forged or foreign message
        if not (sent.acknowledged and sent.all_private and sent.last_text()):
            failures.append(f"{probe.kind}: {probe.payload['data']} -> "
                            f"{[(c.method, c.path[-40:], c.status) for c in sent.calls()]} "
                            f"{sent.texts()}")
    return failures


async def the_game_goes_on(world: badinput.World, table: Table, seed: int) -> None:
    before = table.record().version
    mover = table.players[world.to_move.user.id]
    await play_turn_by_taps(mover, turn_posts(world.fake, table.channel_id)[-1],
                            random.Random(seed))
    assert table.record().version > before


async def run_probes(fake, client_table, caplog, count: int, seed: int) -> None:
    caplog.set_level(logging.INFO)
    world, table = await build_world(fake, client_table.db_path, client_deliver(client_table))
    before = database_snapshot(table.db_path)
    caplog.clear()

    probes = badinput.probes(world, seed, count)
    for start in range(0, len(probes), BATCH):
        for probe in probes[start:start + BATCH]:
            client_table.bot._connection.parse_interaction_create(probe.payload)
        await settle()

    failures = unanswered(probes, fake)
    assert failures == [], f"{len(failures)} of {count} probes not answered privately:\n" + \
        "\n".join(failures[:15])
    assert database_snapshot(table.db_path) == before, "a bad interaction changed the database"
    logged = "\n".join(f"{r.levelname} {r.name} {r.getMessage()}" for r in caplog.records)
    assert log_problems(logged) == []
    await the_game_goes_on(world, table, seed)


async def test_thousands_of_bad_interactions_change_nothing(fake, client_table, caplog) -> None:
    await run_probes(fake, client_table, caplog, PROBES, seed=4)


async def test_bad_interactions_through_the_bot_process(fake, start_bot,
                                                        pasture_registered) -> None:
    bot = await start_bot(E2E_EXTRA_GAMES=EXTRA_GAMES)
    world, table = await build_world(fake, bot.db_path, gateway_deliver(fake))
    before = database_snapshot(bot.db_path)
    probes = badinput.probes(world, 11, PROCESS_PROBES)
    for probe in probes:
        await fake.dispatch("INTERACTION_CREATE", probe.payload)
    deliverable = [Sent(fake, p.payload) for p in probes if p.deliverable]
    await poll(lambda: all(s.answered for s in deliverable), "answers to every probe")
    assert unanswered(probes, fake) == []
    assert database_snapshot(bot.db_path) == before
    await the_game_goes_on(world, table, 11)
    await bot.stop()
    assert log_problems(bot.log_text()) == []


@pytest.mark.soak
async def test_bad_interactions_soak(fake, client_table, caplog) -> None:
    await run_probes(fake, client_table, caplog, SOAK_PROBES, seed=5)
