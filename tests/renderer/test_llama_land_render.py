"""The Llama Land images: the portrait board and the decision images, drawn from views of
the engine's own set-up with estates written in the notation."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageDraw

from games import get_game
from games.ai import choose_random
from games.llama_land import GAME
from games.llama_land.estate import Cell
from games.llama_land.views import public_view
from games.rng import Rng
from renderer import RENDERERS, render_decision_png, render_decision_pngs, render_png
from renderer.fonts import TextDraw, recording
from renderer.llama_land.board import WIDTH, estate_frames, parts, render, render_part
from renderer.llama_land.decision import (
    CANDIDATE_COLOURS,
    Panel,
    panel_groups,
    render_decision,
    render_decision_pages,
)
from renderer.llama_land.estate import GridFrame
from renderer.llama_land.table import DEFAULT_COLOURS, PLAYER_RGB, cells_in, table_of_view
from testkit.samples import played
from tests.renderer.llama_land_samples import (
    MID_LAST_TURN,
    NAMES,
    end_view,
    mid_state,
    mid_view,
    start_view,
)

PHONE_WIDTH = 400


def png_image(data: bytes) -> Image.Image:
    """The posted image in RGB (boards are palette PNGs: colours come within a few units)."""
    assert data.startswith(b"\x89PNG")
    return Image.open(io.BytesIO(data)).convert("RGB")


@pytest.fixture
def text_sizes(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The font size of every text drawn while the test runs."""
    sizes: list[int] = []

    def recorded(original):
        def recording(self, xy, text, fill=None, font=None, *args, **kwargs):
            if str(text).strip():
                sizes.append(font.size)
            return original(self, xy, text, fill, font, *args, **kwargs)
        return recording

    # Renderers draw on renderer.fonts.TextDraw (cached text), which overrides text().
    for cls in (ImageDraw.ImageDraw, TextDraw):
        monkeypatch.setattr(cls, "text", recorded(cls.__dict__["text"]))
    return sizes


def place(cells: list[tuple[int, int]]) -> str:
    return " ".join(f"r{r}c{c}" for r, c in cells)


def translations(shape: list[tuple[int, int]], estate: set[tuple[int, int]]) -> list[str]:
    """Every extension of ``shape`` (one orientation) next to ``estate``, as ``Option.at``."""
    frontier = {(r + dr, c + dc) for r, c in estate for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))}
    frontier -= estate
    found = []
    for fr, fc in sorted(frontier):
        for r, c in shape:
            cells = [(fr - r + sr, fc - c + sc) for sr, sc in shape]
            if not estate & set(cells) and place(cells) not in found:
                found.append(place(cells))
    return found


P_SHAPE = [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)]


def views() -> dict[str, dict]:
    return {
        "start, 2 players": start_view(2),
        "mid-game, 2 players": mid_view(2),
        "mid-game, 3 players, experts": mid_view(3, "experts"),
        "mid-game, 4 players": mid_view(4),
        "mid-game, beginners": mid_view(2, "beginners"),
        "end, 3 players": end_view(3),
    }


def test_the_renderer_is_registered_and_draws_a_png() -> None:
    assert RENDERERS["llama-land"] == "renderer.llama_land"
    image = png_image(render_png("llama-land", mid_view(2), NAMES[:2]))
    assert image.width == WIDTH


