"""The trail of the Great Western Trail: Argentina board (« the trail with every
tile and estanciero, tolls »): drawn in the order of the board's trail with its forks,
every toll a hand icon with this table's price, trail moves marked on decision images,
and every text in the viewer's language."""

from __future__ import annotations

import itertools
import re

import pytest

from games.gwt_argentina import GAME
from games.gwt_argentina.data.trail import ALL_SPACES, SHORTCUTS, TOLLS, TRAIL
from games.gwt_argentina.trail import hand_of
from games.i18n import PSEUDO, using
from renderer.gwt_argentina import board as gwt_board
from renderer.gwt_argentina import layers as gwt_layers
from renderer.gwt_argentina import trail as gwt_trail
from renderer.gwt_argentina.canvas import WIDTH, Canvas
from testkit.samples import decision_marks, played

NAMES = ["Alice", "Bob", "Chen", "Dolores"]


def boxes(top: float = 0) -> dict[str, tuple[float, float, float, float]]:
    return {space: gwt_trail.space_box(space, top) for space in (*gwt_trail.LAYOUT, "BA")}


def test_every_space_of_the_trail_is_drawn_once():
    assert set(gwt_trail.LAYOUT) | {"BA"} == set(ALL_SPACES)


def test_the_trail_runs_as_printed_from_the_lower_left_to_buenos_aires_upper_right():
    """« du coin inférieur gauche du plateau de jeu jusqu'à Buenos Aires, situé dans le
    coin supérieur droit » (rulebook p. 6). Players who own the game read it faster the
    way it is printed."""
    spaces = boxes()
    start, ba = spaces["START"], spaces["BA"]
    assert start[0] == min(b[0] for b in spaces.values())
    assert start[3] >= max(b[3] for s, b in spaces.items() if s != "START") - gwt_trail.BOX_H
    assert ba[2] == max(b[2] for b in spaces.values())
    assert ba[1] == min(b[1] for b in spaces.values())
    # the neutral buildings A … H climb the board band by band
    tops = [spaces[f"N{i}"][1] for i in range(1, 9)]
    assert tops == sorted(tops, reverse=True) or all(
        a >= b for a, b in zip(tops, tops[1:], strict=False)), tops


def test_no_two_spaces_overlap_and_all_fit_the_width():
    for a, b in itertools.combinations(boxes().items(), 2):
        (_, (ax0, ay0, ax1, ay1)), (_, (bx0, by0, bx1, by1)) = a, b
        assert ax1 <= bx0 or bx1 <= ax0 or ay1 <= by0 or by1 <= ay0, (a[0], b[0])
    for x0, _y0, x1, _y1 in boxes().values():
        assert 0 <= x0 and x1 <= WIDTH


def test_a_fork_runs_on_two_lanes_that_meet_at_the_next_neutral_building():
    """« un parcours qui serpente et bifurque » (p. 6): after each neutral building with
    two ways on (A, B, E) the two ways run side by side, one lane above the other, from
    beside the fork to the next neutral building, where both end."""
    for fork, (upper, lower), join in (("N1", ("P1", "GF1"), "N2"), ("N2", ("G3", "BF1"), "N3"),
                                       ("N5", ("G5", "RG3"), "N6")):
        assert set(TRAIL[fork]) == {upper, lower}
        assert gwt_trail.LAYOUT[upper][1] + 1 == gwt_trail.LAYOUT[lower][1]
        assert abs(gwt_trail.LAYOUT[fork][1] - (gwt_trail.LAYOUT[upper][1] + 0.5)) <= 1
        for first in (upper, lower):
            lane, space = [], first
            while space != join:
                lane.append(space)
                [space] = TRAIL[space]
            assert {gwt_trail.LAYOUT[s][1] for s in lane} == {gwt_trail.LAYOUT[first][1]}, lane
            columns = [gwt_trail.LAYOUT[s][0] for s in lane]
            assert columns in (sorted(columns), sorted(columns, reverse=True)), lane


