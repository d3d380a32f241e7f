"""Forfeits: at three seats or more the others play on and the forfeit ranks last."""

from __future__ import annotations

import pytest

from bot.core.sessions import SessionError, Sessions
from bot.storage.store import Store
from testkit.clock import FakeClock
from tests.bot.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD
from tests.bot.helpers import drain, hot_seat, lobby, mover

HOUR = 3600.0
NAMES = {ALICE: "Alice", BOB: "Bob", CAROL: "Carol"}


async def three_seats(sessions: Sessions, target: int = 30) -> int:
    await lobby(sessions, target=target)
    await sessions.join(CHANNEL, BOB, "Bob")
    await sessions.join(CHANNEL, CAROL, "Carol")
    return (await sessions.start(CHANNEL, ALICE)).id


async def play_out(sessions: Sessions, game_id: int) -> None:
    """Humans add 1 and end their turn until the game is over."""
    for _ in range(500):
        await sessions.wait_for_computers(game_id)  # they play after the answer
        info = await sessions.info_by_id(game_id)
        if info.status == "finished":
            return
        user = await mover(sessions, game_id)
        decision, _ = await sessions.decision_for(game_id, user)
        assert decision is not None
        key = "end" if decision.option("end") else "add1"
        await sessions.play(game_id, user, key, None)
    raise AssertionError("the game did not end")


async def test_a_timeout_under_the_forfeit_policy_hands_the_seat_to_the_computer(
        sessions: Sessions, store: Store, clock: FakeClock) -> None:
    game_id = await three_seats(sessions)
    await sessions.set_settings(CHANNEL, ALICE, False, timeout_policy="forfeit")
    late = await mover(sessions, game_id)
    await drain(sessions)
    clock.advance(24 * HOUR)
    await sessions.fire_due_timers()
    (*_, told) = await drain(sessions)
    assert told.kind == "timeout"
    assert told.text.startswith(f"{NAMES[late]} ran out of time and forfeits; the computer "
                                "plays their seat from now on and they rank last.")

    info = await sessions.info_by_id(game_id)
    seat = next(i for i, s in enumerate(info.seats) if s.name == f"{NAMES[late]} (computer)")
    assert info.status == "active" and info.forfeits == (seat,)
    assert info.seats[seat].is_computer
    assert info.user_to_move not in (None, late)  # the computer played; a human is to move
    moves = await store.moves(game_id)
    forfeit = next(m for m in moves if m.kind == "forfeit")
    assert forfeit.user_id == late and moves[moves.index(forfeit) + 1].by_computer
    with pytest.raises(SessionError, match="not playing"):
        await sessions.play(game_id, late, "add1", None)


async def test_the_forfeited_seat_never_wins_and_ranks_last_in_the_ratings(
        sessions: Sessions, clock: FakeClock) -> None:
    game_id = await three_seats(sessions, target=40)
    first = await mover(sessions, game_id)
    await sessions.leave(CHANNEL, first)
    await play_out(sessions, game_id)  # the computer rolls; the humans add 1 a turn

    info = await sessions.info_by_id(game_id)
    seat = info.forfeits[0]
    assert info.status == "finished" and seat not in info.winners and info.winners
    await sessions.rate_finished_games()
    board = await sessions.leaderboard(GUILD, info.game)
    assert board[-1].player == f"user:{first}" and board[-1].wins == 0
    assert {r.player for r in board} == {f"user:{u}" for u in NAMES}  # no "computer"


async def test_leaving_a_two_player_game_ends_it_and_the_other_wins(
        sessions: Sessions) -> None:
    info = await hot_seat(sessions)
    await sessions.leave(CHANNEL, BOB)
    info = await sessions.info_by_id(info.id)
    assert info.status == "finished"
    assert info.forfeited == info.seat_of(BOB) and info.winners == (info.seat_of(ALICE),)
    (*_, over) = await drain(sessions)
    assert over.game_over and over.text == "Bob left the game and forfeits."


async def test_two_forfeits_in_a_three_player_game_end_it(sessions: Sessions) -> None:
    game_id = await three_seats(sessions)
    await sessions.leave(CHANNEL, CAROL)
    info = await sessions.info_by_id(game_id)
    assert info.status == "active"
    await sessions.leave(CHANNEL, BOB)  # only Alice is left against nobody: she wins
    info = await sessions.info_by_id(game_id)
    assert info.status == "finished" and info.winners == (info.seat_of(ALICE),)
