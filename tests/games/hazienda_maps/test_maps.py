"""The two Hazienda boards and their loader (games/hazienda/maps.py)."""

from __future__ import annotations

from collections import Counter

import pytest

from games.hazienda.maps import (
    LAND_KINDS,
    MAP_NAMES,
    SPACE_KINDS,
    coord_name,
    load_map,
    parse_coord,
    parse_map,
)

MARKETS_PER_MAP = {"symmetric": 10, "asymmetric": 11}


@pytest.fixture(params=MAP_NAMES)
def board(request):
    return load_map(request.param)


def _connected(board, coords: set[str]) -> bool:
    start = next(iter(coords))
    reached, frontier = {start}, [start]
    while frontier:
        for nb in board.neighbours(frontier.pop()):
            if nb in coords and nb not in reached:
                reached.add(nb)
                frontier.append(nb)
    return reached == coords


def test_map_names_list_the_printed_sides_first():
    assert MAP_NAMES[:2] == ("symmetric", "asymmetric")


def test_load_map_is_cached_and_named_like_its_file(board):
    assert load_map(board.name) is board
    assert board.title


def test_unknown_map_name_is_refused():
    with pytest.raises(ValueError, match="unknown Hazienda map 'moon'"):
        load_map("moon")


@pytest.mark.parametrize("name, markets", sorted(MARKETS_PER_MAP.items()))
def test_market_count(name, markets):
    assert len(load_map(name).markets) == markets


def test_four_water_spaces(board):
    assert len(board.water_spaces) == 4
    assert board.water_spaces == board.coords_of_kind("water")


@pytest.mark.parametrize("kind", LAND_KINDS)
def test_each_land_kind_has_room_for_five_players(board, kind):
    assert 11 <= len(board.coords_of_kind(kind)) <= 14


def test_pampa_holds_animals_pampa_lands_and_ponds(board):
    # up to 150 animal tiles, pampa land tiles and 18 ponds covering 34 hexes
    assert len(board.coords_of_kind("pampa")) >= 200


def test_every_space_has_a_known_kind(board):
    counts = Counter(space.kind for space in board.spaces.values())
    assert set(counts) == set(SPACE_KINDS)
    assert sum(counts.values()) == len(board.spaces)


def test_market_spaces_know_their_market(board):
    for market_id, hexes in board.markets.items():
        for coord in hexes:
            assert board.spaces[coord].kind == "market"
            assert board.spaces[coord].market == market_id
    assert sorted(c for hexes in board.markets.values() for c in hexes) == sorted(
        board.coords_of_kind("market")
    )


def test_every_market_has_at_least_four_pampa_edges(board):
    for market_id in board.markets:
        edges = board.market_edges(market_id)
        assert all(board.spaces[e].kind != "market" for e in edges)
        pampa_edges = [e for e in edges if board.spaces[e].kind == "pampa"]
        assert len(pampa_edges) >= 4, (market_id, edges)


def test_market_edges_are_exactly_the_non_market_neighbours():
    board = parse_map("name: t\ntitle: T\n---\nPa Pa Pa\nPa K1 Mo\nPa K1 Pa\n")
    # K1 = B2 (odd row) and C2 (even row): B2 touches A2 A3 B1 B3 C2 C3, C2 touches B1 B2 C1 C3
    assert set(board.market_edges("K1")) == {"A2", "A3", "B1", "B3", "C1", "C3"}


def test_pampa_is_one_connected_region(board):
    assert _connected(board, set(board.coords_of_kind("pampa")))


def test_no_land_space_is_isolated(board):
    lands = {c for kind in LAND_KINDS for c in board.coords_of_kind(kind)}
    assert all(any(nb in lands for nb in board.neighbours(c)) for c in lands)


def test_every_market_is_reachable_over_pampa_from_the_land_ring(board):
    lands = {c for kind in LAND_KINDS for c in board.coords_of_kind(kind)}
    pampa = set(board.coords_of_kind("pampa"))
    reached = {c for c in pampa if any(nb in lands for nb in board.neighbours(c))}
    frontier = list(reached)
    while frontier:
        for nb in board.neighbours(frontier.pop()):
            if nb in pampa and nb not in reached:
                reached.add(nb)
                frontier.append(nb)
    for market_id in board.markets:
        assert reached & set(board.market_edges(market_id)), market_id


def test_neighbourhood_is_symmetric(board):
    for coord in board.spaces:
        assert coord not in board.neighbours(coord)
        assert len(board.neighbours(coord)) <= 6
        for nb in board.neighbours(coord):
            assert coord in board.neighbours(nb)


def test_odd_r_neighbours():
    board = parse_map("name: t\ntitle: T\n---\n" + "\n".join(["Pa Pa Pa Pa"] * 4))
    assert set(board.neighbours("B2")) == {"B1", "B3", "A2", "A3", "C2", "C3"}  # odd row
    assert set(board.neighbours("C2")) == {"C1", "C3", "B1", "B2", "D1", "D2"}  # even row
    assert set(board.neighbours("A1")) == {"A2", "B1"}


