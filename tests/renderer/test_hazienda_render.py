"""The Hazienda board image, drawn from sample views that follow the shared view schema."""

from __future__ import annotations

import random

import pytest

from bot.discord_ui.panel_layout import decision_marks  # marks as the panels number them
from games import get_game
from games.ai import choose_random
from games.hazienda import GAME
from games.hazienda.maps import LAND_KINDS, MAP_NAMES, load_map
from games.rng import Rng
from renderer import AREA_FIRST, MAX_PAGES, decision_areas, render_png
from renderer.hazienda.board import (
    PLAYER_FILL,
    WIDTH,
    decision_regions,
    map_of_view,
    marks_legible,
    part_marks,
    render,
    render_decision_pages,
    static_layer,
)
from testkit.samples import played

COLOURS = ("red", "blue", "yellow", "green", "black")
SPECIES = ("cattle", "horse", "pig", "sheep")
NAMES = ["Alice", "Bartholomew the Magnificent", "Chen", "Dolores", "Eik"]


def empty_view(map_name: str, players: int = 3) -> dict:
    board = load_map(map_name)
    colours = list(COLOURS[:players])
    return {
        "game": "hazienda",
        "map": map_name,
        "variant1": False,
        "variant2": False,
        "colours": colours,
        "lands": {},
        "animals": {},
        "ponds": [{"id": i, "coords": [c], "size": 1} for i, c in enumerate(board.water_spaces)],
        "haciendas": [],
        "harvest": [],
        "players": [
            {"seat": s, "colour": c, "money": 20, "hand_size": 12, "markets": [], "score": 0}
            for s, c in enumerate(colours)
        ],
        "face_up": {
            "land": ["forest", "pampa", "swamp", "mountain"],
            "animal": ["pig", "cattle", "sheep", "horse"],
        },
        "piles": {
            "land_deck": 80 - 8 * players - 4,
            "animal_deck": 20,
            "animal_second_pile": 20,
            "haciendas": 9,
            "harvest": 8,
            "ponds": {"1": 5, "2": 4, "3": 3, "4": 2},
        },
        "turn": {"seat": 0, "actions_left": 3, "phase": "main"},
        "last_turn": [],
        "scores": {str(s): _zero_scores() for s in range(players)},
        "scorings": [],
        "over": False,
        "winners": [],
        "private": None,
    }


def _zero_scores() -> dict:
    return dict.fromkeys(("markets", "domains", "haciendas", "ponds", "money", "herds", "total"), 0)


def busy_view(map_name: str, seed: int = 7, players: int = 5) -> dict:
    """A plausible mid-game: every colour with land clumps, herds growing to markets, ponds."""
    rng = random.Random(seed)
    board = load_map(map_name)
    view = empty_view(map_name, players)
    taken: set[str] = set(board.water_spaces)
    lands, animals = view["lands"], view["animals"]
    land_spaces = [c for kind in LAND_KINDS for c in board.coords_of_kind(kind)]
    for colour in view["colours"]:
        for _ in range(2):  # two domains of 2..5 tiles
            start = rng.choice([c for c in land_spaces if c not in taken])
            clump = [start]
            while len(clump) < rng.randint(2, 5):
                options = [
                    n
                    for c in clump
                    for n in board.neighbours(c)
                    if n in land_spaces and n not in taken | set(clump)
                ]
                if not options:
                    break
                clump.append(rng.choice(options))
            for c in clump:
                lands[c] = colour
                taken.add(c)
        for _ in range(rng.randint(4, 9)):  # a herd grown from its lands
            own = [
                c
                for c, col in {**lands, **{a: v["colour"] for a, v in animals.items()}}.items()
                if col == colour
            ]
            options = [
                n
                for c in own
                for n in board.neighbours(c)
                if board.spaces[n].kind == "pampa" and n not in taken
            ]
            if not options:
                break
            spot = rng.choice(options)
            animals[spot] = {"colour": colour, "species": rng.choice(SPECIES)}
            taken.add(spot)
    free_pampa = [c for c in board.coords_of_kind("pampa") if c not in taken]
    pond_hexes = [rng.choice(free_pampa)]
    pond_hexes.append(next(n for n in board.neighbours(pond_hexes[0]) if n in free_pampa))
    view["ponds"].append({"id": 4, "coords": pond_hexes, "size": 2})
    for p in view["players"]:
        colour = p["colour"]
        p["markets"] = [
            m
            for m in board.markets
            if any(animals.get(e, {}).get("colour") == colour for e in board.market_edges(m))
        ]
        p["money"] = rng.randint(0, 60)
        p["hand_size"] = rng.randint(3, 14)
        p["score"] = rng.randint(5, 60)
    owned = sorted(lands)
    view["haciendas"] = owned[:3] + sorted(animals)[:2]
    view["harvest"] = owned[3:6]
    view["last_turn"] = sorted(animals)[-3:]
    view["turn"] = {"seat": 1, "actions_left": 2, "phase": "main"}
    view["piles"].update({"land_deck": 23, "animal_deck": 6, "haciendas": 4, "harvest": 5})
    view["piles"]["ponds"] = {"1": 5, "2": 3, "3": 3, "4": 2}
    view["face_up"] = {
        "land": ["stone", "meadow", "meadow", "pampa"],
        "animal": ["horse", "horse", "pig", "sheep"],
    }
    view["scorings"] = [{"kind": "intermediate"}]
    return view


