from __future__ import annotations

import asyncio

import pytest

from bot.core.sessions import SessionError, Sessions
from tests.bot.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD, MOD
from tests.bot.helpers import drain, lobby
from tests.bot.toygame import NAME


async def test_new_seats_the_creator_and_announces_the_lobby(sessions: Sessions) -> None:
    info = await lobby(sessions)
    assert info.status == "lobby"
    assert [(s.user_id, s.name) for s in info.seats] == [(ALICE, "Alice")]
    assert info.options == {"target": 12}
    assert (info.min_seats, info.max_seats) == (2, 3)
    [announcement] = await drain(sessions)
    assert announcement.kind == "lobby" and announcement.lobby_buttons
    assert "Alice opened a game of Dice Race" in announcement.text


async def test_one_game_per_channel(sessions: Sessions) -> None:
    await lobby(sessions)
    with pytest.raises(SessionError, match="already open in this channel"):
        await sessions.new(CHANNEL, GUILD, BOB, "Bob", NAME, {})
    other = await sessions.new(CHANNEL + 1, GUILD, BOB, "Bob", NAME, {})  # a thread
    assert other.channel_id == CHANNEL + 1


async def test_unknown_game_and_bad_options_are_refused(sessions: Sessions) -> None:
    with pytest.raises(SessionError, match="no game called"):
        await sessions.new(CHANNEL, GUILD, ALICE, "Alice", "chess", {})
    with pytest.raises(SessionError, match="Invalid options for Dice Race: target"):
        await sessions.new(CHANNEL, GUILD, ALICE, "Alice", NAME, {"target": 1})
    with pytest.raises(SessionError, match="Invalid options"):
        await sessions.new(CHANNEL, GUILD, ALICE, "Alice", NAME, {"colour": "red"})


async def test_join_twice_and_full_table_are_refused(sessions: Sessions) -> None:
    await lobby(sessions)
    await sessions.join(CHANNEL, BOB, "Bob")
    with pytest.raises(SessionError, match="already have a seat"):
        await sessions.join(CHANNEL, BOB, "Bob")
    with pytest.raises(SessionError, match="already have a seat"):
        await sessions.join(CHANNEL, ALICE, "Alice")
    await sessions.add_computer(CHANNEL, BOB)
    with pytest.raises(SessionError, match="full"):
        await sessions.join(CHANNEL, CAROL, "Carol")
    with pytest.raises(SessionError, match="full"):
        await sessions.add_computer(CHANNEL, ALICE)
    info = await sessions.info(CHANNEL)
    assert [s.name for s in info.seats] == ["Alice", "Bob", "Computer (normal)"]
    assert info.seats[2].is_computer


async def test_no_game_in_channel(sessions: Sessions) -> None:
    for action in (
        sessions.info(CHANNEL),
        sessions.join(CHANNEL, BOB, "Bob"),
        sessions.start(CHANNEL, ALICE),
        sessions.undo(CHANNEL, ALICE),
        sessions.log(CHANNEL),
    ):
        with pytest.raises(SessionError, match="There is no game in this channel."):
            await action


async def test_only_seated_players_add_computers(sessions: Sessions) -> None:
    await lobby(sessions)
    with pytest.raises(SessionError, match="not playing"):
        await sessions.add_computer(CHANNEL, CAROL)


async def test_leaving_the_lobby(sessions: Sessions) -> None:
    await lobby(sessions)
    await sessions.join(CHANNEL, BOB, "Bob")
    with pytest.raises(SessionError, match="cancel it instead"):
        await sessions.leave(CHANNEL, ALICE)
    with pytest.raises(SessionError, match="not playing"):
        await sessions.leave(CHANNEL, CAROL)
    info = await sessions.leave(CHANNEL, BOB)
    assert [s.user_id for s in info.seats] == [ALICE]


async def test_start_rules(sessions: Sessions) -> None:
    await lobby(sessions)
    with pytest.raises(SessionError, match="needs at least 2 players"):
        await sessions.start(CHANNEL, ALICE)
    await sessions.join(CHANNEL, BOB, "Bob")
    with pytest.raises(SessionError, match="Only the player who opened the game"):
        await sessions.start(CHANNEL, BOB)
    info = await sessions.start(CHANNEL, ALICE)
    assert info.status == "active"
    assert info.to_move in (0, 1)
    assert info.deadline_at is not None
    with pytest.raises(SessionError, match="already started"):
        await sessions.join(CHANNEL, CAROL, "Carol")
    with pytest.raises(SessionError, match="already started"):
        await sessions.start(CHANNEL, ALICE)


async def test_every_lobby_event_is_announced_once(sessions: Sessions) -> None:
    await lobby(sessions)
    await sessions.join(CHANNEL, BOB, "Bob")
    await sessions.add_computer(CHANNEL, ALICE)
    await sessions.leave(CHANNEL, BOB)
    await sessions.start(CHANNEL, ALICE)
    kinds = [a.kind for a in await drain(sessions)]
    assert kinds == ["lobby", "lobby", "lobby", "lobby", "start"]


async def test_cancel_permissions(sessions: Sessions) -> None:
    await lobby(sessions)
    await sessions.join(CHANNEL, BOB, "Bob")
    with pytest.raises(SessionError, match="manage this channel"):
        await sessions.cancel(CHANNEL, BOB, can_manage_channel=False)
    info = await sessions.cancel(CHANNEL, MOD, can_manage_channel=True)
    assert info.status == "cancelled"
    assert (await drain(sessions))[-1].text == "A moderator cancelled the game of Dice Race."
    # The channel is free again; the creator may cancel a running game too.
    await lobby(sessions)
    await sessions.join(CHANNEL, BOB, "Bob")
    await sessions.start(CHANNEL, ALICE)
    info = await sessions.cancel(CHANNEL, ALICE, can_manage_channel=False)
    assert info.status == "cancelled" and info.to_move is None
    assert await sessions.latest_info(CHANNEL) == info
    assert await sessions.active_games() == []
    assert await sessions.next_timer_due() is None
    with pytest.raises(SessionError, match="no game in this channel"):
        await sessions.cancel(CHANNEL, ALICE, can_manage_channel=True)
    with pytest.raises(SessionError, match="This game is over."):
        await sessions.play(info.id, ALICE, "add1", None)


async def test_players_joining_at_the_same_moment_all_get_seats(sessions: Sessions) -> None:
    await lobby(sessions)
    await asyncio.gather(
        sessions.join(CHANNEL, BOB, "Bob"),
        sessions.join(CHANNEL, CAROL, "Carol"),
    )
    info = await sessions.info(CHANNEL)
    assert {s.user_id for s in info.seats} == {ALICE, BOB, CAROL}
    assert info.version == 2


async def test_a_full_table_refuses_the_last_of_simultaneous_joins(sessions: Sessions) -> None:
    await lobby(sessions)
    await sessions.join(CHANNEL, BOB, "Bob")
    outcomes = await asyncio.gather(
        sessions.join(CHANNEL, CAROL, "Carol"),
        sessions.add_computer(CHANNEL, ALICE),
        return_exceptions=True,
    )
    [refusal] = [o for o in outcomes if isinstance(o, SessionError)]
    assert "full" in str(refusal)
    assert len((await sessions.info(CHANNEL)).seats) == 3
