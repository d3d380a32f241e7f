"""A game played with a clock (time bank) through the session layer: the reserve runs only
on its seat's turn, gains the increment per move up to the cap, drives the deadline and the
reminders, runs out into the timeout policy, stops for pauses and vacations, survives a
restart, and a whole game plays to its end with it."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.core.sessions import SessionError, Sessions
from bot.core.timebank import DAY, HOUR, TimeBank
from bot.settings import Settings
from bot.storage.store import Store
from testkit.clock import FakeClock
from tests.bot.conftest import ALICE, BOB, CHANNEL, GUILD, MOD
from tests.bot.helpers import drain, mover
from tests.bot.toygame import NAME

BANK = TimeBank(reserve=2 * DAY, increment=12 * HOUR, cap=3 * DAY)


async def bank_game(sessions: Sessions, bank: TimeBank = BANK, target: int = 100):
    await sessions.new(CHANNEL, GUILD, ALICE, "Alice", NAME, {"target": target}, time_bank=bank)
    await sessions.join(CHANNEL, BOB, "Bob")
    return await sessions.start(CHANNEL, ALICE)


async def end_turn(sessions: Sessions, game_id: int) -> int:
    """The player to move plays one turn (add 1, end); returns who played."""
    user = await mover(sessions, game_id)
    await sessions.play(game_id, user, "add1", None)
    await sessions.play(game_id, user, "end", None)
    return user


def seat_of(info, user: int) -> int:  # type: ignore[no-untyped-def]
    seat = info.seat_of(user)
    assert seat is not None
    return seat


async def test_the_reserve_is_the_deadline_and_a_move_pays_for_its_time(
        sessions: Sessions, store: Store, clock: FakeClock) -> None:
    start = clock()
    info = await bank_game(sessions)
    assert info.time_bank == BANK and info.reserves == (2 * DAY, 2 * DAY)
    assert info.deadline_at == start + 2 * DAY  # not the 24 h turn timer
    # Reminders at the reserve's thresholds (the game's reminder hours: 12 h and 2 h left).
    timers = await store.unfired_timers(info.id)
    assert [(t.kind, t.due_at - start) for t in timers] == [
        ("reminder", 36 * HOUR), ("reminder", 46 * HOUR), ("deadline", 48 * HOUR)]
    *_, begins = await drain(sessions)
    first = begins.mention_user_ids[0]
    assert begins.clocks == (("Alice", 2 * DAY, None if first != ALICE else start + 2 * DAY),
                             ("Bob", 2 * DAY, None if first != BOB else start + 2 * DAY))
    assert "Clocks: " in begins.content() and f"runs out <t:{int(start + 2 * DAY)}:R>" in (
        begins.content())

    clock.advance(10 * HOUR)
    played = await end_turn(sessions, info.id)
    after = await sessions.info_by_id(info.id)
    # 2 d - 10 h + 12 h = 2 d 2 h for the one who moved; the other's clock starts now.
    assert after.reserves[seat_of(after, played)] == 2 * DAY + 2 * HOUR
    other = after.user_to_move
    assert other != played and after.reserves[seat_of(after, other)] == 2 * DAY
    assert after.deadline_at == clock() + 2 * DAY
    [turn] = await drain(sessions)
    assert dict((name, left) for name, left, _ in turn.clocks)[
        "Alice" if played == ALICE else "Bob"] == 2 * DAY + 2 * HOUR
    # Quick moves never hold more than the cap (3 d).
    for _ in range(6):
        clock.advance(60)
        await end_turn(sessions, info.id)
    capped = await sessions.info_by_id(info.id)
    assert max(capped.reserves) == 3 * DAY


async def test_a_reserve_that_runs_out_gets_the_timeout_policy(
        sessions: Sessions, clock: FakeClock) -> None:
    info = await bank_game(sessions)
    late = await mover(sessions, info.id)
    await drain(sessions)
    # The reminders at 12 h and 2 h left, each when it falls due, then the deadline.
    for hours, kind in ((36, "reminder"), (10, "reminder"), (2, "timeout")):
        clock.advance(hours * HOUR)
        assert await sessions.fire_due_timers() == 1
        assert [a.kind for a in await drain(sessions)] == [kind]
    after = await sessions.info_by_id(info.id)
    assert after.user_to_move != late
    # At zero the computer played the turn: the reserve was spent, the increment stays.
    assert after.reserves[seat_of(after, late)] == 12 * HOUR
    # Their next turn has only that much.
    await end_turn(sessions, info.id)
    again = await sessions.info_by_id(info.id)
    assert again.user_to_move == late and again.deadline_at == clock() + 12 * HOUR


async def test_the_forfeit_policy_ends_the_game_at_zero(
        sessions: Sessions, clock: FakeClock) -> None:
    info = await bank_game(sessions)
    await sessions.set_settings(CHANNEL, ALICE, False, timeout_policy="forfeit")
    late = await mover(sessions, info.id)
    clock.advance(2 * DAY)
    await sessions.fire_due_timers()
    over = await sessions.info_by_id(info.id)
    assert over.status == "finished" and over.forfeited == seat_of(over, late)


async def test_pause_and_vacation_stop_the_reserve(
        sessions: Sessions, clock: FakeClock) -> None:
    start = clock()
    info = await bank_game(sessions)
    user = await mover(sessions, info.id)
    clock.advance(5 * HOUR)
    await sessions.pause(CHANNEL, ALICE)
    clock.advance(10 * DAY)  # a long pause costs nothing
    resumed, _ = await sessions.resume(CHANNEL, ALICE)
    assert resumed.deadline_at == start + 10 * DAY + 2 * DAY
    clock.advance(HOUR)
    await sessions.vacation(user, 3)  # away: the running turn waits
    clock.advance(3 * DAY)
    await sessions.vacation(user, 0)
    played = await end_turn(sessions, info.id)
    assert played == user
    after = await sessions.info_by_id(info.id)
    # Only the 6 hours actually played came off: 2 d - 6 h + 12 h.
    assert after.reserves[seat_of(after, user)] == 2 * DAY + 6 * HOUR


async def test_an_undo_gives_the_turn_back_without_a_second_increment(
        sessions: Sessions, clock: FakeClock) -> None:
    start = clock()
    info = await bank_game(sessions)
    user = await mover(sessions, info.id)
    clock.advance(4 * HOUR)
    await sessions.play(info.id, user, "add1", None)
    await sessions.play(info.id, user, "end", None)  # the turn passes: charged, +12 h
    clock.advance(HOUR)
    back = await sessions.undo(CHANNEL, user)
    assert back.decision is not None  # their turn again
    info = await sessions.info_by_id(info.id)
    seat = seat_of(info, user)
    # The reserve is as it was before that turn, and the turn counts from its start.
    assert info.reserves[seat] == 2 * DAY and info.turn_started_at == start
    assert info.deadline_at == start + 2 * DAY
    other = 1 - seat
    assert info.reserves[other] == 2 * DAY  # the other seat paid nothing and gained nothing
    # Replaying the turn charges it once (5 h so far), with one increment.
    await sessions.play(info.id, user, "end", None)
    after = await sessions.info_by_id(info.id)
    assert after.reserves[seat] == 2 * DAY - 5 * HOUR + 12 * HOUR


async def test_the_clock_is_set_in_the_lobby_or_mid_game(
        sessions: Sessions, store: Store, clock: FakeClock) -> None:
    await sessions.new(CHANNEL, GUILD, ALICE, "Alice", NAME, {"target": 100})
    with pytest.raises(SessionError, match="manage this channel"):
        await sessions.set_clock(CHANNEL, BOB, False, BANK)
    lobby = await sessions.set_clock(CHANNEL, ALICE, False, BANK)
    assert lobby.time_bank == BANK
    await sessions.join(CHANNEL, BOB, "Bob")
    info = await sessions.start(CHANNEL, ALICE)
    assert info.deadline_at == clock() + 2 * DAY and info.reserves == (2 * DAY, 2 * DAY)
    await drain(sessions)
    # Mid-game: a smaller clock keeps what each seat has, charged until now, cut to its cap.
    clock.advance(30 * HOUR)
    small = TimeBank(DAY, HOUR, DAY)
    changed = await sessions.set_clock(CHANNEL, MOD, True, small)
    assert changed.version == info.version  # the mover's panel still holds
    mover_seat = changed.to_move
    assert changed.reserves[mover_seat] == 18 * HOUR
    assert changed.reserves[1 - mover_seat] == DAY
    assert changed.deadline_at == clock() + 18 * HOUR
    [said] = await drain(sessions)
    assert said.text == "A moderator set the game's clock: a reserve of 1 d, +1 h per move."
    # Off: the turn timer (24 h) takes the running turn over, counted from now.
    off = await sessions.set_clock(CHANNEL, ALICE, False, None)
    assert off.time_bank is None and off.deadline_at == clock() + 24 * HOUR
    assert [t.kind for t in await store.unfired_timers(info.id)][-1] == "deadline"
    # On again: everyone gets the whole reserve, the running turn counted from now.
    on = await sessions.set_clock(CHANNEL, ALICE, False, BANK)
    assert on.reserves == (2 * DAY, 2 * DAY) and on.deadline_at == clock() + 2 * DAY


async def test_a_move_read_before_a_clock_change_does_not_overwrite_it(
        sessions: Sessions, store: Store, clock: FakeClock) -> None:
    """The clock is compared like the timer settings: a change that keeps the version is
    never undone by a commit read before it (that one is refused and read again)."""
    info = await bank_game(sessions)
    row = await store.game(info.id)
    assert row is not None
    await sessions.set_clock(CHANNEL, ALICE, False, TimeBank(DAY, 0, DAY))
    from bot.storage.rows import Change, StaleVersion

    with pytest.raises(StaleVersion):
        await store.commit(Change(row, row.version))
    assert (await sessions.info_by_id(info.id)).time_bank == TimeBank(DAY, 0, DAY)


async def test_reserves_survive_a_restart(tmp_path: Path, settings: Settings) -> None:
    clock = FakeClock()
    path = tmp_path / "bank.sqlite3"
    async with await Store.open(path) as store:
        sessions = Sessions(store, settings, clock=clock, seed_source=lambda: 7)
        info = await bank_game(sessions)
        clock.advance(20 * HOUR)
        await end_turn(sessions, info.id)
        before = await sessions.info_by_id(info.id)
        await sessions.close()
    async with await Store.open(path) as store:
        sessions = Sessions(store, settings, clock=clock, seed_source=lambda: 7)
        after = await sessions.info_by_id(info.id)
        assert (after.time_bank, after.reserves, after.deadline_at) == (
            before.time_bank, before.reserves, before.deadline_at)
        assert sorted(after.reserves) == [2 * DAY - 8 * HOUR, 2 * DAY]
        await sessions.close()


async def test_a_time_bank_game_plays_to_its_end(
        sessions: Sessions, clock: FakeClock) -> None:
    """Two players at a short target, a move every few hours, one long think that runs
    a reserve out: the game finishes, with a winner, and no timer is left behind."""
    info = await bank_game(sessions, TimeBank(DAY, 6 * HOUR, DAY), target=12)
    turns = 0
    while (current := await sessions.info_by_id(info.id)).status == "active":
        turns += 1
        assert turns < 100
        if turns == 3:  # someone forgets the game for two days: their reserve runs out
            clock.advance(2 * DAY)
            assert await sessions.fire_due_timers() >= 1
            await sessions.wait_for_computers(info.id)
            continue
        clock.advance((turns % 5 + 1) * HOUR)
        user = current.user_to_move
        assert user is not None
        await sessions.play(info.id, user, "add2", None)
        if (await sessions.info_by_id(info.id)).user_to_move == user:
            await sessions.play(info.id, user, "add2", None)
        await drain(sessions)
    assert current.status == "finished" and current.winners
    assert await sessions.next_timer_due() is None
    assert all(0 <= left <= DAY for left in current.reserves)


async def test_reminders_of_a_clock_game_are_thresholds_under_its_cap(
        sessions: Sessions, store: Store, clock: FakeClock) -> None:
    """A 24 h turn timer does not limit the reminders of a game played with a 3-day clock:
    a reminder when one day is left is fine there, one beyond the cap is refused."""
    info = await bank_game(sessions)
    changed = await sessions.set_settings(CHANNEL, ALICE, False, reminder_hours=[24, 2])
    assert changed.reminder_hours == (24.0, 2.0)
    assert [t.due_at - clock() for t in await store.unfired_timers(info.id)] == [
        DAY, 46 * HOUR, 2 * DAY]
    with pytest.raises(SessionError, match="72 h turn timer"):
        await sessions.set_settings(CHANNEL, ALICE, False, reminder_hours=[80])