def finished_view(map_name: str) -> dict:
    view = busy_view(map_name, seed=11, players=4)
    view["over"] = True
    view["turn"] = None
    view["last_turn"] = []
    for seat, breakdown in view["scores"].items():
        values = {
            "markets": 10 + int(seat),
            "domains": 14,
            "haciendas": 6,
            "ponds": 9,
            "money": 2,
            "herds": 0,
        }
        breakdown.update(values, total=sum(values.values()))
    for p in view["players"]:
        p["score"] = view["scores"][str(p["seat"])]["total"]
    view["winners"] = [3]
    view["piles"].update({"animal_deck": 0, "animal_second_pile": 0})
    return view


def seat_view(view: dict, seat: int) -> dict:
    hand = {"land": {"forest": 2, "pampa": 1, "swamp": 3}, "animal": {"pig": 1, "sheep": 2}}
    return {**view, "private": {"seat": seat, "hand": hand}}


SAMPLES = {
    "empty-symmetric": lambda: empty_view("symmetric"),
    "empty-asymmetric": lambda: empty_view("asymmetric"),
    "busy-symmetric": lambda: busy_view("symmetric"),
    "busy-asymmetric": lambda: seat_view(busy_view("asymmetric", seed=3), 1),
    "finished-symmetric": lambda: finished_view("symmetric"),
}


@pytest.mark.parametrize("sample", sorted(SAMPLES))
def test_render_is_a_phone_shaped_image_of_the_fixed_width(sample):
    image = render(SAMPLES[sample](), NAMES)
    assert image.width == WIDTH
    assert image.width * 0.8 < image.height < image.width * 1.4  # board above, strip below
    assert image.mode == "RGB"


@pytest.mark.parametrize("map_name", MAP_NAMES)
def test_png_through_the_dispatcher_is_small(map_name):
    png = render_png("hazienda", busy_view(map_name), NAMES)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(png) < 1_500_000


def test_spectator_view_renders_without_private_data():
    view = busy_view("symmetric")
    assert view["private"] is None
    render(view, NAMES)


def test_private_hand_is_drawn_only_in_that_seats_view():
    public = busy_view("symmetric")
    private = seat_view(public, 1)
    assert render(public, NAMES).tobytes() != render(private, NAMES).tobytes()


def test_the_five_player_colours_are_distinct():
    assert set(PLAYER_FILL) == set(COLOURS)
    assert len(set(PLAYER_FILL.values())) == 5


def test_pieces_change_the_picture():
    empty = render(empty_view("symmetric", 5), NAMES)
    busy = render(busy_view("symmetric"), NAMES)
    assert empty.tobytes() != busy.tobytes()


def test_missing_names_fall_back_to_seat_numbers():
    image = render(busy_view("asymmetric"), ["Solo"])
    assert image.width == WIDTH


TINY_MAP = "name: tiny\ntitle: Tiny test map\n---\nPa Pa Mo Pa\nK1 Pa Fo ..\nPa Wa Pa Pa\n"


def test_a_view_carrying_its_map_text_renders_that_map():
    view = {**empty_view("symmetric", 2), "map": "custom", "map_text": TINY_MAP, "ponds": []}
    view["lands"] = {"A3": "red"}
    view["animals"] = {"A4": {"colour": "red", "species": "sheep"}}
    assert render(view, NAMES).width == WIDTH


def test_an_unknown_map_without_its_text_is_a_clear_error():
    view = {**empty_view("symmetric", 2), "map": "custom"}
    with pytest.raises(ValueError, match="cannot draw the Hazienda map 'custom'"):
        render(view, NAMES)


