"""The Great Western Trail: Argentina board image: every place a decision can
name is drawn, the pieces stand where the view puts them, a seated view adds the player's
board and hand, and decision images mark every legal place. The posted board
fits a phone's chat (at most twice as tall as wide) and the rest comes in parts."""

from __future__ import annotations

import itertools
import random

import pytest
from PIL import ImageDraw

from games import get_game
from games.gwt_argentina import GAME
from games.gwt_argentina.data.europe import port_city
from games.gwt_argentina.data.trail import ALL_SPACES
from renderer.colours import DISTINCT, delta_e
from renderer.gwt_argentina import board as gwt_board
from renderer.gwt_argentina import layers as gwt_layers
from renderer.gwt_argentina.board import table_names
from renderer.gwt_argentina.canvas import FARMER_FILL, FLOOR, PLAYER_FILL, Canvas
from renderer.gwt_argentina.market import MARKER
from renderer.gwt_argentina.players import hand_value
from renderer.gwt_argentina.trail import (
    BA_FILL,
    DISC_R,
    EMPTY_FILL,
    FARMLAND_FILL,
    NEUTRAL_FILL,
)
from testkit.samples import decision_marks, played

NAMES = ["Alice", "Bob", "Chen", "Dolores"]


def painted(view) -> Canvas:
    """Every section drawn on one canvas: the posted board and every part."""
    canvas, _ = gwt_board._paint(view, NAMES[:view["seats"]], gwt_board.SECTIONS)
    return canvas


def centre(box) -> tuple[int, int]:
    return round((box.left + box.right) / 2), round((box.top + box.bottom) / 2)


@pytest.mark.parametrize("seats", [2, 4])
def test_every_place_a_decision_can_name_has_a_box(seats):
    """NOTATION.md, "Places of options": trail spaces, job:r.c, forecast:A1, rail:…, ships,
    port district spaces."""
    view = GAME.view(played("gwt-argentina", seats)[0], None)
    places = painted(view).places
    wanted = set(ALL_SPACES) - {"START"}
    wanted |= {f"job:{r}.{c}" for r in range(1, 12) for c in range(1, 5)}
    wanted |= {f"forecast:{s}" for s in ("A1", "A2", "B1", "B2", "C1", "C2")}
    wanted |= {f"rail:{n}" for n in range(32)} | {"rail:depot"}
    wanted |= {f"rail:{s}" for s in view["board"]["stations"] if s.startswith("b")}
    wanted |= {ship["id"] for ship in view["board"]["ships"]}
    for city, port in view["board"]["ports"].items():
        wanted |= {s.id for d in port_city(city, port["side"]).districts for s in d.spaces}
    assert wanted - set(places) == set()


def test_every_option_place_met_in_a_whole_game_is_drawn():
    """Whatever ``Option.at`` the engine gives in a whole game, the board of that moment
    has its box (ships come and go: those are checked on the board of their decision)."""
    states = played("gwt-argentina", 3)
    places = set(painted(GAME.view(states[0], None)).places)
    met = 0
    for state in states:
        decision = GAME.pending(state)
        wanted = {o.at for o in decision.options if o.at} if decision else set()
        met += len(wanted)
        if wanted - places:
            assert wanted <= set(painted(GAME.view(state, None)).places), wanted - places
    assert met


