"""A time bank (chess clock) for a game: the arithmetic, pure.

Beside the per-turn timer a game may use a clock, as correspondence chess and the best
asynchronous sites do (Fischer time): each player starts with a *reserve*, which runs only
while it is their turn; after each of their turns they gain an *increment*, and the
reserve never holds more than a *cap*. The turn's deadline is when the reserve runs out;
at zero the game's timeout policy applies (the computer plays the turn, or the seat
forfeits). Reminders come when the reserve falls to the game's reminder thresholds.

What counts as "their turn" is the session's turn clock (``turn_started_at``): a pause
and a vacation move the start of the running turn on, so they stop the reserve too.

An undo by the player who just moved gives their turn back: the turn that was charged is
put back as it was (:func:`take_back`), so taking back and replaying a move never earns a
second increment.

Notation (``/estancia new … options:clock=3d+12h``, ``/estancia settings clock:``):
``3d+12h`` is a reserve of 3 days and 12 hours gained per move, capped at the reserve;
``3d+12h/7d`` caps it at 7 days; ``2d`` gains nothing. Units: ``d``, ``h``, ``m``; a bare
number is hours.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

from games.i18n import _, _n

DAY, HOUR, MINUTE = 86400.0, 3600.0, 60.0
#: Bounds (a reserve shorter than an hour is a blitz, longer than 60 days is no clock).
MIN_RESERVE = HOUR
MAX_RESERVE = MAX_CAP = 60 * DAY
MAX_INCREMENT = 7 * DAY

_UNITS = {"d": DAY, "j": DAY, "h": HOUR, "m": MINUTE, "min": MINUTE}
_PART = re.compile(r"(\d+(?:[.,]\d+)?)\s*(d|j|h|min|m)?", re.IGNORECASE)
OFF_WORDS = frozenset({"off", "none", "no", "-"})


@dataclass(frozen=True)
class TimeBank:
    """A game's clock: seconds of reserve each seat starts with, gained per move, and the
    most a reserve may hold."""

    reserve: float
    increment: float
    cap: float

    def __post_init__(self) -> None:
        if not (MIN_RESERVE <= self.reserve <= MAX_RESERVE and 0 <= self.increment <= MAX_INCREMENT
                and self.reserve <= self.cap <= MAX_CAP):
            raise ValueError(f"not a time bank: {self}")

    @property
    def notation(self) -> str:
        """ "3d+12h" (or "3d+12h/7d" when the cap is not the reserve)."""
        text = f"{duration_notation(self.reserve)}+{duration_notation(self.increment)}"
        return text if self.cap == self.reserve else f"{text}/{duration_notation(self.cap)}"

    def to_json(self) -> dict[str, float]:
        return {"reserve": self.reserve, "increment": self.increment, "cap": self.cap}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TimeBank:
        return cls(float(data["reserve"]), float(data["increment"]), float(data["cap"]))


@dataclass(frozen=True)
class Charge:
    """The last turn a reserve paid for, so that an undo can put it back."""

    seat: int
    left: float
    started_at: float


@dataclass(frozen=True)
class Reserves:
    """Each seat's reserve (seconds) as it stood when its running or next turn began."""

    left: tuple[float, ...]
    last: Charge | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"left": list(self.left)}
        if self.last is not None:
            data["last"] = [self.last.seat, self.last.left, self.last.started_at]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Reserves:
        last = data.get("last")
        return cls(tuple(float(x) for x in data["left"]),
                   None if last is None else Charge(int(last[0]), float(last[1]), float(last[2])))


def duration_notation(seconds: float) -> str:
    """ "3d", "12h", "1d12h", "90m", "0h"."""
    if seconds <= 0:
        return "0h"
    parts = []
    days, rest = divmod(round(seconds), int(DAY))
    hours, rest = divmod(rest, int(HOUR))
    minutes = rest // int(MINUTE)
    for amount, unit in ((days, "d"), (hours, "h"), (minutes, "m")):
        if amount:
            parts.append(f"{amount}{unit}")
    return "".join(parts) or "0h"


def parse_duration(text: str) -> float:
    """ "3d", "1d12h", "36", "90m", "1.5d" → seconds (a bare number is hours)."""
    cleaned = text.strip().replace(" ", "")
    if not cleaned:
        raise ValueError(text)
    total, position = 0.0, 0
    for match in _PART.finditer(cleaned):
        if match.start() != position or not match.group(0):
            raise ValueError(text)
        amount = float(match[1].replace(",", "."))
        total += amount * _UNITS[(match[2] or "h").lower()]
        position = match.end()
    if position != len(cleaned) or not math.isfinite(total):
        raise ValueError(text)
    return total