def test_symmetric_map_is_a_left_right_mirror_image():
    board = load_map("symmetric")
    for space in board.spaces.values():
        width = board.cols if space.row % 2 == 0 else board.cols - 1
        mirror = board.spaces.get(coord_name(space.row, width - 1 - space.col))
        assert mirror is not None, space.coord
        assert mirror.kind == space.kind, (space.coord, mirror.coord)
    # a market's mirror image is one whole market
    for hexes in board.markets.values():
        mirrored = {board.spaces[_mirror_coord(board, c)].market for c in hexes}
        assert len(mirrored) == 1


def _mirror_coord(board, coord: str) -> str:
    row, col = parse_coord(coord)
    width = board.cols if row % 2 == 0 else board.cols - 1
    return coord_name(row, width - 1 - col)


def test_asymmetric_map_is_not_a_mirror_image():
    board = load_map("asymmetric")
    differing = [
        c
        for c, space in board.spaces.items()
        if _mirror_coord(board, c) not in board.spaces
        or board.spaces[_mirror_coord(board, c)].kind != space.kind
    ]
    assert len(differing) > 50


def test_odd_rows_leave_the_last_column_empty_on_the_symmetric_map():
    board = load_map("symmetric")
    assert all(coord_name(r, board.cols - 1) not in board.spaces for r in range(1, board.rows, 2))


@pytest.mark.parametrize(
    "coord, row_col", [("A1", (0, 0)), ("C7", (2, 6)), ("R25", (17, 24)), ("c7", (2, 6))]
)
def test_coordinates_round_trip(coord, row_col):
    assert parse_coord(coord) == row_col
    assert coord_name(*row_col) == coord.upper()


def test_every_space_coordinate_round_trips(board):
    for coord, space in board.spaces.items():
        assert parse_coord(coord) == (space.row, space.col)
        assert coord_name(space.row, space.col) == coord


@pytest.mark.parametrize("bad", ["", "7C", "C", "C0", "Ä3", "CC7", "C-1"])
def test_bad_coordinates_are_refused(bad):
    with pytest.raises(ValueError, match="not a coordinate"):
        parse_coord(bad)


def test_neighbours_of_an_off_board_coordinate_is_an_error(board):
    with pytest.raises(ValueError, match="not a space"):
        board.neighbours("Z99")


def test_unknown_kind_and_market_are_errors(board):
    with pytest.raises(ValueError, match="unknown space kind"):
        board.coords_of_kind("desert")
    with pytest.raises(ValueError, match="no market"):
        board.market_edges("K0")


GOOD_HEADER = "# a comment\nname: tiny\ntitle: Tiny map\n---\n"


def test_parse_small_map():
    board = parse_map(GOOD_HEADER + "Pa Mo ..\nK1 K1 ..\n# trailing comment\nWa Sw Fo\n")
    assert (board.name, board.title, board.rows, board.cols) == ("tiny", "Tiny map", 3, 3)
    assert board.spaces["A2"].kind == "mountain"
    assert "A3" not in board.spaces
    assert board.markets == {"K1": ("B1", "B2")}
    assert board.water_spaces == ("C1",)


@pytest.mark.parametrize(
    "text, message",
    [
        ("name: x\ntitle: X\nPa Pa\n", "no '---' line"),
        ("title: X\n---\nPa\n", "no 'name' line"),
        ("name: x\ntitle: X\ncolour: red\n---\nPa\n", "line 3: expected a header line"),
        ("name: x\nname: y\ntitle: X\n---\nPa\n", "header 'name' given twice"),
        ("name: x\ntitle: X\n---\n", "empty grid"),
        ("name: x\ntitle: X\n---\nPa Pa\nPa\n", r"line 5 \(row B\) has 1 tokens, expected 2"),
        ("name: x\ntitle: X\n---\nPa Xx\n", "line 4, space A2: unknown token 'Xx'"),
        ("name: x\ntitle: X\n---\nPaPa\n", "unknown token 'PaPa'"),
        ("name: x\ntitle: X\n---\nK1 Pa K1\n", "hexes of market K1 .* are not all adjacent"),
        ("name: x\ntitle: X\n---\n" + "Pa\n" * 27, "27 rows; at most 26"),
    ],
)
def test_parse_errors_are_clear(text, message):
    with pytest.raises(ValueError, match=message):
        parse_map(text)


def test_a_third_map_is_just_another_file(tmp_path, monkeypatch):
    from games.hazienda import maps

    for stem in ("zeta", "asymmetric", "alpha", "symmetric"):
        (tmp_path / f"{stem}.map").write_text("name: x\ntitle: X\n---\nPa\n")
    (tmp_path / "notes.txt").write_text("not a map")
    monkeypatch.setattr(maps, "MAPS_DIR", tmp_path)
    assert maps._map_names() == ("symmetric", "asymmetric", "alpha", "zeta")