def test_the_estancieros_stand_on_their_spaces_in_their_colours():
    states = played("gwt-argentina", 4)
    view = GAME.view(states[len(states) // 2], None)
    canvas = painted(view)
    alone = {}
    for player in view["players"]:
        alone.setdefault(player["estanciero"], []).append(player["seat"])
    checked = 0
    for player in view["players"]:
        space = player["estanciero"]
        if space in (None, "BA") or len(alone[space]) > 1:
            continue
        box = canvas.places[space]
        # the disc is drawn in the lower-left corner of the space (its letter in the middle):
        # its left part
        pixel = canvas.image.getpixel((round(box.left + 6), round(box.bottom - DISC_R - 4)))
        assert delta_e(pixel, PLAYER_FILL[player["seat"]]) < 5, space
        checked += 1
    assert checked


def test_the_job_marker_row_is_flagged():
    view = GAME.view(played("gwt-argentina", 2)[0], None)
    canvas = painted(view)
    row = view["board"]["job_marker_row"]
    box = canvas.places[f"job:{row + 1}.4"]
    # the flag shows under the last column of the marker's row
    assert delta_e(canvas.image.getpixel((round(box.left + 4), round(box.bottom + 8))),
                   MARKER) < 5


def test_the_players_are_apart_from_each_other_and_from_the_trail():
    grounds = [*FARMER_FILL.values(), EMPTY_FILL, FARMLAND_FILL, NEUTRAL_FILL, BA_FILL]
    for colour in PLAYER_FILL:
        for ground in grounds:
            assert delta_e(colour, ground) >= DISTINCT
    for a, b in itertools.combinations(PLAYER_FILL, 2):
        assert delta_e(a, b) >= DISTINCT


def test_the_player_boards_part_of_a_seated_view_shows_the_players_hand(monkeypatch):
    state = played("gwt-argentina", 3)[40]
    public = gwt_board.render(GAME.view(state, None), NAMES[:3])
    cards = []
    real = gwt_board.paint_seat_board.__globals__["paint_card"]

    def spy(canvas, x, y, card):
        cards.append(card)
        return real(canvas, x, y, card)

    monkeypatch.setitem(gwt_board.paint_seat_board.__globals__, "paint_card", spy)
    seated_view = GAME.view(state, 1)
    seated = gwt_board.render(seated_view, NAMES[:3])
    assert seated.size == public.size and seated.width == 800  # the same posted board
    assert cards == []
    boards = gwt_board.render_part(seated_view, NAMES[:3], "players")
    spectators = gwt_board.render_part(GAME.view(state, None), NAMES[:3], "players")
    assert boards is not None and spectators is not None
    assert boards.height > spectators.height
    assert cards == seated_view["private"]["hand"]


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_the_posted_board_and_every_part_fit_a_phone(seats):
    """« a posted board is at most twice as tall as it is wide » (800 × 2,946
    before); the market, the railway, the ships and ports and the players' boards come
    on demand, each as a part no taller either."""
    states = played("gwt-argentina", seats)
    assert [key for key, _name in gwt_board.parts(GAME.view(states[0], None), NAMES)] == [
        "market", "railway", "ships", "players"]
    for state in (states[0], states[len(states) // 2], states[-1]):
        for seat in (None, 0):
            view = GAME.view(state, seat)
            board = gwt_board.render(view, NAMES[:seats])
            assert board.width == 800 and board.height <= 2 * board.width, board.size
            for key, _name in gwt_board.parts(view, NAMES[:seats]):
                part = gwt_board.render_part(view, NAMES[:seats], key)
                assert part is not None and part.height <= 2 * part.width, (key, part.size)
    assert gwt_board.render_part(GAME.view(states[0], None), NAMES, "nowhere") is None


def test_the_objective_cards_are_shown_whole(monkeypatch):
    """« objective cards are cut off (`1 val-3 1 Franq. 1 bl…`) »: each card on
    display says its points, every condition and its action, nothing shortened."""
    texts = []
    real = Canvas.text

    def spy(self, xy, text, size=FLOOR, bold=False, fill=None, anchor="la", condensed=False,
            width=None):
        cut = width is not None and self.text_length(text, size, bold, condensed) > width
        texts.append((text, cut))
        return real(self, xy, text, size, bold, fill or "#000", anchor, condensed, width)

    monkeypatch.setattr(Canvas, "text", spy)
    monkeypatch.setattr(gwt_layers, "KEEP", False)  # every card drawn
    for seats in (2, 4):
        for state in played("gwt-argentina", seats)[::97]:
            gwt_board.render_part(GAME.view(state, None), NAMES[:seats], "market")
    cards = [(t, cut) for t, cut in texts if t.startswith(("Objective ", "at once: "))]
    assert len(cards) >= 8 and not [t for t, cut in texts if cut], [t for t, c in texts if c]


def test_the_hand_value_counts_each_breed_once():
    """« Chaque race ne compte qu'une seule fois » (valeur d'élevage de la main)."""
    # Niata 1 twice, Patagonico 2, Caracu 1, Aberdeen-Angus 5
    assert hand_value(["0:NI1", "0:NI2", "0:PA1", "CA1", "AA1", "EX", "OB03"]) == 9


def test_a_hire_decision_marks_every_worker_offered(monkeypatch):
    drawn = []
    real = gwt_board.draw_mark

    def spy(draw: ImageDraw.ImageDraw, centre, text, size):
        drawn.append(text)
        return real(draw, centre, text, size)

    monkeypatch.setattr(gwt_board, "draw_mark", spy)
    for state in played("gwt-argentina", 4):
        decision = GAME.pending(state)
        if decision and any((o.at or "").startswith("job:") for o in decision.options):
            break
    else:
        raise AssertionError("no hire in the sample game")
    marks = decision_marks(decision)
    image = gwt_board.render_decision(GAME.view(state, decision.seat), NAMES, marks)
    assert image is not None and image.width == 800 and image.height < 800
    assert sorted(drawn) == sorted(marks.values())


def test_a_decision_without_a_known_place_gives_no_image():
    view = GAME.view(played("gwt-argentina", 2)[0], None)
    assert gwt_board.render_decision(view, NAMES[:2], {"nowhere": "1"}) is None


def test_the_log_names_the_players():
    assert gwt_board.named("⟨seat 2⟩ moves to N3.", NAMES) == "Bob moves to N3."


def test_pedro_is_named_on_a_solo_board():
    """Pedro's turn is « shown on the board »; he holds no seat, so the
    front end passes one name and the board names the second player Pedro."""
    game = get_game("gwt-argentina")
    view = game.view(game.setup(1, game.parse_options({"difficulty": "easy"}), 3), None)
    assert table_names(view, ["Alice"]) == ["Alice", "Pedro"]
    two = game.view(game.setup(2, game.parse_options({}), 3), None)
    assert table_names(two, ["Alice", "Bob"]) == ["Alice", "Bob"]


def test_a_finished_solo_board_names_pedro_when_he_wins(monkeypatch):
    """« Vous gagnez si votre total de PV est supérieur à celui de Pedro » (solo chapter,
    end of the game): a finished solo board must not crown the player when Pedro is ahead."""
    state = GAME.setup(1, GAME.parse_options({"difficulty": "moderate"}), 7)
    rng = random.Random(1)
    while (decision := GAME.pending(state)) is not None:
        state = GAME.apply(state, decision.seat, rng.choice(decision.options).key).state
    you, pedro = GAME.scores(state)[0]["total"], GAME.pedro_scores(state)["total"]
    assert you < pedro  # random play against Pedro
    heads = []
    real = gwt_board.Canvas.text

    def spy(canvas, xy, text, *args, **kwargs):
        heads.append(text)
        return real(canvas, xy, text, *args, **kwargs)

    monkeypatch.setattr(gwt_board.Canvas, "text", spy)
    gwt_board.render(GAME.view(state, None), NAMES[:1])
    assert heads[0] == f"Game over — Pedro wins with {pedro} VP"
