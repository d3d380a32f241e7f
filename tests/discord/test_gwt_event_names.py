"""Great Western Trail: Argentina's events reach the channel with the players' names
(they once said "Seat 2"): the engine names seats by reference
(``games.base.seat_ref``) and the bot tells them with the seats' display names."""

from __future__ import annotations

import random
import re

from testkit.fakediscord import FakeDiscord, FakeMember
from testkit.harness import Table
from testkit.scenario import pick, posted_message

TURNS = 4


async def test_announcements_name_the_players(
        table: Table, fake: FakeDiscord, alice: FakeMember, quick_computers: None) -> None:
    await table.slash(alice, "new", game="gwt-argentina", computers=1)
    await table.slash(alice, "start")
    posts = await table.deliver()
    message = posted_message(fake, posts[-1])
    info = await table.sessions.info(fake.channel_id())
    rng = random.Random(3)
    told: list[str] = [message["content"]]
    for _turn in range(TURNS):
        reply = await table.click(alice, message, f"est:turn:{info.id}")
        for _tap in range(60):
            if not reply.message["components"] or reply.followups:
                break
            custom_id, values = pick(reply.message, rng)
            reply = await table.click(alice, reply.message, custom_id, values)
        await table.sessions.wait_for_computers(info.id)
        posts = await table.deliver()
        told += [posted_message(fake, post)["content"] for post in posts]
        if posts:
            message = posted_message(fake, posts[-1])
    lines = [line for text in told for line in text.splitlines()]
    assert not [line for line in lines if "⟨seat" in line or re.search(r"\bSeat \d", line)]
    name = alice.user.name
    assert any(line.startswith(f"{name} moves to ") or line.startswith(f"{name} starts at ")
               for line in lines), lines
    assert any(line.startswith("Computer ") for line in lines), lines