@pytest.mark.parametrize("name", list(views()))
def test_every_board_is_portrait_and_its_smallest_text_reads_at_phone_width(
        name: str, text_sizes: list[int]) -> None:
    view = views()[name]
    image = render(view, NAMES)
    assert image.height > image.width, "stacked for a phone, not wide"
    smallest = min(text_sizes) * PHONE_WIDTH / image.width
    assert smallest >= 9, f"{name}: text {min(text_sizes)} px is {smallest:.1f} px at 400 wide"


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_posted_board_and_its_parts_fit_a_phone(seats: int, text_sizes: list[int]) -> None:
    """« a posted board is at most twice as tall as it is wide » (Llama Land at
    four players was up to 800 × 4,772): each estate, and the objectives, are parts shown
    on demand; every text stays ≥ 9 px at 400 px wide, in the parts too."""
    game = get_game("llama-land")
    states = played("llama-land", seats)
    for state in (states[0], states[1], states[len(states) // 2], states[-1]):
        view = game.view(state, None)
        board = render(view, NAMES[:seats])
        assert board.height <= 2 * board.width, board.size
        keys = [key for key, _name in parts(view, NAMES[:seats])]
        estates = [f"estate:{p['seat']}" for p in view["players"] if p["estate"]["rows"]]
        assert keys == [*estates, "objectives"]
        for key in keys:
            part = render_part(view, NAMES[:seats], key)
            assert part is not None and part.height <= 2 * part.width, (key, part.size)
    assert min(text_sizes) * PHONE_WIDTH / WIDTH >= 9
    assert render_part(game.view(states[-1], None), NAMES[:seats], "estate:9") is None


def test_each_player_adds_a_block_below_the_others() -> None:
    heights = [render(mid_view(n), NAMES).height for n in (2, 3, 4)]
    assert heights == sorted(heights) and len(set(heights)) == 3


def test_the_last_turn_of_each_player_is_outlined_in_their_colour() -> None:
    view = mid_view(4)
    frames = estate_frames(view, NAMES)
    for seat in range(4):
        image = render_part(view, NAMES, f"estate:{seat}")
        colour = PLAYER_RGB[DEFAULT_COLOURS[seat]]
        r, c = parse(MID_LAST_TURN[seat][0])
        x0, y0, x1, y1 = frames[seat].box((r, c))
        cells = {parse(n) for n in MID_LAST_TURN[seat]}
        # the outline runs along a side of the cell that borders no other changed cell
        if (r - 1, c) not in cells:
            spot = ((x0 + x1) / 2, y0 + 2)
        elif (r, c - 1) not in cells:
            spot = (x0 + 2, (y0 + y1) / 2)
        else:
            spot = ((x0 + x1) / 2, y1 - 2)
        assert image.getpixel((round(spot[0]), round(spot[1]))) == colour, seat


def parse(name: str) -> tuple[int, int]:
    row, col = name[1:].split("c")
    return int(row), int(col)


def test_heights_are_shades_and_numbers_and_icons_sit_on_plates() -> None:
    """A level-5 cell and a level-1 cell differ in shade (the numbers are checked by size)."""
    view = mid_view(2)
    image = render_part(view, NAMES, "estate:1")
    frame = estate_frames(view, NAMES)[1]
    estate = table_of_view(view, NAMES).players[1].estate
    high = next(cell for cell, stack in estate.cells.items() if stack.height == 5)
    low = next(cell for cell, stack in estate.cells.items() if stack.height == 1)
    corner = lambda box: (round(box[2]) - 6, round(box[1]) + 6)  # noqa: E731 - top-right
    assert image.getpixel(corner(frame.box(high))) != image.getpixel(corner(frame.box(low)))


def test_views_with_no_estate_yet_show_the_faces_to_choose_from() -> None:
    view = start_view(2)
    assert view["start_faces"] and all(not p["estate"]["rows"] for p in view["players"])
    image = render(view, NAMES)
    assert image.width == WIDTH


# -- decision images -------------------------------------------------------------------------
def decision_marks(view: dict) -> dict[str, str]:
    seat = view["current"]
    estate = table_of_view(view, NAMES).player(seat).estate
    places = translations(P_SHAPE, set(estate.cells))
    return {at: str(i + 1) for i, at in enumerate(places)}


def test_a_decision_image_marks_every_place_and_reads_at_phone_width(
        text_sizes: list[int]) -> None:
    state = mid_state(2)
    state.pile, state.tile, state.phase = "P", 3, "place"

    view = public_view(state, None)
    marks = decision_marks(view)
    assert len(marks) >= 10
    image = png_image(render_decision_png("llama-land", view, NAMES, marks))
    assert image.width >= WIDTH
    assert min(text_sizes) * PHONE_WIDTH / image.width >= 9
    # every mark is drawn in its candidate's colour (the first twelve are all different)
    colours = {image.getpixel((x, y)) for x in range(0, image.width, 2)
               for y in range(0, image.height, 2)}

    def drawn(wanted: tuple[int, int, int]) -> bool:
        return any(max(abs(a - b) for a, b in zip(c, wanted, strict=True)) <= 12 for c in colours)

    assert all(drawn(colour) for colour in CANDIDATE_COLOURS[:12])


def test_marks_stand_on_the_first_cell_of_their_place_unless_crowded() -> None:
    view = mid_view(2)
    table = table_of_view(view, NAMES)
    candidates = [(cells_in(at), mark) for at, mark in decision_marks(view).items()]
    panel = Panel(table.player(view["current"]), None, candidates, titled=False)
    frame = GridFrame(0, 0, panel.cell, panel.top, panel.left)
    spots = panel.place_marks(frame)
    for (cells, _), (centre, radius) in zip(candidates, spots, strict=True):
        assert box_holds(frame.box(cells[0]), centre), "one way of lying: first cells differ"
        assert radius * 2 >= 0.4 * panel.cell


def box_holds(box: tuple[float, float, float, float], point: tuple[float, float]) -> bool:
    return box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3]


def test_a_llama_decision_marks_single_cells() -> None:
    view = mid_view(2)
    estate = table_of_view(view, NAMES).player(view["current"]).estate
    free = [cell for cell, stack in estate.cells.items() if stack.top == "-"]
    marks = {f"r{r}c{c}": chr(ord("A") + i) for i, (r, c) in enumerate(free[:12])}
    image = render_decision(view, NAMES, marks)
    assert image is not None and image.width >= WIDTH


def test_no_decision_image_without_places_on_the_estate() -> None:
    view = mid_view(2)
    assert render_decision(view, NAMES, {}) is None
    assert render_decision(view, NAMES, {"corn": "1", "hills:top": "2"}) is None
    assert render_decision_png("llama-land", view, NAMES, {}) is None


def places_lying_three_ways() -> tuple[dict, dict[str, str]]:
    """A mid-game view and the marks of every place of three tile shapes on its estate."""
    view = mid_view(2)
    estate = table_of_view(view, NAMES).player(view["current"]).estate
    shapes = [P_SHAPE, [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1)],
              [(0, 1), (1, 0), (1, 1), (2, 1), (3, 1)]]
    marks = {at: str(i + 1) for i, at in enumerate(
        at for shape in shapes for at in translations(shape, set(estate.cells)))}
    return view, marks