def test_a_pond_being_placed_is_drawn():
    view = busy_view("symmetric")
    free = next(
        c for c in load_map("symmetric").coords_of_kind("pampa") if c not in view["animals"]
    )
    placing = {**view, "turn": {**view["turn"], "phase": "place_pond", "pond_cells": [free]}}
    assert render(view, NAMES).tobytes() != render(placing, NAMES).tobytes()


@pytest.mark.parametrize("map_name, seats, steps", [("symmetric", 5, 150), ("asymmetric", 2, 400)])
def test_engine_views_render(map_name, seats, steps):
    state = GAME.setup(seats, GAME.parse_options({"map": map_name}), 5)
    rng = Rng.from_seed(5)
    for _ in range(steps):
        decision = GAME.pending(state)
        if decision is None:
            break
        state = GAME.apply(
            state, decision.seat, choose_random(GAME, state, decision.seat, rng)
        ).state
    for seat in (None, 0):
        view = GAME.view(state, seat)
        assert (view["private"] is None) == (seat is None)
        assert render(view, NAMES[:seats]).width == WIDTH


def test_conquered_markets_are_marked_on_the_board():
    view = empty_view("symmetric", 2)
    conquered = {**view, "players": [{**view["players"][0], "markets": ["K1"]}, view["players"][1]]}
    map_box = (0, 0, WIDTH, static_layer("symmetric", "")[0].height)
    before, after = render(view, NAMES).crop(map_box), render(conquered, NAMES).crop(map_box)
    assert before.tobytes() != after.tobytes()


# -- decision images a phone can read ---------------------------------------------------


def decisions_with_places(seats: int):
    game = get_game("hazienda")
    for state in played("hazienda", seats):
        decision = game.pending(state)
        marks = decision_marks(decision) if decision is not None else {}
        if marks:
            yield game.view(state, decision.seat), decision, marks


@pytest.mark.parametrize("seats", [2, 5])
def test_no_decision_image_draws_a_mark_too_small_or_over_another(seats):
    """« never draw more badges than stay legible (≥ 9 px, not overlapping) »: a decision
    whose marks do not fit one image legibly comes as pages (up to eight, each legible),
    or, with more than 60 places, asks for an area first (each area legible, 25 places at
    most). The first pond hex (300 places) asks the engine's way: a part of the map first
    (each part one number on an overview of the map), then its places."""
    pond = 0
    for view, decision, marks in decisions_with_places(seats):
        board = map_of_view(view)
        areas = decision_areas("hazienda", view, marks)
        parts = part_marks(view, marks)
        if parts:
            assert len(parts) == len(marks) <= 24 and areas is None
            pond += 1  # a part of the map first (animals, pampa lands, a pond's first hex)
            groups = []
        elif len(marks) > AREA_FIRST:
            assert areas is not None, decision.prompt
            assert all(len(places) <= 25 for _letter, places in areas)
            pond += "pond" in decision.prompt
            groups = [places for _letter, places in areas]
        else:
            assert areas is None
            regions = decision_regions(view, marks)
            groups = [list(marks)] if regions is None else [p for _l, p in regions]
            assert len(groups) <= MAX_PAGES, (decision.prompt, len(groups))
        for places in groups:
            assert marks_legible(board, {p: marks[p] for p in places}), decision.prompt
    assert pond


def test_the_first_pond_hex_is_picked_by_part_of_the_map_on_an_overview():
    """« Pick the region first on an overview »: the engine asks for a part of
    the map first (games/hazienda/turn.py, map_areas); its image is the whole map with
    each part framed and numbered as its button, then the part's places are numbered on a
    legible image of their own."""
    game = get_game("hazienda")
    state = next(s for s in played("hazienda", 2, seed=1)
                 if game.pending(s) is not None and "pond hex 1" in game.pending(s).prompt)
    decision = game.pending(state)
    view, marks = game.view(state, decision.seat), decision_marks(decision)
    parts = part_marks(view, marks)
    assert 10 <= len(parts) <= 24
    assert sorted(int(mark) for mark, _spaces in parts) == list(range(1, len(parts) + 1))
    (overview,) = render_decision_pages(view, NAMES[:2], marks)
    assert overview.height <= 2 * overview.width
    for option in decision.options[:3]:
        inside = game.apply(state, decision.seat, option.key).state
        inner = decision_marks(game.pending(inside))
        assert 0 < len(inner) <= 24
        assert marks_legible(map_of_view(view), inner)
        (page,) = render_decision_pages(game.view(inside, decision.seat), NAMES[:2], inner)
        assert page.width == 800
