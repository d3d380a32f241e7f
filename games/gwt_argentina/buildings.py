"""What each building offers: its local actions as action codes (rulebook annex).

An action code is a short string that :mod:`games.gwt_argentina.actions` knows how to
describe, check and start, e.g. ``"discard:holando:2"`` (discard a Holando Argentino for
2 pesos), ``"hire:2"`` (hire at +2), ``"loco:maq"`` (locomotive up to the maquinistas).
"""

from __future__ import annotations

from games.gwt_argentina import tables as T
from games.gwt_argentina.state import GwtState
from games.gwt_argentina.trail import building_number, building_side

NEUTRAL_ACTIONS: dict[str, list[str]] = {
    "A": ["discard:holando:2", "hire:0", "hire:2"],
    "B": ["discard:patagonico:2", "build:2"],
    "C": ["objective", "aux:1", "loco:1"],
    "D": ["pair:2", "loco:maq"],
    "E": ["discard:fronterizo:2", "buy"],
    "F": ["cert:1", "help:0"],
    "G": ["loco:maq", "aux:2"],
    "H": ["grain:granjeros", "exh_or_aux"],
}

PRIVATE_ACTIONS: dict[str, list[str]] = {
    "1a": ["grain:farmland"],
    "2a": ["aux:2", "move:1"],
    "3a": ["token", "help:3"],
    "4a": ["drawdiscard:gauchos", "cert:2"],
    "5a": ["grain:2", "quay:RT:W"],
    "6a": ["hire:-1", "loco:maq"],
    "7a": ["grainloco", "move:3"],
    "8a": ["grain:1", "quay:LV:B"],
    "9a": ["cert:3", "move:3"],
    "10a": ["grain:5", "pesos:5", "loco:3"],
    "1b": ["pesos:farmland"],
    "2b": ["pesos:granjeros", "move:1"],
    "3b": ["cert2_or_obj"],
    "4b": ["cert:farmerpairs", "grain:2"],
    "5b": ["pesos:sets", "aux:2"],
    "6b": ["grain:3", "pesos:3", "delivery"],
    "7b": ["exhaust_others", "move:3"],
    "8b": ["cert:2", "help:6"],
    "9b": ["hire:-4", "move:5"],
    "10b": ["pesos:3", "swap_market"],
}


def location_actions(state: GwtState, space: str) -> list[str]:
    """The local actions of the building on ``space`` (its owner's or a neutral one),
    with the special action printed on the space for a private building (p. 8)."""
    tile = state.board.trail[space]
    if ":" not in tile:
        return list(NEUTRAL_ACTIONS[tile])
    code = f"{building_number(tile)}{building_side(state, tile)}"
    actions = list(PRIVATE_ACTIONS[code])
    if space in T.SPACE_ACTIONS:
        actions.append(f"space:{T.SPACE_ACTIONS[space]}")
    return actions
