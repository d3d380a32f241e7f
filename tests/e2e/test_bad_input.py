"""Thousands of generated bad interactions against the real client object: each gets a
clear private answer (or, where a real Discord could never send it, is ignored), nothing
changes in the database, nothing is logged at ERROR, and the game goes on afterwards."""

from __future__ import annotations

import json
import logging
import random

import pytest

from games import get_game
from tests.discord.harness import settle
from tests.e2e import badinput, dbcheck
from tests.e2e.checks import log_problems
from tests.e2e.scenario import Sent, client_deliver, play_turn_by_taps, turn_posts
from tests.e2e.tables import open_table, wait_drained

PROBES = 1500
SOAK_PROBES = 15000
BATCH = 25


def database_snapshot(db_path) -> list[tuple]:
    conn = dbcheck.connect(db_path)
    try:
        games = conn.execute("SELECT id, status, version, state, seats FROM games").fetchall()
        counts = [conn.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0]
                  for t in ("moves", "outbox", "timers")]
        return [tuple(row) for row in games] + [tuple(counts)]
    finally:
        conn.close()


async def run_probes(fake, client_table, caplog, count: int, seed: int,
                     kinds=badinput.KINDS) -> None:
    caplog.set_level(logging.INFO)
    deliver = client_deliver(client_table)
    table = await open_table(fake, client_table.db_path, deliver, "pasture",
                             names=("alice", "bob"))
    foreign = await open_table(fake, client_table.db_path, deliver, "pasture",
                               channel_id=fake.channel_id("corral"), names=("carol", "dave"))
    await wait_drained(table.db_path)
    record = table.record()
    mover = table.players[record.user_of(record.to_move())]
    waiting = next(p for p in table.players.values() if p is not mover)
    outsider = fake.add_member("mallory")
    engine = get_game("pasture")
    decision = engine.pending(engine.load(json.dumps(record.state)))
    world = badinput.World(
        fake=fake, channel_id=table.channel_id, game_id=table.game_id, version=record.version,
        offered=[o.key for o in decision.options], to_move=mover.member,
        waiting=waiting.member, outsider=outsider, foreign_game_id=foreign.game_id,
        foreign_channel_id=foreign.channel_id)
    before = database_snapshot(table.db_path)
    caplog.clear()

    probes = badinput.probes(world, seed, count, kinds)
    for start in range(0, len(probes), BATCH):
        for probe in probes[start:start + BATCH]:
            client_table.bot._connection.parse_interaction_create(probe.payload)
        await settle()

    failures = []
    for probe in probes:
        sent = Sent(fake, probe.payload)
        if not sent.calls() and not probe.deliverable:
            continue  # ignored, as it can only come from a forged or foreign message
        if not (sent.acknowledged and sent.all_private and sent.last_text()):
            failures.append(f"{probe.kind}: {probe.payload['data']} -> "
                            f"{[(c.method, c.path[-40:], c.status) for c in sent.calls()]} "
                            f"{sent.texts()}")
    assert failures == [], f"{len(failures)} of {count} probes not answered privately:\n" + \
        "\n".join(failures[:15])
    assert database_snapshot(table.db_path) == before, "a bad interaction changed the database"
    logged = "\n".join(f"{r.levelname} {r.name} {r.getMessage()}" for r in caplog.records)
    assert log_problems(logged) == []

    # The game goes on: the player to move plays a whole turn by taps.
    await play_turn_by_taps(mover, turn_posts(fake, table.channel_id)[-1], random.Random(seed))
    assert table.record().version > record.version


async def test_thousands_of_bad_interactions_change_nothing(fake, client_table, caplog) -> None:
    await run_probes(fake, client_table, caplog, PROBES, seed=4)


@pytest.mark.soak
async def test_bad_interactions_soak(fake, client_table, caplog) -> None:
    await run_probes(fake, client_table, caplog, SOAK_PROBES, seed=5)
