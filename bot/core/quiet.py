"""Quiet hours in a player's own time zone: the nights when nothing is sent to them.

Pure: no database, no Discord. A player names an IANA time zone (``Europe/Paris``, read
with :mod:`zoneinfo`) and a window of wall-clock times (``22:00–08:00``, which may run
across midnight). Each night of the window is one interval of real time, from the first
instant the player's clock shows the start to the first instant it shows the end, so a
daylight-saving change makes that night an hour shorter or longer and never shifts the
window against the player's clock:

* a wall time that does not exist that day (spring forward skips 02:00–03:00 in Paris)
  is reached at the first instant the clock shows a later time (03:00);
* a wall time that happens twice (fall back repeats 02:00–03:00) is its first occurrence.

Held notices wait until :func:`next_allowed`; a deadline inside quiet hours may be moved to
their end (a server's choice, see :mod:`bot.core.notices`).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from games.i18n import _

#: What a player types for "no quiet hours".
OFF_WORDS = frozenset({"off", "none", "no", "-", "0"})
#: Autocompletion shows at most this many zone names (Discord's limit).
CHOICES = 25

_CLOCK = re.compile(r"^\s*(\d{1,2})(?:[:h.](\d{2}))?\s*h?\s*$", re.IGNORECASE)
_SEPARATORS = re.compile(r"\s*(?:-|–|—|to|à)\s*", re.IGNORECASE)


@dataclass(frozen=True)
class QuietHours:
    """A daily window of the player's wall-clock time; ``end`` before ``start`` runs
    across midnight (22:00–08:00)."""

    start: time
    end: time

    def __post_init__(self) -> None:
        if self.start == self.end:
            raise ValueError("quiet hours need an end different from their start")

    @property
    def text(self) -> str:
        """ "22:00–08:00" (also how it is stored)."""
        return f"{self.start:%H:%M}–{self.end:%H:%M}"

    @classmethod
    def from_text(cls, text: str) -> QuietHours:
        start, end = text.split("–")
        return cls(time.fromisoformat(start), time.fromisoformat(end))


def parse_clock_time(text: str) -> time:
    """ "22", "22:30", "7h", "07h15", "7.15" → a time of day (ValueError otherwise)."""
    match = _CLOCK.match(text)
    if match is None:
        raise ValueError(text)
    hour, minute = int(match[1]), int(match[2] or 0)
    if hour == 24 and minute == 0:
        hour = 0
    return time(hour, minute)  # ValueError beyond 23:59


def parse_quiet_hours(text: str) -> QuietHours | None:
    """ "22:00-08:00", "22-8", "22h à 7h30" → a window; "off" → None.

    Raises ValueError (with a sentence for the player) for anything else."""
    if text.strip().casefold() in OFF_WORDS:
        return None
    parts = _SEPARATORS.split(text.strip(), maxsplit=1)
    try:
        if len(parts) != 2:
            raise ValueError(text)
        return QuietHours(parse_clock_time(parts[0]), parse_clock_time(parts[1]))
    except ValueError:
        raise ValueError(_('Quiet hours are two times of day, like "22:00-08:00" (or "off"); '
                           "start and end must differ.")) from None


@functools.lru_cache(maxsize=1)
def _all_zones() -> tuple[str, ...]:
    return tuple(sorted(available_timezones()))


def zone_named(name: str) -> ZoneInfo:
    """The time zone of that IANA name (ValueError with a sentence for the player)."""
    cleaned = name.strip()
    if cleaned in _all_zones() or cleaned == "UTC":
        try:
            return ZoneInfo(cleaned)
        except (ZoneInfoNotFoundError, ValueError):
            pass
    raise ValueError(_("There is no time zone called {name}: start typing a city, like "
                       "Europe/Paris or America/New_York, and pick it from the list.",
                       name=repr(name.strip()[:40])))


def zone_names(typed: str, limit: int = CHOICES) -> list[str]:
    """Zone names for autocompletion: those starting with what was typed (any part of
    the name, "paris" finds Europe/Paris), then those containing it, alphabetically."""
    needle = typed.strip().casefold().replace(" ", "_")
    zones = _all_zones()
    if not needle:
        return [z for z in zones if "/" in z and not z.startswith("Etc/")][:limit]
    starting = [z for z in zones if any(part.casefold().startswith(needle)
                                        for part in [z, *z.split("/")])]
    containing = [z for z in zones if needle in z.casefold() and z not in starting]
    return (starting + containing)[:limit]


def _wall(moment: float, zone: ZoneInfo) -> datetime:
    return datetime.fromtimestamp(moment, zone).replace(tzinfo=None)


def local_instant(day: date, at: time, zone: ZoneInfo) -> float:
    """The first instant of ``day`` at which a clock in ``zone`` shows ``at`` or later
    (see the module docstring for the days the clocks change)."""
    wanted = datetime.combine(day, at)
    first = wanted.replace(tzinfo=zone, fold=0).timestamp()
    if _wall(first, zone) == wanted:
        return first  # it exists (fold 0 is its first occurrence when it repeats)
    # It falls in a gap: fold 1 reads it with the offset after the change, an instant
    # before the gap; the change itself is the first instant showing a later time.
    before, after = wanted.replace(tzinfo=zone, fold=1).timestamp(), first
    if before > after:
        before, after = after, before
    while after - before > 1:
        middle = (before + after) // 2
        if _wall(middle, zone) >= wanted:
            after = middle
        else:
            before = middle
    return float(after)


def quiet_period(moment: float, zone: ZoneInfo, hours: QuietHours) -> tuple[float, float] | None:
    """The night of quiet hours ``moment`` falls in, as (start, end) instants; None when
    ``moment`` is outside quiet hours."""
    today = _wall(moment, zone).date()
    for day in (today - timedelta(days=1), today):
        start = local_instant(day, hours.start, zone)
        end_day = day if hours.end > hours.start else day + timedelta(days=1)
        end = local_instant(end_day, hours.end, zone)
        if start <= moment < end:
            return start, end
    return None


def next_allowed(moment: float, zone: ZoneInfo, hours: QuietHours | None) -> float:
    """``moment`` itself outside quiet hours, else the end of the night it falls in."""
    if hours is None:
        return moment
    for _night in range(3):  # a window of nearly a whole day may end where the next starts
        period = quiet_period(moment, zone, hours)
        if period is None:
            break
        moment = period[1]
    return moment
