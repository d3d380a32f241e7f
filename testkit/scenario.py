"""Game-level steps built on :class:`Table`: open a table, take a turn by clicking."""

from __future__ import annotations

import random
from typing import Any

from testkit.fakediscord import Call, FakeDiscord, FakeMember, custom_ids
from testkit.harness import Table


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


#: Panel buttons that play no move: "Take back" and "Hint".
NOT_MOVES = ("est:undo:", "est:hint:")


def action_rows(message: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for c in message["components"] if c["type"] == 1]


def posted_message(fake: FakeDiscord, post: Call) -> dict[str, Any]:
    return fake.messages[int(post.response["id"])]


def to_move(table: Table, members: dict[int, FakeMember], info: Any) -> FakeMember:
    return members[info.seats[info.to_move].user_id]


def labels(message: dict[str, Any]) -> list[str]:
    """Every button label and select option label of a message (classic or V2), in order."""
    found = []
    for row in action_rows(message):
        for component in row["components"]:
            if component["type"] == 3:
                found += [o["label"] for o in component["options"]]
            else:
                found.append(component.get("label", ""))
    return found


def offering(message: dict[str, Any], key: str) -> tuple[str, list[str] | None]:
    """The component of ``message`` that plays option ``key``: (custom id, select values,
    or None for a button). Fails when no button or menu of the message offers it."""
    for top in message["components"]:
        for component in top.get("components") or [] if top["type"] == 1 else []:
            kind = component["custom_id"].split(":")[1]
            if component["type"] == 2 and kind in ("opt", "popt") and component[
                    "custom_id"].split(":", 4)[-1] == key:
                return component["custom_id"], None
            if component["type"] == 3 and kind in ("sel", "psel") and key in [
                    o["value"] for o in component["options"]]:
                return component["custom_id"], [key]
    raise AssertionError(f"no component offers {key!r}: {custom_ids(message['components'])}")


async def tap(table: Table, member: FakeMember, message: dict[str, Any], key: str) -> Any:
    """Play option ``key`` from ``message`` the way a player does (its button, or its
    entry in a select menu)."""
    custom_id, values = offering(message, key)
    return await table.click(member, message, custom_id, values)


def pick(panel: dict[str, Any], rng: random.Random | None) -> tuple[str, list[str] | None]:
    """A choice on a panel: (custom id, select values or None for a button).

    Without ``rng`` the first option of the first row; with it, any option of any row.
    """
    # "Take back" would only slow a game down; a part of the board and a hint play nothing
    aside = ("est:undo:", "est:part:", "est:hint:")
    rows = [row for row in panel["components"]
            if row["type"] == 1  # (a V2 panel also holds its text and image)
            and any(not c["custom_id"].startswith(aside) for c in row["components"])]
    row = rows[0] if rng is None else rng.choice(rows)
    components = [c for c in row["components"] if not c["custom_id"].startswith(aside)]
    component = components[0] if rng is None else rng.choice(components)
    if component["type"] == 3:
        options = component["options"]
        option = options[0] if rng is None else rng.choice(options)
        return component["custom_id"], [option["value"]]
    return component["custom_id"], None


async def take_turn_by_clicks(table: Table, member: FakeMember, turn_message: dict[str, Any],
                              rng: random.Random | None = None) -> list[str]:
    """Open the panel from the channel message (or, in a game without hidden information,
    pick the first choice on the channel message itself) and pick choices until the turn
    ends.

    Returns the custom ids clicked (the public one too); fails on any refusal.
    """
    game_id = turn_message["components"][0]["components"][0]["custom_id"].split(":")[2]
    clicked = []
    if f"est:turn:{game_id}" in custom_ids(turn_message["components"]):
        reply = await table.click(member, turn_message, f"est:turn:{game_id}")
    else:
        custom_id, values = pick(turn_message, rng)
        clicked.append(custom_id)
        reply = await table.click(member, turn_message, custom_id, values)
        assert reply.ephemeral, reply
    while action_rows(reply.message):
        custom_id, values = pick(reply.message, rng)
        clicked.append(custom_id)
        reply = await table.click(member, reply.message, custom_id, values)
        assert not reply.followups, reply.followups[0]["content"]
    assert reply.text.startswith("You chose"), reply.text
    return clicked


async def play_to_the_end(table: Table, members: list[FakeMember], game: str,
                          rng: random.Random | None = None,
                          max_turns: int = 400) -> tuple[int, set[str], dict[str, Any]]:
    """Play a whole game with clicks only: (game id, panel shapes clicked, the last post)."""
    by_id = {m.user.id: m for m in members}
    game_id, turn_message = await started_game(table, members[0], *members[1:], game=game)
    shapes: set[str] = set()
    for _ in range(max_turns):
        info = await table.sessions.info_by_id(game_id)
        if info.status == "finished":
            return game_id, shapes, turn_message
        clicked = await take_turn_by_clicks(table, to_move(table, by_id, info), turn_message, rng)
        shapes |= {custom_id.split(":")[1] for custom_id in clicked}
        posts = await table.deliver()
        assert posts, "every turn ends with a public message"
        turn_message = posted_message(table.fake, posts[-1])
    raise AssertionError(f"{game} did not end within {max_turns} turns")
