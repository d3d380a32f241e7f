"""Game-level steps built on :class:`Table`: open a table, take a turn by clicking."""

from __future__ import annotations

from typing import Any

from tests.discord.fakediscord import Call, FakeDiscord, FakeMember
from tests.discord.harness import Table


async def started_game(table: Table, creator: FakeMember, *others: FakeMember,
                       game: str = "pasture") -> tuple[int, dict[str, Any]]:
    """A started game in the default channel: (game id, the "Your turn" channel message)."""
    await table.slash(creator, "new", game=game)
    for member in others:
        await table.slash(member, "join")
    await table.slash(creator, "start")
    posts = await table.deliver()
    info = await table.sessions.info(table.fake.channel_id())
    return info.id, posted_message(table.fake, posts[-1])


def posted_message(fake: FakeDiscord, post: Call) -> dict[str, Any]:
    return fake.messages[int(post.response["id"])]


def to_move(table: Table, members: dict[int, FakeMember], info: Any) -> FakeMember:
    return members[info.seats[info.to_move].user_id]


def first_choice(panel: dict[str, Any]) -> tuple[str, list[str] | None]:
    """The first option of a panel: (custom id, select values or None for a button)."""
    row = panel["components"][0]["components"][0]
    if row["type"] == 3:
        return row["custom_id"], [row["options"][0]["value"]]
    return row["custom_id"], None


async def take_turn_by_clicks(table: Table, member: FakeMember,
                              turn_message: dict[str, Any]) -> list[str]:
    """Open the panel from the channel message and pick the first choice until the turn ends.

    Returns the custom ids clicked in the panel; fails on any refusal.
    """
    game_id = turn_message["components"][0]["components"][0]["custom_id"].split(":")[2]
    reply = await table.click(member, turn_message, f"est:turn:{game_id}")
    clicked = []
    while reply.message["components"]:
        custom_id, values = first_choice(reply.message)
        clicked.append(custom_id)
        reply = await table.click(member, reply.message, custom_id, values)
        assert not reply.followups, reply.followups[0]["content"]
    assert reply.text.startswith("You played"), reply.text
    return clicked
