"""Turn timers: which reminder and deadline rows a pending turn gets."""

from __future__ import annotations

from dataclasses import dataclass

from bot.storage.rows import NewTimer

HOUR = 3600.0


@dataclass(frozen=True)
class TurnClock:
    """When the pending turn began, when it times out, and the timer rows for it."""

    turn_started_at: float | None
    deadline_at: float | None
    timers: list[NewTimer]


NO_CLOCK = TurnClock(turn_started_at=None, deadline_at=None, timers=[])


def plan_turn_clock(
    *,
    seat: int,
    turn: int,
    human: bool,
    turn_started_at: float,
    now: float,
    timeout_hours: float,
    reminder_hours: tuple[float, ...],
    deadline_at: float | None = None,
) -> TurnClock:
    """Reminders ``reminder_hours`` before the deadline, then the deadline itself.

    The deadline is ``timeout_hours`` after the turn began unless ``deadline_at`` says
    otherwise (a timer changed mid-turn). Computer seats and a zero timeout get no timers.
    Reminders already in the past are skipped; a deadline in the past is kept (the
    scheduler fires it at once).
    """
    if not human or timeout_hours <= 0:
        return TurnClock(turn_started_at=turn_started_at, deadline_at=None, timers=[])
    deadline = turn_started_at + timeout_hours * HOUR if deadline_at is None else deadline_at
    timers = [
        NewTimer(kind="reminder", seat=seat, turn=turn, due_at=deadline - hours * HOUR)
        for hours in sorted(set(reminder_hours), reverse=True)
        if deadline - hours * HOUR > max(now, turn_started_at)
    ]
    timers.append(NewTimer(kind="deadline", seat=seat, turn=turn, due_at=deadline))
    return TurnClock(turn_started_at=turn_started_at, deadline_at=deadline, timers=timers)


def deadline_after_change(
    *, turn_started_at: float, old_deadline: float | None, hours: float, now: float
) -> float:
    """The running turn's deadline once its timer is set to ``hours`` at ``now``.

    A timer switched on counts from the change (the player is not timed out at once
    for time spent when there was no timer). A shorter timer also counts from the change,
    but never gives more time than the old deadline did. A longer one counts from the
    turn's start, as it would have had it been set then.
    """
    from_change = now + hours * HOUR
    if old_deadline is None:
        return from_change
    return max(turn_started_at + hours * HOUR, min(old_deadline, from_change))
