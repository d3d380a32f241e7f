"""The view dict of Llama Land: everything the renderer and the messages are built from.

Llama Land has no secret (the order of the piles under their tops and of the character
deck is randomness nobody knows), so every seat and the spectators get the same view,
``view(state, seat)``; only ``"seat"`` differs. The shape is stable: keys may be added,
never renamed. Cell names are ``r<row>c<column>`` (NOTATION.md); rows and columns are
integers, the start board covers r1c1–r4c4 and an estate may grow to row 0 or below.

::

    {
      "game": "llama-land",
      "seat": 0 | None,                  # whose view (None: spectators)
      "variant": "standard" | "beginners" | "experts" | "llamas" | "experts+llamas",
      "seats": 3,
      "first": 0,                        # holds the shepherd's crook
      "current": 1,                      # whose turn (None once over)
      "turn": 7,                         # turn counter (Decision.turn)
      "phase": "tile",                   # state.Phase: side tile mode orient place effects
                                         # hut marker feed llama finish over
      "over": False,
      "end_triggered": False,            # last round being completed
      "players": [
        {
          "seat": 0,
          "board": 2, "side": "A" | None,   # start board dealt, side chosen
          "estate": {
            "first_row": 0, "first_col": -2,   # absolute row/column of rows[0][0]
            "rows": [                          # bounding box, top row first
              [None,                           # no terrain
               {"name": "r0c-1", "height": 2, "top": "c",   # top: notation letter
                "icon": "corn" | "cacao" | "potato" | "coin" | "hut" | None,
                "llama": False,
                "foundation": False,           # a foundation tile lies in this stack
                "changed": True,               # changed in this player's last turn
                "piece": 17 | None},           # tile on top (None: the start board)
               ...],
              ...],
            "text": "1- 2c ...",                # dump_estate (NOTATION.md)
          },
          "crops": {"corn": 3, "cacao": 0, "potato": 5},
          "coins": 2,
          "characters": [{"card": "merchant:corn", "kind": "merchant",
                          "crops": ["corn"], "title": "Merchant (corn)",
                          "used": False}],     # used this turn
          "llama_cards": [{"crop": "corn", "points": 12}],
          "llamas": 1,                         # llama tokens in the estate
          "foundations": 3,                    # foundation tiles left
          "markers": 4,                        # markers not on an objective
          "turns": 6,                          # turns played
          "last_turn": ["r3c4", ...],          # cells changed in their last turn
        }, ...],
      "piles": [{"shape": "P", "count": 11,
                 "top": {"tile": 3, "shape": "P", "icons": "-ckp-",
                         "cells": [[0, 0, "-"], [0, 1, "c"], ...]} | None}],
                                             # cells: [row, col, icon] of the top tile
                                             # as it lies in the pile (orientation 0)
      "tiles_left": 58,
      "characters": {"row": [character dicts as above without "used"], "deck": 25},
      "llama_columns": {"corn": [12, 11, 9], "cacao": [...], "potato": [...]},
                                             # values left, the next one taken first
      "supply": {"corn": 12, "cacao": 12, "potato": 12, "coins": 18, "llamas": 33},
      "objectives": [{"name": "hills", "colour": "blue" | "purple" | "gold",
                      "title": "Hills", "text": "at least 3 llamas on level 3",
                      "spaces": [{"points": 12, "seat": None | 0, "open": True}, ...]}],
                                             # top, middle, bottom; middle closed at 2
      "this_turn": {"pile": "P" | None, "mode": "extend" | "build" | None,
                    "tile": {...as a pile top...} | None,
                    "placed": ["r3c4", ...],   # cells of the tile placed this turn
                    "effects": ["c", "h"],     # effects still to collect
                    "fed": False},
      "start_faces": {"A": [["-", "p", ...], ...], "B": [...]} | None,
                                             # while "side" is asked: the two faces
                                             # (rows of icon letters) of the deciding
                                             # player's start board
      "scores": {"0": {"llamas": 0, "crops": 0, "coins": 0, "objectives": 0,
                       "total": 0}, ...},      # added by the engine
      "winners": [] | [0],                     # added by the engine once over
    }
"""

from __future__ import annotations

from typing import Any

from games.llama_land import data
from games.llama_land.deal import face_index
from games.llama_land.estate import Estate, cell_name, dump_estate
from games.llama_land.state import LlamaLandState, Player


def character_view(card: str) -> dict[str, Any]:
    kind, _, rest = card.partition(":")
    crops = rest.split("-") if rest else []
    title = data.KIND_TITLES[kind] + (f" ({' ↔ '.join(crops)})" if crops else "")
    return {"card": card, "kind": kind, "crops": crops, "title": title}


