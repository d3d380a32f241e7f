"""Turn timers: which reminder and deadline rows a pending turn gets."""

from __future__ import annotations

from dataclasses import dataclass

from bot.storage import NewTimer

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
) -> TurnClock:
    """Reminders ``reminder_hours`` before the deadline, then the deadline itself.

    Computer seats and a zero timeout get no timers. Reminders already in the past are
    skipped; a deadline in the past is kept (the scheduler fires it at once).
    """
    if not human or timeout_hours <= 0:
        return TurnClock(turn_started_at=turn_started_at, deadline_at=None, timers=[])
    deadline = turn_started_at + timeout_hours * HOUR
    timers = [
        NewTimer(kind="reminder", seat=seat, turn=turn, due_at=deadline - hours * HOUR)
        for hours in sorted(set(reminder_hours), reverse=True)
        if deadline - hours * HOUR > max(now, turn_started_at)
    ]
    timers.append(NewTimer(kind="deadline", seat=seat, turn=turn, due_at=deadline))
    return TurnClock(turn_started_at=turn_started_at, deadline_at=deadline, timers=timers)
