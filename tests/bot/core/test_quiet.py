"""Quiet hours in a player's own time zone (bot/core/quiet.py): windows across midnight,
the nights the clocks change (Europe/Paris: 29 March and 25 October 2026), parsing."""

from __future__ import annotations

from datetime import UTC, date, datetime, time
from zoneinfo import ZoneInfo

import pytest

from bot.core.quiet import (
    QuietHours,
    local_instant,
    next_allowed,
    parse_quiet_hours,
    quiet_period,
    zone_named,
    zone_names,
)

PARIS = ZoneInfo("Europe/Paris")
NEW_YORK = ZoneInfo("America/New_York")
NIGHT = QuietHours(time(22), time(8))


def at(zone: ZoneInfo, *fields: int, fold: int = 0) -> float:
    return datetime(*fields, tzinfo=zone, fold=fold).timestamp()


def utc(moment: float) -> datetime:
    return datetime.fromtimestamp(moment, UTC)


def local(moment: float, zone: ZoneInfo = PARIS) -> str:
    return datetime.fromtimestamp(moment, zone).strftime("%Y-%m-%d %H:%M %z")


def test_a_window_across_midnight_holds_until_the_morning() -> None:
    late = at(PARIS, 2026, 6, 10, 23, 30)
    assert local(next_allowed(late, PARIS, NIGHT)) == "2026-06-11 08:00 +0200"
    early = at(PARIS, 2026, 6, 11, 3, 0)
    assert local(next_allowed(early, PARIS, NIGHT)) == "2026-06-11 08:00 +0200"
    # The edges: quiet from 22:00 on, awake again from 08:00 on.
    assert next_allowed(at(PARIS, 2026, 6, 10, 22, 0), PARIS, NIGHT) == at(PARIS, 2026, 6, 11, 8)
    assert next_allowed(at(PARIS, 2026, 6, 11, 8, 0), PARIS, NIGHT) == at(PARIS, 2026, 6, 11, 8)
    day = at(PARIS, 2026, 6, 11, 14, 0)
    assert next_allowed(day, PARIS, NIGHT) == day
    assert quiet_period(day, PARIS, NIGHT) is None
    assert next_allowed(day, PARIS, None) == day


def test_a_window_within_one_day() -> None:
    nap = QuietHours(time(13), time(15, 30))
    assert local(next_allowed(at(PARIS, 2026, 6, 11, 14), PARIS, nap)) == "2026-06-11 15:30 +0200"
    assert next_allowed(at(PARIS, 2026, 6, 11, 23), PARIS, nap) == at(PARIS, 2026, 6, 11, 23)


def test_the_window_follows_the_players_clock_not_utc() -> None:
    """The same 22:00–08:00 is a different stretch of real time in Paris and New York."""
    moment = at(PARIS, 2026, 6, 11, 3)  # 03:00 in Paris is 21:00 the day before in New York
    assert next_allowed(moment, NEW_YORK, NIGHT) == moment
    assert local(next_allowed(moment, PARIS, NIGHT)) == "2026-06-11 08:00 +0200"


def test_spring_forward_night_is_an_hour_shorter_and_ends_at_eight_local() -> None:
    """29 March 2026 in Paris: 02:00 CET jumps to 03:00 CEST."""
    start, end = quiet_period(at(PARIS, 2026, 3, 29, 1, 30), PARIS, NIGHT)
    assert local(start) == "2026-03-28 22:00 +0100"
    assert local(end) == "2026-03-29 08:00 +0200"  # 08:00 on the player's clock, in summer time
    assert end - start == 9 * 3600  # 10 wall-clock hours, 9 real ones
    assert utc(end).hour == 6


def test_fall_back_night_is_an_hour_longer() -> None:
    """25 October 2026 in Paris: 03:00 CEST falls back to 02:00 CET."""
    inside = at(PARIS, 2026, 10, 25, 2, 30, fold=1)  # the second 02:30 (CET)
    start, end = quiet_period(inside, PARIS, NIGHT)
    assert local(start) == "2026-10-24 22:00 +0200"
    assert local(end) == "2026-10-25 08:00 +0100"
    assert end - start == 11 * 3600


