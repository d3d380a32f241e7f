"""GWT:A decision images draw only the sections of the board they show
(``renderer.gwt_argentina.render_decision``): the same pixels as the region cut from the
whole board, wherever the places are."""

from __future__ import annotations

import pytest

from games.gwt_argentina import GAME
from renderer.gwt_argentina import board as gwt_board
from renderer.gwt_argentina.board import DECISION_CONTEXT, WIDTH, draw_marks, render_decision
from renderer.marks import Box, region_around
from testkit.samples import decision_samples, played

NAMES = ["Alice", "Bob", "Chen", "Dolores"]


def cut_from_the_whole_board(view: dict, names: list[str], marks: dict[str, str]):
    """How decision images were drawn before: the whole board, then its region cut."""
    canvas, bottom = gwt_board._paint(view, names, gwt_board.SECTIONS)
    boxes = {place: canvas.places[place] for place in marks if place in canvas.places}
    region = region_around(boxes.values(), DECISION_CONTEXT, Box(0, 0, WIDTH, bottom),
                           min_width=WIDTH, min_height=300)
    image = canvas.image.crop((round(region.left), round(region.top), round(region.right),
                               round(region.bottom)))
    return draw_marks(image, boxes, region, marks)


def _views() -> list[tuple[dict, list[str]]]:
    views = []
    for seats in (2, 4):
        states = played("gwt-argentina", seats)
        for state in (states[len(states) // 3], states[-1]):
            views.append((GAME.view(state, None), NAMES[:seats]))
            views.append((GAME.view(state, 0), NAMES[:seats]))  # with the player's board
    return views


@pytest.mark.parametrize("index", range(8))
def test_the_layout_finds_the_places_and_height_of_the_painted_board(index):
    view, names = _views()[index]
    canvas, bottom = gwt_board._paint(view, names, gwt_board.SECTIONS)
    layout, spans, layout_bottom = gwt_board._layout(view, names)
    assert layout.places == canvas.places and layout_bottom == bottom
    assert spans[0][1] == gwt_board.TOP and spans[-1][2] + 4 == bottom


@pytest.mark.parametrize("index", range(8))
def test_a_decision_image_of_any_place_is_the_region_of_the_whole_board(index):
    """Every place of the board marked alone (regions at the top, the bottom and across
    sections), and a few places together."""
    view, names = _views()[index]
    places = sorted(gwt_board._paint(view, names, gwt_board.SECTIONS)[0].places)
    chosen = [{place: "1"} for place in places[::3]]
    chosen.append({places[0]: "1", places[-1]: "2"})
    for marks in chosen:
        assert (render_decision(view, names, marks).tobytes()
                == cut_from_the_whole_board(view, names, marks).tobytes()), marks


def test_the_sample_decisions_are_the_regions_of_their_whole_boards():
    for sample in decision_samples("gwt-argentina", per_game=10):
        names = gwt_board.table_names(sample.view, sample.names)
        assert (render_decision(sample.view, sample.names, sample.marks).tobytes()
                == cut_from_the_whole_board(sample.view, names, sample.marks).tobytes())
