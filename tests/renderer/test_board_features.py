"""What the public boards must show on a phone ("Boards a phone can read"):
player colours no land or market can be taken for, the last turn outlined in the colour of
the player who made it, Kuhlorado's meadow and trough holders and its herds."""

from __future__ import annotations

import copy
import itertools

import pytest

from games.hazienda import GAME as HAZIENDA
from games.hazienda.maps import parse_coord
from games.kuhlorado import GAME as KUHLORADO
from renderer.colours import DISTINCT, delta_e
from renderer.hazienda import board as hazienda_board
from renderer.kuhlorado import board as kuhlorado_board
from testkit.samples import played

NAMES = ["Alice", "Bob", "Chen", "Dolores", "Eik"]

HAZIENDA_GROUNDS = {
    **hazienda_board.KIND_FILL,
    "pond": hazienda_board.POND_FILL,
    "pond being placed": hazienda_board.PENDING_POND_FILL,
    "table": hazienda_board.BACKGROUND,
    "market coin": hazienda_board.COIN_FILL,
}


@pytest.mark.parametrize("player, ground", list(itertools.product(hazienda_board.PLAYER_FILL,
                                                                  HAZIENDA_GROUNDS)))
def test_no_hazienda_land_or_market_looks_like_a_player(player, ground):
    """Every player colour against every terrain, water, market and the table (CIEDE2000)."""
    distance = delta_e(hazienda_board.PLAYER_FILL[player], HAZIENDA_GROUNDS[ground])
    assert distance >= DISTINCT, f"{player} is only {distance:.1f} from {ground}"


def test_the_hazienda_players_are_apart_from_each_other():
    for a, b in itertools.combinations(hazienda_board.PLAYER_FILL.values(), 2):
        assert delta_e(a, b) >= DISTINCT


def test_the_kuhlorado_symbols_stand_out_on_grass_water_and_the_highlight():
    for colour in kuhlorado_board.SYMBOL_COLOURS.values():
        for ground in (kuhlorado_board.INNER_GRASS, kuhlorado_board.MEADOW_GRASS,
                       kuhlorado_board.WATER, kuhlorado_board.HIGHLIGHT,
                       kuhlorado_board.BACKGROUND):
            assert delta_e(colour, ground) >= DISTINCT
    assert delta_e(*kuhlorado_board.SYMBOL_COLOURS.values()) >= DISTINCT


# -- Hazienda: the last turn ------------------------------------------------------------------

def edge_midpoints(coord: str) -> list[tuple[int, int]]:
    _, grid, _ = hazienda_board.static_layer("symmetric", "")
    corners = grid.corners(*parse_coord(coord))
    return [(round((a[0] + b[0]) / 2), round((a[1] + b[1]) / 2))
            for a, b in zip(corners, corners[1:] + corners[:1], strict=True)]


def hex_rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))


@pytest.mark.parametrize("seat", [0, 2])
def test_the_last_turn_is_outlined_in_the_colour_of_its_player(seat):
    view = copy.deepcopy(HAZIENDA.view(played("hazienda", 3)[0], None))
    view.update(last_turn=["H10"], last_turn_seat=seat)
    image = hazienda_board.render(view, NAMES)
    colour = hex_rgb(hazienda_board.PLAYER_FILL[view["players"][seat]["colour"]])
    assert [image.getpixel(p) for p in edge_midpoints("H10")] == [colour] * 6
    view.update(last_turn=[], last_turn_seat=None)
    plain = hazienda_board.render(view, NAMES)
    assert colour not in [plain.getpixel(p) for p in edge_midpoints("H10")]


def test_the_view_says_who_played_the_last_turn():
    """When the turn passes from one seat to the next, the view names the seat that played."""
    states = played("hazienda", 3)
    checked = 0
    for before, after in itertools.pairwise(states):
        if before.current != after.current and after.last_turn:
            assert HAZIENDA.view(after, None)["last_turn_seat"] == before.current
            checked += 1
    assert checked > 10
    assert HAZIENDA.view(states[0], None)["last_turn_seat"] is None


