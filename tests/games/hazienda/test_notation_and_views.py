"""Scenario notation, the view dict and hidden information."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import games.hazienda
from games.ai import choose_random
from games.hazienda import GAME
from games.hazienda.notation import NotationError, dump_scenario, load_scenario
from games.rng import Rng
from tests.games.hazienda.helpers import SMALL, run, scenario


def midgame(seats: int, options: dict, moves: int, seed: int = 9):
    state = GAME.setup(seats, GAME.parse_options(options), seed)
    rng = Rng.from_seed(seed)
    for _ in range(moves):
        decision = GAME.pending(state)
        state = GAME.apply(state, decision.seat, choose_random(GAME, state, decision.seat, rng)).state
    return state


@pytest.mark.parametrize("options", [{}, {"map": "asymmetric", "variant1": True, "variant2": True}])
def test_dump_and_load_give_back_the_state(options):
    state = midgame(3, options, 60)
    while state.phase != "main":
        state = GAME.apply(state, state.current, GAME.pending(state).options[0].key).state
    back = load_scenario(dump_scenario(state))
    assert back.model_dump(exclude={"scorings"}) == state.model_dump(exclude={"scorings"})
    assert dump_scenario(back) == dump_scenario(state)


def test_scenario_defaults_and_stock():
    state = scenario("players: red blue yellow\nhacienda: A1\nland: red A1 A2\npond: E1 E2")
    assert [p.money for p in state.players] == [20, 20, 20]
    assert state.haciendas_stock == 7 - 1
    assert state.ponds_stock == {1: 8, 2: 3, 3: 3, 4: 2}
    assert [p.coords for p in state.ponds] == [("F7",), ("E1", "E2")]


@pytest.mark.parametrize("body, message", [
    ("players: red pink", "unknown colour"),
    ("players: red blue\nland: green A1", "no player has the colour"),
    ("players: red blue\nland: red Z9", "not a space"),
    ("players: red blue\nhand: red dragon", "unknown card"),
    ("players: red blue\nwhatever: 1", "unknown key"),
    ("players: red blue\nanimal: red unicorn A1", "unknown species"),
])
def test_scenario_errors(body, message):
    with pytest.raises(NotationError, match=message):
        scenario(body)


def test_grid_block_needs_its_end():
    with pytest.raises(NotationError, match="without its closing"):
        load_scenario("grid:\nPa Pa\nplayers: red blue")


def test_view_follows_the_shared_format():
    state = scenario("""
        players: red blue
        land: red C7 C8
        animal: blue pig D8
        hacienda: C7
        harvest: C8
        hand: red forest*2 pig
        hand: blue sheep
    """)
    view = GAME.view(state, 0)
    json.dumps(view)
    assert view["lands"] == {"C7": "red", "C8": "red"}
    assert view["animals"] == {"D8": {"colour": "blue", "species": "pig"}}
    assert view["ponds"] == [{"id": 0, "coords": ["F7"], "size": 1}]
    assert view["haciendas"] == ["C7"] and view["harvest"] == ["C8"]
    assert view["players"][0] == {
        "seat": 0, "colour": "red", "money": 20, "hand_size": 3, "markets": [], "score": 0}
    assert view["private"] == {"seat": 0, "hand": {"land": {"forest": 2}, "animal": {"pig": 1}}}
    assert GAME.view(state, None)["private"] is None
    assert GAME.view(state, 1)["private"]["hand"] == {"land": {}, "animal": {"sheep": 1}}
    assert set(view) >= {"game", "map", "variant1", "variant2", "colours", "face_up", "piles",
                         "turn", "last_turn", "scores", "scorings", "over", "winners"}
    assert view["scores"]["0"]["haciendas"] == 2


def test_last_turn_lists_the_changed_spaces():
    state = scenario("players: red blue\nhand: red pig\nland: red A1 A2")
    state, _ = run(state, "play:animal:pig", "place:B1", "harvest", "place:A1", "end")
    assert GAME.view(state, None)["last_turn"] == ["B1", "A1"]


def test_no_view_shows_another_seats_hand():
    """Hands are secret ("private" only in the seat's own view); sizes are public."""
    state = midgame(4, {}, 40)
    for seat in range(4):
        view = GAME.view(state, seat)
        assert view["private"]["seat"] == seat
        others = [GAME.view(state, s) for s in range(4) if s != seat] + [GAME.view(state, None)]
        for other in others:
            assert other["private"] is None or other["private"]["seat"] != seat
        assert view["players"][seat]["hand_size"] == state.players[seat].hand_size()


def test_determinize_keeps_what_is_public():
    """Computer players re-deal what they cannot know: the decks, the set-aside and
    removed animal cards, the others' hands — but not cards seen taken face up."""
    state = scenario("""
        players: red blue yellow
        hand: red forest pig
        hand: blue meadow*2 sheep horse
        known: blue meadow horse
        hand: yellow stone cattle
        deck: land 20
        deck: animal 6
        deck: second 6
        deck: removed 10
    """, SMALL)
    for probe in range(20):
        world = GAME.determinize(state, 0, Rng.from_seed(probe))
        assert world.players[0].lands == {"forest": 1} and world.players[0].animals == {"pig": 1}
        blue = world.players[1]
        assert blue.lands.get("meadow", 0) >= 1 and blue.animals.get("horse", 0) >= 1
        assert sum(blue.lands.values()) == 2 and sum(blue.animals.values()) == 2
        for pile in ("land_deck", "animal_deck", "animal_second", "animal_removed"):
            assert len(getattr(world, pile)) == len(getattr(state, pile))
        assert GAME.view(world, 0) == GAME.view(state, 0)
        assert GAME.view(world, None) == GAME.view(state, None)
    worlds = {json.dumps(GAME.determinize(state, 0, Rng.from_seed(p)).players[2].lands) for p in range(20)}
    assert len(worlds) > 1


def test_playing_a_known_card_makes_it_unknown_again():
    state = scenario("players: red blue\nhand: red pig*2\nknown: red pig\nland: red A1")
    state, _ = run(state, "play:animal:pig", "place:A2")
    assert state.players[0].known_animals == {}
    assert state.players[0].animals == {"pig": 1}


def test_the_example_in_notation_md_loads():
    doc = (Path(games.hazienda.__file__).parent / "NOTATION.md").read_text(encoding="utf-8")
    example = doc.split("```text\n", 1)[1].split("```", 1)[0]
    state = load_scenario(example)
    assert state.players[0].colour == "blue" and state.players[1].money == 12
    state, _ = run(state, "play:animal:pig", "place:D2", "play:animal:pig", "place:C3")
    assert state.players[0].money == 25


def test_a_scenario_board_can_be_drawn():
    """A scenario's inline board has no map file: its view carries the map text, so the
    board image of a bug report's scenario can be drawn like any other."""
    from renderer import render_png

    state = scenario("players: red blue\nland: red A7 A8\nanimal: blue pig B3")
    view = GAME.view(state, None)
    assert view["map"] == "custom" and view["map_text"] == state.map_text
    png = render_png("hazienda", view, [f"P{i}" for i in range(state.seats)])
    assert png.startswith(b"\x89PNG")