def tile_view(tile: int) -> dict[str, Any]:
    shape = data.tile_shape(tile)
    icons = data.tile_icons(tile)
    cells = [[r, c, icon] for (r, c), icon in zip(data.SHAPES[shape], icons, strict=True)]
    return {"tile": tile, "shape": shape, "icons": icons, "cells": cells}


#: The "icon" of a cell's view by its top: crops, coin and hut by name, else None.
TOP_ICONS = {top: None if top in (data.GRASS, data.LLAMA) else data.ICON_NAMES[top]
             for top in (data.GRASS, *data.ICONS, data.LLAMA)}


def estate_view(player: Player, highlight: set[str]) -> dict[str, Any]:
    estate: Estate = player.estate
    if not estate.cells:
        return {"first_row": 1, "first_col": 1, "rows": [], "text": ""}
    r0, c0, r1, c1 = estate.bounds()
    foundations, pieces = player.foundations, player.pieces
    rows: list[list[dict[str, Any] | None]] = [[None] * (c1 - c0 + 1) for _ in range(r1 - r0 + 1)]
    for (r, c), cell in estate.cells.items():
        name = cell_name((r, c))
        rows[r - r0][c - c0] = {
            "name": name, "height": cell.height, "top": cell.top, "icon": TOP_ICONS[cell.top],
            "llama": cell.top == data.LLAMA, "foundation": foundations.get(name, 0) > 0,
            "changed": name in highlight, "piece": pieces.get(name)}
    return {"first_row": r0, "first_col": c0, "rows": rows, "text": dump_estate(estate)}


def player_view(state: LlamaLandState, seat: int) -> dict[str, Any]:
    player = state.players[seat]
    in_turn = seat == state.current and not state.finished
    highlight = set(player.last_turn)
    return {
        "seat": seat,
        "board": player.board,
        "side": player.side,
        "estate": estate_view(player, highlight),
        "crops": dict(player.crops),
        "coins": player.coins,
        "characters": [
            {**character_view(ch.card), "used": in_turn and i in state.used}
            for i, ch in enumerate(player.characters)
        ],
        "llama_cards": [{"crop": card.crop, "points": card.points} for card in player.llama_cards],
        "llamas": len(player.estate.llamas()),
        "foundations": player.foundations_left,
        "markers": player.markers_left,
        "turns": player.turns,
        "last_turn": list(player.last_turn),
    }


def public_view(state: LlamaLandState, seat: int | None) -> dict[str, Any]:
    two = state.seats == 2
    start_faces = None
    if state.phase == "side":
        board = state.players[state.current].board
        start_faces = {
            side: [list(row) for row in data.START_FACES[face_index(board, side)].split(" / ")]
            for side in ("A", "B")
        }
    tile = tile_view(state.tile) if state.tile is not None else (
        tile_view(state.piles[state.pile][0]) if state.pile and state.piles.get(state.pile) else None)
    return {
        "game": "llama-land",
        "seat": seat,
        "variant": state.options.variant,
        "seats": state.seats,
        "first": state.first,
        "current": None if state.finished else state.current,
        "turn": state.turn,
        "phase": state.phase,
        "over": state.finished,
        "end_triggered": state.end_triggered,
        "players": [player_view(state, s) for s in range(state.seats)],
        "piles": [
            {"shape": shape, "count": len(pile), "top": tile_view(pile[0]) if pile else None}
            for shape, pile in state.piles.items()
        ],
        "tiles_left": state.tiles_left(),
        "characters": {"row": [character_view(card) for card in state.character_row],
                       "deck": len(state.character_deck)},
        "llama_columns": {crop: list(values) for crop, values in state.llama_columns.items()},
        "supply": {**state.supply_crops, "coins": state.supply_coins, "llamas": state.supply_llamas},
        "objectives": [
            {
                "name": o.name,
                "colour": o.colour,
                "title": data.OBJECTIVE_TITLES[o.name],
                "text": (data.GOLD_TEXT if o.colour == "gold" else data.OBJECTIVE_TEXT)[o.name],
                "spaces": [
                    {"points": points, "seat": marker, "open": not (two and i == 1)}
                    for i, (points, marker) in enumerate(zip(o.points, o.markers, strict=True))
                ],
            }
            for o in state.objectives
        ],
        "this_turn": {
            "pile": state.pile,
            "mode": state.mode,
            "tile": tile,
            "placed": list(state.placed),
            "effects": list(state.effects),
            "fed": state.fed,
        },
        "start_faces": start_faces,
    }


__all__ = ["cell_name", "public_view"]