def test_a_boundary_the_clocks_skip_is_reached_when_they_show_a_later_time() -> None:
    """02:30 does not exist in Paris on 29 March 2026: the first instant the clock shows
    02:30 or later is the change itself, 03:00 CEST (01:00 UTC)."""
    moment = local_instant(date(2026, 3, 29), time(2, 30), PARIS)
    assert utc(moment) == datetime(2026, 3, 29, 1, 0, tzinfo=UTC)
    assert local(moment) == "2026-03-29 03:00 +0200"
    odd = QuietHours(time(23), time(2, 30))  # the night of the change ends at 03:00 CEST
    end = next_allowed(at(PARIS, 2026, 3, 29, 0, 30), PARIS, odd)
    assert local(end) == "2026-03-29 03:00 +0200"


def test_a_boundary_the_clocks_repeat_is_its_first_occurrence() -> None:
    moment = local_instant(date(2026, 10, 25), time(2, 30), PARIS)
    assert local(moment) == "2026-10-25 02:30 +0200"  # the summer-time 02:30
    odd = QuietHours(time(23), time(2, 30))
    # Quiet ends at the first 02:30; the second 02:30 (an hour later) is not quiet.
    assert local(next_allowed(at(PARIS, 2026, 10, 25, 1, 0), PARIS, odd)) == "2026-10-25 02:30 +0200"
    second = at(PARIS, 2026, 10, 25, 2, 15, fold=1)
    assert next_allowed(second, PARIS, odd) == second


def test_every_minute_across_both_changes_is_quiet_exactly_when_the_clock_says() -> None:
    """Minute by minute over the two nights the clocks change, a moment is quiet if and only
    if the player's wall clock shows 22:00–08:00 (or it is the repeated hour, which lies
    inside the window), and next_allowed never goes backwards nor lands inside."""
    for day in (date(2026, 3, 28), date(2026, 10, 24)):
        first = local_instant(day, time(20), PARIS)
        for minute in range(14 * 60):
            moment = first + minute * 60
            wall = datetime.fromtimestamp(moment, PARIS).time()
            expected = wall >= time(22) or wall < time(8)
            assert (quiet_period(moment, PARIS, NIGHT) is not None) == expected, local(moment)
            allowed = next_allowed(moment, PARIS, NIGHT)
            assert allowed >= moment and quiet_period(allowed, PARIS, NIGHT) is None


@pytest.mark.parametrize(("typed", "window"), [
    ("22:00-08:00", "22:00–08:00"), ("22-8", "22:00–08:00"), ("22h à 7h30", "22:00–07:30"),
    ("23:15 – 06:45", "23:15–06:45"), ("13 to 15", "13:00–15:00"), ("24-7", "00:00–07:00"),
])
def test_quiet_hours_as_people_type_them(typed: str, window: str) -> None:
    hours = parse_quiet_hours(typed)
    assert hours is not None and hours.text == window
    assert QuietHours.from_text(hours.text) == hours


@pytest.mark.parametrize("typed", ["", "22", "22-22", "25-8", "22:61-8", "soon", "22-8-9"])
def test_what_is_not_quiet_hours_is_refused_with_a_sentence(typed: str) -> None:
    with pytest.raises(ValueError, match="two times of day"):
        parse_quiet_hours(typed)


def test_off_means_none() -> None:
    assert parse_quiet_hours("off") is None
    assert parse_quiet_hours(" None ") is None


def test_zone_names_complete_what_was_typed() -> None:
    assert zone_names("paris")[0] == "Europe/Paris"
    assert "America/New_York" in zone_names("new_y")
    assert "America/New_York" in zone_names("new y")
    assert len(zone_names("")) == 25 and len(zone_names("a")) <= 25
    assert zone_names("zzzz") == []
    assert zone_named(" Europe/Paris ").key == "Europe/Paris"
    with pytest.raises(ValueError, match="no time zone called 'Mars/Olympus'"):
        zone_named("Mars/Olympus")
    with pytest.raises(ValueError):
        zone_named("../../etc/passwd")