def test_each_link_is_drawn_with_an_arrow_in_the_direction_of_travel():
    drawn = gwt_trail._links(0)
    links = [(s, t) for s, targets in TRAIL.items() for t in targets
             if s != "BA" and not (s in SHORTCUTS and t == "BA")]
    assert len(drawn) == len(links)
    centres = {space: gwt_trail._centre(box) for space, box in boxes().items()}
    for (space, target), ((a, b), (tip, left, right)) in zip(links, drawn, strict=True):
        assert a == centres[space], (space, target)
        base = ((left[0] + right[0]) / 2, (left[1] + right[1]) / 2)
        along = (tip[0] - base[0]) * (b[0] - a[0]) + (tip[1] - base[1]) * (b[1] - a[1])
        assert along > 0, (space, target)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_hand_on_the_trail_shows_its_toll_for_the_table(monkeypatch, seats):
    """« À 2 joueurs : chaque main noire coûte 1 peso et chaque main verte coûte 2 pesos
    ... À 4 joueurs : ... verte 1. »"""
    drawn = []
    real = gwt_trail.paint_hand

    def spy(canvas, x, y, colour, toll):
        drawn.append((colour, toll))
        return real(canvas, x, y, colour, toll)

    monkeypatch.setattr(gwt_trail, "paint_hand", spy)
    monkeypatch.setattr(gwt_layers, "KEEP", False)  # every space drawn
    monkeypatch.setattr(gwt_board, "_HEIGHTS", {})  # a board drawn once, not redrawn taller
    states = played("gwt-argentina", seats)
    view = GAME.view(states[len(states) // 2], None)
    gwt_board.render(view, NAMES[:seats])

    state = states[len(states) // 2]
    hands = [hand_of(state, space) for space in state.board.trail]
    expected = sorted((h, TOLLS[seats][h]) for h in hands if h)
    assert expected and sorted(drawn) == expected


def test_a_trail_move_is_marked_on_every_reachable_location(monkeypatch):
    """« Moves along the trail ... are shown on decision images (the region
    concerned, the options numbered as on the buttons) »."""
    drawn = []
    real = gwt_board.draw_mark

    def spy(draw, centre, text, size):
        drawn.append(text)
        return real(draw, centre, text, size)

    monkeypatch.setattr(gwt_board, "draw_mark", spy)
    for state in played("gwt-argentina", 3):
        decision = GAME.pending(state)
        if decision is None:
            continue
        moves = [o for o in decision.options
                 if o.key.startswith("to:") and o.at in gwt_trail.LAYOUT]
        if len(moves) >= 3:
            break
    else:
        raise AssertionError("no trail move with three choices in the sample game")
    marks = decision_marks(decision)
    image = gwt_board.render_decision(GAME.view(state, decision.seat), NAMES[:3], marks)
    assert image is not None and image.width == WIDTH
    assert sorted(drawn) == sorted(marks.values())
    numbers = {o.at: str(i) for i, o in enumerate(decision.options, 1) if o in moves}
    assert all(marks[place] == number for place, number in numbers.items())


def drawn_texts(monkeypatch, lang: str, seat: int | None = 1) -> list[str]:
    texts: list[str] = []
    real = Canvas.text

    def spy(self, xy, text, *args, **kwargs):
        texts.append(text)
        return real(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(Canvas, "text", spy)
    states = played("gwt-argentina", 3)
    with using(lang):
        for state in (states[0], states[len(states) // 2], states[-1]):
            view = GAME.view(state, seat)
            gwt_board.render(view, NAMES[:3])
            for part, _name in gwt_board.parts(view, NAMES[:3]):
                gwt_board.render_part(view, NAMES[:3], part)
    return texts


def test_the_board_is_drawn_in_the_active_language(monkeypatch):
    french = drawn_texts(monkeypatch, "fr")
    assert {"Parcours", "Voie ferrée", "Marché de l'emploi"} <= set(french)
    assert not {"Trail", "Railway", "Job market"} & set(french)
    assert any(t.startswith("force ") for t in french)


#: What the board shows as it is in every language: the players' names, the ids of the
#: board's places and tiles (GF1, b10, SM4, T31, job tiles G/C/M/F with "+"), the port
#: cities with their side, the breeds on objective cards.
IDS = re.compile(r"^([A-Z]{1,2}\d{0,2}\+?|b\d+|SM\d|T31)$")
PROPER = re.compile(r"(Le Havre|Rotterdam|Liverpool) [ab]|Caracu|Chaqueño|Serrano|"
                    r"Blanco Orejinegro|Franqueiro|Franq\.|Aberdeen-Angus|Angus")


def unmarked(text: str) -> str:
    inner = re.compile(r"⟦[^⟦⟧]*⟧")
    while (shorter := inner.sub("", text)) != text:
        text = shorter
    return text


def test_every_board_text_goes_through_a_catalogue(monkeypatch):
    """Under the pseudo-locale every translated text is wrapped in ⟦…⟧: what is left
    with letters is a name or an id, never an English word."""
    left = set()
    for text in drawn_texts(monkeypatch, PSEUDO):
        rest = PROPER.sub("", unmarked(text))
        for name in NAMES:
            rest = rest.replace(name, "")
        words = [w for w in re.split(r"[\s·,:;()/$×+-]+", rest) if any(c.isalpha() for c in w)]
        left |= {w for w in words if not IDS.match(w)}
    assert not left, sorted(left)
