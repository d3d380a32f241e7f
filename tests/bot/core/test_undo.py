from __future__ import annotations

import pytest

from bot.core.sessions import STALE, SessionError, Sessions
from bot.storage.store import Store
from tests.bot.conftest import ALICE, BOB, CAROL, CHANNEL
from tests.bot.helpers import against_computer, drain, hot_seat, mover


def other(user: int) -> int:
    return BOB if user == ALICE else ALICE


async def test_undo_own_last_step_restores_the_state(sessions: Sessions, store: Store) -> None:
    info = await hot_seat(sessions)
    user = await mover(sessions, info.id)
    seat = info.seat_of(user)
    assert seat is not None
    await sessions.play(info.id, user, "add2", None)
    played = await sessions.info_by_id(info.id)
    await drain(sessions)

    result = await sessions.undo(CHANNEL, user)
    assert result.version == played.version + 1
    assert result.label == "Undo: Add 2" and result.events == ["You took back: Add 2."]
    assert result.decision is not None and not result.turn_over
    assert (await sessions.view(info.id, None))["points"][seat] == 0
    assert await drain(sessions) == []  # still the same turn: nothing public to say
    with pytest.raises(SessionError, match=STALE):  # the panel built before the undo
        await sessions.play(info.id, user, "add1", played.version)
    moves = await store.moves(info.id)
    assert [(m.kind, m.undone) for m in moves] == [("start", False), ("move", True),
                                                  ("undo", False)]
    assert await sessions.log(CHANNEL) == [
        f"#{info.version} The game began.",
        f"#{info.version + 1} Seat {seat + 1} adds 2. (taken back)",
        f"#{info.version + 2} {'Alice' if user == ALICE else 'Bob'} took back a move.",
    ]


async def test_undo_several_steps_of_a_turn_and_then_nothing(sessions: Sessions) -> None:
    info = await hot_seat(sessions)
    user = await mover(sessions, info.id)
    await sessions.play(info.id, user, "add1", None)
    await sessions.play(info.id, user, "add2", None)  # ends the turn
    await drain(sessions)
    back = await sessions.undo(CHANNEL, user)
    assert back.turn_over and back.decision is not None
    [announcement] = await drain(sessions)
    assert announcement.kind == "undo" and announcement.mention_user_ids == (user,)
    assert await sessions.info(CHANNEL) == await sessions.info_by_id(info.id)
    assert (await sessions.info(CHANNEL)).user_to_move == user
    await sessions.undo(CHANNEL, user)
    with pytest.raises(SessionError, match="nothing to take back"):
        await sessions.undo(CHANNEL, user)


async def test_no_undo_across_a_reveal(sessions: Sessions) -> None:
    info = await hot_seat(sessions)
    user = await mover(sessions, info.id)
    result = await sessions.play(info.id, user, "roll", None)
    assert not result.finished  # the seed is fixed: one roll cannot reach 12
    with pytest.raises(SessionError, match="revealed something"):
        await sessions.undo(CHANNEL, user)


async def test_no_undo_after_someone_else_moved(sessions: Sessions) -> None:
    info = await hot_seat(sessions)
    first = await mover(sessions, info.id)
    second = other(first)
    await sessions.play(info.id, first, "add1", None)
    await sessions.play(info.id, first, "add1", None)
    await sessions.play(info.id, second, "add1", None)
    with pytest.raises(SessionError, match="your own last move, before anyone else"):
        await sessions.undo(CHANNEL, first)
    with pytest.raises(SessionError, match="not playing"):
        await sessions.undo(CHANNEL, CAROL)
    await sessions.undo(CHANNEL, second)  # the last mover may


async def test_no_undo_after_the_computer_moved(sessions: Sessions) -> None:
    info = await against_computer(sessions)
    await sessions.play(info.id, ALICE, "add1", None)
    result = await sessions.play(info.id, ALICE, "add1", None)
    assert not result.finished  # the seed is fixed; the computer's turn did not end it
    await sessions.wait_for_computers(info.id)
    with pytest.raises(SessionError, match="before anyone else has moved"):
        await sessions.undo(CHANNEL, ALICE)
