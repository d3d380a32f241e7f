"""Great Western Trail: Argentina through the fake Discord: one player against a
computer, by taps only, from the lobby to the final score; boards and decision images are
attached, every message fits Discord's limits."""

from __future__ import annotations

import random

from testkit.fakediscord import FakeDiscord, FakeMember
from testkit.harness import Table
from testkit.scenario import action_rows, pick, posted_message

MAX_CLICKS = 6000


async def test_a_whole_game_against_a_computer_by_taps(
        table: Table, fake: FakeDiscord, alice: FakeMember, quick_computers: None) -> None:
    await table.slash(alice, "new", game="gwt-argentina", computers=1)
    await table.slash(alice, "start")
    posts = await table.deliver()
    info = await table.sessions.info(fake.channel_id())
    assert [s.is_computer for s in info.seats] == [False, True]
    message = posted_message(fake, posts[-1])
    assert message["attachments"], "the first board comes with the turn message"

    rng = random.Random(9)
    decision_images = 0
    clicks = 0
    while (info := await table.sessions.info_by_id(info.id)).status == "active":
        reply = await table.click(alice, message, f"est:turn:{info.id}")
        while action_rows(reply.message) and clicks < MAX_CLICKS:
            assert len(reply.text) <= 2000
            for row in action_rows(reply.message):
                assert len(row["components"]) <= 5
                for component in row["components"]:
                    assert len(component.get("label") or "") <= 80
                    assert len(component.get("options") or []) <= 25
            decision_images += any(a["filename"].endswith("-choices.png")
                                   for a in reply.message.get("attachments") or [])
            custom_id, values = pick(reply.message, rng)
            reply = await table.click(alice, reply.message, custom_id, values)
            clicks += 1
            # never "out of date": a panel is drawn at the version of its decision, even
            # when the computer's move lands while "Your turn" opens it
            assert not reply.followups, reply.followups[0]["content"]
        assert clicks < MAX_CLICKS, "the game did not end"
        posts = await table.deliver()
        if posts:
            message = posted_message(fake, posts[-1])
    # The computer plays in the background after the answer (and may end the game as
    # the loop reads the status): its last announcements may still be undelivered.
    await table.computers_played(info.id)
    posts = await table.deliver()
    if posts:
        message = posted_message(fake, posts[-1])
    assert info.status == "finished" and info.winners
    assert "Final scores:" in message["content"]
    # no "Your turn" any more; the parts of the final board stay one tap away
    assert message["attachments"] and [
        c["custom_id"].split(":")[1] for row in message["components"]
        for c in row["components"]] == ["part"] * 4
    assert decision_images > 0, "moves, hires and builds show the board's region"
