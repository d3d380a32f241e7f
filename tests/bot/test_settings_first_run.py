"""Timer settings that can never work are refused (one clear line each), and a
settings change mid-turn neither stales the mover's panel nor times them out at once."""

from __future__ import annotations

import math

import pytest
from pydantic import ValidationError

from bot.core.sessions import SessionError, Sessions
from bot.core.timers import HOUR, deadline_after_change
from bot.discord_ui.text import parse_hours_list
from bot.settings import Settings
from bot.storage.store import Store
from tests.bot.conftest import ALICE, CHANNEL, FakeClock
from tests.bot.helpers import drain, hot_seat, mover


@pytest.mark.parametrize("typed", ["inf", "nan", "1e999", "-inf", "12,nan", "0", "-3", "721"])
def test_typed_reminders_must_be_finite_hours(typed: str) -> None:
    with pytest.raises(ValueError):
        parse_hours_list(typed)


def test_typed_reminders_may_be_none() -> None:
    assert parse_hours_list("none") == parse_hours_list("off") == []
    assert parse_hours_list(" 12, 2 ") == [12.0, 2.0]


@pytest.mark.parametrize("env, words", [
    ({"TURN_TIMEOUT_HOURS": "inf"}, "turn_timeout_hours"),
    ({"TURN_TIMEOUT_HOURS": "nan"}, "turn_timeout_hours"),
    ({"TURN_TIMEOUT_HOURS": "1e999"}, "turn_timeout_hours"),
    ({"TURN_TIMEOUT_HOURS": "721"}, "turn_timeout_hours"),
    ({"REMINDERS": "inf"}, "reminders"),
    ({"REMINDERS": "nan"}, "reminders"),
    ({"REMINDERS": "48"}, "before the 24 h deadline"),
    ({"REMINDERS": "24"}, "before the 24 h deadline"),
    ({"REMINDERS": "3", "TURN_TIMEOUT_HOURS": "2"}, "before the 2 h deadline"),
    ({"LOG_LEVEL": "verbose"}, "DEBUG, INFO, WARNING or ERROR"),
])
def test_settings_refuse_values_that_cannot_work(
        monkeypatch: pytest.MonkeyPatch, env: dict[str, str], words: str) -> None:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    with pytest.raises(ValidationError, match=words):
        Settings(_env_file=None)


def test_default_reminders_follow_a_short_timer(monkeypatch: pytest.MonkeyPatch) -> None:
    """The default 12 h and 2 h reminders cannot come with a 6 h timer: only 2 h is kept
    (a value nobody typed is not worth refusing to start for)."""
    monkeypatch.setenv("TURN_TIMEOUT_HOURS", "6")
    monkeypatch.delenv("REMINDERS", raising=False)
    assert Settings(_env_file=None).reminders == (2.0,)
    monkeypatch.setenv("TURN_TIMEOUT_HOURS", "0")  # no timer: reminders are moot
    monkeypatch.setenv("REMINDERS", "48")
    assert Settings(_env_file=None).turn_timeout_hours == 0


@pytest.mark.parametrize("kwargs, words", [
    ({"turn_timeout_hours": math.inf}, "between 0 and 720"),
    ({"turn_timeout_hours": math.nan}, "between 0 and 720"),
    ({"reminder_hours": [math.nan]}, "above 0"),
    ({"reminder_hours": [math.inf]}, "above 0"),
    ({"reminder_hours": [24]}, "can never come with a 24 h turn timer"),
    ({"turn_timeout_hours": 6, "reminder_hours": [12, 2]}, "reminders under 6 h"),
])
async def test_set_settings_refuses_timers_that_cannot_work(
        sessions: Sessions, kwargs: dict[str, object], words: str) -> None:
    info = await hot_seat(sessions)
    with pytest.raises(SessionError, match=words):
        await sessions.set_settings(CHANNEL, ALICE, False, **kwargs)  # type: ignore[arg-type]
    after = await sessions.info(CHANNEL)
    assert (after.turn_timeout_hours, after.reminder_hours, after.version) == (
        24.0, (12.0, 2.0), info.version)


