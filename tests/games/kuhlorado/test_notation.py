"""The sheet notation: parse_sheet / dump_sheet, validation, round trips."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.kuhlorado import dump_sheet, parse_sheet
from games.kuhlorado.sheet import label, parse_label

EXAMPLE = "\n".join(["1 C 3x T 5o Cx 2 L", "1 2 3 4 5 C 1 L"] + ["1 2 3 4 5 C 1 2"] * 6)


def test_example_line_reads_as_specified():
    sheet = parse_sheet(EXAMPLE)
    assert [sheet.base((0, c)) for c in range(8)] == ["1", "C", "3", "T", "5", "C", "2", "L"]
    assert [sheet.mark((0, c)) for c in range(8)] == [None, None, "x", None, "o", "x", None, None]
    assert sheet.number((0, 0)) == 1 and sheet.is_cow((0, 1)) and sheet.is_trough((0, 3))
    troughs = sheet.troughs()
    assert [t.cells for t in troughs] == [((0, 3),), ((0, 7), (1, 7))]
    assert [t.points for t in troughs] == [2, 4]


def test_round_trip_is_exact():
    assert dump_sheet(parse_sheet(EXAMPLE)) == EXAMPLE
    assert parse_sheet(dump_sheet(parse_sheet(EXAMPLE))) == parse_sheet(EXAMPLE)


def test_blank_lines_and_extra_spaces_are_tolerated():
    padded = "\n\n" + "\n".join("  " + "  ".join(line.split()) for line in EXAMPLE.split("\n"))
    assert parse_sheet(padded + "\n\n") == parse_sheet(EXAMPLE)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("\n".join(["1 2 3 4 5 C 1 2"] * 7), "8 lines"),
        ("\n".join(["1 2 3 4 5 C 1 2"] * 9), "8 lines"),
        ("\n".join(["1 2 3 4 5 C 1 2 3"] + ["1 2 3 4 5 C 1 2"] * 7), "line 1 has 9 cells"),
        ("\n".join(["1 2 3 4 5 C 1 2"] * 7 + ["1 2 3 4 5 C 1"]), "line 8 has 7 cells"),
        ("\n".join(["1 2 3 4 6 C 1 2"] + ["1 2 3 4 5 C 1 2"] * 7), "bad token '6' at E1"),
        ("\n".join(["1 2 3 4 5 c 1 2"] + ["1 2 3 4 5 C 1 2"] * 7), "bad token 'c'"),
        ("\n".join(["1 2 3 4 5 Cxo 1 2"] + ["1 2 3 4 5 C 1 2"] * 7), "bad token 'Cxo'"),
        ("\n".join(["1 2 3 4 5 C3 1 2"] + ["1 2 3 4 5 C 1 2"] * 7), "bad token 'C3'"),
        ("\n".join(["1 2 Tx 4 5 C 1 2"] + ["1 2 3 4 5 C 1 2"] * 7), "trough can never be marked"),
        ("\n".join(["1 2 L Lo 5 C 1 2"] + ["1 2 3 4 5 C 1 2"] * 7), "trough can never be marked"),
        ("\n".join(["1 2 L 4 5 C 1 2"] + ["1 2 3 4 5 C 1 2"] * 7), "L at C1 has no L neighbour"),
        ("\n".join(["1 L 3 4 5 C 1 2", "L 2 3 4 5 C 1 2"] + ["1 2 3 4 5 C 1 2"] * 6),
         "L at B1 has no L neighbour"),
        ("\n".join(["1 2 L L L C 1 2"] + ["1 2 3 4 5 C 1 2"] * 7), "C1, D1, E1 touch"),
    ],
)
def test_invalid_sheets_are_refused_with_a_clear_message(text, message):
    with pytest.raises(ValueError, match=message):
        parse_sheet(text)


def test_labels():
    assert label((3, 2)) == "C4"
    assert parse_label("C4") == (3, 2) and parse_label("h8") == (7, 7)
    for bad in ("I1", "A9", "A0", "C", "44"):
        with pytest.raises(ValueError):
            parse_label(bad)


_BASES = st.sampled_from(["1", "2", "3", "4", "5", "C", "T"])
_MARKS = st.sampled_from(["", "", "x", "o"])
#: Slots for horizontal large troughs that never touch one another.
_L_SLOTS = [(r, c) for r in (0, 2, 4, 6) for c in (0, 3, 6)]


@st.composite
def sheets_text(draw):
    tokens = []
    for _ in range(64):
        base = draw(_BASES)
        tokens.append(base if base == "T" else base + draw(_MARKS))
    for r, c in draw(st.sets(st.sampled_from(_L_SLOTS), max_size=4)):
        tokens[r * 8 + c] = tokens[r * 8 + c + 1] = "L"
    return "\n".join(" ".join(tokens[r * 8 : r * 8 + 8]) for r in range(8))


@given(sheets_text())
def test_round_trip_on_random_sheets(text):
    sheet = parse_sheet(text)
    assert dump_sheet(sheet) == text
    assert parse_sheet(dump_sheet(sheet)) == sheet
    assert all(not sheet.is_trough(p) for p in sheet.marked("x") + sheet.marked("o"))