def test_this_turns_changes_are_in_the_view_and_outlined_too():
    view = copy.deepcopy(HAZIENDA.view(played("hazienda", 3)[0], None))
    view["turn"]["changed"] = ["H10"]
    image = hazienda_board.render(view, NAMES)
    colour = hex_rgb(hazienda_board.PLAYER_FILL[view["players"][view["turn"]["seat"]]["colour"]])
    assert [image.getpixel(p) for p in edge_midpoints("H10")] == [colour] * 6


def test_the_empty_map_is_drawn_once_and_reused():
    hazienda_board.static_layer.cache_clear()
    view = HAZIENDA.view(played("hazienda", 3)[-1], None)
    first = hazienda_board.render(view, NAMES)
    second = hazienda_board.render(view, NAMES)
    assert hazienda_board.static_layer.cache_info().hits >= 1
    assert first.tobytes() == second.tobytes()


# -- Kuhlorado: meadows, troughs, herds ----------------------------------------------------------

def kuhlorado_view() -> dict:
    return copy.deepcopy(KUHLORADO.view(played("kuhlorado", 2)[0], None))


def test_each_meadow_shows_its_holder_along_its_edge():
    view = kuhlorado_view()
    view["meadow_leaders"] = {"north": 0, "east": 1, "south": None, "west": None}
    image = kuhlorado_board.render(view, NAMES)
    band = kuhlorado_board.MEADOW_BAND
    north = (round(kuhlorado_board.BOARD_X + kuhlorado_board.CELL * 0.5),
             round(kuhlorado_board.BOARD_Y - band / 2))
    east = (round(kuhlorado_board.BOARD_X + kuhlorado_board.BOARD + band / 2),
            round(kuhlorado_board.BOARD_Y + kuhlorado_board.CELL * 0.5))
    south = (north[0], round(kuhlorado_board.BOARD_Y + kuhlorado_board.BOARD + band / 2))
    assert image.getpixel(north) == kuhlorado_board.SYMBOL_COLOURS["x"]
    assert image.getpixel(east) == kuhlorado_board.SYMBOL_COLOURS["o"]
    assert image.getpixel(south) not in kuhlorado_board.SYMBOL_COLOURS.values()


@pytest.mark.parametrize("leader, rim", [(0, "x"), (1, "o"), (None, None)])
def test_each_trough_shows_its_holder(leader, rim):
    view = kuhlorado_view()
    trough = view["troughs"][0]
    trough["leader"] = leader
    image = kuhlorado_board.render(view, NAMES)
    x0, y0, x1, y1 = kuhlorado_board.cell_box(*kuhlorado_board.position_of(trough["cells"][0]))
    rim_point = (round((x0 + x1) / 2), round(y0 + 9 * kuhlorado_board.CELL / 80 + 2))
    expected = kuhlorado_board.TROUGH_RIM if rim is None else kuhlorado_board.SYMBOL_COLOURS[rim]
    assert image.getpixel(rim_point) == expected


def test_herds_are_outlined_in_their_players_colour():
    view = kuhlorado_view()
    free = [cell["label"] for row in view["cells"] for cell in row
            if cell["kind"] != "trough" and cell["label"] in ("B2", "C2")]
    assert free == ["B2", "C2"]
    inside_top = []
    for lbl in free:
        x0, y0, x1, _ = kuhlorado_board.cell_box(*kuhlorado_board.position_of(lbl))
        inside_top.append((round((x0 + x1) / 2), round(y0 + max(5, kuhlorado_board.CELL * 0.09))))
    without = kuhlorado_board.render(view, NAMES)
    view["herds"] = [{"seat": 1, "cells": free, "points": 0}]
    with_herd = kuhlorado_board.render(view, NAMES)
    blue = kuhlorado_board.SYMBOL_COLOURS["o"]
    assert [with_herd.getpixel(p) for p in inside_top] == [blue, blue]
    assert blue not in [without.getpixel(p) for p in inside_top]


def test_the_kuhlorado_view_lists_herds_of_two_or_more():
    states = played("kuhlorado", 2)
    view = KUHLORADO.view(states[-1], None)
    assert view["herds"]
    for herd in view["herds"]:
        assert len(herd["cells"]) >= 2
        symbol = "xo"[herd["seat"]]
        marks = {c["label"]: c["mark"] for row in view["cells"] for c in row}
        assert all(marks[c] == symbol for c in herd["cells"])
