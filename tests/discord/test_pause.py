"""/estancia pause asked by a player: the others agree with the button in the channel."""

from __future__ import annotations

from testkit.fakediscord import FakeDiscord, FakeMember
from testkit.harness import Table
from testkit.scenario import posted_message, started_game


async def test_a_pause_request_is_agreed_to_by_tapping(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember) -> None:
    game_id, _ = await started_game(table, alice, bob)
    asked = await table.slash(bob, "pause")
    assert asked.ephemeral
    assert asked.text == "You agreed to pause **Pasture**; the game waits for the others."
    (post,) = await table.deliver()
    assert post.body["content"].startswith("bob would like to pause the game (1 of 2 agree)")
    message = posted_message(fake, post)
    assert post.custom_ids == [f"est:vote:{game_id}:pause"]

    stranger = fake.add_member("dora")
    refused = await table.click(stranger, message, f"est:vote:{game_id}:pause")
    assert refused.ephemeral and refused.text == "You are not playing in this game."

    agreed = await table.click(alice, message, f"est:vote:{game_id}:pause")
    assert agreed.text == "**Pasture** is paused."
    again = await table.click(alice, message, f"est:vote:{game_id}:pause")
    assert again.text == "The game is already paused: `/estancia resume` to go on."
    resumed = await table.slash(alice, "resume")
    assert resumed.text == "**Pasture** is running again."


async def test_vacation_answers_until_when(table: Table, alice: FakeMember) -> None:
    away = await table.slash(alice, "vacation", days=3)
    assert away.ephemeral and away.text.startswith("Enjoy! Until <t:")
    back = await table.slash(alice, "vacation", days=0)
    assert back.text == "Welcome back: your turns' clocks run again."