def parse_time_bank(text: str) -> TimeBank | None:
    """ "3d+12h", "3d+12h/7d", "2d" → a bank; "off" → None. ValueError (with a sentence
    for the player) otherwise."""
    cleaned = str(text).strip().casefold()
    if cleaned in OFF_WORDS:
        return None
    try:
        head, slash, cap_text = cleaned.partition("/")
        reserve_text, plus, increment_text = head.partition("+")
        reserve = parse_duration(reserve_text)
        increment = parse_duration(increment_text) if plus else 0.0
        cap = parse_duration(cap_text) if slash else reserve
        return TimeBank(reserve, increment, cap)
    except ValueError:
        raise ValueError(_(
            'A clock is a reserve, the time gained per move and, if you like, a cap: '
            '"3d+12h" or "3d+12h/7d" (d days, h hours), or "off". The reserve is 1 hour to '
            '60 days, the gain at most 7 days, the cap at least the reserve.')) from None


def start(bank: TimeBank, seats: int) -> Reserves:
    """Every seat begins with the whole reserve."""
    return Reserves(tuple(bank.reserve for _ in range(seats)))


def used(started_at: float | None, now: float) -> float:
    """Seconds of the running turn so far (none yet while the start lies ahead: a
    vacation or a pause moved it on)."""
    return 0.0 if started_at is None else max(0.0, now - started_at)


def left_now(reserves: Reserves, seat: int, started_at: float | None, now: float,
             running: bool) -> float:
    """What the seat has left now (its running turn counted when ``running``)."""
    left = reserves.left[seat]
    return max(0.0, left - used(started_at, now)) if running else left


def charge(bank: TimeBank, reserves: Reserves, seat: int, started_at: float | None,
           now: float) -> Reserves:
    """The seat ended its turn at ``now``: the time it took comes off its reserve (not
    below zero), then the increment is added, up to the cap."""
    before = reserves.left[seat]
    after = min(bank.cap, max(0.0, before - used(started_at, now)) + bank.increment)
    left = tuple(after if i == seat else x for i, x in enumerate(reserves.left))
    return Reserves(left, Charge(seat, before, started_at if started_at is not None else now))


def take_back(reserves: Reserves, seat: int) -> tuple[Reserves, float | None]:
    """The seat took its last move back and has the turn again: its reserve as it was
    before that turn was charged, and when that turn began (its clock goes on from there).
    (reserves, None) when the last charge was not that seat's."""
    last = reserves.last
    if last is None or last.seat != seat:
        return reserves, None
    left = tuple(last.left if i == seat else x for i, x in enumerate(reserves.left))
    return Reserves(left, None), last.started_at


def retuned(old: TimeBank | None, new: TimeBank, reserves: Reserves | None, seats: int,
            mover: int | None, started_at: float | None, now: float) -> Reserves:
    """The reserves once the game's clock is set to ``new`` mid-game.

    A clock switched on gives every seat the whole reserve, the running turn counted from
    the change. A clock changed keeps what each seat has (the running turn charged up to
    now, without an increment), cut to the new cap."""
    if old is None or reserves is None or len(reserves.left) != seats:
        return start(new, seats)
    left = []
    for seat, amount in enumerate(reserves.left):
        if seat == mover:
            amount = max(0.0, amount - used(started_at, now))
        left.append(min(new.cap, amount))
    return Reserves(tuple(left))


def fit(reserves: Reserves | None, seats: int, bank: TimeBank) -> Reserves:
    """Reserves for ``seats`` seats (a game whose reserves are missing gets whole ones)."""
    if reserves is None or len(reserves.left) != seats:
        return start(bank, seats)
    return reserves


def describe(bank: TimeBank) -> str:
    """ "a reserve of 3 d, +12 h per move, at most 7 d" in the active language."""
    reserve, gain = format_duration(bank.reserve), format_duration(bank.increment)
    if bank.increment <= 0:
        text = _("a reserve of {reserve} for the whole game", reserve=reserve)
    else:
        text = _("a reserve of {reserve}, +{gain} per move", reserve=reserve, gain=gain)
    if bank.cap > bank.reserve:
        text = _("{clock}, at most {cap}", clock=text, cap=format_duration(bank.cap))
    return text


def format_duration(seconds: float) -> str:
    """ "3 d 4 h", "12 h", "45 min" in the active language (days and hours; minutes
    only under an hour)."""
    seconds = max(0.0, seconds)
    if seconds < HOUR:
        return _n("{n} min", "{n} min", max(0, int(seconds // MINUTE)))
    days, rest = divmod(int(seconds // HOUR), 24)
    parts = []
    if days:
        parts.append(_n("{n} d", "{n} d", days))
    if rest:
        parts.append(_n("{n} h", "{n} h", rest))
    return " ".join(parts)