async def test_a_shorter_timer_drops_reminders_it_leaves_beyond_the_deadline(
        sessions: Sessions) -> None:
    await hot_seat(sessions)
    await drain(sessions)
    info = await sessions.set_settings(CHANNEL, ALICE, False, turn_timeout_hours=6)
    assert info.reminder_hours == (2.0,)
    [said] = await drain(sessions)
    assert said.text == ("Alice changed the turn timer: 6 h per turn, reminders 2 h before; "
                         "then the computer plays the turn.")


async def test_a_settings_change_keeps_the_version_so_an_open_panel_still_plays(
        sessions: Sessions) -> None:
    info = await hot_seat(sessions)
    user = await mover(sessions, info.id)
    changed = await sessions.set_settings(CHANNEL, ALICE, False, turn_timeout_hours=48,
                                          timeout_policy="forfeit")
    assert changed.version == info.version
    result = await sessions.play(info.id, user, "add1", info.version)  # the panel's version
    assert result.version == info.version + 1
    after = await sessions.info(CHANNEL)  # the move kept the new settings
    assert (after.turn_timeout_hours, after.timeout_policy) == (48.0, "forfeit")


async def test_a_move_read_before_a_settings_change_does_not_overwrite_it(
        sessions: Sessions, store: Store) -> None:
    """The compare-and-swap covers the settings too: a change built from the row as it
    was before the settings changed is refused (then retried), never written over them."""
    from dataclasses import replace

    from bot.storage.rows import Change, StaleVersion

    info = await hot_seat(sessions)
    stale_row = await store.game(info.id)
    assert stale_row is not None
    await sessions.set_settings(CHANNEL, ALICE, False, turn_timeout_hours=48)
    with pytest.raises(StaleVersion):
        await store.commit(Change(replace(stale_row, version=stale_row.version + 1),
                                  stale_row.version))
    assert (await sessions.info(CHANNEL)).turn_timeout_hours == 48


async def test_turning_the_timer_on_mid_turn_counts_from_the_change(
        sessions: Sessions, store: Store, clock: FakeClock) -> None:
    info = await hot_seat(sessions)
    await sessions.set_settings(CHANNEL, ALICE, False, turn_timeout_hours=0)
    clock.advance(30 * HOUR)  # the player thinks for a day and more, with no timer
    on = await sessions.set_settings(CHANNEL, ALICE, False, turn_timeout_hours=24)
    assert on.deadline_at == clock() + 24 * HOUR
    assert await sessions.fire_due_timers() == 0  # not timed out at once
    due = [(t.kind, t.due_at - clock()) for t in await store.unfired_timers(info.id)]
    assert due == [("reminder", 12 * HOUR), ("reminder", 22 * HOUR), ("deadline", 24 * HOUR)]


async def test_shortening_the_timer_mid_turn_counts_from_the_change(
        sessions: Sessions, clock: FakeClock) -> None:
    await hot_seat(sessions)
    start = clock()
    clock.advance(10 * HOUR)
    short = await sessions.set_settings(CHANNEL, ALICE, False, turn_timeout_hours=2,
                                        reminder_hours=[1])
    assert short.deadline_at == clock() + 2 * HOUR
    assert await sessions.fire_due_timers() == 0
    longer = await sessions.set_settings(CHANNEL, ALICE, False, turn_timeout_hours=48)
    assert longer.deadline_at == start + 48 * HOUR  # a longer timer: from the turn's start


def test_deadline_after_change() -> None:
    def at(old: float | None, hours: float, now: float) -> float:
        return deadline_after_change(
            turn_started_at=0, old_deadline=None if old is None else old * HOUR, hours=hours,
            now=now * HOUR) / HOUR

    assert at(None, 24, 30) == 54  # switched on: from now
    assert at(24, 6, 1) == 7  # shortened: from now …
    assert at(24, 12, 23) == 24  # … but never later than the old deadline
    assert at(24, 48, 23) == 48  # longer: from the turn's start
