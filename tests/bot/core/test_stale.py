"""Stale games get one warning, then the server's policy; forgotten lobbies expire.

The sweep reads everything from the database, so these tests also restart the session
layer between the warning and the policy.
"""

from __future__ import annotations

import pytest

from bot.core.sessions import Sessions
from bot.core.stale import DAY
from bot.settings import Settings
from bot.storage.store import Store
from testkit.clock import FakeClock
from tests.bot.conftest import ALICE, BOB, CHANNEL, GUILD
from tests.bot.helpers import drain, hot_seat, lobby, mover


@pytest.fixture
def settings() -> Settings:  # no turn timer: only the sweep acts on a stalled game
    return Settings(_env_file=None, turn_timeout_hours=0, reminders="", timeout_policy="computer")


async def stalled(sessions: Sessions, clock: FakeClock, policy: str) -> int:
    await sessions.set_server(GUILD, stale_days=14, stale_policy=policy)
    info = await hot_seat(sessions)
    await drain(sessions)
    clock.advance(14 * DAY)
    return info.id


async def test_one_warning_then_the_computer_plays_the_turn(
        sessions: Sessions, store: Store, settings: Settings, clock: FakeClock) -> None:
    game_id = await stalled(sessions, clock, "computer")
    late = await mover(sessions, game_id)
    assert await sessions.sweep_stale() == 1
    (warning,) = await drain(sessions)
    assert warning.kind == "stale" and warning.mention_user_ids == (late,)
    assert warning.text == ("No move for 14 days. If nobody moves within 24 h, the computer "
                            "plays the turn.")
    assert await sessions.sweep_stale() == 0  # one warning only
    clock.advance(23 * 3600)
    assert await sessions.sweep_stale() == 0

    restarted = Sessions(store, settings, clock=clock)  # the warning is in the database
    clock.advance(3600)
    assert await restarted.sweep_stale() == 1
    (played,) = await drain(restarted)
    name = "Alice" if late == ALICE else "Bob"
    assert played.text.startswith(f"No move for 15 days, so the computer played {name}'s turn.")
    assert await mover(restarted, game_id) != late
    assert await restarted.sweep_stale() == 0  # the new turn is not stale


async def test_a_move_after_the_warning_saves_the_game(
        sessions: Sessions, clock: FakeClock) -> None:
    game_id = await stalled(sessions, clock, "cancel")
    await sessions.sweep_stale()
    user = await mover(sessions, game_id)
    await sessions.play(game_id, user, "add1", None)
    clock.advance(2 * DAY)
    assert await sessions.sweep_stale() == 0
    assert (await sessions.info_by_id(game_id)).status == "active"


async def test_the_forfeit_policy_ends_a_two_player_game(
        sessions: Sessions, clock: FakeClock) -> None:
    game_id = await stalled(sessions, clock, "forfeit")
    late = await mover(sessions, game_id)
    await sessions.sweep_stale()
    clock.advance(DAY)
    await sessions.sweep_stale()
    info = await sessions.info_by_id(game_id)
    assert info.status == "finished" and info.forfeited == info.seat_of(late)


async def test_the_cancel_policy_cancels(sessions: Sessions, clock: FakeClock) -> None:
    game_id = await stalled(sessions, clock, "cancel")
    await sessions.sweep_stale()
    clock.advance(DAY)
    await sessions.sweep_stale()
    assert (await sessions.info_by_id(game_id)).status == "cancelled"
    (*_, told) = await drain(sessions)
    assert told.text == "No move for 15 days: the game is cancelled."


async def test_zero_days_leaves_stalled_games_alone(sessions: Sessions, clock: FakeClock) -> None:
    await sessions.set_server(GUILD, stale_days=0)
    info = await hot_seat(sessions)
    await drain(sessions)
    clock.advance(400 * DAY)
    assert await sessions.sweep_stale() == 0
    assert await drain(sessions) == []
    assert (await sessions.info_by_id(info.id)).status == "active"


async def test_a_lobby_nobody_started_expires(sessions: Sessions, clock: FakeClock) -> None:
    await sessions.set_server(GUILD, lobby_days=7)
    info = await lobby(sessions)
    await sessions.join(CHANNEL, BOB, "Bob")
    await drain(sessions)
    clock.advance(6 * DAY)
    assert await sessions.sweep_stale() == 0
    clock.advance(DAY)
    assert await sessions.sweep_stale() == 1
    assert (await sessions.info_by_id(info.id)).status == "cancelled"
    (told,) = await drain(sessions)
    assert told.text == "Nobody started this lobby of Dice Race within 7 days: it expired."
