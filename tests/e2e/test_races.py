"""Races against the real client: many simultaneous clicks on one game apply exactly one
move and tell the others privately that the panel is stale; games in different channels
do not get in each other's way."""

from __future__ import annotations

import logging
import random

from testkit.e2e.scenario import Sent, client_deliver, gateway_deliver, poll
from testkit.e2e.tables import Table, open_playable_panel, open_table, playable, wait_drained
from testkit.harness import settle
from tests.e2e.checks import log_problems

CLICKS = 12
CHANNELS = 6
STALE = "out of date"


def clicks_on(table: Table, mover, panel: dict, same: bool, rng: random.Random) -> list[dict]:
    component = playable(panel)[0]
    payloads = []
    for _ in range(CLICKS):
        chosen = component if same else rng.choice(playable(panel))
        values = None
        if chosen["type"] == 3:
            options = chosen["options"]
            values = [options[0]["value"] if same else rng.choice(options)["value"]]
        payloads.append(table.fake.click(mover.member, panel, chosen["custom_id"], values))
    return payloads


async def race(client_table, table: Table, same: bool) -> None:
    mover, panel = await open_playable_panel(table)
    before = table.record()
    payloads = clicks_on(table, mover, panel, same, random.Random(7))
    for payload in payloads:
        client_table.bot._connection.parse_interaction_create(payload)
    await settle()

    after = table.record()
    human_rows = [m for m in after.moves if m.version > before.version and not m.by_computer]
    assert len(human_rows) == 1, f"{len(human_rows)} moves applied from one panel"
    sent = [Sent(table.fake, p) for p in payloads]
    assert all(s.acknowledged and s.all_private for s in sent), "every click answered privately"
    refused = [s for s in sent if any(STALE in t for t in s.texts())]
    assert len(refused) == CLICKS - 1, [s.texts() for s in sent]


async def test_simultaneous_clicks_of_the_same_option_apply_it_once(fake, client_table) -> None:
    table = await open_table(fake, client_table.db_path, client_deliver(client_table), "pasture")
    await race(client_table, table, same=True)


async def test_simultaneous_clicks_of_different_options_apply_one(fake, client_table) -> None:
    table = await open_table(fake, client_table.db_path, client_deliver(client_table), "pasture")
    await race(client_table, table, same=False)


async def test_games_in_many_channels_move_at_the_same_time(fake, client_table) -> None:
    deliver = client_deliver(client_table)
    tables = []
    for index in range(CHANNELS):
        channel = fake.guild.channels.setdefault(f"field-{index}", 9_000_000 + index)
        tables.append(await open_table(fake, client_table.db_path, deliver, "pasture",
                                       channel_id=channel))
    panels = [await open_playable_panel(table) for table in tables]
    before = [table.record().version for table in tables]
    payloads = []
    for mover, panel in panels:
        component = playable(panel)[0]
        values = [component["options"][0]["value"]] if component["type"] == 3 else None
        payloads.append(fake.click(mover.member, panel, component["custom_id"], values))
    for payload in payloads:
        client_table.bot._connection.parse_interaction_create(payload)
    await settle()
    after = [table.record().version for table in tables]
    assert all(a > b for a, b in zip(after, before, strict=True)), "a game's move was lost"
    assert all(not any(STALE in t for t in Sent(fake, p).texts()) for p in payloads)
    for table in tables:
        await wait_drained(table.db_path)


async def test_simultaneous_clicks_through_the_bot_process(fake, start_bot) -> None:
    """The same race over the real gateway: the frames arrive back to back."""
    bot = await start_bot()
    table = await open_table(fake, bot.db_path, gateway_deliver(fake), "kuhlorado")
    mover, panel = await open_playable_panel(table)
    before = table.record()
    payloads = clicks_on(table, mover, panel, same=False, rng=random.Random(9))
    for payload in payloads:
        await fake.dispatch("INTERACTION_CREATE", payload)
    sent = [Sent(fake, p) for p in payloads]
    await poll(lambda: all(s.answered for s in sent), "an answer to every click")
    after = table.record()
    # (the next player's roll, a step with one option, is played for them: not a click)
    human_rows = [m for m in after.moves if m.version > before.version and not m.by_computer
                  and m.user_id == mover.id]
    assert len(human_rows) == 1, f"{len(human_rows)} moves applied from one panel"
    assert all(s.acknowledged and s.all_private for s in sent)
    assert sum(any(STALE in t for t in s.texts()) for s in sent) == CLICKS - 1
    await bot.stop()
    assert log_problems(bot.log_text()) == []


async def duplicated_click(fake, client_table) -> tuple[Table, int, list]:
    """The same INTERACTION_CREATE delivered twice (two bot instances during a rolling
    restart both receive it; a replayed event)."""
    table = await open_table(fake, client_table.db_path, client_deliver(client_table), "pasture")
    mover, panel = await open_playable_panel(table)
    before = table.record().version
    component = playable(panel)[0]
    values = [component["options"][0]["value"]] if component["type"] == 3 else None
    payload = fake.click(mover.member, panel, component["custom_id"], values)
    client_table.bot._connection.parse_interaction_create(payload)
    client_table.bot._connection.parse_interaction_create(payload)
    await settle()
    return table, before, payload


async def test_a_duplicated_interaction_is_applied_once(fake, client_table) -> None:
    table, before, payload = await duplicated_click(fake, client_table)
    assert table.record().version == before + 1
    assert Sent(fake, payload).acknowledged


async def test_a_duplicated_interaction_is_not_logged_as_an_error(fake, client_table,
                                                                  caplog) -> None:
    caplog.set_level(logging.INFO)
    await duplicated_click(fake, client_table)
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []
