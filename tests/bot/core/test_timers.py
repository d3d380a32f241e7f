from __future__ import annotations

import pytest

import games
from bot.core import transitions
from bot.core.sessions import TIMER_RETRY, SessionError, Sessions
from bot.core.timers import HOUR
from bot.storage.rows import NewTimer
from bot.storage.store import Store
from tests.bot.conftest import ALICE, BOB, CAROL, CHANNEL, MOD, FakeClock
from tests.bot.helpers import against_computer, drain, hot_seat, mover


async def test_reminders_then_the_computer_plays_the_timed_out_turn(
    sessions: Sessions, store: Store, clock: FakeClock
) -> None:
    start = clock()
    info = await hot_seat(sessions)
    late = await mover(sessions, info.id)
    assert info.deadline_at == start + 24 * HOUR
    timers = await store.unfired_timers(info.id)
    assert [(t.kind, t.due_at - start) for t in timers] == [
        ("reminder", 12 * HOUR), ("reminder", 22 * HOUR), ("deadline", 24 * HOUR)
    ]
    assert await sessions.next_timer_due() == start + 12 * HOUR
    await drain(sessions)

    assert await sessions.fire_due_timers() == 0
    clock.advance(12 * HOUR)
    assert await sessions.fire_due_timers() == 1
    [reminder] = await drain(sessions)
    assert reminder.kind == "reminder" and reminder.mention_user_ids == (late,)
    assert reminder.content() == (
        f"<@{late}>, a reminder: it is your turn (time runs out <t:{int(start + 24 * HOUR)}:R>)."
    )
    assert await sessions.fire_due_timers() == 0  # fired once only

    clock.advance(10 * HOUR)
    assert await sessions.fire_due_timers() == 1
    assert [a.kind for a in await drain(sessions)] == ["reminder"]

    clock.advance(2 * HOUR)
    assert await sessions.fire_due_timers() == 1
    [timeout] = await drain(sessions)
    after = await sessions.info_by_id(info.id)
    assert after.status == "active" and after.user_to_move != late
    assert timeout.kind == "timeout" and timeout.mention_user_ids == (after.user_to_move,)
    assert timeout.text.startswith(
        f"{'Alice' if late == ALICE else 'Bob'} ran out of time, so the computer played"
    )
    moves = await store.moves(info.id)
    assert moves[-1].by_computer and moves[-1].seat == info.seat_of(late)
    assert after.deadline_at == clock() + 24 * HOUR  # the next player's clock started
    assert await sessions.next_timer_due() == clock() + 12 * HOUR


async def test_forfeit_policy_ends_the_game(
    sessions: Sessions, store: Store, clock: FakeClock
) -> None:
    info = await hot_seat(sessions)
    await sessions.set_settings(CHANNEL, ALICE, False, timeout_policy="forfeit")
    late = await mover(sessions, info.id)
    await drain(sessions)
    clock.advance(24 * HOUR)
    # the deadline; the two reminders due with it would only be pointless pings
    assert await sessions.fire_due_timers() == 1
    announcements = await drain(sessions)
    assert [a.kind for a in announcements] == ["game_over"]
    over = announcements[-1]
    winner = "Bob" if late == ALICE else "Alice"
    assert over.game_over and over.scores_text == f"Winner: {winner}."
    info = await sessions.info_by_id(info.id)
    assert info.status == "finished" and info.forfeited == info.seat_of(late)
    assert info.winners == (1 - info.seat_of(late),)
    assert await sessions.next_timer_due() is None
    assert (await store.moves(info.id))[-1].kind == "forfeit"


async def test_a_move_replaces_the_timers_of_the_turn(
    sessions: Sessions, clock: FakeClock
) -> None:
    info = await hot_seat(sessions)
    user = await mover(sessions, info.id)
    clock.advance(11 * HOUR)
    await sessions.play(info.id, user, "add1", None)  # same turn: same timers
    assert await sessions.next_timer_due() == info.deadline_at - 12 * HOUR
    clock.advance(2 * HOUR)
    assert await sessions.fire_due_timers() == 1  # the first reminder was due
    await sessions.play(info.id, user, "add1", None)  # the turn passes
    await drain(sessions)
    assert await sessions.next_timer_due() == clock() + 12 * HOUR
    clock.advance(11 * HOUR)
    assert await sessions.fire_due_timers() == 0
    assert await drain(sessions) == []


async def test_computer_turns_have_no_timers(sessions: Sessions, store: Store) -> None:
    info = await against_computer(sessions)
    timers = await store.unfired_timers(info.id)
    assert {t.seat for t in timers} == {0}


