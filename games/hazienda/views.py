"""The view dict the renderer and the messages are built from (hazienda_shared.md, C)."""

from __future__ import annotations

from typing import Any

from games.hazienda.board import markets_reached
from games.hazienda.rules import ACTIONS_PER_TURN, CATEGORIES
from games.hazienda.state import HaziendaState


def public_view(state: HaziendaState) -> dict[str, Any]:
    """Everything anybody may see; hands only by size."""
    view = {
        "game": "hazienda",
        "map": state.options.map if state.map_text is None else "custom",
        "variant1": state.options.variant1,
        "variant2": state.options.variant2,
        "colours": [p.colour for p in state.players],
        "lands": dict(state.lands),
        "animals": {c: {"colour": a.colour, "species": a.species} for c, a in state.animals.items()},
        "ponds": [{"id": p.id, "coords": list(p.coords), "size": len(p.coords)} for p in state.ponds],
        "haciendas": list(state.haciendas),
        "harvest": list(state.harvest),
        "players": [
            {
                "seat": seat,
                "colour": p.colour,
                "money": p.money,
                "hand_size": p.hand_size(),
                "markets": markets_reached(state, p.colour),
                "score": sum(p.track.get(c, 0) for c in CATEGORIES),
            }
            for seat, p in enumerate(state.players)
        ],
        "face_up": {"land": list(state.land_face_up), "animal": list(state.animal_face_up)},
        "piles": {
            "land_deck": len(state.land_deck),
            "land_discard": len(state.land_discard),
            "animal_deck": len(state.animal_deck),
            "animal_second_pile": len(state.animal_second),
            "second_pile_in_use": state.second_pile_in_use,
            "haciendas": state.haciendas_stock,
            "harvest": state.harvest_stock,
            "ponds": {str(size): n for size, n in sorted(state.ponds_stock.items())},
        },
        "turn": {
            "seat": state.current,
            "actions_left": ACTIONS_PER_TURN - state.actions_used,
            "phase": state.phase,
            "pond_cells": list(state.pond_cells),
            # the spaces changed so far in this turn (by the seat to play)
            "changed": list(state.changed),
        },
        "last_turn": list(state.last_turn),
        "last_turn_seat": last_turn_seat(state),
        "scorings": list(state.scorings),
        "over": state.finished,
    }
    if state.map_text is not None:
        # A scenario board has no map file: the renderer draws it from its text.
        view["map_text"] = state.map_text
    return view


def last_turn_seat(state: HaziendaState) -> int | None:
    """Who played the turn whose changes ``last_turn`` lists (None before any).

    ``end_turn`` passes the turn to the next seat, except at the end of the game.
    """
    if not state.last_turn:
        return None
    return state.current if state.finished else (state.current - 1) % state.seats


def seat_view(state: HaziendaState, seat: int) -> dict[str, Any]:
    player = state.players[seat]
    return {"seat": seat, "hand": {"land": dict(sorted(player.lands.items())),
                                   "animal": dict(sorted(player.animals.items()))}}
