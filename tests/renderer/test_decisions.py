"""Decision images: the region of the board holding a decision's places, each
place carrying the mark of its button or select option, big enough to read at 400 px."""

from __future__ import annotations

import pytest

from games.hazienda import GAME as HAZIENDA
from games.kuhlorado import GAME as KUHLORADO
from renderer import render_decision_png
from renderer.fonts import MIN_PHONE_TEXT, phone_px, recording
from renderer.hazienda import board as hazienda_board
from renderer.kuhlorado import board as kuhlorado_board
from renderer.marks import DECISION_WIDTH, MARK_PHONE_TEXT, Box, region_around
from testkit.samples import played

NAMES = ["Alice", "Bob", "Chen", "Dolores", "Eik"]


def drawn_marks(monkeypatch, module) -> list[tuple[tuple[float, float], str]]:
    """Record the marks a renderer module draws (centre, text)."""
    drawn = []
    real = module.draw_mark

    def spy(draw, centre, text, size):
        drawn.append((centre, text))
        return real(draw, centre, text, size)

    monkeypatch.setattr(module, "draw_mark", spy)
    return drawn


def key_places(decision, prefixes=("mark:", "place:", "take:")) -> dict[str, str]:
    """Marks numbered as a front end numbers options, the place read from the key (the
    engines' ``Option.at`` carries the same place)."""
    marks = {}
    for number, option in enumerate(decision.options, 1):
        place = option.at or next(
            (option.key[len(p):] for p in prefixes if option.key.startswith(p)), None)
        if place:
            marks[place] = f"{marks[place]}/{number}" if place in marks else str(number)
    return marks


def first_decision_with_places(game, states, at_least=1):
    for state in states[len(states) // 3:]:
        decision = game.pending(state)
        if decision is not None and len(key_places(decision)) >= at_least:
            return state, decision
    raise AssertionError("no decision with places in the sample game")


# -- Hazienda -------------------------------------------------------------------------------------

def test_hazienda_decision_marks_every_place_inside_a_zoomed_crop(monkeypatch):
    drawn = drawn_marks(monkeypatch, hazienda_board)
    state, decision = first_decision_with_places(HAZIENDA, played("hazienda", 3))
    marks = key_places(decision)
    with recording() as log:
        image = hazienda_board.render_decision(HAZIENDA.view(state, decision.seat), NAMES, marks)
    assert image.width <= DECISION_WIDTH
    assert sorted(text for _, text in drawn) == sorted(marks.values())
    for (x, y), _ in drawn:
        assert 0 <= x <= image.width and 0 <= y <= image.height
    assert phone_px(log.smallest(), image.width) >= MIN_PHONE_TEXT
    assert phone_px(log.smallest("mark"), image.width) >= MIN_PHONE_TEXT


def test_hazienda_decision_on_a_few_hexes_is_zoomed_with_big_marks():
    """Three hexes side by side: a crop of the region, hexes far bigger than on the board,
    marks well above the 9 px floor on the phone."""
    view = HAZIENDA.view(played("hazienda", 2)[0], None)
    marks = {"H10": "1", "H11": "2", "I10": "3/4"}
    with recording() as log:
        image = hazienda_board.render_decision(view, NAMES, marks)
    board = hazienda_board.render(view, NAMES)
    assert image.height < board.height
    assert phone_px(log.smallest("mark"), image.width) >= MARK_PHONE_TEXT


def test_hazienda_decision_ignores_places_off_the_map_and_none_without_any():
    view = HAZIENDA.view(played("hazienda", 2)[0], None)
    assert hazienda_board.render_decision(view, NAMES, {"Z99": "1", "nonsense": "2"}) is None
    assert hazienda_board.render_decision(view, NAMES, {"Z99": "1", "h10": "2"}) is not None


def test_hazienda_decision_png_through_the_dispatcher():
    view = HAZIENDA.view(played("hazienda", 2)[0], None)
    png = render_decision_png("hazienda", view, NAMES, {"C7": "1"})
    assert png is not None and png.startswith(b"\x89PNG")
    assert render_decision_png("hazienda", view, NAMES, {}) is None


def test_the_decision_region_keeps_context_and_stays_on_the_board():
    board = Box(0, 0, 10, 10)
    region = region_around([Box(0, 0, 1, 1)], 0.5, board, min_width=3, min_height=3)
    assert region == Box(0, 0, 3, 3)
    region = region_around([Box(4, 4, 5, 5), Box(6, 4, 7, 5)], 0.5, board)
    assert region == Box(3.5, 3.5, 7.5, 5.5)
    with pytest.raises(ValueError):
        region_around([], 0.5, board)


# -- Kuhlorado ------------------------------------------------------------------------------------

def test_kuhlorado_decision_marks_every_cell_with_the_sheet_labels(monkeypatch):
    drawn = drawn_marks(monkeypatch, kuhlorado_board)
    state, decision = first_decision_with_places(KUHLORADO, played("kuhlorado", 2))
    marks = key_places(decision)
    with recording() as log:
        image = kuhlorado_board.render_decision(KUHLORADO.view(state, None), NAMES, marks)
    assert sorted(text for _, text in drawn) == sorted(marks.values())
    for (x, y), _ in drawn:
        assert 0 <= x <= image.width and 0 <= y <= image.height
    assert phone_px(log.smallest(), image.width) >= MIN_PHONE_TEXT
    assert phone_px(log.smallest("mark"), image.width) >= MARK_PHONE_TEXT


def test_kuhlorado_decision_on_one_corner_is_a_crop_with_bigger_cells():
    view = KUHLORADO.view(played("kuhlorado", 2)[0], None)
    image = kuhlorado_board.render_decision(view, NAMES, {"A1": "1", "b2": "2"})
    # 3×3 cells at most DECISION_MAX_CELL each, plus the label bands
    assert image.width <= 3 * kuhlorado_board.DECISION_MAX_CELL + kuhlorado_board.LABEL_BAND
    assert (image.width - kuhlorado_board.LABEL_BAND) / 3 > kuhlorado_board.CELL
    assert kuhlorado_board.render_decision(view, NAMES, {"Z9": "1"}) is None