async def test_settings_change_the_running_clock(
    sessions: Sessions, store: Store, clock: FakeClock
) -> None:
    start = clock()
    info = await hot_seat(sessions)
    await drain(sessions)
    with pytest.raises(SessionError, match="manage this channel"):
        await sessions.set_settings(CHANNEL, BOB, False, turn_timeout_hours=1)
    with pytest.raises(SessionError, match="between 0 and 720 hours"):
        await sessions.set_settings(CHANNEL, ALICE, False, turn_timeout_hours=-1)
    with pytest.raises(SessionError, match="must be above 0"):
        await sessions.set_settings(CHANNEL, ALICE, False, reminder_hours=[0])
    clock.advance(HOUR)
    changed = await sessions.set_settings(CHANNEL, MOD, True, turn_timeout_hours=6,
                                          reminder_hours=[1, 5.5])
    assert changed.deadline_at == start + 7 * HOUR  # shortened: counted from the change
    assert changed.version == info.version  # a settings change leaves open panels valid
    due = [(t.kind, t.due_at - start) for t in await store.unfired_timers(info.id)]
    assert due == [("reminder", 1.5 * HOUR), ("reminder", 6 * HOUR), ("deadline", 7 * HOUR)]
    [announcement] = await drain(sessions)
    assert announcement.text == (
        "A moderator changed the turn timer: 6 h per turn, reminders 5.5 h and 1 h before; "
        "then the computer plays the turn."
    )
    off = await sessions.set_settings(CHANNEL, ALICE, False, turn_timeout_hours=0)
    assert off.deadline_at is None and await sessions.next_timer_due() is None
    with pytest.raises(SessionError, match="not playing"):
        await sessions.play(info.id, CAROL, "add1", None)


async def test_lobby_settings_apply_when_the_game_starts(
    sessions: Sessions, clock: FakeClock
) -> None:
    await sessions.new(CHANNEL, 1, ALICE, "Alice", "diceroll", {})
    await sessions.set_settings(CHANNEL, ALICE, False, turn_timeout_hours=2, reminder_hours=[])
    await sessions.join(CHANNEL, BOB, "Bob")
    info = await sessions.start(CHANNEL, ALICE)
    assert info.turn_timeout_hours == 2 and info.reminder_hours == ()
    assert info.deadline_at == clock() + 2 * HOUR
    assert await sessions.next_timer_due() == info.deadline_at


async def test_a_timer_of_a_finished_turn_is_discarded(
    sessions: Sessions, store: Store, clock: FakeClock
) -> None:
    info = await hot_seat(sessions)
    [reminder, *_] = await store.unfired_timers(info.id)
    await sessions.cancel(CHANNEL, ALICE, False)  # clears the timers of the game
    assert await store.unfired_timers(info.id) == []
    # A timer row left behind (say, by an older program) is dropped, not fired.
    await store._write(store._replace_timers(
        info.id, [NewTimer("reminder", reminder.seat, reminder.turn, clock())]))
    assert await sessions.fire_due_timers() == 0
    assert await store.unfired_timers(info.id) == []


async def test_a_failing_timer_does_not_hold_up_other_games(
    sessions: Sessions, store: Store, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    broken = await hot_seat(sessions, channel=CHANNEL)
    healthy = await hot_seat(sessions, channel=CHANNEL + 1)
    await drain(sessions)
    real_reminder = transitions.reminder

    def reminder(before, seat, now):  # type: ignore[no-untyped-def]
        if before.row.id == broken.id:
            raise RuntimeError("engine bug")
        return real_reminder(before, seat, now)

    monkeypatch.setattr(transitions, "reminder", reminder)
    clock.advance(12 * HOUR)
    assert await sessions.fire_due_timers() == 1
    [announcement] = await drain(sessions)
    assert announcement.game_id == healthy.id
    [retry, *_] = await store.unfired_timers(broken.id)
    assert retry.kind == "reminder" and retry.due_at == clock() + TIMER_RETRY
    assert await sessions.next_timer_due() == clock() + TIMER_RETRY


async def test_games_whose_engine_fails_are_left_out_of_active_games(
    sessions: Sessions, monkeypatch: pytest.MonkeyPatch
) -> None:
    await hot_seat(sessions)
    assert len(await sessions.active_games()) == 1
    monkeypatch.setitem(games.GAME_MODULES, "diceroll", "tests.bot.no_such_module")
    assert await sessions.active_games() == []


async def test_after_a_long_stop_only_what_still_matters_fires(
    db_path, settings, clock: FakeClock
) -> None:
    """The bot was down past a turn's deadline: its two reminders (12 h and
    2 h before) are not posted — a reminder of a deadline that passed tells nobody
    anything — and the deadline itself still fires."""
    async with await Store.open(db_path) as store:
        sessions = Sessions(store, settings, clock=clock, seed_source=lambda: 1234)
        info = await hot_seat(sessions)
        await drain(sessions)
        await sessions.close()
    clock.advance(30 * HOUR)  # the restart
    async with await Store.open(db_path) as store:
        sessions = Sessions(store, settings, clock=clock, seed_source=lambda: 1234)
        await sessions.fire_due_timers()
        told = await drain(sessions)
        assert [a.kind for a in told] == ["timeout"]
        assert (await store.unfired_timers(info.id))[0].due_at > clock()
        await sessions.close()


async def test_after_a_stop_past_two_reminders_only_the_later_is_posted(
    db_path, settings, clock: FakeClock
) -> None:
    async with await Store.open(db_path) as store:
        sessions = Sessions(store, settings, clock=clock, seed_source=lambda: 1234)
        info = await hot_seat(sessions)
        await drain(sessions)
        await sessions.close()
    clock.advance(23 * HOUR)  # past the 12 h and the 2 h reminders, before the deadline
    async with await Store.open(db_path) as store:
        sessions = Sessions(store, settings, clock=clock, seed_source=lambda: 1234)
        await sessions.fire_due_timers()
        (reminder,) = await drain(sessions)
        assert reminder.kind == "reminder" and reminder.deadline_at == info.deadline_at
        assert [t.kind for t in await store.unfired_timers(info.id)] == ["deadline"]
        await sessions.close()
