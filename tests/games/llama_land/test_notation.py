"""The estate notation (games/llama_land/NOTATION.md): exact round trips, clear errors."""

from __future__ import annotations

import pytest

from games.llama_land import Estate, EstateTextError, dump_estate, parse_estate
from games.llama_land.estate import Cell, cell_name, parse_cell_name

EXAMPLE = ". 1- 1c .\n2k 2L 2- 1p\n2$ 2- 2h 1-"


def test_round_trip_text():
    assert dump_estate(parse_estate(EXAMPLE)) == EXAMPLE


def test_round_trip_estate_anywhere():
    """An estate dumped from anywhere on the grid comes back equal by content."""
    estate = Estate({(-2, 5): Cell(3, "L"), (-2, 6): Cell(1, "$"), (-1, 6): Cell(12, "h")})
    text = dump_estate(estate)
    assert text == "3L 1$\n. 12h"
    assert parse_estate(text) == estate


def test_parse_reads_cells():
    estate = parse_estate(EXAMPLE)
    assert estate[(1, 2)] == Cell(1, "-")
    assert estate[(2, 2)] == Cell(2, "L")
    assert (1, 1) not in estate
    assert estate.llamas() == [(2, 2)]


def test_equality_is_by_content():
    assert parse_estate("1- 1c") == parse_estate("\n1-   1c\n\n")
    assert parse_estate("1- 1c") != parse_estate("1- 2c")
    assert parse_estate("1- 1c") != parse_estate("1c 1-")


@pytest.mark.parametrize("text, line, column, words", [
    ("1- 0c", 1, 4, "'0c' is not a cell"),
    ("1- 1x", 1, 4, "'1x' is not a cell"),
    ("1- 1c\n1-", 2, 1, "1 cells in this row, 2 in the first"),
    ("1-\n\n1-", 2, 1, "blank line"),
    (". .\n1- 1-", 1, 1, "first row has no terrain"),
    ("1- .\n1- .", 1, 1, "last column has no terrain"),
    ("", 1, 1, "empty"),
    (". .", 1, 1, "no terrain"),
])
def test_bad_text_is_refused_with_line_and_column(text, line, column, words):
    with pytest.raises(EstateTextError) as error:
        parse_estate(text)
    assert (error.value.line, error.value.column) == (line, column)
    assert str(error.value).startswith(f"line {line}, column {column}: ")
    assert words in str(error.value)
    assert isinstance(error.value, ValueError)


def test_cell_names():
    assert cell_name((3, 4)) == "r3c4"
    assert cell_name((-1, 0)) == "r-1c0"
    assert parse_cell_name("r-1c12") == (-1, 12)
    with pytest.raises(ValueError, match="r<row>c<column>"):
        parse_cell_name("C4")


def test_estate_in_a_state_survives_json():
    from pydantic import BaseModel

    class Holder(BaseModel):
        estate: Estate

    held = Holder(estate=parse_estate(EXAMPLE))
    assert Holder.model_validate_json(held.model_dump_json()).estate == held.estate
