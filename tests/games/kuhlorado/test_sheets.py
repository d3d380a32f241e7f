"""The ten shipped sheets (a reconstruction: see games/kuhlorado/sheets.py)."""

from __future__ import annotations

from collections import Counter

import pytest

from games.kuhlorado import SHEETS, dump_sheet, load_sheet, parse_sheet
from games.kuhlorado.sheet import all_positions, orthogonal_neighbours


def test_there_are_ten_sheets():
    assert len(SHEETS) == 10
    assert len({dump_sheet(parse_sheet(text)) for text in SHEETS}) == 10


@pytest.mark.parametrize("number", range(1, 11))
def test_sheet_layout(number):
    sheet = load_sheet(number)
    contents = Counter(sheet.base(p) for p in all_positions())
    troughs = sheet.troughs()
    assert sorted(len(t.cells) for t in troughs) == [1, 1, 2, 2]
    assert contents["T"] == 2 and contents["L"] == 4
    assert sum(n for base, n in contents.items() if base not in "TL") == 58
    assert 12 <= contents["C"] <= 16
    numbers = [contents[str(n)] for n in range(1, 6)]
    assert max(numbers) - min(numbers) <= 1, numbers
    assert not sheet.marked("x") and not sheet.marked("o")
    meadow_cows = [p for p in all_positions() if sheet.is_cow(p) and not {0, 7}.isdisjoint(p)]
    assert 4 <= len(meadow_cows) <= 7
    for pos in all_positions():
        for n in orthogonal_neighbours(pos):
            assert sheet.is_trough(pos) or sheet.base(n) != sheet.base(pos), (number, pos)
    large = [t.cells for t in troughs if t.large]
    assert sorted(a[0] == b[0] for a, b in large) == [False, True]  # one upright, one lying
    # Troughs stay off the meadows and never touch one another, not even diagonally.
    for trough in troughs:
        assert all(0 < r < 7 and 0 < c < 7 for r, c in trough.cells)
    for i, one in enumerate(troughs):
        for other in troughs[i + 1 :]:
            assert all(
                max(abs(a[0] - b[0]), abs(a[1] - b[1])) > 1
                for a in one.cells
                for b in other.cells
            ), (number, one, other)


def test_load_sheet_gives_fresh_copies_and_checks_the_number():
    first = load_sheet(1)
    first.set_mark(first.free_cows()[0], "x")
    assert not load_sheet(1).marked("x")
    for bad in (0, 11):
        with pytest.raises(ValueError, match="sheets 1 to 10"):
            load_sheet(bad)
