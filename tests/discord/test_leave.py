"""/estancia leave during a game: asks first, then forfeits (the others play on at 3+)."""

from __future__ import annotations

from testkit.fakediscord import FakeDiscord, FakeMember
from testkit.harness import Table
from testkit.scenario import started_game


async def test_leave_in_a_running_game_asks_for_confirmation_first(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember,
        carol: FakeMember) -> None:
    game_id, _ = await started_game(table, alice, bob, carol)
    before = await table.sessions.info_by_id(game_id)

    asked = await table.slash(carol, "leave")
    assert asked.ephemeral
    assert "leaving forfeits it (the computer plays your seat from now on" in asked.text
    assert (await table.sessions.info_by_id(game_id)).version == before.version  # nothing changed

    gone = await table.slash(carol, "leave", confirm=True)
    assert gone.text == "You left **Pasture** and forfeited."
    after = await table.sessions.info_by_id(game_id)
    assert after.status == "active" and after.seat_of(carol.user.id) is None
    (post, *_) = await table.deliver()
    assert "carol left the game and forfeits" in post.body["content"]


async def test_leave_in_a_two_player_game_says_the_other_wins(
        table: Table, alice: FakeMember, bob: FakeMember) -> None:
    await started_game(table, alice, bob)
    asked = await table.slash(bob, "leave")
    assert "the game ends and the other player wins" in asked.text
