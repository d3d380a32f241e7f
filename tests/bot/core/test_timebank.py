"""The time bank's arithmetic (bot/core/timebank.py): reserve, increment, cap, undo."""

from __future__ import annotations

import pytest

from bot.core import timebank
from bot.core.timebank import DAY, HOUR, Charge, Reserves, TimeBank, parse_time_bank
from games.i18n import using

BANK = TimeBank(reserve=3 * DAY, increment=12 * HOUR, cap=4 * DAY)


@pytest.mark.parametrize(("typed", "bank"), [
    ("3d+12h", TimeBank(3 * DAY, 12 * HOUR, 3 * DAY)),
    ("3d+12h/7d", TimeBank(3 * DAY, 12 * HOUR, 7 * DAY)),
    ("2d", TimeBank(2 * DAY, 0, 2 * DAY)),
    ("36+2", TimeBank(36 * HOUR, 2 * HOUR, 36 * HOUR)),
    ("1d12h+90m", TimeBank(36 * HOUR, 90 * 60, 36 * HOUR)),
    ("1,5j+6h", TimeBank(36 * HOUR, 6 * HOUR, 36 * HOUR)),
])
def test_a_clock_as_people_type_it(typed: str, bank: TimeBank) -> None:
    assert parse_time_bank(typed) == bank
    assert parse_time_bank(bank.notation) == bank  # the notation reads back exactly


@pytest.mark.parametrize("typed", ["", "3x", "3d+", "+12h", "30m", "61d", "3d+8d",
                                   "3d+12h/2d", "inf", "nan", "1e999", "3d 12h+", "d"])
def test_what_is_not_a_clock_is_refused_with_a_sentence(typed: str) -> None:
    with pytest.raises(ValueError, match="A clock is a reserve"):
        parse_time_bank(typed)


def test_off_switches_it_off() -> None:
    assert parse_time_bank("off") is None


def test_a_turn_costs_its_time_then_earns_the_increment_up_to_the_cap() -> None:
    reserves = timebank.start(BANK, 2)
    assert reserves.left == (3 * DAY, 3 * DAY)
    # Seat 0 took 10 hours: 3 d - 10 h + 12 h = 3 d 2 h.
    after = timebank.charge(BANK, reserves, 0, 1000.0, 1000.0 + 10 * HOUR)
    assert after.left == (3 * DAY + 2 * HOUR, 3 * DAY)
    assert after.last == Charge(0, 3 * DAY, 1000.0)
    # Quick moves never hold more than the cap (4 d).
    for _ in range(5):
        after = timebank.charge(BANK, after, 0, 0.0, 60.0)
    assert after.left[0] == 4 * DAY


def test_a_reserve_never_goes_below_zero_and_the_increment_still_comes() -> None:
    reserves = Reserves((2 * HOUR, 3 * DAY))
    after = timebank.charge(BANK, reserves, 0, 0.0, 5 * DAY)
    assert after.left[0] == 12 * HOUR


def test_time_before_the_turn_began_is_not_charged() -> None:
    """A vacation or a pause moves the turn's start on: a start ahead is no time used."""
    assert timebank.used(5000.0, 4000.0) == 0.0
    reserves = timebank.start(BANK, 2)
    assert timebank.charge(BANK, reserves, 1, 5000.0, 4000.0).left[1] == 3 * DAY + 12 * HOUR
    assert timebank.left_now(reserves, 1, 5000.0, 4000.0, running=True) == 3 * DAY


def test_left_now_counts_the_running_turn_only() -> None:
    reserves = timebank.start(BANK, 2)
    assert timebank.left_now(reserves, 0, 0.0, 5 * HOUR, running=True) == 3 * DAY - 5 * HOUR
    assert timebank.left_now(reserves, 1, 0.0, 5 * HOUR, running=False) == 3 * DAY


def test_an_undo_puts_the_charged_turn_back_as_it_was() -> None:
    reserves = timebank.start(BANK, 2)
    charged = timebank.charge(BANK, reserves, 0, 100.0, 100.0 + HOUR)
    back, started = timebank.take_back(charged, 0)
    assert back.left == reserves.left and started == 100.0 and back.last is None
    # Only the seat that was charged last gets anything back, and only once.
    assert timebank.take_back(charged, 1) == (charged, None)
    assert timebank.take_back(back, 0) == (back, None)


def test_a_clock_switched_on_mid_game_gives_everyone_the_whole_reserve() -> None:
    assert timebank.retuned(None, BANK, None, 3, 1, 0.0, 10 * HOUR).left == (3 * DAY,) * 3


def test_a_clock_changed_mid_game_keeps_reserves_cut_to_the_new_cap() -> None:
    reserves = Reserves((4 * DAY, 2 * DAY))
    smaller = TimeBank(2 * DAY, HOUR, 3 * DAY)
    # Seat 1 is to move and has played 5 hours of its turn: charged without increment.
    assert timebank.retuned(BANK, smaller, reserves, 2, 1, 0.0, 5 * HOUR).left == (
        3 * DAY, 2 * DAY - 5 * HOUR)


def test_reserves_round_trip_as_json() -> None:
    reserves = Reserves((1.5, 2.0), Charge(1, 7.0, 3.0))
    assert Reserves.from_json(reserves.to_json()) == reserves
    assert Reserves.from_json(Reserves((1.0,)).to_json()) == Reserves((1.0,))
    assert TimeBank.from_json(BANK.to_json()) == BANK


def test_durations_read_in_english_and_french() -> None:
    with using("en"):
        assert timebank.format_duration(3 * DAY + 4 * HOUR + 59 * 60) == "3 d 4 h"
        assert timebank.format_duration(12 * HOUR) == "12 h"
        assert timebank.format_duration(45 * 60) == "45 min"
        assert timebank.format_duration(-5) == "0 min"
        assert timebank.describe(BANK) == "a reserve of 3 d, +12 h per move, at most 4 d"
        assert timebank.describe(TimeBank(2 * DAY, 0, 2 * DAY)) == (
            "a reserve of 2 d for the whole game")
    with using("fr"):
        assert timebank.format_duration(3 * DAY + 4 * HOUR) == "3 j 4 h"
        assert timebank.describe(BANK) == (
            "une réserve de 3 j, +12 h par coup, au plus 4 j")