def test_many_places_lying_several_ways_get_a_panel_each_with_every_number(
        text_sizes: list[int]) -> None:
    view, marks = places_lying_three_ways()
    assert len(marks) > 48
    assert len(panel_groups([(cells_in(at), m) for at, m in marks.items()])) == 3
    with recording() as log:
        image = render_decision(view, NAMES, marks)
    assert image is not None and image.width == WIDTH
    assert [tag for _, tag in log.sizes].count("mark") == len(marks)
    assert min(text_sizes) * PHONE_WIDTH / image.width >= 9


def test_places_lying_several_ways_come_as_one_page_each_for_a_gallery(
        text_sizes: list[int]) -> None:
    """The panels' images: one image per way the tile lies (Discord shows them as a
    gallery, each at the screen's width), every number on one of them, each page no
    taller than a phone screen shows well; one way of lying stays the one image."""
    view, marks = places_lying_three_ways()
    with recording() as log:
        pages = render_decision_pages(view, NAMES, marks)
    assert len(pages) == 3
    assert [tag for _, tag in log.sizes].count("mark") == len(marks)
    stacked = render_decision(view, NAMES, marks)
    assert stacked is not None and all(p.width == WIDTH for p in pages)
    assert all(p.height < stacked.height / 2 for p in pages)
    assert all(p.height <= 2.5 * p.width for p in pages)
    assert min(text_sizes) * PHONE_WIDTH / WIDTH >= 9
    assert len(render_decision_pngs("llama-land", view, NAMES, marks)) == 3

    estate = table_of_view(view, NAMES).player(view["current"]).estate
    one_way = {at: str(i + 1) for i, at in enumerate(translations(P_SHAPE, set(estate.cells)))}
    (single,) = render_decision_pages(view, NAMES, one_way)
    alone = render_decision(view, NAMES, one_way)
    assert alone is not None and single.tobytes() == alone.tobytes()
    assert render_decision_pages(view, NAMES, {}) == []


def test_a_very_wide_estate_shrinks_its_cells_not_the_text(text_sizes: list[int]) -> None:
    state = mid_state(2)

    estate = state.players[0].estate
    for c in range(5, 30):
        estate.cells[(3, c)] = Cell(1, "c" if c % 3 else "-")
    view = public_view(state, None)
    image = render(view, NAMES)
    assert image.width == WIDTH
    assert min(text_sizes) * PHONE_WIDTH / image.width >= 9


# -- every position of random games ------------------------------------------------------------
def render_along_a_random_game(seats: int, variant: str, seed: int, every: int) -> int:
    """Play a random game; draw the board every ``every`` steps and at the end, and the
    decision image of every decision with places (marks numbered as a front end would).
    Returns the number of decision images."""
    state = GAME.setup(seats, GAME.parse_options({"variant": variant}), seed)
    rng = Rng.from_seed(seed)
    names = NAMES[:seats]
    images = 0
    step = 0
    while (decision := GAME.pending(state)) is not None:
        view = GAME.view(state, decision.seat)
        marks: dict[str, str] = {}
        for number, option in enumerate(decision.options, start=1):
            if option.at:
                marks[option.at] = f"{marks[option.at]}/{number}" if option.at in marks \
                    else str(number)
        if marks:
            image = render_decision(view, names, marks)
            assert image is not None and image.width == WIDTH
            images += 1
        if step % every == 0:
            assert render(view, names).width == WIDTH
        state = GAME.apply(state, decision.seat, choose_random(GAME, state, decision.seat, rng)).state
        step += 1
    view = GAME.view(state, None)
    assert view["over"] and view["winners"]
    assert render(view, names).width == WIDTH
    return images


def test_the_images_of_a_random_three_player_game() -> None:
    assert render_along_a_random_game(3, "experts+llamas", 12, every=25) > 10


@pytest.mark.soak
@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("variant", ["standard", "beginners", "experts", "llamas",
                                     "experts+llamas"])
def test_soak_images_of_random_games(seats: int, variant: str) -> None:
    """``make soak``: the board every 4th step and every decision image of 6 random games
    per player count and variant (the engine's own soak checks the rules)."""
    for seed in range(6):
        render_along_a_random_game(seats, variant, 500 + seed, every=4)
