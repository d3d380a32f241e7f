"""The view dict (games/llama_land/views.py) keeps its documented shape."""

from __future__ import annotations

import json

from games.llama_land import GAME, dump_estate
from tests.games.llama_land.helpers import keys, play, started

TOP_KEYS = {
    "game", "seat", "variant", "seats", "first", "current", "turn", "phase", "over",
    "end_triggered", "players", "piles", "tiles_left", "characters", "llama_columns",
    "supply", "objectives", "this_turn", "start_faces", "scores", "winners",
}
PLAYER_KEYS = {
    "seat", "board", "side", "estate", "crops", "coins", "characters", "llama_cards",
    "llamas", "foundations", "markers", "turns", "last_turn",
}
CELL_KEYS = {"name", "height", "top", "icon", "llama", "foundation", "changed", "piece"}


def test_view_shape_and_last_turn_cells():
    state = started(3)
    seat = state.current
    state = play(state, "pile:P", "extend")
    place = GAME.pending(state).options[0]
    while not place.key.startswith("x:"):  # the rotation (and side) first
        state = play(state, place.key)
        place = GAME.pending(state).options[0]
    state = play(state, place.key)
    while state.current == seat:
        state = play(state, keys(state)[-1])
    view = GAME.view(state, seat)
    json.dumps(view)
    assert set(view) == TOP_KEYS
    me = view["players"][seat]
    assert set(me) == PLAYER_KEYS
    estate = me["estate"]
    assert estate["text"] == dump_estate(state.players[seat].estate)
    cells = [c for row in estate["rows"] for c in row if c is not None]
    assert all(set(c) == CELL_KEYS for c in cells)
    assert sorted(me["last_turn"]) == sorted(place.at.split())
    assert {c["name"] for c in cells if c["changed"]} == set(place.at.split())
    # the tile just placed is one piece on its five cells; the start board has none, so a
    # phone can see where one tile ends (a build may not sit exactly on one tile)
    placed = {c["piece"] for c in cells if c["name"] in place.at.split()}
    assert len(placed) == 1 and None not in placed
    assert all(c["piece"] is None for c in cells if c["name"] not in place.at.split())
    first = estate["rows"][0][0] or next(c for c in estate["rows"][0] if c)
    assert first["name"].startswith(f"r{estate['first_row']}c")
    assert len(view["piles"]) == 5 and all(set(p) == {"shape", "count", "top"} for p in view["piles"])
    assert view["supply"]["llamas"] == 33
    assert [len(o["spaces"]) for o in view["objectives"]] == [3] * 7
    assert view["start_faces"] is None


def test_side_phase_shows_both_faces():
    state = GAME.setup(2, GAME.parse_options(None), 1)
    faces = GAME.view(state, None)["start_faces"]
    assert set(faces) == {"A", "B"} and len(faces["A"]) == 4 and len(faces["A"][0]) == 4
